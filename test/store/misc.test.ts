// Interactions, cooldowns, settings, key layout, embedded mode, connection errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_WARNING, newId, openStore, type Store } from '../../src/store/index.js';
import { cleanup, MODES, newGame, openMany, prefixFor, quiet, sleep, uid } from './helpers.js';
import { crc16, keySlot } from './slot.js';

describe('cluster key slot helper (Redis cluster spec)', () => {
  it('matches the spec’s CRC16 test vector and known slots', () => {
    expect(crc16(Buffer.from('123456789'))).toBe(0x31c3);
    expect(keySlot('foo')).toBe(12182);
    expect(keySlot('{user1000}.following')).toBe(keySlot('{user1000}.followers'));
    expect(keySlot('foo{}{bar}')).toBe(crc16(Buffer.from('foo{}{bar}')) % 16384);
  });
});

describe.each(MODES)('store basics on $name', (mode) => {
  let store: Store;
  const prefix = prefixFor('misc', mode);

  beforeAll(async () => {
    store = await openStore({ url: mode.url, prefix, logger: quiet });
  });
  afterAll(async () => {
    await cleanup(store);
    await store.close();
  });

  it('an interaction claimed from 20 clients is handled exactly once', async () => {
    const clients = await openMany(mode, prefix, 20);
    try {
      const id = String(BigInt(Date.now()) << 22n);
      const results = await Promise.all(clients.map((c) => c.interactions.claim(id)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await store.interactions.claim(id)).toBe(false);
      expect(await store.interactions.claim(`${id}1`)).toBe(true);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('a claim lasts its TTL, then the id may be claimed again', async () => {
    const id = uid('i');
    expect(await store.interactions.claim(id, 1)).toBe(true);
    const ttl = await store.redis.ttl(`${prefix}interaction:{${id}}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1);
    await sleep(1100);
    expect(await store.interactions.claim(id, 1)).toBe(true);
    expect(await store.interactions.claim('{bad id}')).toBe(false);
  });

  it('cooldowns: free, then the time left, then free again', async () => {
    const key = `challenge:${uid('u')}`;
    expect(await store.interactions.cooldown(key, 200)).toBe(0);
    const left = await store.interactions.cooldown(key, 200);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(200);
    await sleep(300);
    expect(await store.interactions.cooldown(key, 200)).toBe(0);
  });

  it('server settings merge and clear', async () => {
    const g = uid('g');
    expect(await store.settings.get(g)).toEqual({});
    expect(await store.settings.update(g, { clockMs: 3_600_000, channels: ['1', '2'] })).toEqual({
      clockMs: 3_600_000,
      channels: ['1', '2'],
    });
    expect(await store.settings.update(g, { channels: null })).toEqual({ clockMs: 3_600_000 });
    await expect(store.settings.update(g, { clockMs: -5 })).rejects.toThrow(/invalid settings/);
  });

  it('settings read-modify-write is atomic: two admins adding channels at once both land', async () => {
    const g = uid('g');
    const [a, b] = await openMany(mode, prefix, 2);
    try {
      const add = (st: Store, ch: string) =>
        st.settings.modify(g, (cur) => ({ channels: [...(cur.channels ?? []), ch] }));
      // Twenty writers at once, each adding its own channel: a lost update would drop one.
      await Promise.all(Array.from({ length: 20 }, (_, k) => add(k % 2 ? a : b, `c${k}`)));
      const got = (await store.settings.get(g)).channels ?? [];
      expect([...got].sort()).toEqual(Array.from({ length: 20 }, (_, k) => `c${k}`).sort());
      // A change that throws writes nothing.
      await expect(
        a.settings.modify(g, () => {
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect((await store.settings.get(g)).channels).toHaveLength(20);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('every key starts with the prefix, and one game’s keys share one cluster slot', async () => {
    const tag = uid('k');
    const created = await store.games.create(
      newGame({
        guildId: `${tag}g`,
        channelId: `${tag}c`,
        players: [
          { id: `${tag}a`, name: 'A' },
          { id: `${tag}b`, name: 'B' },
        ],
        moves: ['P A'],
      }),
    );
    if (!created.ok) throw new Error('create failed');
    const g = created.game;
    await store.games.update(g.id, 1, {
      appendMoves: ['P B'],
      clock: { perMoveMs: 1000, deadline: 1, reminded: false, wakeAt: 1 },
    });
    await store.games.update(g.id, 2, { status: 'over', result: { winner: 0, draw: false, reason: 'EX-20b' } });
    await store.ratings.applyResult('exxit', g.id, `${tag}g`, [`${tag}a`, `${tag}b`], { winner: 0, draw: false });
    const c = await store.challenges.create({
      game: 'exxit',
      setup: 'standard',
      options: {},
      challengerId: `${tag}a`,
      challengerName: 'A',
      opponentId: `${tag}b`,
      rated: false,
      guildId: `${tag}g`,
      channelId: `${tag}c`,
    });
    await store.challenges.take(c.id, { id: `${tag}b`, name: 'B' });
    await store.interactions.claim(`${tag}i`);
    await store.interactions.cooldown(`${tag}x`, 10_000);
    await store.settings.update(`${tag}g`, { clockMs: 1000 });

    // Every key in the whole database that mentions our ids or tag carries our prefix.
    const all: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await store.redis.scan(cursor, 'COUNT', 1000);
      all.push(...keys);
      cursor = next;
    } while (cursor !== '0');
    const ours = all.filter((k) => k.includes(tag) || k.includes(g.id) || k.includes(c.id));
    expect(ours.length).toBeGreaterThan(8);
    for (const k of ours) expect(k.startsWith(prefix)).toBe(true);

    const gameKeys = ours.filter((k) => k.includes(`{${g.id}}`));
    expect(gameKeys.sort()).toEqual([`${prefix}game:{${g.id}}`, `${prefix}game:{${g.id}}:moves`]);
    expect(new Set(gameKeys.map(keySlot)).size).toBe(1);
    // The rating script's keys (players, boards, marker) share their own slot.
    const ratingKeys = all.filter((k) => k.startsWith(`${prefix}ratings:{ratings:exxit}`));
    expect(ratingKeys.length).toBeGreaterThanOrEqual(7);
    expect(new Set(ratingKeys.map(keySlot)).size).toBe(1);
    // The channel binding and "last game" keys share the channel's slot (one script binds both).
    const channelKeys = ours.filter((k) => k.includes(`channel:{${tag}c}`));
    expect(new Set(channelKeys.map(keySlot)).size).toBe(1);
  });

  it('ids are 10 chars of base36 and unique', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => newId()));
    expect(ids.size).toBe(5000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-z]{10}$/);
  });
});

describe('opening the store', () => {
  it('embedded mode warns loudly that games will not survive a restart, and still runs the Lua scripts', async () => {
    const warnings: string[] = [];
    const s = await openStore({
      prefix: `${prefixFor('embedded', MODES[1])}`,
      logger: { warn: (m) => warnings.push(m) },
    });
    try {
      expect(s.embedded).toBe(true);
      expect(warnings).toEqual([EMBEDDED_WARNING]);
      expect(EMBEDDED_WARNING).toMatch(/NOT survive a restart/);
      const r = await s.games.create(newGame());
      expect(r.ok && (await s.games.update(r.game.id, 1, { appendMoves: ['x'] })).ok).toBe(true);
      await cleanup(s);
    } finally {
      await s.close();
    }
  });

  it('a real Redis gives no embedded warning', async () => {
    const warnings: string[] = [];
    const s = await openStore({
      url: MODES[0].url,
      prefix: prefixFor('real', MODES[0]),
      logger: { warn: (m) => warnings.push(m) },
    });
    expect(s.embedded).toBe(false);
    expect(warnings).toEqual([]);
    await s.close();
  });

  it('an unreachable Redis is a clear error that never shows the password', async () => {
    const logged: string[] = [];
    const err = await openStore({
      url: 'redis://hexmate:sup3r-s3cret@127.0.0.1:1/0',
      startupTimeoutMs: 0,
      logger: { warn: (m) => logged.push(m), info: (m) => logged.push(m) },
    }).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/cannot reach Redis at redis:\/\/hexmate:redacted@127\.0\.0\.1:1/);
    for (const text of [(err as Error).message, ...logged]) expect(text).not.toContain('sup3r-s3cret');
  });

  it('refuses a prefix that would break hash tags', async () => {
    await expect(openStore({ prefix: 'hex{mate}:', logger: quiet })).rejects.toThrow(/prefix/);
  });
});
