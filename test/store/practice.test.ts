// Practice sessions' store (issue 20), on real Redis and on the embedded store:
// one session per user, replaced by a new one; every write a compare-and-set
// on the session's id and version (an answer applied once, a stale or
// replaced session refused); a time to live renewed by each write; a damaged
// record refused as corrupt.
import { describe, expect, it, vi } from 'vitest';
import type { PracticeItem } from '../../src/model/index.js';
import { CorruptRecordError, type NewPracticeSession, type Store } from '../../src/store/index.js';
import { PRACTICE_TTL_MS } from '../../src/store/practice.js';
import { MODES, rejection, uid, useStore } from './helpers.js';

const item = (ply: number): PracticeItem => ({
  game: 'exxit',
  setup: 'standard',
  moves: [],
  best: 'P 1,0',
  ply,
  played: 'P 0,0',
  players: ['Alice', 'Bob'],
  outcome: 'pending',
  answer: null,
  loss: null,
});

const fresh = (userId: string): NewPracticeSession => ({
  kind: 'retry',
  userId,
  source: 'game1234',
  items: [item(3), item(7)],
});

describe.each(MODES)('practice sessions on $name', (mode) => {
  let store: Store;
  useStore(mode, 'practice', (s) => (store = s));

  it('starts at version 1 with a TTL of a day, and reads back what it wrote', async () => {
    const u = uid('u');
    const s = await store.practice.start(fresh(u));
    expect(s).toMatchObject({ version: 1, index: 0, status: 'open', userId: u });
    expect(await store.practice.get(u)).toEqual(s);
    const ttl = await store.redis.pttl(`${store.prefix}user:{${u}}:practice`);
    expect(ttl).toBeGreaterThan(PRACTICE_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(PRACTICE_TTL_MS);
    expect(await store.practice.get(uid('nobody'))).toBeNull();
  });

  it('applies one answer once: the second write on the same version is a conflict and changes nothing', async () => {
    const u = uid('u');
    const s = await store.practice.start(fresh(u));
    const answered = s.items.map((x, i) => (i === 0 ? { ...x, outcome: 'found' as const, answer: 'P 1,0' } : x));
    const missed = s.items.map((x, i) => (i === 0 ? { ...x, outcome: 'missed' as const, answer: 'P 2,0' } : x));
    const [a, b] = await Promise.all([
      store.practice.update(u, s.id, 1, { items: answered }),
      store.practice.update(u, s.id, 1, { items: missed }),
    ]);
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
    const now = await store.practice.get(u);
    expect(now?.version).toBe(2);
    expect(['found', 'missed']).toContain(now?.items[0].outcome);
    // The loser's write left no trace: the stored item is the winner's.
    const winner = a.ok ? a.session : b.ok ? b.session : null;
    expect(now).toEqual(winner);
    expect(await store.practice.update(u, s.id, 1, { index: 1 })).toEqual({ ok: false, reason: 'conflict' });
    expect((await store.practice.get(u))?.index).toBe(0);
  });

  it('a new session replaces the old one: the old id is refused; an absent session is not-found', async () => {
    const u = uid('u');
    const old = await store.practice.start(fresh(u));
    const next = await store.practice.start(fresh(u));
    expect(next.id).not.toBe(old.id);
    expect(await store.practice.update(u, old.id, 1, { status: 'done' })).toEqual({ ok: false, reason: 'conflict' });
    expect((await store.practice.get(u))?.status).toBe('open');
    expect(await store.practice.update(uid('x'), old.id, 1, { status: 'done' })).toEqual({
      ok: false,
      reason: 'not-found',
    });
  });

  it('a write renews the TTL; a bad write is refused before Redis', async () => {
    const u = uid('u');
    const s = await store.practice.start(fresh(u));
    const key = `${store.prefix}user:{${u}}:practice`;
    await store.redis.pexpire(key, 5_000);
    const w = await store.practice.update(u, s.id, 1, { index: 1 });
    expect(w.ok).toBe(true);
    expect(await store.redis.pttl(key)).toBeGreaterThan(PRACTICE_TTL_MS - 60_000);
    await expect(store.practice.update(u, s.id, 2, { index: 5 })).rejects.toThrow(TypeError);
    expect((await store.practice.get(u))?.version).toBe(2);
  });

  it('a damaged stored record is a CorruptRecordError (a bad field, or another user’s record)', async () => {
    const u = uid('u');
    const s = await store.practice.start(fresh(u));
    const key = `${store.prefix}user:{${u}}:practice`;
    await store.redis.hset(key, 'index', '"two"');
    await expect(store.practice.get(u)).rejects.toBeInstanceOf(CorruptRecordError);
    await store.practice.start(fresh(u));
    await store.redis.hset(key, 'userId', JSON.stringify('someone-else'));
    await expect(store.practice.get(u)).rejects.toBeInstanceOf(CorruptRecordError);
    await store.redis.hset(key, 'items', 'not json');
    await expect(store.practice.get(u)).rejects.toBeInstanceOf(CorruptRecordError);
    expect(s.id).toBeTruthy();
    await store.practice.drop(u);
    expect(await store.practice.get(u)).toBeNull();
  });
});

// The same to the letter: what start writes (from the store's clock), every field a write sets and every refusal,
// the exact issues of a damaged record, and a write that loses its race to another after its read.
describe.each(MODES)('practice sessions, exactly, on $name', (mode) => {
  let store: Store;
  let clock = 0;
  useStore(mode, 'practice-exact', (s) => (store = s), { now: () => clock });
  const keyOf = (u: string) => `${store.prefix}user:{${u}}:practice`;

  it('starts a session from the store’s clock, replacing every field of the one before', async () => {
    const u = uid('u');
    clock = 12_345;
    const s = await store.practice.start(fresh(u));
    expect(s).toEqual({
      ...fresh(u),
      id: s.id,
      version: 1,
      createdAt: 12_345,
      index: 0,
      status: 'open',
    });
    expect(s.id).toMatch(/^[0-9a-z]{10}$/);
    expect(await store.practice.get(u)).toEqual(s);
    const ttl = await store.redis.pttl(keyOf(u));
    expect(ttl).toBeGreaterThan(PRACTICE_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(PRACTICE_TTL_MS);
    expect(PRACTICE_TTL_MS).toBe(86_400_000);

    await store.redis.hset(keyOf(u), 'stray', '1');
    await store.practice.update(u, s.id, 1, { index: 2, status: 'done' });
    clock = 20_000;
    const next = await store.practice.start({ ...fresh(u), kind: 'puzzle', items: [item(1)] });
    expect(next).toMatchObject({ version: 1, createdAt: 20_000, index: 0, status: 'open', kind: 'puzzle' });
    expect(next.id).not.toBe(s.id);
    expect(await store.practice.get(u)).toEqual(next);
    expect(Object.keys(await store.redis.hgetall(keyOf(u))).sort()).toEqual(
      ['createdAt', 'id', 'index', 'items', 'kind', 'source', 'status', 'userId', 'version'].sort(),
    );
  });

  it('refuses a session that does not validate, and a user id that is no key part, before any write', async () => {
    const u = uid('u');
    const e = (await rejection(store.practice.start({ ...fresh(u), items: [] }))) as Error;
    expect(e).toBeInstanceOf(TypeError);
    expect(e.message).toMatch(/^practice: invalid session: items: \S/);
    const nested = (await rejection(store.practice.start({ ...fresh(u), items: [{ ...item(1), best: '' }] }))) as Error;
    expect(nested.message).toMatch(/^practice: invalid session: items\.0\.best: \S/);
    expect(await store.redis.exists(keyOf(u))).toBe(0);
    for (const bad of ['a b', '', '{u}']) {
      const started = (await rejection(store.practice.start(fresh(bad)))) as Error;
      expect(started).toBeInstanceOf(TypeError);
      expect(started.message).toMatch(bad === '' ? /^practice: invalid session: userId: / : /^invalid user id: /);
      expect(((await rejection(store.practice.get(bad))) as Error).message).toMatch(/^invalid user id: /);
      expect(((await rejection(store.practice.update(bad, 'abcd1234', 1, {}))) as Error).message).toMatch(
        /^invalid user id: /,
      );
      expect(((await rejection(store.practice.drop(bad))) as Error).message).toMatch(/^invalid user id: /);
    }
  });

  it('writes each change, moves the version on by one, keeps the rest; refuses another id or version', async () => {
    const u = uid('u');
    clock = 1_000;
    const s = await store.practice.start(fresh(u));
    const items = s.items.map((x, i) => (i === 1 ? { ...x, outcome: 'skipped' as const } : x));
    const w1 = await store.practice.update(u, s.id, 1, { items });
    expect(w1).toEqual({ ok: true, session: { ...s, items, version: 2 } });
    expect(await store.practice.get(u)).toEqual({ ...s, items, version: 2 });
    const w2 = await store.practice.update(u, s.id, 2, { index: 2 });
    expect(w2).toEqual({ ok: true, session: { ...s, items, index: 2, version: 3 } });
    const w3 = await store.practice.update(u, s.id, 3, { status: 'done' });
    expect(w3).toEqual({ ok: true, session: { ...s, items, index: 2, status: 'done', version: 4 } });
    expect(await store.practice.get(u)).toEqual({ ...s, items, index: 2, status: 'done', version: 4 });
    const w4 = await store.practice.update(u, s.id, 4, {});
    expect(w4.ok && w4.session.version).toBe(5);
    expect((await store.practice.get(u))!.version).toBe(5);

    const conflict = { ok: false, reason: 'conflict' };
    expect(await store.practice.update(u, s.id, 4, { index: 0 })).toEqual(conflict);
    expect(await store.practice.update(u, s.id, 6, { index: 0 })).toEqual(conflict);
    expect(await store.practice.update(u, 'abcd1234', 5, { index: 0 })).toEqual(conflict);
    expect(await store.practice.get(u)).toEqual({ ...s, items, index: 2, status: 'done', version: 5 });
    // Refused before Redis: an index past the items.
    const bad = (await rejection(store.practice.update(u, s.id, 5, { index: 3 }))) as Error;
    expect(bad).toBeInstanceOf(TypeError);
    expect(bad.message).toMatch(/^practice: invalid session: /);
    expect((await store.practice.get(u))!.version).toBe(5);
  });

  it('a write that loses its race after its read: not-found when the session went, conflict when it moved on', async () => {
    const u = uid('u');
    const s = await store.practice.start(fresh(u));
    const real = store.redis.hgetall.bind(store.redis);
    /** The next read of the session returns what it found, after `meanwhile` ran. */
    const race = (meanwhile: () => Promise<unknown>) =>
      vi.spyOn(store.redis, 'hgetall').mockImplementationOnce((async (key: string) => {
        const fields = await real(key);
        await meanwhile();
        return fields;
      }) as never);

    race(() => store.redis.hset(keyOf(u), 'version', '2'));
    expect(await store.practice.update(u, s.id, 1, { index: 1 })).toEqual({ ok: false, reason: 'conflict' });
    expect((await store.practice.get(u))!.index).toBe(0);

    await store.redis.hset(keyOf(u), 'version', '1');
    race(() => store.redis.hset(keyOf(u), 'id', JSON.stringify('zzzz9999')));
    expect(await store.practice.update(u, s.id, 1, { index: 1 })).toEqual({ ok: false, reason: 'conflict' });

    await store.redis.hset(keyOf(u), 'id', JSON.stringify(s.id));
    race(() => store.practice.drop(u));
    expect(await store.practice.update(u, s.id, 1, { index: 1 })).toEqual({ ok: false, reason: 'not-found' });
    expect(await store.redis.exists(keyOf(u))).toBe(0);
  });

  it('names a damaged record’s issues; drops a session, and dropping none is nothing', async () => {
    const u = uid('u');
    await store.practice.start(fresh(u));
    await store.redis.hset(keyOf(u), 'userId', JSON.stringify('someone'));
    const e = (await rejection(store.practice.get(u))) as CorruptRecordError;
    expect(e).toBeInstanceOf(CorruptRecordError);
    expect([e.kind, e.key, e.issues]).toEqual(['practice', keyOf(u), ['userId: not the key’s']]);
    expect(await store.practice.update(u, 'abcd1234', 1, {}).catch((x: unknown) => x)).toBeInstanceOf(
      CorruptRecordError,
    );
    await store.practice.drop(u);
    expect(await store.redis.exists(keyOf(u))).toBe(0);
    await store.practice.drop(u);
    expect(await store.practice.get(u)).toBeNull();
    expect(await store.practice.update(u, 'abcd1234', 1, {})).toEqual({ ok: false, reason: 'not-found' });
  });
});
