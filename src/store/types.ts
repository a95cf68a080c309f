// The store's own interfaces: one small store per concern, what each takes and
// returns, its options and errors. The records themselves are the domain
// model's (src/model); the Redis details stay in this folder (layer rule:
// Redis only in src/store).
import type { z } from 'zod';
import type { GameId, Side } from '../engine/game.js';
import type {
  ChallengeStatus,
  gameChangesSchema,
  GuildSettings,
  InteractionRef,
  ratingOutcomeSchema,
  RatingScope,
  RatingSnapshot,
  PracticeChanges,
  PracticeSession,
  Puzzle,
  PuzzleCheckJob,
  PuzzleCheckStatus,
  ReviewJob,
  ReviewStatus,
  StoredChallenge,
  StoredGameReview,
  StoredPlyReview,
  StoredGame,
  StoredTournament,
} from '../model/index.js';

// ---------------------------------------------------------------------------
// Games: the records, the channel binding, the indexes, the outbox of owed posts, the AI's turns

/** Who announces a write: `owner` names the process that will post it; `interaction` the one its post answers. */
export interface Announce {
  owner: string;
  interaction?: InteractionRef | null;
}

export interface UpdateOptions {
  /** This write needs a public post. */
  announce?: Announce;
  /** Refuse the write ('late') if Redis runs it after this instant (ms since epoch, Redis's clock). */
  deadline?: number;
}

/** What `games.create` takes: the store sets id (unless given), version, timestamps. */
export type NewGame = Omit<
  StoredGame,
  'id' | 'version' | 'createdAt' | 'updatedAt' | 'moves' | 'status' | 'result' | 'drawOffer'
> & {
  id?: string;
  moves?: string[];
  status?: 'active';
  drawOffer?: Side | null;
};

export type CreateGameResult =
  | { ok: true; game: StoredGame }
  /** `channel-busy`: that channel already has an active game (`activeGameId`). `id-taken`: an explicit id exists. */
  | { ok: false; reason: 'channel-busy'; activeGameId: string }
  | { ok: false; reason: 'id-taken' };

/** What `games.update` may change (the model's changeable fields), plus moves to append to the log. */
export type GameChanges = z.infer<typeof gameChangesSchema> & {
  /** Appended to the move log in the same atomic step. */
  appendMoves?: string[];
  /**
   * The move log is cut to its first n moves in the same atomic step, before any appendMoves (a takeback; the
   * caller's compare-and-set on the version says which log it cut).
   */
  truncateMoves?: number;
};

export type UpdateGameResult =
  | { ok: true; game: StoredGame }
  /**
   * `conflict`: someone wrote first (the version moved on) — reload and retry
   * or refuse. `late`: Redis ran the write after its deadline; nothing changed.
   */
  | { ok: false; reason: 'conflict' | 'not-found' | 'late' };

/** The game records: one hash and one move list per game, every write a compare-and-set on its version. */
export interface GameStore {
  /**
   * Stores a new game at version 1 and binds its channel; refuses when the channel has an active game. `announce`: its
   * start needs a post (`reply`: the interaction that will show it).
   */
  create(g: NewGame, opts?: { announce?: Announce }): Promise<CreateGameResult>;
  /** The game, or null. Throws CorruptRecordError on a record that does not validate. */
  get(id: string): Promise<StoredGame | null>;
  /**
   * Compare-and-set on the version, in one Lua script on this game's keys:
   * version must equal expectedVersion; writes the changes with version+1 and
   * appends moves. When status leaves 'active' the channel is released.
   */
  update(id: string, expectedVersion: number, changes: GameChanges, opts?: UpdateOptions): Promise<UpdateGameResult>;
  /** The move log, or [] for an unknown game. */
  moves(id: string): Promise<string[]>;
  /** Removes a game, its move log, its channel binding and its index entries. */
  delete(id: string): Promise<boolean>;
  /**
   * Marks a game as damaged (its state does not validate) and takes it out of
   * the due, owed-post and AI indexes, once: `marked` is true only for the call that set the mark.
   * Works on records the store itself cannot read (`channelId` is then the raw field, if any;
   * `postable` false only when the record says so: where the note cannot be posted).
   */
  quarantine(id: string, reason: string): Promise<{ marked: boolean; channelId: string | null; postable: boolean }>;
}

/** One active game per channel or thread: the binding `games.create` takes and a game's end releases. */
export interface ChannelStore {
  /** The active game of a channel, or null. */
  active(channelId: string): Promise<StoredGame | null>;
  /** The active game of a channel, or else the last game played there, or null. */
  latest(channelId: string): Promise<StoredGame | null>;
}

/** Lists of games from the indexes kept beside each write (hints: every entry is re-checked on its record). */
export interface GameIndex {
  /** Active games, newest first (of one guild when given). Corrupt records are skipped with a warning. */
  listActive(guildId?: string | null, limit?: number): Promise<StoredGame[]>;
  /** How many games are active, from the active index (one Redis command: for metrics). */
  countActive(): Promise<number>;
  /** A user's games, newest first (recent games for /stats; per-user caps). */
  listByUser(userId: string, limit?: number): Promise<StoredGame[]>;
  /** How many active games a user is in (per-user cap on open games). */
  countActiveByUser(userId: string): Promise<number>;
  /** A user's active games, newest first (per-user caps that look at the kind of game). */
  listActiveByUser(userId: string, limit?: number): Promise<StoredGame[]>;
  /**
   * Ids of active games whose clock.wakeAt <= now, earliest first, from the `offset`-th (deadline sweeper). Re-check
   * the game after loading.
   */
  due(now: number, limit?: number, offset?: number): Promise<string[]>;
  /**
   * Repairs a due entry the sweep found stale: moves it to `wakeAt`, or removes
   * it (null: the game is gone or not active). Only an entry still due by
   * `dueBy` is touched, so a write that moved it since wins. True when repaired.
   */
  repairDue(id: string, dueBy: number, wakeAt: number | null): Promise<boolean>;
}

/** An owed post taken over by the announcement sweep. */
export interface ClaimedAnnouncement {
  /** How many times the post has been taken over (the sweep gives up after a few). */
  tries: number;
  /** The interaction the post answers, if one was stored with the write. */
  interaction: InteractionRef | null;
}

/**
 * The outbox of owed posts: a write that needs a public post says so (`announce`), and the post is owed until
 * `markShown` (annV > shown on the record).
 */
export interface Outbox {
  /** The post of `version` (covering `moves` moves) went out; true when the game owes no post any more. */
  markShown(id: string, version: number, moves: number): Promise<boolean>;
  /** Games that may owe a post, noted at or before `before` (ms); a hint: re-check annV > shown. */
  owed(before: number, limit?: number): Promise<string[]>;
  /** Who is posting a game's owed post (an owner id), or null. */
  owner(id: string): Promise<string | null>;
  /**
   * Takes over an owed post from `seen` (the owner read before, null for
   * none); null when someone else came first or nothing is owed. `attempt`
   * false: a hand-over (owner '' = to whoever sweeps next), not counted as a try.
   */
  claim(id: string, seen: string | null, owner: string, attempt?: boolean): Promise<ClaimedAnnouncement | null>;
  /** An owed post's tries so far and the interaction it would answer, read without claiming it. */
  pending(id: string): Promise<ClaimedAnnouncement>;
  /**
   * Reply mode: claims the sending of the post owed up to `version` (compare-and-set: once per owed post); false when
   * it was claimed before. True also when nothing is owed (nothing to guard).
   */
  claimReplyPost(id: string, version: number): Promise<boolean>;
  /** Gives a claimed reply-mode post back (Discord refused it): it may be sent again. */
  releaseReplyPost(id: string, version: number): Promise<void>;
  /** Looks at an owed post again at `at` (ms), or never (null: drops the hint). */
  recheck(id: string, at: number | null): Promise<void>;
}

/** The AI's turns: hints of games where it may be to move, and the lease on thinking for one. */
export interface AiTurnStore {
  /** Notes that the AI may be to move in a game (a hint for the AI sweep, written before the write that makes it so). */
  note(id: string): Promise<void>;
  /** Games the AI may owe a move since `before` or earlier. */
  noted(before: number, limit?: number): Promise<string[]>;
  drop(id: string): Promise<void>;
  /**
   * Takes the lease on thinking for a game's AI: free, or held by `takeOver`
   * (a process found gone). Returns null when taken, else the current holder.
   */
  lease(id: string, owner: string, ttlMs: number, takeOver?: string | null): Promise<string | null>;
  /** Keeps the lease `ttlMs` more while `owner` holds it (a search waiting in the AI's queue); false if it does not. */
  extend(id: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Who holds the lease on thinking for a game's AI, or null. */
  holder(id: string): Promise<string | null>;
  /** Gives the lease back (only if `owner` holds it). */
  release(id: string, owner: string): Promise<void>;
}

// ---------------------------------------------------------------------------
// Post-game reviews (issue 20)

/** Taking up a review job: granted (its status now: running to grade, done/sending to post) or not (why). */
export type ReviewLease =
  | { ok: true; job: ReviewJob }
  /** `held`: a process holds it (`holder`) and its lease runs; else the job is over (its status) or missing. */
  | { ok: false; reason: 'held'; holder: string }
  | { ok: false; reason: 'not-found' | ReviewStatus };

/**
 * Review jobs, one per ended game: created once, graded one ply at a time by
 * the process holding its lease (a process that dies leaves the lease to run
 * out, or to be taken over from a process found gone), posted once.
 */
export interface ReviewStore {
  /**
   * Creates a game's job (queued), once: true for the call that created it, false when it exists. Notes it in the
   * pending index first (a crash between the two leaves a hint the sweep reads).
   */
  create(gameId: string, interaction: InteractionRef | null): Promise<boolean>;
  /** The job with its plies graded so far, or null. Throws CorruptRecordError on a record that does not validate. */
  get(gameId: string): Promise<ReviewJob | null>;
  /** Jobs that may need a process, noted at or before `before` (ms), oldest first; a hint: re-check the job. */
  pending(before: number, limit?: number): Promise<string[]>;
  /** Looks at a job's hint again at `at` (ms), or never (null: drops it). */
  recheck(gameId: string, at: number | null): Promise<void>;
  /**
   * Takes a job up until `now + ttlMs`: queued (becomes running), or running / done / sending with no holder, an
   * expired lease, `owner`'s own, or held by `takeOver` (a process found gone).
   */
  lease(gameId: string, owner: string, now: number, ttlMs: number, takeOver?: string | null): Promise<ReviewLease>;
  /** Keeps `owner`'s lease until `now + ttlMs`; false when it holds none. */
  extend(gameId: string, owner: string, now: number, ttlMs: number): Promise<boolean>;
  /**
   * Records ply `ply.ply` (the next one: as many are recorded already) for `owner`, running, and keeps its lease until
   * `leaseUntil`; false when `owner` no longer holds the job or the ply is not the next one.
   */
  addPly(gameId: string, owner: string, ply: StoredPlyReview, leaseUntil: number): Promise<boolean>;
  /** running → done with the review (posting is next), or → skipped / failed without one; false if not `owner`'s. */
  graded(
    gameId: string,
    owner: string,
    outcome: { review: StoredGameReview } | { status: 'skipped' | 'failed' },
  ): Promise<boolean>;
  /** Reply mode: done → sending, before the follow-up goes (it is never sent twice); false if not `owner`'s. */
  sending(gameId: string, owner: string): Promise<boolean>;
  /** done / sending → posted (with its message id, when known), the hint dropped; false if not `owner`'s. */
  posted(gameId: string, owner: string, messageId: string | null): Promise<boolean>;
  /** Gives the lease back: running → queued, done / sending stay (another process may post); false if not held. */
  release(gameId: string, owner: string): Promise<boolean>;
  /**
   * Reply mode, no interaction left to follow up: done → owed, the lease and the hint dropped, the job noted in its
   * channel (`channelId`) for the next interaction there (a day at most); false if not `owner`'s, or if the job's
   * interaction is no longer `seen` (the one its owner found unusable: another was handed over meanwhile).
   */
  owe(gameId: string, owner: string, channelId: string, seen: InteractionRef | null): Promise<boolean>;
  /** The games whose reviews a channel owes (oldest first; a hint: follow() re-checks each job). */
  owedIn(channelId: string, limit?: number): Promise<string[]>;
  /**
   * Reply mode: hands a job an interaction in its channel to follow up, as `wants` decides from its status and stored
   * interaction: 'resume' an owed job (owed → done, no holder, its hint back: the next lease posts it) or 'replace' the
   * interaction of a job not posted yet. Compare-and-set: what moved meanwhile is left alone (null).
   */
  follow(
    gameId: string,
    channelId: string,
    interaction: InteractionRef,
    wants: (job: Pick<ReviewJob, 'status' | 'interaction'>) => 'resume' | 'replace' | null,
  ): Promise<'resumed' | 'replaced' | null>;
}

// ---------------------------------------------------------------------------
// Challenges

// ---------------------------------------------------------------------------
// Practice sessions (issue 20: retry your mistakes, puzzles)

/** What `practice.start` takes: the store sets id, version, createdAt, index 0, status open. */
export type NewPracticeSession = Omit<PracticeSession, 'id' | 'version' | 'createdAt' | 'index' | 'status'>;

export type PracticeWrite =
  | { ok: true; session: PracticeSession }
  /** `conflict`: the version moved on, or another session replaced it (a stale button, a second answer). */
  | { ok: false; reason: 'conflict' | 'not-found' };

/** One practice session per user, kept for a day after its last write (PRACTICE_TTL_MS). */
export interface PracticeStore {
  /** Starts a session for its user, replacing the one they had (whose buttons become stale). */
  start(session: NewPracticeSession): Promise<PracticeSession>;
  /** The user's session, or null; a record that does not validate is a CorruptRecordError. */
  get(userId: string): Promise<PracticeSession | null>;
  /** Compare-and-set on the session's id and version: the changes written once, the version moved on, the TTL renewed. */
  update(userId: string, id: string, expectVersion: number, changes: PracticeChanges): Promise<PracticeWrite>;
  /** Drops the user's session (a damaged record). */
  drop(userId: string): Promise<void>;
}

export type NewChallenge = Omit<StoredChallenge, 'id' | 'status' | 'createdAt' | 'expiresAt' | 'messageId'> & {
  id?: string;
  messageId?: string | null;
};

export interface CreateChallengeOptions {
  /** Time to accept, ms (default from openStore's challengeTtlMs, 15 min). */
  ttlMs?: number;
  /** How long the record stays readable after expiry or a final transition, ms (default 1 h). */
  retainMs?: number;
}

export type TransitionResult =
  | { ok: true; challenge: StoredChallenge }
  /**
   * `conflict`: its status was not `from` (`challenge` holds the current record);
   * `expired`: it was open but past expiresAt (only 'open' → 'expired' is then allowed).
   */
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'conflict' | 'expired'; challenge: StoredChallenge };

export interface ChallengeStore {
  create(c: NewChallenge, opts?: CreateChallengeOptions): Promise<StoredChallenge>;
  /** The challenge, with status 'expired' when open past expiresAt; null once gone. Throws CorruptRecordError. */
  get(id: string): Promise<StoredChallenge | null>;
  /** Atomic status change from `from` to `to` (two racing accepts: one ok, one conflict). */
  transition(
    id: string,
    from: ChallengeStatus,
    to: ChallengeStatus,
    patch?: { acceptedBy?: { id: string; name: string } | null; gameId?: string | null },
  ): Promise<TransitionResult>;
  /** Shorthand: open → accepted by `by`. */
  take(id: string, by: { id: string; name: string }): Promise<TransitionResult>;
  /** Sets non-status fields (messageId once the card is posted, gameId after the game starts). */
  patch(id: string, changes: { messageId?: string | null; gameId?: string | null }): Promise<StoredChallenge | null>;
  /** Ids of open challenges past expiresAt (sweeper: transition to 'expired', then edit the card). */
  dueExpired(now: number, limit?: number): Promise<string[]>;
  /** Open challenges made by a user (anti-spam caps). */
  countOpenByUser(userId: string): Promise<number>;
}

// ---------------------------------------------------------------------------
// Interactions and cooldowns

export interface InteractionStore {
  /** SET NX EX: true exactly once per interaction id, across processes. */
  claim(interactionId: string, ttlSec?: number): Promise<boolean>;
  /**
   * Cooldown against spam: 0 when `key` was free (it is now held for `ms`),
   * else the ms left. Key e.g. `challenge:<userId>`.
   */
  cooldown(key: string, ms: number): Promise<number>;
}

// ---------------------------------------------------------------------------
// Ratings (Glicko-2, per game; global and per server)

export interface LeaderboardEntry extends RatingSnapshot {
  userId: string;
  /** 1-based. */
  rank: number;
}

/**
 * The seasons a rated game counts in, besides all time: the global board's
 * and the server's (null or absent: none). Season ids look like `2026-Q4` or `2026-12`.
 */
export interface SeasonIds {
  global?: string | null;
  guild?: string | null;
}

/** The outcome kept for a rated game (the model's), and whether this call applied it. */
export type RatingOutcome = z.infer<typeof ratingOutcomeSchema> & {
  /** false when this game had been applied already (the stored outcome is returned, nothing changed). */
  applied: boolean;
};

export interface TopOptions {
  /** Skip provisional players: fewer games than this... */
  minGames?: number;
  /** ...or a deviation above this. */
  maxRd?: number;
  /**
   * When set, maxRd applies to the deviation as it stands at this instant
   * (grown by idle time, `idleRd`), so a long-absent player becomes provisional again.
   */
  now?: number;
}

/** How many players a board holds, and how many of them pass the TopOptions filter. */
export interface BoardCensus {
  /** Rated players in the scope (at least one rated game). */
  players: number;
  /** Of these, the ones that pass minGames / maxRd. */
  established: number;
}

/** How one side of a rated result is rated when not as a player of the game (a puzzle, issue 20). */
export interface RatedAs {
  /** Its first rating when it has none in an all-time scope (default: Glicko-2's newcomer). */
  start?: RatingSnapshot;
  /**
   * Rated globally only: it has no server-scope entry (nothing would read one), and the other side's server rating
   * moves against its global rating.
   */
  globalOnly?: boolean;
}

export interface RatingStore {
  /** A player's rating in a scope (the Glicko-2 default 1500/350/0.06 with no games). Throws CorruptRecordError. */
  get(game: GameId, userId: string, scope: RatingScope): Promise<RatingSnapshot>;
  /**
   * Applies one rated game (human players only) in the global scope and, when
   * guildId is set, the server scope. Idempotent per game id. Each game is one
   * Glicko-2 rating period; a player's deviation first grows with each idle day.
   */
  applyResult(
    game: GameId,
    gameId: string,
    guildId: string | null,
    players: [string, string],
    result: { winner: Side | null; draw: boolean },
    now?: number,
    seasons?: SeasonIds,
    /** How each side is rated, when not as a player (default: from Glicko-2's newcomer, in every scope). */
    as?: [RatedAs | null, RatedAs | null],
  ): Promise<RatingOutcome>;
  /** Whether a result id was applied (its marker is set). */
  wasApplied(game: GameId, gameId: string): Promise<boolean>;
  /** Best first. */
  top(game: GameId, scope: RatingScope, n: number, opts?: TopOptions): Promise<LeaderboardEntry[]>;
  /**
   * 1-based rank among all rated players of the scope, or null when unrated.
   * With opts: the rank among the players `top` would list with the same opts
   * (the leaderboard position), or null when the player does not pass the filter.
   */
  rank(game: GameId, userId: string, scope: RatingScope, opts?: TopOptions): Promise<number | null>;
  /** Counts a scope's rated players and those passing the filter (reads every player's record: O(players)). */
  census(game: GameId, scope: RatingScope, opts?: TopOptions): Promise<BoardCensus>;
}

// ---------------------------------------------------------------------------
// Server settings (admins)

export type SettingsChanges = Partial<{ [K in keyof GuildSettings]: GuildSettings[K] | null }>;

export interface SettingsStore {
  get(guildId: string): Promise<GuildSettings>;
  /** Merges the changes (null clears a field) and returns the new settings. */
  update(guildId: string, changes: SettingsChanges): Promise<GuildSettings>;
  /**
   * Read-modify-write as one compare-and-set on the settings' version:
   * `change` sees the current settings and returns the changes (or throws to
   * refuse); a concurrent write makes it run again on the new settings.
   */
  modify(guildId: string, change: (current: GuildSettings) => SettingsChanges): Promise<GuildSettings>;
}

// ---------------------------------------------------------------------------
// The store

export interface StoreLogger {
  warn(msg: string): void;
  info?(msg: string): void;
}

export interface OpenStoreOptions {
  /** REDIS_URL; absent = embedded in-memory store (ioredis-mock), with a loud warning. */
  url?: string;
  /** Treat `url` as a seed node of a Redis Cluster (REDIS_CLUSTER=true). */
  cluster?: boolean;
  /** Key prefix, default `hexmate:`. Must not contain `{` or `}` (hash tags). */
  prefix?: string;
  logger?: StoreLogger;
  /** Default challenge TTL, ms (15 min). */
  challengeTtlMs?: number;
  /** How long openStore keeps trying to reach Redis at start-up before it throws, ms (15 s). */
  startupTimeoutMs?: number;
  /** A command Redis has not answered within this fails, ms (REDIS_COMMAND_TIMEOUT_MS, default 1000). */
  commandTimeoutMs?: number;
  /** The clock of the store's own instants (challenge expiry, creation times); tests inject one. Default Date.now. */
  now?: () => number;
}

/** Called with a game's id and its new version after each committed write of it, in any bot process. */
export type GameChangeListener = (id: string, version: number) => void;

/** Committed game writes as they happen, across processes (Redis pub/sub; store/changes.ts). */
export interface GameChangeFeed {
  /** Listens until the returned function is called. Rejects when Redis cannot be reached. */
  subscribe(listener: GameChangeListener): Promise<() => Promise<void>>;
}

export interface Store {
  games: GameStore;
  /** Committed game writes, for live watchers (the web page). */
  changes: GameChangeFeed;
  channels: ChannelStore;
  gameIndex: GameIndex;
  outbox: Outbox;
  aiTurns: AiTurnStore;
  reviews: ReviewStore;
  practice: PracticeStore;
  challenges: ChallengeStore;
  interactions: InteractionStore;
  ratings: RatingStore;
  /** The puzzles' book of the same rating store (issue 20): players' puzzle ratings and the puzzles' own. */
  puzzleRatings: RatingStore;
  /** The puzzle pool (issue 20): the shipped set and puzzles from finished games, who saw which, the daily posts. */
  puzzles: PuzzleStore;
  /** Finished games' puzzle candidates, checked once across processes (issue 20, store/puzzle-checks.ts). */
  puzzleChecks: PuzzleCheckStore;
  settings: SettingsStore;
  tournaments: TournamentStore;
  seasons: SeasonStore;
  processes: ProcessStore;
  /** true when running on the embedded in-memory store. */
  readonly embedded: boolean;
  readonly prefix: string;
  /** A command Redis has not answered within this fails, ms. */
  readonly commandTimeoutMs: number;
  /** The raw client, for tests only (a Cluster client behind the same type when `cluster` is set). */
  readonly redis: import('ioredis').Redis;
  /** Resolves when Redis answers a PING within `timeoutMs`, else rejects saying why (readiness checks). */
  ping(timeoutMs: number): Promise<void>;
  /**
   * Calls `listener` on every Redis error: `connection` when the client fails to reach or loses the server
   * (once per failed attempt), `command` when a command sent to it fails. Returns the way to stop listening.
   */
  onError(listener: (kind: RedisErrorKind) => void): () => void;
  close(): Promise<void>;
}

/** Which bot processes are alive (a heartbeat with a time to live), so others can take over their unfinished work. */
export interface ProcessStore {
  /** Says that `id` is alive for the next `ttlMs`. */
  beat(id: string, ttlMs: number): Promise<void>;
  alive(id: string): Promise<boolean>;
  /** Says that `id` has stopped (a clean shutdown). */
  gone(id: string): Promise<void>;
}
export type RedisErrorKind = 'connection' | 'command';

/** A stored record that does not validate (hand-edited, truncated, from a future version). */
export class CorruptRecordError extends Error {
  override readonly name = 'CorruptRecordError';
  constructor(
    readonly kind:
      | 'game'
      | 'challenge'
      | 'rating'
      | 'settings'
      | 'tournament'
      | 'review'
      | 'practice'
      | 'puzzle'
      | 'puzzle-check',
    readonly key: string,
    readonly issues: string[],
    /** The record's id when the reader knows it (a game found by its channel: to quarantine it). */
    readonly recordId?: string,
  ) {
    super(`corrupt ${kind} record at ${key}: ${issues.slice(0, 3).join('; ')}`);
  }
}

export const isCorruptRecordError = (e: unknown): e is CorruptRecordError => e instanceof CorruptRecordError;

// ---------------------------------------------------------------------------
// Tournaments

export type NewTournament = Omit<StoredTournament, 'id' | 'version' | 'createdAt'> & { id?: string };

export type TournamentUpdate =
  | { ok: true; tournament: StoredTournament }
  | { ok: false; reason: 'conflict' | 'not-found' };

export interface TournamentStore {
  create(t: NewTournament): Promise<StoredTournament>;
  /** The tournament, or null. Throws CorruptRecordError on a record that does not validate. */
  get(id: string): Promise<StoredTournament | null>;
  /** Replaces the record if its version is still `expectedVersion` (the compare-and-set of every change). */
  update(id: string, expectedVersion: number, next: StoredTournament): Promise<TournamentUpdate>;
  /** A server's tournaments, newest first (damaged records skipped with a warning). */
  listByGuild(guildId: string, limit?: number): Promise<StoredTournament[]>;
  /** Ids of tournaments whose wakeAt <= now (the tournament sweep). Re-check after loading. */
  due(now: number, limit?: number): Promise<string[]>;
  /** Moves a tournament's place in the due index to `at` (the sweep looked and nothing changed); never adds one. */
  snooze(id: string, at: number): Promise<void>;
  /**
   * A lease on one piece of work (opening a pairing's game, posting the
   * winners) across processes: true for one caller until it expires.
   */
  lease(tournamentId: string, what: string, ms: number): Promise<boolean>;
  /** Records a tournament a player won (for /stats), once. */
  addWin(userId: string, tournamentId: string, at: number): Promise<void>;
  /** Ids of the tournaments a player won, newest first. */
  wins(userId: string, limit?: number): Promise<string[]>;
}

// ---------------------------------------------------------------------------
// Seasons

export interface SeasonStore {
  /** Marks a server as keeping seasons (the rollover sweep visits it) or not. */
  track(guildId: string, on: boolean): Promise<void>;
  /** Servers that keep seasons. */
  guilds(): Promise<string[]>;
  /**
   * The end-of-season post of a server, made once across processes and
   * retried after a failure: a lease for `ms` to the one process that may post
   * now (false for everyone once the season is marked done, and for the others
   * while the lease holds).
   */
  leaseRollover(guildId: string, season: string, ms: number): Promise<boolean>;
  /** After a failed post: the lease now ends in `ms`, and the post is tried again after that. */
  retryRollover(guildId: string, season: string, ms: number): Promise<void>;
  /** The post is out (or there was nothing to post): marked done for good, the lease dropped. */
  finishRollover(guildId: string, season: string): Promise<void>;
}

// ---------------------------------------------------------------------------
// Puzzles (issue 20)

/** A puzzle check's job: a finished game's candidate at a ply. */
export interface PuzzleCheckRef {
  gameId: string;
  ply: number;
}

/** A hint of the pending index: the job, and when to look at it (its creation, or a retry's time). */
export type PendingPuzzleCheck = PuzzleCheckRef & { at: number };

/** What a candidate's job is created with: where it is (the position before the ply) and its check's seed. */
export type NewPuzzleCheck = Pick<PuzzleCheckJob, 'gameId' | 'ply' | 'game' | 'setup' | 'moves' | 'seed'>;

/** How a candidate ends: its puzzle added to the pool (or there already), refused by the check, or given up. */
export type PuzzleCheckOutcome = Extract<PuzzleCheckStatus, 'added' | 'rejected' | 'failed'>;

export type PuzzleCheckLease =
  | { ok: true; job: PuzzleCheckJob }
  /** `held`: a process holds it (`holder`) and its lease runs; `over`: it has ended; `not-found`: no such job. */
  | { ok: false; reason: 'held'; holder: string }
  | { ok: false; reason: 'over' | 'not-found' };

/**
 * Puzzle candidates as leased jobs, one per game and ply: created once, checked by the process holding its lease (a
 * process that dies leaves it to run out, or to be taken over from a process found gone), ended once. An ended job's
 * record lives a day more, then Redis drops it.
 */
export interface PuzzleCheckStore {
  /** Creates a candidate's job (queued), once per game and ply: true for the call that created it. Hint first. */
  create(c: NewPuzzleCheck): Promise<boolean>;
  /** The job, or null. Throws CorruptRecordError on a record that does not validate. */
  get(r: PuzzleCheckRef): Promise<PuzzleCheckJob | null>;
  /**
   * Jobs that may need a process, noted at or before `before` (ms), oldest first, with when each was noted; a hint
   * that names no job (a hand edit) is dropped (logged).
   */
  pending(before: number, limit?: number): Promise<PendingPuzzleCheck[]>;
  /** Looks at a job's hint again at `at` (ms), or never (null: drops it). */
  recheck(r: PuzzleCheckRef, at: number | null): Promise<void>;
  /**
   * Takes a job up until `now + ttlMs`: queued (becomes running), or running / checked with no holder, an expired
   * lease, `owner`'s own, or held by `takeOver` (a process found gone). Each new holder counts a try.
   */
  lease(
    r: PuzzleCheckRef,
    owner: string,
    now: number,
    ttlMs: number,
    takeOver?: string | null,
  ): Promise<PuzzleCheckLease>;
  /** Keeps `owner`'s lease until `now + ttlMs`; false when it holds none. */
  extend(r: PuzzleCheckRef, owner: string, now: number, ttlMs: number): Promise<boolean>;
  /** running → checked with the confirmed puzzle (adding it is next); false if not `owner`'s. */
  checked(r: PuzzleCheckRef, owner: string, puzzle: Puzzle): Promise<boolean>;
  /** running / checked → its end, the lease and the hint dropped, the record kept a day; false if not `owner`'s. */
  finish(r: PuzzleCheckRef, owner: string, outcome: PuzzleCheckOutcome): Promise<boolean>;
  /** Gives the lease back: running → queued, checked stays (another process adds it); false if not held. */
  release(r: PuzzleCheckRef, owner: string): Promise<boolean>;
  /** A job whose record does not validate: its hint dropped, its record kept a day (to be looked at), then gone. */
  skip(r: PuzzleCheckRef): Promise<void>;
}

/** A server's daily puzzle post of one day: the puzzle chosen (once) and the message, once it is out. */
export interface DailyPuzzle {
  puzzleId: string;
  messageId: string | null;
}

export interface PuzzleStore {
  /** Adds the puzzles the pool does not have yet (one position is one puzzle: its id); returns how many were new. */
  add(puzzles: readonly Puzzle[]): Promise<number>;
  /** A puzzle; null for an unknown one or a text that is no id. Throws CorruptRecordError. */
  get(id: string): Promise<Puzzle | null>;
  /** The puzzle of `game` nearest `rating` in the pool that `userId` has not seen; null when they have seen all. */
  pick(game: GameId, userId: string, rating: number): Promise<Puzzle | null>;
  /** Marks a puzzle seen by a player (given to them); false when it was already. */
  see(userId: string, puzzleId: string): Promise<boolean>;
  /** Moves a puzzle to its new rating in its game's pool (after an answer). */
  rerate(game: GameId, puzzleId: string, rating: number): Promise<void>;
  /** How many puzzles a game's pool has. */
  count(game: GameId): Promise<number>;
  /** A server's daily puzzle of a day (YYYY-MM-DD, UTC), or null. */
  daily(guildId: string, day: string): Promise<DailyPuzzle | null>;
  /**
   * Holds the posting of a server's daily puzzle for `leaseMs` (one process at a time, across processes); false when
   * another holds it.
   */
  leaseDaily(guildId: string, day: string, owner: string, leaseMs: number): Promise<boolean>;
  /** Chooses the day's puzzle once: the first choice stays (returned), a later one is ignored. */
  chooseDaily(guildId: string, day: string, puzzleId: string): Promise<DailyPuzzle>;
  /** Records the day's post (once it is out). */
  postedDaily(guildId: string, day: string, messageId: string): Promise<void>;
  /** Servers with a daily puzzle channel (a hint; their settings say). */
  dailyGuilds(): Promise<string[]>;
  /** Adds or removes a server from dailyGuilds. */
  trackDaily(guildId: string, on: boolean): Promise<void>;
}
