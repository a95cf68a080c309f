// What the MCTS reports (src/engine/ai/mcts.ts, SearchResult): the root's value learnt from its playouts, every root
// child ranked (proven wins first, then by visits) with its proof, and the visits adding up.
import { describe, expect, it } from 'vitest';
import { search, type SearchResult } from '../../src/engine/ai/mcts.js';
import { NimPosition, ttt, uctParams } from './fixtures/games.js';

/** Proven wins first, then the most visited: `top` is the first five of `children` as ranked. */
function expectRanked<M>(r: SearchResult<M>): void {
  for (let i = 1; i < r.children.length; i++) {
    const [a, b] = [r.children[i - 1], r.children[i]];
    if (b.proven === 'win') expect(a.proven, JSON.stringify(r.children)).toBe('win');
    else if (a.proven !== 'win' && b.visits > 0)
      expect(a.visits, JSON.stringify(r.children)).toBeGreaterThanOrEqual(b.visits);
  }
  expect(r.top).toEqual(r.children.slice(0, 5).map(({ move, visits, value }) => ({ move, visits, value })));
}

describe('the search result', () => {
  it('values the root from its playouts: the first player’s edge on an empty tic-tac-toe board', () => {
    // Nothing is proven in 300 iterations from the start; random play wins more often for the side that begins.
    const r = search(ttt('.../.../...'), uctParams({ iterations: 300 }), { seed: 3 });
    expect(r.proven).toBeNull();
    expect(r.value).toBeGreaterThan(0.5);
    expect(r.value).toBeLessThan(1);
  });

  it('ranks every root child, proven wins first, then by visits; the visits add up to the iterations', () => {
    for (const [pos, iterations] of [
      [ttt('.../.../...'), 300],
      [ttt('X../.O./...'), 500],
      [new NimPosition(9), 400],
      [new NimPosition(13), 60],
    ] as const) {
      const r = search(pos.clone(), uctParams({ iterations }), { seed: 7 });
      expectRanked(r);
      expect(r.children.reduce((n, c) => n + c.visits, 0)).toBe(r.iterations);
    }
  });

  it('names each child’s proof: a pile of 5 has one winning take, a pile of 4 none', () => {
    const five = search(new NimPosition(5), uctParams({ iterations: 3_000 }), { seed: 1 });
    expect(five).toMatchObject({ move: 1, proven: 'win' });
    expect(five.children[0]).toMatchObject({ move: 1, proven: 'win' });
    expectRanked(five);
    // Found by trying seeds: the winning take of a pile of 6 proven on fewer visits than a losing one had; ranked first.
    const six = search(new NimPosition(6), uctParams({ iterations: 3_000 }), { seed: 8 });
    expect(six.children[0]).toMatchObject({ move: 2, proven: 'win' });
    expect(Math.max(...six.children.map((c) => c.visits))).toBeGreaterThan(six.children[0].visits);
    expectRanked(six);
    const four = search(new NimPosition(4), uctParams({ iterations: 3_000 }), { seed: 1 });
    expect(four.proven).toBe('loss');
    expect(four.children.map((c) => c.proven)).toEqual(['loss', 'loss', 'loss']);
  });
});
