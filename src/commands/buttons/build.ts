// The Move button and the private move builder it opens: select menus that
// offer only legal choices, step by step (src/match/menu.ts), then a preview
// of the position after the chosen move with Confirm and Back. Everything a
// click needs is in its custom id (the game, the moves played when it was
// drawn, the choices so far): nothing is kept between clicks, so a restart
// never breaks an open builder. Confirm plays like /move, and the board is
// posted in the game's channel (in reply mode, a public follow-up of Confirm).
// The Move button itself is drawn on the game's post (kit/posts.ts moveRow).
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  StringSelectMenuBuilder,
  type ButtonInteraction,
  type MessageActionRowComponentBuilder,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { Locale } from '../../i18n/catalogue.js';
import type { Msg } from '../../i18n/msg.js';
import {
  builderScreen,
  CODE_RE,
  confirmBuilt,
  gameBuilder,
  isRefusal,
  MAX_STEPS,
  PATH_SEP,
  refuse,
  sideMsg,
  titleMsg,
  answerPractice,
  chosenMove,
  practiceBuilder,
  type BuilderAt,
  type BuilderPosition,
  type BuilderScreen,
  type BuilderSource,
} from '../../match/index.js';
import { MENUS } from '../../match/menu.js';
import { defineButton, type CommandContext, type Reply } from '../kit/command.js';
import { answerPayload, practiceExtras, type BuilderExtras } from '../kit/practice-card.js';
import { codes, COUNT_RE, encodeCustomId, isCount, isRef } from '../kit/custom-id.js';
import type { CustomId } from './index.js';
import type { MessagePayload, Row } from '../kit/posts.js';
import { userLocale } from '../kit/locale.js';
import { liveInteractionRef } from '../kit/interaction-ref.js';
import { clipText, t, text } from '../kit/text.js';

/**
 * `at` is the number of moves played when the builder was drawn — the position it offers moves for (the record's
 * version also moves on reminders and draw offers); after a takeback, the model's positionMark of that count; in a
 * practice session (kind practiceBuild, `gameId` the session's id) the session's version. `path` the menu choices so
 * far (codes of src/match/menu.ts); `menu` which select menu of the view.
 */
type BuildKind = 'build' | 'practiceBuild';
type BuildIdOf<K extends BuildKind> =
  | { kind: K; gameId: string; at: number; action: 'open' | 'view' | 'confirm'; path: string[] }
  | { kind: K; gameId: string; at: number; action: 'select'; menu: number; path: string[] };
type BuildId = BuildIdOf<BuildKind>;
/** Either kind's id (TypeScript does not spread the kind over the union of CustomId by itself). */
const encodeBuild = (id: BuildId): string => encodeCustomId(id as CustomId);
const actions = codes({ open: 'o', view: 'v', confirm: 'c' } as const);
const SELECT_RE = new RegExp(`^s([0-${MENUS - 1}])$`);
const validPath = (path: readonly string[]): boolean => path.length <= MAX_STEPS && path.every((c) => CODE_RE.test(c));

/** Refusals after which this builder can do nothing more: it is redrawn as that note, without its menus. */
const CLOSING = new Set<string>([
  'builder.stale',
  'builder.gone',
  'builder.nothing',
  'game.over',
  'game.gone',
  'move.stale',
  'move.conflict',
  'practice.stale',
  'practice.over',
  'practice.answered',
  'practice.none',
  'practice.damaged',
]);

/** The codes a select menu's choice adds (untrusted: the value comes back from the client). */
function chosen(i: ButtonInteraction | StringSelectMenuInteraction, path: readonly string[]): string[] {
  if (!i.isStringSelectMenu() || i.values.length !== 1) return refuse('common.badButton');
  const codes = i.values[0].split(PATH_SEP);
  if (path.length + codes.length > MAX_STEPS || !codes.every((c) => CODE_RE.test(c))) return refuse('builder.gone');
  return [...path, ...codes];
}

/**
 * The preview's board, in the reader's language like the rest of the private screen; a renderer failure costs the
 * picture, not the preview.
 */
async function previewPng(ctx: CommandContext, s: BuilderScreen, locale: Locale): Promise<Buffer | null> {
  if (s.view.kind !== 'move' || !('after' in s)) return null;
  try {
    return await ctx.render(s.pos.gameId, s.after, { players: s.pos.players, locale });
  } catch (e) {
    ctx.log.error({ err: e, ref: s.pos.ref }, 'preview render failed');
    return null;
  }
}

const row = (...c: MessageActionRowComponentBuilder[]): Row =>
  new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(...c);
const plain = (locale: Locale, m: Msg, max: number): string => clipText(text(locale, m, { mode: 'plain' }), max);

function button(locale: Locale, id: BuildId, label: Msg, style: ButtonStyle): ButtonBuilder {
  return new ButtonBuilder()
    .setCustomId(encodeBuild(id))
    .setLabel(plain(locale, label, 80))
    .setStyle(style);
}

const NO_EXTRAS: BuilderExtras = { head: [], files: [], buttons: [] };

/** A builder's screen: its menus or its preview, with what its kind adds (a practice position's question, Skip, Done). */
export function screenPayload(
  locale: Locale,
  kind: BuildKind,
  s: BuilderScreen,
  png: Buffer | null,
  extras: BuilderExtras = NO_EXTRAS,
): MessagePayload {
  const pos = s.pos;
  const base = { kind, gameId: pos.ref, at: pos.at };
  const back = s.view.back
    ? button(
        locale,
        { ...base, action: 'view', path: s.view.back },
        { key: 'builder.button.back' },
        ButtonStyle.Secondary,
      )
    : null;
  if (s.view.kind === 'move') {
    const v = s.view;
    const files = png
      ? [
          new AttachmentBuilder(png, {
            name: `${pos.gameId}-${pos.ref}-preview.png`,
            description: plain(
              locale,
              { key: 'builder.previewAlt', params: { game: titleMsg(pos.gameId), move: v.typed } },
              1024,
            ),
          }),
        ]
      : [];
    const confirm = button(
      locale,
      { ...base, action: 'confirm', path: v.path },
      { key: 'builder.button.confirm' },
      ButtonStyle.Success,
    );
    return {
      content: clipText([...extras.head, t(locale, 'builder.preview', { label: v.label, move: v.typed })].join('\n')),
      files,
      attachments: [],
      components: [row(confirm, ...(back ? [back] : []), ...extras.buttons)],
      allowedMentions: { parse: [] },
    };
  }
  const v = s.view;
  const lines = [...extras.head, t(locale, 'builder.header', { side: sideMsg(pos.gameId, pos.side) })];
  if (v.trail.length)
    lines.push(t(locale, 'builder.trail', { steps: v.trail.map((m) => text(locale, m)).join(' › ') }));
  if (v.hidden) lines.push(t(locale, 'builder.hidden', { n: v.hidden }));
  const components = v.menus.map((m, k) =>
    row(
      new StringSelectMenuBuilder()
        .setCustomId(encodeBuild({ ...base, action: 'select', menu: k, path: v.path }))
        .setPlaceholder(plain(locale, m.placeholder, 150))
        .addOptions(
          m.options.map((o) => ({
            label: plain(locale, o.label, 100),
            value: o.value,
            description: plain(locale, o.description, 100),
          })),
        ),
    ),
  );
  const buttons = [...(back ? [back] : []), ...extras.buttons];
  if (buttons.length) components.push(row(...buttons));
  // Back from the preview: its picture goes (a practice position shows the position instead).
  return {
    content: clipText(lines.join('\n')),
    files: extras.files,
    attachments: [],
    components,
    allowedMentions: { parse: [] },
  };
}

const closedPayload = (locale: Locale, note: Msg): MessagePayload => ({
  content: clipText(text(locale, note)),
  files: [],
  attachments: [],
  components: [],
  allowedMentions: { parse: [] },
});

/** What differs between the builders: where the position comes from, what the screen adds, what Confirm does. */
interface BuilderSpec<K extends BuildKind> {
  kind: K;
  prefix: string;
  source: BuilderSource;
  extras?(ctx: CommandContext, locale: Locale, pos: BuilderPosition, menus: boolean): Promise<BuilderExtras>;
  /**
   * A refused Confirm (a double click's second, a stale screen) is told privately and leaves the screen as it is:
   * the winner's redraw may already be there (a practice verdict, whose Next must stay). Absent: the screen closes.
   */
  keepScreenOnRefusedConfirm?: boolean;
  confirm(
    ctx: CommandContext,
    i: ButtonInteraction | StringSelectMenuInteraction,
    where: BuilderAt,
    path: string[],
  ): Promise<Reply>;
}

/** A screen with its preview picture and its kind's extras, drawn in the reader's language. */
export async function drawScreen(
  ctx: CommandContext,
  spec: Pick<BuilderSpec<BuildKind>, 'kind' | 'extras'>,
  s: BuilderScreen,
  locale: Locale,
): Promise<MessagePayload> {
  const [png, extras] = await Promise.all([
    previewPng(ctx, s, locale),
    spec.extras ? spec.extras(ctx, locale, s.pos, s.view.kind === 'menus') : NO_EXTRAS,
  ]);
  return screenPayload(locale, spec.kind, s, png, extras);
}

function defineBuilder<K extends BuildKind>(spec: BuilderSpec<K>) {
  return defineButton<BuildIdOf<K>>({
    id: {
      kind: spec.kind,
      prefix: spec.prefix,
      fields: 4,
      encode: (id) => {
        if (!(isRef(id.gameId) && isCount(id.at) && validPath(id.path))) throw new Error('custom id: bad builder id');
        if (id.action === 'open' && id.path.length > 0) throw new Error('custom id: the builder opens at the start');
        if (id.action === 'select' && !SELECT_RE.test(`s${id.menu}`)) throw new Error('custom id: bad menu');
        const action = id.action === 'select' ? `s${id.menu}` : actions.write(id.action);
        return [id.gameId, String(id.at), action, id.path.join(PATH_SEP)];
      },
      decode: ([ref, at, code, pathText]) => {
        const path = pathText === '' ? [] : pathText.split(PATH_SEP);
        if (!isRef(ref) || !COUNT_RE.test(at) || !validPath(path)) return null;
        const base = { kind: spec.kind, gameId: ref, at: Number(at), path };
        const menu = SELECT_RE.exec(code);
        if (menu) return { ...base, action: 'select', menu: Number(menu[1]) };
        const action = actions.read(code);
        return action && (action !== 'open' || path.length === 0) ? { ...base, action } : null;
      },
      target: (id) => id.gameId,
    },
    // Open answers with a new private message; every later click redraws it.
    ack: (id) => (id.action === 'open' ? 'ephemeral' : 'update'),
    async handle(ctx, i, id) {
      const where = { gameId: id.gameId, at: id.at };
      // Only Move (on the public post) opens a builder; every later step lives on the private builder. A step
      // forged onto a public message would redraw that message for everyone (and Confirm would replace the board).
      if (id.action !== 'open' && !i.message.flags.has(MessageFlags.Ephemeral)) return refuse('common.badButton');
      if (id.action === 'open') {
        const s = await builderScreen(ctx, spec.source, where, i.user.id, [], true);
        const payload = await drawScreen(ctx, spec, s, userLocale(i));
        return { kind: 'message', ephemeral: true, build: () => payload };
      }
      try {
        if (id.action === 'confirm') return await spec.confirm(ctx, i, where, id.path);
        const path = id.action === 'select' ? chosen(i, id.path) : id.path;
        const s = await builderScreen(ctx, spec.source, where, i.user.id, path);
        const payload = await drawScreen(ctx, spec, s, userLocale(i));
        return { kind: 'update', build: () => payload };
      } catch (e) {
        if (!isRefusal(e) || !CLOSING.has(e.msg.key)) throw e;
        if (id.action === 'confirm' && spec.keepScreenOnRefusedConfirm) throw e;
        // Lost a race with another move (a second Confirm): the same as an older position.
        const note: Msg =
          e.msg.key === 'move.stale' || e.msg.key === 'move.conflict' ? { key: 'builder.stale' } : e.msg;
        return { kind: 'update', build: (locale) => closedPayload(locale, note) };
      }
    },
  });
}

/** A live game's builder: Confirm plays like /move, and the board is posted in the game's channel. */
export const build = defineBuilder({
  kind: 'build',
  prefix: 'b',
  source: gameBuilder,
  async confirm(ctx, i, where, path) {
    const done = await confirmBuilt(ctx, where, i.user.id, path, liveInteractionRef(i));
    const a = done.announcement;
    return {
      kind: 'update',
      build: (locale) =>
        closedPayload(locale, { key: 'builder.played', params: { label: done.label, move: done.typed } }),
      async after(sent) {
        // The board goes to the game's channel like a /move answer; the private builder only says it was played.
        await sent.announce(a);
      },
    };
  },
});

/** A practice session's builder (match/practice.ts): Confirm answers the position, and the verdict replaces it. */
export const practiceBuild = defineBuilder({
  kind: 'practiceBuild',
  prefix: 'pb',
  source: practiceBuilder,
  extras: practiceExtras,
  keepScreenOnRefusedConfirm: true,
  async confirm(ctx, i, where, path) {
    const pos = await practiceBuilder.load(ctx, where, i.user.id, false);
    const view = chosenMove(pos, path);
    const a = await answerPractice(ctx, i.user.id, view.text, { sessionId: where.gameId, version: where.at });
    return { kind: 'update', build: (locale) => answerPayload(ctx, locale, a) };
  },
});
