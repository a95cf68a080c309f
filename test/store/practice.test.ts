// Practice sessions' store (issue 20), on real Redis and on the embedded store:
// one session per user, replaced by a new one; every write a compare-and-set
// on the session's id and version (an answer applied once, a stale or
// replaced session refused); a time to live renewed by each write; a damaged
// record refused as corrupt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeItem } from '../../src/model/index.js';
import { CorruptRecordError, openStore, type NewPracticeSession, type Store } from '../../src/store/index.js';
import { PRACTICE_TTL_MS } from '../../src/store/practice.js';
import { cleanup, MODES, prefixFor, quiet, uid } from './helpers.js';

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
  beforeAll(async () => {
    store = await openStore({ url: mode.url, prefix: prefixFor('practice', mode), logger: quiet });
  });
  afterAll(async () => {
    await cleanup(store);
    await store.close();
  });

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
