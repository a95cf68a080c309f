// Settling a finished game's ratings (ratings.ts) at the match layer: the
// record returned is the one stored with the changes (its version, which the
// final post's Rematch button carries), and a store failure is logged with
// the game left over and unchanged.
import { describe, expect, it } from 'vitest';
import { settleRatings } from '../../src/match/index.js';
import { createGame, harness, HOUR, resigned, useMatchStore } from './harness.js';

const m = useMatchStore('ratings');

async function ended(players: [string, string], opts: { rated?: boolean; bot?: 0 | 1 } = {}) {
  const g = await createGame(Date.now() + HOUR, {
    rated: opts.rated ?? true,
    players: [
      { id: players[0], name: 'A', ...(opts.bot === 0 ? { bot: 'easy' as const } : {}) },
      { id: players[1], name: 'B', ...(opts.bot === 1 ? { bot: 'easy' as const } : {}) },
    ],
  });
  return resigned(g);
}

describe('settleRatings', () => {
  it('gives back the record as stored with its changes: its version is the one a Rematch button needs', async () => {
    const h = harness(() => Date.now());
    const rec = await ended(['ra1', 'rb1']);
    const out = await settleRatings(h.ctx, rec);
    const stored = (await m.store.games.get(rec.id))!;
    expect(out.result?.ratingChanges?.map((c) => c.userId)).toEqual(['ra1', 'rb1']);
    expect(out.version).toBe(stored.version);
    expect(out.version).toBeGreaterThan(rec.version);
  });

  it('a store failure is logged; the game stays over, unchanged, and nothing is thrown', async () => {
    const h = harness(() => Date.now());
    const rec = await ended(['ra2', 'rb2']);
    const store = h.ctx.store;
    const ratings = new Proxy(store.ratings, {
      get: (o, k) =>
        k === 'applyResult' ? () => Promise.reject(new Error('Connection is closed.')) : (Reflect.get(o, k) as unknown),
    });
    h.ctx.store = new Proxy(store, { get: (o, k) => (k === 'ratings' ? ratings : (Reflect.get(o, k) as unknown)) });
    expect(await settleRatings(h.ctx, rec)).toEqual(rec);
    expect(await m.store.games.get(rec.id)).toEqual(rec);
    expect(h.logs.filter((l) => l.gameId === rec.id && l.msg === 'rating update failed')).toHaveLength(1);
  });

  it('applies nothing to a casual game, a game against the AI (on either side), an unfinished one or a settled one', async () => {
    const h = harness(() => Date.now());
    const applied: string[] = [];
    const store = h.ctx.store;
    const ratings = new Proxy(store.ratings, {
      get: (o, k) =>
        k === 'applyResult'
          ? (...args: Parameters<typeof store.ratings.applyResult>) => {
              applied.push(args[1]);
              return store.ratings.applyResult(...args);
            }
          : (Reflect.get(o, k) as unknown),
    });
    h.ctx.store = new Proxy(store, { get: (o, k) => (k === 'ratings' ? ratings : (Reflect.get(o, k) as unknown)) });
    const casual = await ended(['rc1', 'rd1'], { rated: false });
    const aiFirst = await ended(['rc2', 'rd2'], { bot: 0 });
    const aiSecond = await ended(['rc3', 'rd3'], { bot: 1 });
    const live = await createGame(Date.now() + HOUR, { rated: true });
    // Aborted (before each side moved): it has a result, and counts for nobody.
    const started = await ended(['rc5', 'rd5']);
    const aborted = { ...started, status: 'aborted' as const, result: { winner: null, draw: false, reason: 'abort' } };
    for (const rec of [casual, aiFirst, aiSecond, live, aborted]) expect(await settleRatings(h.ctx, rec)).toEqual(rec);
    expect(applied).toEqual([]);
    // Settled once; the owed final post built again from the stored record applies nothing and makes no new version.
    const once = await settleRatings(h.ctx, await ended(['rc4', 'rd4']));
    expect(applied).toHaveLength(1);
    expect(await settleRatings(h.ctx, once)).toBe(once);
    expect(applied).toHaveLength(1);
    expect((await m.store.games.get(once.id))?.version).toBe(once.version);
    for (const id of ['rc1', 'rc2', 'rd2', 'rc3', 'rd3', 'rc5'])
      expect((await m.store.ratings.get('orion', id, 'global')).games).toBe(0);
  });
});
