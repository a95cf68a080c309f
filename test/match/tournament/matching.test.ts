// The matching wrapper against an exhaustive search on small graphs, and its
// guards (global leak, padding, bad input).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  matchedPairs,
  maxWeightMatching,
  maxWeightMatchingWith,
  type WeightedEdge,
} from '../../../src/match/tournament/matching.js';
import { runs } from './helpers.js';

/** Best [cardinality, weight] over all matchings (cardinality first only when asked). */
function bruteForce(n: number, edges: readonly WeightedEdge[], maxCardinality: boolean): [number, number] {
  const w = new Map<number, number>();
  for (const [i, j, x] of edges) w.set(Math.min(i, j) * n + Math.max(i, j), x);
  const better = (a: [number, number], b: [number, number]) =>
    maxCardinality ? a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]) : a[1] > b[1];
  const memo = new Map<number, [number, number]>();
  const go = (free: number): [number, number] => {
    if (free === 0) return [0, 0];
    const hit = memo.get(free);
    if (hit) return hit;
    const i = 31 - Math.clz32(free & -free);
    const rest = free & ~(1 << i);
    let best = go(rest); // i stays single
    for (let j = i + 1; j < n; j++) {
      if (!(rest & (1 << j)) || !w.has(i * n + j)) continue;
      const [c, s] = go(rest & ~(1 << j));
      const cand: [number, number] = [c + 1, s + w.get(i * n + j)!];
      if (better(cand, best)) best = cand;
    }
    memo.set(free, best);
    return best;
  };
  return go((1 << n) - 1);
}

const graph = (maxWeight: number) =>
  fc.integer({ min: 1, max: 14 }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      edges: fc
        .uniqueArray(
          fc.tuple(
            fc.integer({ min: 0, max: n - 1 }),
            fc.integer({ min: 0, max: n - 1 }),
            fc.integer({ min: 0, max: maxWeight }),
          ),
          { selector: ([i, j]) => `${Math.min(i, j)}-${Math.max(i, j)}`, maxLength: 60 },
        )
        .map((es) => es.filter(([i, j]) => i !== j) as WeightedEdge[]),
      maxCardinality: fc.boolean(),
    }),
  );

describe('maxWeightMatching', () => {
  it.each([
    ['small weights (many ties)', 5],
    ['large weights', 2 ** 40],
  ])('finds an optimal matching on random graphs up to 14 vertices: %s', (_, maxWeight) => {
    fc.assert(
      fc.property(graph(maxWeight), ({ n, edges, maxCardinality }) => {
        const mate = maxWeightMatching(n, edges, maxCardinality);
        expect(mate).toHaveLength(n);
        const w = new Map(edges.map(([i, j, x]) => [Math.min(i, j) * n + Math.max(i, j), x]));
        const pairs = matchedPairs(mate);
        const got: [number, number] = [pairs.length, pairs.reduce((s, [i, j]) => s + w.get(i * n + j)!, 0)];
        const want = bruteForce(n, edges, maxCardinality);
        if (maxCardinality) expect(got).toEqual(want);
        else expect(got[1]).toBe(want[1]);
      }),
      { numRuns: runs(300) },
    );
  });

  it('leaves nothing on globalThis (the package assigns undeclared b, path, v)', () => {
    const before = Object.getOwnPropertyNames(globalThis).sort();
    // Dense enough to create and expand blossoms.
    const edges: WeightedEdge[] = [];
    for (let i = 0; i < 12; i++) for (let j = i + 1; j < 12; j++) edges.push([i, j, ((i * 7 + j * 13) % 11) + 1]);
    maxWeightMatching(12, edges, true);
    maxWeightMatching(
      5,
      [
        [0, 1, 6],
        [0, 2, 10],
        [1, 2, 5],
        [2, 3, 4],
        [3, 4, 9],
        [4, 0, 3],
      ],
      false,
    );
    expect(Object.getOwnPropertyNames(globalThis).sort()).toEqual(before);
  });

  it('works when the package runs in strict mode (as in an ES module bundle), where its stray assignments throw', () => {
    const source = readFileSync(createRequire(import.meta.url).resolve('edmonds-blossom'), 'utf8');
    const load = vm.runInThisContext(
      `(function (module) { 'use strict'; ${source}\n; return module.exports; })`,
    ) as (m: { exports: unknown }) => (edges: number[][], maxCardinality?: boolean) => number[];
    const strict = load({ exports: {} });
    // A triangle plus a pendant edge makes the algorithm build a blossom (and assign `b`).
    const edges: WeightedEdge[] = [
      [0, 1, 6],
      [1, 2, 6],
      [0, 2, 6],
      [2, 3, 1],
    ];
    expect(() =>
      strict(
        edges.map((e) => [...e]),
        true,
      ),
    ).toThrow(ReferenceError);
    const before = Object.getOwnPropertyNames(globalThis).sort();
    expect(matchedPairs(maxWeightMatchingWith(strict, 4, edges, true))).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(Object.getOwnPropertyNames(globalThis).sort()).toEqual(before);
  });

  it('restores a global that already existed under one of those names', () => {
    const g = globalThis as Record<string, unknown>;
    g.path = 'mine';
    try {
      maxWeightMatching(
        3,
        [
          [0, 1, 6],
          [0, 2, 10],
          [1, 2, 5],
        ],
        false,
      );
      expect(g.path).toBe('mine');
    } finally {
      delete g.path;
    }
  });

  it('answers for every vertex, also isolated ones and an empty graph', () => {
    expect(maxWeightMatching(4, [], true)).toEqual([-1, -1, -1, -1]);
    expect(maxWeightMatching(5, [[0, 1, 3]], true)).toEqual([1, 0, -1, -1, -1]);
    expect(maxWeightMatching(0, [], false)).toEqual([]);
  });

  it('prefers more pairs to more weight only with maxCardinality', () => {
    const edges: WeightedEdge[] = [
      [0, 1, 1],
      [1, 2, 10],
      [2, 3, 1],
    ];
    expect(matchedPairs(maxWeightMatching(4, edges, false))).toEqual([[1, 2]]);
    expect(matchedPairs(maxWeightMatching(4, edges, true))).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('refuses each kind of bad vertex count and edge on its own, in its own words', () => {
    // One fault per case, the others valid: each check must hold by itself.
    for (const n of [-1, 2.5, Number.NaN])
      expect(() => maxWeightMatching(n, [], true)).toThrow(`vertex count must be a non-negative integer, got ${n}`);
    for (const [i, j] of [
      [0.5, 1],
      [0, 1.5],
      [-1, 1],
      [0, -1],
      [3, 0],
      [0, 3],
      [2, 2],
    ])
      expect(() => maxWeightMatching(3, [[i, j, 1]], true)).toThrow(`bad edge (${i}, ${j}) for 3 vertices`);
    for (const w of [0.5, -1, 2 ** 50 + 1, 2 ** 53])
      expect(() => maxWeightMatching(3, [[0, 1, w]], true)).toThrow(
        `edge weight must be an integer from 0 to 2^50, got ${w}`,
      );
    expect(() =>
      maxWeightMatching(
        3,
        [
          [0, 2, 1],
          [2, 0, 1],
        ],
        true,
      ),
    ).toThrow('duplicate edge (2, 0)');
    // The bounds themselves are accepted: weight 0 and 2^50.
    expect(maxWeightMatching(2, [[0, 1, 2 ** 50]], false)).toEqual([1, 0]);
    expect(maxWeightMatching(3, [[2, 1, 0]], true)).toEqual([-1, 2, 1]);
  });

  it('refuses edges it cannot handle exactly', () => {
    expect(() => maxWeightMatching(3, [[0, 3, 1]], true)).toThrow(RangeError);
    expect(() => maxWeightMatching(3, [[1, 1, 1]], true)).toThrow(RangeError);
    expect(() => maxWeightMatching(3, [[0, 1, 0.5]], true)).toThrow(RangeError);
    expect(() => maxWeightMatching(3, [[0, 1, -1]], true)).toThrow(RangeError);
    expect(() => maxWeightMatching(3, [[0, 1, 2 ** 51]], true)).toThrow(RangeError);
    expect(() =>
      maxWeightMatching(
        3,
        [
          [0, 1, 1],
          [1, 0, 2],
        ],
        true,
      ),
    ).toThrow(RangeError);
  });
});
