// The post-game review's delivery (issue 20): a job in the store for every
// game that ends with a result, graded one ply at a time off the event loop
// (ctx.review: the AI's background lane, below moves and AI turns), then
// posted once in the game's thread after the result — or, in reply mode, as a
// follow-up of the interaction that ended the game, else of the next one
// answered in its channel (followReviewsHere).
//
// Exactly once across processes: the job is created once per game (the
// final post's building creates it, and the announcement sweep builds an
// owed final post again after a crash); one process at a time holds its
// lease, with an expiry it keeps extending, and records each graded ply, so
// a process that takes over a dead one's job goes on from the last ply; the
// post carries a nonce (Discord returns the first message for a second
// send), and in reply mode, where a follow-up has no nonce, the job is marked
// `sending` before the follow-up and never sent again from there.
import { createHash } from 'node:crypto';
import { getGame, type Side } from '../engine/index.js';
import { replay } from '../engine/replay.js';
import { costliest, summarizeReview } from '../engine/review.js';
import type { InteractionRef, ReviewJob, StoredGame, StoredPlyReview } from '../model/index.js';
import { isCorruptRecordError } from '../store/types.js';
import { archiveIfOver, INTERACTION_TTL_MS, interactionUsable } from './announce.js';
import { postableHere, type MatchContext, type ReviewMoment, type ReviewPost } from './context.js';
import { inHandTable, keepLease, retryDelay } from './leased.js';
import { queuePuzzleChecks, sweepPuzzleChecks } from './puzzles.js';

/** How long a process holds a job without extending it; its keep-alive extends it every third of that. */
export const REVIEW_LEASE_MS = 60_000;
/** Takings-up of a job before it is given up (a position the grader keeps failing on, a post Discord refuses). */
const MAX_TRIES = 6;
/** The costliest moves shown per side. */
export const MOMENTS_PER_SIDE = 3;
/** How long the review waits for the game's result to be posted first (then it leaves the job to the sweep). */
const RESULT_FIRST_MS = 5_000;

/**
 * Whether an ended game gets a review: one that ended with a result (resign,
 * time, agreement, the rules' own ends) and has moves to grade. An abort, an
 * admin's /endgame and a damaged record closed by a player end with no result
 * (status 'aborted'): nothing to learn from, and a damaged log cannot be
 * replayed. A game whose every move was forced is found out by the grading
 * (the job is skipped).
 */
export function reviewable(rec: StoredGame): boolean {
  return rec.status === 'over' && rec.result !== null && rec.moves.length > 0 && !rec.damaged;
}

/** This process's reviews in hand (one run per job, at most `slots` grading). */
const hand = inHandTable();

/**
 * Creates the review job of a game that has just ended (idempotent on the
 * game id) and starts it in the background. Called as the final post is
 * built (finish.ts), which the announcement sweep repeats for a final post a
 * crash left owed, so a job lost between the end's write and here is made up.
 * Never throws: a failure is logged, the game's end and post go on.
 */
export async function queueReview(ctx: MatchContext, rec: StoredGame, interaction?: InteractionRef): Promise<void> {
  if (!ctx.review || !reviewable(rec)) return;
  try {
    // Reply mode: the review follows up the interaction that ended the game (where the bot posts, none is kept).
    const created = await ctx.store.reviews.create(rec.id, postableHere(rec) ? null : (interaction ?? null));
    if (created) ctx.background(`review ${rec.id}`, () => runReview(ctx, rec.id));
  } catch (e) {
    ctx.log.warn({ err: e, gameId: rec.id }, 'could not queue the game review');
  }
}

/**
 * The review sweep: jobs nobody is at (queued while this process was busy, a
 * process that died mid-review, a post that failed), taken up by compare-and-set
 * on the job's lease. Every process runs it beside the announcement sweep.
 * Returns how many it took up.
 */
export async function sweepReviews(ctx: MatchContext, limit = 25): Promise<number> {
  if (!ctx.review || ctx.review.open?.() === false) return 0;
  const now = ctx.now();
  const ids = await ctx.store.reviews.pending(now, limit);
  let taken = 0;
  for (const id of ids) {
    if (hand(ctx).has(id)) continue;
    try {
      const job = await ctx.store.reviews.get(id);
      if (!job) {
        await madeUp(ctx, id);
        continue;
      }
      if (!['queued', 'running', 'done', 'sending'].includes(job.status)) {
        await ctx.store.reviews.recheck(id, null);
        continue;
      }
      const holder = job.owner;
      if (holder && holder !== ctx.instanceId && job.leaseUntil > now && (await ctx.store.processes.alive(holder)))
        continue;
      // Busy grading: the others wait their turn, in order. A graded review only waiting for its post takes no slot.
      const posting = !grading(job);
      if (!posting && hand(ctx).size >= slots(ctx)) break;
      ctx.background(`review ${id}`, () => runReview(ctx, id, holder || null, posting));
      taken++;
    } catch (e) {
      if (isCorruptRecordError(e)) {
        ctx.log.error({ err: e, gameId: id }, 'review job does not validate: dropped');
        await ctx.store.reviews.recheck(id, null);
      } else ctx.log.error({ err: e, gameId: id }, 'review sweep failed for a game');
    }
  }
  return taken;
}

const grading = (job: ReviewJob): boolean => job.status === 'queued' || job.status === 'running';
const slots = (ctx: MatchContext): number => Math.max(1, ctx.review?.slots ?? 1);

/** A hint with no job: the process died between the two; the game, if it qualifies, gets its job now. */
async function madeUp(ctx: MatchContext, id: string): Promise<void> {
  const rec = await ctx.store.games.get(id).catch(() => null);
  if (rec && reviewable(rec) && (await ctx.store.reviews.create(id, null))) {
    ctx.log.info({ gameId: id }, 'review job made up by the sweep');
    return;
  }
  await ctx.store.reviews.recheck(id, null);
}

/**
 * Takes a game's review job (its lease; `takeOver`: a holder found gone),
 * grades the plies not graded yet, and posts it once. Left alone when another
 * process holds it, or when this one is busy with as many as it grades at once
 * — unless `posting`: the sweep found it graded (a job never goes back to
 * grading), only its post is left, which need not wait behind a grading.
 */
export async function runReview(
  ctx: MatchContext,
  gameId: string,
  takeOver: string | null = null,
  posting = false,
): Promise<void> {
  const lane = ctx.review;
  const mine = hand(ctx);
  if (!lane || lane.open?.() === false || mine.has(gameId) || (!posting && mine.size >= slots(ctx))) return;
  mine.add(gameId);
  const store = ctx.store.reviews;
  let stopKeeping: (() => void) | null = null;
  try {
    const lease = await store.lease(gameId, ctx.instanceId, ctx.now(), REVIEW_LEASE_MS, takeOver);
    if (!lease.ok) return;
    let job = lease.job;
    stopKeeping = keepLease(
      ctx,
      REVIEW_LEASE_MS,
      () => store.extend(gameId, ctx.instanceId, ctx.now(), REVIEW_LEASE_MS),
      {
        gameId,
      },
    );
    const rec = await ctx.store.games.get(gameId);
    if (job.tries > MAX_TRIES || !rec || !reviewable(rec)) {
      ctx.log.error({ gameId, tries: job.tries }, 'giving up a game review');
      if (grading(job)) await store.graded(gameId, ctx.instanceId, { status: 'failed' });
      else await store.posted(gameId, ctx.instanceId, null);
      return;
    }
    const r = replay(getGame(rec.game), rec.setup, rec.moves);
    if (!r.ok) {
      ctx.log.error({ gameId, at: r.index }, 'review: the move log does not replay');
      if (grading(job)) await store.graded(gameId, ctx.instanceId, { status: 'failed' });
      return;
    }
    if (job.status === 'running') {
      const t0 = Date.now();
      const from = job.plies.length;
      const next = await grade(ctx, lane, rec, r.states, job);
      if (!next) return;
      ctx.log.info({ gameId, plies: rec.moves.length - from, ms: Date.now() - t0 }, 'game review graded');
      job = next;
    }
    await deliver(ctx, rec, r.states, job);
  } catch (e) {
    ctx.log.warn({ err: e, gameId }, 'review interrupted; another attempt will go on from its last ply');
    await store
      .release(gameId, ctx.instanceId)
      .then(() => store.recheck(gameId, Date.now() + retryDelay(1)))
      .catch((e2: unknown) => ctx.log.warn({ err: e2, gameId }, 'could not give the review back'));
  } finally {
    stopKeeping?.();
    mine.delete(gameId);
    // A slot is free: the next queued review (in this process or any) goes on at once, not at the next sweep; with
    // none left, the puzzle checks that waited for the reviews (puzzles.ts).
    ctx.background('review sweep', async () => {
      await sweepReviews(ctx);
      await sweepPuzzleChecks(ctx);
    });
  }
}

/**
 * The seed of a ply's grading: the same for the same game and ply, whichever process grades it (a retry of that
 * ply judges its answers with it too).
 */
export const reviewSeed = (gameId: string, ply: number): number =>
  createHash('sha256').update(`review:${gameId}:${ply}`).digest().readUInt32LE(0);

/** Grades the plies left, recording each; the done job, or null when the lease was lost meanwhile. */
async function grade(
  ctx: MatchContext,
  lane: NonNullable<MatchContext['review']>,
  rec: StoredGame,
  states: unknown[],
  job: ReviewJob,
): Promise<ReviewJob | null> {
  const plies: StoredPlyReview[] = [...job.plies];
  for (let i = plies.length; i < rec.moves.length; i++) {
    const p = await lane.grade(rec.game, states[i], rec.moves[i], i, reviewSeed(rec.id, i));
    if (!(await ctx.store.reviews.addPly(rec.id, ctx.instanceId, { ...p, ply: i }, ctx.now() + REVIEW_LEASE_MS))) {
      ctx.log.info({ gameId: rec.id, ply: i }, 'review lease lost: another process goes on');
      return null;
    }
    plies.push({ ...p, ply: i });
  }
  const result = rec.result!;
  const review = summarizeReview(rec.game, plies, { winner: result.winner, draw: result.draw });
  if (review.sides[0].graded + review.sides[1].graded === 0) {
    await ctx.store.reviews.graded(rec.id, ctx.instanceId, { status: 'skipped' });
    return null;
  }
  // Its clearest mistakes may become puzzles: recorded (once per game and ply) before the job is marked graded, so a
  // crash between the two leaves them to the process that takes the review over (puzzles.ts).
  await queuePuzzleChecks(ctx, rec, plies);
  if (!(await ctx.store.reviews.graded(rec.id, ctx.instanceId, { review }))) return null;
  return { ...job, status: 'done', plies, review };
}

/** The review post: the summary and graph, and each side's costliest moves with the position before each. */
export function reviewPost(rec: StoredGame, review: NonNullable<ReviewJob['review']>, states: unknown[]): ReviewPost {
  const moments = (side: Side): ReviewMoment[] =>
    costliest(review, side, MOMENTS_PER_SIDE).map((ply) => ({ ply, before: states[ply.ply] }));
  return { kind: 'review', game: rec, review, moments: [moments(0), moments(1)] };
}

/** The nonce of a game's review post (≤ 25 characters): the same in every process. */
const reviewNonce = (gameId: string): string =>
  createHash('sha256').update(`review:${gameId}`).digest('base64url').slice(0, 25);

/** Posts a graded job once (after the game's result), and marks it posted. */
async function deliver(ctx: MatchContext, rec0: StoredGame, states: unknown[], job: ReviewJob): Promise<void> {
  const store = ctx.store.reviews;
  const rec = await resultShown(ctx, rec0);
  if (!rec) {
    // The result is not out yet (its post failed, or a crash left it owed): the sweep comes back to the review.
    await store.release(rec0.id, ctx.instanceId);
    await store.recheck(rec0.id, Date.now() + RESULT_FIRST_MS);
    return;
  }
  if (job.status === 'sending') {
    // Reply mode: the follow-up may have gone before a crash, and it has no nonce: never send it twice.
    ctx.log.info({ gameId: rec.id }, 'review follow-up claimed before (a crash): not sent again');
    await store.posted(rec.id, ctx.instanceId, null);
    return;
  }
  if (!job.review) return;
  const post = reviewPost(rec, job.review, states);
  if (postableHere(rec)) {
    const t0 = Date.now();
    const messageId = await ctx.notifier.post(rec, post, { nonce: reviewNonce(rec.id) });
    await store.posted(rec.id, ctx.instanceId, messageId);
    ctx.log.info({ gameId: rec.id, ms: Date.now() - t0 }, 'game review posted');
    // Posting reopened the finished game's thread.
    await archiveIfOver(ctx, rec);
    return;
  }
  const interaction = await interactionToFollow(ctx, rec, job);
  if (!interaction || !(await store.sending(rec.id, ctx.instanceId))) return;
  let messageId: string | null = null;
  try {
    messageId = await ctx.notifier.followUp({ ...interaction, followUp: true }, post);
  } catch (e) {
    // At most once, as every reply-mode post (announce.ts sendOnce): a refused follow-up is not tried again.
    ctx.log.warn({ err: e, gameId: rec.id }, 'could not follow up with the review');
  }
  await store.posted(rec.id, ctx.instanceId, messageId);
}

/**
 * Reply mode: the interaction a graded job (held by this process) follows up — read again, since an interaction in
 * the channel may have handed it a fresher one while it was graded (followReviewsHere). With none usable (the game
 * ended on time, or grading outlived the token) the job is owed: the next interaction in the channel hands it one.
 * Owing is a compare-and-set on the interaction read, so one handed over in between is followed up, not left owed.
 * Null when there is nothing to follow up now.
 */
async function interactionToFollow(ctx: MatchContext, rec: StoredGame, job: ReviewJob): Promise<InteractionRef | null> {
  const store = ctx.store.reviews;
  for (let round = 0; round < 3; round++) {
    const cur = await store.get(rec.id).catch(() => null);
    if (cur && (cur.owner !== ctx.instanceId || cur.status !== 'done')) return null; // no longer this process's
    const kept = cur ? cur.interaction : job.interaction;
    if (interactionUsable(kept)) return kept;
    if (await store.owe(rec.id, ctx.instanceId, rec.channelId, kept)) {
      ctx.log.info({ gameId: rec.id }, 'review waits for the next interaction in its channel');
      return null;
    }
  }
  // Handed one unusable interaction after another: given back, the sweep comes back to it shortly.
  await store.release(rec.id, ctx.instanceId);
  await store.recheck(rec.id, Date.now() + retryDelay(1));
  return null;
}

/**
 * Reply mode: an interaction in a channel where the bot cannot post has been
 * answered; the reviews that channel owes follow it up (each once: the job is
 * handed over by compare-and-set, then leased and posted as any other), and a
 * review of its last game still being graded keeps it, when the interaction
 * it has will not outlive the grading. Returns how many reviews it resumed.
 */
export async function followReviewsHere(
  ctx: MatchContext,
  channelId: string,
  interaction: InteractionRef,
): Promise<number> {
  const store = ctx.store.reviews;
  const ids = new Set(await store.owedIn(channelId));
  const last = await ctx.store.channels.latest(channelId).catch(() => null);
  if (last && last.status !== 'active' && !postableHere(last) && reviewable(last)) ids.add(last.id);
  let resumed = 0;
  for (const id of ids) {
    let graded = false;
    const how = await store.follow(id, channelId, interaction, ({ status, interaction: kept }) => {
      if (status === 'owed') return 'resume';
      graded = status === 'done';
      // A token with most of its life ahead outlives a review's grading and posting: keep it.
      return kept && kept.createdAt > Date.now() - INTERACTION_TTL_MS / 3 ? null : 'replace';
    });
    if (how === 'replaced' && graded) {
      // Graded and given back (a failed attempt; its result not out yet): posted now, not at the sweep's next look.
      // Held by a live process, it is left to it: that one reads the interaction handed over before it follows up.
      ctx.background(`review ${id}`, () => runReview(ctx, id, null, true));
    }
    if (how !== 'resumed') continue;
    resumed++;
    ctx.log.info({ gameId: id }, 'owed review resumed by an interaction in its channel');
    // Resumed only from `owed`: graded, its post all that is left (no slot needed, as for the sweep's).
    ctx.background(`review ${id}`, () => runReview(ctx, id, null, true));
  }
  return resumed;
}

/** The game's record once its result is out (its final post shown), waiting a little; null if it is still owed. */
async function resultShown(ctx: MatchContext, rec: StoredGame): Promise<StoredGame | null> {
  const until = Date.now() + RESULT_FIRST_MS;
  for (let cur: StoredGame | null = rec; cur; cur = await ctx.store.games.get(rec.id)) {
    if ((cur.annV ?? 0) <= (cur.shown ?? cur.version)) return cur;
    if (Date.now() > until) return null;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}
