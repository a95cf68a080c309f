// Why a move is refused, precisely (OD-3, OD-8, OD-13, OD-14, OD-22). The
// yes/no test itself is OrionPosition.isLegalId; this names the broken rule.
import type { RuleError, Side } from '../game.js';
import { refusal as err } from './errors.js';
import { CELL_COUNT, NEIGHBOURS, cellLabel } from './board.js';
import type { OrionPosition } from './position.js';
import { PLACEMENTS, kindIndex, placementOf } from './tiles.js';
import { ORION_DIRS, TILE_CODES, type OrionMove } from './types.js';

/** Checks that a move object is well formed (OD-8, OD-22); returns its placement id or an error. */
export function placementIdOf(m: unknown): number | RuleError {
  if (typeof m !== 'object' || m === null)
    return err('OD-22', 'orion.notAnObject', { shape: '{tile, cell, dir?, turn?}' });
  const mv = m as Partial<OrionMove> & Record<string, unknown>;
  for (const k of Object.keys(mv))
    if (!['tile', 'cell', 'dir', 'turn'].includes(k))
      return err('OD-22', 'orion.unexpectedField', { field: k.slice(0, 20) });
  if (typeof mv.tile !== 'string' || kindIndex(mv.tile) < 0)
    return err('OD-22', 'orion.unknownTile', {
      tile: String(JSON.stringify(mv.tile)).slice(0, 20),
      tiles: TILE_CODES.join(' '),
    });
  if (typeof mv.cell !== 'number' || !Number.isInteger(mv.cell) || mv.cell < 0 || mv.cell >= CELL_COUNT)
    return err('OD-6', 'orion.badCellIndex', {
      cell: String(JSON.stringify(mv.cell)).slice(0, 20),
      last: CELL_COUNT - 1,
    });
  if (mv.tile === 'S1') {
    if (mv.dir !== undefined) return err('OD-22', 'orion.s1NoDirection');
  } else if (typeof mv.dir !== 'string' || !(ORION_DIRS as readonly string[]).includes(mv.dir))
    return err('OD-22', 'orion.needsDirection', { tile: mv.tile, dirs: ORION_DIRS.join(', ') });
  if (mv.tile === 'V3') {
    if (mv.turn !== 'R' && mv.turn !== 'L') return err('OD-22', 'orion.v3NeedsTurn');
  } else if (mv.turn !== undefined) return err('OD-22', 'orion.onlyV3Turns', { tile: mv.tile });
  const id = placementOf(mv as OrionMove);
  return id < 0 ? err('OD-13', 'orion.offBoard') : id;
}

/** Null when placement `id` is legal for the side to move; else the broken rule. */
export function whyIllegal(pos: OrionPosition, id: number): RuleError | null {
  const side: Side = pos.side;
  const pl = PLACEMENTS[id];
  if (pos.hands[side * 6 + pl.kind] <= 0) return err('OD-3', 'orion.noTileLeft', { tile: pl.tile });
  const covered = pl.cells.filter((c) => pos.color[c] >= 0);
  if (covered.length > 0)
    // The list as `cells` and `last`, so each language joins them its way ("C7, C6 and C5").
    return err('OD-13', 'orion.covered', {
      cells: covered.slice(0, -1).map(cellLabel).join(', '),
      last: cellLabel(covered[covered.length - 1]),
      count: covered.length,
    });
  // OD-14, each colour of the tile on its own.
  for (const x of [false, true]) {
    const col = x ? 1 - side : side;
    const hexes = pl.cells.filter((_, i) => pl.isX[i] === x);
    const onToken = hexes.filter((c) => pos.layout.isGalaxy[c] || pos.layout.isBlackHole[c]);
    if (onToken.length === 0) continue;
    const joins = hexes.some((c) => NEIGHBOURS[c].some((n) => pos.color[n] === col));
    if (!joins) {
      const galaxies = onToken.filter((c) => pos.layout.isGalaxy[c]);
      const blackHoles = onToken.filter((c) => !pos.layout.isGalaxy[c]);
      return err('OD-14', 'orion.tokenMustJoin', {
        side: col,
        galaxies: galaxies.length,
        galaxyCells: galaxies.map(cellLabel).join(', '),
        blackHoles: blackHoles.length,
        blackHoleCells: blackHoles.map(cellLabel).join(', '),
      });
    }
  }
  if (!pos.isLegalId(id, side)) return err('OD-13', 'orion.illegal'); // unreachable: the two tests agree
  return null;
}
