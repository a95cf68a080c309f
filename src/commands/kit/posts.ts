// Reply builders: what a game post, a challenge card or a note looks like on
// Discord. Pure functions from match data to discord.js payloads (plus the
// board image); every text comes from the catalogues, clipped to Discord's
// limits here (content 2000, embed description 4096).
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import { getGame, type Side } from '../../engine/index.js';
import { localeOf, type Locale } from '../../i18n/catalogue.js';
import type { Msg } from '../../i18n/msg.js';
import type { ChallengePost, GamePost, Post, TextPost } from '../../match/context.js';
import { durationMsg, playerParam, resultLines, setupMsg, titleMsg, toMoveLine } from '../../match/describe.js';
import { gameLocale } from '../../match/games.js';
import { takebackButtonFor } from '../../match/takeback.js';
import { positionMark, type StoredChallenge, type StoredGame, type TakebackOffer } from '../../model/index.js';
import type { CommandContext } from './command.js';
import { encodeCustomId } from './custom-id.js';
import { dailyPuzzlePayload } from './puzzle-post.js';
import { clipText, lines, t, text } from './text.js';
import { reviewPayload } from './review-post.js';
import { finalPost, tournamentCard } from './tournament-posts.js';

export type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

export interface MessagePayload {
  content?: string;
  embeds?: EmbedBuilder[];
  components?: Row[];
  files?: AttachmentBuilder[];
  /** Attachments to keep on an edit: `[]` removes the ones a message has (the builder's preview). */
  attachments?: [];
  /** Pings are opted into per message: the users listed here only. */
  allowedMentions: { users?: string[]; parse?: [] };
}

/** Users a game post may ping: the human players only. */
const humans = (rec: StoredGame, sides: Side[]): string[] =>
  sides
    .map((s) => rec.players[s])
    .filter((p) => !p.bot)
    .map((p) => p.id);

export function boardAttachment(locale: Locale, png: Buffer, rec: StoredGame): AttachmentBuilder {
  return new AttachmentBuilder(png, {
    name: `${rec.game}-${rec.id}-${rec.moves.length}.png`,
    description: clipText(t(locale, 'board.altText', { game: titleMsg(rec.game), moves: rec.moves.length }), 1024),
  });
}

/** Renders the board; a renderer failure must not lose the post, which then goes out without the image. */
export async function boardFiles(
  ctx: CommandContext,
  locale: Locale,
  rec: StoredGame,
  state: unknown,
  before?: unknown,
): Promise<AttachmentBuilder[]> {
  if (state === undefined) return [];
  try {
    const players: [string, string] = [rec.players[0].name, rec.players[1].name];
    const png = await ctx.render(
      rec.game,
      state,
      before === undefined ? { players, locale } : { players, before, locale },
    );
    return [boardAttachment(locale, png, rec)];
  } catch (e) {
    ctx.log.error({ err: e, gameId: rec.id }, 'board render failed');
    return [];
  }
}

/** A game's public post: the lines, the board, then who is to move (pinged) or the result and Rematch. */
export async function gamePayload(ctx: CommandContext, post: GamePost): Promise<MessagePayload> {
  const rec = post.game;
  const locale = gameLocale(rec);
  const files = await boardFiles(ctx, locale, rec, post.state, post.before);
  if (rec.status === 'active' && post.state !== undefined) {
    const next = getGame(rec.game).toMove(post.state);
    // A person to move gets the Move button (the builder); the AI plays on its own. Beside it, Takeback for the
    // player who may ask from this post (match/takeback.ts: the one who just moved; against the AI, the person).
    const rows = rec.players[next].bot ? [] : [moveRow(locale, rec)];
    if ((await takebackButtonFor(ctx, post, next)) !== null)
      rows[0]?.addComponents(takebackButton(locale, rec.id, rec.version, 'takeback-ask'));
    withOpenBoard(ctx, locale, rec, rows);
    return {
      content: clipText(lines(locale, [...post.lines, toMoveLine(rec, next, post.aiWait)])),
      files,
      components: rows,
      allowedMentions: { users: humans(rec, [next]) },
    };
  }
  // The live page's link (src/web) for a public game, when the page is published; a DM game's page shows nothing.
  const link: Msg[] =
    ctx.publicUrl && rec.status === 'over' && rec.guildId !== null
      ? [{ key: 'web.pageLink', params: { url: `${ctx.publicUrl}/game/${rec.id}` } }]
      : [];
  return {
    content: clipText(lines(locale, [...post.lines, ...resultLines(rec, post.state), ...link])),
    files,
    components: withOpenBoard(ctx, locale, rec, rec.status === 'over' ? [rematchRow(locale, rec)] : []),
    allowedMentions: { users: [] },
  };
}

export const textPayload = (post: TextPost): MessagePayload => ({
  content: clipText(lines(post.locale, post.lines)),
  allowedMentions: { users: post.ping },
});

/** Any post of the match layer as a Discord payload. */
export function postPayload(ctx: CommandContext, post: Post): Promise<MessagePayload> | MessagePayload {
  switch (post.kind) {
    case 'game':
      return gamePayload(ctx, post);
    case 'text':
      return textPayload(post);
    case 'challenge':
      return challengeCard(post);
    case 'tournament':
      return post.view === 'final' ? finalPost(post.tournament) : tournamentCard(post.tournament);
    case 'review':
      return reviewPayload(ctx, post);
    case 'daily-puzzle':
      return dailyPuzzlePayload(ctx, post);
  }
}

// ---------------------------------------------------------------------------
// Challenges

const FIRST: Record<NonNullable<StoredChallenge['firstMove']>, Msg> = {
  challenger: { key: 'challenge.first.challenger' },
  opponent: { key: 'challenge.first.opponent' },
  random: { key: 'challenge.first.random' },
};

export function challengeCard({ challenge: c, note }: Omit<ChallengePost, 'kind'>): MessagePayload {
  const locale = localeOf(c.locale);
  const open = c.status === 'open';
  const body: Msg[] = [
    c.opponentId
      ? {
          key: 'challenge.card.challenges',
          params: { challenger: { user: c.challengerId }, opponent: { user: c.opponentId } },
        }
      : { key: 'challenge.card.lookingFor', params: { challenger: { user: c.challengerId } } },
    {
      key: 'challenge.card.terms',
      params: {
        setup: setupMsg(c.game, c.setup),
        rated: { key: c.rated ? 'common.rated' : 'common.casual' },
        first: FIRST[c.firstMove ?? 'random'],
      },
    },
  ];
  if (c.clockMs) body.push({ key: 'challenge.card.clock', params: { per: durationMsg(c.clockMs) } });
  if (open) body.push({ key: 'challenge.card.expires', params: { at: { time: c.expiresAt } } });
  else body.push(note ?? { key: `challenge.status.${c.status}` });
  const embed = new EmbedBuilder()
    .setTitle(clipText(t(locale, 'challenge.card.title', { game: titleMsg(c.game) }), 256))
    .setDescription(clipText(lines(locale, body), 4096))
    .setColor(open ? 0x5865f2 : 0x4f545c);
  const components: Row[] = [];
  if (open) {
    const button = (action: 'accept' | 'decline' | 'cancel', label: Msg, style: ButtonStyle) =>
      new ButtonBuilder()
        .setCustomId(encodeCustomId({ kind: 'challenge', challengeId: c.id, action }))
        .setLabel(text(locale, label))
        .setStyle(style);
    const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      button('accept', { key: 'challenge.button.accept' }, ButtonStyle.Success),
    );
    if (c.opponentId) row.addComponents(button('decline', { key: 'challenge.button.decline' }, ButtonStyle.Danger));
    row.addComponents(button('cancel', { key: 'challenge.button.cancel' }, ButtonStyle.Secondary));
    components.push(row);
  }
  const ping = open && c.opponentId ? [c.opponentId] : [];
  return { content: ping.length ? `<@${ping[0]}>` : '', embeds: [embed], components, allowedMentions: { users: ping } };
}

// ---------------------------------------------------------------------------
// Buttons of a game

export function rematchRow(locale: Locale, rec: StoredGame): Row {
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeCustomId({ kind: 'game', gameId: rec.id, version: rec.version, action: 'rematch' }))
      .setLabel(t(locale, 'game.button.rematch'))
      .setStyle(ButtonStyle.Primary),
  );
}

/**
 * Open board, when the Activity is configured: at the end of the post's first row (at most 3 buttons there: Move,
 * Takeback, Open board; Rematch, Open board), or a row of its own. Server games only: the Activity's board shows
 * nothing of a DM game yet (src/match/view.ts).
 */
function withOpenBoard(ctx: CommandContext, locale: Locale, rec: StoredGame, rows: Row[]): Row[] {
  if (!ctx.activity || rec.guildId === null) return rows;
  const button = new ButtonBuilder()
    .setCustomId(encodeCustomId({ kind: 'activity', gameId: rec.id }))
    .setLabel(t(locale, 'activity.button'))
    .setStyle(ButtonStyle.Secondary);
  if (rows[0]) rows[0].addComponents(button);
  else rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(button));
  return rows;
}

/** Move: opens the private move builder on the position of this post. */
export function moveRow(locale: Locale, rec: StoredGame): Row {
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeCustomId({ kind: 'build', gameId: rec.id, at: positionMark(rec), action: 'open', path: [] }))
      .setLabel(t(locale, 'builder.button.open'))
      .setStyle(ButtonStyle.Primary),
  );
}

export function drawRow(locale: Locale, rec: StoredGame): Row {
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeCustomId({ kind: 'game', gameId: rec.id, version: rec.version, action: 'draw-accept' }))
      .setLabel(t(locale, 'draw.button.accept'))
      .setStyle(ButtonStyle.Success),
    new ButtonBuilder()
      .setCustomId(encodeCustomId({ kind: 'game', gameId: rec.id, version: rec.version, action: 'draw-decline' }))
      .setLabel(t(locale, 'draw.button.decline'))
      .setStyle(ButtonStyle.Danger),
  );
}

type TakebackAction = 'takeback-ask' | 'takeback-accept' | 'takeback-decline';
const TAKEBACK_LABELS = {
  'takeback-ask': ['takeback.button.ask', ButtonStyle.Secondary],
  'takeback-accept': ['takeback.button.accept', ButtonStyle.Success],
  'takeback-decline': ['takeback.button.decline', ButtonStyle.Danger],
} as const;

/** A takeback button: Takeback on a board post (the game's version), Accept / Decline on an offer (the offer's). */
function takebackButton(locale: Locale, gameId: string, version: number, action: TakebackAction): ButtonBuilder {
  const [label, style] = TAKEBACK_LABELS[action];
  return new ButtonBuilder()
    .setCustomId(encodeCustomId({ kind: 'takeback', gameId, version, action }))
    .setLabel(t(locale, label))
    .setStyle(style);
}

/** A takeback offer, to the opponent: the moves it would take back, Accept and Decline. */
export function takebackOfferPayload(
  locale: Locale,
  rec: StoredGame,
  offer: TakebackOffer,
  moves: readonly string[],
): MessagePayload {
  const to = rec.players[1 - offer.by];
  return {
    content: t(locale, 'takeback.offer', {
      to: playerParam(to),
      by: playerParam(rec.players[offer.by]),
      count: moves.length,
      moves: { list: moves.map((m) => ({ code: m })) },
    }),
    components: [
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        takebackButton(locale, rec.id, offer.version, 'takeback-accept'),
        takebackButton(locale, rec.id, offer.version, 'takeback-decline'),
      ),
    ],
    allowedMentions: { users: [to.id] },
  };
}

/** Where a game is played, as a link anyone in the server can open (threads included). */
export const channelUrl = (guildId: string, channelId: string): string =>
  `https://discord.com/channels/${guildId}/${channelId}`;

/** "Exxit · Alice vs Bob" as a link to the game's thread (plain text when the game has no server). */
export function gameLink(locale: Locale, rec: StoredGame): string {
  // Brackets would end the link's text early.
  const bare = (n: string) => ({ name: n.replace(/[[\]]/g, '') });
  const title = t(locale, 'game.matchTitle', {
    game: titleMsg(rec.game),
    first: bare(rec.players[0].name),
    second: bare(rec.players[1].name),
  });
  return rec.guildId ? `[${title}](${channelUrl(rec.guildId, rec.channelId)})` : title;
}
