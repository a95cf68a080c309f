// Puzzle checks (issue 20, docs/puzzles.md): a finished game's puzzle candidates as leased jobs, one hash per game and
// ply beside the game's record (same hash tag), and a hint index of those that may need a process. Created once when
// the review is graded; one process at a time checks a job (the owner's compare-and-set, jobs.ts); a finished job
// keeps its record a day (so the same candidate is not recorded again) and then Redis drops it.
import { isRecordId, puzzleCheckJobSchema, puzzleSchema, type Puzzle, type PuzzleCheckJob } from '../model/index.js';
import { decodeRecord, encodeFields } from './codec.js';
import type { StoreContext } from './context.js';
import { createJob, j, statuses, stepJob, takeJob } from './jobs.js';
import {
  CorruptRecordError,
  type NewPuzzleCheck,
  type PendingPuzzleCheck,
  type PuzzleCheckLease,
  type PuzzleCheckOutcome,
  type PuzzleCheckRef,
  type PuzzleCheckStore,
} from './types.js';

/** How long a finished job's record is kept (a candidate recorded again meanwhile is not checked again). */
export const PUZZLE_CHECK_KEEP_MS = 86_400_000;
const TAKEABLE = statuses('queued', 'running', 'checked');
const LIVE = statuses('running', 'checked');

const member = (r: PuzzleCheckRef): string => `${r.gameId}:${r.ply}`;
const validRef = (r: PuzzleCheckRef): boolean => isRecordId(r.gameId) && Number.isInteger(r.ply) && r.ply >= 0;

function readMember(m: string): PuzzleCheckRef | null {
  const at = m.indexOf(':');
  const ref = { gameId: m.slice(0, at), ply: Number(m.slice(at + 1)) };
  return at > 0 && /^\d{1,6}$/.test(m.slice(at + 1)) && validRef(ref) ? ref : null;
}

export class RedisPuzzleCheckStore implements PuzzleCheckStore {
  constructor(private readonly ctx: StoreContext) {}

  private key(r: PuzzleCheckRef): string {
    if (!validRef(r)) throw new TypeError('invalid puzzle check: expected a game id and a ply');
    return this.ctx.keys.puzzleCheck(r.gameId, r.ply);
  }

  async create(c: NewPuzzleCheck): Promise<boolean> {
    const job = puzzleCheckJobSchema.parse({
      ...c,
      status: 'queued',
      createdAt: this.ctx.now(),
      owner: '',
      leaseUntil: 0,
      tries: 0,
      puzzle: null,
    }); // a caller's bug otherwise: throws
    const key = this.key(job);
    // The hint first: a crash before the job leaves a hint the sweep checks (and drops when no job comes).
    await this.ctx.redis.zadd(this.ctx.keys.puzzleChecksPending(), 'NX', job.createdAt, member(job));
    return createJob(this.ctx.redis, key, encodeFields(job));
  }

  async get(r: PuzzleCheckRef): Promise<PuzzleCheckJob | null> {
    if (!validRef(r)) return null;
    const key = this.key(r);
    const fields = await this.ctx.redis.hgetall(key);
    if (Object.keys(fields).length === 0) return null;
    const job = decodeRecord('puzzle-check', key, fields, puzzleCheckJobSchema);
    if (job.gameId !== r.gameId || job.ply !== r.ply)
      throw new CorruptRecordError('puzzle-check', key, ['gameId, ply: not its key'], r.gameId);
    return job;
  }

  async pending(before: number, limit = 50): Promise<PendingPuzzleCheck[]> {
    const index = this.ctx.keys.puzzleChecksPending();
    const rows = await this.ctx.redis.zrangebyscore(index, '-inf', before, 'WITHSCORES', 'LIMIT', 0, limit);
    const out: PendingPuzzleCheck[] = [];
    for (let i = 0; i + 1 < rows.length; i += 2) {
      const ref = readMember(rows[i]);
      if (ref) out.push({ ...ref, at: Number(rows[i + 1]) });
      else {
        // Not a hint this store writes (a hand edit): refused and dropped, the others go on.
        this.ctx.logger.warn(
          `puzzle check hint ${JSON.stringify(rows[i].slice(0, 80))} is not <game id>:<ply>: dropped`,
        );
        await this.ctx.redis.zrem(index, rows[i]);
      }
    }
    return out;
  }

  async recheck(r: PuzzleCheckRef, at: number | null): Promise<void> {
    const key = this.ctx.keys.puzzleChecksPending();
    if (at === null) await this.ctx.redis.zrem(key, member(r));
    else await this.ctx.redis.zadd(key, 'XX', at, member(r));
  }

  async lease(
    r: PuzzleCheckRef,
    owner: string,
    now: number,
    ttlMs: number,
    takeOver: string | null = null,
  ): Promise<PuzzleCheckLease> {
    if (!validRef(r)) return { ok: false, reason: 'not-found' };
    const took = await takeJob(
      this.ctx.redis,
      this.key(r),
      { owner, now, ttlMs, takeOver },
      { takeable: TAKEABLE, waiting: 'queued', working: 'running' },
    );
    if (!took.ok) return took.reason === 'over' ? { ok: false, reason: 'over' } : took;
    const job = await this.get(r);
    return job ? { ok: true, job } : { ok: false, reason: 'not-found' };
  }

  extend(r: PuzzleCheckRef, owner: string, now: number, ttlMs: number): Promise<boolean> {
    return stepJob(this.ctx.redis, this.key(r), owner, LIVE, '', ['leaseUntil', String(Math.ceil(now + ttlMs))]);
  }

  checked(r: PuzzleCheckRef, owner: string, puzzle: Puzzle): Promise<boolean> {
    const p = puzzleSchema.parse(puzzle);
    return stepJob(this.ctx.redis, this.key(r), owner, statuses('running'), j('checked'), ['puzzle', j(p)]);
  }

  async finish(r: PuzzleCheckRef, owner: string, status: PuzzleCheckOutcome): Promise<boolean> {
    const free = ['owner', j(''), 'leaseUntil', '0'];
    const ok = await stepJob(this.ctx.redis, this.key(r), owner, LIVE, j(status), free, PUZZLE_CHECK_KEEP_MS);
    if (ok) await this.recheck(r, null);
    return ok;
  }

  async release(r: PuzzleCheckRef, owner: string): Promise<boolean> {
    const free = ['owner', j(''), 'leaseUntil', '0'];
    return (
      (await stepJob(this.ctx.redis, this.key(r), owner, statuses('running'), j('queued'), free)) ||
      stepJob(this.ctx.redis, this.key(r), owner, statuses('checked'), '', free)
    );
  }

  async skip(r: PuzzleCheckRef): Promise<void> {
    await this.recheck(r, null);
    await this.ctx.redis.pexpire(this.key(r), PUZZLE_CHECK_KEEP_MS);
  }
}
