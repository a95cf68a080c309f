// The AI levels, in one table (product.md item 8: easy, medium, hard, expert).
// Iterations make a level's strength reproducible for a seed; the time cap
// only guards the 2-second promise of `hard` on a slow or busy machine, and
// the 10 seconds of `expert` (a server may cap it lower: the pool's timeMs).
import type { GameId } from '../game.js';
import type { SearchParams } from './mcts.js';

export const LEVEL_NAMES = ['easy', 'medium', 'hard', 'expert'] as const;
export type Level = (typeof LEVEL_NAMES)[number];

export const isLevel = (x: unknown): x is Level => LEVEL_NAMES.some((l) => l === x);

/** The levels searched with a table row of their own; `expert` is derived from `hard` (below). */
type TunedLevel = Exclude<Level, 'expert'>;

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
  playoutDepth: 2, // then the race to the first victory condition (orion-race.ts)
  useEvaluation: true,
  usePriors: true,
  priorWeight: 1,
  expandThreshold: 2,
  widening: { base: 4, factor: 1.5, exponent: 0.5 }, // ~1,200 placements a ply
};

const TUNED: Record<TunedLevel, Record<GameId, SearchParams>> = {
  // A beginner's opponent: a short plain search; it still takes a win in one.
  easy: {
    exxit: { ...plain, playoutDepth: 20, useEvaluation: true, iterations: 100, timeMs: 500 },
    orion: { ...plain, playoutDepth: Infinity, iterations: 100, timeMs: 500 },
  },
  medium: {
    exxit: { ...exxitSmart, iterations: 800, timeMs: 1000 },
    // The race knowledge of hard at a tenth of its budget: clearly above easy, clearly below hard.
    orion: { ...orionSmart, iterations: 400, timeMs: 1000 },
  },
  // Answers within 2 s (product.md item 8): the time cap guards a busy machine.
  hard: {
    // Exxit: alpha-beta (exxit-alphabeta.ts); `iterations` is its node budget.
    exxit: { ...exxitSmart, algorithm: 'alphabeta', iterations: 150_000, timeMs: 1500 },
    // A race iteration costs ~1.9× the reference's (its evaluation and priors): 3,200 take the time its 6,000 took.
    orion: { ...orionSmart, iterations: 3200, timeMs: 1500 },
  },
};

// Expert (issue 19): hard's search, whatever it becomes, with a budget for
// correspondence games. The time cap is the promise (10 s; a server may lower
// it); the iterations are about what 10 s buy in one core of a 2-core machine
// (8 × hard's budget took 4.4 s a move on average for Orion, docs/ai.md), so
// where the machine has a core to spare the two meet and the move is the
// seed's, and under load the cap ends the search.
export const EXPERT_TIME_MS = 10_000;
const EXPERT_BUDGET_FACTOR = 16;
const expertOf = (hard: SearchParams): SearchParams => ({
  ...hard,
  iterations: hard.iterations * EXPERT_BUDGET_FACTOR,
  timeMs: EXPERT_TIME_MS,
});
const expertRow = (hard: Record<GameId, SearchParams>): Record<GameId, SearchParams> =>
  Object.fromEntries(Object.entries(hard).map(([game, p]) => [game, expertOf(p)])) as Record<GameId, SearchParams>;

export const LEVELS: Record<Level, Record<GameId, SearchParams>> = { ...TUNED, expert: expertRow(TUNED.hard) };

/** A game without tuned levels (one registered by a test or an extension) gets plain UCT with random playouts. */
const UNTUNED_HARD: SearchParams = { ...plain, playoutDepth: Infinity, iterations: 3000, timeMs: 1500 };
const UNTUNED: Record<Level, SearchParams> = {
  easy: { ...plain, playoutDepth: Infinity, iterations: 100, timeMs: 500 },
  medium: { ...plain, playoutDepth: Infinity, iterations: 800, timeMs: 1000 },
  hard: UNTUNED_HARD,
  expert: expertOf(UNTUNED_HARD),
};

export function levelParams(game: GameId, level: Level): SearchParams {
  return LEVELS[level][game] ?? UNTUNED[level];
}

// ---------------------------------------------------------------------------
// Frozen players, the yardsticks of the AI's progress (docs/ai.md): the engine
// tool's matches and ladder and the benches may pick them; players never can
// (LEVEL_NAMES is what /play-bot offers). A reference spells its parameters out
// and names its heuristics (index.ts): a change to the levels or to new
// knowledge leaves it as it was. test/ai/reference.test.ts checks that it still
// chooses the moves it chose when it was frozen.

export const REFERENCE_NAMES = ['ref-2026-12'] as const;
export type Reference = (typeof REFERENCE_NAMES)[number];
export const isReference = (x: unknown): x is Reference => REFERENCE_NAMES.some((r) => r === x);

/** Whoever can search: a level, or a frozen reference. */
export type SearchPlayer = Level | Reference;
export const isSearchPlayer = (x: unknown): x is SearchPlayer => isLevel(x) || isReference(x);

export const REFERENCES: Record<Reference, Record<GameId, SearchParams>> = {
  // `hard` as it was on 2026-12-04 (commit 7f994c1), with the heuristics of that day.
  'ref-2026-12': {
    exxit: {
      exploration: 0.7,
      priorWeight: 1,
      usePriors: true,
      usePlayoutPolicy: true,
      useEvaluation: true,
      rootCheck: true,
      playoutDepth: 20,
      iterations: 3000,
      timeMs: 1500,
    },
    orion: {
      exploration: 0.7,
      priorWeight: 1,
      usePriors: true,
      usePlayoutPolicy: false,
      useEvaluation: true,
      rootCheck: true,
      playoutDepth: 2,
      expandThreshold: 2,
      widening: { base: 4, factor: 1.5, exponent: 0.5 },
      iterations: 6000,
      timeMs: 1500,
    },
  },
};

/** The parameters of a level or a reference; a game without tuned ones gets plain UCT. */
export function playerParams(game: GameId, player: SearchPlayer): SearchParams {
  return isReference(player) ? (REFERENCES[player][game] ?? UNTUNED.hard) : levelParams(game, player);
}
