import { describe, expect, it } from 'vitest';
import { cellLabel, parseCellLabel } from '../../../src/engine/orion/board.js';
import { KIND_END, KIND_START, PLACEMENTS, placementOf } from '../../../src/engine/orion/tiles.js';
import { TILE_CODES, type OrionMove } from '../../../src/engine/orion/types.js';
import { orion } from '../../../src/engine/orion/index.js';
import { playAll, start } from './helpers.js';
import { errorText } from '../../../src/engine/game.js';

const cover = (text: string) => {
  const s = start();
  const m = orion.parseMove(s, text);
  if (!m.ok) throw new Error(errorText(m.error));
  const p = PLACEMENTS[placementOf(m.value)];
  return p.cells.map((c, i) => `${cellLabel(c)}${p.isX[i] ? '(X)' : ''}`);
};

describe('OD-8 shapes', () => {
  it.each([
    ['V3 E5 N R', ['E5(X)', 'E4', 'F3']],
    ['V3 E5 N L', ['E5(X)', 'E4', 'D3']],
    ['T3 F4 N', ['F4(X)', 'F3', 'G4']],
    ['L3 E5 N', ['E5(X)', 'E4', 'E3']],
    ['D2 E5 NE', ['E5(X)', 'F4']],
    ['P2 C4 N', ['C4', 'C3']],
    ['S1 K2', ['K2']],
  ])('%s covers %j', (text, cells) => expect(cover(text)).toEqual(cells));

  it('lays the X hex in the opponent colour and the others in the owner colour', () => {
    const s = playAll('L3 C7 N; V3 E5 N R');
    expect(s.placements[0].colors).toEqual([1, 0, 0]);
    expect(s.placements[1].colors).toEqual([0, 1, 1]);
    expect(s.cells[parseCellLabel('E5')]).toBe(0);
    expect(s.cells[parseCellLabel('F3')]).toBe(1);
  });
});

describe('OD-9 distinct placements', () => {
  const count = (t: string) => KIND_END[TILE_CODES.indexOf(t as never)] - KIND_START[TILE_CODES.indexOf(t as never)];
  it('lists each distinct placement once', () => {
    expect(count('S1')).toBe(85);
    const keys = new Set(
      PLACEMENTS.map(
        (p) =>
          `${p.tile}:${p.cells
            .map((c, i) => `${c}${p.isX[i] ? 'x' : ''}`)
            .sort()
            .join(',')}`,
      ),
    );
    expect(keys.size).toBe(PLACEMENTS.length);
    // D2 has each adjacent pair twice (either end X), P2 once.
    expect(count('D2')).toBe(2 * count('P2'));
  });

  it('every rotation and both V3 handednesses are different moves', () => {
    const ids = new Set<number>();
    for (const dir of ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const)
      for (const turn of ['R', 'L'] as const)
        ids.add(placementOf({ tile: 'V3', cell: parseCellLabel('F5'), dir, turn }));
    expect(ids.size).toBe(12);
    expect(ids.has(-1)).toBe(false);
  });

  it('the two anchors of P2 are one move, written from the N/NE/SE anchor (OD-22)', () => {
    const a: OrionMove = { tile: 'P2', cell: parseCellLabel('C4'), dir: 'N' };
    const b: OrionMove = { tile: 'P2', cell: parseCellLabel('C3'), dir: 'S' };
    expect(placementOf(a)).toBe(placementOf(b));
    expect(PLACEMENTS[placementOf(b)].move).toEqual(a);
    for (let id = KIND_START[1]; id < KIND_END[1]; id++) expect(['N', 'NE', 'SE']).toContain(PLACEMENTS[id].move.dir);
  });

  it('the canonical move of each placement maps back to it', () => {
    for (const p of PLACEMENTS) expect(placementOf(p.move)).toBe(p.id);
  });
});

describe('placementOf on malformed moves', () => {
  it('answers -1 for anything that names no placement, and the id for each edge that does', () => {
    const bad = [
      { tile: 'X9', cell: 40 },
      { tile: 'S1', cell: 85 },
      { tile: 'P2', cell: 85, dir: 'N' },
      { tile: 'L3', cell: 85, dir: 'SW' },
      { tile: 'T3', cell: 85, dir: 'N' },
      { tile: 'V3', cell: 85, dir: 'S', turn: 'R' },
      { tile: 'S1', cell: -1 },
      { tile: 'S1', cell: 2.5 },
      { tile: 'P2', cell: 40 },
      { tile: 'P2', cell: 40, dir: 'Q' },
      { tile: 'V3', cell: 40, dir: 'N' },
      { tile: 'V3', cell: 40, dir: 'N', turn: 'X' },
    ];
    for (const m of bad) expect(placementOf(m as OrionMove), JSON.stringify(m)).toBe(-1);
    for (const m of [
      { tile: 'S1', cell: 0 },
      { tile: 'S1', cell: 84 },
      { tile: 'P2', cell: 40, dir: 'N' },
      { tile: 'V3', cell: 40, dir: 'N', turn: 'L' },
      { tile: 'V3', cell: 40, dir: 'N', turn: 'R' },
    ]) {
      const id = placementOf(m as OrionMove);
      expect(id, JSON.stringify(m)).toBeGreaterThanOrEqual(0);
      expect(PLACEMENTS[id].tile).toBe(m.tile);
    }
    // The two turns of a V3 are two placements.
    expect(placementOf({ tile: 'V3', cell: 40, dir: 'N', turn: 'L' })).not.toBe(
      placementOf({ tile: 'V3', cell: 40, dir: 'N', turn: 'R' }),
    );
  });
});
