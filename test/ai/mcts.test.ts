import { describe, expect, it } from 'vitest';
import { search } from '../../src/engine/ai/mcts.js';
import { makeRng, randInt } from '../../src/engine/rng.js';
import { NimPosition, ttt, uctParams } from './fixtures/games.js';

describe('mcts on tic-tac-toe', () => {
  it('is deterministic for a seed', () => {
    const a = search(ttt('X../.O./...'), uctParams(), { seed: 42 });
    const b = search(ttt('X../.O./...'), uctParams(), { seed: 42 });
    expect(a).toEqual(b);
    expect(a.iterations).toBe(400);
  });

  it('takes an immediate win (with and without the root check)', () => {
    // X to move: 2 completes the top row.
    for (const rootCheck of [false, true]) {
      for (const seed of [1, 2, 3, 4, 5]) {
        expect(search(ttt('XX./OO./...'), uctParams({ rootCheck }), { seed }).move).toBe(2);
      }
    }
  });

  it('blocks an immediate loss', () => {
    // X to move, O threatens 3-4-5 (cell 5); X has no win of its own.
    for (const seed of [1, 2, 3, 4, 5]) {
      expect(search(ttt('X../OO./..X'), uctParams(), { seed }).move).toBe(5);
    }
  });

  it('reports a proven win and its stats', () => {
    const r = search(ttt('XX./OO./...'), uctParams(), { seed: 9 });
    expect(r.proven).toBe('win');
    expect(r.value).toBe(1);
    expect(r.top[0].move).toBe(2);
  });

  it('never returns an illegal move, from any reachable position', () => {
    const rng = makeRng(7);
    for (let game = 0; game < 30; game++) {
      const pos = ttt('.../.../...');
      while (!pos.outcome().over) {
        const legal = pos.legalMoves();
        const r = search(pos.clone(), uctParams({ iterations: 50 }), { seed: game });
        expect(legal).toContain(r.move);
        // Mix search moves with random ones to reach varied positions.
        pos.play(rng() < 0.5 ? r.move : legal[randInt(rng, legal.length)]);
      }
    }
  });

  it('plays the last move of a game and refuses a finished one', () => {
    expect(search(ttt('XOX/XOO/OX.'), uctParams(), { seed: 1 }).move).toBe(8);
    expect(() => search(ttt('XXX/OO./...'), uctParams(), { seed: 1 })).toThrow(/over/);
  });

  it('does not lose to itself (perfect play draws)', () => {
    const pos = ttt('.../.../...');
    let seed = 100;
    while (!pos.outcome().over) pos.play(search(pos.clone(), uctParams({ iterations: 3000 }), { seed: seed++ }).move);
    expect(pos.outcome().draw).toBe(true);
  });

  it('stops at the time cap when a clock is given', () => {
    let t = 0;
    const r = search(ttt('.../.../...'), uctParams({ iterations: 1e9, timeMs: 100 }), { seed: 1, now: () => (t += 1) });
    expect(r.timedOut).toBe(true);
    // The clock is read every 16 iterations: 100 ticks of 1 ms.
    expect(r.iterations).toBeLessThanOrEqual(16 * 101);
  });
});

describe('mcts on subtraction Nim', () => {
  it('leaves a multiple of four whenever it can', () => {
    for (const pile of [5, 6, 7, 9, 10, 11, 13, 14, 15]) {
      const r = search(
        new NimPosition(pile),
        uctParams({ iterations: 3000, widening: { base: 1, factor: 1, exponent: 0.5 } }),
        { seed: pile },
      );
      expect(r.move).toBe(pile % 4);
    }
  });

  it('takes the last pieces at once', () => {
    for (const pile of [1, 2, 3]) {
      expect(search(new NimPosition(pile), uctParams({ rootCheck: true }), { seed: 1 }).move).toBe(pile);
      expect(search(new NimPosition(pile), uctParams(), { seed: 1 }).move).toBe(pile);
    }
  });

  it('uses priors to order the moves it opens', () => {
    // With one child allowed and no growth, only the best-prior move is ever opened.
    const r = search(
      new NimPosition(20),
      uctParams({ iterations: 50, usePriors: true, widening: { base: 1, factor: 0, exponent: 0 } }),
      {
        seed: 3,
        heuristics: { priors: (_p, moves) => moves.map((k) => (k === 2 ? 1 : 0)) },
      },
    );
    expect(r.move).toBe(2);
    expect(r.top).toHaveLength(1);
  });
});
