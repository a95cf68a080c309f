// The mutable board of the fast path. One Int32 per grid cell:
//   bits 0-1  kind: 0 void, 1 prisoner cell, 2 red tile, 3 black tile (EX-6)
//   bits 2-6  stack height (EX-9a; 16 pawns at most)
//   bits 7-   pawn colours, bit 7+i = colour of the i-th pawn from the bottom
// An empty tile (EX-7) is therefore exactly the value 2 or 3.
import { GRID } from './geometry.js';
import type { ExxitVariant } from './types.js';

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
  cells: Int32Array;
  /** Tile cells in the order they were laid (EX-23 label order). */
  tiles: Int16Array;
  nTiles: number;
  /** Prisoner cells in creation order, with their X-numbers. */
  pris: Int16Array;
  prisNo: Int32Array;
  nPris: number;
  nextPrisoner: number;
  reserves: Int32Array;
  stock: number;
  side: number;
  plies: number;
  passes: number;
  end: EndCode;
  variant: ExxitVariant;

  // EX-20c window: distinct positions since the last irreversible move, each a
  // snapshot [side, stack of every tile in label order] (see repetition.ts).
  winHash: Int32Array;
  winCount: Int32Array;
  winSnap: Int32Array;
  winLen: number;

  // What the last move touched (for the pure state's `last`).
  sown: Int16Array;
  nSown: number;
  freed: Int16Array;
  nFreed: number;

  /** An empty board, or a copy of `o` (clone: one allocation per array). */
  constructor(o?: Board) {
    this.cells = o ? o.cells.slice() : new Int32Array(GRID);
    this.tiles = o ? o.tiles.slice() : new Int16Array(40);
    this.nTiles = o ? o.nTiles : 0;
    this.pris = o ? o.pris.slice() : new Int16Array(MAX_PRISONER_CELLS);
    this.prisNo = o ? o.prisNo.slice() : new Int32Array(MAX_PRISONER_CELLS);
    this.nPris = o ? o.nPris : 0;
    this.nextPrisoner = o ? o.nextPrisoner : 1;
    this.reserves = o ? o.reserves.slice() : new Int32Array(2);
    this.stock = o ? o.stock : 0;
    this.side = o ? o.side : 0;
    this.plies = o ? o.plies : 0;
    this.passes = o ? o.passes : 0;
    this.end = o ? o.end : 0;
    this.variant = o ? o.variant : 'standard';
    this.winHash = o ? o.winHash.slice() : new Int32Array(8);
    this.winCount = o ? o.winCount.slice() : new Int32Array(8);
    this.winSnap = o ? o.winSnap.slice() : new Int32Array(8 * 40);
    this.winLen = o ? o.winLen : 0;
    this.sown = o ? o.sown.slice() : new Int16Array(17);
    this.nSown = o ? o.nSown : 0;
    this.freed = o ? o.freed.slice() : new Int16Array(40);
    this.nFreed = o ? o.nFreed : 0;
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
