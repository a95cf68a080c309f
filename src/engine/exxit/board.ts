// The mutable board of the fast path. One Int32 per grid cell:
//   bits 0-1  kind: 0 void, 1 prisoner cell, 2 red tile, 3 black tile (EX-6)
//   bits 2-6  stack height (EX-9a; 16 pawns at most)
//   bits 7-   pawn colours, bit 7+i = colour of the i-th pawn from the bottom
// An empty tile (EX-7) is therefore exactly the value 2 or 3.
import { GRID } from './geometry.js';
import type { ExxitVariant } from './types.js';

export const VOID = 0;
export const PRISONER = 1;
export const TILE = 2;

export const kindOf = (v: number): number => v & 3;
export const isTile = (v: number): boolean => (v & 2) !== 0;
export const isEmptyTile = (v: number): boolean => (v | 1) === 3;
export const heightOf = (v: number): number => (v >> 2) & 31;
export const pawnsOf = (v: number): number => v >>> 7;
/** EX-9b: the owner is the colour of the top pawn (call only when height > 0). */
export const ownerOf = (v: number): number => (v >>> (6 + ((v >> 2) & 31))) & 1;
export const stackValue = (kind: number, height: number, pawns: number): number => kind | (height << 2) | (pawns << 7);

/** Ends (EX-20) as small integers; 0 while the game goes on. */
export const END_REASONS = [null, 'EX-20a', 'EX-20b', 'EX-20c', 'EX-20d'] as const;
export type EndCode = 0 | 1 | 2 | 3 | 4;

export const MAX_PRISONER_CELLS = 32;

export class Board {
  cells = new Int32Array(GRID);
  /** Tile cells in the order they were laid (EX-23 label order). */
  tiles = new Int16Array(40);
  nTiles = 0;
  /** Prisoner cells in creation order, with their X-numbers. */
  pris = new Int16Array(MAX_PRISONER_CELLS);
  prisNo = new Int32Array(MAX_PRISONER_CELLS);
  nPris = 0;
  nextPrisoner = 1;
  reserves = new Int32Array(2);
  stock = 0;
  side = 0;
  plies = 0;
  passes = 0;
  end: EndCode = 0;
  variant: ExxitVariant = 'standard';

  // EX-20c window: distinct positions since the last irreversible move, each a
  // snapshot [side, stack of every tile in label order] (see repetition.ts).
  winHash = new Int32Array(8);
  winCount = new Int32Array(8);
  winSnap = new Int32Array(8 * 40);
  winLen = 0;

  // What the last move touched (for the pure state's `last`).
  sown = new Int16Array(17);
  nSown = 0;
  freed = new Int16Array(40);
  nFreed = 0;

  copyFrom(o: Board): void {
    this.cells = o.cells.slice();
    this.tiles = o.tiles.slice();
    this.nTiles = o.nTiles;
    this.pris = o.pris.slice();
    this.prisNo = o.prisNo.slice();
    this.nPris = o.nPris;
    this.nextPrisoner = o.nextPrisoner;
    this.reserves = o.reserves.slice();
    this.stock = o.stock;
    this.side = o.side;
    this.plies = o.plies;
    this.passes = o.passes;
    this.end = o.end;
    this.variant = o.variant;
    this.winHash = o.winHash.slice();
    this.winCount = o.winCount.slice();
    this.winSnap = o.winSnap.slice();
    this.winLen = o.winLen;
    this.sown = o.sown.slice();
    this.nSown = o.nSown;
    this.freed = o.freed.slice();
    this.nFreed = o.nFreed;
  }

  addPrisoner(c: number, no: number): void {
    this.pris[this.nPris] = c;
    this.prisNo[this.nPris] = no;
    this.nPris++;
  }

  removePrisoner(c: number): void {
    const n = this.nPris;
    let i = 0;
    while (i < n && this.pris[i] !== c) i++;
    for (; i < n - 1; i++) {
      this.pris[i] = this.pris[i + 1];
      this.prisNo[i] = this.prisNo[i + 1];
    }
    this.nPris = n - 1;
  }

  prisonerNumber(c: number): number {
    for (let i = 0; i < this.nPris; i++) if (this.pris[i] === c) return this.prisNo[i];
    return -1;
  }

  tileNumber(c: number): number {
    for (let i = 0; i < this.nTiles; i++) if (this.tiles[i] === c) return i;
    return -1;
  }
}
