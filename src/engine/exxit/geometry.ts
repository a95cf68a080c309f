// Bounded grid index for the Exxit world (EX-5) and EX-23 labels.
//
// The world cannot grow far: every tile laid after the core touches two
// earlier tiles (EX-18), so with at most 39 tiles no tile lies more than 36
// steps from (0,0); prisoner cells touch a tile (EX-14), and walks and
// neighbour tests stop one step further. An 80x80 array over axial
// coordinates, offset by 40, therefore holds every cell the rules ever read,
// with no wrap-around between rows.
import type { ExxitDir } from './types.js';

export const W = 80;
export const OFF = 40;
export const GRID = W * W;
/** Farthest cell (hex distance from (0,0)) a stored state may mention. */
export const MAX_DIST = 37;

/** EX-5 directions E, NE, NW, W, SW, SE as index deltas in the grid. */
export const DELTA: readonly number[] = [1, 1 - W, -W, -1, W - 1, W];
export const DIR_INDEX: Readonly<Record<ExxitDir, number>> = { E: 0, NE: 1, NW: 2, W: 3, SW: 4, SE: 5 };

export const cellOf = (q: number, r: number): number => q + OFF + (r + OFF) * W;
// No -0 can come out of these (an integer minus OFF is never -0), so a state's coordinates survive JSON unchanged.
export const qOf = (c: number): number => (c % W) - OFF;
export const rOf = (c: number): number => Math.floor(c / W) - OFF;

export const hexDist = (q: number, r: number): number => (Math.abs(q) + Math.abs(r) + Math.abs(q + r)) / 2;
export const inWorldBounds = (q: number, r: number): boolean =>
  Number.isInteger(q) && Number.isInteger(r) && hexDist(q, r) <= MAX_DIST;

/** EX-23: the i-th tile laid (0-based) is A, B, ... Z, AA, AB, ... */
export function tileLabel(i: number): string {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    n--;
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26);
  }
  return s;
}

export const prisonerLabel = (n: number): string => `X${n}`;
