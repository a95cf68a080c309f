// Ratings as players read them (/leaderboard, /stats): who counts as
// provisional, and how a rating, a record and a streak are written. The
// thresholds live here only, so the board and /stats always agree.
import { idleRd } from '../store/ratings.js';
import type { RatingSnapshot, TopOptions } from '../store/types.js';

/**
 * A Glicko-2 rating means little until it has settled: fewer rated games
 * than this, or a deviation above this (Lichess uses 110 too), and a
 * player is provisional — shown with a "?" and kept off the leaderboard.
 */
export const PROVISIONAL = { minGames: 5, maxRd: 110 } as const;

export const PROVISIONAL_RULE = `fewer than ${PROVISIONAL.minGames} rated games or a deviation above ±${PROVISIONAL.maxRd}`;

/** The store's leaderboard filter at `now` (the deviation grows while a player is away). */
export const rankedFilter = (now: number): TopOptions => ({ minGames: PROVISIONAL.minGames, maxRd: PROVISIONAL.maxRd, now });

/** The deviation as it stands now (idle time widens it, Glicko-2 step 6). */
export const currentRd = (s: RatingSnapshot, now: number): number => idleRd(s, now);

export const isProvisional = (s: RatingSnapshot, now: number): boolean =>
  s.games < PROVISIONAL.minGames || currentRd(s, now) > PROVISIONAL.maxRd;

/** "1623 ± 87", or "1623? ± 140" when provisional (the Lichess mark). */
export function ratingText(s: RatingSnapshot, now: number): string {
  const mark = isProvisional(s, now) ? '?' : '';
  return `${Math.round(s.rating)}${mark} ± ${Math.round(currentRd(s, now))}`;
}

/** "8W 1D 3L". */
export const recordText = (s: Pick<RatingSnapshot, 'wins' | 'draws' | 'losses'>): string => `${s.wins}W ${s.draws}D ${s.losses}L`;

/** The store's streak: >0 wins in a row, <0 losses in a row, 0 after a draw. */
export function streakText(streak: number): string {
  if (streak > 0) return streak === 1 ? '1 win' : `${streak} wins in a row`;
  if (streak < 0) return streak === -1 ? '1 loss' : `${-streak} losses in a row`;
  return 'none';
}

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
