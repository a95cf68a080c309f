import { describe, expect, it } from 'vitest';
import { parseCellLabel } from '../../../src/engine/orion/board.js';
import { orion } from '../../../src/engine/orion/index.js';
import { playAll, refusal, start } from './helpers.js';

const parse = (text: string, s = start()) => {
  const r = orion.parseMove(s, text);
  if (!r.ok) throw new Error(`${text}: ${r.error.rule}: ${r.error.message}`);
  return orion.formatMove(s, r.value);
};

describe('OD-22 reading moves', () => {
  it.each([
    ['S1 K2', 'S1 K2'],
    ['s1 k2', 'S1 K2'],
    ['  P2   c4  n ', 'P2 C4 N'],
    ['P2 C3 S', 'P2 C4 N'], // the other anchor of the same domino
    ['P2 C4,C3', 'P2 C4 N'],
    ['P2 C3,C4', 'P2 C4 N'],
    ['L3 E5 N', 'L3 E5 N'],
    ['L3 E5,E4,E3', 'L3 E5 N'],
    ['L3 E5,E3,E4', 'L3 E5 N'],
    ['l3 e5 , e4 , e3', 'L3 E5 N'],
    ['T3 F4 N', 'T3 F4 N'],
    ['T3 F4,G4,F3', 'T3 F4 N'],
    ['V3 E5 N R', 'V3 E5 N R'],
    ['v3 e5 n l', 'V3 E5 N L'],
    ['V3 E5,F3,E4', 'V3 E5 N R'],
    ['D2 E5 NE', 'D2 E5 NE'],
    ['D2 E5,F4', 'D2 E5 NE'],
  ])('%s → %s', (text, canonical) => expect(parse(text)).toBe(canonical));

  it('formats every legal move in short canonical form that reads back to itself', () => {
    const s = start('preset2');
    for (const m of orion.legalMoves(s)) {
      const text = orion.formatMove(s, m);
      expect(text).toMatch(/^(S1 [A-K]\d+|(P2|D2|L3|T3) [A-K]\d+ (N|NE|SE|S|SW|NW)|V3 [A-K]\d+ (N|NE|SE|S|SW|NW) [RL])$/);
      const back = orion.parseMove(s, text);
      expect(back.ok && back.value).toEqual(m);
      expect(orion.formatMove(s, m, 'label')).toBe(text);
    }
  });
});

describe('OD-22 refusals, naming the rule', () => {
  it.each([
    ['', 'OD-22: cannot read "" (expected TILE CELL [DIR] [R|L])'],
    ['hello', 'OD-22: cannot read "hello" (expected TILE CELL [DIR] [R|L])'],
    ['S1', 'OD-22: cannot read "S1" (expected TILE CELL [DIR] [R|L])'],
    ['X4 E5', 'OD-22: unknown tile "X4" (tiles: S1 P2 D2 L3 V3 T3)'],
    ['S1 Z9', 'OD-6: no cell "Z9"'],
    ['S1 A5', 'OD-6: no cell "A5"'],
    ['S1 K2 N', 'OD-22: S1 takes no direction: write "S1 K2"'],
    ['L3 E5', 'OD-22: L3 needs a direction (N, NE, SE, S, SW, NW)'],
    ['L3 E5 UP', 'OD-22: no direction "UP" (N, NE, SE, S, SW, NW)'],
    ['V3 E5 N', 'OD-22: V3 needs R or L'],
    ['L3 E5 E4 E3', 'OD-22: to list the cells, join them with commas: "L3 E5,E4,E3"'],
    ['V3 E5 N X', 'OD-22: V3 needs R or L'],
    ['V3 E5 N R R', 'OD-22: too many words in "V3 E5 N R R" (expected TILE CELL [DIR] [R|L])'],
    ['T3 F4 N R', 'OD-22: only V3 takes R or L, not T3'],
    ['L3 E5 N N', 'OD-22: too many words in "L3 E5 N N" (expected TILE CELL [DIR] [R|L])'],
    ['L3 A1 N', 'OD-13: the tile would leave the board'],
    ['L3 E5,E4', 'OD-22: L3 covers 3 cells, not 2'],
    ['L3 E5,E4,E2', 'OD-22: E5,E4,E2 is not the shape of L3'],
    ['L3 E4,E5,E3', 'OD-22: the X (opponent-colour) hex comes first: did you mean "L3 E5,E4,E3"?'],
    ['L3 E5,E5,E4', 'OD-22: a cell is listed twice'],
    ['L3 E5,E4,E3 N', 'OD-22: too many words in "L3 E5,E4,E3 N" (the long form is TILE CELL,CELL[,CELL])'],
    ['S1 F5', 'OD-14: an orange hex on a token must join an existing orange chain (black hole F5: no orange hex of this tile touches an orange cell)'],
  ])('%j → %s', (text, message) => expect(refusal(start(), text)).toBe(message));

  it('refuses a covered cell, a missing tile and a blue hex off any blue chain', () => {
    const s = playAll('L3 C7 N; S1 K2');
    expect(refusal(s, 'S1 C6')).toBe('OD-13: C6 is already covered');
    expect(refusal(s, 'L3 C8 N')).toBe('OD-13: C7 and C6 are already covered');
    const t = playAll('L3 C7 N; S1 K2; S1 A1');
    expect(refusal(t, 'S1 F5')).toBe('OD-3: you have no S1 tile left');
    // Orange has laid its P2: the other anchor of a P2 is refused for the same reason.
    const v = playAll('P2 C4 N; S1 K2');
    expect(refusal(v, 'P2 G4 N')).toBe('OD-3: you have no P2 tile left');
    expect(refusal(t, 'D2 D4 S')).toMatch(/^OD-14: a blue hex on a token must join an existing blue chain/);
  });

  it('play refuses malformed move objects without throwing', () => {
    const s = start();
    const bad: unknown[] = [null, 3, {}, { tile: 'S9', cell: 1 }, { tile: 'S1', cell: 85 }, { tile: 'S1', cell: 1.5 }, { tile: 'S1', cell: 1, dir: 'N' }, { tile: 'L3', cell: 40 }, { tile: 'V3', cell: 40, dir: 'N' }, { tile: 'L3', cell: 40, dir: 'N', turn: 'R' }, { tile: 'L3', cell: 40, dir: 'N', x: 1 }, { tile: 'L3', cell: 0, dir: 'N' }];
    for (const m of bad) {
      const r = orion.play(s, m as never);
      expect(r.ok).toBe(false);
    }
    expect(orion.play(s, { tile: 'S1', cell: parseCellLabel('K2') }).ok).toBe(true);
  });
});
