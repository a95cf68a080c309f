// safeSwissRounds and defaultSwissRounds: the small-field table checked by
// exhaustive search (safe-rounds-search.ts), the formula above it.
import { describe, expect, it } from 'vitest';
import { defaultSwissRounds, safeSwissRounds } from '../../../src/match/tournament/index.js';
import { searchDeadEnds } from './safe-rounds-search.js';

/** Rounds without a repeat at all: a full round robin. */
const maxRounds = (n: number) => (n % 2 === 0 ? n - 1 : n);

describe('safeSwissRounds', () => {
  for (let n = 2; n <= 8; n++) {
    it(`${n} players: ${safeSwissRounds(n)} rounds can always be paired${safeSwissRounds(n) < maxRounds(n) ? ', one more can get stuck' : ' (a full round robin)'}`, () => {
      const safe = safeSwissRounds(n);
      expect(searchDeadEnds(n, safe).deadEnds).toBe(0);
      if (safe < maxRounds(n)) expect(searchDeadEnds(n, safe + 1).deadEnds).toBeGreaterThan(0);
      else expect(safe).toBe(maxRounds(n));
    });
  }

  it('is ⌊n/2⌋ from 10 players on (Dirac), 5 for 9 (searched from the shell: round 6 can get stuck)', () => {
    expect(safeSwissRounds(9)).toBe(5);
    for (const n of [10, 11, 16, 33, 64, 101]) expect(safeSwissRounds(n)).toBe(Math.floor(n / 2));
    expect(safeSwissRounds(1)).toBe(0);
    expect(safeSwissRounds(0)).toBe(0);
  });
});

describe('defaultSwissRounds', () => {
  it('is ⌈log2 n⌉ + 1, capped by safeSwissRounds', () => {
    const table: [number, number][] = [
      [0, 0],
      [1, 0],
      [2, 1],
      [3, 3],
      [4, 3],
      [5, 3],
      [6, 3],
      [7, 4],
      [8, 4],
      [9, 5],
      [10, 5],
      [16, 5],
      [17, 6],
      [32, 6],
      [33, 7],
      [64, 7],
      [65, 8],
      [128, 8],
      [1000, 11],
    ];
    expect(table.map(([n]) => [n, defaultSwissRounds(n)])).toEqual(table);
    for (let n = 2; n <= 200; n++) {
      expect(defaultSwissRounds(n)).toBe(Math.min(Math.ceil(Math.log2(n)) + 1, safeSwissRounds(n)));
    }
  });
});
