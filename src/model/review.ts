// The post-game review (issue 20): the job that grades a finished game's
// moves in the background and posts the result once in its thread. The grades
// themselves are the engine's (src/engine/review.ts); this is the record the
// store keeps of them while the job runs and after.
import { z } from 'zod';
import { finite, int, side } from './parts.js';
import { interactionRefSchema } from './game.js';

const chance = finite.refine((n) => n >= 0 && n <= 100, 'not a chance 0..100');
const grade = z.enum(['best', 'good', 'inaccuracy', 'mistake', 'blunder']);

/** One graded ply, as the engine's `PlyReview`. */
export const plyReviewSchema = z.object({
  ply: int.nonnegative(),
  side,
  played: z.string().min(1).max(200),
  best: z.string().min(1).max(200),
  forced: z.boolean(),
  bestChance: chance,
  playedChance: chance,
  loss: finite.nonnegative(),
  grade: grade.nullable(),
  accuracy: chance.nullable(),
});

const sideSummarySchema = z.object({
  accuracy: chance.nullable(),
  inaccuracies: int.nonnegative(),
  mistakes: int.nonnegative(),
  blunders: int.nonnegative(),
  graded: int.nonnegative(),
});

/** A whole game's review, as the engine's `GameReview`. */
export const gameReviewSchema = z.object({
  plies: z.array(plyReviewSchema),
  chances: z.array(chance),
  sides: z.tuple([sideSummarySchema, sideSummarySchema]),
});

/**
 * Where a review job stands: queued (no one grades it yet), running (graded
 * by `owner` until `leaseUntil`), done (graded, its post not out yet; `owner`
 * then holds the posting), sending (reply mode: a follow-up is on its way and
 * is never sent again), owed (reply mode, graded, and no interaction left to
 * follow up: the next interaction in its channel takes it back to done, with
 * itself to follow), posted, skipped (nothing was graded: forced moves only)
 * or failed (gave up after repeated failures).
 */
export const REVIEW_STATUSES = ['queued', 'running', 'done', 'sending', 'owed', 'posted', 'skipped', 'failed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const reviewJobSchema = z.object({
  /** The game's id: one job per game. */
  gameId: z.string().min(1),
  status: z.enum(REVIEW_STATUSES),
  createdAt: finite,
  /** The process grading or posting it ('' for none), and until when it may (ms since epoch). */
  owner: z.string(),
  leaseUntil: finite,
  /** How many times a process has taken it up (a job that keeps failing is given up). */
  tries: int.nonnegative(),
  /** Reply mode: the interaction that ended the game, which the review follows up (its token lives 15 minutes). */
  interaction: interactionRefSchema.nullable(),
  /** The plies graded so far, in order (a process taking the job over goes on from there). */
  plies: z.array(plyReviewSchema),
  /** The finished review, once done. */
  review: gameReviewSchema.nullable(),
  /** The post's message id, once posted. */
  messageId: z.string().nullable(),
});
export type ReviewJob = z.infer<typeof reviewJobSchema>;
export type StoredPlyReview = z.infer<typeof plyReviewSchema>;
export type StoredGameReview = z.infer<typeof gameReviewSchema>;
