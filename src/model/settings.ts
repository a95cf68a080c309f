// A server's settings (its admins': default clock, allowed channels, language,
// tournaments and seasons).
import { z } from 'zod';
import { finite, locale } from './parts.js';

const SEASON_LENGTHS = ['monthly', 'quarterly'] as const;
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
});
export type GuildSettings = z.infer<typeof settingsSchema>;
