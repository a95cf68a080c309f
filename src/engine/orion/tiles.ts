// Tile shapes (OD-8) and every distinct placement (OD-9), precomputed once.
// A placement is relative to the player laying it: hexes are O (owner's
// colour) or X (opponent's). The same table serves both sides.
import { CELL_COUNT, STEP } from './board.js';
import { ORION_DIRS, TILE_CODES, type CellIndex, type OrionMove, type TileCode } from './types.js';

export const KIND_COUNT = 6;
export const kindIndex = (t: TileCode): number => TILE_CODES.indexOf(t);
/** Hexes per tile kind. */
export const TILE_SIZE: Record<TileCode, number> = { S1: 1, P2: 2, D2: 2, L3: 3, V3: 3, T3: 3 };
/** Whether the kind has an X (opponent-colour) hex, always at the anchor (OD-8). */
export const HAS_X: Record<TileCode, boolean> = { S1: false, P2: false, D2: true, L3: true, V3: true, T3: true };

const right = (d: number): number => (d + 1) % 6; // OD-8: clockwise
const left = (d: number): number => (d + 5) % 6;

/** OD-8 geometry: the cells a tile covers, anchor first, or null when a hex leaves the board. */
export function shapeCells(kind: number, anchor: CellIndex, dir: number, turn: number): CellIndex[] | null {
  const go = (c: number, d: number): number => (c < 0 ? -1 : STEP[c * 6 + d]);
  let cells: number[];
  switch (TILE_CODES[kind]) {
    case 'S1':
      cells = [anchor];
      break;
    case 'P2':
    case 'D2':
      cells = [anchor, go(anchor, dir)];
      break;
    case 'L3': {
      const m = go(anchor, dir);
      cells = [anchor, m, go(m, dir)];
      break;
    }
    case 'V3': {
      const m = go(anchor, dir);
      cells = [anchor, m, go(m, turn === 0 ? right(dir) : left(dir))];
      break;
    }
    case 'T3':
      cells = [anchor, go(anchor, dir), go(anchor, right(dir))];
      break;
  }
  return cells.every((c) => c >= 0) ? cells : null;
}

/** Words per placement in MASKS: cells, O hexes, X hexes, cells next to O hexes, cells next to X hexes. */
export const STRIDE = 15;
export const M_CELLS = 0;
export const M_O = 3;
export const M_X = 6;
export const M_ADJ_O = 9;
export const M_ADJ_X = 12;

export interface Placement {
  id: number;
  kind: number;
  tile: TileCode;
  /** Canonical move (OD-22), frozen and shared. */
  move: OrionMove;
  /** Covered cells, the X hex first where the tile has one. */
  cells: CellIndex[];
  /** Per cell of `cells`: true for the X (opponent-colour) hex. */
  isX: boolean[];
}

const placements: Placement[] = [];

export const KIND_START = new Int32Array(KIND_COUNT);
export const KIND_END = new Int32Array(KIND_COUNT);
/** LOOKUP[((kind*85 + anchor)*6 + dir)*2 + turn] → placement id, -1 off the board. Both P2 anchors map to one id. */
export const LOOKUP = new Int16Array(KIND_COUNT * CELL_COUNT * 12).fill(-1);
export const lookupIndex = (kind: number, anchor: number, dir: number, turn: number): number =>
  ((kind * CELL_COUNT + anchor) * 6 + dir) * 2 + turn;

function build(): Int32Array {
  const masks: number[] = [];
  const setBit = (base: number, c: number): void => {
    masks[base + (c >> 5)] |= 1 << (c & 31);
  };
  for (let kind = 0; kind < KIND_COUNT; kind++) {
    const tile = TILE_CODES[kind];
    KIND_START[kind] = placements.length;
    const seen = new Map<string, number>();
    // OD-22: the P2 anchor is the one from which the other hex lies N, NE or SE,
    // so those directions are enumerated first and win the deduplication.
    const passes =
      tile === 'P2'
        ? [
            [0, 1, 2],
            [3, 4, 5],
          ]
        : [[0, 1, 2, 3, 4, 5]];
    for (const dirs of passes) {
      for (let anchor = 0; anchor < CELL_COUNT; anchor++) {
        for (const dir of dirs) {
          for (let turn = 0; turn < 2; turn++) {
            if (tile === 'S1' && (dir !== 0 || turn !== 0)) continue;
            if (tile !== 'V3' && turn !== 0) continue;
            const cells = shapeCells(kind, anchor, dir, turn);
            if (!cells) continue;
            const isX = cells.map((_, i) => i === 0 && HAS_X[tile]);
            // OD-9: same cells with the same colours = the same move.
            const key = cells
              .map((c, i) => `${c}${isX[i] ? 'x' : 'o'}`)
              .sort()
              .join(' ');
            let id = seen.get(key);
            if (id === undefined) {
              id = placements.length;
              seen.set(key, id);
              const move: OrionMove = { tile, cell: anchor };
              if (tile !== 'S1') move.dir = ORION_DIRS[dir];
              if (tile === 'V3') move.turn = turn === 0 ? 'R' : 'L';
              placements.push({ id, kind, tile, move: Object.freeze(move), cells, isX });
              const base = id * STRIDE;
              for (let w = 0; w < STRIDE; w++) masks[base + w] = 0;
              const inTile = new Set(cells);
              cells.forEach((c, i) => {
                setBit(base + M_CELLS, c);
                setBit(base + (isX[i] ? M_X : M_O), c);
                for (let d = 0; d < 6; d++) {
                  const n = STEP[c * 6 + d];
                  if (n >= 0 && !inTile.has(n)) setBit(base + (isX[i] ? M_ADJ_X : M_ADJ_O), n);
                }
              });
            }
            LOOKUP[lookupIndex(kind, anchor, dir, turn)] = id;
          }
        }
      }
    }
    KIND_END[kind] = placements.length;
  }
  return Int32Array.from(masks);
}
/** Int32 words, STRIDE per placement. */
export const MASKS: Int32Array = build();

export const PLACEMENTS: readonly Placement[] = placements;
export const PLACEMENT_COUNT = placements.length;
/** Canonical move by placement id. */
export const MOVES: readonly OrionMove[] = placements.map((p) => p.move);
// Per placement, dense: its cells (3 words) and the cells next to its O hexes
// and to its X hex (3 + 3 words), for the one-placement test (isLegalId).
export const CELL_MASK = new Int32Array(PLACEMENT_COUNT * 3);
export const ADJ_MASK = new Int32Array(PLACEMENT_COUNT * 6);
for (let id = 0; id < PLACEMENT_COUNT; id++)
  for (let w = 0; w < 3; w++) {
    CELL_MASK[id * 3 + w] = MASKS[id * STRIDE + M_CELLS + w];
    ADJ_MASK[id * 6 + w] = MASKS[id * STRIDE + M_ADJ_O + w];
    ADJ_MASK[id * 6 + 3 + w] = MASKS[id * STRIDE + M_ADJ_X + w];
  }

// Placement sets: one bit per placement id, PW words. Kinds are contiguous id
// ranges, so a set lists placements in id order, kind by kind.
export const PW = (PLACEMENT_COUNT + 31) >> 5;
const bitOf = (arr: Int32Array, base: number, id: number): void => {
  arr[base + (id >> 5)] |= 1 << (id & 31);
};
/** KIND_SET[k * PW ..]: the placements of kind k. */
export const KIND_SET = new Int32Array(KIND_COUNT * PW);
/** KILL[cell * PW ..]: placements covering the cell (dead once it is covered, OD-13). */
export const KILL = new Int32Array(CELL_COUNT * PW);
/** NEAR_O / NEAR_X[cell * PW ..]: placements whose O (resp. X) hexes touch the cell (OD-14). */
export const NEAR_O = new Int32Array(CELL_COUNT * PW);
export const NEAR_X = new Int32Array(CELL_COUNT * PW);
for (const p of placements) {
  bitOf(KIND_SET, p.kind * PW, p.id);
  for (const c of p.cells) bitOf(KILL, c * PW, p.id);
  for (let c = 0; c < CELL_COUNT; c++) {
    const w = c >> 5;
    const bit = 1 << (c & 31);
    if (ADJ_MASK[p.id * 6 + w] & bit) bitOf(NEAR_O, c * PW, p.id);
    if (ADJ_MASK[p.id * 6 + 3 + w] & bit) bitOf(NEAR_X, c * PW, p.id);
  }
}
/** First and last word (inclusive) of each kind's range. */
export const KIND_W0 = Int32Array.from({ length: KIND_COUNT }, (_, k) => KIND_START[k] >> 5);
export const KIND_W1 = Int32Array.from({ length: KIND_COUNT }, (_, k) => (KIND_END[k] - 1) >> 5);

/** The placement id of a move (either P2 anchor), -1 when it leaves the board or is malformed. */
export function placementOf(m: OrionMove): number {
  const kind = kindIndex(m.tile);
  if (kind < 0 || !Number.isInteger(m.cell) || m.cell < 0 || m.cell >= CELL_COUNT) return -1;
  let dir = 0;
  let turn = 0;
  if (m.tile !== 'S1') {
    dir = m.dir === undefined ? -1 : ORION_DIRS.indexOf(m.dir);
    if (dir < 0) return -1;
  }
  if (m.tile === 'V3') {
    if (m.turn !== 'R' && m.turn !== 'L') return -1;
    turn = m.turn === 'R' ? 0 : 1;
  }
  return LOOKUP[lookupIndex(kind, m.cell, dir, turn)];
}
