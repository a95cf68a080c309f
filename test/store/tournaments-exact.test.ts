// The tournament and season stores to the letter, on real Redis and on the
// embedded store: what create writes (id, version, createdAt from the store's
// clock, the server index, the due index), every refusal of bad input, the
// exact issues of a damaged record, the limits and order of every list, and
// the time to live of every lease and mark (read back with PTTL).
import { describe, expect, it, vi } from 'vitest';
import { CorruptRecordError, newId, openStore, type Store } from '../../src/store/index.js';
import { cleanup, MODES, newTournament, prefixFor, quiet, rejection, uid, useStore } from './helpers.js';

const DAY = 24 * 3_600_000;

describe.each(MODES)('tournaments, exactly, on $name', (mode) => {
  let store: Store;
  let clock = 0;
  const warnings: string[] = [];
  const logger = { warn: (m: string) => void warnings.push(m), info: () => {} };
  const prefix = useStore(mode, 'tournaments-exact', (s) => (store = s), { logger, now: () => clock });
  const tkey = (id: string) => `${prefix}tournament:{${id}}`;
  const dueKey = () => `${prefix}tournaments:due`;
  /** A store of its own prefix (its due index is empty). */
  const fresh = () => openStore({ url: mode.url, prefix: prefixFor('tdue', mode), logger: quiet });

  it('create: a new id, version 1 and createdAt from the store clock, written to the record, the server index and no due index', async () => {
    clock = 1_234_567;
    const input = newTournament();
    const t = await store.tournaments.create(input);
    expect(t).toEqual({ ...input, id: t.id, version: 1, createdAt: 1_234_567 });
    expect(t.id).toMatch(/^[0-9a-z]{10}$/);
    expect(await store.redis.hget(tkey(t.id), 'v')).toBe('1');
    expect(JSON.parse((await store.redis.hget(tkey(t.id), 'data'))!)).toEqual(t);
    expect(await store.redis.zscore(`${prefix}tournaments:guild:${t.guildId}`, t.id)).toBe('1234567');
    expect(await store.redis.zscore(dueKey(), t.id)).toBeNull();
    expect(await store.redis.pttl(tkey(t.id))).toBe(-1); // kept for good
    // Two creations never share an id.
    const u = await store.tournaments.create(newTournament({ guildId: t.guildId }));
    expect(u.id).not.toBe(t.id);
  });

  it('create with a wake-up puts it in the due index at that time', async () => {
    const t = await store.tournaments.create(newTournament({ wakeAt: 77_000 }));
    expect(await store.redis.zscore(dueKey(), t.id)).toBe('77000');
  });

  it('create with its own id keeps it, and a second one with that id is refused, the first unchanged', async () => {
    const id = newId();
    const t = await store.tournaments.create(newTournament({ id, name: 'first' }));
    expect(t.id).toBe(id);
    const again = await rejection(store.tournaments.create(newTournament({ id, name: 'second' })));
    expect(again).toBeInstanceOf(Error);
    expect((again as Error).message).toBe('tournament id taken');
    expect((await store.tournaments.get(id))!.name).toBe('first');
  });

  it('create refuses a bad server id and an invalid record, and writes nothing', async () => {
    const id = newId();
    for (const guildId of ['', 'a{b}', 'a b']) {
      const e = await rejection(store.tournaments.create(newTournament({ id, guildId })));
      expect(e).toBeInstanceOf(TypeError);
      expect((e as Error).message).toBe('invalid guild id: expected 1-100 chars without braces or whitespace');
    }
    const e = await rejection(store.tournaments.create(newTournament({ id, format: 'knockout' as never })));
    expect(e).toBeInstanceOf(TypeError);
    expect((e as Error).message).toMatch(/^invalid tournament: format/);
    expect(await store.redis.exists(tkey(id))).toBe(0);
  });

  it('get: null for an invalid or unknown id; the exact issues of each kind of damage', async () => {
    expect(await store.tournaments.get('NOT-AN-ID')).toBeNull();
    // Not even read where its key would hold a record.
    await store.redis.hset(
      tkey('AB12'),
      'v',
      '1',
      'data',
      JSON.stringify({ ...newTournament(), id: 'AB12', version: 1 }),
    );
    expect(await store.tournaments.get('AB12')).toBeNull();
    expect(await store.tournaments.get(newId())).toBeNull();
    const t = await store.tournaments.create(newTournament());
    // A hash with a version but no data reads as absent.
    const bare = newId();
    await store.redis.hset(tkey(bare), 'v', '1');
    expect(await store.tournaments.get(bare)).toBeNull();

    await store.redis.hset(tkey(t.id), 'data', '{"id":');
    let e = await rejection(store.tournaments.get(t.id));
    expect(e).toBeInstanceOf(CorruptRecordError);
    expect(e).toMatchObject({ kind: 'tournament', key: tkey(t.id), issues: ['data: not JSON'] });

    await store.redis.hset(tkey(t.id), 'data', '5');
    e = await rejection(store.tournaments.get(t.id));
    expect((e as CorruptRecordError).issues).toHaveLength(1);
    expect((e as CorruptRecordError).issues[0]).toMatch(/^\(record\): ./);

    await store.redis.hset(tkey(t.id), 'data', JSON.stringify({ ...t, seed: 1.5, round: -1 }));
    e = await rejection(store.tournaments.get(t.id));
    expect(e).toBeInstanceOf(CorruptRecordError);
    expect((e as CorruptRecordError).issues.map((i) => i.split(':')[0]).sort()).toEqual(['round', 'seed']);

    await store.redis.hset(tkey(t.id), 'data', JSON.stringify({ ...t, players: [{ id: 'p', name: 5 }] }));
    e = await rejection(store.tournaments.get(t.id));
    expect((e as CorruptRecordError).issues[0]).toMatch(/^players\.0\.name: /);

    // A valid record under another id, or at another version than the hash's v.
    const other = newId();
    await store.redis.hset(tkey(t.id), 'data', JSON.stringify({ ...t, id: other }));
    e = await rejection(store.tournaments.get(t.id));
    expect(e).toMatchObject({ kind: 'tournament', issues: ['id or version does not match the key'] });
    await store.redis.hset(tkey(t.id), 'data', JSON.stringify({ ...t, version: 2 }));
    e = await rejection(store.tournaments.get(t.id));
    expect(e).toMatchObject({ issues: ['id or version does not match the key'] });
    await store.redis.hset(tkey(t.id), 'v', '2');
    expect(await store.tournaments.get(t.id)).toEqual({ ...t, version: 2 });
  });

  it('update: the next version under the key’s id, written whole; the due index follows wakeAt', async () => {
    const t = await store.tournaments.create(newTournament());
    const r = await store.tournaments.update(t.id, 1, { ...t, id: 'someother1', version: 40, wakeAt: 5_000, round: 1 });
    expect(r).toEqual({ ok: true, tournament: { ...t, version: 2, wakeAt: 5_000, round: 1 } });
    expect(await store.redis.hget(tkey(t.id), 'v')).toBe('2');
    expect(await store.tournaments.get(t.id)).toEqual({ ...t, version: 2, wakeAt: 5_000, round: 1 });
    expect(await store.redis.zscore(dueKey(), t.id)).toBe('5000');
    expect(await store.tournaments.get('someother1')).toBeNull();
    // Version 2 → 3, and a null wake-up drops it from the due index.
    const r2 = await store.tournaments.update(t.id, 2, { ...t, wakeAt: null });
    expect(r2.ok && r2.tournament.version).toBe(3);
    expect(await store.redis.hget(tkey(t.id), 'v')).toBe('3');
    expect(await store.redis.zscore(dueKey(), t.id)).toBeNull();
    // A stale or future version is a conflict and writes nothing.
    expect(await store.tournaments.update(t.id, 2, { ...t, wakeAt: 9 })).toEqual({ ok: false, reason: 'conflict' });
    expect(await store.tournaments.update(t.id, 4, { ...t, wakeAt: 9 })).toEqual({ ok: false, reason: 'conflict' });
    expect(await store.redis.hget(tkey(t.id), 'v')).toBe('3');
    expect(await store.redis.zscore(dueKey(), t.id)).toBeNull();
  });

  it('update: an invalid id is not found (nothing read, nothing thrown); an unknown one too, with nothing written', async () => {
    const t = await store.tournaments.create(newTournament());
    for (const bad of ['BAD', 'a{b}c', 'abc', ''])
      expect(await store.tournaments.update(bad, 1, t)).toEqual({ ok: false, reason: 'not-found' });
    const missing = newId();
    expect(await store.tournaments.update(missing, 1, { ...t, wakeAt: 10 })).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(await store.redis.exists(tkey(missing))).toBe(0);
    expect(await store.redis.zscore(dueKey(), missing)).toBeNull();
    const e = await rejection(store.tournaments.update(t.id, 1, { ...t, clockMs: -1 }));
    expect(e).toBeInstanceOf(TypeError);
    expect((e as Error).message).toMatch(/^invalid tournament: clockMs/);
    expect(await store.redis.hget(tkey(t.id), 'v')).toBe('1');
  });

  it('listByGuild: newest first, 25 by default, at most 100, none for a bad server id or a limit of 0', async () => {
    const g = uid('g');
    const made: string[] = [];
    for (let k = 0; k < 27; k++) {
      clock = 10_000 + k;
      made.push((await store.tournaments.create(newTournament({ guildId: g }))).id);
    }
    const newestFirst = [...made].reverse();
    expect((await store.tournaments.listByGuild(g)).map((t) => t.id)).toEqual(newestFirst.slice(0, 25));
    expect((await store.tournaments.listByGuild(g, 3)).map((t) => t.id)).toEqual(newestFirst.slice(0, 3));
    expect((await store.tournaments.listByGuild(g, 1)).map((t) => t.id)).toEqual(newestFirst.slice(0, 1));
    expect((await store.tournaments.listByGuild(g, 30)).map((t) => t.id)).toEqual(newestFirst);
    expect(await store.tournaments.listByGuild(g, 0)).toEqual([]);
    expect(await store.tournaments.listByGuild(g, -5)).toEqual([]);
    expect(await store.tournaments.listByGuild('')).toEqual([]);
    // A bad server id reads nothing, even where its key would hold entries.
    await store.redis.zadd(`${prefix}tournaments:guild:bad guild`, 1, made[0]);
    expect(await store.tournaments.listByGuild('bad guild')).toEqual([]);
    // The cap: 100 newer entries (ids without a record) hide the oldest real one however large the limit.
    const h = uid('g');
    clock = 1;
    const old = await store.tournaments.create(newTournament({ guildId: h }));
    const ghosts = Array.from({ length: 100 }, (_, k) => [1000 + k, newId()] as const).flat();
    await store.redis.zadd(`${prefix}tournaments:guild:${h}`, ...ghosts);
    expect(await store.tournaments.listByGuild(h, 100)).toEqual([]);
    expect(await store.tournaments.listByGuild(h, 500)).toEqual([]);
    await store.redis.zrem(`${prefix}tournaments:guild:${h}`, String(ghosts[1]));
    expect((await store.tournaments.listByGuild(h, 500)).map((t) => t.id)).toEqual([old.id]);
  });

  it('listByGuild: a damaged record is skipped with one warning naming it; another error is thrown', async () => {
    const g = uid('g');
    clock = 50;
    const a = await store.tournaments.create(newTournament({ guildId: g }));
    clock = 60;
    const b = await store.tournaments.create(newTournament({ guildId: g }));
    await store.redis.hset(tkey(a.id), 'data', 'garbage');
    warnings.length = 0;
    expect(await store.tournaments.listByGuild(g)).toEqual([b]);
    expect(warnings).toEqual([`corrupt tournament record at ${tkey(a.id)}: data: not JSON (skipped)`]);
    // A failed command is no damaged record: it is thrown, not skipped.
    const failing = vi.spyOn(store.redis, 'hgetall').mockRejectedValueOnce(new Error('connection lost'));
    try {
      await expect(store.tournaments.listByGuild(g)).rejects.toThrow('connection lost');
    } finally {
      failing.mockRestore();
    }
  });

  it('due: up to the given time inclusive, earliest first, 20 by default, and the given limit', async () => {
    const s = await fresh();
    try {
      const ids = Array.from({ length: 25 }, () => newId());
      await s.redis.zadd(`${s.prefix}tournaments:due`, ...ids.flatMap((id, k) => [100 + k, id]));
      expect(await s.tournaments.due(99)).toEqual([]);
      expect(await s.tournaments.due(100)).toEqual([ids[0]]);
      expect(await s.tournaments.due(102)).toEqual(ids.slice(0, 3));
      expect(await s.tournaments.due(1_000)).toEqual(ids.slice(0, 20));
      expect(await s.tournaments.due(1_000, 22)).toEqual(ids.slice(0, 22));
      expect(await s.tournaments.due(1_000, 2)).toEqual(ids.slice(0, 2));
      expect(await s.tournaments.due(1_000, 100)).toEqual(ids);
    } finally {
      await cleanup(s);
      await s.close();
    }
  });

  it('snooze: moves an indexed tournament, never adds one, and ignores a bad id or time', async () => {
    const t = await store.tournaments.create(newTournament({ wakeAt: 500 }));
    await store.tournaments.snooze(t.id, 700);
    expect(await store.redis.zscore(dueKey(), t.id)).toBe('700');
    await store.tournaments.snooze(t.id, Number.NaN);
    await store.tournaments.snooze(t.id, Number.POSITIVE_INFINITY);
    await store.tournaments.snooze(t.id, Number.NEGATIVE_INFINITY);
    expect(await store.redis.zscore(dueKey(), t.id)).toBe('700');
    const absent = newId();
    await store.tournaments.snooze(absent, 10);
    expect(await store.redis.zscore(dueKey(), absent)).toBeNull();
    // An entry under an id that is no record id is not moved.
    await store.redis.zadd(dueKey(), 3, 'NOT-AN-ID');
    await store.tournaments.snooze('NOT-AN-ID', 9);
    expect(await store.redis.zscore(dueKey(), 'NOT-AN-ID')).toBe('3');
    await store.redis.zrem(dueKey(), 'NOT-AN-ID');
  });

  it('lease: NX with a rounded time to live of at least 1 ms; a bad name is refused', async () => {
    const t = newId();
    const key = (what: string) => `${prefix}tournament:{${t}}:lease:${what}`;
    expect(await store.tournaments.lease(t, 'open-1-1', 60_000.4)).toBe(true);
    const ttl = await store.redis.pttl(key('open-1-1'));
    expect(ttl).toBeGreaterThan(59_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await store.redis.get(key('open-1-1'))).toBe('1');
    expect(await store.tournaments.lease(t, 'open-1-1', 60_000)).toBe(false);
    expect(await store.redis.pttl(key('open-1-1'))).toBeLessThanOrEqual(60_000);
    // 0 and a fraction still lease (for 1 ms), they do not throw.
    expect(await store.tournaments.lease(t, 'zero', 0)).toBe(true);
    expect(await store.redis.pttl(key('zero'))).toBeLessThanOrEqual(1);
    expect(await store.tournaments.lease(t, 'tiny', 0.3)).toBe(true);
    expect(await store.tournaments.lease(t, 'half', 2_000.6)).toBe(true);
    expect(await store.redis.pttl(key('half'))).toBeLessThanOrEqual(2_001);
    expect(await store.redis.pttl(key('half'))).toBeGreaterThan(1_000);
    for (const what of ['', 'a b', '{x}']) {
      const e = await rejection(store.tournaments.lease(t, what, 1_000));
      expect(e).toBeInstanceOf(TypeError);
      expect((e as Error).message).toBe('invalid lease: expected 1-100 chars without braces or whitespace');
    }
  });

  it('wins: newest first, once per tournament, 10 by default, at least one; bad user ids', async () => {
    const u = uid('u');
    const ids = Array.from({ length: 12 }, () => newId());
    for (const [k, id] of ids.entries()) await store.tournaments.addWin(u, id, 100 + k);
    await store.tournaments.addWin(u, ids[0], 100); // again: once
    expect(await store.redis.zscore(`${prefix}user:{${u}}:tournament-wins`, ids[3])).toBe('103');
    const newest = [...ids].reverse();
    expect(await store.tournaments.wins(u)).toEqual(newest.slice(0, 10));
    expect(await store.tournaments.wins(u, 2)).toEqual(newest.slice(0, 2));
    expect(await store.tournaments.wins(u, 1)).toEqual(newest.slice(0, 1));
    expect(await store.tournaments.wins(u, 0)).toEqual(newest.slice(0, 1));
    expect(await store.tournaments.wins(u, 50)).toEqual(newest);
    expect(await store.tournaments.wins(uid('u'))).toEqual([]);
    await store.redis.zadd(`${prefix}user:{a b}:tournament-wins`, 1, ids[0]);
    expect(await store.tournaments.wins('a b')).toEqual([]);
    expect(await store.tournaments.wins('')).toEqual([]);
    const e = await rejection(store.tournaments.addWin('a{b}', ids[0], 1));
    expect(e).toBeInstanceOf(TypeError);
    expect((e as Error).message).toBe('invalid user id: expected 1-100 chars without braces or whitespace');
  });
});

describe.each(MODES)('seasons, exactly, on $name', (mode) => {
  let store: Store;
  const prefix = useStore(mode, 'seasons-exact', (s) => (store = s));
  const mark = (g: string, s: string) => `${prefix}seasons:rollover:{${g}}:${s}`;
  const lease = (g: string, s: string) => `${mark(g, s)}:lease`;

  it('track: on adds the server once, off removes it; a bad server id is refused', async () => {
    const [g, h] = [uid('g'), uid('g')];
    await store.seasons.track(g, true);
    await store.seasons.track(g, true);
    await store.seasons.track(h, true);
    expect((await store.seasons.guilds()).sort()).toEqual([g, h].sort());
    await store.seasons.track(g, false);
    expect(await store.seasons.guilds()).toEqual([h]);
    await store.seasons.track(g, false);
    expect(await store.redis.smembers(`${prefix}seasons:guilds`)).toEqual([h]);
    const e = await rejection(store.seasons.track('a b', true));
    expect((e as Error).message).toBe('invalid guild id: expected 1-100 chars without braces or whitespace');
  });

  it('leaseRollover: the lease key with a rounded time to live (1 ms at least); bad ids refused', async () => {
    const g = uid('g');
    expect(await store.seasons.leaseRollover(g, '2026-11', 30_000.4)).toBe(true);
    expect(await store.redis.get(lease(g, '2026-11'))).toBe('1');
    const ttl = await store.redis.pttl(lease(g, '2026-11'));
    expect(ttl).toBeGreaterThan(29_000);
    expect(ttl).toBeLessThanOrEqual(30_000);
    expect(await store.redis.exists(mark(g, '2026-11'))).toBe(0);
    // The holder's lease is not extended by a refused attempt.
    expect(await store.seasons.leaseRollover(g, '2026-11', 90_000)).toBe(false);
    expect(await store.redis.pttl(lease(g, '2026-11'))).toBeLessThanOrEqual(30_000);
    expect(await store.seasons.leaseRollover(g, 'zero', 0)).toBe(true);
    expect(await store.redis.pttl(lease(g, 'zero'))).toBeLessThanOrEqual(1);
    expect(await store.seasons.leaseRollover(g, 'frac', 0.2)).toBe(true);
    let e = await rejection(store.seasons.leaseRollover('a{b}', '2026-11', 1_000));
    expect((e as Error).message).toBe('invalid guild id: expected 1-100 chars without braces or whitespace');
    e = await rejection(store.seasons.leaseRollover(g, '2026 11', 1_000));
    expect((e as Error).message).toBe('invalid season: expected 1-100 chars without braces or whitespace');
    e = await rejection(store.seasons.finishRollover(g, ''));
    expect((e as Error).message).toBe('invalid season: expected 1-100 chars without braces or whitespace');
    e = await rejection(store.seasons.retryRollover('', 's', 1));
    expect((e as Error).message).toBe('invalid guild id: expected 1-100 chars without braces or whitespace');
  });

  it('retryRollover: sets the lease’s time to live (rounded, 1 ms at least); no lease, nothing made', async () => {
    const g = uid('g');
    await store.seasons.leaseRollover(g, 's1', 60_000);
    await store.seasons.retryRollover(g, 's1', 5_000.4);
    let ttl = await store.redis.pttl(lease(g, 's1'));
    expect(ttl).toBeGreaterThan(4_000);
    expect(ttl).toBeLessThanOrEqual(5_000);
    await store.seasons.retryRollover(g, 's1', 20_000);
    ttl = await store.redis.pttl(lease(g, 's1'));
    expect(ttl).toBeGreaterThan(19_000);
    expect(ttl).toBeLessThanOrEqual(20_000);
    await store.seasons.retryRollover(g, 's1', 0);
    expect(await store.redis.pttl(lease(g, 's1'))).toBeLessThanOrEqual(1);
    await store.seasons.retryRollover(g, 's2', 5_000);
    expect(await store.redis.exists(lease(g, 's2'))).toBe(0);
    expect(await store.redis.exists(mark(g, 's2'))).toBe(0);
  });

  it('finishRollover: the mark kept 400 days, the lease dropped; then no lease for anyone', async () => {
    const g = uid('g');
    await store.seasons.leaseRollover(g, '2026-Q4', 60_000);
    await store.seasons.finishRollover(g, '2026-Q4');
    expect(await store.redis.exists(lease(g, '2026-Q4'))).toBe(0);
    expect(await store.redis.get(mark(g, '2026-Q4'))).toBe('1');
    const ttl = await store.redis.pttl(mark(g, '2026-Q4'));
    expect(ttl).toBeGreaterThan(400 * DAY - 60_000);
    expect(ttl).toBeLessThanOrEqual(400 * DAY);
    expect(await store.seasons.leaseRollover(g, '2026-Q4', 60_000)).toBe(false);
    expect(await store.redis.exists(lease(g, '2026-Q4'))).toBe(0);
    // Finished without a lease: marked all the same.
    await store.seasons.finishRollover(g, '2027-Q1');
    expect(await store.redis.pttl(mark(g, '2027-Q1'))).toBeGreaterThan(400 * DAY - 60_000);
    expect(await store.seasons.leaseRollover(g, '2027-Q1', 60_000)).toBe(false);
  });
});
