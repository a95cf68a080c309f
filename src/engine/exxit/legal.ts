// Legal moves with the EX-10/EX-11 priority.
import { type Board, heightOf, isEmptyTile, ownerOf } from './board.js';
import { danceVerdict, EXIT, INSIDE } from './dance.js';
import { tileNeighbours } from './free.js';
import { danceMove, freeMove, PASS, placeMove } from './moves.js';
import type { ExxitMove } from './types.js';

/** Every legal move of the position (interned objects); [] when the game is over. */
export function generate(b: Board): ExxitMove[] {
  if (b.end !== 0) return [];
  const out: ExxitMove[] = [];
  const p = b.side;
  const cells = b.cells;
  let exits = false;
  // EX-11a/b: dances first, and only exit dances when there is one.
  for (let i = 0; i < b.nTiles; i++) {
    const s = b.tiles[i];
    const v = cells[s];
    const n = heightOf(v);
    if (n === 0 || ownerOf(v) !== p) continue; // EX-12
    for (let d = 0; d < 6; d++) {
      const k = danceVerdict(b, s, d, n, p);
      if (k === EXIT) {
        if (!exits) {
          exits = true;
          out.length = 0;
        }
        out.push(danceMove(s, d));
      } else if (k === INSIDE && !exits) {
        out.push(danceMove(s, d));
      }
    }
  }
  if (out.length > 0) return out;
  // EX-11d: Place (EX-17) or Free (EX-18), freely.
  if (b.reserves[p] > 0) {
    for (let i = 0; i < b.nTiles; i++) if (isEmptyTile(cells[b.tiles[i]])) out.push(placeMove(b.tiles[i]));
  }
  if (b.stock > 0) {
    for (let i = 0; i < b.nPris; i++) if (tileNeighbours(b, b.pris[i]) >= 2) out.push(freeMove(b.pris[i]));
  }
  // EX-10: with nothing else, the pass is forced.
  if (out.length === 0) out.push(PASS);
  return out;
}

/** Legal dances of the mover: [all, exit]. */
export function countDances(b: Board): { dances: number; exits: number } {
  let dances = 0;
  let exits = 0;
  const p = b.side;
  for (let i = 0; i < b.nTiles; i++) {
    const s = b.tiles[i];
    const v = b.cells[s];
    const n = heightOf(v);
    if (n === 0 || ownerOf(v) !== p) continue;
    for (let d = 0; d < 6; d++) {
      const k = danceVerdict(b, s, d, n, p);
      if (k > 0) dances++;
      if (k === EXIT) exits++;
    }
  }
  return { dances, exits };
}
