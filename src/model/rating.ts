// Ratings (Glicko-2, per game; global and per server): a player's snapshot and
// what one rated game did to it.
import { z } from 'zod';
import { finite, int } from './parts.js';

export const ratingSnapshotSchema = z.object({
  rating: finite,
  rd: finite,
  vol: finite,
  games: int.nonnegative(),
  wins: int.nonnegative(),
  draws: int.nonnegative(),
  losses: int.nonnegative(),
  /** >0: wins in a row, <0: losses in a row, 0 after a draw or no game. */
  streak: int,
  /** ms since epoch of the last rated game, or null. */
  lastPlayed: finite.nullable(),
});
export type RatingSnapshot = z.infer<typeof ratingSnapshotSchema>;

/** One player's rating before/after a rated game, in one scope. */
const ratingDeltaSchema = z.object({ before: ratingSnapshotSchema, after: ratingSnapshotSchema });

/** What a rated game did to one player (global scope, plus the server scope when the game had a guild). */
export const playerRatingChangeSchema = z.object({
  userId: z.string(),
  global: ratingDeltaSchema,
  guild: ratingDeltaSchema.nullable(),
});
export type PlayerRatingChange = z.infer<typeof playerRatingChangeSchema>;

/** The outcome of one rated game as kept once it is applied (a game is rated once). */
export const ratingOutcomeSchema = z.object({
  gameId: z.string(),
  players: z.tuple([playerRatingChangeSchema, playerRatingChangeSchema]),
});

/**
 * 'global' or `guild:<guildId>` (use `guildScope(id)`), all-time; a season's
 * board adds `@<season>` to either (`global@2026-Q4`, `guild:<id>@2026-12`: `seasonScope`).
 */
export type RatingScope = 'global' | `global@${string}` | `guild:${string}`;

export const guildScope = (guildId: string): `guild:${string}` => `guild:${guildId}`;

/** A season's board of an all-time scope. */
export const seasonScope = (base: 'global' | `guild:${string}`, season: string): RatingScope => `${base}@${season}`;
