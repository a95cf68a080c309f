// Rating seasons. Besides the all-time boards, every rated game also counts
// on a season board: the global board's seasons are calendar quarters; a
// server's last a month or a quarter when an admin turns them on (/settings).
// Seasons follow the UTC calendar and need no stored state: the id of the
// season of an instant is computed (`2026-Q4`, `2026-12`). A season's rating
// starts from the all-time one with the deviation raised (store/ratings.ts,
// seasonStart); all-time ratings never reset. When a server's season ends,
// the sweep posts its final top 10 in the channel the admin chose, once.
import type { GameId } from '../engine/index.js';
import type { Msg } from '../i18n/msg.js';
import { seasonScope, type RatingScope, type SeasonLength } from '../model/index.js';
import type { LeaderboardEntry, SeasonIds } from '../store/types.js';
import type { MatchContext } from './context.js';
import { readSettings } from './settings.js';
import { ratingMsg, recordMsg } from './standing.js';

/** The global board's seasons. */
export const GLOBAL_SEASONS: SeasonLength = 'quarterly';
/** Players listed in the end-of-season post. */
export const SEASON_TOP = 10;

/** The season of an instant: `2026-Q4` (quarterly) or `2026-12` (monthly), UTC. */
export function seasonId(length: SeasonLength, now: number): string {
  const d = new Date(now);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return length === 'quarterly' ? `${y}-Q${Math.floor(m / 3) + 1}` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** When a season starts and ends (ms, UTC; end exclusive). */
export function seasonBounds(id: string): { start: number; end: number } {
  const q = /^(\d{4})-Q([1-4])$/.exec(id);
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(id);
  const [y, first, months] = q
    ? [Number(q[1]), (Number(q[2]) - 1) * 3, 3]
    : m
      ? [Number(m[1]), Number(m[2]) - 1, 1]
      : [NaN, 0, 0];
  if (!Number.isFinite(y)) throw new TypeError(`not a season id: ${id}`);
  return { start: Date.UTC(y, first, 1), end: Date.UTC(y, first + months, 1) };
}

/** The season before `id`. */
export const previousSeason = (length: SeasonLength, id: string): string =>
  seasonId(length, seasonBounds(id).start - 1);

/** "Q4 2026" / "December 2026", in the reader's language. */
export function seasonMsg(id: string): Msg {
  const q = /^(\d{4})-Q([1-4])$/.exec(id);
  if (q) return { key: 'season.quarter', params: { q: Number(q[2]), year: Number(q[1]) } };
  const { start, end } = seasonBounds(id);
  // The middle of the month: the name is right in any time zone the formatter uses.
  return { key: 'season.month', params: { month: Math.round((start + end) / 2) } };
}

/** The server's season length, or null when it keeps none. */
export async function serverSeasons(ctx: MatchContext, guildId: string | null): Promise<SeasonLength | null> {
  if (!guildId) return null;
  return (await readSettings(ctx, guildId)).seasonLength ?? null;
}

/** The seasons a rated game ending at `now` counts in. */
export async function seasonsAt(ctx: MatchContext, guildId: string | null, now: number): Promise<SeasonIds> {
  const length = await serverSeasons(ctx, guildId);
  return { global: seasonId(GLOBAL_SEASONS, now), guild: length ? seasonId(length, now) : null };
}

export type SeasonChoice = 'current' | 'previous' | 'all-time';

/**
 * The board a leaderboard shows: all time, or a season of the global board
 * or of the server (null when the server keeps no seasons).
 */
export function boardScope(
  base: 'global' | `guild:${string}`,
  choice: SeasonChoice,
  length: SeasonLength | null,
  now: number,
): { scope: RatingScope; season: string | null } | null {
  if (choice === 'all-time') return { scope: base, season: null };
  const len = base === 'global' ? GLOBAL_SEASONS : length;
  if (!len) return null;
  const current = seasonId(len, now);
  const season = choice === 'current' ? current : previousSeason(len, current);
  return { scope: seasonScope(base, season), season };
}

/** The lines of a final top 10 (or fewer), one game. */
export function topLines(game: GameId, rows: LeaderboardEntry[], now: number): Msg[] {
  return [
    { key: 'season.topGame', params: { game: { key: `game.${game}.title` } } },
    ...rows.map(
      (e): Msg => ({
        key: 'season.topRow',
        params: {
          rank: e.rank,
          who: { user: e.userId },
          rating: ratingMsg(e, now),
          games: e.games,
          record: recordMsg(e),
        },
      }),
    ),
  ];
}
