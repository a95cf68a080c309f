// Zod schemas for what is read back from Redis (untrusted: it may be hand-edited,
// truncated or written by another version). The TypeScript types are in types.ts.
import { z } from 'zod';
import { isGameId } from '../engine/index.js';
import {
  CHALLENGE_STATUSES,
  type GuildSettings,
  type RatingSnapshot,
  type StoredChallenge,
  type StoredGame,
} from './types.js';

const side = z.union([z.literal(0), z.literal(1)]);
// Any registered game (the engine's registry), so a new game needs no change here.
const gameId = z.string().refine(isGameId, 'unknown game');
const finite = z.number().refine(Number.isFinite, 'not a finite number');
const int = z.number().int();

const player = z.object({
  id: z.string().min(1),
  name: z.string(),
  bot: z.enum(['easy', 'medium', 'hard']).optional(),
});

const snapshot = z.object({
  rating: finite,
  rd: finite,
  vol: finite,
  games: int.nonnegative(),
  wins: int.nonnegative(),
  draws: int.nonnegative(),
  losses: int.nonnegative(),
  streak: int,
  lastPlayed: finite.nullable(),
});

const delta = z.object({ before: snapshot, after: snapshot });
const change = z.object({ userId: z.string(), global: delta, guild: delta.nullable() });

const clock = z.object({
  perMoveMs: finite.positive(),
  deadline: finite.nullable(),
  reminded: z.boolean(),
  wakeAt: finite.nullable(),
});

const gameObject = z.object({
  id: z.string().min(1),
  game: gameId,
  setup: z.string(),
  guildId: z.string().nullable(),
  channelId: z.string().min(1),
  parentChannelId: z.string().nullable().optional(),
  messageId: z.string().nullable().optional(),
  players: z.tuple([player, player]),
  rated: z.boolean(),
  // Engine state: any JSON, but it must be there (the bot checks it with the engine).
  state: z.custom<unknown>((v) => v !== undefined, { message: 'missing engine state' }),
  moves: z.array(z.string()),
  version: int.positive(),
  status: z.enum(['active', 'over', 'aborted']),
  result: z
    .object({
      winner: side.nullable(),
      draw: z.boolean(),
      reason: z.string(),
      ratingChanges: z.tuple([change, change]).nullable().optional(),
    })
    .nullable(),
  drawOffer: side.nullable(),
  clock: clock.nullable().optional(),
  createdAt: finite,
  updatedAt: finite,
  rematchOf: z.string().nullable().optional(),
  challengeId: z.string().nullable().optional(),
  locale: z.string().max(10).nullable().optional(),
  damaged: z.string().max(300).nullable().optional(),
  postable: z.boolean().optional(),
  annV: int.nonnegative().optional(),
  shown: int.nonnegative().optional(),
  shownMoves: int.nonnegative().optional(),
});

export const gameSchema: z.ZodType<StoredGame> = gameObject;
/** What `games.update` may write, each field checked like the record itself. */
export const gameChangesSchema = gameObject
  .pick({
    state: true,
    status: true,
    result: true,
    drawOffer: true,
    messageId: true,
    parentChannelId: true,
    clock: true,
    rated: true,
    updatedAt: true,
  })
  .partial();

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const named = z.object({ id: z.string(), name: z.string() });

const challengeObject = z.object({
  id: z.string().min(1),
  game: gameId,
  setup: z.string(),
  options: z.record(z.string(), scalar),
  challengerId: z.string().min(1),
  challengerName: z.string(),
  opponentId: z.string().nullable(),
  opponentName: z.string().nullable().optional(),
  rated: z.boolean(),
  guildId: z.string().nullable(),
  channelId: z.string().min(1),
  messageId: z.string().nullable(),
  status: z.enum(CHALLENGE_STATUSES),
  createdAt: finite,
  expiresAt: finite,
  firstMove: z.enum(['challenger', 'opponent', 'random']).optional(),
  acceptedBy: named.nullable().optional(),
  gameId: z.string().nullable().optional(),
  clockMs: finite.nullable().optional(),
  locale: z.string().max(10).nullable().optional(),
  tournamentRole: z.string().min(1).max(40).nullable().optional(),
  seasonLength: z.enum(['monthly', 'quarterly']).nullable().optional(),
  seasonChannel: z.string().min(1).max(40).nullable().optional(),
  postable: z.boolean().optional(),
});

export const challengeSchema: z.ZodType<StoredChallenge> = challengeObject;
/** Non-status fields a transition or a patch may write. */
export const challengePatchSchema = challengeObject.pick({ acceptedBy: true, gameId: true, messageId: true }).partial();

export const snapshotSchema: z.ZodType<RatingSnapshot> = snapshot;
export const ratingChangeSchema = change;

export const settingsSchema: z.ZodType<GuildSettings> = z.object({
  clockMs: finite.positive().nullable().optional(),
  channels: z.array(z.string()).nullable().optional(),
  locale: z.string().max(10).nullable().optional(),
  tournamentRole: z.string().min(1).max(40).nullable().optional(),
  seasonLength: z.enum(['monthly', 'quarterly']).nullable().optional(),
  seasonChannel: z.string().min(1).max(40).nullable().optional(),
});
