// Orion Duel knowledge, second edition: the evaluation is a race to the first
// victory condition (OD-18 ends the game at the first difference), over all
// three kinds of OD-17, not only constellations. orion-heuristics.ts (the
// frozen reference's knowledge) stays as it is; this module reuses its
// constellation distance and playout step.
//
// For each colour, the cost of each victory condition in empty cells to cover:
// - (a) constellation: connectionDistance (OD-7, OD-17a);
// - (b) galaxies: the cheapest tree joining 4 galaxies that are still free or
//   already own (OD-17b), a minimum spanning tree over pairwise 0-1 path costs
//   (own cells free, opponent cells blocked) for every 4 of them: an upper
//   bound of the Steiner tree, exact enough at this size. A path is built by
//   extending a chain, which is what OD-14 asks of a hex laid on a token;
// - (c) black holes: the cheapest tree joining 3 black holes in the
//   OPPONENT's colour (OD-17c counts the opponent's groups), which only the
//   X hexes can build: at most one a tile (OD-8), so its cells weigh double.
// The costs are folded into a soft minimum (two threats are worth more than
// one) and the difference of the two colours, with the side to move's tempo,
// into a win chance.
import type { Position, Side } from '../game.js';
import type { Rng } from '../rng.js';
import { CELL_COUNT, NEIGHBOURS as NEIGHBOURS_ } from '../orion/board.js';
import type { OrionPosition } from '../orion/position.js';
import type { OrionMove } from '../orion/types.js';
import type { Heuristics } from './mcts.js';
import { connectionDistance, orionPriors, orionRandomStep, placementScores } from './orion-heuristics.js';

const NEIGHBOURS = NEIGHBOURS_;
const INF = 99;
const MAX_TOKENS = 8; // OD-4: 8 galaxies, 7 black holes

/** What the race counts; every switch on is `orionHeuristicsV2` (the others exist for the ablation, docs/ai.md). */
export interface RaceOptions {
  galaxies: boolean;
  blackHoles: boolean;
  /** Priors from the race's trees (else the reference's constellation priors). */
  racePriors: boolean;
}

const deque = new Int16Array(CELL_COUNT * 4);
// Neighbours flat, six slots a cell (-1 past the last): fewer indirections in the hot loop.
const NB = new Int8Array(CELL_COUNT * 6).fill(-1);
for (let c = 0; c < CELL_COUNT; c++) NEIGHBOURS[c].forEach((n, i) => (NB[c * 6 + i] = n));

/** Per cell, the stamp of the BFS that wants its distance (bfsFrom's `targets`). */
const wanted = new Int32Array(CELL_COUNT);
/** Per cell, the stamp of the BFS that has settled it. */
const settled = new Int32Array(CELL_COUNT);
let stamp = 0;

/**
 * 0-1 BFS from one cell: cost of the cheapest path in colour `free` (its cells cost 0, empty 1, the other blocked),
 * the start cell included. Stops past `cap`: farther cells stay INF. With `targets` (cells marked in `wanted` with
 * the current `stamp`), it also stops once all of them are settled: only their distances are exact then (a cell's
 * first pop from the deque is at its final distance, as in Dijkstra's).
 */
function bfsFrom(
  color: Int8Array,
  free: Side,
  src: number,
  dist: Int8Array,
  base: number,
  cap: number,
  targets = 0,
): void {
  dist.fill(INF, base, base + CELL_COUNT);
  let head = CELL_COUNT * 2;
  let tail = head;
  const blocked = 1 - free;
  dist[base + src] = color[src] === free ? 0 : 1;
  deque[tail++] = src;
  let left = targets;
  while (head < tail) {
    const c = deque[head++];
    const dc = dist[base + c];
    if (dc >= cap) break; // the deque is in nondecreasing order
    if (left > 0 && wanted[c] === stamp && settled[c] !== stamp) {
      settled[c] = stamp;
      if (--left === 0) break;
    }
    for (let i = c * 6, end = i + 6; i < end; i++) {
      const n = NB[i];
      if (n < 0) break;
      const v = color[n];
      if (v === blocked) continue;
      if (v === free) {
        if (dc < dist[base + n]) {
          dist[base + n] = dc;
          deque[--head] = n;
        }
      } else if (dc + 1 < dist[base + n]) {
        dist[base + n] = dc + 1;
        deque[tail++] = n;
      }
    }
  }
}

/** Result of a token tree: its cost and its tokens' indices in the scratch (for the priors). */
interface Tree {
  cost: number;
  /** Indices (into the scratch distance rows) of the tree's edges, as pairs; length 2 × (k − 1). */
  edges: number[];
}

const tokDist = new Int8Array(MAX_TOKENS * CELL_COUNT);
const tokCell = new Int16Array(MAX_TOKENS);
const pair = new Int16Array(MAX_TOKENS * MAX_TOKENS);

/**
 * The cheapest tree in colour `free` joining `k` of `tokens` (those not of the other colour), by MST over pairwise
 * path costs for every k-subset. Fills the scratch rows (tokDist) for the priors.
 */
function tokenTree(
  color: Int8Array,
  free: Side,
  tokens: readonly number[],
  k: number,
  withEdges: boolean,
  cap = INF,
): Tree {
  let n = 0;
  for (const t of tokens) if (color[t] !== 1 - free) tokCell[n++] = t;
  if (n < k) return { cost: INF, edges: [] };
  // Path costs are symmetric (both ends counted), so the last token needs no search of its own unless its row is read;
  // without the rows (the edges), the search from token i stops once the tokens after it are reached.
  const searched = withEdges ? n : n - 1;
  for (let i = 0; i < searched; i++) {
    if (withEdges) {
      bfsFrom(color, free, tokCell[i], tokDist, i * CELL_COUNT, cap);
      continue;
    }
    stamp++;
    for (let j = i + 1; j < n; j++) wanted[tokCell[j]] = stamp;
    bfsFrom(color, free, tokCell[i], tokDist, i * CELL_COUNT, cap, n - 1 - i);
  }
  // Interior cost of the path i–j: the endpoints are counted as nodes.
  for (let i = 0; i < searched; i++) {
    const ci = color[tokCell[i]] === free ? 0 : 1;
    pair[i * MAX_TOKENS + i] = 0;
    for (let j = i + 1; j < n; j++) {
      const d = tokDist[i * CELL_COUNT + tokCell[j]];
      const cj = color[tokCell[j]] === free ? 0 : 1;
      const v = d >= INF ? INF : Math.max(0, d - ci - cj);
      pair[i * MAX_TOKENS + j] = v;
      pair[j * MAX_TOKENS + i] = v;
    }
  }
  let best = INF;
  let bestSet = -1;
  const combos = combinations(n, k);
  const sub = subScratch;
  for (let s = 0; s < combos.length; s += k) {
    let nodes = 0;
    for (let m = 0; m < k; m++) {
      sub[m] = combos[s + m];
      if (color[tokCell[sub[m]]] !== free) nodes++;
    }
    if (nodes >= best) continue;
    const cost = nodes + mstCost(sub, k, null);
    if (cost < best) {
      best = cost;
      bestSet = s;
    }
  }
  const edges: number[] = [];
  if (withEdges && best < INF) {
    for (let m = 0; m < k; m++) sub[m] = combos[bestSet + m];
    mstCost(sub, k, edges);
  }
  return { cost: best, edges };
}

const subScratch = new Int16Array(MAX_TOKENS);
const comboCache = new Map<number, Int8Array>();

/** The k-subsets of 0..n-1, flat, k entries each (cached: n ≤ 8). */
function combinations(n: number, k: number): Int8Array {
  const key = n * 16 + k;
  let out = comboCache.get(key);
  if (out) return out;
  const list: number[] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    const members: number[] = [];
    for (let i = 0; i < n; i++) if (mask & (1 << i)) members.push(i);
    if (members.length === k) list.push(...members);
  }
  out = Int8Array.from(list);
  comboCache.set(key, out);
  return out;
}

const inTree = new Uint8Array(MAX_TOKENS);
const link = new Int16Array(MAX_TOKENS);
const linkFrom = new Int16Array(MAX_TOKENS);

/** Prim's MST over the tokens `sub[0..k)`, by the interior costs in `pair`; pushes its edges when asked. */
function mstCost(sub: Int16Array, k: number, edges: number[] | null): number {
  inTree.fill(0, 0, k);
  inTree[0] = 1;
  for (let i = 1; i < k; i++) {
    link[i] = pair[sub[0] * MAX_TOKENS + sub[i]];
    linkFrom[i] = 0;
  }
  let total = 0;
  for (let step = 1; step < k; step++) {
    let bi = -1;
    for (let i = 1; i < k; i++) if (!inTree[i] && (bi < 0 || link[i] < link[bi])) bi = i;
    if (link[bi] >= INF) return INF;
    total += link[bi];
    inTree[bi] = 1;
    if (edges) edges.push(sub[linkFrom[bi]], sub[bi]);
    for (let i = 1; i < k; i++) {
      const d = pair[sub[bi] * MAX_TOKENS + sub[i]];
      if (!inTree[i] && d < link[i]) {
        link[i] = d;
        linkFrom[i] = bi;
      }
    }
  }
  return total;
}

/** OD-8: kinds D2, L3, V3, T3 (2..5) carry an X hex; S1 and P2 do not. */
function xTilesLeft(pos: OrionPosition, side: Side): number {
  let n = 0;
  for (let k = 2; k < 6; k++) n += pos.hands[side * 6 + k];
  return n;
}

const ALL: RaceOptions = { galaxies: true, blackHoles: true, racePriors: true };
/** Token trees dearer than the constellation by more than this barely move the soft minimum. */
const RELEVANT = 4;
/** An X hex is laid one a tile at most, an own-colour one up to two: black-hole cells weigh double. */
const BH_WEIGHT = 2;

/** Cost of each victory condition of `me`, in own-hex units: [constellation, galaxies, black holes]. */
export function raceCosts(pos: OrionPosition, me: Side, opts: RaceOptions = ALL): [number, number, number] {
  const color = pos.color;
  const conn = connectionDistance(color, me);
  // The token searches stop past what could still matter (RELEVANT).
  const gal = opts.galaxies ? tokenTree(color, me, pos.layout.galaxies, 4, false, conn + RELEVANT).cost : INF;
  let bh = INF;
  const xLeft = xTilesLeft(pos, me);
  if (opts.blackHoles && xLeft > 0) {
    const cap = Math.min(xLeft, Math.ceil((conn + RELEVANT) / BH_WEIGHT)) + 2;
    const t = tokenTree(color, (1 - me) as Side, pos.layout.blackHoles, 3, false, cap).cost;
    // More X hexes than X tiles in hand (OD-3): out of reach.
    if (t <= xLeft) bh = BH_WEIGHT * t;
  }
  return [conn, gal, bh];
}

/** Soft minimum: the cheapest condition, a little less when others are close (more threats to parry). */
function softMin(a: number, b: number, c: number): number {
  const m = Math.min(a, b, c);
  if (m >= INF) return INF;
  return m - Math.log(Math.exp(m - a) + Math.exp(m - b) + Math.exp(m - c)) * SOFT;
}

const SOFT = 0.7;
const SLOPE = 0.55;
const TEMPO = 1.2;

/** Chance that side 0 wins: the logistic of the race's difference, the side to move a tile ahead. */
export function evaluateRace(pos: OrionPosition, opts: RaceOptions = ALL): number {
  const [a0, b0, c0] = raceCosts(pos, 0, opts);
  const [a1, b1, c1] = raceCosts(pos, 1, opts);
  const s0 = softMin(a0, b0, c0);
  const s1 = softMin(a1, b1, c1);
  const x = s1 - s0 + (pos.side === 0 ? TEMPO : -TEMPO);
  return 1 / (1 + Math.exp(-SLOPE * x));
}

const oGain = new Float64Array(CELL_COUNT);
const xGain = new Float64Array(CELL_COUNT);
const ownBad = new Float64Array(CELL_COUNT);
/** An own hex's net worth: oGain − ownBad. */
const oNet = new Float64Array(CELL_COUNT);

/**
 * Raises, per empty cell, how much it lies on the tree of one token threat: 1 on a cheapest path of one of its
 * edges, fading by e^-1 per extra cell, times `weight`, into `gain`.
 */
function markTree(color: Int8Array, tree: Tree, weight: number, gain: Float64Array): void {
  if (tree.cost >= INF || weight < 1e-3) return;
  for (let e = 0; e < tree.edges.length; e += 2) {
    const i = tree.edges[e];
    const j = tree.edges[e + 1];
    const dij = tokDist[i * CELL_COUNT + tokCell[j]];
    for (let c = 0; c < CELL_COUNT; c++) {
      if (color[c] !== -1) continue;
      const di = tokDist[i * CELL_COUNT + c];
      const dj = tokDist[j * CELL_COUNT + c];
      if (di >= INF || dj >= INF) continue;
      const extra = di + dj - 1 - dij; // c counted once
      if (extra <= 2) gain[c] = Math.max(gain[c], weight * Math.exp(-extra));
    }
  }
}

/**
 * Priors: the reference's constellation priors, plus own hexes on the cheapest galaxy trees (mine, or the
 * opponent's to block) and X hexes on black-hole trees (mine to build, the opponent's to block), weighted by how
 * near each threat is to the nearest victory condition of its side; and no own hex on the opponent's black-hole tree.
 */
export function racePriors(pos: OrionPosition, moves: OrionMove[], opts: RaceOptions = ALL): number[] {
  const base = orionPriors(pos, moves);
  const me = pos.side;
  const op = (1 - me) as Side;
  const color = pos.color;
  const mine = raceCosts(pos, me, opts);
  const theirs = raceCosts(pos, op, opts);
  const bestMine = Math.min(...mine);
  const bestTheirs = Math.min(...theirs);
  oGain.fill(0);
  xGain.fill(0);
  ownBad.fill(0);
  // Galaxies (OD-17b): own hexes on my tree, and on theirs to block it.
  if (mine[1] < INF)
    markTree(color, tokenTree(color, me, pos.layout.galaxies, 4, true), Math.exp(bestMine - mine[1]), oGain);
  if (theirs[1] < INF)
    markTree(color, tokenTree(color, op, pos.layout.galaxies, 4, true), 0.8 * Math.exp(bestTheirs - theirs[1]), oGain);
  // Black holes (OD-17c): my X hexes build the opponent-coloured tree; theirs would be built in my colour, so my X
  // hexes block it and my own hexes there help them.
  if (mine[2] < INF)
    markTree(color, tokenTree(color, op, pos.layout.blackHoles, 3, true), Math.exp(bestMine - mine[2]), xGain);
  if (theirs[2] < INF) {
    const w = 0.8 * Math.exp(bestTheirs - theirs[2]);
    markTree(color, tokenTree(color, me, pos.layout.blackHoles, 3, true), w, ownBad);
    for (let c = 0; c < CELL_COUNT; c++) xGain[c] = Math.max(xGain[c], ownBad[c]);
  }
  for (let c = 0; c < CELL_COUNT; c++) oNet[c] = oGain[c] - ownBad[c];
  return placementScores(moves, oNet, xGain, base);
}

/** The race's heuristics with some of its parts (the ablation); `orionHeuristicsV2` has them all. */
export function raceHeuristics(opts: RaceOptions): Heuristics<OrionMove> {
  return {
    evaluate: (pos: Position<OrionMove>) => evaluateRace(pos as OrionPosition, opts),
    priors: (pos: Position<OrionMove>, moves: OrionMove[]) =>
      opts.racePriors ? racePriors(pos as OrionPosition, moves, opts) : orionPriors(pos as OrionPosition, moves),
    randomStep: (pos: Position<OrionMove>, rng: Rng) => orionRandomStep(pos as OrionPosition, rng),
  };
}

export const orionHeuristicsV2: Heuristics<OrionMove> = raceHeuristics(ALL);
