// The outbox's edges (src/store/outbox.ts) that the flows of games.test.ts do not reach, found by reading it for
// mutants no test would kill (docs/testing.md): ids and counts it must refuse, a post marked shown while a later one
// is still owed, the hints' order and limit, damaged owner and interaction fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredGame } from '../../src/model/index.js';
import { openStore, type Store } from '../../src/store/index.js';
import { cleanup, MODES, newGame, prefixFor, quiet } from './helpers.js';

describe.each(MODES)('outbox on $name', (mode) => {
  let store: Store;
  const prefix = prefixFor('outbox', mode);
  const gameKey = (id: string) => `${prefix}game:{${id}}`;

  beforeAll(async () => {
    store = await openStore({ url: mode.url, prefix, logger: quiet });
  });
  afterAll(async () => {
    await cleanup(store);
    await store.close();
  });

  /** A new game whose first post `owner` owes. */
  async function owing(owner = 'p1'): Promise<StoredGame> {
    const r = await store.games.create(newGame(), { announce: { owner } });
    if (!r.ok) throw new Error(r.reason);
    return r.game;
  }

  it('ids that are not record ids own nothing; counts that are not counts are refused; nothing changes', async () => {
    const g = await owing();
    const before = await store.redis.hgetall(gameKey(g.id));
    for (const id of ['x{y}', 'ABCD', 'abc', '']) {
      expect(await store.outbox.markShown(id, 1, 0)).toBe(true); // nothing owed there: done
      expect(await store.outbox.owner(id)).toBeNull();
      expect(await store.outbox.claim(id, null, 'p2')).toBeNull();
      expect(await store.outbox.claimReplyPost(id, 1)).toBe(false);
      await expect(store.outbox.releaseReplyPost(id, 1)).resolves.toBeUndefined();
    }
    for (const [version, moves] of [
      [-1, 0],
      [1, -1],
      [1.5, 0],
      [1, 0.5],
      [Number.NaN, 0],
    ])
      await expect(store.outbox.markShown(g.id, version, moves), `${version} ${moves}`).rejects.toThrow(TypeError);
    for (const version of [-1, 1.5]) {
      await expect(store.outbox.claimReplyPost(g.id, version)).rejects.toThrow(TypeError);
      await expect(store.outbox.releaseReplyPost(g.id, version)).rejects.toThrow(TypeError);
    }
    expect(await store.redis.hgetall(gameKey(g.id))).toEqual(before);
    expect(await store.outbox.owed(Date.now() + 1000)).toContain(g.id);
  });

  it('a post marked shown while a later one is owed: false, and the hint and owner stay for the sweep', async () => {
    const g = await owing();
    const m = await store.games.update(g.id, 1, { appendMoves: ['P A'] }, { announce: { owner: 'p1' } });
    if (!m.ok) throw new Error('update refused');
    expect(await store.outbox.markShown(g.id, 1, 0)).toBe(false);
    // The hint was dropped with the mark and put back: still owed.
    expect(await store.outbox.owed(Date.now() + 1000)).toContain(g.id);
    expect(await store.outbox.owner(g.id)).toBe('p1');
    expect(await store.outbox.markShown(g.id, 0, 0)).toBe(false); // version 0 is a count, and shows nothing new
    expect((await store.games.get(g.id))?.shown).toBe(1);
    expect(await store.outbox.markShown(g.id, 2, 1)).toBe(true);
    expect(await store.outbox.owed(Date.now() + 1000)).not.toContain(g.id);
    expect(await store.outbox.owner(g.id)).toBeNull();
  });

  it('owed: the hints up to a time, oldest first, at most `limit` (50 unless asked); recheck moves or drops one', async () => {
    // Hints far in the past: the other tests' hints (now) are not among them.
    const ids = Array.from({ length: 52 }, (_, i) => `old${String(i).padStart(3, '0')}`);
    for (const [i, id] of ids.entries()) await store.outbox.recheck(id, 1000 + i);
    expect(await store.outbox.owed(1001)).toEqual(ids.slice(0, 2));
    expect(await store.outbox.owed(999)).toEqual([]);
    expect(await store.outbox.owed(1051, 3)).toEqual(ids.slice(0, 3));
    expect(await store.outbox.owed(1051)).toEqual(ids.slice(0, 50));
    await store.outbox.recheck(ids[0], null);
    await store.outbox.recheck(ids[1], 5000);
    expect(await store.outbox.owed(1003)).toEqual(ids.slice(2, 4));
    expect(await store.outbox.owed(5000, 60)).toEqual([...ids.slice(2), ids[1]]);
    for (const id of ids) await store.outbox.recheck(id, null);
    expect(await store.outbox.owed(5000)).toEqual([]);
  });

  it('a damaged owner or interaction field reads as absent, and the post can still be taken over', async () => {
    const g = await owing();
    for (const bad of ['not json', '42', 'null', '{"a":1}']) {
      await store.redis.hset(gameKey(g.id), 'ann', bad);
      expect(await store.outbox.owner(g.id), bad).toBeNull();
    }
    await store.redis.hset(gameKey(g.id), 'ann', JSON.stringify('p1'));
    await store.redis.hset(gameKey(g.id), 'reply', 'not json');
    expect(await store.outbox.claim(g.id, 'p1', 'p2')).toEqual({ tries: 1, interaction: null });
    await store.redis.hset(gameKey(g.id), 'reply', JSON.stringify({ token: 7 }));
    expect(await store.outbox.claim(g.id, 'p2', 'p3')).toEqual({ tries: 2, interaction: null });
    expect(await store.outbox.owner(g.id)).toBe('p3');
  });
});
