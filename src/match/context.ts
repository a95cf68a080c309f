// What the match layer needs from the outside, as interfaces it owns: the
// store, a notifier that posts for it (src/bot implements it with
// discord.js), the AI, a clock and a logger. No discord.js here.
import type { Logger } from 'pino';
import type { GameId } from '../engine/game.js';
import type { Locale } from '../i18n/catalogue.js';
import type { Msg } from '../i18n/msg.js';
import type {
  AiLevel,
  InteractionRef,
  StoredChallenge,
  StoredGame,
  StoredGameReview,
  StoredPlyReview,
  StoredTournament,
  Puzzle,
} from '../model/index.js';
import type { Store } from '../store/types.js';
import type { PuzzleVerdict } from '../ai/protocol.js';

/** A public post about a game: its board and lines, then who is to move or the result (and the Rematch button). */
export interface GamePost {
  kind: 'game';
  game: StoredGame;
  /** The engine state of `game`, already validated. */
  state: unknown;
  /** What happened, oldest first (moves, "Draw agreed.", …). */
  lines: Msg[];
  /**
   * The position just before `state` when this post covers more than one ply (a forced move after the player's own).
   */
  before?: unknown;
  /** The AI is to move and waits behind other searches: about how long its answer will take (its "thinking…"). */
  aiWait?: AiWait;
}

/** Plain lines in a game's channel (a reminder, a note about a damaged record); `ping` lists users it may ping. */
export interface TextPost {
  kind: 'text';
  locale: Locale;
  lines: Msg[];
  ping: string[];
}

/** A challenge card (posted for a rematch, edited when it expires or is taken). */
export interface ChallengePost {
  kind: 'challenge';
  challenge: StoredChallenge;
  /** Replaces the status line (who accepted, why it closed). */
  note?: Msg;
}

/** A tournament's card (players, round, standings; its buttons), or the winners' announcement at the end. */
export interface TournamentPost {
  kind: 'tournament';
  tournament: StoredTournament;
  view: 'card' | 'final';
}

/** One of the costliest moves a review shows: the ply as graded and the position before it (for its picture). */
export interface ReviewMoment {
  ply: StoredPlyReview;
  /** The engine state before the move, already validated. */
  before: unknown;
}

/**
 * A finished game's review (issue 20), in its thread after the result: each side's accuracy and marked moves, the
 * win-chance graph, and each side's costliest moves (at most three) with a picture of each.
 */
export interface ReviewPost {
  kind: 'review';
  game: StoredGame;
  review: StoredGameReview;
  /** Per side (index = side), its costliest moves, largest loss first. */
  moments: [ReviewMoment[], ReviewMoment[]];
}

/** A server's daily puzzle (issue 20): its position, a Solve button, and the previous day's answer. */
export interface DailyPuzzlePost {
  kind: 'daily-puzzle';
  locale: Locale;
  puzzle: Puzzle;
  /** The puzzle's position (engine state, validated). */
  state: unknown;
  /** The previous day's solution, when there was a daily puzzle then. */
  yesterday: { game: GameId; solution: string } | null;
}

export type Post = GamePost | TextPost | ChallengePost | TournamentPost | ReviewPost | DailyPuzzlePost;

/** How an owed post reached the interaction that waited for it (Notifier.answerLate). */
export type LateAnswer =
  /** Its "thinking…" now shows the post. */
  | 'edited'
  /** It had its answer already, and that answer was the post (the post went out before a crash): nothing to send. */
  | 'answered'
  /**
   * Acknowledged, but nothing of it can show the post (a button's clicked
   * message, a private note, a private "thinking…" now removed, a post meant
   * to follow its answer): a follow-up can still carry it.
   */
  | 'open'
  /** Never acknowledged, or its token expired: it can carry nothing. */
  | 'gone';

/**
 * Where a post goes: a channel, and whether the bot may post there on its own
 * (false: a group DM, a server where only a user installed the app; absent:
 * true). A game record or a challenge is one.
 */
export interface Where {
  channelId: string;
  postable?: boolean;
}

/**
 * The bot cannot post in this channel on its own: only interaction answers reach it. Thrown before any call to Discord.
 */
export class NotPostable extends Error {
  override readonly name = 'NotPostable';
  constructor(readonly channelId: string) {
    super(`not-postable:${channelId}`);
  }
}

export const isNotPostable = (e: unknown): e is NotPostable => e instanceof NotPostable;

export interface Notifier {
  /**
   * Posts in a channel or thread; returns the new message's id. `nonce`: the
   * same nonce within minutes gives back the first message instead of a second
   * one (Discord's enforce_nonce), so a post made again after a crash is not doubled.
   * Throws NotPostable where the bot may not post (without asking Discord when `where` says so).
   */
  post(where: Where, post: Post, opts?: { nonce?: string }): Promise<string>;
  /**
   * Answers an interaction that was left waiting (a crash between saving and posting) with the post, if it still can
   * be.
   */
  answerLate(interaction: InteractionRef, post: GamePost): Promise<LateAnswer>;
  /** A public follow-up of an interaction (reply mode: how the bot speaks where it cannot post); returns its id. */
  followUp(interaction: InteractionRef, post: Post): Promise<string>;
  /** Edits a message the bot posted; NotPostable as for post. */
  edit(where: Where, messageId: string, post: Post): Promise<void>;
  /** Opens a public thread on a message; null where the bot may not (no permission, a channel without threads). */
  openThread(channelId: string, messageId: string, name: Msg, locale: Locale): Promise<string | null>;
  /** Archives a thread (a finished game's); a no-op for a channel. `reason` shows in the server's audit log. */
  archive(channelId: string, reason: Msg, locale: Locale): Promise<void>;
}

export interface ThinkOptions {
  /** A time cap below the level's own, ms (a server's limit on expert). */
  timeCapMs?: number;
}

export type ThinkMove = (
  game: GameId,
  state: unknown,
  level: AiLevel,
  seed: number,
  opts?: ThinkOptions,
) => Promise<string>;

/**
 * The post-game review's grading, off the event loop: one ply at a time in the AI's background lane, queued below
 * the players' moves and the AI's turns (src/ai; src/bot wires it).
 */
export interface ReviewLane {
  /** Grades ply `ply` of a game: `before` is the position before it (validated), `played` the move's text. */
  grade(game: GameId, before: unknown, played: string, ply: number, seed: number): Promise<StoredPlyReview>;
  /**
   * Checks a puzzle candidate (issue 20: the engine's puzzle check, and the weakest level that finds it) in the same
   * lane; absent: finished games make no puzzles.
   */
  checkPuzzle?(game: GameId, state: unknown, seed: number): Promise<PuzzleVerdict>;
  /** How many reviews this process grades at once (default 1; the pool's lane: one per background worker). */
  slots?: number;
  /** False while this process is stopping: it takes up no review (absent: always open). */
  open?(): boolean;
}

/** How long the AI's answer would take if asked now: the searches ahead of it, and the ms until its move. */
export interface AiWait {
  ahead: number;
  ms: number;
}

export interface MatchSettings {
  /** How long a challenge may be accepted, ms (CHALLENGE_TTL_MINUTES). */
  challengeTtlMs: number;
  /** Default time per move, ms (MOVE_TIME_HOURS), when neither the challenge nor the server sets one. */
  moveTimeMs: number;
  /** Open challenges one user may have at once (anti-spam). */
  maxOpenChallenges: number;
  /** Active games against the AI one user may have at once (each holds a thread and queues AI work). */
  maxAiGames: number;
}

export const DEFAULT_MATCH_SETTINGS: MatchSettings = {
  challengeTtlMs: 15 * 60_000,
  moveTimeMs: 24 * 3_600_000,
  maxOpenChallenges: 5,
  maxAiGames: 3,
};

/**
 * The interaction a post answers when a person is waiting on it now (they have
 * just acted): its stored ref, and the last instant (ms since epoch) it can
 * still be answered, which is the deadline of the write they wait for. The
 * store keeps only the ref; a write without a person behind it (the AI's, in
 * reply mode) carries a plain `InteractionRef` and no deadline of its own.
 */
export interface LiveInteractionRef extends InteractionRef {
  answerBy(): number;
}

/** Whether the bot may post in a game's (or a challenge's) channel on its own; older records can. */
export const postableHere = (w: { postable?: boolean }): boolean => w.postable !== false;

export interface MatchContext {
  store: Store;
  /** This process, among all bot processes sharing the store (who owes which post). */
  instanceId: string;
  notifier: Notifier;
  log: Logger;
  settings: MatchSettings;
  think: ThinkMove;
  /** The AI's queue as it stands (src/ai's lanes); absent or null: no estimate, plain "thinking…". */
  aiWait?: (game: GameId, level: AiLevel) => AiWait | null;
  now(): number;
  /** Runs work after the current answer (AI moves); errors are logged with the label; stop() waits for it. */
  background(label: string, work: () => Promise<unknown>): void;
  /**
   * Told of every game that has just ended, whatever ended it (the rules,
   * resign, draw, abort, an admin, the clock), once per ending write, in the
   * background (over.ts). Tournaments listen here.
   */
  onGameOver?: (rec: StoredGame) => Promise<void>;
  /** Grades finished games for their review (match/review.ts); absent: no reviews. */
  review?: ReviewLane;
}
