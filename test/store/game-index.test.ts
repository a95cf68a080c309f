// The game indexes (src/store/game-index.ts), on real Redis and on the embedded store: what a new game writes to
// each index (and with which score), what its end takes out, where a clock change moves it in the due index, and how
// the readers page through an index newest first, drop the entries that no longer qualify (missing or finished
// games), skip corrupt records with a warning and keep to their limits (default and given).
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { StoredGame } from '../../src/model/index.js';
import { newId, openStore, type NewGame, type Store } from '../../src/store/index.js';
import { cleanup, MODES, newGame, prefixFor, quiet, uid, type Mode } from './helpers.js';

const clock = (wakeAt: number | null) => ({ perMoveMs: 60_000, deadline: 5_000_000, reminded: false, wakeAt });
const players = (a: string, b: string): NewGame['players'] => [
  { id: a, name: 'A' },
  { id: b, name: 'B' },
];

describe.each(MODES)('game indexes on $name', (mode: Mode) => {
  /** The stores' clock: every game's createdAt (its score in the indexes) is what it says. */
  let t = 1_000_000;
  const opened: Store[] = [];

  /** A store on a key prefix of its own: the global indexes (active, due) hold only what the test writes. */
  async function fresh(logger: { warn: (m: string) => void; info: (m: string) => void } = quiet): Promise<Store> {
    const s = await openStore({ url: mode.url, prefix: prefixFor('game-index', mode), logger, now: () => t });
    opened.push(s);
    return s;
  }

  afterAll(async () => {
    for (const s of opened) {
      await cleanup(s);
      await s.close();
    }
  });

  async function create(s: Store, over: Partial<NewGame> = {}, at = t): Promise<StoredGame> {
    t = at;
    const r = await s.games.create(newGame(over));
    if (!r.ok) throw new Error(`create failed: ${r.reason}`);
    return r.game;
  }
  const ids = (gs: StoredGame[]) => gs.map((g) => g.id);

  /**
   * n copies of a game's record under new ids, created at `at`, `at + 1`, ... and put in the given indexes (one
   * pipeline: far faster than n creations, which bind channels one by one). Returns their ids, oldest first.
   */
  async function clones(s: Store, of: StoredGame, n: number, at: number, indexes: string[]): Promise<string[]> {
    const fields = await s.redis.hgetall(`${s.prefix}game:{${of.id}}`);
    const out: string[] = [];
    const p = s.redis.pipeline();
    for (let i = 0; i < n; i++) {
      const id = newId();
      out.push(id);
      p.hset(`${s.prefix}game:{${id}}`, { ...fields, id: JSON.stringify(id), createdAt: String(at + i) });
      for (const key of indexes) p.zadd(key, at + i, id);
    }
    await p.exec();
    return out;
  }
  const score = (s: Store, key: string, id: string) => s.redis.zscore(key, id);

  it('a new game goes into every index with its creation time as score (due: its wake time)', async () => {
    const s = await fresh();
    const k = `${s.prefix}`;
    const [a, b] = [uid('a'), uid('b')];
    const guild = uid('g');
    const g = await create(s, { guildId: guild, players: players(a, b), clock: clock(7_777) }, 2_000_000);
    expect(g.createdAt).toBe(2_000_000);
    expect(await score(s, `${k}games:active`, g.id)).toBe('2000000');
    expect(await score(s, `${k}games:active:guild:${guild}`, g.id)).toBe('2000000');
    for (const u of [a, b]) {
      expect(await score(s, `${k}user:{${u}}:games`, g.id)).toBe('2000000');
      expect(await score(s, `${k}user:{${u}}:active`, g.id)).toBe('2000000');
    }
    expect(await score(s, `${k}games:due`, g.id)).toBe('7777');
    expect(await s.gameIndex.countActive()).toBe(1);
    expect(await s.gameIndex.due(7_777)).toEqual([g.id]);
    expect(await s.gameIndex.due(7_776)).toEqual([]);
  });

  it('a game without a server, without a clock or without a wake time is in no server index and not due', async () => {
    const s = await fresh();
    const dm = await create(s, { guildId: null, clock: clock(null) });
    const none = await create(s, { guildId: null });
    const zero = await create(s, { guildId: null, clock: clock(0) });
    expect(await s.redis.keys(`${s.prefix}games:active:guild:*`)).toEqual([]);
    expect(await s.gameIndex.countActive()).toBe(3);
    // A wake time of 0 is a time (not "none"): indexed at 0.
    expect(await s.redis.zrange(`${s.prefix}games:due`, 0, -1, 'WITHSCORES')).toEqual([zero.id, '0']);
    expect((await s.gameIndex.listActive()).map((g) => g.id).sort()).toEqual([dm.id, none.id, zero.id].sort());
  });

  it('the end of a game takes it out of the active, server, player-active, due and AI indexes, and frees the channel', async () => {
    const s = await fresh();
    const [a, b] = [uid('a'), uid('b')];
    const guild = uid('g');
    const g = await create(s, { guildId: guild, players: players(a, b), clock: clock(10) });
    const other = await create(s, { guildId: guild, players: players(a, b), clock: clock(20) });
    await s.redis.zadd(`${s.prefix}games:ai-turns`, 5, g.id, 6, other.id);
    expect(await s.redis.get(`${s.prefix}channel:{${g.channelId}}:active`)).toBe(g.id);
    const r = await s.games.update(g.id, 1, { status: 'over', result: { winner: 0, draw: false, reason: 'resign' } });
    expect(r.ok).toBe(true);
    const k = s.prefix;
    expect(await s.redis.zrange(`${k}games:active`, 0, -1)).toEqual([other.id]);
    expect(await s.redis.zrange(`${k}games:active:guild:${guild}`, 0, -1)).toEqual([other.id]);
    expect(await s.redis.zrange(`${k}games:due`, 0, -1)).toEqual([other.id]);
    expect(await s.redis.zrange(`${k}games:ai-turns`, 0, -1)).toEqual([other.id]);
    for (const u of [a, b]) {
      expect(await s.redis.zrange(`${k}user:{${u}}:active`, 0, -1)).toEqual([other.id]);
      // The player's history keeps it.
      expect((await s.redis.zrange(`${k}user:{${u}}:games`, 0, -1)).sort()).toEqual([g.id, other.id].sort());
    }
    expect(await s.redis.exists(`${k}channel:{${g.channelId}}:active`)).toBe(0);
    expect(await s.redis.get(`${k}channel:{${other.channelId}}:active`)).toBe(other.id);
    expect(await s.gameIndex.countActive()).toBe(1);
  });

  it('the end of a game leaves its channel alone when the channel is bound to another game', async () => {
    const s = await fresh();
    const g = await create(s, { guildId: null });
    const intruder = newId();
    await s.redis.set(`${s.prefix}channel:{${g.channelId}}:active`, intruder);
    await s.games.update(g.id, 1, { status: 'aborted', result: { winner: null, draw: false, reason: 'abort' } });
    expect(await s.redis.get(`${s.prefix}channel:{${g.channelId}}:active`)).toBe(intruder);
    expect(await s.gameIndex.countActive()).toBe(0);
  });

  it('a clock change moves the game in the due index; a clock without a wake time (or none) takes it out', async () => {
    const s = await fresh();
    const g = await create(s, { clock: clock(100) });
    const due = `${s.prefix}games:due`;
    let r = await s.games.update(g.id, 1, { clock: clock(300) });
    expect(r.ok).toBe(true);
    expect(await score(s, due, g.id)).toBe('300');
    r = await s.games.update(g.id, 2, { clock: clock(null) });
    expect(r.ok).toBe(true);
    expect(await score(s, due, g.id)).toBeNull();
    await s.games.update(g.id, 3, { clock: clock(0) });
    expect(await score(s, due, g.id)).toBe('0');
    await s.games.update(g.id, 4, { clock: null });
    expect(await score(s, due, g.id)).toBeNull();
    // A write that does not touch the clock leaves the index as it is.
    await s.redis.zadd(due, 42, g.id);
    await s.games.update(g.id, 5, { drawOffer: 0 });
    expect(await score(s, due, g.id)).toBe('42');
  });

  it('listActive: newest first, of one server or all, up to the limit (100 by default)', async () => {
    const s = await fresh();
    const guild = uid('g');
    const made: StoredGame[] = [];
    for (let i = 0; i < 3; i++) made.push(await create(s, { guildId: guild }, 10_000 + i));
    const elsewhere = await create(s, { guildId: uid('g') }, 20_000);
    const ofGuild = ids(made).reverse();
    expect(ids(await s.gameIndex.listActive(guild))).toEqual(ofGuild);
    expect(ids(await s.gameIndex.listActive(guild, 2))).toEqual(ofGuild.slice(0, 2));
    expect(ids(await s.gameIndex.listActive())).toEqual([elsewhere.id, ...ofGuild]);
    expect(ids(await s.gameIndex.listActive(null))).toEqual([elsewhere.id, ...ofGuild]);
    expect(ids(await s.gameIndex.listActive(undefined, 1))).toEqual([elsewhere.id]);
    expect(await s.gameIndex.listActive(guild, 0)).toEqual([]);
    // The records as stored.
    expect((await s.gameIndex.listActive(guild, 1))[0]).toEqual(await s.games.get(made[2].id));
    // A guild id that cannot be part of a key lists nothing (and does not fall back to all games).
    for (const bad of ['', 'a b', 'x{y}', 'x'.repeat(101)]) expect(await s.gameIndex.listActive(bad)).toEqual([]);
    // Default limit: 100 of 101.
    const many = await fresh();
    const g2 = uid('g');
    const first = await create(many, { guildId: g2 }, 50_000);
    const k = many.prefix;
    const all = [
      first.id,
      ...(await clones(many, first, 100, 50_001, [`${k}games:active`, `${k}games:active:guild:${g2}`])),
    ].reverse();
    expect(ids(await many.gameIndex.listActive(g2))).toEqual(all.slice(0, 100));
    expect(await many.gameIndex.countActive()).toBe(101);
  });

  it('listByUser: all of a player’s games (finished too), newest first, 20 by default', async () => {
    const s = await fresh();
    const [u, v] = [uid('u'), uid('v')];
    const first = await create(s, { players: players(u, v) }, 30_000);
    const userIndexes = [`${s.prefix}user:{${u}}:games`, `${s.prefix}user:{${v}}:games`];
    const copies = await clones(s, first, 19, 30_001, userIndexes);
    const last = await create(s, { players: players(u, v) }, 30_020);
    await s.games.update(last.id, 1, { status: 'over', result: { winner: 1, draw: false, reason: 'resign' } });
    const newest = [first.id, ...copies, last.id].reverse();
    const listed = await s.gameIndex.listByUser(u);
    expect(ids(listed)).toEqual(newest.slice(0, 20));
    expect(listed[0].status).toBe('over');
    expect(ids(await s.gameIndex.listByUser(v, 21))).toEqual(newest);
    expect(ids(await s.gameIndex.listByUser(v, 3))).toEqual(newest.slice(0, 3));
    expect(await s.gameIndex.listByUser(uid('nobody'))).toEqual([]);
    for (const bad of ['', 'a b', 'x{y}']) expect(await s.gameIndex.listByUser(bad)).toEqual([]);
  });

  it('listActiveByUser / countActiveByUser: active games only (100 listed by default); bad ids list nothing', async () => {
    const s = await fresh();
    const [u, v] = [uid('u'), uid('v')];
    const first = await create(s, { players: players(u, uid('o')) }, 40_000);
    const copies = await clones(s, first, 100, 40_001, [`${s.prefix}user:{${u}}:active`]);
    const newest = [first.id, ...copies].reverse();
    expect(ids(await s.gameIndex.listActiveByUser(u))).toEqual(newest.slice(0, 100));
    expect(ids(await s.gameIndex.listActiveByUser(u, 2))).toEqual(newest.slice(0, 2));
    expect(await s.gameIndex.countActiveByUser(u)).toBe(101);
    await s.games.update(copies[99], 1, { status: 'over', result: { winner: 0, draw: false, reason: 'resign' } });
    expect(await s.gameIndex.countActiveByUser(u)).toBe(100);
    expect(ids(await s.gameIndex.listActiveByUser(u, 1))).toEqual([newest[1]]);
    expect(await s.gameIndex.countActiveByUser(v)).toBe(0);
    expect(await s.gameIndex.listActiveByUser(v)).toEqual([]);
    for (const bad of ['', 'a b', 'x{y}']) {
      expect(await s.gameIndex.listActiveByUser(bad)).toEqual([]);
      expect(await s.gameIndex.countActiveByUser(bad)).toBe(0);
    }
  });

  it('readers drop stale entries (a missing game, a finished one left in an active index) and page on after them', async () => {
    const s = await fresh();
    const u = uid('u');
    const k = s.prefix;
    const live = [
      await create(s, { players: players(u, uid('o')) }, 100),
      await create(s, { players: players(u, uid('o')) }, 101),
    ];
    const over = await create(s, { players: players(u, uid('o')) }, 102);
    await s.games.update(over.id, 1, { status: 'over', result: { winner: 0, draw: false, reason: 'resign' } });
    // A crash between a game's end and its unindexing: still in the active indexes.
    await s.redis.zadd(`${k}user:{${u}}:active`, 500, over.id);
    await s.redis.zadd(`${k}games:active`, 500, over.id);
    // 25 entries newer than every live game, for games that are gone: more than a page (20).
    const gone = Array.from({ length: 25 }, () => newId());
    for (const [i, id] of gone.entries()) {
      await s.redis.zadd(`${k}user:{${u}}:active`, 1_000 + i, id);
      await s.redis.zadd(`${k}user:{${u}}:games`, 1_000 + i, id);
      await s.redis.zadd(`${k}games:active`, 1_000 + i, id);
    }
    expect(ids(await s.gameIndex.listActiveByUser(u, 1))).toEqual([live[1].id]);
    // The gone and the finished are out of the index now; the live games stay.
    expect(await s.redis.zrange(`${k}user:{${u}}:active`, 0, -1)).toEqual([live[0].id, live[1].id]);
    // listByUser keeps a finished game but drops the missing ones.
    expect(ids(await s.gameIndex.listByUser(u, 2))).toEqual([over.id, live[1].id]);
    expect(await s.redis.zcard(`${k}user:{${u}}:games`)).toBe(3);
    // countActive is the index's size (a hint): the stale entries count until a reader prunes them.
    expect(await s.gameIndex.countActive()).toBe(28);
    expect(ids(await s.gameIndex.listActive())).toEqual([live[1].id, live[0].id]);
    expect(await s.gameIndex.countActive()).toBe(2);
    // An index made only of stale entries lists nothing and ends up empty.
    const w = uid('w');
    await s.redis.zadd(`${k}user:{${w}}:active`, 1, newId(), 2, over.id);
    expect(await s.gameIndex.countActiveByUser(w)).toBe(0);
    expect(await s.redis.zcard(`${k}user:{${w}}:active`)).toBe(0);
  });

  it('a reader reads a page of at least 20 entries: it prunes what it read past its limit, never further', async () => {
    const s = await fresh();
    const u = uid('u');
    const index = `${s.prefix}user:{${u}}:active`;
    const first = await create(s, { players: players(u, uid('o')) }, 1_000);
    // 21 live games (scores 1000 ... 1020), a gone game between the newest two, and one older than all.
    await clones(s, first, 20, 1_001, [index]);
    const [near, far] = [newId(), newId()];
    await s.redis.zadd(index, 1_019.5, near, 1, far);
    expect(await s.gameIndex.listActiveByUser(u, 1)).toHaveLength(1);
    expect(await s.redis.zscore(index, near)).toBeNull();
    expect(await s.redis.zscore(index, far)).toBe('1');
    // A limit over 20 reads as many at once: all 22 entries here (21 live: the limit is not reached).
    expect(await s.gameIndex.listActiveByUser(u, 22)).toHaveLength(21);
    expect(await s.redis.zscore(index, far)).toBeNull();
    expect(await s.redis.zcard(index)).toBe(21);
  });

  it('a corrupt record is skipped with a warning and stays in the index; other errors propagate', async () => {
    const warnings: string[] = [];
    const s = await fresh({ warn: (m: string) => warnings.push(m), info: () => {} });
    const guild = uid('g');
    const bad = await create(s, { guildId: guild }, 1);
    const good = await create(s, { guildId: guild }, 2);
    const newer = await create(s, { guildId: guild }, 3);
    await s.redis.hset(`${s.prefix}game:{${bad.id}}`, 'players', '{not json');
    expect(ids(await s.gameIndex.listActive(guild))).toEqual([newer.id, good.id]);
    const skipped = warnings.filter((w) => w.includes('skipped'));
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatch(new RegExp(`^corrupt game record at .*${bad.id}.*\\(skipped\\)$`));
    expect(await s.redis.zscore(`${s.prefix}games:active:guild:${guild}`, bad.id)).toBe('1');
    expect(ids(await s.gameIndex.listActive(guild, 2))).toEqual([newer.id, good.id]);
    expect(ids(await s.gameIndex.listActive(guild, 1))).toEqual([newer.id]);
    // Any other error is no reason to skip: the reader fails.
    vi.spyOn(s.games, 'get').mockRejectedValueOnce(new Error('connection lost'));
    await expect(s.gameIndex.listActive(guild)).rejects.toThrow('connection lost');
  });

  it('due: ids whose wake time is at most now, earliest first, 50 from offset 0 by default', async () => {
    const s = await fresh();
    const due = `${s.prefix}games:due`;
    const entries = Array.from({ length: 52 }, (_, i) => `d${String(i).padStart(3, '0')}`);
    for (const [i, id] of entries.entries()) await s.redis.zadd(due, 1_000 + i, id);
    expect(await s.gameIndex.due(999)).toEqual([]);
    expect(await s.gameIndex.due(1_000)).toEqual([entries[0]]);
    expect(await s.gameIndex.due(1_002)).toEqual(entries.slice(0, 3));
    expect(await s.gameIndex.due(10_000)).toEqual(entries.slice(0, 50));
    expect(await s.gameIndex.due(10_000, 3)).toEqual(entries.slice(0, 3));
    expect(await s.gameIndex.due(10_000, 3, 49)).toEqual(entries.slice(49, 52));
    expect(await s.gameIndex.due(10_000, 100)).toEqual(entries);
  });

  it('repairDue: only an entry still due by then is moved (or removed)', async () => {
    const s = await fresh();
    const due = `${s.prefix}games:due`;
    await s.redis.zadd(due, 100, 'r1', 200, 'r2');
    expect(await s.gameIndex.repairDue('r1', 100, 150)).toBe(true);
    expect(await s.redis.zscore(due, 'r1')).toBe('150');
    expect(await s.gameIndex.repairDue('r2', 199, null)).toBe(false);
    expect(await s.gameIndex.repairDue('r2', 200, null)).toBe(true);
    expect(await s.redis.zscore(due, 'r2')).toBeNull();
    expect(await s.gameIndex.repairDue('r3', 1_000, 5)).toBe(false);
    expect(await s.redis.zscore(due, 'r3')).toBeNull();
  });
});
