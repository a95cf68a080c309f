// Solving a puzzle (issue 20, docs/puzzles.md): one given to a player near their puzzle rating among those they have
// not seen, one try, and the answer rated (Glicko-2 in the puzzles' book: the player against the puzzle, both scopes
// for the player; the puzzle's own rating moves too). Whatever session shows it (a /puzzle answer, the daily post's
// Solve button), these two calls are the puzzle's rules.
import { createHash } from 'node:crypto';
import { SAME_MOVE } from '../engine/ai/index.js';
import { allGames, getGame, type GameId, type Side } from '../engine/index.js';
import { replay } from '../engine/replay.js';
import { defaultSnapshot, type PlayerRatingChange, type Puzzle, type RatingSnapshot } from '../model/index.js';
import { isCorruptRecordError } from '../store/types.js';
import type { MatchContext } from './context.js';
import { ruleErrorMsg, titleMsg } from './describe.js';
import { refuse, refuseMsg } from './refusal.js';

/** Per player, across processes: one new puzzle every few seconds. */
export const PUZZLE_COOLDOWN_MS = 5_000;
/** How long a puzzle stays open for its answer. */
export const PUZZLE_OPEN_MS = 60 * 60_000;
/** A puzzle's deviation at its first rating (its start is a guess from the levels, firmer than a newcomer's). */
const PUZZLE_START_RD = 200;

export interface OpenPuzzle {
  puzzle: Puzzle;
  /** The position (engine state); the side to move solves. */
  state: unknown;
  side: Side;
}

export interface PuzzleAnswer extends OpenPuzzle {
  /** The move played, canonical. */
  played: string;
  solved: boolean;
  /** The player's puzzle rating change (global, and the server's when it counts for one). */
  change: PlayerRatingChange;
}

/** The puzzle's "player" in the puzzles' book: never a Discord id (those are digits only). */
export const puzzleRater = (id: string): string => `pz${id}`;

/** The position of a puzzle record; a puzzle that does not replay is refused (and logged). */
function openOf(ctx: MatchContext, puzzle: Puzzle): OpenPuzzle {
  const g = getGame(puzzle.game);
  const r = replay(g, puzzle.setup, puzzle.moves);
  if (!r.ok) {
    ctx.log.error({ puzzleId: puzzle.id, at: r.index }, 'puzzle does not replay');
    return refuse('puzzle.broken');
  }
  const state = r.states[r.states.length - 1];
  if (g.outcome(state).over) return refuse('puzzle.broken');
  return { puzzle, state, side: g.toMove(state) };
}

/** A player's puzzle rating in a game (global). */
export const puzzleRating = (ctx: MatchContext, game: GameId, userId: string): Promise<RatingSnapshot> =>
  ctx.store.puzzleRatings.get(game, userId, 'global');

/**
 * Gives a player a puzzle of `game` (or of any game) near their puzzle rating that they have not seen, and opens it
 * for their answer. Refused during the cooldown, and when none is left.
 */
export async function givePuzzle(ctx: MatchContext, userId: string, game: GameId | null): Promise<OpenPuzzle> {
  const wait = await ctx.store.interactions.cooldown(`puzzle:${userId}`, PUZZLE_COOLDOWN_MS);
  if (wait > 0) refuse('puzzle.cooldown', { seconds: Math.ceil(wait / 1000) });
  const games = game ? [game] : allGames().map((g) => g.id);
  // Any game: start from a different one each time, so both come up.
  const shift = Math.floor(ctx.now() / PUZZLE_COOLDOWN_MS) % games.length;
  for (const id of [...games.slice(shift), ...games.slice(0, shift)]) {
    const mine = await puzzleRating(ctx, id, userId);
    const p = await ctx.store.puzzles.pick(id, userId, mine.rating);
    if (!p) continue;
    await ctx.store.puzzles.see(userId, p.id);
    const open = openOf(ctx, p);
    await ctx.store.puzzles.hold(userId, p.id, PUZZLE_OPEN_MS);
    return open;
  }
  return game ? refuse('puzzle.noneOfGame', { game: titleMsg(game) }) : refuse('puzzle.none');
}

/** A puzzle the player was given and may still answer (the daily post's Solve gives it to them first). */
export async function openPuzzle(ctx: MatchContext, userId: string, puzzleId: string): Promise<OpenPuzzle> {
  const p = await loadPuzzle(ctx, puzzleId);
  if (await answered(ctx, userId, p)) refuse('puzzle.answered');
  await ctx.store.puzzles.see(userId, p.id);
  await ctx.store.puzzles.hold(userId, p.id, PUZZLE_OPEN_MS);
  return openOf(ctx, p);
}

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

async function answered(ctx: MatchContext, userId: string, p: Puzzle): Promise<boolean> {
  // The book's idempotency: applying again returns the stored outcome without a change; ask without applying.
  return ctx.store.puzzleRatings.wasApplied(p.game, attemptId(userId, p.id));
}

/**
 * A player's one try at a puzzle they were given: the move is checked in the puzzle's position (an illegal one is
 * refused and is no try), right when it is the solution, and rated once. A second answer is refused, changing nothing.
 * `guildId`: the server whose board it counts for too (null: the global one only).
 */
export async function answerPuzzle(
  ctx: MatchContext,
  userId: string,
  guildId: string | null,
  puzzleId: string,
  text: string,
): Promise<PuzzleAnswer> {
  const p = await loadPuzzle(ctx, puzzleId);
  if (!(await ctx.store.puzzles.seen(userId, p.id))) refuse('puzzle.notYours');
  if (await answered(ctx, userId, p)) refuse('puzzle.answered');
  const open = openOf(ctx, p);
  const g = getGame(p.game);
  const move = g.parseMove(open.state, text);
  if (!move.ok) return refuseMsg(ruleErrorMsg(move.error), move.error.rule);
  const solution = g.parseMove(open.state, p.solution);
  if (!solution.ok) {
    ctx.log.error({ puzzleId: p.id }, 'puzzle solution is not legal in its position');
    return refuse('puzzle.broken');
  }
  const same = (SAME_MOVE[p.game] as ((a: unknown, b: unknown) => boolean) | undefined) ?? ((a, b) => a === b);
  const solved = same(move.value, solution.value);
  const start: RatingSnapshot = { ...defaultSnapshot(), rating: p.rating, rd: PUZZLE_START_RD };
  const out = await ctx.store.puzzleRatings.applyResult(
    p.game,
    attemptId(userId, p.id),
    guildId,
    [userId, puzzleRater(p.id)],
    { winner: solved ? 0 : 1, draw: false },
    ctx.now(),
    {},
    [null, start],
  );
  if (!out.applied) refuse('puzzle.answered');
  await ctx.store.puzzles.rerate(p.game, p.id, out.players[1].global.after.rating);
  if ((await ctx.store.puzzles.held(userId)) === p.id) await ctx.store.puzzles.hold(userId, null);
  return { ...open, played: g.formatMove(open.state, move.value, 'canonical'), solved, change: out.players[0] };
}
