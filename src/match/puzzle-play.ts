// Solving a puzzle (issue 20, docs/puzzles.md) as a practice session of kind 'puzzle' (practice.ts: the position, the
// builder and /move, one answer written once by compare-and-set): one puzzle given to a player near their puzzle
// rating among those they have not seen, one try, and the answer rated (Glicko-2 in the puzzles' book: the player
// against the puzzle, both scopes for the player; the puzzle's own rating, global only, moves too, and its place in the
// pool).
import { createHash } from 'node:crypto';
import { sameMoveOf } from '../engine/ai/index.js';
import { allGames, getGame, type GameId, type Side } from '../engine/index.js';
import { replay } from '../engine/replay.js';
import type { Msg } from '../i18n/msg.js';
import {
  defaultSnapshot,
  isRecordId,
  type PlayerRatingChange,
  type PracticeSession,
  type Puzzle,
  type RatingSnapshot,
} from '../model/index.js';
import { isCorruptRecordError } from '../store/types.js';
import type { MatchContext } from './context.js';
import { titleMsg } from './describe.js';
import type { PracticeRules } from './practice-kinds.js';
import { refuse } from './refusal.js';

/** Per player, across processes: one new puzzle every few seconds. */
export const PUZZLE_COOLDOWN_MS = 5_000;
/** A puzzle's deviation at its first rating (its start is a guess from the levels, firmer than a newcomer's). */
const PUZZLE_START_RD = 200;

export interface OpenPuzzle {
  puzzle: Puzzle;
  /** The position (engine state); the side to move solves. */
  state: unknown;
  side: Side;
  session: PracticeSession;
  /** A Retry your mistakes session the player had open, which this puzzle replaced (one session per user). */
  closedRetry: boolean;
}

/** The puzzle's "player" in the puzzles' book: never a Discord id (those are digits only). */
const puzzleRater = (id: string): string => `pz${id}`;

/**
 * A puzzle session's source: the puzzle, and the server whose board the answer counts for too (none: the global
 * board only), as `<puzzleId>` or `<puzzleId>@<guildId>`.
 */
const sourceOf = (puzzleId: string, guildId: string | null): string => (guildId ? `${puzzleId}@${guildId}` : puzzleId);
function readSource(source: string): { puzzleId: string; guildId: string | null } {
  const [puzzleId, guildId] = source.split('@');
  if (!isRecordId(puzzleId)) return refuse('puzzle.unknown');
  return { puzzleId, guildId: guildId && /^\d{1,20}$/.test(guildId) ? guildId : null };
}

/** A player's puzzle rating in a game (global). */
export const puzzleRating = (ctx: MatchContext, game: GameId, userId: string): Promise<RatingSnapshot> =>
  ctx.store.puzzleRatings.get(game, userId, 'global');

async function loadPuzzle(ctx: MatchContext, puzzleId: string): Promise<Puzzle> {
  try {
    return (await ctx.store.puzzles.get(puzzleId)) ?? refuse('puzzle.unknown');
  } catch (e) {
    if (isCorruptRecordError(e)) refuse('puzzle.broken');
    throw e;
  }
}

/** One try per player and puzzle: the attempt's id in the puzzles' book (its rating applied once). */
const attemptId = (userId: string, puzzleId: string): string =>
  createHash('sha256').update(`puzzle-try:${userId}:${puzzleId}`).digest('hex').slice(0, 24);

/** Opens a puzzle for a player as their practice session (replacing the one they had). */
async function open(ctx: MatchContext, userId: string, p: Puzzle, guildId: string | null): Promise<OpenPuzzle> {
  const g = getGame(p.game);
  const r = replay(g, p.setup, p.moves);
  if (!r.ok || g.outcome(r.states[r.states.length - 1]).over || !g.parseMove(r.states.at(-1), p.solution).ok) {
    ctx.log.error({ puzzleId: p.id }, 'puzzle does not replay to a position its solution is legal in');
    return refuse('puzzle.broken');
  }
  const state = r.states[r.states.length - 1];
  await ctx.store.puzzles.see(userId, p.id);
  // The practice core keeps one session per user: a retry left open ends here, and the player is told so.
  const earlier = await ctx.store.practice.get(userId).catch((e: unknown) => {
    if (isCorruptRecordError(e)) return null;
    throw e;
  });
  const closedRetry = earlier?.kind === 'retry' && earlier.status === 'open';
  const session = await ctx.store.practice.start({
    kind: 'puzzle',
    userId,
    source: sourceOf(p.id, guildId),
    items: [
      {
        game: p.game,
        setup: p.setup,
        moves: p.moves,
        best: p.solution,
        ply: null,
        played: null,
        players: null,
        outcome: 'pending',
        answer: null,
        loss: null,
      },
    ],
  });
  return { puzzle: p, state, side: g.toMove(state), session, closedRetry };
}

/**
 * Gives a player a puzzle of `game` (or of any game) near their puzzle rating that they have not seen. Refused during
 * the cooldown, and when none is left. `guildId`: the server whose board the answer counts for too.
 */
export async function givePuzzle(
  ctx: MatchContext,
  userId: string,
  game: GameId | null,
  guildId: string | null,
): Promise<OpenPuzzle> {
  const wait = await ctx.store.interactions.cooldown(`puzzle:${userId}`, PUZZLE_COOLDOWN_MS);
  if (wait > 0) refuse('puzzle.cooldown', { seconds: Math.ceil(wait / 1000) });
  const games = game ? [game] : allGames().map((g) => g.id);
  // Any game: start from a different one each time, so both come up.
  const shift = Math.floor(ctx.now() / PUZZLE_COOLDOWN_MS) % games.length;
  for (const id of [...games.slice(shift), ...games.slice(0, shift)]) {
    const mine = await puzzleRating(ctx, id, userId);
    const p = await ctx.store.puzzles.pick(id, userId, mine.rating);
    if (p) return open(ctx, userId, p, guildId);
  }
  return game ? refuse('puzzle.noneOfGame', { game: titleMsg(game) }) : refuse('puzzle.none');
}

/** A given puzzle (the daily post's Solve): refused once the player has answered it. */
export async function openPuzzle(
  ctx: MatchContext,
  userId: string,
  puzzleId: string,
  guildId: string | null,
): Promise<OpenPuzzle> {
  const p = await loadPuzzle(ctx, puzzleId);
  if (await ctx.store.puzzleRatings.wasApplied(p.game, attemptId(userId, p.id))) refuse('puzzle.answered');
  return open(ctx, userId, p, guildId);
}

/**
 * The rating of a player's answer to a puzzle: applied once (the book's marker per attempt); asked again, the stored
 * change (`applied` false). A player who already answered the puzzle in another session keeps their first answer.
 */
export async function ratePuzzleAnswer(
  ctx: MatchContext,
  userId: string,
  source: string,
  solved: boolean,
): Promise<{ applied: boolean; solved: boolean; change: PlayerRatingChange }> {
  const { puzzleId, guildId } = readSource(source);
  const p = await loadPuzzle(ctx, puzzleId);
  const start: RatingSnapshot = { ...defaultSnapshot(), rating: p.rating, rd: PUZZLE_START_RD };
  const out = await ctx.store.puzzleRatings.applyResult(
    p.game,
    attemptId(userId, p.id),
    guildId,
    [userId, puzzleRater(p.id)],
    { winner: solved ? 0 : 1, draw: false },
    ctx.now(),
    {},
    // The puzzle is rated globally only: a server-scope entry of it would be read by nothing (the player's server
    // rating moves against the puzzle's one rating).
    [null, { start, globalOnly: true }],
  );
  const [me, puzzle] = out.players;
  if (out.applied) await ctx.store.puzzles.rerate(p.game, p.id, puzzle.global.after.rating);
  return { applied: out.applied, solved: me.global.after.wins > me.global.before.wins, change: me };
}

/** The practice rules of a puzzle: found when it is the solution (the same move), then rated once. */
export const puzzleRules: PracticeRules = {
  judge(_ctx, _s, item, before, answer) {
    const g = getGame(item.game);
    const a = g.parseMove(before, answer);
    const b = g.parseMove(before, item.best);
    const same = sameMoveOf(item.game);
    return Promise.resolve({ found: a.ok && b.ok && same(a.value, b.value), loss: null });
  },
  async answered(ctx, s, item) {
    const rated = await ratePuzzleAnswer(ctx, s.userId, s.source, item.outcome === 'found');
    return puzzleChangeMsg(item.game, rated.change);
  },
};

/** The line that tells a player their puzzle rating's change (global: the rating /stats shows first). */
export const puzzleChangeMsg = (game: GameId, change: PlayerRatingChange): Msg => ({
  key: 'puzzle.change',
  params: { game: titleMsg(game), before: change.global.before.rating, after: change.global.after.rating },
});
