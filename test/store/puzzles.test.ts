// The puzzle pool, the puzzle check jobs and the puzzles' ratings book (issue 20) on real Redis and the embedded store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSnapshot, puzzleId, type Puzzle } from '../../src/model/index.js';
import { openStore, type Store } from '../../src/store/index.js';
import { cleanup, MODES, openMany, prefixFor, quiet, uid } from './helpers.js';

const puzzle = (n: number, rating: number, game = 'orion'): Puzzle => {
  const moves = ['P2 C4 N', `x${n}`];
  return {
    id: puzzleId(game, 'preset1', moves),
    game,
    setup: 'preset1',
    moves,
    solution: 'S1 J2',
    bestChance: 100,
    secondChance: 40,
    gap: 60,
    rating,
    source: 'mined',
    seed: 1,
  };
};

describe.each(MODES)('puzzles on $name', (mode) => {
  let store: Store;
  const prefix = prefixFor('puzzles', mode);

  beforeAll(async () => {
    store = await openStore({ url: mode.url, prefix, logger: quiet });
  });
  afterAll(async () => {
    await cleanup(store);
    await store.close();
  });

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
