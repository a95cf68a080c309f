// The rating of a game (Glicko-2, via the glicko2 package: pure arithmetic):
// what one rated result does to two players' snapshots. The store applies it
// atomically to both players' boards; this says what the result means.
import glicko2 from 'glicko2';
import type { Side } from '../engine/index.js';
import type { RatingSnapshot } from './rating.js';

/** Glicko-2 defaults (Glickman's paper): every new player starts here. */
export const GLICKO = { rating: 1500, rd: 350, vol: 0.06, tau: 0.5 } as const;

export const defaultSnapshot = (): RatingSnapshot => ({
  rating: GLICKO.rating,
  rd: GLICKO.rd,
  vol: GLICKO.vol,
  games: 0,
  wins: 0,
  draws: 0,
  losses: 0,
  streak: 0,
  lastPlayed: null,
});

/** Glicko-2's rating scale factor (rating = 173.7178 * mu + 1500). */
const SCALE = 173.7178;
/** Idle time that counts as one rating period without games (Glicko-2 step 6: the deviation grows). */
export const IDLE_PERIOD_MS = 24 * 3_600_000;
/**
 * The deviation a player has when they come back: each idle period adds the
 * volatility in quadrature (phi' = sqrt(phi^2 + sigma^2)), capped at the newcomer's 350.
 */
export function idleRd(s: RatingSnapshot, now: number): number {
  if (s.lastPlayed === null || now <= s.lastPlayed) return s.rd;
  const periods = Math.floor((now - s.lastPlayed) / IDLE_PERIOD_MS);
  const phi = s.rd / SCALE;
  return Math.min(GLICKO.rd, Math.sqrt(phi * phi + periods * s.vol * s.vol) * SCALE);
}

/**
 * A season's ratings start from the all-time rating with the deviation raised
 * to at least this: the first season games move the rating faster (the
 * season board follows current form within a few games), without the noise
 * of starting from scratch (350). docs/tournaments.md, "Seasons".
 */
export const SEASON_RD = 150;

/**
 * A player's rating at their first game of a season: the all-time one, deviation max(current, SEASON_RD), counts at
 * zero.
 */
export function seasonStart(allTime: RatingSnapshot, now: number): RatingSnapshot {
  return {
    ...defaultSnapshot(),
    rating: allTime.rating,
    rd: Math.max(idleRd(allTime, now), SEASON_RD),
    vol: allTime.vol,
  };
}

/** One rating period with one game: score is player 0's (1 win, 0.5 draw, 0 loss). */
export function rateGame(
  a: RatingSnapshot,
  b: RatingSnapshot,
  score: 0 | 0.5 | 1,
  now: number,
): [RatingSnapshot, RatingSnapshot] {
  const ranking = new glicko2.Glicko2({ tau: GLICKO.tau, rating: GLICKO.rating, rd: GLICKO.rd, vol: GLICKO.vol });
  const pa = ranking.makePlayer(a.rating, idleRd(a, now), a.vol);
  const pb = ranking.makePlayer(b.rating, idleRd(b, now), b.vol);
  ranking.updateRatings([[pa, pb, score]]);
  const next = (s: RatingSnapshot, p: typeof pa, my: number): RatingSnapshot => ({
    rating: p.getRating(),
    rd: p.getRd(),
    vol: p.getVol(),
    games: s.games + 1,
    wins: s.wins + (my === 1 ? 1 : 0),
    draws: s.draws + (my === 0.5 ? 1 : 0),
    losses: s.losses + (my === 0 ? 1 : 0),
    streak: my === 1 ? Math.max(s.streak, 0) + 1 : my === 0 ? Math.min(s.streak, 0) - 1 : 0,
    lastPlayed: now,
  });
  return [next(a, pa, score), next(b, pb, 1 - score)];
}

/** Player 0's score in a result: 1 for a win, 0.5 for a draw, 0 for a loss. */
export const firstScore = (r: { winner: Side | null; draw: boolean }): 0 | 0.5 | 1 =>
  r.draw ? 0.5 : r.winner === 0 ? 1 : 0;
