// The pages of /rules: one page per lesson of a game (src/engine/*/lessons.ts),
// in the engine's reading order. A page is an embed (title, the catalogue's
// paragraphs, what the picture shows, the rule ids the lesson covers) with
// the lesson's real position drawn by the bot's renderer, which highlights
// the last move. The private page turns with Previous / Next and a topic
// menu, and can be posted in the channel; the public copy offers to read the
// lesson privately. Refusals that cite a rule carry a Why? button to its page.
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  StringSelectMenuBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import { getGame, isGameId, type GameId, type Lesson } from '../../engine/index.js';
import { topicOfRule } from '../../engine/lessons.js';
import { replay } from '../../engine/replay.js';
import type { Locale } from '../../i18n/catalogue.js';
import type { Msg } from '../../i18n/msg.js';
import { titleMsg } from '../../match/describe.js';
import type { CommandContext } from './command.js';
import { encodeCustomId, MAX_LIST_PAGE } from './custom-id.js';
import type { MessagePayload, Row } from './posts.js';
import { clipText, t, text } from './text.js';

/** Discord's limits: a select offers at most 25 options; labels of 100 characters. */
const MAX_OPTIONS = 25;
const COLOR = 0xe67e22;

/** The lessons of a game, or [] for an id that is not a registered game (custom ids are untrusted). */
export const lessonsFor = (game: string): readonly Lesson[] =>
  isGameId(game) ? getGame(game).lessons.slice(0, MAX_LIST_PAGE + 1) : [];

/** The lesson at a page, or null. */
export const lessonAt = (game: string, page: number): Lesson | null => lessonsFor(game)[page] ?? null;

/** The page explaining a rule id as refusals cite it ('EX-13d' → exxit, the dance page), or null. */
export function pageOfRule(rule: string): { game: GameId; page: number } | null {
  const where = topicOfRule(rule);
  if (!where) return null;
  const page = lessonsFor(where.game).findIndex((l) => l.topic === where.topic);
  return page < 0 ? null : { game: where.game, page };
}

/** A topic's words: `rules.<game>.<topic>.<part>`. */
export const topicMsg = (game: GameId, topic: string, part: 'name' | 'title' | 'body' | 'picture'): Msg => ({
  key: `rules.${game}.${topic}.${part}`,
});

/** The last position of each lesson, replayed once (lessons are frozen data). */
const positions = new Map<string, unknown>();

function positionOf(ctx: CommandContext, game: GameId, lesson: Lesson): unknown {
  const key = `${game}\u0000${lesson.topic}`;
  if (positions.has(key)) return positions.get(key);
  const r = replay(getGame(game), lesson.setup, lesson.moves);
  // test/engine/lessons.test.ts replays every lesson: a failure here is a bug, shown as a page without its picture.
  const state = r.ok ? r.states[r.states.length - 1] : undefined;
  if (!r.ok) ctx.log.error({ game, topic: lesson.topic, rule: r.error.rule }, 'lesson does not replay');
  positions.set(key, state);
  return state;
}

async function picture(
  ctx: CommandContext,
  locale: Locale,
  game: GameId,
  lesson: Lesson,
): Promise<AttachmentBuilder | null> {
  const state = positionOf(ctx, game, lesson);
  if (state === undefined) return null;
  try {
    const png = await ctx.render(game, state, {
      players: [t(locale, 'rules.players.first'), t(locale, 'rules.players.second')],
      locale,
    });
    const topic = topicMsg(game, lesson.topic, 'name');
    return new AttachmentBuilder(png, {
      name: `rules-${game}-${lesson.topic}.png`,
      description: clipText(t(locale, 'rules.page.altText', { game: titleMsg(game), topic }, { mode: 'plain' }), 1024),
    });
  } catch (e) {
    // The words still teach without the picture.
    ctx.log.error({ err: e, game, topic: lesson.topic }, 'lesson render failed');
    return null;
  }
}

const rulesButton = (game: GameId, page: number, action: 'open' | 'page' | 'post', label: string, style: ButtonStyle) =>
  new ButtonBuilder()
    .setCustomId(encodeCustomId({ kind: 'rules', game, page, action }))
    .setLabel(clipText(label, 80))
    .setStyle(style);

/** Previous / Next / Post in the channel, then the topic menu. */
function privateRows(locale: Locale, game: GameId, page: number, lessons: readonly Lesson[]): Row[] {
  const row = new ActionRowBuilder<MessageActionRowComponentBuilder>();
  const last = lessons.length - 1;
  if (last > 0) {
    // A disabled button still needs an id of its own: the page it stands on is unique on the message.
    row.addComponents(
      rulesButton(
        game,
        Math.max(0, page - 1),
        'page',
        t(locale, 'rules.button.previous'),
        ButtonStyle.Secondary,
      ).setDisabled(page === 0),
      rulesButton(
        game,
        Math.min(last, page + 1),
        'page',
        t(locale, 'rules.button.next'),
        ButtonStyle.Primary,
      ).setDisabled(page === last),
    );
  }
  row.addComponents(rulesButton(game, page, 'post', t(locale, 'rules.button.post'), ButtonStyle.Secondary));
  const rows: Row[] = [row];
  if (last > 0) {
    const menu = new StringSelectMenuBuilder()
      .setCustomId(encodeCustomId({ kind: 'rules', game, page, action: 'jump' }))
      .setPlaceholder(clipText(t(locale, 'rules.select'), 150))
      .addOptions(
        lessons.slice(0, MAX_OPTIONS).map((l, k) => ({
          label: clipText(`${k + 1}. ${text(locale, topicMsg(game, l.topic, 'name'))}`, 100),
          value: String(k),
          default: k === page,
        })),
      );
    rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(menu));
  }
  return rows;
}

export interface PageView {
  /** 'private': the reader's page, with its buttons; 'public': a copy posted in the channel by `sharedBy`. */
  view: 'private' | 'public';
  sharedBy?: string;
}

/** The page of a game's lesson (the caller checked that it exists: lessonAt). */
export async function lessonPayload(
  ctx: CommandContext,
  locale: Locale,
  game: GameId,
  page: number,
  how: PageView,
): Promise<MessagePayload> {
  const lessons = lessonsFor(game);
  const lesson = lessons[page];
  const description = [
    text(locale, topicMsg(game, lesson.topic, 'body')),
    t(locale, 'rules.page.picture', { text: topicMsg(game, lesson.topic, 'picture') }),
    t(locale, 'rules.page.rulesLine', { rules: { list: lesson.rules.map((r) => ({ code: r })) } }),
  ].join('\n\n');
  const embed = new EmbedBuilder()
    .setColor(COLOR)
    .setTitle(
      clipText(
        t(locale, 'rules.page.title', { game: titleMsg(game), topic: topicMsg(game, lesson.topic, 'title') }),
        256,
      ),
    )
    .setDescription(clipText(description, 4096))
    .setFooter({ text: clipText(t(locale, 'rules.page.footer', { n: page + 1, count: lessons.length }), 2048) });
  const file = await picture(ctx, locale, game, lesson);
  if (file) embed.setImage(`attachment://${file.name}`);
  const files = file ? [file] : [];
  if (how.view === 'private') {
    return {
      content: '',
      embeds: [embed],
      files,
      components: privateRows(locale, game, page, lessons),
      allowedMentions: { parse: [] },
    };
  }
  const read = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    rulesButton(game, page, 'open', t(locale, 'rules.button.read'), ButtonStyle.Primary),
  );
  const content = how.sharedBy
    ? t(locale, 'rules.page.shared', { user: { user: how.sharedBy }, game: titleMsg(game) })
    : '';
  // The mention names who shared the page without pinging them.
  return { content, embeds: [embed], files, components: [read], allowedMentions: { parse: [] } };
}

/** The Why? button of a refusal citing `rule`, when a page explains it; [] otherwise. */
export function whyRows(locale: Locale, rule: string | undefined): Row[] {
  const where = rule ? pageOfRule(rule) : null;
  if (!where) return [];
  return [
    new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      rulesButton(where.game, where.page, 'open', t(locale, 'rules.button.why'), ButtonStyle.Secondary),
    ),
  ];
}

/** Buttons opening the first page of each game's lesson privately (/help). */
export function openRulesRow(locale: Locale, games: readonly GameId[]): Row[] {
  const shown = games.filter((g) => lessonsFor(g).length > 0).slice(0, 5);
  if (shown.length === 0) return [];
  return [
    new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      shown.map((g) =>
        rulesButton(g, 0, 'open', t(locale, 'rules.button.openGame', { game: titleMsg(g) }), ButtonStyle.Primary),
      ),
    ),
  ];
}
