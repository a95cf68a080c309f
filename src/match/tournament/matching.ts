// Maximum-weight matching on a general graph: a typed wrapper around the
// `edmonds-blossom` package (a port of J. van Rantwijk's mwmatching.py).
//
// What the wrapper adds:
// - vertices are 0..n-1 and every vertex gets an entry, also one with no edge
//   (the package sizes its answer by the largest vertex it sees, and returns
//   [] for an empty edge list);
// - weights must be non-negative safe integers (the algorithm compares dual variables
//   with ===, exact only in integer arithmetic) and small enough that sums of
//   two stay exact;
// - the package assigns three undeclared variables (b, path, v): in sloppy
//   mode (Node loading it as CommonJS) that creates globals, in strict mode
//   (bundled as an ES module) it throws. The wrapper defines the three on
//   globalThis for the call, so both work, and puts globalThis back as it
//   was afterwards;
// - the answer is checked: symmetric, and every matched pair is an edge.
import blossom from 'edmonds-blossom';

export type WeightedEdge = readonly [number, number, number];

/** Largest edge weight accepted (2^50: the algorithm adds and doubles weights). */
export const MAX_MATCHING_WEIGHT = 2 ** 50;

const LEAKED = ['b', 'path', 'v'] as const;

/**
 * mate[i] = the vertex matched with i, or -1. With `maxCardinality`, the
 * matching has the most edges possible and, among those, the largest weight;
 * without it, simply the largest weight.
 */
export function maxWeightMatching(n: number, edges: readonly WeightedEdge[], maxCardinality: boolean): number[] {
  return maxWeightMatchingWith(blossom, n, edges, maxCardinality);
}

/** The same with another implementation of the package's function (tests load it in strict mode). */
export function maxWeightMatchingWith(
  impl: (edges: number[][], maxCardinality?: boolean) => number[],
  n: number,
  edges: readonly WeightedEdge[],
  maxCardinality: boolean,
): number[] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`vertex count must be a non-negative integer, got ${n}`);
  const seen = new Set<number>();
  for (const [i, j, w] of edges) {
    if (!Number.isInteger(i) || !Number.isInteger(j) || i < 0 || j < 0 || i >= n || j >= n || i === j) {
      throw new RangeError(`bad edge (${i}, ${j}) for ${n} vertices`);
    }
    if (!Number.isSafeInteger(w) || w < 0 || w > MAX_MATCHING_WEIGHT) {
      throw new RangeError(`edge weight must be an integer from 0 to 2^50, got ${w}`);
    }
    const key = Math.min(i, j) * n + Math.max(i, j);
    if (seen.has(key)) throw new RangeError(`duplicate edge (${i}, ${j})`);
    seen.add(key);
  }
  const mate = new Array<number>(n).fill(-1);
  if (edges.length === 0) return mate;

  const g = globalThis as Record<string, unknown>;
  const saved = LEAKED.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
  let raw: number[];
  try {
    LEAKED.forEach((name, k) => {
      if (!saved[k]) Object.defineProperty(globalThis, name, { value: undefined, writable: true, configurable: true });
    });
    raw = impl(
      edges.map(([i, j, w]) => [i, j, w]),
      maxCardinality,
    );
  } finally {
    LEAKED.forEach((name, k) => {
      const d = saved[k];
      if (d) Object.defineProperty(globalThis, name, d);
      else delete g[name];
    });
  }
  raw.forEach((m, i) => (mate[i] = m));
  for (let i = 0; i < n; i++) {
    const m = mate[i];
    if (m === -1) continue;
    if (mate[m] !== i || !seen.has(Math.min(i, m) * n + Math.max(i, m))) {
      throw new Error(`matching library returned an inconsistent matching at vertex ${i}`);
    }
  }
  return mate;
}

/** The matched pairs [i, j] with i < j, in order of i. */
export function matchedPairs(mate: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  mate.forEach((m, i) => {
    if (m > i) out.push([i, m]);
  });
  return out;
}
