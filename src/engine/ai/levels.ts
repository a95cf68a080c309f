// The AI levels, in one table (product.md item 8: easy, medium, hard).
// Iterations make a level's strength reproducible for a seed; the time cap
// only guards the 2-second promise of `hard` on a slow or busy machine.
import type { GameId } from '../game.js';
import type { SearchParams } from './mcts.js';

export const LEVEL_NAMES = ['easy', 'medium', 'hard'] as const;
export type Level = (typeof LEVEL_NAMES)[number];

export const isLevel = (x: unknown): x is Level => x === 'easy' || x === 'medium' || x === 'hard';

const base: Omit<SearchParams, 'iterations' | 'timeMs'> = {
  exploration: 0.7,
  playoutDepth: Infinity,
  priorWeight: 0,
  usePriors: false,
  usePlayoutPolicy: false,
  useEvaluation: false,
  rootCheck: true,
};

export const LEVELS: Record<Level, Record<GameId, SearchParams>> = {
  easy: {
    exxit: { ...base, iterations: 200, timeMs: 500 },
    orion: { ...base, iterations: 200, timeMs: 500 },
  },
  medium: {
    exxit: { ...base, iterations: 1500, timeMs: 1000 },
    orion: { ...base, iterations: 1500, timeMs: 1000 },
  },
  hard: {
    exxit: { ...base, iterations: 6000, timeMs: 1600 },
    orion: { ...base, iterations: 6000, timeMs: 1600 },
  },
};

export function levelParams(game: GameId, level: Level): SearchParams {
  return LEVELS[level][game];
}
