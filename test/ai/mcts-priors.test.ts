// The order in which the MCTS opens a node's moves (mcts.ts, initMoves): best prior first, a prior read as clamped to
// [0, 1] (a missing or NaN one as 0), equal priors in a seeded random order; without priors, all of it seeded random.
// The root opens one move per iteration until all are open, so after nine iterations on an empty tic-tac-toe board
// the children, one visit each, are listed in the order they were opened.
import { describe, expect, it } from 'vitest';
import { search } from '../../src/engine/ai/mcts.js';
import { ttt, uctParams } from './fixtures/games.js';

// Cell 3 above 1 (clamped), 1, then 4, 5 and 6 equal, 0, 8, then 2 and 7 equal at 0 (below 0, and NaN).
const PRIORS = [0.3, 0.9, -0.5, 1.7, 0.5, 0.5, 0.5, Number.NaN, 0.1];

const opened = (seed: number, usePriors: boolean): number[] =>
  search(ttt('.../.../...'), uctParams({ iterations: 9, usePriors }), {
    seed,
    heuristics: { priors: (_p, moves) => moves.map((m) => PRIORS[m]) },
  }).children.map((c) => {
    expect(c.visits).toBe(1);
    return c.move;
  });

describe('the MCTS’s order of opening moves', () => {
  const seeds = [1, 2, 3, 4, 5, 6, 7, 8];

  it('is by prior, best first, clamped to [0, 1], ties in an order that depends on the seed', () => {
    const middles = new Set<string>();
    const lasts = new Set<string>();
    for (const seed of seeds) {
      const order = opened(seed, true);
      expect(order.slice(0, 2), `seed ${seed}`).toEqual([3, 1]);
      expect([...order.slice(2, 5)].sort(), `seed ${seed}`).toEqual([4, 5, 6]);
      expect(order.slice(5, 7), `seed ${seed}`).toEqual([0, 8]);
      expect([...order.slice(7)].sort(), `seed ${seed}`).toEqual([2, 7]);
      middles.add(order.slice(2, 5).join());
      lasts.add(order.slice(7).join());
      // The same seed, the same order.
      expect(opened(seed, true)).toEqual(order);
    }
    expect(middles.size).toBeGreaterThan(1);
    expect(lasts.size).toBe(2);
  });

  it('is a seeded shuffle without priors', () => {
    const orders = new Set(seeds.map((seed) => opened(seed, false).join()));
    expect(orders.size).toBeGreaterThan(4);
    for (const o of orders) expect(o.split(',').map(Number).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
