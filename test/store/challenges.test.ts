import { describe, expect, it } from 'vitest';
import { CorruptRecordError, type Store } from '../../src/store/index.js';
import { MODES, newChallenge, openMany, sleep, uid, useStore } from './helpers.js';

describe.each(MODES)('challenges on $name', (mode) => {
  let store: Store;
  // The store's clock: the real one unless a test sets it (to move past an expiry without sleeping).
  let clock: number | undefined;
  const now = () => clock ?? Date.now();
  const prefix = useStore(mode, 'challenges', (s) => (store = s), { now });

  it('creates an open challenge with a 15 minute expiry by default, and a key TTL', async () => {
    const before = Date.now();
    const c = await store.challenges.create(newChallenge());
    expect(c.status).toBe('open');
    expect(c.messageId).toBeNull();
    expect(c.expiresAt - c.createdAt).toBe(15 * 60_000);
    expect(c.createdAt).toBeGreaterThanOrEqual(before);
    expect(await store.challenges.get(c.id)).toEqual(c);
    const ttl = await store.redis.pttl(`${prefix}challenge:{${c.id}}`);
    expect(ttl).toBeGreaterThan(15 * 60_000); // expiry plus the retention for the "expired" card
    expect(await store.challenges.get('nosuchchal')).toBeNull();
    expect(await store.challenges.get('{evil}')).toBeNull();
  });

  it('patches the message id and the game id without touching the status', async () => {
    const c = await store.challenges.create(newChallenge());
    const p = await store.challenges.patch(c.id, { messageId: '1234567890' });
    expect(p).toMatchObject({ messageId: '1234567890', status: 'open' });
    expect(await store.challenges.patch('missingchal', { messageId: '1' })).toBeNull();
    expect(await store.redis.exists(`${prefix}challenge:{missingchal}`)).toBe(0);
  });

  it('two racing accepts: one ok, the other a conflict naming who won', async () => {
    const c = await store.challenges.create(newChallenge());
    const [a, b] = await Promise.all([
      store.challenges.take(c.id, { id: 'u-bob', name: 'Bob' }),
      store.challenges.take(c.id, { id: 'u-carol', name: 'Carol' }),
    ]);
    const oks = [a, b].filter((r) => r.ok);
    expect(oks).toHaveLength(1);
    const loser = [a, b].find((r) => !r.ok);
    expect(loser).toMatchObject({ ok: false, reason: 'conflict', challenge: { status: 'accepted' } });
    const stored = await store.challenges.get(c.id);
    expect(stored?.status).toBe('accepted');
    expect(stored?.acceptedBy?.id).toBe(oks[0].ok ? oks[0].challenge.acceptedBy?.id : '');
  });

  it('many clients racing accept / decline / cancel: exactly one transition happens', async () => {
    const c = await store.challenges.create(newChallenge());
    const clients = await openMany(mode, prefix, 20);
    try {
      const results = await Promise.all(
        clients.map((s, i) =>
          i % 3 === 0
            ? s.challenges.transition(c.id, 'open', 'cancelled')
            : i % 3 === 1
              ? s.challenges.transition(c.id, 'open', 'declined')
              : s.challenges.take(c.id, { id: `u${i}`, name: `P${i}` }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.reason === 'conflict')).toHaveLength(19);
    } finally {
      await Promise.all(clients.map((s) => s.close()));
    }
  });

  it('records the game started from an accepted challenge', async () => {
    const c = await store.challenges.create(newChallenge());
    const r = await store.challenges.transition(c.id, 'open', 'accepted', {
      acceptedBy: { id: 'u9', name: 'Z' },
      gameId: 'abcdefghij',
    });
    expect(r).toMatchObject({ ok: true, challenge: { status: 'accepted', gameId: 'abcdefghij' } });
    expect(await store.challenges.transition(c.id, 'open', 'cancelled')).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
    expect(await store.challenges.transition('missingchal', 'open', 'cancelled')).toEqual({
      ok: false,
      reason: 'not-found',
    });
  });

  it('expires: past expiresAt it reads as expired, cannot be accepted, and the sweeper finds it', async () => {
    clock = Date.now();
    try {
      const c = await store.challenges.create(newChallenge(), { ttlMs: 1_000, retainMs: 60_000 });
      expect((await store.challenges.get(c.id))?.status).toBe('open');
      expect(await store.challenges.countOpenByUser(c.challengerId)).toBe(1);
      clock += 1_100; // past its time (the key itself lives on for the retention)
      expect((await store.challenges.get(c.id))?.status).toBe('expired');
      expect(await store.challenges.take(c.id, { id: 'u2', name: 'B' })).toMatchObject({
        ok: false,
        reason: 'expired',
      });
      expect(await store.challenges.dueExpired(clock)).toContain(c.id);
      expect(await store.challenges.countOpenByUser(c.challengerId)).toBe(0);
      const swept = await store.challenges.transition(c.id, 'open', 'expired');
      expect(swept).toMatchObject({ ok: true, challenge: { status: 'expired' } });
      expect(await store.challenges.dueExpired(clock)).not.toContain(c.id);
    } finally {
      clock = undefined;
    }
  });

  it('is gone once its retention ends (Redis TTL)', async () => {
    const c = await store.challenges.create(newChallenge(), { ttlMs: 100, retainMs: 100 });
    await sleep(350);
    expect(await store.challenges.get(c.id)).toBeNull();
    // The sweeper's hint is dropped when it meets a vanished challenge.
    expect(await store.challenges.transition(c.id, 'open', 'expired')).toEqual({ ok: false, reason: 'not-found' });
    expect(await store.challenges.dueExpired(Date.now())).not.toContain(c.id);
  });

  it('a corrupt challenge record is a typed error', async () => {
    const c = await store.challenges.create(newChallenge());
    await store.redis.hset(`${prefix}challenge:{${c.id}}`, 'expiresAt', '"soon"');
    await expect(store.challenges.get(c.id)).rejects.toBeInstanceOf(CorruptRecordError);
  });

  it('an unreadable open challenge still counts against its challenger’s cap (it may be open), a closed one does not', async () => {
    const me = uid('u');
    const open = await store.challenges.create(newChallenge({ challengerId: me }));
    const damaged = await store.challenges.create(newChallenge({ challengerId: me }));
    const closed = await store.challenges.create(newChallenge({ challengerId: me }));
    await store.challenges.transition(closed.id, 'open', 'cancelled');
    await store.redis.hset(`${prefix}challenge:{${damaged.id}}`, 'status', '"opn');
    await expect(store.challenges.get(damaged.id)).rejects.toBeInstanceOf(CorruptRecordError);
    expect(await store.challenges.countOpenByUser(me)).toBe(2);
    // Counting again gives the same answer: the unreadable entry is kept (its score ages it out), the closed one
    // dropped.
    expect(await store.challenges.countOpenByUser(me)).toBe(2);
    await store.challenges.transition(open.id, 'open', 'declined');
    expect(await store.challenges.countOpenByUser(me)).toBe(1);
  });

  it('refuses invalid input', async () => {
    await expect(store.challenges.create(newChallenge({ channelId: '' }))).rejects.toThrow(/channel id/);
    await expect(store.challenges.create(newChallenge({ game: 'chess' }))).rejects.toThrow(/invalid challenge/);
    await expect(store.challenges.create(newChallenge(), { ttlMs: 0 })).rejects.toThrow(/ttlMs/);
    const c = await store.challenges.create(newChallenge());
    await expect(store.challenges.patch(c.id, { messageId: 5 as never })).rejects.toThrow(/messageId/);
    await expect(store.challenges.take(c.id, { id: 7 } as never)).rejects.toThrow(/acceptedBy/);
    expect(await store.challenges.get(c.id)).toEqual(c);
  });
});
