import { describe, expect, it } from 'vitest';
import { orion } from '../../../src/engine/orion/index.js';
import type { OrionState } from '../../../src/engine/orion/types.js';
import { playAll, start } from './helpers.js';
import { errorText } from '../../../src/engine/game.js';

const OD20 =
  'D2 I2 SW; D2 C8 N; P2 G8 NE; P2 F3 SE; D2 K1 S; D2 G1 SE; V3 F4 NW R; D2 E8 S; V3 G7 NW L; V3 G5 SE R; V3 G2 SW R; L3 E5 NW; T3 D6 N; V3 C4 NW L; D2 B5 SE; L3 D2 SW; L3 I5 S; S1 G9; S1 A3; V3 H4 SE L; T3 I8 SW; L3 B1 NE; L3 J4 S';

const roundTrip = (s: OrionState) => {
  const back = orion.fromJSON(JSON.parse(JSON.stringify(s)));
  if (!back.ok) throw new Error(errorText(back.error));
  return back.value;
};

/**
 * A deep copy changed by `edit`, then read back: the operators' detail of the refusal (players read only "damaged").
 */
const corrupt = (s: OrionState, edit: (d: any) => void): string => {
  const d = JSON.parse(JSON.stringify(s));
  edit(d);
  const r = orion.fromJSON(d);
  expect(r.ok).toBe(false);
  if (r.ok) return '';
  expect(r.error).toMatchObject({ rule: 'state', code: 'orion.badState', params: {} });
  return r.error.detail ?? '';
};

describe('fromJSON', () => {
  it('round-trips states exactly (start, middle, finished, random layout)', () => {
    for (const s of [
      start(),
      playAll('L3 C7 N; S1 K2; S1 A1'),
      playAll(OD20),
      playAll('V3 F8 NW R; S1 K2', 'random:seed42'),
    ]) {
      expect(roundTrip(s)).toEqual(s);
      expect(JSON.stringify(roundTrip(s))).toBe(JSON.stringify(s));
    }
  });

  it('refuses what is not a state', () => {
    for (const bad of [null, 42, 'x', [], { game: 'exxit' }]) expect(orion.fromJSON(bad).ok).toBe(false);
  });

  it.each<[string, (d: any) => void, RegExp]>([
    ['unknown field', (d) => (d.extra = 1), /unexpected field "extra"/],
    ['missing field', (d) => delete d.vc, /missing field "vc"/],
    ['unknown layout', (d) => (d.layout = 'preset9'), /layout/],
    ['moved token', (d) => (d.galaxies[0] = 40), /galaxies do not match/],
    ['84 cells', (d) => d.cells.pop(), /cells must be 85/],
    ['bad colour', (d) => (d.cells[0] = 2), /cells must be 85/],
    ['cell not from a placement', (d) => (d.cells[0] = 0), /cell A1 is 0, but the placements make it -1/],
    ['tileAt wrong', (d) => (d.tileAt[d.placements[0].cells[0]] = 1), /tileAt of/],
    ['hand too big', (d) => (d.hands[0].T3 = 4), /hands\[0\]\.T3 must be an integer 0..3/],
    [
      'hand not matching the board',
      (d) => (d.hands[0].D2 = 3),
      /hands\[0\]\.D2 is 3, but 14 tiles less those laid leave/,
    ],
    ['hand with an extra kind', (d) => (d.hands[1].X9 = 0), /hands\[1\] must have exactly/],
    ['wrong side', (d) => (d.placements[1].side = 0), /placement 2: side 0, but blue was to move/],
    [
      'illegal history',
      (d) => (d.placements[1].move = { tile: 'S1', cell: d.placements[0].cells[0] }),
      /placement 2 \(S1 [A-K]\d+\) is illegal: OD-13/,
    ],
    ['non-canonical P2', (d) => (d.placements[2].move = { tile: 'P2', cell: 27, dir: 'SW' }), /placement 3/],
    ['colours swapped', (d) => d.placements[0].colors.reverse(), /placement 1: colours do not match/],
    ['toMove', (d) => (d.toMove = 1 - d.toMove), /toMove/],
    ['ply', (d) => (d.ply = 99), /ply/],
    ['vc', (d) => (d.vc[0].total = 1), /vc does not match/],
    ['end', (d) => (d.end = null), /end does not match/],
  ])('refuses %s', (_name, edit, message) => {
    const s = playAll(OD20.split(';').slice(0, 5).join(';'));
    const e = playAll(OD20);
    expect(corrupt(_name === 'end' ? e : s, edit)).toMatch(message);
  });

  // Each check's own words, so that a check that lets the damage through to a later one is seen.
  it.each<[string, (d: any) => unknown, string]>([
    ['an array', () => [], 'an Orion Duel state must be an object'],
    ['another game', (d) => ({ ...d, game: 'exxit' }), 'game is "exxit", not "orion"'],
    ['a layout that is no text', (d) => ({ ...d, layout: 7 }), 'layout must be a string'],
    [
      'one black hole too many',
      (d) => ({ ...d, blackHoles: [...d.blackHoles, 40] }),
      'black holes do not match layout preset1 (OD-11)',
    ],
    [
      'a token list that is an object',
      (d) => ({ ...d, galaxies: { 0: d.galaxies[0] } }),
      'galaxies do not match layout preset1 (OD-11)',
    ],
    [
      'tileAt with half a tile',
      (d) => ({ ...d, tileAt: d.tileAt.map((t: number, i: number) => (i === 3 ? 0.5 : t)) }),
      'tileAt must be 85 integers ≥ -1',
    ],
    [
      'tileAt below -1',
      (d) => ({ ...d, tileAt: d.tileAt.map((t: number, i: number) => (i === 3 ? -2 : t)) }),
      'tileAt must be 85 integers ≥ -1',
    ],
    [
      'tileAt with a number as text',
      (d) => ({ ...d, tileAt: d.tileAt.map((t: number, i: number) => (i === 3 ? '-1' : t)) }),
      'tileAt must be 85 integers ≥ -1',
    ],
    ['tileAt short of a cell', (d) => ({ ...d, tileAt: d.tileAt.slice(1) }), 'tileAt must be 85 integers ≥ -1'],
    ['three hands', (d) => ({ ...d, hands: [...d.hands, d.hands[0]] }), 'hands must be two records'],
    [
      'hands that are an object',
      (d) => ({ ...d, hands: { 0: d.hands[0], 1: d.hands[1], length: 2 } }),
      'hands must be two records',
    ],
    [
      'a hand short of a kind',
      (d) => {
        delete d.hands[0].S1;
        return d;
      },
      'hands[0] must have exactly S1, P2, D2, L3, V3, T3',
    ],
    [
      'a hand count as text',
      (d) => {
        d.hands[1].L3 = '2';
        return d;
      },
      'hands[1].L3 must be an integer 0..3 (OD-8)',
    ],
    [
      'a negative hand count',
      (d) => {
        d.hands[1].S1 = -1;
        return d;
      },
      'hands[1].S1 must be an integer 0..1 (OD-8)',
    ],
    [
      '29 placements',
      (d) => ({ ...d, placements: Array(29).fill(d.placements[0]) }),
      'placements must be a list of at most 28 tiles',
    ],
    [
      'placements that are an object',
      (d) => ({ ...d, placements: {} }),
      'placements must be a list of at most 28 tiles',
    ],
    [
      'a placement with a field too many',
      (d) => {
        d.placements[1].note = 1;
        return d;
      },
      'placement 2: must be {side, move, cells, colors}',
    ],
    [
      'a placement that is a list',
      (d) => {
        d.placements[1] = [];
        return d;
      },
      'placement 2: must be {side, move, cells, colors}',
    ],
    [
      'a cell missing from a placement',
      (d) => {
        d.placements[0].cells.pop();
        return d;
      },
      'placement 1: cells do not match D2 I2 SW',
    ],
    [
      'a P2 named from its other end',
      (d) => {
        d.placements[2].move = { tile: 'P2', cell: d.placements[2].cells[1], dir: 'SW' };
        return d;
      },
      'placement 3: move is not in canonical form (P2 G8 NE)',
    ],
  ])('refuses %s, in its own words', (_name, edit, detail) => {
    const s = playAll(OD20.split(';').slice(0, 5).join(';'));
    const d = JSON.parse(JSON.stringify(s));
    const r = orion.fromJSON(edit(d) ?? d);
    expect(r).toMatchObject({ ok: false, error: { rule: 'state', code: 'orion.badState', detail } });
  });

  it('refuses data that is not JSON as a damaged record', () => {
    const cyclic: Record<string, unknown> = { game: 'orion' };
    cyclic.self = cyclic;
    for (const bad of [cyclic, { game: 'orion', n: 1n }])
      expect(orion.fromJSON(bad)).toMatchObject({
        ok: false,
        error: { rule: 'OD-22', code: 'orion.badState', detail: 'the stored state is not JSON' },
      });
  });
});

describe('summary (the engine tool’s show JSON)', () => {
  it('is the whole position, named for people', () => {
    // Orange's D2 at I2 pointing SW lays its own hex on H3 and Blue's X hex on I2; Blue's D2 at C8 N, the same way.
    expect(orion.summary(playAll('D2 I2 SW; D2 C8 N'))).toEqual({
      game: 'orion',
      layout: 'preset1',
      toMove: 'orange',
      ply: 2,
      over: false,
      winner: null,
      draw: false,
      reason: null,
      vc: { orange: 0, blue: 0 },
      vcDetail: {
        orange: { constellations: 0, galaxies: 0, blackHoles: 0, total: 0 },
        blue: { constellations: 0, galaxies: 0, blackHoles: 0, total: 0 },
      },
      tilesLeft: {
        orange: { S1: 1, P2: 1, D2: 2, L3: 3, V3: 3, T3: 3 },
        blue: { S1: 1, P2: 1, D2: 2, L3: 3, V3: 3, T3: 3 },
      },
      galaxies: ['B2', 'B6', 'D5', 'F1', 'F9', 'H5', 'J2', 'J6'],
      blackHoles: ['B4', 'D2', 'D8', 'F5', 'H2', 'H8', 'J4'],
      cells: { C7: 'blue', C8: 'orange', H3: 'orange', I2: 'blue' },
      tiebreak: null,
      lastMove: 'D2 C8 N',
      moves: ['D2 I2 SW', 'D2 C8 N'],
      legalMoves: orion.legalMoves(playAll('D2 I2 SW; D2 C8 N')).length,
    });
  });

  it('says how a game ended, with every move and the victory conditions of each side', () => {
    const e = playAll(OD20);
    expect(orion.summary(e)).toMatchObject({
      ply: 23,
      over: true,
      winner: 'orange',
      draw: false,
      reason: 'OD-20',
      lastMove: 'L3 J4 S',
      moves: OD20.split(';').map((m) => m.trim()),
      legalMoves: 0,
    });
    // Nothing more can be played: the end's own rule refuses any placement, with the winner (side index 0 = Orange).
    expect(orion.legalMoves(e)).toEqual([]);
    const over = { ok: false, error: { rule: 'OD-20', code: 'orion.over', params: { winner: 0 } } };
    expect(orion.play(e, { tile: 'T3', cell: 40, dir: 'N' })).toEqual(over);
    expect(orion.parseMove(e, 'T3 F3 N')).toEqual(over);
    // A random game ends on a difference of victory conditions (OD-18): the counts are those of the state.
    let s = start('random:4');
    for (let i = 0; !s.end; i++)
      s = (orion.play(s, orion.legalMoves(s)[(i * 7) % orion.legalMoves(s).length]) as { value: OrionState }).value;
    expect(s.vc[0].total + s.vc[1].total).toBeGreaterThan(0);
    expect(orion.summary(s)).toMatchObject({
      vc: { orange: s.vc[0].total, blue: s.vc[1].total },
      vcDetail: { orange: { ...s.vc[0] }, blue: { ...s.vc[1] } },
      tilesLeft: { orange: { ...s.hands[0] }, blue: { ...s.hands[1] } },
    });
  });

  it('a move that is not text is refused by OD-22', () => {
    expect(orion.parseMove(start(), 42 as unknown as string)).toMatchObject({
      ok: false,
      error: { rule: 'OD-22', code: 'orion.notText' },
    });
  });
});
