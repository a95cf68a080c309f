// Post-game review jobs (issue 20): one hash per game beside its record (same
// hash tag), the plies graded so far in a list, and a hint index of jobs that
// may need a process. Every change is the owner's compare-and-set (a lease
// with an expiry, scripts.ts), so one process grades a job and one posts it.
import {
  isRecordId,
  type ReviewStatus,
  plyReviewSchema,
  reviewJobSchema,
  type InteractionRef,
  type ReviewJob,
  type StoredGameReview,
  type StoredPlyReview,
} from '../model/index.js';
import { decodeRecord, encodeFields } from './codec.js';
import type { StoreContext } from './context.js';
import { createJob, j, statuses, stepJob, takeJob } from './jobs.js';
import { isKeyPart } from './keys.js';
import { REVIEW_ADD_PLY, REVIEW_FOLLOW, REVIEW_OWE } from './scripts.js';
import { CorruptRecordError, type ReviewLease, type ReviewStore } from './types.js';

/** The statuses in which a job has a holder at work (grading or posting). */
const LIVE = statuses('running', 'done', 'sending');
/** The statuses in which a process may take a job up: waiting, or live with its holder gone. */
const TAKEABLE = statuses('queued', 'running', 'done', 'sending');
/** The statuses in which a job's post is still to come (its interaction may be replaced by a fresher one). */
const AHEAD = statuses('queued', 'running', 'done');

/** How long a reply-mode review waits for an interaction in its channel before it is forgotten. */
export const REVIEW_OWED_TTL_MS = 24 * 60 * 60_000;

/** An interaction as a job stores it. */
const storedInteraction = (i: InteractionRef | null): InteractionRef | null =>
  i
    ? {
        token: i.token,
        createdAt: i.createdAt,
        component: i.component,
        ...(i.followUp !== undefined ? { followUp: i.followUp } : {}),
      }
    : null;

const parseJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};

export class RedisReviewStore implements ReviewStore {
  constructor(private readonly ctx: StoreContext) {}

  private key(id: string): string {
    return this.ctx.keys.review(id);
  }

  async create(gameId: string, interaction: InteractionRef | null): Promise<boolean> {
    if (!isRecordId(gameId)) throw new TypeError('reviews.create: invalid game id');
    const { redis, keys } = this.ctx;
    const now = this.ctx.now();
    // The hint first: a crash before the job leaves a hint the sweep checks (and drops when no job comes).
    await redis.zadd(keys.reviewsPending(), 'NX', now, gameId);
    const fields = encodeFields({
      gameId,
      status: 'queued',
      createdAt: now,
      owner: '',
      leaseUntil: 0,
      tries: 0,
      interaction: storedInteraction(interaction),
      review: null,
      messageId: null,
    });
    return createJob(redis, this.key(gameId), fields);
  }

  async get(gameId: string): Promise<ReviewJob | null> {
    if (!isRecordId(gameId)) return null;
    const key = this.key(gameId);
    const [fields, plies] = await Promise.all([
      this.ctx.redis.hgetall(key),
      this.ctx.redis.lrange(this.ctx.keys.reviewPlies(gameId), 0, -1),
    ]);
    if (Object.keys(fields).length === 0) return null;
    const parsed: unknown[] = [];
    for (const [i, p] of plies.entries()) {
      try {
        parsed.push(JSON.parse(p));
      } catch {
        throw new CorruptRecordError('review', key, [`plies.${i}: not JSON`], gameId);
      }
    }
    return decodeRecord('review', key, fields, reviewJobSchema, { plies: parsed });
  }

  async pending(before: number, limit = 50): Promise<string[]> {
    return this.ctx.redis.zrangebyscore(this.ctx.keys.reviewsPending(), '-inf', before, 'LIMIT', 0, limit);
  }

  async recheck(gameId: string, at: number | null): Promise<void> {
    const { redis, keys } = this.ctx;
    if (at === null) await redis.zrem(keys.reviewsPending(), gameId);
    else await redis.zadd(keys.reviewsPending(), 'XX', at, gameId);
  }

  async lease(
    gameId: string,
    owner: string,
    now: number,
    ttlMs: number,
    takeOver: string | null = null,
  ): Promise<ReviewLease> {
    if (!isRecordId(gameId)) return { ok: false, reason: 'not-found' };
    const took = await takeJob(
      this.ctx.redis,
      this.key(gameId),
      { owner, now, ttlMs, takeOver },
      { takeable: TAKEABLE, waiting: 'queued', working: 'running' },
    );
    if (!took.ok) {
      if (took.reason !== 'over') return took;
      const status = reviewJobSchema.shape.status.safeParse(took.status);
      return { ok: false, reason: status.success ? status.data : 'not-found' };
    }
    const job = await this.get(gameId);
    return job ? { ok: true, job } : { ok: false, reason: 'not-found' };
  }

  private async step(gameId: string, owner: string, from: string, to: string, fields: string[] = []): Promise<boolean> {
    if (!isRecordId(gameId)) return false;
    return stepJob(this.ctx.redis, this.key(gameId), owner, from, to, fields);
  }

  extend(gameId: string, owner: string, now: number, ttlMs: number): Promise<boolean> {
    return this.step(gameId, owner, LIVE, '', ['leaseUntil', String(Math.ceil(now + ttlMs))]);
  }

  async addPly(gameId: string, owner: string, ply: StoredPlyReview, leaseUntil: number): Promise<boolean> {
    if (!isRecordId(gameId)) return false;
    const checked = plyReviewSchema.parse(ply);
    const keys = [this.key(gameId), this.ctx.keys.reviewPlies(gameId)];
    const res = await REVIEW_ADD_PLY.run(this.ctx.redis, keys, [
      j(owner),
      checked.ply,
      j(checked),
      Math.ceil(leaseUntil),
    ]);
    return Number(res) === 1;
  }

  graded(
    gameId: string,
    owner: string,
    outcome: { review: StoredGameReview } | { status: 'skipped' | 'failed' },
  ): Promise<boolean> {
    if ('review' in outcome) {
      const review = reviewJobSchema.shape.review.parse(outcome.review);
      return this.step(gameId, owner, j('running'), j('done'), ['review', j(review)]);
    }
    return this.finalStep(gameId, owner, j('running'), outcome.status, null);
  }

  sending(gameId: string, owner: string): Promise<boolean> {
    return this.step(gameId, owner, j('done'), j('sending'));
  }

  posted(gameId: string, owner: string, messageId: string | null): Promise<boolean> {
    return this.finalStep(gameId, owner, [j('done'), j('sending')].join('|'), 'posted', messageId);
  }

  /** A job's last step: its status, the lease dropped, the hint with it. */
  private async finalStep(
    gameId: string,
    owner: string,
    from: string,
    status: 'posted' | 'skipped' | 'failed',
    messageId: string | null,
  ): Promise<boolean> {
    const fields = ['owner', j(''), 'leaseUntil', '0', 'messageId', j(messageId)];
    const ok = await this.step(gameId, owner, from, j(status), fields);
    if (ok) await this.ctx.redis.zrem(this.ctx.keys.reviewsPending(), gameId);
    return ok;
  }

  async owe(gameId: string, owner: string, channelId: string, seen: InteractionRef | null): Promise<boolean> {
    if (!isRecordId(gameId) || !isKeyPart(channelId)) return false;
    const { redis, keys } = this.ctx;
    const owed = keys.channelReviewsOwed(channelId);
    // The channel's note first: a crash before the step leaves a note whose job is found not owed, and dropped.
    await redis.multi().zadd(owed, this.ctx.now(), gameId).pexpire(owed, REVIEW_OWED_TTL_MS).exec();
    const ok = Number(await REVIEW_OWE.run(redis, [this.key(gameId)], [j(owner), j(storedInteraction(seen))])) === 1;
    if (ok) await redis.zrem(keys.reviewsPending(), gameId);
    return ok;
  }

  async owedIn(channelId: string, limit = 10): Promise<string[]> {
    if (!isKeyPart(channelId)) return [];
    const owed = this.ctx.keys.channelReviewsOwed(channelId);
    await this.ctx.redis.zremrangebyscore(owed, '-inf', this.ctx.now() - REVIEW_OWED_TTL_MS);
    return this.ctx.redis.zrange(owed, 0, limit - 1);
  }

  async follow(
    gameId: string,
    channelId: string,
    interaction: InteractionRef,
    wants: (job: Pick<ReviewJob, 'status' | 'interaction'>) => 'resume' | 'replace' | null,
  ): Promise<'resumed' | 'replaced' | null> {
    if (!isRecordId(gameId) || !isKeyPart(channelId)) return null;
    const { redis, keys } = this.ctx;
    const key = this.key(gameId);
    const [rawStatus, raw] = await redis.hmget(key, 'status', 'interaction');
    const status = reviewJobSchema.shape.status.safeParse(parseJson(rawStatus ?? ''));
    const current = reviewJobSchema.shape.interaction.safeParse(parseJson(raw ?? ''));
    if (raw === null || !status.success || !current.success) return null; // missing, or damaged: get() reports it
    if (status.data !== 'owed') await redis.zrem(keys.channelReviewsOwed(channelId), gameId); // a stale note
    const what = wants({ status: status.data, interaction: current.data });
    const next = j(storedInteraction(interaction));
    if (what === 'resume' && status.data === 'owed') {
      // The hint first: a crash after the step leaves the job to the sweep.
      await redis.zadd(keys.reviewsPending(), 'NX', this.ctx.now(), gameId);
      if (Number(await REVIEW_FOLLOW.run(redis, [key], [j('owed'), raw, next, j('done')])) !== 1) return null;
      await redis.zrem(keys.channelReviewsOwed(channelId), gameId);
      return 'resumed';
    }
    const ahead: readonly ReviewStatus[] = ['queued', 'running', 'done'];
    if (what !== 'replace' || !ahead.includes(status.data)) return null;
    return Number(await REVIEW_FOLLOW.run(redis, [key], [AHEAD, raw, next, ''])) === 1 ? 'replaced' : null;
  }

  async release(gameId: string, owner: string): Promise<boolean> {
    const free = ['owner', j(''), 'leaseUntil', '0'];
    return (
      (await this.step(gameId, owner, j('running'), j('queued'), free)) ||
      this.step(gameId, owner, [j('done'), j('sending')].join('|'), '', free)
    );
  }
}
