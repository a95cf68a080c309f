// The puzzle pool and the puzzles' ratings book (issue 20) on real Redis and the embedded store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSnapshot, puzzleId, type Puzzle } from '../../src/model/index.js';
import { openStore, type Store } from '../../src/store/index.js';
import { cleanup, MODES, prefixFor, quiet, uid } from './helpers.js';

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
      [null, start],
    );
    expect(out.applied).toBe(true);
    expect(out.players[1].global.before.rating).toBe(1800);
    expect(out.players[0].global.after.rating).toBeGreaterThan(1500);
    expect(out.players[0].guild!.after.rating).toBeGreaterThan(1500);
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
