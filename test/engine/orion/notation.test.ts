import { describe, expect, it } from 'vitest';
import { cellLabel, parseCellLabel } from '../../../src/engine/orion/board.js';
import { orion } from '../../../src/engine/orion/index.js';
import { formatMove, parseMoveText } from '../../../src/engine/orion/notation.js';
import { PLACEMENTS } from '../../../src/engine/orion/tiles.js';
import type { OrionMove } from '../../../src/engine/orion/types.js';
import { playAll, refusal, start } from './helpers.js';
import { errorText } from '../../../src/engine/game.js';
import { refused } from '../refused.js';
import { ruleErrorText } from '../../../src/i18n/rule-error.js';

const parse = (text: string, s = start()) => {
  const r = orion.parseMove(s, text);
  if (!r.ok) throw new Error(`${text}: ${errorText(r.error)}`);
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
      expect(text).toMatch(
        /^(S1 [A-K]\d+|(P2|D2|L3|T3) [A-K]\d+ (N|NE|SE|S|SW|NW)|V3 [A-K]\d+ (N|NE|SE|S|SW|NW) [RL])$/,
      );
      const back = orion.parseMove(s, text);
      expect(back.ok && back.value).toEqual(m);
      expect(orion.formatMove(s, m, 'label')).toBe(text);
    }
  });

  it('reads every placement of every tile written by its cells, X first (both turns of the V3)', () => {
    let v3Turns = 0;
    for (const p of PLACEMENTS) {
      const text = `${p.tile} ${p.cells.map(cellLabel).join(',')}`;
      const id = parseMoveText(text);
      if (!id.ok) throw new Error(`${text}: ${errorText(id.error)}`);
      expect(formatMove(PLACEMENTS[id.value].move), text).toBe(formatMove(p.move));
      if (p.tile === 'V3' && / L$/.test(formatMove(p.move))) v3Turns++;
    }
    expect(v3Turns).toBeGreaterThan(0);
  });
});

describe('OD-22 refusals, naming the rule', () => {
  it.each([
    ['', refused('OD-22', 'orion.cannotRead', { text: '', form: 'TILE CELL [DIR] [R|L]' })],
    ['hello', refused('OD-22', 'orion.cannotRead', { text: 'hello', form: 'TILE CELL [DIR] [R|L]' })],
    ['S1', refused('OD-22', 'orion.cannotRead', { text: 'S1', form: 'TILE CELL [DIR] [R|L]' })],
    ['X4 E5', refused('OD-22', 'orion.unknownTile', { tile: 'X4', tiles: 'S1 P2 D2 L3 V3 T3' })],
    ['S1 Z9', refused('OD-6', 'orion.noCell', { cell: 'Z9' })],
    ['S1 A5', refused('OD-6', 'orion.noCell', { cell: 'A5' })],
    ['S1 K2 N', refused('OD-22', 'orion.s1NoDirectionWrite', { move: 'S1 K2' })],
    ['L3 E5', refused('OD-22', 'orion.needsDirection', { tile: 'L3', dirs: 'N, NE, SE, S, SW, NW' })],
    ['L3 E5 UP', refused('OD-22', 'orion.noDirection', { dir: 'UP', dirs: 'N, NE, SE, S, SW, NW' })],
    ['V3 E5 N', refused('OD-22', 'orion.v3NeedsTurn')],
    ['L3 E5 E4 E3', refused('OD-22', 'orion.joinWithCommas', { move: 'L3 E5,E4,E3' })],
    ['V3 E5 N X', refused('OD-22', 'orion.v3NeedsTurn')],
    ['V3 E5 N R R', refused('OD-22', 'orion.tooManyWords', { text: 'V3 E5 N R R', form: 'TILE CELL [DIR] [R|L]' })],
    ['T3 F4 N R', refused('OD-22', 'orion.onlyV3Turns', { tile: 'T3' })],
    ['L3 E5 N N', refused('OD-22', 'orion.tooManyWords', { text: 'L3 E5 N N', form: 'TILE CELL [DIR] [R|L]' })],
    ['L3 A1 N', refused('OD-13', 'orion.offBoard')],
    ['L3 E5,E4', refused('OD-22', 'orion.wrongCellCount', { tile: 'L3', size: 3, count: 2 })],
    ['L3 E5,E4,E2', refused('OD-22', 'orion.notShape', { cells: 'E5,E4,E2', tile: 'L3' })],
    ['L3 E4,E5,E3', refused('OD-22', 'orion.xFirst', { move: 'L3 E5,E4,E3' })],
    ['L3 E5,E5,E4', refused('OD-22', 'orion.cellTwice')],
    [
      'L3 E5,E4,E3 N',
      refused('OD-22', 'orion.tooManyWordsLong', { text: 'L3 E5,E4,E3 N', form: 'TILE CELL,CELL[,CELL]' }),
    ],
    [
      'S1 F5',
      refused('OD-14', 'orion.tokenMustJoin', {
        side: 0,
        galaxies: 0,
        galaxyCells: '',
        blackHoles: 1,
        blackHoleCells: 'F5',
      }),
    ],
  ])('%j → %s', (text, message) => expect(refusal(start(), text)).toEqual(message));

  it('refuses a covered cell, a missing tile and a blue hex off any blue chain', () => {
    const s = playAll('L3 C7 N; S1 K2');
    expect(refusal(s, 'S1 C6')).toEqual(refused('OD-13', 'orion.covered', { count: 1, cells: '', last: 'C6' }));
    expect(refusal(s, 'L3 C8 N')).toEqual(refused('OD-13', 'orion.covered', { count: 2, cells: 'C7', last: 'C6' }));
    expect(refusal(s, 'L3 C7 N')).toEqual(refused('OD-13', 'orion.covered', { count: 3, cells: 'C7, C6', last: 'C5' }));
    const t = playAll('L3 C7 N; S1 K2; S1 A1');
    expect(refusal(t, 'S1 F5')).toEqual(refused('OD-3', 'orion.noTileLeft', { tile: 'S1' }));
    // Orange has laid its P2: the other anchor of a P2 is refused for the same reason.
    const v = playAll('P2 C4 N; S1 K2');
    expect(refusal(v, 'P2 G4 N')).toEqual(refused('OD-3', 'orion.noTileLeft', { tile: 'P2' }));
    expect(refusal(t, 'D2 D4 S')).toMatchObject({ rule: 'OD-14', code: 'orion.tokenMustJoin', params: { side: 1 } });
  });

  it('reads in English through the catalogue', () => {
    const s = playAll('L3 C7 N; S1 K2');
    expect(ruleErrorText(refusal(s, 'L3 C8 N')!)).toBe('OD-13: C7 and C6 are already covered');
    expect(ruleErrorText(refusal(start(), 'S1 F5')!)).toBe(
      'OD-14: an orange hex on a token must join an existing orange chain (black hole F5: no orange hex of this tile touches an orange cell)',
    );
    expect(ruleErrorText(refusal(start(), 'L3 E5,E4')!)).toBe('OD-22: L3 covers 3 cells, not 2');
    expect(ruleErrorText(refusal(start(), 'S1 K2 N')!)).toBe('OD-22: S1 takes no direction: write "S1 K2"');
  });

  it('play refuses malformed move objects without throwing, each by its own rule', () => {
    const s = start();
    const shape = refused('OD-22', 'orion.notAnObject', { shape: '{tile, cell, dir?, turn?}' });
    const tiles = 'S1 P2 D2 L3 V3 T3';
    const dirs = 'N, NE, SE, S, SW, NW';
    const table: [unknown, ReturnType<typeof refused>][] = [
      [null, shape],
      [3, shape],
      ['S1 K2', shape],
      [{}, refused('OD-22', 'orion.unknownTile', { tile: 'undefined', tiles })],
      [{ tile: 'S9', cell: 1 }, refused('OD-22', 'orion.unknownTile', { tile: '"S9"', tiles })],
      [
        { tile: `S${'9'.repeat(40)}`, cell: 1 },
        refused('OD-22', 'orion.unknownTile', { tile: `"S${'9'.repeat(18)}`, tiles }),
      ],
      [{ tile: 'S1', cell: 85 }, refused('OD-6', 'orion.badCellIndex', { cell: '85', last: 84 })],
      [{ tile: 'S1', cell: -1 }, refused('OD-6', 'orion.badCellIndex', { cell: '-1', last: 84 })],
      [{ tile: 'S1', cell: 1.5 }, refused('OD-6', 'orion.badCellIndex', { cell: '1.5', last: 84 })],
      [
        { tile: 'S1', cell: '12345678901234567890123' },
        refused('OD-6', 'orion.badCellIndex', { cell: '"1234567890123456789', last: 84 }),
      ],
      [{ tile: 'S1', cell: 1, dir: 'N' }, refused('OD-22', 'orion.s1NoDirection')],
      [{ tile: 'L3', cell: 40 }, refused('OD-22', 'orion.needsDirection', { tile: 'L3', dirs })],
      [{ tile: 'L3', cell: 40, dir: 'E' }, refused('OD-22', 'orion.needsDirection', { tile: 'L3', dirs })],
      [{ tile: 'V3', cell: 40, dir: 'N' }, refused('OD-22', 'orion.v3NeedsTurn')],
      [{ tile: 'V3', cell: 40, dir: 'N', turn: 'X' }, refused('OD-22', 'orion.v3NeedsTurn')],
      [{ tile: 'L3', cell: 40, dir: 'N', turn: 'R' }, refused('OD-22', 'orion.onlyV3Turns', { tile: 'L3' })],
      [{ tile: 'L3', cell: 40, dir: 'N', x: 1 }, refused('OD-22', 'orion.unexpectedField', { field: 'x' })],
      [
        { tile: 'L3', cell: 40, dir: 'N', [`y${'z'.repeat(30)}`]: 1 },
        refused('OD-22', 'orion.unexpectedField', { field: `y${'z'.repeat(19)}` }),
      ],
      [{ tile: 'L3', cell: 0, dir: 'N' }, refused('OD-13', 'orion.offBoard')],
    ];
    for (const [m, error] of table) expect([m, orion.play(s, m as never)]).toEqual([m, { ok: false, error }]);
    expect(orion.play(s, { tile: 'S1', cell: parseCellLabel('K2') }).ok).toBe(true);
    expect(orion.play(s, { tile: 'S1', cell: 84 }).ok).toBe(true);
    expect(orion.play(s, { tile: 'V3', cell: 40, dir: 'N', turn: 'L' }).ok).toBe(true);
    // The AI's fast position takes legal moves only: a malformed one is a bug of the caller, thrown.
    expect(() => orion.position(s).play({ tile: 'X9', cell: 1 } as never)).toThrow(
      'OrionPosition.play: malformed move',
    );
  });
});

describe('formatMove and parseMoveText at their edges', () => {
  it('writes malformed move objects readably, without a crash, and V3 alone with its turn', () => {
    const cases: [object, string][] = [
      [{ tile: 'S1', cell: 0 }, 'S1 A1'],
      [{ tile: 'V3', cell: 40, dir: 'N', turn: 'L' }, 'V3 F3 N L'],
      [{ tile: 'L3', cell: 40, dir: 'N', turn: 'L' }, 'L3 F3 N'],
      [{ tile: 'L3', cell: 99, dir: 'N' }, 'L3 99 N'],
      [{ tile: 'L3', cell: 99, dir: 'N', turn: 'L' }, 'L3 99 N'],
      [{ tile: 'L3', cell: 85, dir: 'N' }, 'L3 85 N'],
      [{ tile: 'L3', cell: 2.5 }, 'L3 2.5'],
      [{ tile: 'V3', cell: -3, dir: 'N', turn: 'R' }, 'V3 -3 N R'],
    ];
    for (const [m, text] of cases) expect(formatMove(m as OrionMove), JSON.stringify(m)).toBe(text);
  });

  it('reads spaces, case and commas loosely, and refuses each malformed text by its own reason', () => {
    const id = (t: string) => {
      const r = parseMoveText(t);
      return r.ok ? r.value : null;
    };
    expect(id('l3 e5 n')).toBe(id('L3 E5 N'));
    expect(id('  L3   E5    N ')).toBe(id('L3 E5 N'));
    expect(id('P2 E5 , E4')).toBe(id('P2 E5,E4'));
    expect(id('P2 E5 ,E4')).toBe(id('P2 E5,E4'));
    expect(id('P2 E5, E4')).toBe(id('P2 E5,E4'));
    const form = 'TILE CELL [DIR] [R|L]';
    const dirs = 'N, NE, SE, S, SW, NW';
    const cases: [string, unknown][] = [
      ['L3', { rule: 'OD-22', code: 'orion.cannotRead', params: { text: 'L3', form } }],
      ['L3 E5 R', { rule: 'OD-22', code: 'orion.directionBeforeTurn', params: { tile: 'L3', dirs } }],
      ['L3 E5 L', { rule: 'OD-22', code: 'orion.directionBeforeTurn', params: { tile: 'L3', dirs } }],
      ['Q3 E5 N', { rule: 'OD-22', code: 'orion.unknownTile', params: { tile: 'Q3', tiles: 'S1 P2 D2 L3 V3 T3' } }],
      ['QQ E5', { rule: 'OD-22', code: 'orion.cannotRead', params: { text: 'QQ E5', form } }],
      ['XQ3 E5', { rule: 'OD-22', code: 'orion.cannotRead', params: { text: 'XQ3 E5', form } }],
      ['Q3X E5', { rule: 'OD-22', code: 'orion.cannotRead', params: { text: 'Q3X E5', form } }],
      ['L3 Z9 N', { rule: 'OD-6', code: 'orion.noCell', params: { cell: 'Z9' } }],
      ['L3 ZZ N', { rule: 'OD-22', code: 'orion.cannotRead', params: { text: 'L3 ZZ N', form } }],
      ['L3 E5 E4', { rule: 'OD-22', code: 'orion.joinWithCommas', params: { move: 'L3 E5,E4' } }],
      ['L3 E5 N L', { rule: 'OD-22', code: 'orion.onlyV3Turns', params: { tile: 'L3' } }],
      ['S1  E5 N', { rule: 'OD-22', code: 'orion.s1NoDirectionWrite', params: { move: 'S1 E5' } }],
      ['V3 E5 N R X', { rule: 'OD-22', code: 'orion.tooManyWords', params: { text: 'V3 E5 N R X', form } }],
      ['L3 E5 N X', { rule: 'OD-22', code: 'orion.tooManyWords', params: { text: 'L3 E5 N X', form } }],
      ['x'.repeat(40), { rule: 'OD-22', code: 'orion.cannotRead', params: { text: 'x'.repeat(40), form } }],
      ['x'.repeat(45), { rule: 'OD-22', code: 'orion.cannotRead', params: { text: `${'x'.repeat(40)}…`, form } }],
    ];
    for (const [text, error] of cases) expect(parseMoveText(text), text).toEqual({ ok: false, error });
  });
});
