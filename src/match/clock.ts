// Correspondence clocks, as data: a time per move, a reminder at 75% of it,
// the end at 100%. The record keeps the deadline and the next instant the
// sweep must look at the game (clock.wakeAt, indexed by games.due); the
// sweep itself is sweeps/clock.ts.
import type { GameClock } from '../model/index.js';

/** Share of the move's time after which the player to move is reminded. */
export const REMIND_AT = 0.75;

/** The clock of a move that starts at `now` (null: the game has no clock). */
export function startClock(perMoveMs: number | null | undefined, now: number): GameClock | null {
  if (!perMoveMs || !Number.isFinite(perMoveMs) || perMoveMs <= 0) return null;
  return { perMoveMs, deadline: now + perMoveMs, reminded: false, wakeAt: now + Math.floor(perMoveMs * REMIND_AT) };
}

/** After an applied move: the next side's deadline starts now. Games without a clock keep none. */
export const nextClock = (clock: GameClock | null | undefined, now: number): GameClock | null =>
  startClock(clock?.perMoveMs, now);
