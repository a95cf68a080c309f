// EX-20c: third occurrence of a position.
//
// Place, Free and exit dances are irreversible: a Free lowers the stock (it
// never rises), a Place lowers the reserves (only a Free raises them), an exit
// dance adds a prisoner cell (only a Free removes one). So a position can only
// recur across inside dances and passes, which change nothing but the stacks
// on tiles and the side to move. The window therefore holds the positions
// since the last irreversible move, each exactly as [side, stack of every tile
// in label order] (colours only, so pawns of one colour are interchangeable);
// a 32-bit hash only filters before the exact comparison, so this is exact.
import type { Board } from './board.js';

const STRIDE_MAX = 40;

export function resetWindow(b: Board): void {
  b.winLen = 0;
}

function grow(b: Board): void {
  const cap = b.winHash.length * 2;
  const h = new Int32Array(cap);
  h.set(b.winHash);
  const n = new Int32Array(cap);
  n.set(b.winCount);
  const s = new Int32Array(cap * STRIDE_MAX);
  s.set(b.winSnap);
  b.winHash = h;
  b.winCount = n;
  b.winSnap = s;
}

/** Records the current position; returns how many times it has now occurred. */
export function recordPosition(b: Board): number {
  const len = b.winLen;
  if (len >= b.winHash.length) grow(b);
  const stride = b.nTiles + 1;
  const snap = b.winSnap;
  const cells = b.cells;
  const tiles = b.tiles;
  const base = len * stride;
  snap[base] = b.side;
  let h = b.side + 0x2545f491;
  for (let i = 0; i < b.nTiles; i++) {
    const x = cells[tiles[i]] >> 2; // height and pawn colours
    snap[base + 1 + i] = x;
    h = Math.imul(h ^ x, 0x01000193);
  }
  const hashes = b.winHash;
  for (let j = 0; j < len; j++) {
    if (hashes[j] !== h) continue;
    const o = j * stride;
    let k = 0;
    while (k < stride && snap[o + k] === snap[base + k]) k++;
    if (k === stride) return ++b.winCount[j];
  }
  hashes[len] = h;
  b.winCount[len] = 1;
  b.winLen = len + 1;
  return 1;
}

/** Adds a stored occurrence count for a snapshot [side, stacks...] (loading a state). */
export function loadWindowEntry(b: Board, snapshot: number[], count: number): void {
  const len = b.winLen;
  if (len >= b.winHash.length) grow(b);
  const stride = b.nTiles + 1;
  const base = len * stride;
  let h = snapshot[0] + 0x2545f491;
  b.winSnap[base] = snapshot[0];
  for (let i = 1; i < stride; i++) {
    b.winSnap[base + i] = snapshot[i];
    h = Math.imul(h ^ snapshot[i], 0x01000193);
  }
  b.winHash[len] = h;
  b.winCount[len] = count;
  b.winLen = len + 1;
}

/** The window entries as [snapshot, count] pairs (saving a state). */
export function windowEntries(b: Board): [number[], number][] {
  const stride = b.nTiles + 1;
  const out: [number[], number][] = [];
  for (let j = 0; j < b.winLen; j++) {
    out.push([Array.from(b.winSnap.subarray(j * stride, (j + 1) * stride)), b.winCount[j]]);
  }
  return out;
}
