// What each game tells the match layer through the Game interface, asked of the engine alone: the setup a /challenge's
// options make (EX-3, OD-10/OD-11) and how it reads, the forced pass (EX-10), "each side has moved", a move's hint,
// the score (EX-21, OD-18) and the end (EX-20, OD-18/19/20) as notes. The bot's tests read the words; these pin the
// notes' ids and numbers.
import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { replay } from '../../src/engine/replay.js';
import type { OrionState } from '../../src/engine/orion/types.js';
import { EXXIT_FREE, EXXIT_TWO_PASSES, ORION_WIN_IN_ONE } from '../support/puzzle-positions.js';

const exxit = getGame('exxit');
const orion = getGame('orion');

function stateAfter(game: string, setup: string, moves: readonly string[]): unknown {
  const r = replay(getGame(game), setup, moves);
  if (!r.ok) throw new Error(`fixture does not replay: ${JSON.stringify(r.error)}`);
  return r.states.at(-1);
}

describe('Exxit', () => {
  it('setupFor: the tile count picks the variant (EX-3), 39 by default; anything else is refused, cut to 20', () => {
    expect(exxit.setupFor({}, 1)).toEqual({ ok: true, value: 'standard' });
    expect(exxit.setupFor({ tiles: 29 }, 1)).toEqual({ ok: true, value: 'blitz' });
    expect(exxit.setupFor({ tiles: 19 }, 1)).toEqual({ ok: true, value: 'short' });
    expect(exxit.setupFor({ tiles: 20 }, 1)).toEqual({
      ok: false,
      error: { rule: 'EX-3', code: 'exxit.tileCount', params: { tiles: '20' } },
    });
    expect(exxit.setupFor({ tiles: '19' }, 1)).toMatchObject({ ok: false, error: { code: 'exxit.tileCount' } });
    expect(exxit.setupFor({ tiles: 'x'.repeat(30) }, 1)).toMatchObject({
      ok: false,
      error: { params: { tiles: 'x'.repeat(20) } },
    });
    expect(exxit.setupFor({ tiles: 19, ['layout'.repeat(5)]: 'a' }, 1)).toEqual({
      ok: false,
      error: { rule: 'EX-3', code: 'exxit.noOption', params: { option: 'layout'.repeat(5).slice(0, 20) } },
    });
  });

  it('describeSetup: the variant and its tiles (0 for a name it does not know)', () => {
    expect(exxit.describeSetup('short')).toEqual({ id: 'exxit.setup', params: { tiles: 19, variant: 'short' } });
    expect(exxit.describeSetup('standard')).toEqual({ id: 'exxit.setup', params: { tiles: 39, variant: 'standard' } });
    expect(exxit.describeSetup('huge')).toEqual({ id: 'exxit.setup', params: { tiles: 0, variant: 'huge' } });
  });

  it('forcedMove: the pass when it is the only move (EX-10); never a lone dance, never after the end', () => {
    const passOnly = stateAfter('exxit', 'short', EXXIT_TWO_PASSES.slice(0, 61));
    expect(exxit.legalMoves(passOnly)).toHaveLength(1);
    expect(exxit.forcedMove(passOnly)).toEqual({ kind: 'pass' });
    // The forced pass is a copy: changing it changes nothing in the engine.
    (exxit.forcedMove(passOnly) as { kind: string }).kind = 'place';
    expect(exxit.forcedMove(passOnly)).toEqual({ kind: 'pass' });
    // Ply 2 of a short game: Red's only move is a dance, which the player still makes.
    const loneDance = stateAfter('exxit', 'short', EXXIT_FREE.slice(0, 2));
    expect(exxit.legalMoves(loneDance)).toHaveLength(1);
    expect(exxit.forcedMove(loneDance)).toBeNull();
    expect(exxit.forcedMove(stateAfter('exxit', 'short', []))).toBeNull();
    const over = stateAfter('exxit', 'short', [...EXXIT_TWO_PASSES, 'pass']);
    expect(exxit.outcome(over)).toMatchObject({ over: true, reason: 'EX-20b' });
    expect(exxit.forcedMove(over)).toBeNull();
  });

  it('eachSideMoved after two plies; a move’s hint is where it is', () => {
    const states = EXXIT_TWO_PASSES.slice(0, 3).map((_, i) =>
      stateAfter('exxit', 'short', EXXIT_TWO_PASSES.slice(0, i)),
    );
    expect(states.map((s) => exxit.eachSideMoved(s))).toEqual([false, false, true]);
    const s = states[0];
    const hint = (text: string, at = s) => {
      const m = exxit.parseMove(at, text);
      if (!m.ok) throw new Error(`fixture: ${text}`);
      return exxit.moveHint(at, m.value);
    };
    expect(hint('P 1,-1')).toBe('1,-1');
    expect(hint('D 0,1 NW', stateAfter('exxit', 'short', EXXIT_TWO_PASSES.slice(0, 3)))).toBe('0,1 → NW');
    expect(hint('pass', stateAfter('exxit', 'short', EXXIT_TWO_PASSES.slice(0, 61)))).toBe('');
  });

  it('the score note holds each colour’s tiles and largest group, which make its score (EX-21); the end names EX-20b', () => {
    const over = stateAfter('exxit', 'short', [...EXXIT_TWO_PASSES, 'pass']);
    const [score] = exxit.scoreNotes(over);
    expect(score.id).toBe('exxit.score');
    const p = score.params as Record<string, number>;
    expect(p.red).toBe(p.redTiles + p.redGroup);
    expect(p.black).toBe(p.blackTiles + p.blackGroup);
    expect(p.redTiles + p.blackTiles).toBeGreaterThan(0);
    for (const [tiles, group] of [
      [p.redTiles, p.redGroup],
      [p.blackTiles, p.blackGroup],
    ])
      expect(group >= Math.min(1, tiles) && group <= tiles).toBe(true);
    expect(exxit.endNote(over)).toEqual({
      id: 'exxit.end.twoPasses',
      params: { rule: 'EX-20b', red: p.red, black: p.black },
    });
    expect(exxit.outcome(over).winner).toBe(p.black > p.red ? 1 : 0);
    expect(exxit.endNote(stateAfter('exxit', 'short', EXXIT_TWO_PASSES))).toBeNull();
  });
});

describe('Orion Duel', () => {
  it('setupFor: a random layout named by its seed (never 0), a preset by name; other layouts and options refused', () => {
    expect(orion.setupFor({}, 5)).toEqual({ ok: true, value: 'random:5' });
    expect(orion.setupFor({ layout: 'random' }, -7.9)).toEqual({ ok: true, value: 'random:7' });
    expect(orion.setupFor({}, 0)).toEqual({ ok: true, value: 'random:1' });
    expect(orion.setupFor({ layout: 'preset2' }, 5)).toEqual({ ok: true, value: 'preset2' });
    expect(orion.setupFor({ layout: `preset4${'x'.repeat(30)}` }, 5)).toEqual({
      ok: false,
      error: {
        rule: 'OD-11',
        code: 'orion.unknownLayout',
        params: { layout: `preset4${'x'.repeat(13)}`, layouts: 'random, preset1, preset2, preset3' },
      },
    });
    expect(orion.setupFor({ layout: 'preset1', tiles: 19 }, 5)).toEqual({
      ok: false,
      error: { rule: 'OD-10', code: 'orion.noOption', params: { option: 'tiles' } },
    });
    expect(orion.setupFor({ ['t'.repeat(25)]: 1 }, 5)).toMatchObject({
      ok: false,
      error: { params: { option: 't'.repeat(20) } },
    });
  });

  it('describeSetup: a preset by its number, anything else a random layout', () => {
    expect(orion.describeSetup('preset3')).toEqual({ id: 'orion.setup.preset', params: { n: 3 } });
    for (const s of ['random:5', 'preset4', 'xpreset1', 'preset1x', 'preset'])
      expect(orion.describeSetup(s)).toEqual({ id: 'orion.setup.random', params: {} });
  });

  it('no move is forced; eachSideMoved after two plies; a placement reads as typed, its hint its cells', () => {
    const start = stateAfter('orion', 'preset1', []);
    const two = stateAfter('orion', 'preset1', ORION_WIN_IN_ONE.slice(0, 2));
    expect(orion.forcedMove(start)).toBeNull();
    expect(
      [start, stateAfter('orion', 'preset1', ORION_WIN_IN_ONE.slice(0, 1)), two].map((s) => orion.eachSideMoved(s)),
    ).toEqual([false, false, true]);
    const m = orion.parseMove(start, ORION_WIN_IN_ONE[0]);
    if (!m.ok) throw new Error('fixture');
    const after = orion.play(start, m.value);
    if (!after.ok) throw new Error('fixture');
    expect(orion.describeMove(start, m.value, after.value)).toEqual({
      id: 'orion.move.place',
      params: { label: ORION_WIN_IN_ONE[0] },
    });
    // Its cells, X hex first (OD-8): as many labels as the tile has hexes.
    const hint = orion.moveHint(start, m.value).split(' ');
    expect(hint).toHaveLength(Number(ORION_WIN_IN_ONE[0][1]));
    for (const cell of hint) expect(cell).toMatch(/^[A-K]\d{1,2}$/);
  });

  it('the end notes: OD-18 with the victory conditions; OD-19 with the tiebreak; OD-20 naming the blocked side', () => {
    const won = stateAfter('orion', 'preset1', [...ORION_WIN_IN_ONE, 'S1 J2']) as OrionState;
    expect(orion.endNote(won)).toEqual({
      id: 'orion.end.conditions',
      params: { rule: 'OD-18', orange: won.vc[0].total, blue: won.vc[1].total },
    });
    expect(won.vc[1].total).toBeGreaterThan(won.vc[0].total);
    const [score, ...rest] = orion.scoreNotes(won);
    expect(score).toMatchObject({ id: 'orion.score', params: { orange: won.vc[0].total, blue: won.vc[1].total } });
    expect(rest).toEqual([]);
    // The end of a full board (OD-19) and of a blocked player (OD-20), on the same position's record.
    const full = { ...won, end: { reason: 'OD-19', winner: 0, draw: false, tiebreak: [2, -1] } } as OrionState;
    expect(orion.endNote(full)).toEqual({ id: 'orion.end.tiebreak', params: { rule: 'OD-19', orange: 2, blue: -1 } });
    expect(orion.scoreNotes(full)[1]).toEqual({ id: 'orion.tiebreak', params: { orange: 2, blue: -1 } });
    const blocked = { ...won, toMove: 1, end: { reason: 'OD-20', winner: 0, draw: false } } as OrionState;
    expect(orion.endNote(blocked)).toEqual({ id: 'orion.end.blocked', params: { rule: 'OD-20', blocked: 1 } });
    expect(orion.endNote(stateAfter('orion', 'preset1', ORION_WIN_IN_ONE))).toBeNull();
  });
});
