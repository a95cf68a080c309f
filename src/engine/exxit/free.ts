// Free (EX-18) and its compulsory chain (EX-19).
import { type Board, heightOf, isTile, kindOf, pawnsOf, PRISONER, TILE } from './board.js';
import { DELTA } from './geometry.js';

/** Tiles adjacent to cell c (EX-18: a prisoner cell may be freed when this is >= 2). */
export function tileNeighbours(b: Board, c: number): number {
  const cells = b.cells;
  let k = 0;
  for (let d = 0; d < 6; d++) if (isTile(cells[c + DELTA[d]])) k++;
  return k;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * EX-18/19: free cell c (legal) and then, depth first in the order
 * E, NE, NW, W, SW, SE, every prisoner cell next to a newly laid tile that
 * touches two tiles at the moment it is visited. Stops the game the moment the
 * stock is empty (EX-20a); prisoners still waiting stay where they are.
 */
export function freeChain(b: Board, c: number): void {
  b.nFreed = 0;
  freeOne(b, c);
}

function freeOne(b: Board, c: number): void {
  const cells = b.cells;
  const v = cells[c];
  const n = heightOf(v);
  const blacks = popcount(pawnsOf(v));
  // Pawns go back to their owners' reserves by colour.
  b.reserves[1] += blacks;
  b.reserves[0] += n - blacks;
  cells[c] = TILE | b.side; // a tile in the mover's colour
  b.tiles[b.nTiles++] = c;
  b.removePrisoner(c);
  b.freed[b.nFreed++] = c;
  b.stock--;
  if (b.stock === 0) {
    b.end = 1; // EX-20a, even mid-chain
    return;
  }
  for (let d = 0; d < 6; d++) {
    const nb = c + DELTA[d];
    if (kindOf(cells[nb]) === PRISONER && tileNeighbours(b, nb) >= 2) {
      freeOne(b, nb);
      if (b.end !== 0) return;
    }
  }
}
