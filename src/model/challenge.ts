// A challenge: one player's offer of a game, open until someone accepts it or
// it expires.
import { z } from 'zod';
import { finite, gameId, locale } from './parts.js';

export const CHALLENGE_STATUSES = ['open', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

const FIRST_MOVES = ['challenger', 'opponent', 'random'] as const;
export type FirstMove = (typeof FIRST_MOVES)[number];

const named = z.object({ id: z.string(), name: z.string() });

export const challengeSchema = z.object({
  id: z.string().min(1),
  game: gameId,
  setup: z.string(),
  /** Free-form options shown on the card (tile count, layout, clock...). */
  options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  challengerId: z.string().min(1),
  challengerName: z.string(),
  /** Only this user may accept; null = anyone but the challenger. */
  opponentId: z.string().nullable(),
  opponentName: z.string().nullable().optional(),
  rated: z.boolean(),
  guildId: z.string().nullable(),
  channelId: z.string().min(1),
  /** The challenge card; set with `challenges.patch` once posted. */
  messageId: z.string().nullable(),
  status: z.enum(CHALLENGE_STATUSES),
  createdAt: finite,
  /** ms since epoch. An 'open' challenge past this is 'expired' (`challengeAt`) and can no longer be accepted. */
  expiresAt: finite,
  firstMove: z.enum(FIRST_MOVES).optional(),
  /** Who accepted (set by the accept transition). */
  acceptedBy: named.nullable().optional(),
  /** The game started from it. */
  gameId: z.string().nullable().optional(),
  /** Clock per move in ms, if the challenger chose one. */
  clockMs: finite.nullable().optional(),
  /** Language of the card and of the game's public posts. */
  locale: locale.nullable().optional(),
  /** false: the card and the game live in a channel the bot can only answer interactions in (StoredGame.postable). */
  postable: z.boolean().optional(),
});
export type StoredChallenge = z.infer<typeof challengeSchema>;

/** The challenge as it stands at `now`: an open one past its time is expired, whether or not a sweep got to it. */
export const challengeAt = (c: StoredChallenge, now: number): StoredChallenge =>
  c.status === 'open' && c.expiresAt <= now ? { ...c, status: 'expired' } : c;
