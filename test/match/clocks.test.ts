// The correspondence clock at the match layer, with an injected clock: the
// sweep reminds the player to move once at 75 % of the move's time; at 100 %
// the side to move loses on time (rated: settled), or the game is aborted
// while a side has not moved; a move in time starts the next side's clock;
// two processes sweeping at once act once; in reply mode nothing is posted
// and the end stays owed for the next interaction there.
import { afterEach, describe, expect, it } from 'vitest';
import { playMove, sweepClocks } from '../../src/match/index.js';
import type { StoredGame } from '../../src/model/index.js';
import type { NewGame } from '../../src/store/index.js';
import { createGame, harness, HOUR, postKeys, useMatchStore } from './harness.js';

const m = useMatchStore('clocks');
// Every test starts from an empty due index (a sweep reads all of it).
afterEach(() => m.store.redis.del(`${m.prefix}games:due`));

const T = Date.UTC(2026, 5, 1, 12);
/** Time per move one hour, started at T: reminder at T + 45 min, deadline at T + 1 h. */
const started = (over: Partial<NewGame> = {}) => createGame(T + 0.75 * HOUR, over);

function clockHarness() {
  const clock = { now: T };
  const h = harness(() => clock.now);
  const ended: StoredGame[] = [];
  h.ctx.onGameOver = (rec) => {
    ended.push(rec);
    return Promise.resolve();
  };
  return { h, clock, ended };
}

describe('the reminder', () => {
  it('is posted once at 75 % of the move’s time, pinging the player to move; nothing before', async () => {
    const { h, clock } = clockHarness();
    const g = await started();
    clock.now = T + 0.75 * HOUR - 1;
    expect(await sweepClocks(h.ctx)).toBe(0);
    clock.now = T + 0.75 * HOUR;
    expect(await sweepClocks(h.ctx)).toBe(1);
    expect(await sweepClocks(h.ctx)).toBe(0);
    expect(postKeys(h, g.channelId)).toEqual([['clock.reminder']]);
    const post = h.posts[0].post;
    expect(post.kind === 'text' && post.ping).toEqual(['alice']);
    const rec = (await m.store.games.get(g.id))!;
    expect(rec.clock).toEqual({ perMoveMs: HOUR, deadline: T + HOUR, reminded: true, wakeAt: T + HOUR });
    expect(rec.status).toBe('active');
  });
});

describe('the deadline', () => {
  it('nobody has moved: the game is aborted on time, no result, one post, one end-of-game call', async () => {
    const { h, clock, ended } = clockHarness();
    const g = await started({ rated: true });
    clock.now = T + HOUR;
    expect(await sweepClocks(h.ctx)).toBe(1);
    await h.settle();
    const rec = (await m.store.games.get(g.id))!;
    expect(rec).toMatchObject({ status: 'aborted', result: { winner: null, draw: false, reason: 'time' } });
    expect(rec.result?.ratingChanges).toBeUndefined();
    expect(rec.clock?.wakeAt).toBeNull();
    expect(postKeys(h, g.channelId)).toEqual([['clock.timedOut']]);
    expect(rec.shown).toBeGreaterThanOrEqual(rec.annV!);
    expect(ended.map((x) => x.id)).toEqual([g.id]);
    expect(await sweepClocks(h.ctx)).toBe(0);
    expect(await m.store.gameIndex.due(T + 10 * HOUR, 100)).toEqual([]);
  });

  it('each side has moved: the side to move loses on time, rated; two processes sweeping at once act once', async () => {
    const { h, clock, ended } = clockHarness();
    const other = harness(() => clock.now);
    const g = await started({
      rated: true,
      players: [
        { id: 'cleo', name: 'Cleo' },
        { id: 'dan', name: 'Dan' },
      ],
    });
    clock.now = T + 10 * 60_000;
    await playMove(h.ctx, { channelId: g.channelId }, { userId: 'cleo' }, 'V3 F8 NW R');
    clock.now = T + 20 * 60_000;
    await playMove(h.ctx, { channelId: g.channelId }, { userId: 'dan' }, 'V3 D3 NE R');
    // Cleo's move started at T + 20 min: her deadline is an hour later, and the old one is past without effect.
    clock.now = T + HOUR + 5 * 60_000;
    expect(await sweepClocks(h.ctx)).toBe(1); // the reminder (at T + 65 min)
    h.posts.length = 0;
    clock.now = T + 80 * 60_000;
    const acted = await Promise.all([sweepClocks(h.ctx), sweepClocks(other.ctx)]);
    expect(acted[0] + acted[1]).toBe(1);
    await Promise.all([h.settle(), other.settle()]);
    const rec = (await m.store.games.get(g.id))!;
    expect(rec).toMatchObject({ status: 'over', result: { winner: 1, draw: false, reason: 'time' } });
    expect(rec.result?.ratingChanges?.map((c) => c.userId)).toEqual(['cleo', 'dan']);
    expect((await m.store.ratings.get('orion', 'dan', 'global')).wins).toBe(1);
    expect([...h.posts, ...other.posts].map((p) => p.post.kind === 'game' && p.post.lines[0].key)).toEqual([
      'clock.timedOut',
    ]);
    expect(ended.map((x) => x.id)).toEqual([g.id]);
  });

  it('a move in time moves the deadline: the old one passes without effect', async () => {
    const { h, clock } = clockHarness();
    const g = await started();
    clock.now = T + 50 * 60_000;
    await playMove(h.ctx, { channelId: g.channelId }, { userId: 'alice' }, 'V3 F8 NW R');
    clock.now = T + HOUR + 1;
    expect(await sweepClocks(h.ctx)).toBe(0);
    const rec = (await m.store.games.get(g.id))!;
    expect(rec.status).toBe('active');
    expect(rec.clock).toMatchObject({ deadline: T + 110 * 60_000, reminded: false });
    expect(h.posts).toEqual([]);
  });
});

describe('reply mode (the bot cannot post in the channel)', () => {
  it('skips the reminder; the loss on time is saved with its post owed, nothing posted', async () => {
    const { h, clock } = clockHarness();
    const g = await started({ postable: false });
    clock.now = T + 0.75 * HOUR;
    expect(await sweepClocks(h.ctx)).toBe(1);
    clock.now = T + HOUR;
    expect(await sweepClocks(h.ctx)).toBe(1);
    const rec = (await m.store.games.get(g.id))!;
    expect(rec).toMatchObject({ status: 'aborted', result: { reason: 'time' } });
    expect(rec.annV! > (rec.shown ?? rec.version)).toBe(true);
    expect(h.posts).toEqual([]);
  });
});
