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
});
