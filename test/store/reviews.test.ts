// The review jobs' store (issue 20), on real Redis and on the embedded store:
// created once per game; one holder at a time (a lease with an expiry, taken
// over from a holder found gone); plies recorded in order by the holder only;
// the steps to done, sending and posted by the holder only, posted once;
// bad ids and damaged records refused.
import { describe, expect, it, vi } from 'vitest';
import type { StoredGameReview, StoredPlyReview } from '../../src/model/index.js';
import { CorruptRecordError, type Store } from '../../src/store/index.js';
import { makeKeys } from '../../src/store/keys.js';
import { REVIEW_OWED_TTL_MS } from '../../src/store/reviews.js';
import { REVIEW_FOLLOW } from '../../src/store/scripts.js';
import { MODES, uid, useStore } from './helpers.js';

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
  useStore(mode, 'reviews', (s) => (store = s));

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
    const old = { token: 'old', createdAt: t - 3_600_000, component: false };
    await store.reviews.create(id, old);
    await store.reviews.lease(id, 'p1', t, 10_000);
    expect(await store.reviews.owe(id, 'p1', ch, old)).toBe(false); // not graded yet
    await store.reviews.graded(id, 'p1', { review });
    expect(await store.reviews.owe(id, 'p2', ch, old)).toBe(false);
    expect(await store.reviews.owe(id, 'p1', 'bad key', old)).toBe(false);
    // Not the interaction its owner found unusable (another was handed over since): not owed.
    expect(await store.reviews.owe(id, 'p1', ch, null)).toBe(false);
    expect(await store.reviews.owe(id, 'p1', ch, { ...old, token: 'other' })).toBe(false);
    expect(await store.reviews.get(id)).toMatchObject({ status: 'done', owner: 'p1' });
    expect(await store.reviews.owe(id, 'p1', ch, old)).toBe(true);
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

// The same store to the letter, with the store's clock in the test's hands: the exact record a create writes, the
// hints' times, each refusal, each reason a lease gives, the channel notes' time to live and age limit, and what
// follow hands its caller and does for each answer.
describe.each(MODES)('review jobs, exactly, on $name', (mode) => {
  let store: Store;
  let t = 1_000_000;
  const prefix = useStore(mode, 'reviews-exact', (s) => (store = s), { now: () => t });
  const k = makeKeys(prefix);
  const rid = () => uid('rx');
  const pendingAt = (id: string) => store.redis.zscore(k.reviewsPending(), id);
  /** A job graded by `owner`, status done. */
  async function graded(owner = 'p1', interaction: Parameters<Store['reviews']['create']>[1] = null): Promise<string> {
    const id = rid();
    await store.reviews.create(id, interaction);
    await store.reviews.lease(id, owner, t, 60_000);
    expect(await store.reviews.graded(id, owner, { review })).toBe(true);
    return id;
  }

  it('create writes the whole queued job at the store’s time, and its hint once (a second create moves nothing)', async () => {
    t = 1_000_123;
    const id = rid();
    const live = { token: 'tk', createdAt: 5, component: true, followUp: false, deadline: 77 } as never;
    expect(await store.reviews.create(id, live)).toBe(true);
    expect(await store.reviews.get(id)).toEqual({
      gameId: id,
      status: 'queued',
      createdAt: 1_000_123,
      owner: '',
      leaseUntil: 0,
      tries: 0,
      interaction: { token: 'tk', createdAt: 5, component: true, followUp: false },
      plies: [],
      review: null,
      messageId: null,
    });
    expect(await store.redis.hget(k.review(id), 'interaction')).toBe(
      JSON.stringify({ token: 'tk', createdAt: 5, component: true, followUp: false }),
    );
    expect(await pendingAt(id)).toBe('1000123');
    t = 1_000_500;
    expect(await store.reviews.create(id, null)).toBe(false);
    expect(await pendingAt(id)).toBe('1000123');
    expect((await store.reviews.get(id))?.interaction?.token).toBe('tk');
    // No followUp given: none stored.
    const other = rid();
    await store.reviews.create(other, { token: 'a', createdAt: 1, component: false });
    expect(await store.redis.hget(k.review(other), 'interaction')).toBe(
      JSON.stringify({ token: 'a', createdAt: 1, component: false }),
    );
    await expect(store.reviews.create('AB', null)).rejects.toThrow(new TypeError('reviews.create: invalid game id'));
    expect(await pendingAt('AB')).toBeNull();
  });

  it('get: a missing job is null; a ply that is no JSON names its index and the game', async () => {
    expect(await store.reviews.get(rid())).toBeNull();
    const id = rid();
    await store.reviews.create(id, null);
    await store.redis.rpush(k.reviewPlies(id), JSON.stringify(ply(0)), '{');
    const err = (await store.reviews.get(id).catch((e: unknown) => e)) as CorruptRecordError;
    expect(err).toBeInstanceOf(CorruptRecordError);
    expect([err.kind, err.key, err.issues, err.recordId]).toEqual(['review', k.review(id), ['plies.1: not JSON'], id]);
  });

  it('an id that is no record id reaches no key, even one that holds a job', async () => {
    const bad = 'BADID';
    const good = await graded('p1');
    await store.redis.hset(k.review(bad), await store.redis.hgetall(k.review(good)));
    await store.redis.hset(k.review(bad), 'gameId', JSON.stringify(bad));
    const before = await store.redis.hgetall(k.review(bad));
    expect(await store.reviews.get(bad)).toBeNull();
    expect(await store.reviews.lease(bad, 'p1', t, 1_000)).toEqual({ ok: false, reason: 'not-found' });
    expect(await store.reviews.extend(bad, 'p1', t, 1_000)).toBe(false);
    expect(await store.reviews.addPly(bad, 'p1', ply(0), t)).toBe(false);
    expect(await store.reviews.sending(bad, 'p1')).toBe(false);
    expect(await store.reviews.release(bad, 'p1')).toBe(false);
    expect(await store.reviews.owe(bad, 'p1', 'ch1', null)).toBe(false);
    expect(
      await store.reviews.follow(bad, 'ch1', { token: 'x', createdAt: 1, component: false }, () => 'replace'),
    ).toBe(null);
    expect(await store.redis.hgetall(k.review(bad))).toEqual(before);
    expect(await store.redis.exists(k.reviewPlies(bad), k.channelReviewsOwed('ch1'))).toBe(0);
    await store.redis.del(k.review(bad));
  });

  it('lease: over in a status it names; a damaged status is not found; the job read back after taking it', async () => {
    const id = rid();
    await store.reviews.create(id, null);
    await store.redis.hset(k.review(id), 'status', '"lost"');
    expect(await store.reviews.lease(id, 'p1', t, 1_000)).toEqual({ ok: false, reason: 'not-found' });
    await store.redis.hset(k.review(id), 'status', '"owed"');
    expect(await store.reviews.lease(id, 'p1', t, 1_000)).toEqual({ ok: false, reason: 'owed' });
    await store.redis.hset(k.review(id), 'status', '"queued"');
    const r = await store.reviews.lease(id, 'p1', 2_000, 500.5);
    expect(r).toEqual({ ok: true, job: { ...(await store.reviews.get(id)), owner: 'p1' } });
    expect(r.ok && [r.job.status, r.job.leaseUntil, r.job.tries]).toEqual(['running', 2_501, 1]);
    // Without takeOver, a live lease holds; the job gone between the take and the read: not found.
    expect(await store.reviews.lease(id, 'p2', 2_100, 500)).toEqual({ ok: false, reason: 'held', holder: 'p1' });
    vi.spyOn(store.reviews, 'get').mockResolvedValueOnce(null);
    expect(await store.reviews.lease(id, 'p1', 2_100, 500)).toEqual({ ok: false, reason: 'not-found' });
  });

  it('extend and addPly keep the lease to the ms above; addPly refuses a ply that is not the next one', async () => {
    const id = rid();
    await store.reviews.create(id, null);
    await store.reviews.lease(id, 'p1', 1_000, 1_000);
    expect(await store.reviews.extend(id, 'p1', 1_500, 700.1)).toBe(true);
    expect(await store.redis.hget(k.review(id), 'leaseUntil')).toBe('2201');
    expect(await store.reviews.addPly(id, 'p1', ply(1), 9_000)).toBe(false);
    expect(await store.reviews.addPly(id, 'p1', ply(0), 9_000.2)).toBe(true);
    expect(await store.redis.hget(k.review(id), 'leaseUntil')).toBe('9001');
    expect(await store.redis.lrange(k.reviewPlies(id), 0, -1)).toEqual([JSON.stringify(ply(0))]);
    await expect(store.reviews.addPly(id, 'p1', { ...ply(1), grade: 'great' as never }, 9_000)).rejects.toThrow();
    expect(await store.redis.llen(k.reviewPlies(id))).toBe(1);
  });

  it('graded with a review checks it, and only from running; skipped and failed drop the lease and the hint', async () => {
    const id = rid();
    await store.reviews.create(id, null);
    await store.reviews.lease(id, 'p1', t, 60_000);
    await expect(
      (async () => store.reviews.graded(id, 'p1', { review: { ...review, chances: [101] } as StoredGameReview }))(),
    ).rejects.toThrow(/not a chance/);
    expect((await store.reviews.get(id))?.status).toBe('running');
    expect(await store.reviews.graded(id, 'p1', { review })).toBe(true);
    expect(await store.reviews.graded(id, 'p1', { review })).toBe(false);
    expect(await store.reviews.graded(id, 'p1', { status: 'failed' })).toBe(false);
    expect(await pendingAt(id)).not.toBeNull();
    expect(await store.reviews.get(id)).toMatchObject({ status: 'done', owner: 'p1', review });
  });

  it('posted straight from done, with no message; a refused final step keeps the hint', async () => {
    const id = await graded('p1');
    expect(await store.reviews.posted(id, 'p2', 'm')).toBe(false);
    expect(await pendingAt(id)).not.toBeNull();
    expect(await store.reviews.posted(id, 'p1', null)).toBe(true);
    expect(await store.reviews.get(id)).toMatchObject({ status: 'posted', owner: '', leaseUntil: 0, messageId: null });
    expect(await pendingAt(id)).toBeNull();
    expect(await store.reviews.sending(id, 'p1')).toBe(false);
  });

  it('release: running goes back to queued; done stays done, freed; anything else is refused', async () => {
    const id = rid();
    await store.reviews.create(id, null);
    await store.reviews.lease(id, 'p1', t, 60_000);
    expect(await store.reviews.release(id, 'p1')).toBe(true);
    expect(await store.reviews.get(id)).toMatchObject({ status: 'queued', owner: '', leaseUntil: 0 });
    const done = await graded('p1');
    expect(await store.reviews.release(done, 'p1')).toBe(true);
    expect(await store.reviews.get(done)).toMatchObject({ status: 'done', owner: '', leaseUntil: 0 });
    expect(await store.reviews.release(done, 'p1')).toBe(false);
  });

  it('owe: the channel note at the store’s time, for a day; the hint dropped only when the step is done', async () => {
    t = 3_000_000;
    const ch = uid('ch');
    const id = await graded('p1');
    expect(await store.reviews.owe(id, 'p2', ch, null)).toBe(false);
    expect(await pendingAt(id)).not.toBeNull();
    expect(await store.reviews.owe(id, 'p1', ch, null)).toBe(true);
    expect(await store.redis.zscore(k.channelReviewsOwed(ch), id)).toBe('3000000');
    const ttl = await store.redis.pttl(k.channelReviewsOwed(ch));
    expect(ttl).toBeGreaterThan(REVIEW_OWED_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(REVIEW_OWED_TTL_MS);
    expect(REVIEW_OWED_TTL_MS).toBe(86_400_000);
    expect(await pendingAt(id)).toBeNull();
    expect(await store.reviews.owe(id, 'p1', 'a b', null)).toBe(false);
    expect(await store.redis.exists(k.channelReviewsOwed('a b'))).toBe(0);
  });

  it('owedIn: oldest first, 10 unless asked, a note a day old forgotten (a day less a ms kept)', async () => {
    t = 200_000_000;
    const ch = uid('ch');
    const key = k.channelReviewsOwed(ch);
    const ids = Array.from({ length: 12 }, (_, i) => `n${String(i).padStart(3, '0')}`);
    for (const [i, id] of ids.entries()) await store.redis.zadd(key, t - REVIEW_OWED_TTL_MS + 1 + i, id);
    expect(await store.reviews.owedIn(ch)).toEqual(ids.slice(0, 10));
    expect(await store.reviews.owedIn(ch, 3)).toEqual(ids.slice(0, 3));
    await store.redis.zadd(key, t - REVIEW_OWED_TTL_MS, 'old0');
    expect(await store.reviews.owedIn(ch, 20)).toEqual(ids);
    t += 1;
    expect(await store.reviews.owedIn(ch, 20)).toEqual(ids.slice(1));
    expect(await store.reviews.owedIn('a{b}')).toEqual([]);
  });

  it('follow: hands its caller the status and interaction; replaces only while the post is ahead', async () => {
    const ch = uid('ch');
    const first = { token: 'one', createdAt: 1, component: false };
    const next = { token: 'two', createdAt: 2, component: true, followUp: true, deadline: 5 } as never;
    const id = rid();
    await store.reviews.create(id, first);
    // A stale note of this channel (the job is not owed) is dropped, whatever the answer.
    await store.redis.zadd(k.channelReviewsOwed(ch), t, id);
    const wants = vi.fn(() => null);
    expect(await store.reviews.follow(id, ch, next, wants)).toBeNull();
    expect(wants).toHaveBeenCalledWith({ status: 'queued', interaction: first });
    expect(await store.redis.zscore(k.channelReviewsOwed(ch), id)).toBeNull();
    // Queued, running, done: replaced (the interaction stored without what is not its own), nothing else changed.
    expect(await store.reviews.follow(id, ch, next, () => 'replace')).toBe('replaced');
    expect(await store.reviews.get(id)).toMatchObject({
      status: 'queued',
      interaction: { token: 'two', createdAt: 2, component: true, followUp: true },
    });
    expect(JSON.parse((await store.redis.hget(k.review(id), 'interaction')) ?? '')).toEqual({
      token: 'two',
      createdAt: 2,
      component: true,
      followUp: true,
    });
    await store.reviews.lease(id, 'p1', t, 60_000);
    expect(await store.reviews.follow(id, ch, first, () => 'replace')).toBe('replaced');
    expect(await store.reviews.get(id)).toMatchObject({ status: 'running', owner: 'p1', interaction: first });
    // Resume is for an owed job only.
    expect(await store.reviews.follow(id, ch, next, () => 'resume')).toBeNull();
    await store.reviews.graded(id, 'p1', { review });
    expect(await store.reviews.follow(id, ch, next, () => 'replace')).toBe('replaced');
    expect(await store.reviews.sending(id, 'p1')).toBe(true);
    expect(await store.reviews.follow(id, ch, first, () => 'replace')).toBeNull();
    expect((await store.reviews.get(id))?.interaction?.token).toBe('two');
    // A job with no interaction field, or a damaged status or interaction: nothing to follow.
    expect(await store.reviews.follow(rid(), ch, first, () => 'replace')).toBeNull();
    for (const [field, value] of [
      ['status', '"lost"'],
      ['status', '{'],
      ['interaction', '{"token":1}'],
      ['interaction', 'nope'],
    ]) {
      const d = rid();
      await store.reviews.create(d, first);
      await store.redis.hset(k.review(d), field, value);
      const w = vi.fn(() => 'replace' as const);
      expect(await store.reviews.follow(d, ch, next, w)).toBeNull();
      expect(w).not.toHaveBeenCalled();
    }
    // The job moved on between the read and the script: nothing replaced.
    const raced = rid();
    await store.reviews.create(raced, first);
    vi.spyOn(REVIEW_FOLLOW, 'run').mockResolvedValueOnce(0);
    expect(await store.reviews.follow(raced, ch, next, () => 'replace')).toBeNull();
    expect((await store.reviews.get(raced))?.interaction).toEqual(first);
    // No interaction yet (null) is one to replace.
    const none = rid();
    await store.reviews.create(none, null);
    expect(await store.reviews.follow(none, ch, first, () => 'replace')).toBe('replaced');
    expect((await store.reviews.get(none))?.interaction).toEqual(first);
  });

  it('follow resumes an owed job: its hint at the store’s time (kept if there), the note dropped; a lost race resumes nothing', async () => {
    t = 5_000_000;
    const ch = uid('ch');
    // Owed with the interaction as read back (its fields in any order, an optional one there): the stored one.
    const id = await graded('p1', { followUp: true, component: false, createdAt: 3, token: 'spent' });
    expect(await store.reviews.owe(id, 'p1', ch, (await store.reviews.get(id))!.interaction)).toBe(true);
    expect(await pendingAt(id)).toBeNull();
    const wants = vi.fn(() => 'resume' as const);
    const fresh = { token: 'fresh', createdAt: 9, component: true };
    // The job moved on between the read and the script: nothing resumed, the note kept.
    vi.spyOn(REVIEW_FOLLOW, 'run').mockResolvedValueOnce(0);
    t = 5_000_100;
    expect(await store.reviews.follow(id, ch, fresh, wants)).toBeNull();
    expect(wants).toHaveBeenCalledWith({
      status: 'owed',
      interaction: { token: 'spent', createdAt: 3, component: false, followUp: true },
    });
    expect(await store.redis.zscore(k.channelReviewsOwed(ch), id)).toBe('5000000');
    expect(await pendingAt(id)).toBe('5000100');
    t = 5_000_200;
    expect(await store.reviews.follow(id, ch, fresh, wants)).toBe('resumed');
    expect(await pendingAt(id)).toBe('5000100');
    expect(await store.redis.zscore(k.channelReviewsOwed(ch), id)).toBeNull();
    expect(await store.reviews.get(id)).toMatchObject({ status: 'done', owner: '', leaseUntil: 0, interaction: fresh });
    // An owed job asked to be replaced is not.
    const other = await graded('p1');
    await store.reviews.owe(other, 'p1', ch, null);
    expect(await store.reviews.follow(other, ch, fresh, () => 'replace')).toBeNull();
    expect((await store.reviews.get(other))?.status).toBe('owed');
    expect(await store.redis.zscore(k.channelReviewsOwed(ch), other)).not.toBeNull();
    expect(await store.reviews.follow(other, 'x y', fresh, () => 'resume')).toBeNull();
    expect((await store.reviews.get(other))?.status).toBe('owed');
  });
});
