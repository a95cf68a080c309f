// Ratings as players read them (src/match/standing.ts), from the thresholds
// the leaderboard and /stats share: provisional below five rated games or
// above a deviation of 110 (which idle time widens), the "?" mark, the
// rounding, a record and a streak in words.
import { describe, expect, it } from 'vitest';
import {
  currentRd,
  isProvisional,
  PROVISIONAL,
  provisionalRule,
  rankedFilter,
  ratingMsg,
  recordMsg,
  streakMsg,
} from '../../src/match/standing.js';
import { defaultSnapshot, type RatingSnapshot } from '../../src/model/index.js';

const NOW = 1_000_000_000_000;
const DAY = 86_400_000;
const settled = (over: Partial<RatingSnapshot> = {}): RatingSnapshot => ({
  ...defaultSnapshot(),
  rating: 1623.4,
  rd: 87.4,
  games: 12,
  lastPlayed: NOW,
  ...over,
});

describe('provisional ratings', () => {
  it.each([
    ['five games, deviation 110', { games: 5, rd: 110 }, false],
    ['four games', { games: 4 }, true],
    ['deviation just above 110', { rd: 110.01 }, true],
    ['a newcomer', { ...defaultSnapshot() }, true],
  ])('%s', (_name, over, provisional) => {
    expect(isProvisional(settled(over), NOW)).toBe(provisional);
  });

  it("a settled player's deviation widens while they are away, until they are provisional again", () => {
    const s = settled({ rd: 100 });
    expect(currentRd(s, NOW)).toBe(100);
    expect(currentRd(s, NOW - DAY)).toBe(100);
    const later = [30, 365, 3650].map((days) => currentRd(s, NOW + days * DAY));
    expect(later[0]).toBeGreaterThanOrEqual(100);
    expect(later[1]).toBeGreaterThan(later[0]);
    expect(later[2]).toBeGreaterThan(PROVISIONAL.maxRd);
    expect(isProvisional(s, NOW + 3650 * DAY)).toBe(true);
    expect(rankedFilter(NOW)).toEqual({ minGames: 5, maxRd: 110, now: NOW });
    expect(provisionalRule).toEqual({ key: 'standing.provisionalRule', params: { games: 5, rd: 110 } });
  });
});

describe('in words', () => {
  it('a rating rounded, with the "?" mark when provisional', () => {
    expect(ratingMsg(settled(), NOW)).toEqual({ key: 'standing.rating', params: { rating: 1623, rd: 87 } });
    expect(ratingMsg(settled({ games: 2, rating: 1499.5, rd: 140.6 }), NOW)).toEqual({
      key: 'standing.ratingProvisional',
      params: { rating: 1500, rd: 141 },
    });
  });

  it('a record, and a streak of wins, of losses, or none after a draw', () => {
    expect(recordMsg({ wins: 8, draws: 1, losses: 3 })).toEqual({
      key: 'standing.record',
      params: { wins: 8, draws: 1, losses: 3 },
    });
    expect(streakMsg(3)).toEqual({ key: 'standing.streakWins', params: { n: 3 } });
    expect(streakMsg(1)).toEqual({ key: 'standing.streakWins', params: { n: 1 } });
    expect(streakMsg(-2)).toEqual({ key: 'standing.streakLosses', params: { n: 2 } });
    expect(streakMsg(0)).toEqual({ key: 'standing.streakNone' });
  });
});
