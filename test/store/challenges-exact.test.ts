// The challenge store to the letter, on real Redis and on the embedded store,
// with the store's clock in the test's hands (no sleeping): the fields and
// indexes create writes, the key's expiry (expiry + retention, then the
// retention from a closing transition), every refusal of bad input, the
// boundary of expiry (expiresAt itself is past), what each failed transition
// returns, patches, the sweeper's list and the per-user count.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHALLENGE_TTL_MS, DEFAULT_RETAIN_MS, RedisChallengeStore } from '../../src/store/challenges.js';
import { makeKeys } from '../../src/store/keys.js';
import { CorruptRecordError, newId, openStore, type Store } from '../../src/store/index.js';
import { cleanup, MODES, newChallenge, prefixFor, quiet, rejection, uid, useStore } from './helpers.js';

const MIN = 60_000;

describe.each(MODES)('challenges, exactly, on $name', (mode) => {
  let store: Store;
  // The store's clock: near the real one, since the key's expiry is an absolute time on Redis's clock.
  let clock = Date.now();
  const prefix = useStore(mode, 'challenges-exact', (s) => (store = s), { now: () => clock });
  const ckey = (id: string) => `${prefix}challenge:{${id}}`;
  const openKey = `${prefix}challenges:open`;
  const userKey = (u: string) => `${prefix}user:{${u}}:challenges`;
  /**
   * The key's expiry as a time after the clock: at most the exact value (PTTL counts from after `asked`), and close
   * to it (the clock is set just before each write).
   */
  const expiryAfterClock = async (id: string) => {
    const asked = Date.now();
    return (await store.redis.pttl(ckey(id))) + asked - clock;
  };

  it('the defaults: 15 minutes to accept, then an hour kept', () => {
    expect(DEFAULT_CHALLENGE_TTL_MS).toBe(15 * MIN);
    expect(DEFAULT_RETAIN_MS).toBe(60 * MIN);
  });

  it('create: every field, both indexes at expiresAt, and the key kept until expiresAt + an hour', async () => {
    clock = Date.now();
    const input = newChallenge();
    const c = await store.challenges.create(input);
    expect(c).toEqual({
      ...input,
      id: c.id,
      messageId: null,
      status: 'open',
      createdAt: clock,
      expiresAt: clock + 15 * MIN,
    });
    expect(c.id).toMatch(/^[0-9a-z]{10}$/);
    expect(await store.challenges.get(c.id)).toEqual(c);
    expect(await store.redis.zscore(openKey, c.id)).toBe(String(clock + 15 * MIN));
    expect(await store.redis.zscore(userKey(c.challengerId), c.id)).toBe(String(clock + 15 * MIN));
    const left = await expiryAfterClock(c.id);
    expect(left).toBeGreaterThan(75 * MIN - 2_000);
    expect(left).toBeLessThanOrEqual(75 * MIN + 20);
    // The record's fields are JSON, plus the write's id (not part of the record).
    expect(await store.redis.hget(ckey(c.id), 'status')).toBe('"open"');
    expect(JSON.parse((await store.redis.hget(ckey(c.id), 'writeId'))!)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('create: its own id and message id, a time to accept and a retention of its own', async () => {
    clock = Date.now();
    const id = newId();
    const c = await store.challenges.create(newChallenge({ id, messageId: 'm123' }), { ttlMs: 5 * MIN, retainMs: 0 });
    expect(c).toMatchObject({ id, messageId: 'm123', createdAt: clock, expiresAt: clock + 5 * MIN });
    let left = await expiryAfterClock(id);
    expect(left).toBeGreaterThan(5 * MIN - 2_000);
    expect(left).toBeLessThanOrEqual(5 * MIN + 20);
    const d = await store.challenges.create(newChallenge(), { ttlMs: 1, retainMs: 2 * MIN });
    expect(d.expiresAt).toBe(clock + 1);
    left = await expiryAfterClock(d.id);
    expect(left).toBeGreaterThan(2 * MIN - 2_000);
    expect(left).toBeLessThanOrEqual(2 * MIN + 20);
    // Only the time to accept given: the retention stays an hour.
    const e = await store.challenges.create(newChallenge(), { ttlMs: 2 * MIN });
    left = await expiryAfterClock(e.id);
    expect(left).toBeGreaterThan(62 * MIN - 2_000);
    expect(left).toBeLessThanOrEqual(62 * MIN + 20);
    // Only the retention given: the store's time to accept.
    const f = await store.challenges.create(newChallenge(), { retainMs: MIN });
    expect(f.expiresAt - f.createdAt).toBe(15 * MIN);
  });

  it('the store’s own default time to accept (openStore challengeTtlMs), else 15 minutes', async () => {
    const s = await openStore({ url: mode.url, prefix, logger: quiet, challengeTtlMs: 90_000 });
    try {
      const c = await s.challenges.create(newChallenge());
      expect(c.expiresAt - c.createdAt).toBe(90_000);
      expect(await s.redis.zscore(openKey, c.id)).toBe(String(c.expiresAt));
    } finally {
      await s.close();
    }
    const bare = new RedisChallengeStore({
      redis: store.redis,
      keys: makeKeys(prefix),
      logger: quiet,
      now: () => clock,
    });
    const c = await bare.create(newChallenge());
    expect(c.expiresAt - c.createdAt).toBe(15 * MIN);
  });

  it('create refuses bad times, ids and records, and writes nothing', async () => {
    const id = newId();
    const me = uid('u');
    for (const opts of [
      { ttlMs: 0 },
      { ttlMs: -1 },
      { ttlMs: Number.NaN },
      { retainMs: -1 },
      { retainMs: Number.NaN },
      { ttlMs: 0, retainMs: 10 },
    ]) {
      const e = await rejection(store.challenges.create(newChallenge({ id, challengerId: me }), opts));
      expect(e).toBeInstanceOf(RangeError);
      expect((e as Error).message).toBe('challenge ttlMs must be > 0 and retainMs >= 0');
    }
    let e = await rejection(store.challenges.create(newChallenge({ id, challengerId: 'a b' })));
    expect(e).toBeInstanceOf(TypeError);
    expect((e as Error).message).toBe('invalid challenger id: expected 1-100 chars without braces or whitespace');
    e = await rejection(store.challenges.create(newChallenge({ id, challengerId: me, channelId: '{c}' })));
    expect((e as Error).message).toBe('invalid channel id: expected 1-100 chars without braces or whitespace');
    for (const bad of ['AB12', 'abc', 'a-b-c-d', `${'a'.repeat(33)}`]) {
      e = await rejection(store.challenges.create(newChallenge({ id: bad, challengerId: me })));
      expect(e).toBeInstanceOf(TypeError);
      expect((e as Error).message).toBe('invalid challenge id: expected 4-32 chars of [0-9a-z]');
    }
    e = await rejection(store.challenges.create(newChallenge({ id, challengerId: me, game: 'chess' as never })));
    expect(e).toBeInstanceOf(TypeError);
    expect((e as Error).message).toMatch(/^invalid challenge: game: /);
    expect(await store.redis.exists(ckey(id))).toBe(0);
    expect(await store.redis.zcard(userKey(me))).toBe(0);
    expect(await store.redis.zscore(openKey, id)).toBeNull();
  });

  it('create with a taken id is refused, the first challenge and its indexes unchanged', async () => {
    clock = Date.now();
    const id = newId();
    const first = await store.challenges.create(newChallenge({ id }));
    const other = uid('u');
    const e = await rejection(store.challenges.create(newChallenge({ id, challengerId: other }), { ttlMs: MIN }));
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).message).toBe('challenge id already taken');
    expect(await store.challenges.get(id)).toEqual(first);
    expect(await store.redis.zscore(openKey, id)).toBe(String(first.expiresAt));
    expect(await store.redis.zcard(userKey(other))).toBe(0);
  });

  it('get: an open challenge reads as expired from expiresAt on; a record under another id is corrupt', async () => {
    clock = Date.now();
    const c = await store.challenges.create(newChallenge(), { ttlMs: MIN });
    clock = c.expiresAt - 1;
    expect((await store.challenges.get(c.id))!.status).toBe('open');
    clock = c.expiresAt;
    expect(await store.challenges.get(c.id)).toEqual({ ...c, status: 'expired' });
    // The stored status is still open.
    expect(await store.redis.hget(ckey(c.id), 'status')).toBe('"open"');
    const copy = newId();
    await store.redis.hset(ckey(copy), await store.redis.hgetall(ckey(c.id)));
    const e = await rejection(store.challenges.get(copy));
    expect(e).toBeInstanceOf(CorruptRecordError);
    expect(e).toMatchObject({ kind: 'challenge', key: ckey(copy), issues: ['id: does not match its key'] });
    expect(await store.challenges.get(newId())).toBeNull();
    // An id that is no record id is not read (nor patched), even where its key would hold a record.
    await store.redis.hset(ckey('AB12'), { ...(await store.redis.hgetall(ckey(c.id))), id: '"AB12"' });
    expect(await store.challenges.get('AB12')).toBeNull();
    expect(await store.challenges.patch('AB12', {})).toBeNull();
    expect(await store.challenges.patch('AB12', { messageId: 'm' })).toBeNull();
    expect(await store.redis.hget(ckey('AB12'), 'messageId')).toBe('null');
  });

  it('take: accepted by that player, out of both indexes, the key then kept an hour from now', async () => {
    clock = Date.now();
    const c = await store.challenges.create(newChallenge(), { ttlMs: MIN, retainMs: 5 * MIN });
    clock = Date.now();
    const r = await store.challenges.take(c.id, { id: 'u-bob', name: 'Bob' });
    expect(r).toEqual({ ok: true, challenge: { ...c, status: 'accepted', acceptedBy: { id: 'u-bob', name: 'Bob' } } });
    expect(await store.challenges.get(c.id)).toEqual({
      ...c,
      status: 'accepted',
      acceptedBy: { id: 'u-bob', name: 'Bob' },
    });
    expect(await store.redis.zscore(openKey, c.id)).toBeNull();
    expect(await store.redis.zscore(userKey(c.challengerId), c.id)).toBeNull();
    const left = await expiryAfterClock(c.id);
    expect(left).toBeGreaterThan(60 * MIN - 2_000);
    expect(left).toBeLessThanOrEqual(60 * MIN + 20);
  });

  it('take: up to the last millisecond before expiresAt; at expiresAt it is expired and nothing changes', async () => {
    clock = Date.now();
    const a = await store.challenges.create(newChallenge(), { ttlMs: MIN });
    const b = await store.challenges.create(newChallenge(), { ttlMs: MIN });
    clock = a.expiresAt - 1;
    expect(await store.challenges.take(a.id, { id: 'u2', name: 'B' })).toMatchObject({
      ok: true,
      challenge: { status: 'accepted' },
    });
    clock = b.expiresAt;
    expect(await store.challenges.take(b.id, { id: 'u2', name: 'B' })).toEqual({
      ok: false,
      reason: 'expired',
      challenge: { ...b, status: 'expired' },
    });
    expect(await store.challenges.transition(b.id, 'open', 'cancelled')).toMatchObject({
      ok: false,
      reason: 'expired',
    });
    expect(await store.redis.hget(ckey(b.id), 'status')).toBe('"open"');
    expect(await store.redis.hget(ckey(b.id), 'acceptedBy')).toBeNull();
    expect(await store.redis.zscore(openKey, b.id)).toBe(String(b.expiresAt));
    // The sweeper may expire it, and then it is out of the indexes.
    expect(await store.challenges.transition(b.id, 'open', 'expired')).toEqual({
      ok: true,
      challenge: { ...b, status: 'expired' },
    });
    expect(await store.redis.zscore(openKey, b.id)).toBeNull();
    expect(await store.redis.zscore(userKey(b.challengerId), b.id)).toBeNull();
  });

  it('a conflict returns the challenge as it stands; a closed one is not reopened', async () => {
    clock = Date.now();
    const c = await store.challenges.create(newChallenge());
    await store.challenges.transition(c.id, 'open', 'declined');
    expect(await store.challenges.take(c.id, { id: 'u3', name: 'C' })).toEqual({
      ok: false,
      reason: 'conflict',
      challenge: { ...c, status: 'declined' },
    });
    expect(await store.challenges.transition(c.id, 'accepted', 'open')).toEqual({
      ok: false,
      reason: 'conflict',
      challenge: { ...c, status: 'declined' },
    });
    expect(await store.challenges.transition(c.id, 'declined', 'cancelled')).toMatchObject({
      ok: true,
      challenge: { status: 'cancelled' },
    });
  });

  it('open → open changes only the given fields: still indexed, expiry untouched', async () => {
    clock = Date.now();
    const c = await store.challenges.create(newChallenge(), { ttlMs: 2 * MIN, retainMs: 3 * MIN });
    const r = await store.challenges.transition(c.id, 'open', 'open', { gameId: 'gameid0001' });
    expect(r).toEqual({ ok: true, challenge: { ...c, gameId: 'gameid0001' } });
    expect(await store.redis.zscore(openKey, c.id)).toBe(String(c.expiresAt));
    expect(await store.redis.zscore(userKey(c.challengerId), c.id)).toBe(String(c.expiresAt));
    expect(await store.challenges.countOpenByUser(c.challengerId)).toBe(1);
    const left = await expiryAfterClock(c.id);
    expect(left).toBeGreaterThan(5 * MIN - 2_000);
    expect(left).toBeLessThanOrEqual(5 * MIN + 20);
  });

  it('a transition writes the patch given (null too), and nothing when none is given', async () => {
    clock = Date.now();
    const c = await store.challenges.create(newChallenge());
    const r = await store.challenges.transition(c.id, 'open', 'cancelled');
    expect(r).toEqual({ ok: true, challenge: { ...c, status: 'cancelled' } });
    expect(await store.redis.hget(ckey(c.id), 'acceptedBy')).toBeNull();
    expect(await store.redis.hget(ckey(c.id), 'gameId')).toBeNull();
    const d = await store.challenges.create(newChallenge());
    const s = await store.challenges.transition(d.id, 'open', 'accepted', {
      acceptedBy: { id: 'u5', name: 'E' },
      gameId: 'gm00000001',
    });
    expect(s).toEqual({
      ok: true,
      challenge: { ...d, status: 'accepted', acceptedBy: { id: 'u5', name: 'E' }, gameId: 'gm00000001' },
    });
    const t = await store.challenges.transition(d.id, 'accepted', 'cancelled', { acceptedBy: null, gameId: null });
    expect(t).toEqual({ ok: true, challenge: { ...d, status: 'cancelled', acceptedBy: null, gameId: null } });
    const e = await rejection(store.challenges.transition(d.id, 'cancelled', 'open', { gameId: 5 as never }));
    expect(e).toBeInstanceOf(TypeError);
    expect((e as Error).message).toMatch(/^invalid challenge change: gameId: /);
  });

  it('transition: an invalid id is not found; an unknown status, either side, is refused', async () => {
    const c = await store.challenges.create(newChallenge());
    expect(await store.challenges.transition('{bad}', 'open', 'accepted')).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(await store.challenges.transition('AB', 'nope' as never, 'accepted')).toEqual({
      ok: false,
      reason: 'not-found',
    });
    for (const [from, to] of [
      ['open', 'gone'],
      ['gone', 'open'],
    ] as const) {
      const e = await rejection(store.challenges.transition(c.id, from as never, to as never));
      expect(e).toBeInstanceOf(TypeError);
      expect((e as Error).message).toBe('unknown challenge status');
    }
    expect(await store.challenges.get(c.id)).toEqual(c);
  });

  it('a vanished challenge is not found, and its hint for the sweeper is dropped', async () => {
    const gone = newId();
    await store.redis.zadd(openKey, 5, gone);
    expect(await store.challenges.transition(gone, 'open', 'expired')).toEqual({ ok: false, reason: 'not-found' });
    expect(await store.redis.zscore(openKey, gone)).toBeNull();
    expect(await store.redis.exists(ckey(gone))).toBe(0);
  });

  it('patch: sets the message and game ids, keeps the rest; an empty patch reads; bad input refused', async () => {
    clock = Date.now();
    const c = await store.challenges.create(newChallenge());
    expect(await store.challenges.patch(c.id, { messageId: 'msg1', gameId: 'game000001' })).toEqual({
      ...c,
      messageId: 'msg1',
      gameId: 'game000001',
    });
    expect(await store.challenges.patch(c.id, { gameId: null })).toEqual({ ...c, messageId: 'msg1', gameId: null });
    expect(await store.challenges.patch(c.id, {})).toEqual({ ...c, messageId: 'msg1', gameId: null });
    expect(await store.challenges.patch(c.id, { messageId: undefined })).toEqual({
      ...c,
      messageId: 'msg1',
      gameId: null,
    });
    // As it stands now: past its time it reads as expired.
    clock = c.expiresAt;
    expect((await store.challenges.patch(c.id, { messageId: 'msg2' }))!.status).toBe('expired');
    expect((await store.challenges.patch(c.id, {}))!.status).toBe('expired');
    // Unknown or invalid ids: null, nothing made.
    const missing = newId();
    expect(await store.challenges.patch(missing, {})).toBeNull();
    expect(await store.challenges.patch(missing, { messageId: 'x' })).toBeNull();
    expect(await store.redis.exists(ckey(missing))).toBe(0);
    expect(await store.challenges.patch('BAD!', { messageId: 'x' })).toBeNull();
    expect(await store.challenges.patch('{x}', {})).toBeNull();
    const e = await rejection(store.challenges.patch(c.id, { gameId: 7 as never }));
    expect(e).toBeInstanceOf(TypeError);
    expect((e as Error).message).toMatch(/^invalid challenge change: gameId: /);
  });

  it('dueExpired: open challenges with expiresAt up to now inclusive, earliest first, 50 by default', async () => {
    const s = await openStore({ url: mode.url, prefix: prefixFor('cdue', mode), logger: quiet });
    try {
      const ids = Array.from({ length: 55 }, () => newId());
      await s.redis.zadd(`${s.prefix}challenges:open`, ...ids.flatMap((id, k) => [k === 0 ? -5 : 1_000 + k, id]));
      expect(await s.challenges.dueExpired(-6)).toEqual([]);
      expect(await s.challenges.dueExpired(-5)).toEqual([ids[0]]); // from -inf, below 0 too
      expect(await s.challenges.dueExpired(1_000)).toEqual([ids[0]]);
      expect(await s.challenges.dueExpired(1_002)).toEqual(ids.slice(0, 3));
      expect(await s.challenges.dueExpired(5_000)).toEqual(ids.slice(0, 50));
      expect(await s.challenges.dueExpired(5_000, 52)).toEqual(ids.slice(0, 52));
      expect(await s.challenges.dueExpired(5_000, 4)).toEqual(ids.slice(0, 4));
    } finally {
      await cleanup(s);
      await s.close();
    }
  });

  it('countOpenByUser: open ones until expiresAt; entries past their time, closed or gone are dropped', async () => {
    clock = Date.now();
    const me = uid('u');
    const a = await store.challenges.create(newChallenge({ challengerId: me }), { ttlMs: MIN });
    const b = await store.challenges.create(newChallenge({ challengerId: me }), { ttlMs: 2 * MIN });
    const damaged = await store.challenges.create(newChallenge({ challengerId: me }), { ttlMs: MIN });
    await store.redis.hset(ckey(damaged.id), 'status', '"opn"');
    const ghost = newId();
    await store.redis.zadd(userKey(me), clock + 10 * MIN, ghost);
    // An entry scored below 0 is long past its time, whatever its record says.
    const stale = await store.challenges.create(newChallenge());
    await store.redis.zadd(userKey(me), -10, stale.id);
    expect(await store.challenges.countOpenByUser(me)).toBe(3);
    expect(await store.redis.zscore(userKey(me), ghost)).toBeNull();
    expect(await store.redis.zscore(userKey(me), stale.id)).toBeNull();
    clock = a.expiresAt - 1;
    expect(await store.challenges.countOpenByUser(me)).toBe(3);
    // At expiresAt: a and the damaged one age out by score (the damaged one is not read any more).
    clock = a.expiresAt;
    expect(await store.challenges.countOpenByUser(me)).toBe(1);
    expect(await store.redis.zrange(userKey(me), 0, -1)).toEqual([b.id]);
    // An entry whose record is closed (a hint left behind) is dropped.
    await store.redis.hset(ckey(b.id), 'status', '"declined"');
    expect(await store.challenges.countOpenByUser(me)).toBe(0);
    expect(await store.redis.zcard(userKey(me))).toBe(0);
    // A bad user id counts nothing, even where its key would hold an open challenge.
    const open = await store.challenges.create(newChallenge({ challengerId: me }));
    await store.redis.zadd(userKey('a b'), open.expiresAt, open.id);
    expect(await store.challenges.countOpenByUser('a b')).toBe(0);
    expect(await store.redis.zcard(userKey('a b'))).toBe(1);
    expect(await store.challenges.countOpenByUser('')).toBe(0);
  });

  it('countOpenByUser: a failed read is thrown, not counted', async () => {
    clock = Date.now();
    const me = uid('u');
    await store.challenges.create(newChallenge({ challengerId: me }));
    const failing = vi.spyOn(store.redis, 'hgetall').mockRejectedValueOnce(new Error('connection lost'));
    try {
      await expect(store.challenges.countOpenByUser(me)).rejects.toThrow('connection lost');
    } finally {
      failing.mockRestore();
    }
    expect(await store.challenges.countOpenByUser(me)).toBe(1);
  });
});
