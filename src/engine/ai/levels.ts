// The AI levels, in one table (product.md item 8: easy, medium, hard).
// Iterations make a level's strength reproducible for a seed; the time cap
// only guards the 2-second promise of `hard` on a slow or busy machine.
import type { GameId } from '../game.js';
import type { SearchParams } from './mcts.js';

export const LEVEL_NAMES = ['easy', 'medium', 'hard'] as const;
export type Level = (typeof LEVEL_NAMES)[number];

export const isLevel = (x: unknown): x is Level => x === 'easy' || x === 'medium' || x === 'hard';

// Plain UCT: no game knowledge beyond the rules, random playouts.
const plain: Omit<SearchParams, 'iterations' | 'timeMs' | 'playoutDepth'> = {
  exploration: 0.7,
  priorWeight: 0,
  usePriors: false,
  usePlayoutPolicy: false,
  useEvaluation: false,
  rootCheck: true,
};

// With the per-game heuristics (exxit-heuristics.ts, orion-heuristics.ts).
const exxitSmart: Omit<SearchParams, 'iterations' | 'timeMs'> = {
  ...plain,
  playoutDepth: 20, // then the EX-21 score difference
  useEvaluation: true,
  usePriors: true,
  priorWeight: 1,
  usePlayoutPolicy: true,
};
const orionSmart: Omit<SearchParams, 'iterations' | 'timeMs'> = {
  ...plain,
  playoutDepth: 2, // then the connection-distance race
  useEvaluation: true,
  usePriors: true,
  priorWeight: 1,
  expandThreshold: 2,
  widening: { base: 4, factor: 1.5, exponent: 0.5 }, // ~1,200 placements a ply
};

export const LEVELS: Record<Level, Record<GameId, SearchParams>> = {
  // A beginner's opponent: a short plain search; it still takes a win in one.
  easy: {
    exxit: { ...plain, playoutDepth: 20, useEvaluation: true, iterations: 100, timeMs: 500 },
    orion: { ...plain, playoutDepth: Infinity, iterations: 100, timeMs: 500 },
  },
  medium: {
    exxit: { ...exxitSmart, iterations: 800, timeMs: 1000 },
    orion: { ...orionSmart, iterations: 800, timeMs: 1000 },
  },
  // Answers within 2 s (product.md item 8): the time cap guards a busy machine.
  hard: {
    exxit: { ...exxitSmart, iterations: 3000, timeMs: 1500 },
    orion: { ...orionSmart, iterations: 6000, timeMs: 1500 },
  },
};

/** A game without tuned levels (one registered by a test or an extension) gets plain UCT with random playouts. */
const UNTUNED: Record<Level, SearchParams> = {
  easy: { ...plain, playoutDepth: Infinity, iterations: 100, timeMs: 500 },
  medium: { ...plain, playoutDepth: Infinity, iterations: 800, timeMs: 1000 },
  hard: { ...plain, playoutDepth: Infinity, iterations: 3000, timeMs: 1500 },
};

export function levelParams(game: GameId, level: Level): SearchParams {
  return LEVELS[level][game] ?? UNTUNED[level];
}
