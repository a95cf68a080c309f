// OD-16/OD-17/OD-19 computed from scratch by flood fill over a coloured board.
// The fast path keeps the same numbers incrementally (position.ts, union-find);
// this independent version checks it (tests, fromJSON) and documents the rule.
import type { Side } from '../game.js';
import { CELL_COUNT, NEIGHBOURS, SIDE_BITS, pairMask } from './board.js';
import type { CellIndex, OrionVc } from './types.js';

export interface Group {
  color: Side;
  cells: CellIndex[];
  galaxies: number;
  blackHoles: number;
  /** OD-7 side bits touched (bit 2*pair + k). */
  sides: number;
}

/** OD-16: maximal same-colour groups joined by shared edges. */
export function groupsOf(
  cells: readonly number[],
  galaxies: readonly CellIndex[],
  blackHoles: readonly CellIndex[],
): Group[] {
  const gal = new Set(galaxies);
  const bh = new Set(blackHoles);
  const seen = new Uint8Array(CELL_COUNT);
  const groups: Group[] = [];
  for (let start = 0; start < CELL_COUNT; start++) {
    if (cells[start] < 0 || seen[start]) continue;
    const color = cells[start] as Side;
    const g: Group = { color, cells: [], galaxies: 0, blackHoles: 0, sides: 0 };
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const c = stack.pop()!;
      g.cells.push(c);
      if (gal.has(c)) g.galaxies++;
      if (bh.has(c)) g.blackHoles++;
      g.sides |= SIDE_BITS[c];
      for (const n of NEIGHBOURS[c])
        if (!seen[n] && cells[n] === color) {
          seen[n] = 1;
          stack.push(n);
        }
    }
    groups.push(g);
  }
  return groups;
}

/** OD-17 for both sides. */
export function victoryConditions(groups: readonly Group[]): [OrionVc, OrionVc] {
  const vc = (side: Side): OrionVc => {
    let pairs = 0;
    let gal = 0;
    let bh = 0;
    for (const g of groups) {
      if (g.color === side) {
        pairs |= pairMask(g.sides); // (a) one group touching both sides of a pair
        gal += Math.floor(g.galaxies / 4); // (b)
      } else bh += Math.floor(g.blackHoles / 3); // (c) the opponent's groups
    }
    const constellations = (pairs & 1) + ((pairs >> 1) & 1) + ((pairs >> 2) & 1);
    const galaxies = Math.min(2, gal);
    const blackHoles = Math.min(2, bh);
    return { constellations, galaxies, blackHoles, total: constellations + galaxies + blackHoles };
  };
  return [vc(0), vc(1)];
}

/** OD-19: (galaxies − black holes) on cells of each colour. */
export function tiebreakScores(
  cells: readonly number[],
  galaxies: readonly CellIndex[],
  blackHoles: readonly CellIndex[],
): [number, number] {
  const t: [number, number] = [0, 0];
  for (const g of galaxies) if (cells[g] >= 0) t[cells[g]]++;
  for (const b of blackHoles) if (cells[b] >= 0) t[cells[b]]--;
  return t;
}
