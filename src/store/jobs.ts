// Leased jobs in Redis, the part post-game reviews (reviews.ts) and puzzle checks (puzzle-checks.ts) share: a hash
// whose status, owner and leaseUntil fields the scripts compare and set (JSON-valued, as every record's), so one
// process at a time works on a job, and a process that dies leaves it to the next once its lease runs out or it is
// found gone.
import type { Redis } from 'ioredis';
import { JOB_CREATE, JOB_LEASE, JOB_STEP } from './scripts.js';

export const j = (v: unknown): string => JSON.stringify(v);
/** Statuses as the scripts take them: JSON each, '|'-joined. */
export const statuses = (...s: string[]): string => s.map(j).join('|');

/** What taking a job up gave: taken, held by a live lease (`holder`), over (its status, as stored), or missing. */
export type JobTake =
  | { ok: true }
  | { ok: false; reason: 'held'; holder: string }
  | { ok: false; reason: 'over'; status: unknown }
  | { ok: false; reason: 'not-found' };

/** Creates a job from its fields (HSET pairs) unless its key exists: true for the call that created it. */
export async function createJob(redis: Redis, key: string, fields: string[]): Promise<boolean> {
  return Number(await JOB_CREATE.run(redis, [key], fields)) === 1;
}

/**
 * Takes a job up until `now + ttlMs` for `owner` when its status is one of `takeable` and no other live lease holds
 * it (or `takeOver` does: a holder found gone); `waiting` becomes `working`, and a new holder counts a try.
 */
export async function takeJob(
  redis: Redis,
  key: string,
  lease: { owner: string; now: number; ttlMs: number; takeOver: string | null },
  s: { takeable: string; waiting: string; working: string },
): Promise<JobTake> {
  const { owner, now, ttlMs, takeOver } = lease;
  const args = [
    j(owner),
    now,
    Math.ceil(now + ttlMs),
    takeOver ? j(takeOver) : '',
    s.takeable,
    j(s.waiting),
    j(s.working),
  ];
  const res = (await JOB_LEASE.run(redis, [key], args)) as unknown[];
  if (Number(res[0]) === 1) return { ok: true };
  if (res[1] === 'held') return { ok: false, reason: 'held', holder: String(JSON.parse(String(res[2]))) };
  if (res[1] === 'not-found') return { ok: false, reason: 'not-found' };
  let status: unknown = null;
  try {
    status = JSON.parse(String(res[1]));
  } catch {
    // a damaged status: over, whatever it was
  }
  return { ok: false, reason: 'over', status };
}

/**
 * The owner's step of a job: from one of `from` ('|'-joined JSON) to `to` ('' = unchanged), with fields (HSET pairs);
 * `ttlMs`: the job (finished) lives that long more. False when `owner` does not hold it in one of those statuses.
 */
export async function stepJob(
  redis: Redis,
  key: string,
  owner: string,
  from: string,
  to: string,
  fields: string[] = [],
  ttlMs: number | null = null,
): Promise<boolean> {
  const args = [j(owner), from, to, ttlMs === null ? '' : String(Math.max(1, Math.round(ttlMs))), ...fields];
  return Number(await JOB_STEP.run(redis, [key], args)) === 1;
}
