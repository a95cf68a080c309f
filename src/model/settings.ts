// A server's settings (its admins': default clock, allowed channels, language,
// tournaments and seasons, the expert AI's thinking time).
import { z } from 'zod';
import { finite, locale } from './parts.js';

const SEASON_LENGTHS = ['monthly', 'quarterly'] as const;

/** The most seconds a server may let the expert AI think per move, and the least it may cap it to. */
export const EXPERT_SECONDS_MAX = 10;
export const EXPERT_SECONDS_MIN = 2;
export type SeasonLength = (typeof SEASON_LENGTHS)[number];

/** Every field is optional: absent is the default. */
export const settingsSchema = z.object({
  /** Default correspondence clock per move, ms. */
  clockMs: finite.positive().nullable().optional(),
  /** Channels the bot may be used in; null/absent = all. */
  channels: z.array(z.string()).nullable().optional(),
  /** Language of public posts (an admin's override of the server's preferred locale). */
  locale: locale.nullable().optional(),
  /** A role whose members may run tournaments (besides Manage Server). */
  tournamentRole: z.string().min(1).max(40).nullable().optional(),
  /** How long this server's rating seasons last; absent = no seasons. */
  seasonLength: z.enum(SEASON_LENGTHS).nullable().optional(),
  /** Where the final top 10 of a season is posted. */
  seasonChannel: z.string().min(1).max(40).nullable().optional(),
  /** Takebacks in rated games too (casual games and games against the AI always allow them); absent = not in rated. */
  takebacks: z.boolean().nullable().optional(),
  /** Where the daily puzzle is posted (issue 20); absent = no daily puzzle. */
  puzzleChannel: z.string().min(1).max(40).nullable().optional(),
  /** The most seconds the expert AI thinks per move here; absent = EXPERT_SECONDS_MAX. */
  expertSeconds: z.number().int().min(EXPERT_SECONDS_MIN).max(EXPERT_SECONDS_MAX).nullable().optional(),
});
export type GuildSettings = z.infer<typeof settingsSchema>;
