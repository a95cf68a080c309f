// Why a move is refused, precisely (OD-3, OD-8, OD-13, OD-14, OD-22). The
// yes/no test itself is OrionPosition.isLegalId; this names the broken rule.
import type { RuleError, Side } from '../game.js';
import { CELL_COUNT, NEIGHBOURS, cellLabel } from './board.js';
import type { OrionPosition } from './position.js';
import { PLACEMENTS, kindIndex, placementOf } from './tiles.js';
import { ORION_DIRS, TILE_CODES, type OrionMove } from './types.js';

export const COLOR_NAMES = ['orange', 'blue'] as const;
const err = (rule: string, message: string): RuleError => ({ rule, message });

/** Checks that a move object is well formed (OD-8, OD-22); returns its placement id or an error. */
export function placementIdOf(m: unknown): number | RuleError {
  if (typeof m !== 'object' || m === null) return err('OD-22', 'a move must be an object {tile, cell, dir?, turn?}');
  const mv = m as Partial<OrionMove> & Record<string, unknown>;
  for (const k of Object.keys(mv))
    if (!['tile', 'cell', 'dir', 'turn'].includes(k)) return err('OD-22', `unexpected move field "${k}"`);
  if (typeof mv.tile !== 'string' || kindIndex(mv.tile) < 0)
    return err('OD-22', `unknown tile ${JSON.stringify(mv.tile)} (tiles: ${TILE_CODES.join(' ')})`);
  if (typeof mv.cell !== 'number' || !Number.isInteger(mv.cell) || mv.cell < 0 || mv.cell >= CELL_COUNT)
    return err('OD-6', `no cell ${JSON.stringify(mv.cell)} (cells are 0..84)`);
  if (mv.tile === 'S1') {
    if (mv.dir !== undefined) return err('OD-22', 'S1 takes no direction');
  } else if (typeof mv.dir !== 'string' || !(ORION_DIRS as readonly string[]).includes(mv.dir))
    return err('OD-22', `${mv.tile} needs a direction (${ORION_DIRS.join(', ')})`);
  if (mv.tile === 'V3') {
    if (mv.turn !== 'R' && mv.turn !== 'L') return err('OD-22', 'V3 needs R or L');
  } else if (mv.turn !== undefined) return err('OD-22', `${mv.tile} takes no R or L`);
  const id = placementOf(mv as OrionMove);
  return id < 0 ? err('OD-13', 'the tile would leave the board') : id;
}

/** Null when placement `id` is legal for the side to move; else the broken rule. */
export function whyIllegal(pos: OrionPosition, id: number): RuleError | null {
  const side: Side = pos.side;
  const pl = PLACEMENTS[id];
  if (pos.hands[side * 6 + pl.kind] <= 0) return err('OD-3', `you have no ${pl.tile} tile left`);
  const covered = pl.cells.filter((c) => pos.color[c] >= 0);
  if (covered.length > 0)
    return err('OD-13', `${covered.map(cellLabel).join(' and ')} ${covered.length > 1 ? 'are' : 'is'} already covered`);
  // OD-14, each colour of the tile on its own.
  for (const x of [false, true]) {
    const col = x ? 1 - side : side;
    const hexes = pl.cells.filter((_, i) => pl.isX[i] === x);
    const onToken = hexes.filter((c) => pos.layout.isGalaxy[c] || pos.layout.isBlackHole[c]);
    if (onToken.length === 0) continue;
    const joins = hexes.some((c) => NEIGHBOURS[c].some((n) => pos.color[n] === col));
    if (!joins) {
      const name = COLOR_NAMES[col];
      const what = onToken.map((c) => `${pos.layout.isGalaxy[c] ? 'galaxy' : 'black hole'} ${cellLabel(c)}`).join(', ');
      const a = name === 'orange' ? 'an' : 'a';
      return err('OD-14', `${a} ${name} hex on a token must join an existing ${name} chain (${what}: no ${name} hex of this tile touches ${a} ${name} cell)`);
    }
  }
  if (!pos.isLegalId(id, side)) return err('OD-13', 'illegal placement'); // unreachable: the two tests agree
  return null;
}
