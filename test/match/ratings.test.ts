// Settling a finished game's ratings (ratings.ts) at the match layer: the
// record returned is the one stored with the changes (its version, which the
// final post's Rematch button carries), and a store failure is logged with
// the game left over and unchanged.
import { describe, expect, it } from 'vitest';
import { settleRatings } from '../../src/match/index.js';
import { createGame, harness, HOUR, useMatchStore } from './harness.js';

const m = useMatchStore('ratings');

async function ended(players: [string, string]) {
  const g = await createGame(Date.now() + HOUR, {
    rated: true,
    players: [
      { id: players[0], name: 'A' },
      { id: players[1], name: 'B' },
    ],
  });
  const r = await m.store.games.update(g.id, g.version, {
    status: 'over',
    result: { winner: 0, draw: false, reason: 'resign' },
  });
  if (!r.ok) throw new Error('update');
  return r.game;
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
});
