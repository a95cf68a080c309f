// The puzzle check (issue 20, docs/puzzles.md): a position is a puzzle when one move is clearly best — its win chance
// at least PUZZLE_GAP points above the second best's — measured by a search deeper than a hard move's (at least
// PUZZLE_FACTOR × its budget). The best move comes from one search of the position; the second best is the best of
// a second search with that move left out (SearchOptions.exclude), so both are measured with the full budget (a
// root child of the first search that lost the competition early has too few visits to be trusted).
// Pure: no I/O; seeded; the budget is iterations / nodes, so a seed gives the same answer on any machine.
import { sameMoveOf, searchPosition } from './ai/index.js';
import { playerParams, type SearchPlayer } from './ai/levels.js';
import type { SearchResult } from './ai/mcts.js';
import type { AnyGame, GameId } from './game.js';
import { getGame } from './index.js';
import { chanceAfter } from './review.js';

/** Points of win chance (0..100) the best move must be above the second best. */
export const PUZZLE_GAP = 20;
/** The check's search is at least this many times a hard move's budget. */
export const PUZZLE_FACTOR = 10;

export interface PuzzleBudget {
  player: SearchPlayer;
  /** Iterations (MCTS) or nodes (alpha-beta) of each of the two searches. */
  iterations: number;
}

/** The check's budget for a game: hard's search with PUZZLE_FACTOR × its budget. */
export function puzzleBudget(game: GameId): PuzzleBudget {
  return { player: 'hard', iterations: playerParams(game, 'hard').iterations * PUZZLE_FACTOR };
}

export interface PuzzleCheck {
  /** The best move is at least PUZZLE_GAP points above the second best. */
  unique: boolean;
  /** Canonical text of the best move: the puzzle's solution. */
  best: string;
  /** Canonical text of the second best (null when the position has a single move: no puzzle). */
  second: string | null;
  /** The mover's win chance 0..100 after each. */
  bestChance: number;
  secondChance: number;
  /** bestChance − secondChance, points. */
  gap: number;
}

export interface PuzzleCheckOptions {
  seed: number;
  /** A smaller budget (tests) or a larger one; default puzzleBudget(game). */
  budget?: PuzzleBudget;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

/** The mover's chance 0..100 after the answer of a search, measured by another search when this one did not run. */
function chanceOfAnswer(g: AnyGame, state: unknown, r: SearchResult<unknown>, budget: PuzzleBudget, seed: number) {
  if (r.proven === 'win') return 100;
  if (r.proven === 'loss') return 0;
  if (r.iterations > 0) return r.value * 100;
  // The search returned at once (a single safe move): the position after it has the value.
  const next = g.play(state, r.move);
  return next.ok ? chanceAfter(g, next.value, g.toMove(state), budget, seed) : 50;
}

/**
 * Whether `state` (a valid state of `game`, not over) is a puzzle for the side to move. A position with a single legal
 * move, or a forced one, is not (null).
 */
export function checkPuzzle(game: GameId, state: unknown, opts: PuzzleCheckOptions): PuzzleCheck | null {
  const g = getGame(game);
  // A finished game has no legal move, and a forced one (Exxit's pass) is the only one (Game.legalMoves, forcedMove).
  if (g.legalMoves(state).length < 2) return null;
  const budget = opts.budget ?? puzzleBudget(game);
  const seed = opts.seed >>> 0;
  const pos = g.position(state);
  const first = searchPosition(game, pos, budget.player, seed, undefined, undefined, undefined, budget.iterations);
  const bestChance = chanceOfAnswer(g, state, first, budget, seed);
  // Every move that is the same move as the best (Orion's texts laying the same cells) is left out.
  const same = sameMoveOf(game);
  const others = g.legalMoves(state).filter((m) => !same(m, first.move));
  const best = g.formatMove(state, first.move, 'canonical');
  if (others.length === 0) return null;
  const second = searchPosition(game, pos, budget.player, seed, undefined, undefined, undefined, budget.iterations, [
    first.move,
  ]);
  const secondChance = chanceOfAnswer(g, state, second, budget, seed);
  const gap = round1(bestChance - secondChance);
  return {
    unique: gap >= PUZZLE_GAP,
    best,
    second: g.formatMove(state, second.move, 'canonical'),
    bestChance: round1(bestChance),
    secondChance: round1(secondChance),
    gap,
  };
}

/** The weakest level whose own move (seeded) is the solution: the puzzle's difficulty, null when none finds it. */
export function puzzleFoundBy(
  game: GameId,
  state: unknown,
  solution: string,
  seed: number,
): 'easy' | 'medium' | 'hard' | null {
  const g = getGame(game);
  const parsed = g.parseMove(state, solution);
  if (!parsed.ok) throw new Error(`puzzleFoundBy: "${solution.slice(0, 40)}" is not legal here`);
  const same = sameMoveOf(game);
  for (const level of ['easy', 'medium', 'hard'] as const) {
    if (same(searchPosition(game, g.position(state), level, seed >>> 0).move, parsed.value)) return level;
  }
  return null;
}

/**
 * A cheap look before the check: the gap in points between the two best root moves of one search of `iterations`
 * (hard's search), 0 when there are not two. Mining sends positions with a large one to checkPuzzle.
 */
export function screenGap(game: GameId, state: unknown, seed: number, iterations: number): number {
  const g = getGame(game);
  if (g.legalMoves(state).length < 2) return 0; // a finished game has none
  const r = searchPosition(game, g.position(state), 'hard', seed >>> 0, undefined, undefined, undefined, iterations);
  // The root check plays the first move that wins at once without a search: a second one makes no puzzle.
  if (r.proven === 'win' && r.iterations === 0 && winsAtOnce(g, state) > 1) return 0;
  const [a, b] = r.children;
  if (!a || !b) return r.proven === 'win' ? 100 : 0;
  const chance = (c: (typeof r.children)[number]): number =>
    c.proven === 'win' ? 100 : c.proven === 'loss' ? 0 : c.visits > 0 ? c.value * 100 : 50;
  return chance(a) - chance(b);
}

/** How many moves win at once for the side to move (counting stops at two). */
function winsAtOnce(g: AnyGame, state: unknown): number {
  const me = g.toMove(state);
  let n = 0;
  for (const m of g.legalMoves(state)) {
    const next = g.play(state, m);
    if (next.ok && g.outcome(next.value).winner === me && ++n > 1) break;
  }
  return n;
}
