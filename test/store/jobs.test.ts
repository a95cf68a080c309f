// The leased jobs that post-game reviews and puzzle checks share (src/store/jobs.ts), on real Redis and on the
// embedded store, through its own functions: a job created once; taken up by one owner at a time until its lease
// (rounded up to the ms) runs out or a holder found gone is taken over; a try counted for each new holder only;
// `waiting` turned `working` and any later status kept; a job over (or damaged) named as such; the owner's steps
// refused to anyone else or from another status; and a finished job's time to live, in whole ms, 1 at least.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.js';
import { createJob, j, statuses, stepJob, takeJob } from '../../src/store/jobs.js';
import { MODES, uid, useStore } from './helpers.js';

const S = { takeable: statuses('waiting', 'working', 'later'), waiting: 'waiting', working: 'working' };

describe('job fields', () => {
  it('are JSON, and statuses JSON each, joined by |', () => {
    expect(j('a')).toBe('"a"');
    expect(j(5)).toBe('5');
    expect(statuses('queued', 'running')).toBe('"queued"|"running"');
    expect(statuses('one')).toBe('"one"');
    expect(statuses()).toBe('');
  });
});

describe.each(MODES)('leased jobs on $name', (mode) => {
  let store: Store;
  const prefix = useStore(mode, 'jobs', (s) => (store = s));

  const key = () => `${prefix}job:{${uid('j')}}`;
  const lease = (owner: string, now: number, ttlMs = 1_000, takeOver: string | null = null) => ({
    owner,
    now,
    ttlMs,
    takeOver,
  });
  async function job(status = 'waiting', extra: string[] = []): Promise<string> {
    const k = key();
    expect(await createJob(store.redis, k, ['status', j(status), 'owner', j(''), 'leaseUntil', '0', ...extra])).toBe(
      true,
    );
    return k;
  }

  it('createJob creates once, from its fields; a second create changes nothing', async () => {
    const k = await job('waiting', ['n', '1']);
    expect(await store.redis.hgetall(k)).toEqual({ status: '"waiting"', owner: '""', leaseUntil: '0', n: '1' });
    expect(await createJob(store.redis, k, ['status', j('other'), 'n', '2'])).toBe(false);
    expect(await store.redis.hgetall(k)).toEqual({ status: '"waiting"', owner: '""', leaseUntil: '0', n: '1' });
    expect(await store.redis.pttl(k)).toBe(-1);
  });

  it('takeJob: a missing job is not found and is not created', async () => {
    const k = key();
    expect(await takeJob(store.redis, k, lease('a', 1), S)).toEqual({ ok: false, reason: 'not-found' });
    expect(await store.redis.exists(k)).toBe(0);
  });

  it('takeJob: the first holder turns waiting into working, until now + ttl rounded up, one try', async () => {
    const k = await job();
    expect(await takeJob(store.redis, k, lease('a', 1_000, 500.2), S)).toEqual({ ok: true });
    expect(await store.redis.hgetall(k)).toEqual({
      status: '"working"',
      owner: '"a"',
      leaseUntil: '1501',
      tries: '1',
    });
    // The holder again: its lease renewed, no new try.
    expect(await takeJob(store.redis, k, lease('a', 1_200, 300), S)).toEqual({ ok: true });
    expect(await store.redis.hgetall(k)).toMatchObject({ status: '"working"', leaseUntil: '1500', tries: '1' });
  });

  it('takeJob: a live lease holds off others, named; it runs out at its instant; a new holder counts a try', async () => {
    const k = await job();
    await takeJob(store.redis, k, lease('alice', 1_000, 1_000), S);
    expect(await takeJob(store.redis, k, lease('bob', 1_999), S)).toEqual({
      ok: false,
      reason: 'held',
      holder: 'alice',
    });
    expect(await store.redis.hget(k, 'owner')).toBe('"alice"');
    // Another holder gone is not this one: still held.
    expect(await takeJob(store.redis, k, lease('bob', 1_999, 1_000, 'carol'), S)).toEqual({
      ok: false,
      reason: 'held',
      holder: 'alice',
    });
    // At leaseUntil the lease is over.
    expect(await takeJob(store.redis, k, lease('bob', 2_000, 1_000), S)).toEqual({ ok: true });
    expect(await store.redis.hgetall(k)).toMatchObject({ owner: '"bob"', leaseUntil: '3000', tries: '2' });
  });

  it('takeJob: a holder found gone is taken over at once; a later status is kept', async () => {
    const k = await job('later');
    await takeJob(store.redis, k, lease('alice', 1_000, 60_000), S);
    expect(await store.redis.hget(k, 'status')).toBe('"later"');
    expect(await takeJob(store.redis, k, lease('bob', 1_001, 10, 'alice'), S)).toEqual({ ok: true });
    expect(await store.redis.hgetall(k)).toEqual({
      status: '"later"',
      owner: '"bob"',
      leaseUntil: '1011',
      tries: '2',
    });
  });

  it('takeJob: a job in a status it may not be taken in is over, with that status; a damaged one is over with null', async () => {
    const done = await job('done');
    expect(await takeJob(store.redis, done, lease('a', 1), S)).toEqual({ ok: false, reason: 'over', status: 'done' });
    expect(await store.redis.hget(done, 'owner')).toBe('""');
    const num = await job('x');
    await store.redis.hset(num, 'status', '7');
    expect(await takeJob(store.redis, num, lease('a', 1), S)).toEqual({ ok: false, reason: 'over', status: 7 });
    const bad = await job('x');
    await store.redis.hset(bad, 'status', '{broken');
    expect(await takeJob(store.redis, bad, lease('a', 1), S)).toEqual({ ok: false, reason: 'over', status: null });
    // The statuses are compared as whole JSON values: "wait" is none of them.
    const near = await job('wait');
    expect(await takeJob(store.redis, near, lease('a', 1), S)).toEqual({ ok: false, reason: 'over', status: 'wait' });
  });

  it('stepJob: only the holder, only from the statuses given; fields written, status changed or kept', async () => {
    const k = await job();
    await takeJob(store.redis, k, lease('a', 1_000), S);
    const from = statuses('working');
    expect(await stepJob(store.redis, k, 'b', from, j('done'), ['x', '1'])).toBe(false);
    expect(await stepJob(store.redis, k, 'a', statuses('waiting', 'later'), j('done'), ['x', '1'])).toBe(false);
    expect(await store.redis.hgetall(k)).toEqual({ status: '"working"', owner: '"a"', leaseUntil: '2000', tries: '1' });
    // Status kept, a field written.
    expect(await stepJob(store.redis, k, 'a', from, '', ['x', '1'])).toBe(true);
    expect(await store.redis.hgetall(k)).toMatchObject({ status: '"working"', x: '1' });
    // No fields at all, status kept: still the holder's step.
    expect(await stepJob(store.redis, k, 'a', from, '')).toBe(true);
    // Status changed without fields.
    expect(await stepJob(store.redis, k, 'a', statuses('later', 'working'), j('done'))).toBe(true);
    expect(await store.redis.hgetall(k)).toEqual({
      status: '"done"',
      owner: '"a"',
      leaseUntil: '2000',
      tries: '1',
      x: '1',
    });
    // No time to live unless given.
    expect(await store.redis.pttl(k)).toBe(-1);
  });

  it('stepJob: a finished job lives ttl more, rounded to the ms', async () => {
    const k = await job();
    await takeJob(store.redis, k, lease('a', 1_000), S);
    expect(await stepJob(store.redis, k, 'a', statuses('working'), j('done'), [], 2_500.4)).toBe(true);
    const ttl = await store.redis.pttl(k);
    expect(ttl).toBeGreaterThan(2_300);
    expect(ttl).toBeLessThanOrEqual(2_500);
    expect(await stepJob(store.redis, k, 'a', statuses('done'), '', [], 4_000.6)).toBe(true);
    const ttl2 = await store.redis.pttl(k);
    expect(ttl2).toBeGreaterThan(3_800);
    expect(ttl2).toBeLessThanOrEqual(4_001);
    // A step refused sets no time to live.
    const other = await job();
    await takeJob(store.redis, other, lease('a', 1_000), S);
    expect(await stepJob(store.redis, other, 'b', statuses('working'), '', [], 1_000)).toBe(false);
    expect(await store.redis.pttl(other)).toBe(-1);
  });

  it('stepJob: a time to live under a ms is 1 ms, not none (PEXPIRE 0 would delete at once)', async () => {
    const k = await job();
    await takeJob(store.redis, k, lease('a', 1_000), S);
    expect(await stepJob(store.redis, k, 'a', statuses('working'), '', ['y', '2'], 0.3)).toBe(true);
    const ttl = await store.redis.pttl(k);
    // 1 ms, or gone already.
    expect([1, 0, -2]).toContain(ttl);
  });
});
