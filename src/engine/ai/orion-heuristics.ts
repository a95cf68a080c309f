// Orion Duel knowledge for the search (rules stay in src/engine/orion).
// The first victory condition usually decides the game (OD-18), and the
// commonest is a constellation (OD-17a): a group joining two opposite sides.
// So the heuristic measures, for each colour, the connection distance of its
// nearest pair of sides: the fewest empty cells still to cover, own cells
// free, opponent cells blocked (a 0-1 breadth-first search over 85 cells).
import type { Position, Side } from '../game.js';
import { randInt, type Rng } from '../rng.js';
import { CELL_COUNT, NEIGHBOURS as NEIGHBOURS_, SIDES } from '../orion/board.js';
import type { OrionPosition } from '../orion/position.js';
import {
  KIND_COUNT,
  KIND_END as KIND_END_,
  KIND_START as KIND_START_,
  PLACEMENTS as PLACEMENTS_,
  placementOf,
} from '../orion/tiles.js';
import type { OrionMove } from '../orion/types.js';
import type { Heuristics } from './mcts.js';

// Module-local copies: under some loaders an imported binding is a getter call
// on every read, which is felt in these inner loops.
const NEIGHBOURS = NEIGHBOURS_;
const PLACEMENTS = PLACEMENTS_;
const KIND_START = KIND_START_;
const KIND_END = KIND_END_;

const INF = 99;
const SIDE_CELLS: readonly (readonly number[])[] = SIDES.flatMap((p) => p.sides.map((s) => s.cells));
const deque = new Int16Array(CELL_COUNT * 4);

/** Fills `dist` with the cost of the cheapest path from side `from` (index in SIDE_CELLS) to each cell, c included. */
function distances(color: Int8Array, me: Side, from: number, dist: Int8Array): void {
  dist.fill(INF);
  // 0-1 BFS: zero-cost steps (own cells) go to the front of the deque.
  let head = CELL_COUNT * 2;
  let tail = head;
  for (const c of SIDE_CELLS[from]) {
    const v = color[c];
    if (v === 1 - me) continue;
    const w = v === me ? 0 : 1;
    if (w < dist[c]) {
      dist[c] = w;
      if (w === 0) deque[--head] = c;
      else deque[tail++] = c;
    }
  }
  while (head < tail) {
    const c = deque[head++];
    const dc = dist[c];
    const nb = NEIGHBOURS[c];
    for (let i = 0; i < nb.length; i++) {
      const n = nb[i];
      const v = color[n];
      if (v === 1 - me) continue;
      const w = v === me ? 0 : 1;
      if (dc + w < dist[n]) {
        dist[n] = dc + w;
        if (w === 0) deque[--head] = n;
        else deque[tail++] = n;
      }
    }
  }
}

const dA = new Int8Array(CELL_COUNT);
const dB = new Int8Array(CELL_COUNT);

/** The fewest empty cells `me` must still cover to join some pair of opposite sides. */
export function connectionDistance(color: Int8Array, me: Side): number {
  let best = INF;
  for (let p = 0; p < 3; p++) {
    distances(color, me, 2 * p, dA);
    for (const c of SIDE_CELLS[2 * p + 1]) if (dA[c] < best) best = dA[c];
  }
  return best;
}

/**
 * Per empty cell, the length of `me`'s best connection through it (over the
 * three pairs); INF where none passes. Returns the minimum over cells.
 */
function pathMap(color: Int8Array, me: Side, out: Int8Array): number {
  out.fill(INF);
  let best = INF;
  for (let p = 0; p < 3; p++) {
    distances(color, me, 2 * p, dA);
    distances(color, me, 2 * p + 1, dB);
    for (let c = 0; c < CELL_COUNT; c++) {
      if (color[c] !== -1 || dA[c] >= INF || dB[c] >= INF) continue;
      const through = dA[c] + dB[c] - 1; // c counted once
      if (through < out[c]) out[c] = through;
      if (through < best) best = through;
    }
  }
  return best;
}

/** Logistic squash of a distance difference; the side to move is worth about one tile. */
const SLOPE = 0.55;
const TEMPO = 1.2;

export function evaluateOrion(pos: OrionPosition): number {
  const d0 = connectionDistance(pos.color, 0);
  const d1 = connectionDistance(pos.color, 1);
  const x = d1 - d0 + (pos.side === 0 ? TEMPO : -TEMPO);
  return 1 / (1 + Math.exp(-SLOPE * x));
}

const mine = new Int8Array(CELL_COUNT);
const ownGain = new Float64Array(CELL_COUNT);
/** What an X hex (the opponent's colour) is worth to the mover: minus what it costs. */
const xValue = new Float64Array(CELL_COUNT);
const theirs = new Int8Array(CELL_COUNT);

/** Priors: own hexes on own short connections, own hexes blocking the opponent's, no opponent hex on the opponent's. */
export function orionPriors(pos: OrionPosition, moves: OrionMove[]): number[] {
  const me = pos.side;
  const bestMine = pathMap(pos.color, me, mine);
  const bestTheirs = pathMap(pos.color, (1 - me) as Side, theirs);
  // Per cell: what an own hex there is worth, and what an opponent-colour hex costs.
  for (let c = 0; c < CELL_COUNT; c++) {
    const g = mine[c] >= INF ? 0 : Math.exp(bestMine - mine[c]);
    const t = theirs[c] >= INF ? 0 : Math.exp(bestTheirs - theirs[c]);
    ownGain[c] = g + 0.8 * t;
    xValue[c] = -(0.8 * t);
  }
  return placementScores(moves, ownGain, xValue);
}

/**
 * The priors of a position's placements from per-cell values: the sum over a placement's cells of `own[c]` (a hex of
 * the mover's colour) or `x[c]` (an X hex, the opponent's colour), plus `base[i]` when given, scaled to [0, 1] over
 * the moves. Shared by these priors and the race's (orion-race.ts).
 */
export function placementScores(moves: OrionMove[], own: Float64Array, x: Float64Array, base?: number[]): number[] {
  const out = new Array<number>(moves.length);
  let max = -Infinity;
  let min = Infinity;
  for (let i = 0; i < moves.length; i++) {
    const pl = PLACEMENTS[placementOf(moves[i])];
    let v = 0;
    for (let k = 0; k < pl.cells.length; k++) v += pl.isX[k] ? x[pl.cells[k]] : own[pl.cells[k]];
    out[i] = base ? base[i] + v : v;
    if (out[i] > max) max = out[i];
    if (out[i] < min) min = out[i];
  }
  const span = max - min || 1;
  for (let i = 0; i < out.length; i++) out[i] = (out[i] - min) / span;
  return out;
}

const kinds = new Int32Array(KIND_COUNT);

/** A uniformly random legal placement by rejection sampling over the placements of the tiles in hand. */
export function orionRandomStep(pos: OrionPosition, rng: Rng): boolean {
  const side = pos.side;
  let n = 0;
  let total = 0;
  for (let k = 0; k < KIND_COUNT; k++) {
    if (pos.hands[side * 6 + k] <= 0) continue;
    kinds[n++] = k;
    total += KIND_END[k] - KIND_START[k];
  }
  if (total === 0) return false;
  for (let tries = 0; tries < 48; tries++) {
    let x = randInt(rng, total);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const size = KIND_END[kinds[i]] - KIND_START[kinds[i]];
      if (x < size) {
        k = kinds[i];
        break;
      }
      x -= size;
    }
    const id = KIND_START[k] + x;
    if (pos.isLegalId(id, side)) {
      pos.playId(id);
      return true;
    }
  }
  return false;
}

export const orionHeuristics: Heuristics<OrionMove> = {
  evaluate: (pos: Position<OrionMove>) => evaluateOrion(pos as OrionPosition),
  priors: (pos: Position<OrionMove>, moves: OrionMove[]) => orionPriors(pos as OrionPosition, moves),
  randomStep: (pos: Position<OrionMove>, rng: Rng) => orionRandomStep(pos as OrionPosition, rng),
};
