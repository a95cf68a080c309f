// Dance (EX-13 legality, EX-14/15 sowing).
import { type Board, heightOf, isEmptyTile, isTile, kindOf, ownerOf, pawnsOf, PRISONER, stackValue } from './board.js';
import { DELTA } from './geometry.js';

/** danceVerdict results: > 0 legal, < 0 the EX-13 clause that fails. */
export const INSIDE = 1; // EX-13g
export const EXIT = 2; // EX-13f
export const NO_REACH = -1; // EX-13a
export const TARGET_VOID = -2; // EX-13b (void)
export const TARGET_PRISONER = -3; // EX-13b (prisoner cell)
export const TARGET_OWN = -4; // EX-13c
export const TARGET_TALLER = -5; // EX-13d
export const ENDS_ON_PRISONERS = -6; // EX-13e

/**
 * EX-13 for the stack on tile `s` (height n >= 1, owned by p) in direction d.
 * The caller has checked EX-12 (the stack is the mover's).
 */
export function danceVerdict(b: Board, s: number, d: number, n: number, p: number): number {
  const cells = b.cells;
  const delta = DELTA[d];
  let c = s;
  for (let t = 1; t <= n; t++) {
    c += delta;
    const v = cells[c];
    if (isEmptyTile(v)) continue;
    // c_t: the first cell that is not an empty tile.
    if (!isTile(v)) return kindOf(v) === PRISONER ? TARGET_PRISONER : TARGET_VOID; // (b)
    if (ownerOf(v) === p) return TARGET_OWN; // (c)
    if (heightOf(v) > n) return TARGET_TALLER; // (d)
    for (let j = t + 1; j <= n; j++) {
      c += delta;
      const w = cells[c];
      if (!isTile(w)) return kindOf(w) === PRISONER ? ENDS_ON_PRISONERS : EXIT; // (e) / (f)
    }
    return INSIDE; // (g)
  }
  return NO_REACH; // (a)
}

/** The first cell along d from s that is not an empty tile, within n steps, with its index t; or null (EX-13a). */
export function danceTarget(b: Board, s: number, d: number, n: number): { cell: number; t: number } | null {
  let c = s;
  for (let t = 1; t <= n; t++) {
    c += DELTA[d];
    if (!isEmptyTile(b.cells[c])) return { cell: c, t };
  }
  return null;
}

/** The first tileless cell met by the sowing (EX-13e/f), if any. */
export function danceEnd(b: Board, s: number, d: number, n: number): number {
  let c = s;
  for (let i = 1; i <= n; i++) {
    c += DELTA[d];
    if (!isTile(b.cells[c])) return c;
  }
  return -1;
}

/**
 * EX-14/15: lift the stack on s and sow it along d, bottom pawn first. Returns
 * true for an exit dance (a new prisoner cell). The dance must be legal.
 */
export function sow(b: Board, s: number, d: number): boolean {
  const cells = b.cells;
  const v = cells[s];
  const n = heightOf(v);
  const pawns = pawnsOf(v);
  const delta = DELTA[d];
  cells[s] = kindOf(v); // S stays as an empty tile
  b.nSown = 0;
  let c = s;
  for (let i = 0; i < n; i++) {
    c += delta;
    const w = cells[c];
    b.sown[b.nSown++] = c;
    if (isTile(w)) {
      // The bottom pawn of what is left lands on top of c_i; it now owns it (EX-15).
      cells[c] = w + (1 << 2) + (((pawns >>> i) & 1) << (7 + heightOf(w)));
    } else {
      // Exit (EX-14): every remaining pawn goes to c_e as one prisoner stack, order kept.
      cells[c] = stackValue(PRISONER, n - i, pawns >>> i);
      b.addPrisoner(c, b.nextPrisoner++);
      return true;
    }
  }
  return false;
}
