// The race's costs (orion-race.ts, raceCosts) against a reference written another way: path costs by Bellman–Ford
// relaxation, every subset of tokens and every spanning tree of it tried (no Prim, no pruning, no early stop). The
// code stops its path searches at a cap (past what could still matter): a path that costs less than the cap is
// exact, a dearer one may be missed. So its answer lies between the reference with every path and the reference
// without the paths at or past the cap.
import { describe, expect, it } from 'vitest';
import { evaluateRace, raceCosts, racePriors, type RaceOptions } from '../../src/engine/ai/orion-race.js';
import { orionPriors } from '../../src/engine/ai/orion-heuristics.js';
import type { Side } from '../../src/engine/game.js';
import type { OrionPosition } from '../../src/engine/orion/position.js';
import { INF, randomGamePositions, referenceConnection, referenceDistances } from './fixtures/orion-paths.js';

/** Positions of random games on random layouts (tokens everywhere), with their ends. */
const positions = (games: number): OrionPosition[] => randomGamePositions(games, 40, 'race-costs');

function subsets<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...subsets(rest, k - 1).map((s) => [first, ...s]), ...subsets(rest, k)];
}

/** Every spanning tree of k ≤ 4 nodes as edge lists (Prüfer sequences). */
function spanningTrees(k: number): [number, number][][] {
  const out: [number, number][][] = [];
  const seqs = k <= 2 ? [[]] : subsetsWithRepeats(k, k - 2);
  for (const seq of seqs) {
    const degree = new Array<number>(k).fill(1);
    for (const x of seq) degree[x]++;
    const edges: [number, number][] = [];
    for (const x of seq) {
      const leaf = degree.findIndex((d) => d === 1);
      edges.push([leaf, x]);
      degree[leaf]--;
      degree[x]--;
    }
    const [u, v] = degree.flatMap((d, i) => (d === 1 ? [i] : []));
    edges.push([u, v]);
    out.push(edges);
  }
  return out;
}

function subsetsWithRepeats(k: number, len: number): number[][] {
  if (len === 0) return [[]];
  return subsetsWithRepeats(k, len - 1).flatMap((s) => [...Array(k).keys()].map((x) => [...s, x]));
}

/**
 * The cheapest tree in colour `free` joining k of `tokens` (those not of the other colour): the tokens not yet of
 * colour `free`, plus each edge's interior (the empty cells between its ends on a cheapest path); paths costing `cap`
 * or more (both ends counted) left out.
 */
function referenceTree(color: Int8Array, free: Side, tokens: readonly number[], k: number, cap = INF): number {
  const usable = tokens.filter((t) => color[t] !== 1 - free);
  const rows = new Map(usable.map((t) => [t, referenceDistances(color, free, [t])]));
  const own = (t: number) => (color[t] === free ? 0 : 1);
  const interior = (a: number, b: number) => {
    const d = rows.get(a)![b] >= cap ? INF : rows.get(a)![b];
    return d >= INF ? INF : Math.max(0, d - own(a) - own(b));
  };
  let best = INF;
  for (const set of subsets(usable, k)) {
    const nodes = set.filter((t) => color[t] !== free).length;
    for (const tree of spanningTrees(k)) {
      let cost = nodes;
      for (const [a, b] of tree) cost += interior(set[a], set[b]);
      best = Math.min(best, cost >= INF ? INF : cost);
    }
  }
  return best;
}

const xTilesLeft = (pos: OrionPosition, side: Side) => [2, 3, 4, 5].reduce((n, k) => n + pos.hands[side * 6 + k], 0);

describe('the race costs', () => {
  const all = positions(5);

  it('match the reference: the constellation exactly, the trees between the reference with and without the cap', () => {
    let exactGal = 0;
    let exactBh = 0;
    let reachableBh = 0;
    for (const pos of all.filter((_, i) => i % 2 === 0))
      for (const me of [0, 1] as const) {
        const [conn, gal, bh] = raceCosts(pos, me);
        const c = referenceConnection(pos.color, me);
        expect(conn).toBe(c);
        const where = `ply ${pos.ply()}, side ${me}`;
        // Galaxies (OD-17b): 4 of them in my colour; the paths searched up to the constellation's cost plus 4.
        const g = referenceTree(pos.color, me, pos.layout.galaxies, 4);
        const gCapped = referenceTree(pos.color, me, pos.layout.galaxies, 4, c + 4);
        expect(gal, `galaxies, ${where}`).toBeGreaterThanOrEqual(g);
        expect(gal, `galaxies, ${where}`).toBeLessThanOrEqual(gCapped);
        if (g === gCapped && g < INF) exactGal++;
        // Black holes (OD-17c): 3 of them in the opponent's colour, laid by my X hexes, each worth two; no more
        // than my X tiles in hand (OD-3, OD-8).
        const x = xTilesLeft(pos, me);
        const worth = (t: number) => (x > 0 && t <= x ? 2 * t : INF);
        const opp = (1 - me) as Side;
        const t = referenceTree(pos.color, opp, pos.layout.blackHoles, 3);
        const tCapped = referenceTree(
          pos.color,
          opp,
          pos.layout.blackHoles,
          3,
          Math.min(x, Math.ceil((c + 4) / 2)) + 2,
        );
        expect(bh, `black holes, ${where}`).toBeGreaterThanOrEqual(worth(t));
        expect(bh, `black holes, ${where}`).toBeLessThanOrEqual(worth(tCapped));
        if (worth(t) < INF) reachableBh++;
        if (worth(t) === worth(tCapped) && worth(t) < INF) exactBh++;
      }
    // The trees were pinned down, not only bounded.
    expect(exactGal).toBeGreaterThan(20);
    expect(exactBh).toBeGreaterThan(5);
    expect(reachableBh).toBeGreaterThan(5);
  });

  it('leave out what the options turn off, and count black holes only while X tiles are in hand', () => {
    const off: RaceOptions = { galaxies: false, blackHoles: false, racePriors: false };
    for (const pos of all.filter((_, i) => i % 9 === 0))
      for (const me of [0, 1] as const) {
        const [c, g, b] = raceCosts(pos, me);
        expect(raceCosts(pos, me, off)).toEqual([c, INF, INF]);
        expect(raceCosts(pos, me, { ...off, galaxies: true })).toEqual([c, g, INF]);
        expect(raceCosts(pos, me, { ...off, blackHoles: true })).toEqual([c, INF, b]);
        const noX = pos.clone();
        noX.hands.fill(0, me * 6 + 2, me * 6 + 6);
        expect(raceCosts(noX, me)[2]).toBe(INF);
      }
  });

  it('fold the costs into a soft minimum per colour, and their difference with the tempo into a win chance', () => {
    const soft = (a: number, b: number, c: number) => {
      const m = Math.min(a, b, c);
      return m >= INF ? INF : m - 0.7 * Math.log(Math.exp(m - a) + Math.exp(m - b) + Math.exp(m - c));
    };
    // A colour with no condition left at all (walled in everywhere; its tokens taken or out of reach) is out of the
    // race, not merely far behind.
    const walled = all[0].clone();
    walled.color.fill(1);
    for (const c of walled.layout.blackHoles) walled.color[c] = 0;
    expect(raceCosts(walled, 0)).toEqual([INF, INF, INF]);
    for (const pos of [walled, ...all.filter((_, i) => i % 4 === 1)]) {
      const s0 = soft(...raceCosts(pos, 0));
      const s1 = soft(...raceCosts(pos, 1));
      const x = s1 - s0 + (pos.side === 0 ? 1.2 : -1.2);
      const v = evaluateRace(pos);
      expect(v).toBeCloseTo(1 / (1 + Math.exp(-0.55 * x)), 12);
      // Far from even (the walled colour), the chance is tiny: compare its log-odds.
      if (v < 1e-6) expect(Math.log(v) - Math.log1p(-v)).toBeCloseTo(0.55 * x, 6);
    }
  });

  it('give a position the same priors whatever was searched before (no scratch row carried over)', () => {
    const some = all.filter((_, i) => i % 11 === 5);
    const first = some.map((pos) => racePriors(pos, pos.legalMoves()));
    for (const [i, pos] of some.entries()) {
      // Another position's trees searched in between, from another layout.
      const other = some[(i + 1) % some.length];
      racePriors(other, other.legalMoves());
      expect(racePriors(pos, pos.legalMoves())).toEqual(first[i]);
    }
    const reversed = [...some].reverse().map((pos) => racePriors(pos, pos.legalMoves()));
    expect(reversed.reverse()).toEqual(first);
  });

  it('give priors in [0, 1] that reach both ends, and the reference’s without the race’s own', () => {
    for (const pos of all.filter((_, i) => i % 6 === 2)) {
      const moves = pos.legalMoves();
      const p = racePriors(pos, moves);
      expect(p).toHaveLength(moves.length);
      expect(Math.min(...p)).toBe(0);
      expect(Math.max(...p)).toBe(1);
      // With the trees off, the race adds nothing to the reference's constellation priors.
      const off: RaceOptions = { galaxies: false, blackHoles: false, racePriors: true };
      expect(racePriors(pos, moves, off)).toEqual(orionPriors(pos, moves));
    }
  });
});
