// The review jobs' store (issue 20), on real Redis and on the embedded store:
// created once per game; one holder at a time (a lease with an expiry, taken
// over from a holder found gone); plies recorded in order by the holder only;
// the steps to done, sending and posted by the holder only, posted once;
// bad ids and damaged records refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredGameReview, StoredPlyReview } from '../../src/model/index.js';
import { CorruptRecordError, openStore, type Store } from '../../src/store/index.js';
import { cleanup, MODES, prefixFor, quiet } from './helpers.js';

const ply = (n: number): StoredPlyReview => ({
  ply: n,
  side: (n % 2) as 0 | 1,
  played: 'P 0,0',
  best: 'P 1,0',
  forced: false,
  bestChance: 60,
  playedChance: 48,
  loss: 12,
  grade: 'mistake',
  accuracy: 58,
});

const review: StoredGameReview = {
  plies: [ply(0)],
  chances: [50, 48],
  sides: [
    { accuracy: 58, inaccuracies: 0, mistakes: 1, blunders: 0, graded: 1 },
    { accuracy: null, inaccuracies: 0, mistakes: 0, blunders: 0, graded: 0 },
  ],
};

let n = 0;
const gid = () => `rv${Date.now().toString(36)}${n++}`;

describe.each(MODES)('review jobs on $name', (mode) => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ url: mode.url, prefix: prefixFor('reviews', mode), logger: quiet });
  });
  afterAll(async () => {
    await cleanup(store);
    await store.close();
  });

  it('one job per game, queued and noted; one holder until its lease ends or it is found gone', async () => {
    const id = gid();
    const t = Date.now();
    expect(await store.reviews.create(id, null)).toBe(true);
    expect(await store.reviews.create(id, null)).toBe(false);
    expect(await store.reviews.get(id)).toMatchObject({ gameId: id, status: 'queued', owner: '', tries: 0, plies: [] });
    expect(await store.reviews.pending(t + 60_000)).toContain(id);

    expect(await store.reviews.lease(id, 'p1', t, 10_000)).toMatchObject({
      ok: true,
      job: { status: 'running', owner: 'p1', tries: 1 },
    });
    expect(await store.reviews.lease(id, 'p2', t + 1_000, 10_000)).toEqual({ ok: false, reason: 'held', holder: 'p1' });
    // Found gone: taken over although its lease runs.
    expect((await store.reviews.lease(id, 'p2', t + 1_000, 10_000, 'p1')).ok).toBe(true);
    // Expired: anyone may take it.
    expect((await store.reviews.lease(id, 'p3', t + 20_000, 10_000)).ok).toBe(true);
    expect((await store.reviews.get(id))!.tries).toBe(3);
    expect(await store.reviews.extend(id, 'p2', t, 10_000)).toBe(false);
    expect(await store.reviews.extend(id, 'p3', t + 20_000, 10_000)).toBe(true);
  });

  it('plies go in order and only from the holder; then done, sending and posted once, the hint dropped', async () => {
    const id = gid();
    const t = Date.now();
    await store.reviews.create(id, { token: 'tok', createdAt: t, component: false });
    await store.reviews.lease(id, 'p1', t, 60_000);
    expect(await store.reviews.addPly(id, 'p1', ply(0), t + 60_000)).toBe(true);
    expect(await store.reviews.addPly(id, 'p1', ply(2), t + 60_000)).toBe(false); // not the next one
    expect(await store.reviews.addPly(id, 'p2', ply(1), t + 60_000)).toBe(false); // not the holder
    expect(await store.reviews.addPly(id, 'p1', ply(1), t + 60_000)).toBe(true);
    expect((await store.reviews.get(id))!.plies.map((p) => p.ply)).toEqual([0, 1]);

    // Given back: queued again, and the next holder goes on from ply 2.
    expect(await store.reviews.release(id, 'p1')).toBe(true);
    expect((await store.reviews.get(id))!.status).toBe('queued');
    const again = await store.reviews.lease(id, 'p2', t, 60_000);
    expect(again.ok && again.job.plies).toHaveLength(2);

    expect(await store.reviews.sending(id, 'p2')).toBe(false); // not graded yet
    expect(await store.reviews.graded(id, 'p1', { review })).toBe(false);
    expect(await store.reviews.graded(id, 'p2', { review })).toBe(true);
    expect(await store.reviews.get(id)).toMatchObject({ status: 'done', review, interaction: { token: 'tok' } });
    expect(await store.reviews.sending(id, 'p2')).toBe(true);
    expect(await store.reviews.posted(id, 'p1', 'm1')).toBe(false);
    expect(await store.reviews.posted(id, 'p2', 'm1')).toBe(true);
    expect(await store.reviews.posted(id, 'p2', 'm2')).toBe(false);
    expect(await store.reviews.get(id)).toMatchObject({ status: 'posted', owner: '', messageId: 'm1' });
    expect(await store.reviews.pending(t + 60_000)).not.toContain(id);
    expect(await store.reviews.lease(id, 'p3', t, 60_000)).toEqual({ ok: false, reason: 'posted' });
  });

  it('keeps a follow-up interaction as given; records where the lease ends; skipped or failed ends the job and its hint', async () => {
    const id = gid();
    const t = Date.now();
    const interaction = { token: 'tok', createdAt: t, component: true, followUp: true };
    await store.reviews.create(id, interaction);
    expect((await store.reviews.get(id))!.interaction).toEqual(interaction);
    await store.reviews.lease(id, 'p1', t, 10_000.5);
    expect((await store.reviews.get(id))!.leaseUntil).toBe(Math.ceil(t + 10_000.5));
    expect(await store.reviews.addPly(id, 'p1', ply(0), t + 30_000.2)).toBe(true);
    expect((await store.reviews.get(id))!.leaseUntil).toBe(Math.ceil(t + 30_000.2));
    expect(await store.reviews.graded(id, 'p2', { status: 'skipped' })).toBe(false);
    expect(await store.reviews.graded(id, 'p1', { status: 'skipped' })).toBe(true);
    expect(await store.reviews.get(id)).toMatchObject({ status: 'skipped', owner: '', leaseUntil: 0, messageId: null });
    expect(await store.reviews.pending(t + 60_000)).not.toContain(id);
    expect(await store.reviews.lease(id, 'p2', t + 60_000, 10_000)).toEqual({ ok: false, reason: 'skipped' });

    const failed = gid();
    await store.reviews.create(failed, null);
    await store.reviews.lease(failed, 'p1', t, 10_000);
    expect(await store.reviews.graded(failed, 'p1', { status: 'failed' })).toBe(true);
    expect(await store.reviews.get(failed)).toMatchObject({ status: 'failed', owner: '' });
    expect(await store.reviews.pending(t + 60_000)).not.toContain(failed);
  });

  it('a graded job given back stays graded, its lease free; its holder may extend it while done or sending', async () => {
    const id = gid();
    const t = Date.now();
    await store.reviews.create(id, null);
    await store.reviews.lease(id, 'p1', t, 10_000);
    await store.reviews.graded(id, 'p1', { review });
    expect(await store.reviews.extend(id, 'p1', t + 5_000, 10_000)).toBe(true);
    expect((await store.reviews.get(id))!.leaseUntil).toBe(t + 15_000);
    expect(await store.reviews.sending(id, 'p1')).toBe(true);
    expect(await store.reviews.extend(id, 'p1', t + 6_000, 10_000)).toBe(true);
    expect(await store.reviews.release(id, 'p2')).toBe(false);
    expect(await store.reviews.release(id, 'p1')).toBe(true);
    expect(await store.reviews.get(id)).toMatchObject({ status: 'sending', owner: '', leaseUntil: 0, review });
    expect(await store.reviews.extend(id, 'p1', t + 7_000, 10_000)).toBe(false);
  });

  it('reply mode: owed by its holder only, noted in its channel; resumed once with a fresh interaction; stale notes dropped', async () => {
    const id = gid();
    const ch = `ch${id}`;
    const t = Date.now();
    const fresh = { token: 'next', createdAt: t, component: true };
    await store.reviews.create(id, { token: 'old', createdAt: t - 3_600_000, component: false });
    await store.reviews.lease(id, 'p1', t, 10_000);
    expect(await store.reviews.owe(id, 'p1', ch)).toBe(false); // not graded yet
    await store.reviews.graded(id, 'p1', { review });
    expect(await store.reviews.owe(id, 'p2', ch)).toBe(false);
    expect(await store.reviews.owe(id, 'p1', 'bad key')).toBe(false);
    expect(await store.reviews.owe(id, 'p1', ch)).toBe(true);
    expect(await store.reviews.get(id)).toMatchObject({ status: 'owed', owner: '', leaseUntil: 0, review });
    expect(await store.reviews.owedIn(ch)).toEqual([id]);
    expect(await store.reviews.pending(t + 3_600_000)).not.toContain(id);
    // Nobody takes an owed job up but an interaction in its channel.
    expect(await store.reviews.lease(id, 'p3', t, 10_000)).toEqual({ ok: false, reason: 'owed' });
    expect(await store.reviews.follow(id, ch, fresh, () => 'replace')).toBeNull();
    expect(await store.reviews.follow(id, ch, fresh, () => 'resume')).toBe('resumed');
    expect(await store.reviews.get(id)).toMatchObject({ status: 'done', owner: '', interaction: fresh });
    expect(await store.reviews.owedIn(ch)).toEqual([]);
    expect(await store.reviews.pending(Date.now())).toContain(id);
    expect(await store.reviews.follow(id, ch, { ...fresh, token: 'again' }, () => 'resume')).toBeNull();
    // Done (not posted yet): its interaction may be replaced, as the caller decides.
    expect(await store.reviews.follow(id, ch, { ...fresh, token: 'newer' }, () => null)).toBeNull();
    expect(await store.reviews.follow(id, ch, { ...fresh, token: 'newer' }, () => 'replace')).toBe('replaced');
    expect((await store.reviews.get(id))!.interaction!.token).toBe('newer');
    await store.reviews.lease(id, 'p1', Date.now(), 10_000);
    await store.reviews.posted(id, 'p1', null);
    expect(await store.reviews.follow(id, ch, fresh, () => 'replace')).toBeNull();
    // A note whose job moved on, or has none, is dropped when found.
    const gone = gid();
    await store.redis.zadd(`${store.prefix}channel:{${ch}}:reviews-owed`, Date.now(), gone, Date.now(), id);
    expect((await store.reviews.owedIn(ch)).sort()).toEqual([gone, id].sort());
    await store.reviews.follow(id, ch, fresh, () => 'resume');
    expect(await store.reviews.owedIn(ch)).toEqual([gone]);
    // Notes older than a day are forgotten.
    await store.redis.zadd(`${store.prefix}channel:{${ch}}:reviews-owed`, Date.now() - 25 * 3_600_000, gone);
    expect(await store.reviews.owedIn(ch)).toEqual([]);
  });

  it('pending: the hints up to a time, oldest first, at most `limit` (50 unless asked); recheck moves only a hint there is', async () => {
    // Jobs created with an old clock are not possible here (the store's clock is now): hints moved far into the past.
    const ids: string[] = [];
    for (let i = 0; i < 52; i++) {
      const id = gid();
      ids.push(id);
      await store.reviews.create(id, null);
      await store.reviews.recheck(id, 1000 + i);
    }
    expect(await store.reviews.pending(1001)).toEqual(ids.slice(0, 2));
    expect(await store.reviews.pending(1051, 3)).toEqual(ids.slice(0, 3));
    expect(await store.reviews.pending(1051)).toEqual(ids.slice(0, 50));
    await store.reviews.recheck(ids[0], null);
    expect(await store.reviews.pending(1001)).toEqual([ids[1]]);
    // A hint already dropped is not put back by a recheck (XX): the job ended meanwhile.
    await store.reviews.recheck(ids[0], 1000);
    expect(await store.reviews.pending(1001)).toEqual([ids[1]]);
    for (const id of ids) await store.reviews.recheck(id, null);
  });

  it('refuses bad ids and reads a damaged job as damaged', async () => {
    await expect(store.reviews.create('NOT AN ID', null)).rejects.toThrow(TypeError);
    expect(await store.reviews.get('{x}')).toBeNull();
    expect(await store.reviews.lease('{x}', 'p1', 0, 1)).toEqual({ ok: false, reason: 'not-found' });
    expect(await store.reviews.lease(gid(), 'p1', 0, 1)).toEqual({ ok: false, reason: 'not-found' });
    const id = gid();
    await store.reviews.create(id, null);
    await store.redis.hset(`${store.prefix}game:{${id}}:review`, 'status', '"lost"');
    await expect(store.reviews.get(id)).rejects.toBeInstanceOf(CorruptRecordError);
    const other = gid();
    await store.reviews.create(other, null);
    await store.redis.rpush(`${store.prefix}game:{${other}}:review:plies`, '{not json');
    await expect(store.reviews.get(other)).rejects.toBeInstanceOf(CorruptRecordError);
    await expect(store.reviews.addPly(other, 'p1', { ...ply(0), bestChance: 140 }, 0)).rejects.toThrow();
  });
});
