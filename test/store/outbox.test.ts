// The outbox's edges (src/store/outbox.ts) that the flows of games.test.ts do not reach, found by reading it for
// mutants no test would kill (docs/testing.md): ids and counts it must refuse, a post marked shown while a later one
// is still owed, the hints' order and limit, damaged owner and interaction fields.
import { describe, expect, it, vi } from 'vitest';
import type { Store } from '../../src/store/index.js';
import { makeKeys } from '../../src/store/keys.js';
import { GAME_CLAIM_ANNOUNCEMENT } from '../../src/store/scripts.js';
import { MODES, newGame, owingGame, uid, useStore } from './helpers.js';

describe.each(MODES)('outbox on $name', (mode) => {
  let store: Store;
  const prefix = useStore(mode, 'outbox', (s) => (store = s));
  const gameKey = (id: string) => `${prefix}game:{${id}}`;

  /** A new game whose first post `owner` owes. */
  const owing = (owner?: string) => owingGame(store, owner);

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
      await expect(store.outbox.markShown(g.id, version, moves), `${version} ${moves}`).rejects.toThrow(
        new TypeError('markShown: version and moves must be counts'),
      );
    for (const version of [-1, 1.5]) {
      await expect(store.outbox.claimReplyPost(g.id, version)).rejects.toThrow(
        new TypeError('claimReplyPost: version must be a count'),
      );
      await expect(store.outbox.releaseReplyPost(g.id, version)).rejects.toThrow(
        new TypeError('releaseReplyPost: version must be a count'),
      );
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

  it('pending: the tries and the interaction, read without claiming (nothing changes); damage reads as none', async () => {
    const g = await owing('p1');
    expect(await store.outbox.pending(g.id)).toEqual({ tries: 0, interaction: null });
    const interaction = { token: 't', createdAt: 1, component: true };
    await store.redis.hset(gameKey(g.id), 'reply', JSON.stringify(interaction));
    await store.outbox.claim(g.id, 'p1', 'p2');
    await store.outbox.claim(g.id, 'p2', 'p3');
    const before = await store.redis.hgetall(gameKey(g.id));
    expect(await store.outbox.pending(g.id)).toEqual({ tries: 2, interaction });
    expect(await store.redis.hgetall(gameKey(g.id))).toEqual(before);
    expect(await store.outbox.owner(g.id)).toBe('p3');
    for (const [tries, reply] of [
      ['x', 'not json'],
      ['-1', JSON.stringify({ token: 7 })],
      ['1.5', 'null'],
    ]) {
      await store.redis.hset(gameKey(g.id), 'annTries', tries, 'reply', reply);
      expect(await store.outbox.pending(g.id), tries).toEqual({ tries: 0, interaction: null });
    }
    for (const id of ['x{y}', 'ABCD', ''])
      expect(await store.outbox.pending(id)).toEqual({ tries: 0, interaction: null });
    expect(await store.outbox.pending(uid())).toEqual({ tries: 0, interaction: null });
  });
});

// The outbox to the letter, with the store's clock in the test's hands: the hint's time when a post is still owed,
// a missing game counted as shown, what claim gives the script and reads back, version 0 as a count.
describe.each(MODES)('outbox, exactly, on $name', (mode) => {
  let store: Store;
  let t = 10_000;
  const prefix = useStore(mode, 'outbox-exact', (s) => (store = s), { now: () => t });
  const k = makeKeys(prefix);
  /** A new game whose first post `owner` owes. */
  const owing = (owner?: string) => owingGame(store, owner);
  const hintAt = (id: string) => store.redis.zscore(k.owedGames(), id);

  it('markShown of a missing game: done, its stray hint dropped and not put back', async () => {
    const id = uid('gone');
    await store.redis.zadd(k.owedGames(), 1, id);
    expect(await store.outbox.markShown(id, 1, 0)).toBe(true);
    expect(await hintAt(id)).toBeNull();
    expect(await store.redis.exists(k.game(id))).toBe(0);
  });

  it('markShown while a later post is owed puts the hint back at the store’s time; shown fields as given', async () => {
    t = 20_000;
    const g = await owing();
    expect(await hintAt(g.id)).toBe('20000');
    await store.games.update(g.id, 1, { drawOffer: 0 }, { announce: { owner: 'p1' } });
    t = 21_500;
    expect(await store.outbox.markShown(g.id, 1, 0)).toBe(false);
    expect(await hintAt(g.id)).toBe('21500');
    expect(await store.redis.hmget(k.game(g.id), 'shown', 'shownMoves')).toEqual(['1', '0']);
    expect(await store.outbox.markShown(g.id, 2, 7)).toBe(true);
    expect(await store.redis.hmget(k.game(g.id), 'shown', 'shownMoves', 'ann', 'reply', 'annTries')).toEqual([
      '2',
      '7',
      null,
      null,
      null,
    ]);
    expect(await hintAt(g.id)).toBeNull();
  });

  it('claim: the owner seen and the new one as JSON, the try counted or not; a claim not taken is null', async () => {
    const g = await owing('p1');
    const run = vi.spyOn(GAME_CLAIM_ANNOUNCEMENT, 'run');
    expect(await store.outbox.claim(g.id, 'p1', 'p2', false)).toEqual({ tries: 0, interaction: null });
    expect(run.mock.calls[0][2]).toEqual(['"p1"', '"p2"', 0]);
    expect(await store.outbox.claim(g.id, 'p2', 'p3')).toEqual({ tries: 1, interaction: null });
    expect(run.mock.calls[1][2]).toEqual(['"p2"', '"p3"', 1]);
    // Nobody seen ('') is not the owner p3.
    expect(await store.outbox.claim(g.id, null, 'p4')).toBeNull();
    expect(run.mock.calls[2][2]).toEqual(['', '"p4"', 1]);
    expect(await store.outbox.owner(g.id)).toBe('p3');
    expect(await store.redis.hget(k.game(g.id), 'annTries')).toBe('1');
    // What the script answers is read as it says: a number of tries, an interaction only when one is there.
    run.mockResolvedValueOnce([1, '4', '']);
    expect(await store.outbox.claim(g.id, 'p3', 'p5')).toEqual({ tries: 4, interaction: null });
    run.mockResolvedValueOnce([1, 2]);
    expect(await store.outbox.claim(g.id, 'p3', 'p5')).toEqual({ tries: 2, interaction: null });
    const interaction = { token: 't', createdAt: 1, component: false };
    run.mockResolvedValueOnce([1, 3, JSON.stringify(interaction)]);
    expect(await store.outbox.claim(g.id, 'p3', 'p5')).toEqual({ tries: 3, interaction });
    run.mockResolvedValueOnce([0]);
    expect(await store.outbox.claim(g.id, 'p3', 'p5')).toBeNull();
    run.mockResolvedValueOnce(['1', 5, '']);
    expect(await store.outbox.claim(g.id, 'p3', 'p5')).toEqual({ tries: 5, interaction: null });
  });

  it('owner: nothing owed is null; a missing game is null', async () => {
    expect(await store.outbox.owner(uid('none'))).toBeNull();
    const g = await owing('p1');
    expect(await store.outbox.owner(g.id)).toBe('p1');
    await store.outbox.markShown(g.id, 1, 0);
    expect(await store.outbox.owner(g.id)).toBeNull();
  });

  it('reply posts: version 0 is a count; the claim and release keep to the version owed', async () => {
    const r = await store.games.create(newGame({ postable: false }), { announce: { owner: 'p1' } });
    if (!r.ok) throw new Error(r.reason);
    const id = r.game.id;
    // Version 0 shows nothing that is owed: nothing to guard.
    expect(await store.outbox.claimReplyPost(id, 0)).toBe(true);
    await expect(store.outbox.releaseReplyPost(id, 0)).resolves.toBeUndefined();
    expect(await store.redis.hexists(k.game(id), 'sent')).toBe(0);
    expect(await store.outbox.claimReplyPost(id, 1)).toBe(true);
    expect(Number(await store.redis.hget(k.game(id), 'sent'))).toBe(1);
    expect(await store.outbox.claimReplyPost(id, 1)).toBe(false);
    await store.outbox.releaseReplyPost(id, 1);
    expect(await store.redis.hexists(k.game(id), 'sent')).toBe(0);
    expect(await store.outbox.claimReplyPost(id, 1)).toBe(true);
  });

  it('recheck moves a hint to the time given, or drops it', async () => {
    const id = uid('rc');
    await store.outbox.recheck(id, 123);
    expect(await hintAt(id)).toBe('123');
    await store.outbox.recheck(id, 0);
    expect(await hintAt(id)).toBe('0');
    await store.outbox.recheck(id, null);
    expect(await hintAt(id)).toBeNull();
  });
});
