// The Orion Duel board (OD-5, OD-6, OD-7): 85 cells, labels, neighbours,
// the six sides, and a cell set over three 32-bit words (cells 0..84).
import { hexDistance } from '../hex.js';
import type { CellIndex } from './types.js';

export interface OrionCell {
  index: CellIndex;
  q: number;
  r: number;
  /** 'A1' .. 'K4' (OD-6). */
  label: string;
}

export const CELL_COUNT = 85;
export const COLUMNS = 'ABCDEFGHIJK';

/** OD-5 unit vectors, in ORION_DIRS order (N, NE, SE, S, SW, NW: clockwise). */
export const DIR_VECTORS: readonly (readonly [number, number])[] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];

const CORNERS = new Set(['0,-5', '5,-5', '5,0', '0,5', '-5,5', '-5,0']);

/** OD-5: max(|q|,|r|,|s|) ≤ 5 without the six corners. */
export function onBoard(q: number, r: number): boolean {
  const s = -q - r;
  return Math.max(Math.abs(q), Math.abs(r), Math.abs(s)) <= 5 && !CORNERS.has(`${q},${r}`);
}

// OD-6: column A..K is q = -5..5, numbered from the top (smallest r first).
const cells: OrionCell[] = [];
const byCoord = new Map<string, number>();
for (let q = -5; q <= 5; q++) {
  let n = 0;
  for (let r = -5; r <= 5; r++) {
    if (!onBoard(q, r)) continue;
    n++;
    const index = cells.length;
    cells.push({ index, q, r, label: `${COLUMNS[q + 5]}${n}` });
    byCoord.set(`${q},${r}`, index);
  }
}
export const CELLS: readonly OrionCell[] = cells;
const byLabel = new Map(cells.map((c) => [c.label, c.index]));

/** Index of the cell at (q, r), or -1 when off the board. */
export const cellIndex = (q: number, r: number): number => byCoord.get(`${q},${r}`) ?? -1;
export const cellLabel = (i: CellIndex): string => CELLS[i].label;
/** 'e5' → index of E5; -1 when there is no such cell (OD-6). */
export const parseCellLabel = (text: string): number => byLabel.get(text.trim().toUpperCase()) ?? -1;

/** STEP[cell * 6 + dir]: the neighbour in that direction, -1 off the board. */
export const STEP = new Int8Array(CELL_COUNT * 6);
for (const c of cells) {
  DIR_VECTORS.forEach(([dq, dr], d) => {
    STEP[c.index * 6 + d] = cellIndex(c.q + dq, c.r + dr);
  });
}
/** On-board neighbours of each cell. */
export const NEIGHBOURS: readonly (readonly CellIndex[])[] = cells.map((c) =>
  [0, 1, 2, 3, 4, 5].map((d) => STEP[c.index * 6 + d]).filter((n) => n >= 0),
);

/** Hex distance between two cells (OD-10). */
export const cellDistance = (a: CellIndex, b: CellIndex): number => hexDistance(CELLS[a], CELLS[b]);

// OD-7: three pairs of opposite sides ("constellations").
export type ConstellationColor = 'purple' | 'red' | 'green';
export interface BoardSide {
  name: string;
  cells: CellIndex[];
}
export interface SidePair {
  color: ConstellationColor;
  sides: [BoardSide, BoardSide];
}
const sideOf = (name: string, test: (q: number, r: number, s: number) => boolean): BoardSide => ({
  name,
  cells: cells.filter((c) => test(c.q, c.r, -c.q - c.r)).map((c) => c.index),
});
export const SIDES: readonly SidePair[] = [
  { color: 'purple', sides: [sideOf('left', (q) => q === -5), sideOf('right', (q) => q === 5)] },
  {
    color: 'red',
    sides: [sideOf('top-left', (_q, _r, s) => s === 5), sideOf('bottom-right', (_q, _r, s) => s === -5)],
  },
  { color: 'green', sides: [sideOf('top-right', (_q, r) => r === -5), sideOf('bottom-left', (_q, r) => r === 5)] },
];
/** SIDE_BITS[cell]: bit 2*pair + k set when the cell lies on side k of pair `pair`. */
export const SIDE_BITS = new Uint8Array(CELL_COUNT);
SIDES.forEach((p, pi) => p.sides.forEach((side, k) => side.cells.forEach((c) => (SIDE_BITS[c] |= 1 << (2 * pi + k)))));

/** Number of constellation pairs both of whose sides are in `bits` (OD-17a). */
export function pairsJoined(bits: number): number {
  return ((bits & 3) === 3 ? 1 : 0) + ((bits & 12) === 12 ? 1 : 0) + ((bits & 48) === 48 ? 1 : 0);
}
/** Bit mask of joined pairs (bit p for pair p). */
export function pairMask(bits: number): number {
  return ((bits & 3) === 3 ? 1 : 0) | ((bits & 12) === 12 ? 2 : 0) | ((bits & 48) === 48 ? 4 : 0);
}
