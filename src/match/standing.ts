// Ratings as players read them (/leaderboard, /stats): who counts as
// provisional, and how a rating, a record and a streak are shown. The
// thresholds live here only, so the board and /stats always agree.
import type { Msg } from '../i18n/msg.js';
import { idleRd, type RatingSnapshot } from '../model/index.js';
import type { TopOptions } from '../store/types.js';

/**
 * A Glicko-2 rating means little until it has settled: fewer rated games
 * than this, or a deviation above this (Lichess uses 110 too), and a
 * player is provisional — shown with a "?" and kept off the leaderboard.
 */
export const PROVISIONAL = { minGames: 5, maxRd: 110 } as const;

export const provisionalRule: Msg = {
  key: 'standing.provisionalRule',
  params: { games: PROVISIONAL.minGames, rd: PROVISIONAL.maxRd },
};

/** The store's leaderboard filter at `now` (the deviation grows while a player is away). */
export const rankedFilter = (now: number): TopOptions => ({
  minGames: PROVISIONAL.minGames,
  maxRd: PROVISIONAL.maxRd,
  now,
});

/** The deviation as it stands now (idle time widens it, Glicko-2 step 6). */
export const currentRd = (s: RatingSnapshot, now: number): number => idleRd(s, now);

export const isProvisional = (s: RatingSnapshot, now: number): boolean =>
  s.games < PROVISIONAL.minGames || currentRd(s, now) > PROVISIONAL.maxRd;

/** "1623 ± 87", or "1623? ± 140" when provisional (the Lichess mark). */
export const ratingMsg = (s: RatingSnapshot, now: number): Msg => ({
  key: isProvisional(s, now) ? 'standing.ratingProvisional' : 'standing.rating',
  params: { rating: Math.round(s.rating), rd: Math.round(currentRd(s, now)) },
});

/** "8W 1D 3L". */
export const recordMsg = (s: Pick<RatingSnapshot, 'wins' | 'draws' | 'losses'>): Msg => ({
  key: 'standing.record',
  params: { wins: s.wins, draws: s.draws, losses: s.losses },
});

/** The store's streak: >0 wins in a row, <0 losses in a row, 0 after a draw. */
export function streakMsg(streak: number): Msg {
  if (streak > 0) return { key: 'standing.streakWins', params: { n: streak } };
  if (streak < 0) return { key: 'standing.streakLosses', params: { n: -streak } };
  return { key: 'standing.streakNone' };
}
