// EX-22/EX-23 notation: every accepted form, canonical and label output, refusals.
import { describe, expect, it } from 'vitest';
import { exxit } from '../../../src/engine/exxit/index.js';
import { resolveLabel } from '../../../src/engine/exxit/notation.js';
import type { ExxitMove, ExxitState } from '../../../src/engine/exxit/types.js';
import { B, build, move, R, refusal } from './helpers.js';
import { refused } from '../refused.js';
import { ruleErrorText } from '../../../src/i18n/rule-error.js';

// Black to move, no dance: places on A, B, D; X1 at (0,-1) can be freed.
const s = build({ toMove: B, core: { C: [B] }, prisoners: [{ q: 0, r: -1, stack: [R] }] });

describe('parseMove accepts', () => {
  it.each<[string, ExxitMove]>([
    ['P 0,0', { kind: 'place', q: 0, r: 0 }],
    ['p 0,0', { kind: 'place', q: 0, r: 0 }],
    ['P   a', { kind: 'place', q: 0, r: 0 }],
    ['pa', { kind: 'place', q: 0, r: 0 }],
    ['P 0, 1', { kind: 'place', q: 0, r: 1 }],
    ['  P  0 ,  1  ', { kind: 'place', q: 0, r: 1 }],
    ['P(1,0)', { kind: 'place', q: 1, r: 0 }],
    ['place b', { kind: 'place', q: 1, r: 0 }],
    ['P D', { kind: 'place', q: 0, r: 1 }],
    ['F 0,-1', { kind: 'free', q: 0, r: -1 }],
    ['f x1', { kind: 'free', q: 0, r: -1 }],
    ['F X1', { kind: 'free', q: 0, r: -1 }],
    ['free X1', { kind: 'free', q: 0, r: -1 }],
  ])('%j', (text, m) => {
    expect(exxit.parseMove(s, text)).toEqual({ ok: true, value: m });
  });

  it('reads -0 as 0', () => {
    const read = exxit.parseMove(s, 'P -0,+0');
    expect(read).toEqual({ ok: true, value: { kind: 'place', q: 0, r: 0 } });
    if (read.ok && read.value.kind === 'place')
      expect([Object.is(read.value.q, 0), Object.is(read.value.r, 0)]).toEqual([true, true]);
  });

  it('takes X as the label of the 24th tile, X1 onwards as prisoner cells (EX-23)', () => {
    const t: ExxitState = { ...s, tiles: [...s.tiles, { q: 2, r: -1, color: R, label: 'X', stack: [] }] };
    expect(resolveLabel(t, 'X')).toEqual({ ok: true, value: { q: 2, r: -1 } });
    expect(resolveLabel(t, 'X1')).toEqual({ ok: true, value: { q: 0, r: -1 } });
  });

  it('dances in both notations, and pass', () => {
    const t = build({ core: { A: [R], B: [B] } });
    for (const text of ['D 0,0 E', 'd 0,0 e', 'D A E', 'd a e', 'D 0, 0 E', 'dance A E', 'D0,0E'])
      expect(exxit.parseMove(t, text)).toEqual({ ok: true, value: { kind: 'dance', q: 0, r: 0, dir: 'E' } });
    const u = build({ core: { B: [R, R], C: [B] } });
    expect(exxit.parseMove(u, 'd b nw')).toEqual({ ok: true, value: { kind: 'dance', q: 1, r: 0, dir: 'NW' } });
    const stuck = build({ core: { C: [B] }, prisoners: [{ q: -1, r: 0, stack: [R, R, R, R, R, R, R, R] }] });
    for (const text of ['pass', 'PASS', ' Pass '])
      expect(exxit.parseMove(stuck, text)).toEqual({ ok: true, value: { kind: 'pass' } });
  });
});

describe('parseMove refuses', () => {
  it.each([
    ['xyz', refused('EX-22', 'exxit.cannotRead', { text: 'xyz', forms: 'P q,r | D q,r DIR | F q,r | pass' })],
    ['', refused('EX-22', 'exxit.cannotRead', { text: '', forms: 'P q,r | D q,r DIR | F q,r | pass' })],
    ['P', refused('EX-22', 'exxit.cannotRead', { text: 'P', forms: 'P q,r | D q,r DIR | F q,r | pass' })],
    ['P 1', refused('EX-22', 'exxit.cannotRead', { text: 'P 1', forms: 'P q,r | D q,r DIR | F q,r | pass' })],
    ['D A', refused('EX-22', 'exxit.danceNeedsDirection', { dirs: 'E, NE, NW, W, SW, SE', example: 'D B NW' })],
    ['D A N', refused('EX-22', 'exxit.cannotRead', { text: 'D A N', forms: 'P q,r | D q,r DIR | F q,r | pass' })],
    ['P A E', refused('EX-22', 'exxit.noDirection', { kind: 'place', forms: 'P q,r | D q,r DIR | F q,r | pass' })],
    ['P Q', refused('EX-23', 'exxit.noTile', { label: 'Q' })],
    ['F X7', refused('EX-23', 'exxit.noPrisonerCell', { label: 'X7' })],
    ['P C', refused('EX-17', 'exxit.placeNotEmpty', { cell: 'C' })],
    ['P 9,9', refused('EX-17', 'exxit.placeNotTile', { cell: '9,9' })],
    [
      'P 99999,0',
      refused('EX-22', 'exxit.cannotRead', { text: 'P 99999,0', forms: 'P q,r | D q,r DIR | F q,r | pass' }),
    ],
    ['P 500,-500', refused('EX-17', 'exxit.placeNotTile', { cell: '500,-500' })],
    ['F A', refused('EX-18', 'exxit.freeNotPrisoner', { cell: 'A' })],
    ['D C NW', refused('EX-13b', 'exxit.targetVoid', { dir: 'NW', cell: 'C', target: '1,-2' })],
    ['D A E', refused('EX-12', 'exxit.noStack', { cell: 'A' })],
    ['pass', refused('EX-10', 'exxit.passNotVoluntary', { moves: 4 })],
  ])('%j', (text, error) => {
    expect(refusal(s, text)).toEqual(error);
  });

  it('says the game is over before reading anything, even text it could not read (EX-20)', () => {
    const over = move(build({ core: { A: [B], B: [R] }, toMove: B, ply: 999 }), 'D A E');
    for (const text of ['xyz', 'P 0,0', 'pass', 'D B W'])
      expect(refusal(over, text)).toEqual(refused('EX-20d', 'exxit.over.plyLimit', {}));
  });

  it('reads in English through the catalogue', () => {
    expect(ruleErrorText(refusal(s, 'D A'))).toBe(
      'EX-22: a dance needs a direction: E, NE, NW, W, SW, SE (e.g. D B NW)',
    );
    expect(ruleErrorText(refusal(s, 'pass'))).toBe('EX-10: passing is never voluntary (4 legal moves)');
    expect(ruleErrorText(refusal(s, 'D C NW'))).toBe(
      'EX-13b: the first non-empty cell NW of C is a void (1,-2), not a tile',
    );
    expect(ruleErrorText(refusal(s, 'P A E'))).toBe(
      'EX-22: a place takes no direction (expected P q,r | D q,r DIR | F q,r | pass)',
    );
  });

  it('truncates a long unreadable text, beyond 40 characters only', () => {
    const forms = 'P q,r | D q,r DIR | F q,r | pass';
    expect(refusal(s, 'x'.repeat(500))).toEqual(
      refused('EX-22', 'exxit.cannotRead', { text: `${'x'.repeat(40)}…`, forms }),
    );
    expect(refusal(s, 'x'.repeat(41))).toEqual(
      refused('EX-22', 'exxit.cannotRead', { text: `${'x'.repeat(40)}…`, forms }),
    );
    expect(refusal(s, 'x'.repeat(40))).toEqual(refused('EX-22', 'exxit.cannotRead', { text: 'x'.repeat(40), forms }));
  });

  it('tells a freed prisoner cell (EX-23: its label is not reused) from one that never was', () => {
    // X1 and X2 were taken and freed since: only X3 is left, the next would be X4.
    const t = build({ toMove: B, core: { C: [B] }, prisoners: [{ q: 0, r: -1, stack: [R], no: 3 }] });
    expect(refusal(t, 'F X1')).toEqual(refused('EX-23', 'exxit.prisonerCellGone', { label: 'X1' }));
    expect(refusal(t, 'F X2')).toEqual(refused('EX-23', 'exxit.prisonerCellGone', { label: 'X2' }));
    expect(exxit.parseMove(t, 'F X3')).toEqual({ ok: true, value: { kind: 'free', q: 0, r: -1 } });
    for (const label of ['X0', 'X4', 'X9'])
      expect(refusal(t, `F ${label}`)).toEqual(refused('EX-23', 'exxit.noPrisonerCell', { label }));
  });

  it('refuses play of a malformed move object without throwing', () => {
    for (const m of [
      null,
      {},
      { kind: 'place' },
      { kind: 'dance', q: 0, r: 0, dir: 'N' },
      { kind: 'place', q: 0.5, r: 0 },
      { kind: 'jump' },
    ])
      expect(exxit.play(s, m as unknown as ExxitMove)).toMatchObject({ ok: false, error: { rule: 'EX-22' } });
    expect(exxit.play(s, { kind: 'place', q: 1e9, r: 0 })).toMatchObject({ ok: false, error: { rule: 'EX-17' } });
  });
});

describe('formatMove', () => {
  it('writes canonical and label forms', () => {
    const f = (m: ExxitMove, st: ExxitState = s) => [exxit.formatMove(st, m), exxit.formatMove(st, m, 'label')];
    expect(f({ kind: 'place', q: 0, r: 0 })).toEqual(['P 0,0', 'P A']);
    expect(f({ kind: 'place', q: 1, r: -1 })).toEqual(['P 1,-1', 'P C']);
    expect(f({ kind: 'free', q: 0, r: -1 })).toEqual(['F 0,-1', 'F X1']);
    expect(f({ kind: 'dance', q: 1, r: 0, dir: 'NW' })).toEqual(['D 1,0 NW', 'D B NW']);
    expect(f({ kind: 'pass' })).toEqual(['pass', 'pass']);
    expect(exxit.formatMove(s, { kind: 'place', q: 7, r: 7 }, 'label')).toBe('P 7,7');
  });

  it('every legal move reads back from both forms', () => {
    let t = s;
    for (const text of ['P A', 'F X1']) {
      for (const m of exxit.legalMoves(t)) {
        expect(exxit.parseMove(t, exxit.formatMove(t, m))).toEqual({ ok: true, value: m });
        expect(exxit.parseMove(t, exxit.formatMove(t, m, 'label'))).toEqual({ ok: true, value: m });
      }
      t = move(t, text);
    }
  });
});
