// The rating of one game (src/model/glicko.ts): pure arithmetic, no store.
import { describe, expect, it } from 'vitest';
import { defaultSnapshot, idleRd, rateGame } from '../../src/model/index.js';

describe('rateGame (Glicko-2 via the glicko2 package)', () => {
  it('moves equal players apart symmetrically, and a draw between equals changes no rating', () => {
    const [w, l] = rateGame(defaultSnapshot(), defaultSnapshot(), 1, 0);
    expect(w.rating).toBeGreaterThan(1500);
    expect(l.rating).toBeLessThan(1500);
    expect(w.rating - 1500).toBeCloseTo(1500 - l.rating, 6);
    expect(w.rd).toBeLessThan(350);
    const [a, b] = rateGame(defaultSnapshot(), defaultSnapshot(), 0.5, 0);
    expect(a.rating).toBeCloseTo(1500, 6);
    expect(b.rating).toBeCloseTo(1500, 6);
    expect([a.draws, b.draws, a.streak]).toEqual([1, 1, 0]);
  });

  it('a player back after a long break has a wider deviation, so the result moves them more', () => {
    const day = 24 * 3_600_000;
    const now = 400 * day;
    const regular = { ...defaultSnapshot(), rating: 1600, rd: 60, games: 50, lastPlayed: now - day };
    const returning = { ...regular, lastPlayed: now - 365 * day };
    expect(idleRd(regular, now)).toBeGreaterThan(60);
    expect(idleRd(returning, now)).toBeGreaterThan(idleRd(regular, now) + 50);
    expect(idleRd({ ...returning, lastPlayed: 0 }, 1e15)).toBe(350);
    expect(idleRd(defaultSnapshot(), now)).toBe(350);
    const opp = { ...defaultSnapshot(), rating: 1600, rd: 60, lastPlayed: now };
    const [r1] = rateGame(regular, opp, 1, now);
    const [r2] = rateGame(returning, opp, 1, now);
    expect(r2.rating - 1600).toBeGreaterThan(r1.rating - 1600);
  });

  it('an upset moves ratings more than an expected win', () => {
    const strong = { ...defaultSnapshot(), rating: 1800, rd: 80 };
    const weak = { ...defaultSnapshot(), rating: 1400, rd: 80 };
    const [s1] = rateGame(strong, weak, 1, 0);
    const [, w2] = rateGame(strong, weak, 0, 0);
    expect(s1.rating - 1800).toBeLessThan(w2.rating - 1400);
  });
});
