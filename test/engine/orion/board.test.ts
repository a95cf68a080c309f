import { describe, expect, it } from 'vitest';
import {
  CELLS,
  NEIGHBOURS,
  SIDES,
  cellIndex,
  cellLabel,
  parseCellLabel,
  pairsJoined,
  SIDE_BITS,
} from '../../../src/engine/orion/board.js';

const at = (label: string) => {
  const c = CELLS[parseCellLabel(label)];
  return [c.q, c.r];
};

describe('OD-5/OD-6 board and labels', () => {
  it('has 85 cells indexed in label order, A1 = 0 and K4 = 84', () => {
    expect(CELLS).toHaveLength(85);
    CELLS.forEach((c, i) => expect(c.index).toBe(i));
    expect(cellLabel(0)).toBe('A1');
    expect(cellLabel(84)).toBe('K4');
  });

  it.each([
    ['A1', -5, 1],
    ['E1', -1, -4],
    ['G1', 1, -5],
    ['E10', -1, 5],
    ['K4', 5, -1],
    ['F5', 0, 0],
  ])('%s is (%i, %i)', (label, q, r) => {
    expect(at(label)).toEqual([q, r]);
    expect(cellLabel(cellIndex(q, r))).toBe(label);
  });

  it('has the column sizes A4 B7 C8 D9 E10 F9 G10 H9 I8 J7 K4', () => {
    const sizes = 'ABCDEFGHIJK'.split('').map((col) => CELLS.filter((c) => c.label[0] === col).length);
    expect(sizes).toEqual([4, 7, 8, 9, 10, 9, 10, 9, 8, 7, 4]);
  });

  it('removes the six corners and nothing else of the radius-5 hexagon', () => {
    for (const [q, r] of [
      [0, -5],
      [5, -5],
      [5, 0],
      [0, 5],
      [-5, 5],
      [-5, 0],
    ])
      expect(cellIndex(q, r)).toBe(-1);
    expect(cellIndex(6, 0)).toBe(-1);
    expect(cellIndex(4, 1)).toBeGreaterThanOrEqual(0);
  });

  it('parses labels in any case and refuses unknown ones', () => {
    expect(parseCellLabel('f5')).toBe(parseCellLabel('F5'));
    expect(parseCellLabel(' e10 ')).toBe(cellIndex(-1, 5));
    for (const bad of ['Z9', 'A5', 'A0', 'K5', 'F10', '', 'F']) expect(parseCellLabel(bad)).toBe(-1);
  });

  it('gives each cell its on-board neighbours, symmetrically', () => {
    expect(NEIGHBOURS[parseCellLabel('F5')]).toHaveLength(6);
    expect(NEIGHBOURS[parseCellLabel('A1')].map(cellLabel).sort()).toEqual(['A2', 'B2', 'B3']);
    NEIGHBOURS.forEach((ns, c) => ns.forEach((n) => expect(NEIGHBOURS[n]).toContain(c)));
  });
});

describe('OD-7 sides', () => {
  const labels = (pair: number, k: number) => SIDES[pair].sides[k].cells.map(cellLabel);
  it('has the three pairs with their cells', () => {
    expect(SIDES.map((p) => p.color)).toEqual(['purple', 'red', 'green']);
    expect(labels(0, 0)).toEqual(['A1', 'A2', 'A3', 'A4']);
    expect(labels(0, 1)).toEqual(['K1', 'K2', 'K3', 'K4']);
    expect(labels(1, 0).sort()).toEqual(['B1', 'C1', 'D1', 'E1']);
    expect(labels(1, 1).sort()).toEqual(['G10', 'H9', 'I8', 'J7']);
    expect(labels(2, 0).sort()).toEqual(['G1', 'H1', 'I1', 'J1']);
    expect(labels(2, 1).sort()).toEqual(['B7', 'C8', 'D9', 'E10']);
  });

  it('leaves exactly B2, B6, F1, F9, J2, J6 as edge cells on no side', () => {
    const edge = CELLS.filter((c) => NEIGHBOURS[c.index].length < 6).map((c) => c.label);
    const noSide = edge.filter((l) => SIDE_BITS[parseCellLabel(l)] === 0).sort();
    expect(noSide).toEqual(['B2', 'B6', 'F1', 'F9', 'J2', 'J6']);
    expect(edge).toHaveLength(30);
  });

  it('counts a pair only when both of its sides are touched', () => {
    expect(pairsJoined(SIDE_BITS[parseCellLabel('A1')])).toBe(0);
    expect(pairsJoined(SIDE_BITS[parseCellLabel('A1')] | SIDE_BITS[parseCellLabel('K3')])).toBe(1);
    expect(pairsJoined(0b111111)).toBe(3);
  });
});
