// A game: who plays it, where, its engine state and move log, its clock and
// result, and what the store keeps to know whether its latest post went out.
import { z } from 'zod';
import { LEVEL_NAMES, type Level } from '../engine/ai/levels.js';
import { finite, gameId, int, locale, side } from './parts.js';
import { playerRatingChangeSchema } from './rating.js';

/** The engine's AI levels. */
export type AiLevel = Level;

/** A player of a game. AI players carry `bot` (their id is the bot's choice, e.g. `ai:hard`). */
const playerRefSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  bot: z.enum(LEVEL_NAMES).optional(),
});
export type PlayerRef = z.infer<typeof playerRefSchema>;

const GAME_STATUSES = ['active', 'over', 'aborted'] as const;

/** Correspondence clock (product: 24 h per move by default). The match layer owns the logic. */
const gameClockSchema = z.object({
  /** Time allowed per move, ms. */
  perMoveMs: finite.positive(),
  /** When the side to move runs out of time (ms since epoch), or null while stopped. */
  deadline: finite.nullable(),
  /** Whether the 75% reminder for the current move was sent. */
  reminded: z.boolean(),
  /**
   * The next instant the deadline sweeper must look at this game (reminder or
   * timeout), or null. The store indexes it: `gameIndex.due(now)`.
   */
  wakeAt: finite.nullable(),
});
export type GameClock = z.infer<typeof gameClockSchema>;

const gameResultSchema = z.object({
  /** Winning side, null on a draw or an abort. */
  winner: side.nullable(),
  draw: z.boolean(),
  /** Rule id or bot reason: 'EX-20b', 'OD-18', 'resign', 'timeout', 'draw-agreed', 'abort', 'admin'... */
  reason: z.string(),
  /** Set after the ratings are applied, for the final message. */
  ratingChanges: z.tuple([playerRatingChangeSchema, playerRatingChangeSchema]).nullable().optional(),
});
export type GameResult = z.infer<typeof gameResultSchema>;

/**
 * A takeback asked for and not yet answered: who asked, the number of plies in the move log when they did (any move
 * clears the offer, so it is the log's length for as long as the offer stands), and the game's version written with it
 * (its Accept / Decline buttons carry it: a later draw offer or clock reminder leaves them valid, an older offer's not).
 */
const takebackOfferSchema = z.object({ by: side, ply: int.nonnegative(), version: int.positive() });
export type TakebackOffer = z.infer<typeof takebackOfferSchema>;

// The fields in three groups by who may change them when, so that adding a field is one line in its group:
// `games.update` writes exactly the changeable ones (store/games.ts derives its list from this shape).

/** Set when the game is created and fixed for its life. */
const fixedFields = {
  /** Short URL-safe id (10 chars base36), fits inside Discord custom ids. */
  id: z.string().min(1),
  game: gameId,
  /** Engine setup name (Exxit standard|blitz|short; Orion preset1..3|random:<seed>). */
  setup: z.string(),
  guildId: z.string().nullable(),
  /** The channel or thread the game is played in; one active game per channel. */
  channelId: z.string().min(1),
  /** Index = side: Exxit 0 red, 1 black; Orion 0 orange, 1 blue. */
  players: z.tuple([playerRefSchema, playerRefSchema]),
  createdAt: finite,
  rematchOf: z.string().nullable().optional(),
  /** Challenge this game came from, if any. */
  challengeId: z.string().nullable().optional(),
  /** Language of the game's public posts (the server's, or an admin's choice), e.g. 'en', 'fr'. */
  locale: locale.nullable().optional(),
  /**
   * false: the bot cannot post in the game's channel on its own (a group DM,
   * a server where only a player installed the app): every post is the
   * answer to an interaction there ("reply mode"). Absent (older records): true.
   */
  postable: z.boolean().optional(),
};

/** What `games.update` may change, each with a compare-and-set on the version. */
const changeableFields = {
  /** Engine state JSON; the match layer validates it with the engine's fromJSON. It must be there. */
  state: z.custom<unknown>((v) => v !== undefined, { message: 'missing engine state' }),
  status: z.enum(GAME_STATUSES),
  result: gameResultSchema.nullable(),
  /** Side that offered a draw, or null. */
  drawOffer: side.nullable(),
  /** The message the thread hangs on / the last board message, as the bot likes. */
  messageId: z.string().nullable().optional(),
  /** The channel the thread was opened from (null when played in the channel itself). */
  parentChannelId: z.string().nullable().optional(),
  clock: gameClockSchema.nullable().optional(),
  rated: z.boolean(),
  /** The open takeback offer (match/takeback.ts); absent on older records: none. */
  takebackOffer: takebackOfferSchema.nullable().optional(),
  /**
   * Takebacks accepted so far (absent: none). After one the move log is shorter again, so this tells apart two posts
   * of the same number of moves (the post's nonce, announce.ts).
   */
  takebacks: int.nonnegative().optional(),
};

/** Kept by the store itself (its own scripts write them). */
const storeFields = {
  /** Canonical move log (kept in its own list, returned here in full; `games.update` appends to it). */
  moves: z.array(z.string()),
  /** 1 on create, +1 on every successful update (the compare-and-set token). */
  version: int.positive(),
  updatedAt: finite,
  /** Why the record was quarantined (the engine refuses its state): sweeps and the AI skip it; `/endgame` closes it. */
  damaged: z.string().max(300).nullable().optional(),
  /**
   * Announcements: the version of the last write that needs a public post
   * (annV), the last version whose post went out (shown) and how many moves
   * that post covered (shownMoves). annV > shown: a post is owed
   * (src/match/reconcile.ts). Absent on older records: nothing owed.
   */
  annV: int.nonnegative().optional(),
  shown: int.nonnegative().optional(),
  shownMoves: int.nonnegative().optional(),
};

export const gameSchema = z.object({ ...fixedFields, ...changeableFields, ...storeFields });
export type StoredGame = z.infer<typeof gameSchema>;

/**
 * Far above any game's number of plies (Exxit ends by EX-20d at 1,000 moves), and small enough for a custom id's count.
 */
const POSITION_STRIDE = 100_000;

/**
 * Names the position a post or a builder shows, for ids that must go stale when it changes: the number of plies, as
 * before takebacks — after one, the log may grow back to an earlier length with other moves, so each takeback moves
 * the mark to a range of its own (a game without takebacks keeps the plain count, which ids already posted carry).
 */
export const positionMark = (rec: Pick<StoredGame, 'moves' | 'takebacks'>): number =>
  rec.moves.length + POSITION_STRIDE * (rec.takebacks ?? 0);

/** The fields a game's update may change, each checked like the record itself. */
export const gameChangesSchema = z.object(changeableFields).partial();

/**
 * The interaction a post answers, as a write stores it: what is needed to answer it later (its token is valid 15
 * minutes), kept on the record until the post is out. One name for it everywhere: the match layer carries an
 * `InteractionRef`, or a `LiveInteractionRef` (match/context.ts) when a person is waiting on it now. In Redis it is the
 * game hash's field `reply` (its name before this one; kept, so that records already stored read back).
 */
export const interactionRefSchema = z.object({
  token: z.string(),
  /** When the interaction was created, ms since epoch. */
  createdAt: z.number(),
  /** A button or menu (its original message is the clicked one, not an answer). */
  component: z.boolean(),
  /** The post goes after this interaction's own answer, as a follow-up (the AI's move after the player's board). */
  followUp: z.boolean().optional(),
});
export type InteractionRef = z.infer<typeof interactionRefSchema>;
