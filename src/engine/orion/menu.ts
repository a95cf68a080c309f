// Orion Duel without typing: each legal placement as menu choices for the
// move builder (tile → column → cell → orientation, an orientation named by
// the cells it covers), and the order of lists that show only some (OD-14
// and OD-17 in a cheap static reading: joining your groups and covering
// tokens the right way first, then central cells, spread across the tiles).
import type { MovePath, Note, Side } from '../game.js';
import { CELL_COUNT, CELLS, NEIGHBOURS, cellLabel } from './board.js';
import { PLACEMENTS, placementOf, type Placement } from './tiles.js';
import type { OrionMove, OrionState } from './types.js';
import { groupsOf } from './victory.js';

const note = (id: string, params: Note['params'] = {}): Note => ({ id: `orion.${id}`, params });

const placement = (m: OrionMove): Placement => {
  const id = placementOf(m);
  if (id < 0) throw new Error('orion menu: not a placement');
  return PLACEMENTS[id];
};

export function movePaths(s: OrionState, moves: readonly OrionMove[]): MovePath[] {
  const hand = s.hands[s.toMove];
  return moves.map((m) => {
    const p = placement(m);
    // The canonical anchor (OD-22: P2 from its N/NE/SE hex), so one placement has one path.
    const anchor = cellLabel(p.move.cell);
    const column = anchor[0];
    const cells = p.cells.map(cellLabel).join(' ');
    const orient = p.move.dir ? `${p.move.dir}${p.move.turn ? ` ${p.move.turn}` : ''}` : '';
    const steps = [
      { level: note('level.tile'), code: p.tile, note: note('tile', { tile: p.tile, left: hand[p.tile] }) },
      { level: note('level.column', { tile: p.tile }), code: column, note: note('column', { column }) },
      { level: note('level.cell', { tile: p.tile }), code: anchor, note: note('cell', { cell: anchor }) },
    ];
    if (orient)
      steps.push({
        level: note('level.orientation', { tile: p.tile, cell: anchor }),
        code: orient.replace(' ', ''),
        note: note('orientation', { what: orient, cells }),
      });
    return { steps, note: note('move', { what: orient ? `${p.tile} ${orient}` : p.tile, cells }) };
  });
}

/** Cells of colour `me` labelled by group (OD-16), -1 elsewhere. */
function groupIds(s: OrionState, me: Side): Int16Array {
  const id = new Int16Array(CELL_COUNT).fill(-1);
  groupsOf(s.cells, s.galaxies, s.blackHoles)
    .filter((g) => g.color === me)
    .forEach((g, k) => g.cells.forEach((c) => (id[c] = k)));
  return id;
}

const centreDistance = (c: number): number => {
  const { q, r } = CELLS[c];
  return (Math.abs(q) + Math.abs(r) + Math.abs(q + r)) / 2;
};

/**
 * Useful placements first: those whose own-colour hexes join the player's
 * groups (more groups joined first) or put a token on the side it counts for
 * (a galaxy on your colour, OD-17b; a black hole on theirs, OD-17c), then the
 * rest; central placements first within a score, and the tiles taken in turn
 * so a short list shows every tile.
 */
export function orderMoves(s: OrionState, moves: readonly OrionMove[]): OrionMove[] {
  const me = s.toMove;
  const group = groupIds(s, me);
  const galaxy = new Set(s.galaxies);
  const blackHole = new Set(s.blackHoles);
  const scored = moves.map((m) => {
    const p = placement(m);
    const joined = new Set<number>();
    let score = 0;
    let centre = 0;
    p.cells.forEach((c, k) => {
      const mine = !p.isX[k];
      if (mine) for (const n of NEIGHBOURS[c]) if (group[n] >= 0) joined.add(group[n]);
      if (galaxy.has(c)) score += mine ? 2 : -1;
      if (blackHole.has(c)) score += mine ? -2 : 1;
      centre += centreDistance(c);
    });
    if (joined.size > 0) score += 2 + 3 * (joined.size - 1);
    return { m, kind: p.kind, score, centre: centre / p.cells.length };
  });
  // Equal moves keep the order given (Array.prototype.sort is stable).
  scored.sort((a, b) => Number(b.score > 0) - Number(a.score > 0) || b.score - a.score || a.centre - b.centre);
  // Round robin over the tiles within each tier (useful, then the rest).
  const out: OrionMove[] = [];
  for (const useful of [true, false]) {
    const queues = new Map<number, typeof scored>();
    for (const x of scored)
      if (x.score > 0 === useful) (queues.get(x.kind) ?? queues.set(x.kind, []).get(x.kind)!).push(x);
    const lists = [...queues.values()];
    for (let k = 0; lists.some((l) => k < l.length); k++) for (const l of lists) if (k < l.length) out.push(l[k].m);
  }
  return out;
}
