// The correspondence clock at the match layer, with an injected clock: the
// sweep reminds the player to move once at 75 % of the move's time; at 100 %
// the side to move loses on time (rated: settled), or the game is aborted
// while a side has not moved; a move in time starts the next side's clock;
// two processes sweeping at once act once; in reply mode nothing is posted
// and the end stays owed for the next interaction there.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playMove, sweepClocks } from '../../src/match/index.js';
import { endOnTime } from '../../src/match/sweeps/clock.js';
import type { StoredGame } from '../../src/model/index.js';
import type { NewGame } from '../../src/store/index.js';
import { ORION_QUICK } from '../support/scripted-games.js';
import { createGame, failWrites, harness, HOUR, postKeys, resigned, useMatchStore } from './harness.js';

const m = useMatchStore('clocks');
// Every test starts from an empty due index (a sweep reads all of it).
afterEach(async () => {
  vi.restoreAllMocks();
  await m.store.redis.del(`${m.prefix}games:due`);
});

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

describe('the sweep at its edges', () => {
  const due = () => m.store.gameIndex.due(T + 10 * HOUR, 100);

  it('the reminder names the deadline; the AI to move is not reminded, yet its clock moves on', async () => {
    const { h, clock } = clockHarness();
    const g = await started();
    const ai = await started({
      players: [
        { id: 'ai:easy', name: 'hexmate AI (easy)', bot: 'easy' },
        { id: 'bob', name: 'Bob' },
      ],
    });
    clock.now = T + 0.75 * HOUR;
    expect(await sweepClocks(h.ctx)).toBe(2);
    expect(h.posts.map((p) => p.channelId)).toEqual([g.channelId]);
    const post = h.posts[0]!.post;
    expect(post.kind === 'text' && post.lines[0]!.params).toMatchObject({ left: 25, deadline: { time: T + HOUR } });
    expect((await m.store.games.get(ai.id))!.clock).toMatchObject({ reminded: true, wakeAt: T + HOUR });
  });

  it('the loss on time names the side to move (the second player here)', async () => {
    const { h, clock } = clockHarness();
    const g = await started({
      players: [
        { id: 'cleo', name: 'Cleo' },
        { id: 'dan', name: 'Dan' },
      ],
    });
    for (const [k, mv] of ORION_QUICK.slice(0, 3).entries()) {
      clock.now = T + (k + 1) * 60_000;
      await playMove(h.ctx, { channelId: g.channelId }, { userId: k % 2 ? 'dan' : 'cleo' }, mv);
    }
    h.posts.length = 0;
    clock.now = T + 3 * HOUR;
    expect(await sweepClocks(h.ctx)).toBe(1);
    await h.settle();
    const post = h.posts.find((p) => p.post.kind === 'game')!.post;
    expect(post.kind === 'game' && post.lines[0]).toEqual({ key: 'clock.timedOut', params: { name: { name: 'Dan' } } });
    expect((await m.store.games.get(g.id))!.result).toMatchObject({ winner: 0, reason: 'time' });
  });

  it('a reminder or an end whose write loses to another writer counts for nothing and posts nothing', async () => {
    const { h, clock } = clockHarness();
    const g = await started();
    clock.now = T + 0.75 * HOUR;
    failWrites(h, 'conflict');
    expect(await sweepClocks(h.ctx)).toBe(0);
    expect((await m.store.games.get(g.id))!.clock?.reminded).toBe(false);
    clock.now = T + HOUR;
    failWrites(h, 'conflict');
    expect(await sweepClocks(h.ctx)).toBe(0);
    expect((await m.store.games.get(g.id))!.status).toBe('active');
    expect(h.posts).toEqual([]);
    expect(h.logs.filter((l) => l.msg === 'clock sweep failed for a game')).toEqual([]);
  });

  it('reminded already, its deadline ahead, yet due: the entry is moved to the deadline, nothing posted', async () => {
    const { h, clock } = clockHarness();
    const g = await createGame(T, { clock: { perMoveMs: HOUR, deadline: T + HOUR, reminded: true, wakeAt: T } });
    clock.now = T + 1;
    expect(await sweepClocks(h.ctx)).toBe(0);
    expect(h.posts).toEqual([]);
    expect(await m.store.gameIndex.due(T + HOUR - 1, 100)).toEqual([]);
    expect(await m.store.gameIndex.due(T + HOUR, 100)).toEqual([g.id]);
  });

  it('a game already quarantined is not reminded: its entry goes', async () => {
    const { h, clock } = clockHarness();
    const g = await started();
    await m.store.games.quarantine(g.id, 'test: damaged');
    await m.store.redis.zadd(`${m.prefix}games:due`, T, g.id); // a hint a crash left behind
    clock.now = T + 0.75 * HOUR;
    expect(await sweepClocks(h.ctx)).toBe(0);
    expect(h.posts).toEqual([]);
    expect(await due()).toEqual([]);
  });

  it('a record the engine refuses is quarantined (one note), out of the index', async () => {
    const { h, clock } = clockHarness();
    const g = await createGame(T, { state: { not: 'a position' } });
    clock.now = T + 1;
    expect(await sweepClocks(h.ctx)).toBe(0);
    expect(postKeys(h, g.channelId)).toEqual([['game.damagedNote']]);
    expect((await m.store.games.get(g.id))!.damaged).toBeTruthy();
    expect(await due()).toEqual([]);
  });

  it('one entry a page: one the store cannot decode, then a healthy game, which is reminded', async () => {
    const { h, clock } = clockHarness();
    const bad = await createGame(T - 1);
    await m.store.redis.hset(`${m.prefix}game:{${bad.id}}`, 'players', '[1,2');
    const g = await started();
    clock.now = T + HOUR - 1;
    expect(await sweepClocks(h.ctx, 1)).toBe(1);
    expect(postKeys(h, g.channelId)).toEqual([['clock.reminder']]);
  });

  it('one entry a page: six that fail to read, then a healthy game, reached within the sweep’s ten pages', async () => {
    const { h, clock } = clockHarness();
    const flaky = new Set<string>();
    for (let k = 0; k < 6; k++) flaky.add((await createGame(T - 10 + k)).id);
    const g = await started();
    const get = m.store.games.get.bind(m.store.games);
    vi.spyOn(m.store.games, 'get').mockImplementation((id) =>
      flaky.has(id) ? Promise.reject(new Error('read ECONNRESET')) : get(id),
    );
    clock.now = T + HOUR - 1;
    expect(await sweepClocks(h.ctx, 1)).toBe(1);
    expect(postKeys(h, g.channelId)).toEqual([['clock.reminder']]);
  });

  it('one entry a page: an entry the index keeps after its repair (a lagging index) does not hide the next', async () => {
    const { h, clock } = clockHarness();
    const over = await createGame(T - 1);
    await m.store.games.update(over.id, over.version, {
      status: 'aborted',
      result: { winner: null, draw: false, reason: 'abort' },
    });
    await m.store.redis.zadd(`${m.prefix}games:due`, T - 1, over.id);
    const g = await started();
    vi.spyOn(m.store.gameIndex, 'repairDue').mockResolvedValue(true);
    clock.now = T + HOUR - 1;
    expect(await sweepClocks(h.ctx, 1)).toBe(1);
    expect(postKeys(h, g.channelId)).toEqual([['clock.reminder']]);
  });

  it('endOnTime (a round’s deadline) leaves a game that is over as it ended', async () => {
    const { h } = clockHarness();
    const g = await started();
    const over = await resigned(g);
    expect(await endOnTime(h.ctx, g.id)).toBe(false);
    expect(await m.store.games.get(g.id)).toMatchObject({ version: over.version, result: { reason: 'resign' } });
    expect(h.posts).toEqual([]);
  });
});
