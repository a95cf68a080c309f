// The race's priors (orion-race.ts, racePriors) against a reference written another way: path costs by Bellman–Ford
// relaxation, every subset of tokens tried (no pruning, no early stop), and each empty cell's worth read off the tree's edges as the priors' comment says — 1 on a
// cheapest path of an edge, fading by e^-1 per cell of detour up to two, times the threat's weight (how near it is to
// its side's cheapest condition; 0.8 of that for the opponent's threats). The priors are then the reference
// constellation priors plus each placement's cells' worth (placementScores, tested in heuristics.test.ts). Where
// several trees cost the least, the code's choice among them is taken (cheapestTree says which).
import { describe, expect, it } from 'vitest';
import { orionPriors, placementScores } from '../../src/engine/ai/orion-heuristics.js';
import { raceCosts, racePriors } from '../../src/engine/ai/orion-race.js';
import type { Side } from '../../src/engine/game.js';
import { CELL_COUNT } from '../../src/engine/orion/board.js';
import type { OrionPosition } from '../../src/engine/orion/position.js';
import { INF, randomGamePositions, referenceDistances } from './fixtures/orion-paths.js';

/** Every third position of random games on random layouts. */
const positions = (games: number): OrionPosition[] =>
  randomGamePositions(games, 70, 'race-priors').filter((p) => p.ply() % 3 === 1);

/**
 * The cheapest tree in colour `free` joining k of `tokens` (those not of the other colour), as token pairs, or null.
 * Several trees often cost the same, and the priors depend on which: this one is the code's — the first k-subset in
 * the order of the bit masks over the usable tokens whose cost (tokens still to take, plus a minimum spanning tree of
 * the paths' interiors) is least, and its tree grown from the subset's first token, taking at each step the nearest
 * token not yet joined (the first of equals) from the tree token that reached it first.
 */
function cheapestTree(color: Int8Array, free: Side, tokens: readonly number[], k: number): [number, number][] | null {
  const usable = tokens.filter((t) => color[t] !== 1 - free);
  const rows = new Map(usable.map((t) => [t, referenceDistances(color, free, [t])]));
  const own = (t: number) => (color[t] === free ? 0 : 1);
  const interior = (a: number, b: number) => {
    const d = rows.get(a)![b];
    return d >= INF ? INF : Math.max(0, d - own(a) - own(b));
  };
  let best = INF;
  let chosen: [number, number][] | null = null;
  for (let mask = 0; mask < 1 << usable.length; mask++) {
    const set = usable.filter((_, i) => mask & (1 << i));
    if (set.length !== k) continue;
    const edges: [number, number][] = [];
    const from = set.map(() => 0);
    const link = set.map((t) => interior(set[0], t));
    const joined = set.map((_, i) => i === 0);
    let cost = set.filter((t) => color[t] !== free).length;
    for (let step = 1; step < k && cost < INF; step++) {
      let next = -1;
      for (let i = 1; i < k; i++) if (!joined[i] && (next < 0 || link[i] < link[next])) next = i;
      cost = link[next] >= INF ? INF : cost + link[next];
      joined[next] = true;
      edges.push([set[from[next]], set[next]]);
      for (let i = 1; i < k; i++)
        if (!joined[i] && interior(set[next], set[i]) < link[i]) {
          link[i] = interior(set[next], set[i]);
          from[i] = next;
        }
    }
    if (cost < best) {
      best = cost;
      chosen = edges;
    }
  }
  return chosen;
}

/** Raises each empty cell near the tree's edges in `gain`: weight × e^-(cells of detour), up to two. */
function mark(color: Int8Array, free: Side, edges: [number, number][], weight: number, gain: Float64Array): void {
  for (const [a, b] of edges) {
    const da = referenceDistances(color, free, [a]);
    const db = referenceDistances(color, free, [b]);
    for (let c = 0; c < CELL_COUNT; c++) {
      if (color[c] !== -1 || da[c] >= INF || db[c] >= INF) continue;
      const detour = da[c] + db[c] - 1 - da[b];
      if (detour <= 2) gain[c] = Math.max(gain[c], weight * Math.exp(-detour));
    }
  }
}

/** The reference priors. */
function referencePriors(pos: OrionPosition): number[] {
  const me = pos.side;
  const op = (1 - me) as Side;
  const color = pos.color;
  const mine = raceCosts(pos, me);
  const theirs = raceCosts(pos, op);
  const own = new Float64Array(CELL_COUNT);
  const x = new Float64Array(CELL_COUNT);
  const bad = new Float64Array(CELL_COUNT);
  // [cost, weight, colour of the tree, tokens, size, gain]: my galaxies, theirs (mine to block), my black holes
  // (built in their colour), theirs (built in mine).
  const threats = [
    [mine[1], Math.exp(Math.min(...mine) - mine[1]), me, pos.layout.galaxies, 4, own],
    [theirs[1], 0.8 * Math.exp(Math.min(...theirs) - theirs[1]), op, pos.layout.galaxies, 4, own],
    [mine[2], Math.exp(Math.min(...mine) - mine[2]), op, pos.layout.blackHoles, 3, x],
    [theirs[2], 0.8 * Math.exp(Math.min(...theirs) - theirs[2]), me, pos.layout.blackHoles, 3, bad],
  ] as const;
  for (const [cost, weight, free, tokens, k, gain] of threats) {
    if (cost >= INF || weight < 1e-3) continue;
    const tree = cheapestTree(color, free, tokens, k);
    if (tree === null) throw new Error('a finite cost without a tree');
    mark(color, free, tree, weight, gain);
  }
  // My X hexes block their black-hole tree; my own hexes on it help them.
  for (let c = 0; c < CELL_COUNT; c++) {
    x[c] = Math.max(x[c], bad[c]);
    own[c] -= bad[c];
  }
  const moves = pos.legalMoves();
  return placementScores(moves, own, x, orionPriors(pos, moves));
}

describe('the race’s priors', () => {
  it('are the constellation priors plus each placement’s worth on the cheapest token trees, from every side', () => {
    let compared = 0;
    let threatsSeen = 0;
    for (const pos of positions(4)) {
      const want = referencePriors(pos);
      compared++;
      const moves = pos.legalMoves();
      const got = racePriors(pos, moves);
      expect(got).toHaveLength(moves.length);
      for (const [i, p] of got.entries()) expect(p, `ply ${pos.ply()}, move ${i}`).toBeCloseTo(want[i], 12);
      // The race added something here: its priors are not the constellation's.
      const base = placementScores(
        moves,
        new Float64Array(CELL_COUNT),
        new Float64Array(CELL_COUNT),
        orionPriors(pos, moves),
      );
      if (got.some((p, i) => Math.abs(p - base[i]) > 1e-9)) threatsSeen++;
    }
    expect(compared).toBeGreaterThan(15);
    expect(threatsSeen).toBeGreaterThan(10);
  });
});
