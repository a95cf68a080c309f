// The puzzle pool, the puzzle check jobs and the puzzles' ratings book (issue 20) on real Redis and the embedded store.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { defaultSnapshot, type Puzzle } from '../../src/model/index.js';
import { CorruptRecordError, openStore, type Store } from '../../src/store/index.js';
import { cleanup, MODES, newPuzzle, openMany, prefixFor, rejection, sleep, uid, useStore } from './helpers.js';

const puzzle = (n: number, rating: number, game = 'orion') => newPuzzle(n, { rating, game });

describe.each(MODES)('puzzles on $name', (mode) => {
  let store: Store;
  const prefix = useStore(mode, 'puzzles', (s) => (store = s));

  it('adds a position once, reads it back, and refuses a record that does not validate', async () => {
    const p = puzzle(1, 1500);
    expect(await store.puzzles.add([p, p])).toBe(1);
    expect(await store.puzzles.add([{ ...p, solution: 'D2 K1 NW' }])).toBe(0);
    expect(await store.puzzles.get(p.id)).toEqual(p);
    expect(await store.puzzles.get('nope!')).toBeNull();
    expect(await store.puzzles.get('zzzzzzzz')).toBeNull();
    await expect(store.puzzles.add([{ ...p, id: 'x y' }])).rejects.toThrow();
    await store.redis.set(store.prefix + 'puzzle:{puzzles}:bad00001', '{"id":"bad00001"}');
    await expect(store.puzzles.get('bad00001')).rejects.toThrow(/corrupt puzzle/);
  });

  it('gives the unseen puzzle nearest the rating, and none once all are seen', async () => {
    const game = 'exxit';
    const ps = [puzzle(10, 1100, game), puzzle(11, 1500, game), puzzle(12, 1900, game)];
    await store.puzzles.add(ps);
    expect(await store.puzzles.count(game)).toBe(3);
    const u = uid('u');
    expect((await store.puzzles.pick(game, u, 1450))!.id).toBe(ps[1].id);
    expect(await store.puzzles.see(u, ps[1].id)).toBe(true);
    expect(await store.puzzles.see(u, ps[1].id)).toBe(false);
    // 1100 is 350 away, 1900 is 450.
    expect((await store.puzzles.pick(game, u, 1450))!.id).toBe(ps[0].id);
    await store.puzzles.see(u, ps[0].id);
    expect((await store.puzzles.pick(game, u, 1450))!.id).toBe(ps[2].id);
    await store.puzzles.see(u, ps[2].id);
    expect(await store.puzzles.pick(game, u, 1450)).toBeNull();
    // Another player has seen none; a rerated puzzle moves.
    await store.puzzles.rerate(game, ps[0].id, 2500);
    expect((await store.puzzles.pick(game, uid('v'), 2400))!.id).toBe(ps[0].id);
    expect((await store.puzzles.pick(game, uid('v'), 1100))!.id).toBe(ps[1].id);
  });

  it('chooses a day’s puzzle once, holds its post for one process, records the post', async () => {
    const g = uid('g');
    expect(await store.puzzles.daily(g, '2026-12-04')).toBeNull();
    expect(await store.puzzles.chooseDaily(g, '2026-12-04', 'aaaa1111')).toEqual({
      puzzleId: 'aaaa1111',
      messageId: null,
    });
    expect(await store.puzzles.chooseDaily(g, '2026-12-04', 'bbbb2222')).toEqual({
      puzzleId: 'aaaa1111',
      messageId: null,
    });
    const leases = await Promise.all([
      store.puzzles.leaseDaily(g, '2026-12-04', 'p1', 60_000),
      store.puzzles.leaseDaily(g, '2026-12-04', 'p2', 60_000),
    ]);
    expect(leases.filter(Boolean)).toHaveLength(1);
    await store.puzzles.postedDaily(g, '2026-12-04', '123');
    expect(await store.puzzles.daily(g, '2026-12-04')).toEqual({ puzzleId: 'aaaa1111', messageId: '123' });
    await expect(store.puzzles.daily(g, '04/12/2026')).rejects.toThrow(/invalid day/);
    await store.puzzles.trackDaily(g, true);
    expect(await store.puzzles.dailyGuilds()).toContain(g);
    await store.puzzles.trackDaily(g, false);
    expect(await store.puzzles.dailyGuilds()).not.toContain(g);
  });

  it('records a candidate’s check once per game and ply, leased by one process, ended once, then kept a day', async () => {
    const gameId = uid('g');
    const job = { gameId, ply: 2, game: 'orion', setup: 'preset1', moves: ['P2 C4 N', 'x'], seed: 7 };
    const ref = { gameId, ply: 2 };
    expect(await store.puzzleChecks.create(job)).toBe(true);
    expect(await store.puzzleChecks.create(job)).toBe(false);
    await expect(store.puzzleChecks.create({ ...job, ply: 3 })).rejects.toThrow(); // moves: not as many as the ply
    expect(await store.puzzleChecks.get(ref)).toMatchObject({ ...job, status: 'queued', owner: '', tries: 0 });
    expect((await store.puzzleChecks.pending(Date.now() + 1000)).map((r) => [r.gameId, r.ply])).toContainEqual([
      gameId,
      2,
    ]);

    // One holder at a time: a live lease is refused to another, given to a holder found gone.
    const a = await store.puzzleChecks.lease(ref, 'p1', 1_000, 60_000);
    expect(a).toMatchObject({ ok: true, job: { status: 'running', owner: 'p1', tries: 1 } });
    expect(await store.puzzleChecks.lease(ref, 'p2', 2_000, 60_000)).toEqual({
      ok: false,
      reason: 'held',
      holder: 'p1',
    });
    expect(await store.puzzleChecks.extend(ref, 'p2', 2_000, 60_000)).toBe(false);
    expect(await store.puzzleChecks.lease(ref, 'p2', 2_000, 60_000, 'p1')).toMatchObject({ ok: true });
    // The old holder's steps are refused.
    const p = puzzle(30, 1500);
    expect(await store.puzzleChecks.checked(ref, 'p1', p)).toBe(false);
    expect(await store.puzzleChecks.finish(ref, 'p1', 'rejected')).toBe(false);
    expect(await store.puzzleChecks.checked(ref, 'p2', p)).toBe(true);
    // Given back checked: it stays checked, with its puzzle, for the next holder.
    expect(await store.puzzleChecks.release(ref, 'p2')).toBe(true);
    const next = await store.puzzleChecks.lease(ref, 'p3', 3_000, 60_000);
    expect(next).toMatchObject({ ok: true, job: { status: 'checked', owner: 'p3', tries: 3, puzzle: p } });
    expect(await store.puzzleChecks.finish(ref, 'p3', 'added')).toBe(true);
    expect(await store.puzzleChecks.finish(ref, 'p3', 'added')).toBe(false);
    expect(await store.puzzleChecks.lease(ref, 'p4', 4_000, 60_000)).toEqual({ ok: false, reason: 'over' });
    // Over: out of the index, kept a day (recorded again meanwhile: nothing), then gone.
    expect((await store.puzzleChecks.pending(Date.now() + 1000)).some((r) => r.gameId === gameId)).toBe(false);
    expect(await store.puzzleChecks.create(job)).toBe(false);
    const ttl = await store.redis.pttl(`${prefix}game:{${gameId}}:puzzle-check:2`);
    expect(ttl).toBeGreaterThan(86_000_000);
    expect(ttl).toBeLessThanOrEqual(86_400_000);
  });

  it('takes a waiting check for one process of many racing', async () => {
    const stores = await openMany(mode, prefix, 4);
    const ref = { gameId: uid('g'), ply: 0 };
    await store.puzzleChecks.create({ ...ref, game: 'orion', setup: 'preset1', moves: [], seed: 1 });
    const got = await Promise.all(stores.map((s, i) => s.puzzleChecks.lease(ref, `p${i}`, 1_000, 60_000)));
    expect(got.filter((g) => g.ok)).toHaveLength(1);
    await Promise.all(stores.slice(1).map((s) => s.close()));
  });

  it('refuses a damaged check job, and drops hints that name none', async () => {
    const ref = { gameId: uid('g'), ply: 1 };
    await store.puzzleChecks.create({ ...ref, game: 'orion', setup: 'preset1', moves: ['P2 C4 N'], seed: 1 });
    const key = `${prefix}game:{${ref.gameId}}:puzzle-check:1`;
    await store.redis.hset(key, 'ply', '4');
    await expect(store.puzzleChecks.get(ref)).rejects.toThrow(/corrupt puzzle-check record/);
    await store.redis.hset(key, 'ply', '1', 'status', '"lost"');
    await expect(store.puzzleChecks.get(ref)).rejects.toThrow(/corrupt puzzle-check record/);
    await store.puzzleChecks.skip(ref);
    expect(await store.redis.pttl(key)).toBeGreaterThan(0);
    expect(await store.puzzleChecks.lease(ref, 'p1', 1_000, 60_000)).toEqual({ ok: false, reason: 'over' });
    await store.redis.zadd(`${prefix}puzzle-checks:pending`, 1, 'no-ply-here', 2, 'abcd1234:x', 3, 'abcd1234:5');
    expect((await store.puzzleChecks.pending(10)).map((r) => [r.gameId, r.ply, r.at])).toEqual([['abcd1234', 5, 3]]);
    expect(await store.redis.zrange(`${prefix}puzzle-checks:pending`, 0, 0)).toEqual(['abcd1234:5']);
  });

  it('keeps puzzle ratings in a book of their own, once per attempt, the puzzle starting at its difficulty', async () => {
    const [u, guild] = [uid('u'), uid('g')];
    const p =
      'pz' +
      uid('p')
        .replace(/[^0-9a-z]/g, '')
        .slice(0, 12);
    const start = { ...defaultSnapshot(), rating: 1800, rd: 200 };
    const attempt = 'att' + Date.now().toString(36);
    const out = await store.puzzleRatings.applyResult(
      'orion',
      attempt,
      guild,
      [u, p],
      { winner: 0, draw: false },
      1000,
      {},
      [null, { start, globalOnly: true }],
    );
    expect(out.applied).toBe(true);
    expect(out.players[1].global.before.rating).toBe(1800);
    expect(out.players[0].global.after.rating).toBeGreaterThan(1500);
    expect(out.players[0].guild!.after.rating).toBeGreaterThan(1500);
    // The puzzle is rated globally only: no server-scope entry, off the server's board; the player's server rating
    // moved against the puzzle's global one (1800), as their global one did.
    expect(out.players[1].guild).toBeNull();
    expect(await store.puzzleRatings.get('orion', p, `guild:${guild}`)).toEqual(defaultSnapshot());
    expect((await store.puzzleRatings.top('orion', `guild:${guild}`, 10)).map((e) => e.userId)).toEqual([u]);
    expect(await store.redis.exists(`${prefix}ratings:{puzzle-ratings:orion}:player:guild:${guild}:${p}`)).toBe(0);
    expect(out.players[0].guild!.after.rating).toBe(out.players[0].global.after.rating);
    expect((await store.puzzleRatings.get('orion', p, 'global')).rating).toBe(out.players[1].global.after.rating);
    // The games' book does not move; the same attempt again changes nothing.
    expect(await store.ratings.get('orion', u, 'global')).toEqual(defaultSnapshot());
    const again = await store.puzzleRatings.applyResult(
      'orion',
      attempt,
      guild,
      [u, p],
      { winner: 1, draw: false },
      2000,
    );
    expect(again.applied).toBe(false);
    expect((await store.puzzleRatings.get('orion', u, 'global')).rating).toBe(out.players[0].global.after.rating);
  });
});

const DAY = 86_400_000;

// The pool to the letter: each test on a prefix of its own (the pools' sizes matter to pick's search), the warnings
// caught, every refusal of bad input and the daily posts' records and times to live.
describe.each(MODES)('the puzzle pool, exactly, on $name', (mode) => {
  const opened: Store[] = [];
  const warnings: string[] = [];
  const logger = { warn: (m: string) => void warnings.push(m), info: () => {} };
  async function fresh(): Promise<Store> {
    const s = await openStore({ url: mode.url, prefix: prefixFor('puzzles-exact', mode), logger });
    opened.push(s);
    warnings.length = 0;
    return s;
  }
  afterAll(async () => {
    for (const s of opened) {
      await cleanup(s);
      await s.close();
    }
  });

  /** n puzzles of exxit rated 1000, 1010, 1020, ... (index i at 1000 + 10 i), written in one round trip. */
  async function pool(s: Store, n: number): Promise<Puzzle[]> {
    const ps = Array.from({ length: n }, (_, i) => puzzle(100 + i, 1000 + 10 * i, 'exxit'));
    const m = s.redis.multi();
    for (const p of ps) {
      m.set(`${s.prefix}puzzle:{puzzles}:${p.id}`, JSON.stringify(p));
      m.zadd(`${s.prefix}puzzle:{puzzles}:pool:exxit`, p.rating, p.id);
    }
    await m.exec();
    expect(await s.puzzles.count('exxit')).toBe(n);
    return ps;
  }
  const seeAll = (s: Store, u: string, ps: Puzzle[]) =>
    s.redis.sadd(`${s.prefix}puzzle:{user:${u}}:seen`, ...ps.map((p) => p.id));

  it('adds and counts each new position once, per game, and stores the record and its rating', async () => {
    const s = await fresh();
    const a = puzzle(1, 1234);
    const b = puzzle(2, 1500);
    expect(await s.puzzles.add([])).toBe(0);
    expect(await s.puzzles.add([a, b, a])).toBe(2);
    expect(await s.puzzles.add([b, a])).toBe(0);
    expect(await s.puzzles.add([puzzle(3, 900), a])).toBe(1);
    expect(await s.puzzles.count('orion')).toBe(3);
    expect(await s.puzzles.count('exxit')).toBe(0);
    expect(await s.redis.zscore(`${s.prefix}puzzle:{puzzles}:pool:orion`, a.id)).toBe('1234');
    expect(JSON.parse((await s.redis.get(`${s.prefix}puzzle:{puzzles}:${a.id}`))!)).toEqual(a);
    expect(await s.redis.pttl(`${s.prefix}puzzle:{puzzles}:${a.id}`)).toBe(-1);
    expect(await rejection(s.puzzles.count('chess' as never))).toEqual(new TypeError('unknown game'));
  });

  it('reads a puzzle back; an id that is no id is null without a look, a damaged record names its issues', async () => {
    const s = await fresh();
    const key = (id: string) => `${s.prefix}puzzle:{puzzles}:${id}`;
    const p = puzzle(1, 1500);
    // A record under a key that is no record id is not read.
    await s.redis.set(key('NOPE'), JSON.stringify({ ...p, id: 'NOPE' }));
    expect(await s.puzzles.get('NOPE')).toBeNull();
    expect(await s.puzzles.get('abc')).toBeNull();
    expect(await s.puzzles.get(p.id)).toBeNull();

    await s.redis.set(key('bad00001'), 'not json');
    const notJson = (await rejection(s.puzzles.get('bad00001'))) as CorruptRecordError;
    expect(notJson).toBeInstanceOf(CorruptRecordError);
    expect([notJson.kind, notJson.key, notJson.issues]).toEqual(['puzzle', key('bad00001'), ['not JSON']]);

    await s.redis.set(key('bad00002'), JSON.stringify({ ...p, id: 'bad00002', moves: ['ok', ''] }));
    const bad = (await rejection(s.puzzles.get('bad00002'))) as CorruptRecordError;
    expect(bad).toBeInstanceOf(CorruptRecordError);
    expect(bad.kind).toBe('puzzle');
    expect(bad.key).toBe(key('bad00002'));
    expect(bad.issues).toHaveLength(1);
    expect(bad.issues[0]).toMatch(/^moves\.1: ./);

    // A valid record under another puzzle's key.
    await s.redis.set(key('bad00003'), JSON.stringify(p));
    const other = (await rejection(s.puzzles.get('bad00003'))) as CorruptRecordError;
    expect(other).toBeInstanceOf(CorruptRecordError);
    expect([other.kind, other.key, other.issues]).toEqual(['puzzle', key('bad00003'), ['id: not its key']]);
  });

  it('picks the nearest unseen puzzle: the lower id on a tie, the search window centred on the rating', async () => {
    const s = await fresh();
    const [low, high] = [puzzle(1, 1400, 'exxit'), puzzle(2, 1600, 'exxit')];
    await s.puzzles.add([low, high]);
    const first = [low, high].sort((x, y) => (x.id < y.id ? -1 : 1))[0];
    expect((await s.puzzles.pick('exxit', uid('u'), 1500))!.id).toBe(first.id);
    // Just below and above: the distance counts, whichever side.
    expect((await s.puzzles.pick('exxit', uid('u'), 1499))!.id).toBe(low.id);
    expect((await s.puzzles.pick('exxit', uid('u'), 1501))!.id).toBe(high.id);
    expect((await s.puzzles.pick('exxit', uid('u'), 1600))!.id).toEqual(high.id);
    expect(await s.puzzles.pick('orion', uid('u'), 1500)).toBeNull();
    expect(await s.puzzles.pick('exxit', uid('u'), 1500)).toEqual(first);
    // The other way round (the lower id rated higher here: below, lower): the lower id still wins the tie.
    const t = await fresh();
    const [low2, high2] = [puzzle(4, 1400, 'exxit'), puzzle(3, 1600, 'exxit')];
    expect(low2.id < high2.id).toBe(!(low.id < high.id));
    await t.puzzles.add([low2, high2]);
    expect((await t.puzzles.pick('exxit', uid('u'), 1500))!.id).toBe(low2.id < high2.id ? low2.id : high2.id);
  });

  it('searches a large pool outwards from the rating, at either end and past what the player has seen', async () => {
    const s = await fresh();
    const ps = await pool(s, 100);
    // 1501: 51 puzzles below it, the nearest 1500 (i = 50), then 1510.
    expect(await s.puzzles.pick('exxit', uid('u'), 1501)).toEqual(ps[50]);
    expect(await s.puzzles.pick('exxit', uid('u'), 0)).toEqual(ps[0]);
    expect(await s.puzzles.pick('exxit', uid('u'), 9999)).toEqual(ps[99]);
    expect(await s.puzzles.pick('exxit', uid('u'), 1999)).toEqual(ps[99]);
    // Seen: everything from 1200 to 1800 (past the first round's window): 1810 is 309 away, 1190 is 311.
    const u = uid('u');
    await seeAll(s, u, ps.slice(20, 81));
    expect(await s.puzzles.pick('exxit', u, 1501)).toEqual(ps[81]);
    await seeAll(s, u, [ps[81]]);
    expect(await s.puzzles.pick('exxit', u, 1501)).toEqual(ps[19]);
    // The lowest seen: the search from below goes up the pool.
    const v = uid('v');
    await seeAll(s, v, ps.slice(0, 70));
    expect(await s.puzzles.pick('exxit', v, 0)).toEqual(ps[70]);
    const w = uid('w');
    await seeAll(s, w, ps.slice(1));
    expect(await s.puzzles.pick('exxit', w, 9999)).toEqual(ps[0]);
    await seeAll(s, w, [ps[0]]);
    expect(await s.puzzles.pick('exxit', w, 1501)).toBeNull();
    expect(await s.puzzles.pick('exxit', w, 0)).toBeNull();
  });

  it('counts the puzzles below the rating from the lowest rating, below zero too', async () => {
    const s = await fresh();
    const ps = await pool(s, 100);
    // Rated -500 .. 490: 80 below 300 (the nearest i = 80), 50 below 0.
    for (const [i, p] of ps.entries()) await s.puzzles.rerate('exxit', p.id, -500 + 10 * i);
    expect((await s.puzzles.pick('exxit', uid('u'), 300))!.id).toBe(ps[80].id);
    expect((await s.puzzles.pick('exxit', uid('u'), -301))!.id).toBe(ps[20].id);
    expect((await s.puzzles.pick('exxit', uid('u'), 1))!.id).toBe(ps[50].id);
  });

  it('finds the unseen puzzle at the far end of a small pool (none is null only once all are seen)', async () => {
    const s = await fresh();
    const ps = await pool(s, 20);
    const u = uid('u');
    // The 17 lowest seen: the first window from the bottom (0..16) holds no unseen one, but the pool does.
    await seeAll(s, u, ps.slice(0, 17));
    expect(await s.puzzles.pick('exxit', u, 0)).toEqual(ps[17]);
    const v = uid('v');
    await seeAll(s, v, ps.slice(3));
    expect(await s.puzzles.pick('exxit', v, 9999)).toEqual(ps[2]);
    await seeAll(s, v, ps.slice(0, 3));
    expect(await s.puzzles.pick('exxit', v, 9999)).toBeNull();
  });

  it('passes over a damaged puzzle once, with a warning, and gives the next; a failing read is no damage', async () => {
    const s = await fresh();
    const ps = await pool(s, 100);
    const key = `${s.prefix}puzzle:{puzzles}:${ps[50].id}`;
    await s.redis.set(key, JSON.stringify({ ...ps[50], id: ps[49].id }));
    expect(await s.puzzles.pick('exxit', uid('u'), 1501)).toEqual(ps[51]);
    expect(warnings).toEqual([`corrupt puzzle record at ${key}: id: not its key (passed over)`]);
    // Past the first round: the damaged one is still passed over once.
    warnings.length = 0;
    const u = uid('u');
    await seeAll(s, u, ps.slice(20, 50));
    await seeAll(s, u, ps.slice(51, 81));
    expect(await s.puzzles.pick('exxit', u, 1501)).toEqual(ps[81]);
    expect(warnings).toHaveLength(1);
    // A read that fails is an error, not a puzzle to pass over.
    vi.spyOn(s.redis, 'get').mockRejectedValueOnce(new Error('connection lost'));
    expect(await rejection(s.puzzles.pick('exxit', uid('u'), 1501))).toEqual(new Error('connection lost'));
    expect(warnings).toHaveLength(1);
  });

  it('refuses a game it does not know, a bad player id, a bad puzzle id and a bad rating', async () => {
    const s = await fresh();
    const [p] = await pool(s, 1);
    expect(await rejection(s.puzzles.pick('chess' as never, 'u1', 1500))).toEqual(new TypeError('unknown game'));
    const badUser = await rejection(s.puzzles.pick('exxit', 'a b', 1500));
    expect(badUser).toBeInstanceOf(TypeError);
    expect((badUser as Error).message).toMatch(/^invalid player id/);
    expect(((await rejection(s.puzzles.see('a{b}', p.id))) as Error).message).toMatch(/^invalid player id/);
    expect(await rejection(s.puzzles.see('u1', 'No!'))).toEqual(new TypeError('invalid puzzle id'));
    expect(await s.redis.exists(`${s.prefix}puzzle:{user:u1}:seen`)).toBe(0);
    expect(await s.puzzles.see('u1', p.id)).toBe(true);
    expect(await s.redis.smembers(`${s.prefix}puzzle:{user:u1}:seen`)).toEqual([p.id]);

    const invalid = new TypeError('invalid rerate');
    expect(await rejection(s.puzzles.rerate('chess' as never, p.id, 1))).toEqual(invalid);
    expect(await rejection(s.puzzles.rerate('exxit', 'No!', 1))).toEqual(invalid);
    expect(await rejection(s.puzzles.rerate('exxit', p.id, Number.NaN))).toEqual(invalid);
    expect(await rejection(s.puzzles.rerate('exxit', p.id, Number.POSITIVE_INFINITY))).toEqual(invalid);
    const poolKey = `${s.prefix}puzzle:{puzzles}:pool:exxit`;
    expect(await s.redis.zscore(poolKey, p.id)).toBe('1000');
    // Only a puzzle in the pool moves: another id is not added.
    await s.puzzles.rerate('exxit', 'abcd0000', 1700);
    expect(await s.puzzles.count('exxit')).toBe(1);
    await s.puzzles.rerate('exxit', p.id, 1712.5);
    expect(await s.redis.zscore(poolKey, p.id)).toBe('1712.5');
    expect(await s.puzzles.count('orion')).toBe(0);
  });

  it('chooses a day’s puzzle once and keeps it four days; a post recorded keeps the choice and renews them', async () => {
    const s = await fresh();
    const g = uid('g');
    const key = `${s.prefix}puzzle:{daily:${g}}:2026-01-31`;
    expect(await rejection(s.puzzles.chooseDaily(g, '2026-01-31', 'No!'))).toEqual(new TypeError('invalid puzzle id'));
    expect(await s.redis.exists(key)).toBe(0);
    expect(await rejection(s.puzzles.postedDaily(g, '2026-01-31', 'm1'))).toEqual(
      new Error('postedDaily: the day has no puzzle chosen'),
    );
    expect(await s.redis.exists(key)).toBe(0);
    expect(await s.puzzles.chooseDaily(g, '2026-01-31', 'abcd1234')).toEqual({ puzzleId: 'abcd1234', messageId: null });
    expect(JSON.parse((await s.redis.get(key))!)).toEqual({ puzzleId: 'abcd1234', messageId: null });
    const ttl = await s.redis.pttl(key);
    expect(ttl).toBeGreaterThan(4 * DAY - 60_000);
    expect(ttl).toBeLessThanOrEqual(4 * DAY);
    // Another day, another server: their own choices.
    expect(await s.puzzles.daily(g, '2026-02-01')).toBeNull();
    expect(await s.puzzles.daily(uid('g'), '2026-01-31')).toBeNull();

    await s.redis.pexpire(key, 5_000);
    await s.puzzles.postedDaily(g, '2026-01-31', 'm1');
    expect(JSON.parse((await s.redis.get(key))!)).toEqual({ puzzleId: 'abcd1234', messageId: 'm1' });
    expect(await s.redis.pttl(key)).toBeGreaterThan(4 * DAY - 60_000);
    await s.puzzles.postedDaily(g, '2026-01-31', 'm2');
    expect(await s.puzzles.daily(g, '2026-01-31')).toEqual({ puzzleId: 'abcd1234', messageId: 'm2' });
    expect(await s.puzzles.chooseDaily(g, '2026-01-31', 'ffff0000')).toEqual({ puzzleId: 'abcd1234', messageId: 'm2' });
  });

  it('reads a day’s record as it is meant: extra fields left out, a damaged one refused', async () => {
    const s = await fresh();
    const g = uid('g');
    const day = '2026-03-05';
    const key = `${s.prefix}puzzle:{daily:${g}}:${day}`;
    await s.redis.set(key, JSON.stringify({ puzzleId: 'abcd1234', messageId: '77', extra: true }));
    expect(await s.puzzles.daily(g, day)).toEqual({ puzzleId: 'abcd1234', messageId: '77' });
    for (const raw of [
      'null',
      '5',
      '"abcd1234"',
      '{"messageId":null}',
      '{"puzzleId":"No!","messageId":null}',
      '{"puzzleId":"abcd1234"}',
      '{"puzzleId":"abcd1234","messageId":5}',
    ]) {
      await s.redis.set(key, raw);
      const e = (await rejection(s.puzzles.daily(g, day))) as CorruptRecordError;
      expect(e).toBeInstanceOf(CorruptRecordError);
      expect([e.kind, e.key, e.issues]).toEqual(['puzzle', key, ['not a daily puzzle']]);
    }
    await s.redis.set(key, '{');
    const e = (await rejection(s.puzzles.daily(g, day))) as CorruptRecordError;
    expect([e.kind, e.key, e.issues]).toEqual(['puzzle', key, ['not JSON']]);
  });

  it('refuses a bad server, day or owner before any write', async () => {
    const s = await fresh();
    const g = uid('g');
    const badDay = new TypeError('invalid day: expected YYYY-MM-DD');
    for (const day of ['2026-1-05', '2026-01-05x', 'x2026-01-05', '20260105', '']) {
      expect(await rejection(s.puzzles.daily(g, day))).toEqual(badDay);
      expect(await rejection(s.puzzles.chooseDaily(g, day, 'abcd1234'))).toEqual(badDay);
      expect(await rejection(s.puzzles.leaseDaily(g, day, 'p1', 1000))).toEqual(badDay);
    }
    const badGuild = (await rejection(s.puzzles.daily('g 1', '2026-01-05'))) as Error;
    expect(badGuild).toBeInstanceOf(TypeError);
    expect(badGuild.message).toMatch(/^invalid guild id/);
    expect(((await rejection(s.puzzles.leaseDaily('', '2026-01-05', 'p1', 1000))) as Error).message).toMatch(
      /^invalid guild id/,
    );
    expect(((await rejection(s.puzzles.trackDaily('{g}', true))) as Error).message).toMatch(/^invalid guild id/);
    const badOwner = (await rejection(s.puzzles.leaseDaily(g, '2026-01-05', 'p 1', 1000))) as Error;
    expect(badOwner).toBeInstanceOf(TypeError);
    expect(badOwner.message).toMatch(/^invalid owner/);
    expect(await s.redis.keys(`${s.prefix}*`)).toEqual(
      (await s.redis.keys(`${s.prefix}*`)).filter((k) => !k.includes(g)),
    );
    expect(await s.redis.exists(`${s.prefix}puzzle:{daily:${g}}:2026-01-05:lease`)).toBe(0);
  });

  it('holds a day’s post for one owner for the lease’s time, at least a millisecond', async () => {
    const s = await fresh();
    const g = uid('g');
    const lease = (day: string) => `${s.prefix}puzzle:{daily:${g}}:${day}:lease`;
    expect(await s.puzzles.leaseDaily(g, '2026-04-01', 'p1', 60_000)).toBe(true);
    expect(await s.puzzles.leaseDaily(g, '2026-04-01', 'p1', 60_000)).toBe(false);
    expect(await s.puzzles.leaseDaily(g, '2026-04-01', 'p2', 60_000)).toBe(false);
    expect(await s.redis.get(lease('2026-04-01'))).toBe('p1');
    const ttl = await s.redis.pttl(lease('2026-04-01'));
    expect(ttl).toBeGreaterThan(59_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // Another day is another lease; a fraction is rounded.
    expect(await s.puzzles.leaseDaily(g, '2026-04-02', 'p2', 30_000.4)).toBe(true);
    expect(await s.redis.pttl(lease('2026-04-02'))).toBeGreaterThan(29_000);
    expect(await s.redis.pttl(lease('2026-04-02'))).toBeLessThanOrEqual(30_000);
    // Nothing (or less) is a millisecond: gone at once.
    expect(await s.puzzles.leaseDaily(g, '2026-04-03', 'p3', 0)).toBe(true);
    expect(await s.puzzles.leaseDaily(g, '2026-04-04', 'p3', -5)).toBe(true);
    await sleep(20);
    expect(await s.redis.exists(lease('2026-04-03'))).toBe(0);
    expect(await s.redis.exists(lease('2026-04-04'))).toBe(0);
    expect(await s.puzzles.leaseDaily(g, '2026-04-03', 'p4', 1000)).toBe(true);
  });

  it('tracks the servers with a daily post, leaving out a stored member that is no id', async () => {
    const s = await fresh();
    expect(await s.puzzles.dailyGuilds()).toEqual([]);
    await s.puzzles.trackDaily('g1', true);
    await s.puzzles.trackDaily('g2', true);
    await s.puzzles.trackDaily('g1', true);
    await s.redis.sadd(`${s.prefix}puzzle:daily-guilds`, 'bad id', '{x}');
    expect((await s.puzzles.dailyGuilds()).sort()).toEqual(['g1', 'g2']);
    await s.puzzles.trackDaily('g1', false);
    await s.puzzles.trackDaily('g3', false);
    expect(await s.puzzles.dailyGuilds()).toEqual(['g2']);
  });
});
