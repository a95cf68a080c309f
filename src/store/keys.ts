// Every Redis key of the store, in one place.
// Hash tags: all keys of one game share the tag {<gameId>} so that the
// compare-and-set script touches a single Redis Cluster slot. Indexes live in
// their own slots and are only ever touched by single-key commands (or by
// scripts over keys that share their own tag).
import type { GameId } from '../engine/game.js';
import type { RatingScope } from '../model/index.js';

export const DEFAULT_PREFIX = 'hexmate:';

/** The rating store's books: game ratings, and puzzle ratings (players and puzzles), apart from each other. */
export type RatingBook = 'games' | 'puzzles';
const bookTag = (book: RatingBook, game: GameId): string =>
  book === 'games' ? `ratings:${game}` : `puzzle-ratings:${game}`;

/** Refuses a prefix that would break hash tags or be unreadable in redis-cli. */
export function checkPrefix(prefix: string): string {
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(prefix)) {
    throw new Error(
      'store prefix must be 1-64 chars of letters, digits, _ . : - (no braces: they are Redis Cluster hash tags)',
    );
  }
  return prefix;
}

/**
 * Ids from Discord (snowflakes) or from us, used inside keys. Braces would move
 * the hash tag; whitespace and control characters have no business there.
 */
export function isKeyPart(s: unknown): s is string {
  return typeof s === 'string' && s.length > 0 && s.length <= 100 && !/[{}\s\p{Cc}]/u.test(s);
}

export function assertKeyPart(what: string, s: unknown): asserts s is string {
  if (!isKeyPart(s)) throw new TypeError(`invalid ${what}: expected 1-100 chars without braces or whitespace`);
}

export function makeKeys(prefix: string) {
  const p = checkPrefix(prefix);
  return {
    prefix: p,
    game: (id: string) => `${p}game:{${id}}`,
    gameMoves: (id: string) => `${p}game:{${id}}:moves`,
    channelActive: (channelId: string) => `${p}channel:{${channelId}}:active`,
    channelLast: (channelId: string) => `${p}channel:{${channelId}}:last`,
    activeGames: () => `${p}games:active`,
    activeGamesOfGuild: (guildId: string) => `${p}games:active:guild:${guildId}`,
    dueGames: () => `${p}games:due`,
    /** Games that may owe a public post (score: when to look). */
    owedGames: () => `${p}games:owed`,
    /** The pub/sub channel of committed game writes (store/changes.ts). */
    changes: () => `${p}games:changed`,
    process: (id: string) => `${p}process:{${id}}`,
    /** Games where the AI may be to move (score: since when); a hint, re-checked. */
    aiTurns: () => `${p}games:ai-turns`,
    /** Which process is thinking for a game's AI (a lease with a time to live). */
    aiLease: (id: string) => `${p}game:{${id}}:ai`,
    /** A game's post-game review job (same slot as its game) and the plies graded so far. */
    review: (id: string) => `${p}game:{${id}}:review`,
    reviewPlies: (id: string) => `${p}game:{${id}}:review:plies`,
    /** Review jobs that may need a process (score: when to look); a hint, re-checked on the job. */
    reviewsPending: () => `${p}reviews:pending`,
    /** Reply mode: a channel's reviews waiting for the next interaction there (score: when they began to wait). */
    channelReviewsOwed: (channelId: string) => `${p}channel:{${channelId}}:reviews-owed`,
    /** A finished game's puzzle candidate at a ply: its check's job (same slot as the game), kept a day once over. */
    puzzleCheck: (id: string, ply: number) => `${p}game:{${id}}:puzzle-check:${ply}`,
    /** Puzzle checks that may need a process, as `<gameId>:<ply>` (score: when to look); a hint, re-checked. */
    puzzleChecksPending: () => `${p}puzzle-checks:pending`,
    /** A user's practice session (one at a time: a new one replaces it). */
    practice: (userId: string) => `${p}user:{${userId}}:practice`,
    userGames: (userId: string) => `${p}user:{${userId}}:games`,
    userActiveGames: (userId: string) => `${p}user:{${userId}}:active`,
    userOpenChallenges: (userId: string) => `${p}user:{${userId}}:challenges`,
    challenge: (id: string) => `${p}challenge:{${id}}`,
    openChallenges: () => `${p}challenges:open`,
    interaction: (id: string) => `${p}interaction:{${id}}`,
    cooldown: (key: string) => `${p}cooldown:{${key}}`,
    settings: (guildId: string) => `${p}settings:{${guildId}}`,
    // All ratings of one game in one book share the tag {ratings:<game>} (games) or {puzzle-ratings:<game>}
    // (puzzles): one script updates both players, both scopes, the leaderboards and the idempotency marker.
    rating: (game: GameId, scope: RatingScope, userId: string, book: RatingBook = 'games') =>
      `${p}ratings:{${bookTag(book, game)}}:player:${scope}:${userId}`,
    leaderboard: (game: GameId, scope: RatingScope, book: RatingBook = 'games') =>
      `${p}ratings:{${bookTag(book, game)}}:board:${scope}`,
    ratingApplied: (game: GameId, gameId: string, book: RatingBook = 'games') =>
      `${p}ratings:{${bookTag(book, game)}}:applied:${gameId}`,
    /** Cached board census (hash: one field per filter), dropped by every rated game of the scope. */
    ratingCensus: (game: GameId, scope: RatingScope, book: RatingBook = 'games') =>
      `${p}ratings:{${bookTag(book, game)}}:census:${scope}`,
    /** The puzzle pool: a puzzle (its record), a game's pool by rating, who has seen which, the daily posts. */
    puzzle: (id: string) => `${p}puzzle:{puzzles}:${id}`,
    puzzlePool: (game: GameId) => `${p}puzzle:{puzzles}:pool:${game}`,
    puzzlesSeen: (userId: string) => `${p}puzzle:{user:${userId}}:seen`,
    puzzleDaily: (guildId: string, day: string) => `${p}puzzle:{daily:${guildId}}:${day}`,
    puzzleDailyLease: (guildId: string, day: string) => `${p}puzzle:{daily:${guildId}}:${day}:lease`,
    puzzleDailyGuilds: () => `${p}puzzle:daily-guilds`,
    tournament: (id: string) => `${p}tournament:{${id}}`,
    tournamentLease: (id: string, what: string) => `${p}tournament:{${id}}:lease:${what}`,
    tournamentsDue: () => `${p}tournaments:due`,
    tournamentsOfGuild: (guildId: string) => `${p}tournaments:guild:${guildId}`,
    userTournamentWins: (userId: string) => `${p}user:{${userId}}:tournament-wins`,
    seasonGuilds: () => `${p}seasons:guilds`,
    /** Set once a season's end-of-season post is out (or there was nothing to post). */
    seasonRollover: (guildId: string, season: string) => `${p}seasons:rollover:{${guildId}}:${season}`,
    /** Held by the process making that post (same slot as the mark: one script checks both). */
    seasonRolloverLease: (guildId: string, season: string) => `${p}seasons:rollover:{${guildId}}:${season}:lease`,
  };
}

export type Keys = ReturnType<typeof makeKeys>;
