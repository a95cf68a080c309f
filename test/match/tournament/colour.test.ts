// First-move preferences and their allocation within a pair (colour.ts).
import { describe, expect, it } from 'vitest';
import { allocate, preference, type Colour } from '../../../src/match/tournament/colour.js';

const h = (s: string): Colour[] => [...s].map((c) => (c === 'F' ? 'first' : 'second'));

describe('preference', () => {
  it.each([
    ['', null, 0],
    ['F', 'second', 2], // difference +1: strong
    ['S', 'first', 2],
    ['FS', 'first', 1], // even: mild, alternate
    ['SF', 'second', 1],
    ['FF', 'second', 3], // +2, and twice in a row: absolute
    ['SS', 'first', 3],
    ['FSS', 'first', 3], // −1 but twice second in a row: absolute
    ['SFF', 'second', 3],
    ['FSF', 'second', 2],
    ['FFSS', 'first', 3], // even, but last two the same
    ['FFSFS', 'second', 2],
    ['FFFSS', 'first', 3], // +1 overall, but two seconds in a row: the streak decides
    ['FFFFSS', 'second', 3], // +2 and two seconds in a row: the difference decides
  ] as const)('%s → %s (%i)', (hist, colour, strength) => {
    expect(preference(h(hist))).toEqual({ colour, strength });
  });
});

describe('allocate', () => {
  const P = (hist: string, rank: number) => ({ colours: h(hist), rank });

  it('grants compatible wishes to both', () => {
    expect(allocate(P('F', 0), P('S', 1), 0, false)).toEqual({
      aFirst: false,
      absoluteMiss: 0,
      balanceMiss: 0,
      preferenceMiss: 0,
    });
    expect(allocate(P('SS', 5), P('FSF', 1), 0, false)).toMatchObject({ aFirst: true, absoluteMiss: 0 });
  });

  it('gives a player without games what the other does not want', () => {
    expect(allocate(P('', 0), P('F', 1), 0, false).aFirst).toBe(true);
    expect(allocate(P('S', 0), P('', 1), 0, false).aFirst).toBe(true);
  });

  it('settles a clash by strength, then the colour difference, then the last different game, then rank', () => {
    // Strength: b absolute (two seconds in a row) beats a strong (−1).
    expect(allocate(P('S', 0), P('FSS', 1), 0, false)).toEqual({
      aFirst: false,
      absoluteMiss: 0,
      balanceMiss: 1,
      preferenceMiss: 1,
    });
    // Both absolute: the larger difference (b at −2) wins; a is made to break its need.
    expect(allocate(P('FSS', 0), P('SS', 1), 0, false)).toEqual({
      aFirst: false,
      absoluteMiss: 1,
      balanceMiss: 1,
      preferenceMiss: 1,
    });
    // Same strength and difference: a 'SFFS' and b 'FSFS' both mildly want first; going
    // back, S/S and F/F are equal, then F/S differ: a had first then, so b gets first now.
    expect(allocate(P('SFFS', 0), P('FSFS', 1), 0, false)).toEqual({
      aFirst: false,
      absoluteMiss: 0,
      balanceMiss: 0,
      preferenceMiss: 1,
    });
    // Identical histories: the higher-ranked (lower rank number) gets the wish.
    expect(allocate(P('F', 3), P('F', 7), 0, false).aFirst).toBe(false); // a (rank 3) gets second, as wished
    expect(allocate(P('F', 7), P('F', 3), 0, false).aFirst).toBe(true); // b (rank 3) gets second
    expect(allocate(P('F', 7), P('F', 3), 0, false)).toMatchObject({
      absoluteMiss: 0,
      balanceMiss: 1,
      preferenceMiss: 1,
    });
  });

  it('alternates by board when neither has played, the higher-ranked first on odd boards (board index 0, 2, …)', () => {
    expect(allocate(P('', 0), P('', 4), 0, false).aFirst).toBe(true);
    expect(allocate(P('', 1), P('', 5), 1, false).aFirst).toBe(false);
    expect(allocate(P('', 5), P('', 1), 1, false).aFirst).toBe(true);
    expect(allocate(P('', 0), P('', 4), 0, true).aFirst).toBe(false); // the lot reverses it
  });
});
