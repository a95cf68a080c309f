// Interactions, cooldowns, settings, key layout, embedded mode, connection errors; processes, channel bindings,
// record ids.
import { describe, expect, it, vi } from 'vitest';
import { issuesOf } from '../../src/store/context.js';
import { ID_LENGTH } from '../../src/store/ids.js';
import { CorruptRecordError, EMBEDDED_WARNING, newId, openStore, type Store } from '../../src/store/index.js';
import { cleanup, MODES, newGame, openMany, prefixFor, quiet, sleep, uid, useStore } from './helpers.js';
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
  const prefix = useStore(mode, 'misc', (s) => (store = s));

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

describe.each(MODES)('interactions, settings, processes and channels in detail on $name', (mode) => {
  let store: Store;
  const prefix = useStore(mode, 'misc-detail', (s) => (store = s));
  const settingsKey = (g: string) => `${prefix}settings:{${g}}`;

  it('claim: 15 minutes by default; a TTL rounded up to whole seconds, 1 s at least', async () => {
    const a = uid('i');
    expect(await store.interactions.claim(a)).toBe(true);
    expect(await store.redis.ttl(`${prefix}interaction:{${a}}`)).toBe(900);
    const b = uid('i');
    expect(await store.interactions.claim(b, 1.2)).toBe(true);
    expect(await store.redis.pttl(`${prefix}interaction:{${b}}`)).toBeGreaterThan(1_500);
    for (const ttl of [0, -5, 0.3]) {
      const c = uid('i');
      expect(await store.interactions.claim(c, ttl)).toBe(true);
      expect(await store.redis.pttl(`${prefix}interaction:{${c}}`)).toBeLessThanOrEqual(1_000);
      expect(await store.interactions.claim(c, ttl)).toBe(false);
    }
  });

  it('claim: our own SET resent after a lost answer (refused by NX) still counts as ours, once', async () => {
    const id = uid('i');
    const realSet = store.redis.set.bind(store.redis) as (...a: unknown[]) => Promise<unknown>;
    vi.spyOn(store.redis, 'set').mockImplementationOnce((async (...args: unknown[]) => {
      await realSet(...args); // the write lands...
      return null; // ...and the answer seen is the resent command's: NX-refused
    }) as never);
    expect(await store.interactions.claim(id)).toBe(true);
    expect(await store.interactions.claim(id)).toBe(false);
  });

  it('claim: an id that is not a key part is refused and writes nothing', async () => {
    for (const bad of ['a b', '', 'x'.repeat(101), 'a{b}', 'tab\there']) {
      expect(await store.interactions.claim(bad)).toBe(false);
      expect(await store.redis.exists(`${prefix}interaction:{${bad}}`)).toBe(0);
    }
    expect(await store.interactions.claim('x'.repeat(100))).toBe(true);
  });

  it('cooldown: held for its period rounded up (1 ms at least); the time left, or 1 when it ends in between', async () => {
    const k = `c:${uid('u')}`;
    expect(await store.interactions.cooldown(k, 5_000.5)).toBe(0);
    expect(await store.redis.get(`${prefix}cooldown:{${k}}`)).toBe('1');
    const pttl = await store.redis.pttl(`${prefix}cooldown:{${k}}`);
    expect(pttl).toBeGreaterThan(4_000);
    expect(pttl).toBeLessThanOrEqual(5_001);
    const left = await store.interactions.cooldown(k, 5_000);
    expect(left).toBeGreaterThan(4_000);
    expect(left).toBeLessThanOrEqual(5_001);
    // Redis says the key is already gone (-2) or ends this very ms (0): report 1 ms, never a free pass.
    for (const answer of [-2, 0, -1]) {
      vi.spyOn(store.redis, 'pttl').mockResolvedValueOnce(answer);
      expect(await store.interactions.cooldown(k, 5_000)).toBe(1);
    }
    vi.spyOn(store.redis, 'pttl').mockResolvedValueOnce(1);
    expect(await store.interactions.cooldown(k, 5_000)).toBe(1);
    vi.spyOn(store.redis, 'pttl').mockResolvedValueOnce(2);
    expect(await store.interactions.cooldown(k, 5_000)).toBe(2);
    const z = `z:${uid('u')}`;
    expect(await store.interactions.cooldown(z, 0)).toBe(0); // 1 ms: not refused by Redis
    await sleep(15);
    expect(await store.interactions.cooldown(z, 0)).toBe(0);
  });

  it('cooldown: a key that is not a key part is a TypeError and writes nothing', async () => {
    for (const bad of ['a b', '', '{x}']) {
      await expect(store.interactions.cooldown(bad, 1_000)).rejects.toThrow(new TypeError('invalid cooldown key'));
      expect(await store.redis.exists(`${prefix}cooldown:{${bad}}`)).toBe(0);
    }
  });

  it('settings: each write bumps the version; undefined leaves a field, null clears it; the result is the merge', async () => {
    const g = uid('g');
    expect(await store.redis.exists(settingsKey(g))).toBe(0);
    expect(await store.settings.update(g, { clockMs: 60_000, locale: 'fr', takebacks: true })).toEqual({
      clockMs: 60_000,
      locale: 'fr',
      takebacks: true,
    });
    expect(await store.redis.hget(settingsKey(g), 'v')).toBe('1');
    expect(await store.settings.update(g, { clockMs: undefined, locale: null, expertSeconds: 4 })).toEqual({
      clockMs: 60_000,
      takebacks: true,
      expertSeconds: 4,
    });
    expect(await store.redis.hget(settingsKey(g), 'v')).toBe('2');
    expect(await store.redis.hexists(settingsKey(g), 'locale')).toBe(0);
    expect(await store.settings.get(g)).toEqual({ clockMs: 60_000, takebacks: true, expertSeconds: 4 });
    // Clearing a field that is not set, and an empty change: still a write.
    expect(await store.settings.update(g, { seasonChannel: null })).toEqual({
      clockMs: 60_000,
      takebacks: true,
      expertSeconds: 4,
    });
    expect(await store.settings.update(g, {})).toEqual({ clockMs: 60_000, takebacks: true, expertSeconds: 4 });
    expect(await store.redis.hget(settingsKey(g), 'v')).toBe('4');
    expect(await store.settings.update(g, { clockMs: null, takebacks: null, expertSeconds: null })).toEqual({});
    expect(await store.settings.get(g)).toEqual({});
    expect(await store.redis.hgetall(settingsKey(g))).toEqual({ v: '5' });
  });

  it('settings: modify sees the current settings; a refused change says why and writes nothing', async () => {
    const g = uid('g');
    await store.settings.update(g, { channels: ['a'], seasonLength: 'monthly' });
    const seen: unknown[] = [];
    const next = await store.settings.modify(g, (cur) => {
      seen.push(cur);
      return { channels: [...(cur.channels ?? []), 'b'] };
    });
    expect(seen).toEqual([{ channels: ['a'], seasonLength: 'monthly' }]);
    expect(next).toEqual({ channels: ['a', 'b'], seasonLength: 'monthly' });
    await expect(store.settings.update(g, { clockMs: -5, seasonChannel: '' })).rejects.toThrow(
      new TypeError(
        'invalid settings: clockMs: Too small: expected number to be >0; seasonChannel: Too small: expected string to have >=1 characters',
      ),
    );
    expect(await store.redis.hget(settingsKey(g), 'v')).toBe('2');
    expect(await store.settings.get(g)).toEqual(next);
  });

  it('settings: a missing version is version 0', async () => {
    const g = uid('g');
    await store.redis.hset(settingsKey(g), 'clockMs', '5000');
    expect(await store.settings.get(g)).toEqual({ clockMs: 5_000 });
    expect(await store.settings.update(g, { locale: 'de' })).toEqual({ clockMs: 5_000, locale: 'de' });
    expect(await store.redis.hget(settingsKey(g), 'v')).toBe('1');
  });

  it('settings: a damaged version (not an integer) is version 0 to the reader and the writer alike: a write fixes it', async () => {
    for (const v of ['1.5', 'seven', 'Infinity', '']) {
      const g = uid('g');
      await store.redis.hset(settingsKey(g), 'v', v, 'clockMs', '5000');
      expect(await store.settings.get(g)).toEqual({ clockMs: 5_000 }); // the version is not a setting
      expect(await store.settings.update(g, { locale: 'de' })).toEqual({ clockMs: 5_000, locale: 'de' });
      expect(await store.redis.hget(settingsKey(g), 'v')).toBe('1');
      // And in a record damaged elsewhere too.
      const h = uid('g');
      await store.redis.hset(settingsKey(h), 'v', v, 'clockMs', '"soon"');
      expect(await store.settings.update(h, { clockMs: 1 })).toEqual({ clockMs: 1 });
      expect(await store.redis.hgetall(settingsKey(h))).toEqual({ v: '1', clockMs: '1' });
    }
  });

  it('settings: a damaged record is corrupt to read; a write replaces the fields it names and fixes it', async () => {
    const g = uid('g');
    await store.redis.hset(settingsKey(g), 'v', '3', 'clockMs', '"soon"', 'channels', '["c1"]');
    const err = await store.settings.get(g).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CorruptRecordError);
    expect((err as CorruptRecordError).kind).toBe('settings');
    expect((err as CorruptRecordError).key).toBe(settingsKey(g));
    const seen: unknown[] = [];
    const next = await store.settings.modify(g, (cur) => {
      seen.push(cur);
      return { clockMs: 60_000 };
    });
    expect(seen).toEqual([{}]); // the damaged record reads as no settings
    expect(next).toEqual({ clockMs: 60_000 });
    expect(await store.redis.hget(settingsKey(g), 'v')).toBe('4'); // on top of the stored version
    expect(await store.settings.get(g)).toEqual({ clockMs: 60_000, channels: ['c1'] });
    // Damaged without a version: version 0.
    const h = uid('g');
    await store.redis.hset(settingsKey(h), 'locale', 'not json');
    await expect(store.settings.get(h)).rejects.toBeInstanceOf(CorruptRecordError);
    expect(await store.settings.update(h, { locale: null, clockMs: 1 })).toEqual({ clockMs: 1 });
    expect(await store.redis.hgetall(settingsKey(h))).toEqual({ v: '1', clockMs: '1' });
  });

  it('settings: any other failure to read is thrown, and nothing is written', async () => {
    const g = uid('g');
    vi.spyOn(store.redis, 'hgetall').mockRejectedValueOnce(new Error('Connection is closed.'));
    await expect(store.settings.update(g, { clockMs: 1 })).rejects.toThrow('Connection is closed.');
    expect(await store.redis.exists(settingsKey(g))).toBe(0);
    for (const bad of ['a b', '', '{g}']) {
      const msg = new TypeError('invalid guild id: expected 1-100 chars without braces or whitespace');
      await expect(store.settings.get(bad)).rejects.toThrow(msg);
      await expect(store.settings.update(bad, { clockMs: 1 })).rejects.toThrow(msg);
      expect(await store.redis.exists(settingsKey(bad))).toBe(0);
    }
  });

  it('settings: a write that loses every compare-and-set gives up after 20 tries', async () => {
    const g = uid('g');
    let calls = 0;
    const err = await store.settings
      .modify(g, () => {
        if (++calls > 25) throw new Error('tried more than 20 times');
        // Another admin writes between our read and our write, every time.
        void store.redis.hincrby(settingsKey(g), 'v', 1);
        return { clockMs: 1_000 };
      })
      .catch((e: unknown) => e);
    expect(err).toEqual(new Error('settings: too much contention'));
    expect(calls).toBe(20);
    expect(await store.redis.hget(settingsKey(g), 'clockMs')).toBeNull();
  });

  it('processes: a beat keeps a process alive for its ttl, rounded up; another process’s beat is its own', async () => {
    const [a, b] = [uid('proc'), uid('proc')];
    await store.processes.beat(a, 60_000);
    expect(await store.redis.get(`${prefix}process:{${a}}`)).toBe('1');
    expect(await store.processes.alive(a)).toBe(true);
    expect(await store.processes.alive(b)).toBe(false);
    await store.processes.gone(b);
    expect(await store.processes.alive(a)).toBe(true);
    await expect(store.processes.beat('a b', 1_000)).rejects.toThrow(new TypeError('invalid process id'));
    // A key planted where a bad id's heartbeat would be is neither read nor deleted.
    await store.redis.set(`${prefix}process:{a b}`, '1');
    expect(await store.processes.alive('a b')).toBe(false);
    await store.processes.gone('a b');
    expect(await store.redis.exists(`${prefix}process:{a b}`)).toBe(1);
  });

  it('channels: a bad channel id is null without reading its keys; a binding to a missing game is null', async () => {
    const created = await store.games.create(newGame());
    if (!created.ok) throw new Error('create failed');
    const g = created.game;
    // Keys planted where a bad channel id's binding would be: never read.
    for (const bad of ['a b', '{x}']) {
      await store.redis.set(`${prefix}channel:{${bad}}:active`, g.id);
      await store.redis.set(`${prefix}channel:{${bad}}:last`, g.id);
      expect(await store.channels.active(bad)).toBeNull();
      expect(await store.channels.latest(bad)).toBeNull();
    }
    // Bound to a game that does not exist (or to nothing): no game, active or latest.
    const ch = uid('c');
    await store.redis.set(`${prefix}channel:{${ch}}:active`, 'nosuchgame1');
    expect(await store.channels.active(ch)).toBeNull();
    expect(await store.channels.latest(ch)).toBeNull();
    await store.redis.set(`${prefix}channel:{${ch}}:active`, '');
    expect(await store.channels.active(ch)).toBeNull();
    // Only the last game known: latest gives it, active does not.
    await store.redis.set(`${prefix}channel:{${ch}}:last`, g.id);
    expect(await store.channels.active(ch)).toBeNull();
    expect(await store.channels.latest(ch)).toEqual(g);
    // Bound to an active game: active and latest give it, whatever the last game was.
    await store.redis.set(`${prefix}channel:{${ch}}:active`, g.id);
    await store.redis.set(`${prefix}channel:{${ch}}:last`, 'nosuchgame1');
    expect(await store.channels.active(ch)).toEqual(g);
    expect(await store.channels.latest(ch)).toEqual(g);
    // A stale binding to a game that is over: not the active game; latest falls back to the last one.
    const over = await store.games.update(g.id, 1, {
      status: 'over',
      result: { winner: 0, draw: false, reason: 'resign' },
    });
    if (!over.ok) throw new Error('update failed');
    await store.redis.set(`${prefix}channel:{${ch}}:active`, g.id);
    await store.redis.set(`${prefix}channel:{${ch}}:last`, g.id);
    expect(await store.channels.active(ch)).toBeNull();
    expect(await store.channels.latest(ch)).toEqual(over.game);
  });
});

// The embedded store's expiry follows Date.now: with the clock stopped, a time to live reads back exactly.
describe('times to live on the embedded store with the clock stopped', () => {
  let store: Store;
  useStore(MODES[1], 'misc-exact', (s) => (store = s));
  const stop = () => vi.spyOn(Date, 'now').mockReturnValue(1_750_000_000_000);

  it('claim: 900 s by default, the ttl rounded up, 1 s at least', async () => {
    stop();
    const ids = [uid('i'), uid('i'), uid('i')];
    await store.interactions.claim(ids[0]);
    await store.interactions.claim(ids[1], 1.2);
    await store.interactions.claim(ids[2], 0);
    const ttls = await Promise.all(ids.map((id) => store.redis.pttl(`${store.prefix}interaction:{${id}}`)));
    expect(ttls).toEqual([900_000, 2_000, 1_000]);
  });

  it('cooldown: its period rounded up, 1 ms at least; then the time left', async () => {
    stop();
    const [a, b] = [uid('k'), uid('k')];
    expect(await store.interactions.cooldown(a, 200.5)).toBe(0);
    expect(await store.redis.pttl(`${store.prefix}cooldown:{${a}}`)).toBe(201);
    expect(await store.interactions.cooldown(a, 5_000)).toBe(201);
    expect(await store.interactions.cooldown(b, -3)).toBe(0);
    expect(await store.redis.pttl(`${store.prefix}cooldown:{${b}}`)).toBe(1);
  });

  it('processes: a beat lives its ttl rounded up, 1 ms at least', async () => {
    stop();
    const [a, b] = [uid('p'), uid('p')];
    await store.processes.beat(a, 4_000.2);
    await store.processes.beat(b, 0);
    expect(await store.redis.pttl(`${store.prefix}process:{${a}}`)).toBe(4_001);
    expect(await store.redis.pttl(`${store.prefix}process:{${b}}`)).toBe(1);
  });
});

describe('record ids and issue lines', () => {
  it('newId: the length asked for (10 by default), every character of base36 equally likely', () => {
    expect(ID_LENGTH).toBe(10);
    expect(newId()).toHaveLength(10);
    expect(newId(0)).toBe('');
    expect(newId(1)).toMatch(/^[0-9a-z]$/);
    expect(newId(32)).toMatch(/^[0-9a-z]{32}$/);
    // 180,000 characters: about 5,000 of each (sd ~70). A byte of 252..255 kept would make 0-3 (or 0) ~14 % likelier.
    const counts = new Map<string, number>();
    for (let k = 0; k < 6_000; k++) for (const ch of newId(30)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe('0123456789abcdefghijklmnopqrstuvwxyz');
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(4_600);
      expect(n).toBeLessThan(5_400);
    }
  });

  it('issuesOf: "path.to.field: message" joined by "; "', () => {
    expect(issuesOf([])).toBe('');
    expect(
      issuesOf([
        { path: ['players', 0, 'name'], message: 'Too long' },
        { path: [], message: 'Invalid' },
        { path: [Symbol('s')], message: 'x' },
      ]),
    ).toBe('players.0.name: Too long; : Invalid; Symbol(s): x');
  });
});
