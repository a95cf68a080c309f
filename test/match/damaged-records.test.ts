// Loading a game, the clock sweep and the AI's scheduling against damaged,
// stale and unreachable records, at the match layer: a real Redis store, a notifier that
// records posts, a logger that records lines. What must hold: only a record
// that is really damaged is quarantined (once: one note, one log line); a
// failed read is logged and retried; stale due entries never hold up a
// healthy game.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadActiveGame, loadChannelGame } from '../../src/match/games.js';
import { isRefusal } from '../../src/match/refusal.js';
import { endOnTime, sweepClocks } from '../../src/match/sweeps/clock.js';
import { scheduleAi } from '../../src/match/move.js';
import type { StoredGame } from '../../src/model/index.js';
import { createGame, harness, HOUR, useMatchStore, type Harness } from './harness.js';

const m = useMatchStore('damaged');
// Every test starts from an empty due index (the sweep reads all of it).
afterEach(async () => {
  vi.restoreAllMocks();
  await m.store.redis.del(`${m.prefix}games:due`);
});

const reminders = (h: Harness, channelId: string) =>
  h.posts.filter(
    (p) => p.channelId === channelId && p.post.kind === 'text' && p.post.lines[0].key === 'clock.reminder',
  );
const notes = (h: Harness, channelId: string) =>
  h.posts.filter(
    (p) => p.channelId === channelId && p.post.kind === 'text' && p.post.lines[0].key === 'game.damagedNote',
  );
const quarantineLogs = (h: Harness, gameId: string) =>
  h.logs.filter((l) => l.gameId === gameId && l.msg === 'damaged game record quarantined');

describe('loading a game', () => {
  it('a record found by its channel that the store cannot decode is refused, quarantined and logged once', async () => {
    const h = harness(() => Date.now());
    const bad = await createGame(Date.now() + HOUR);
    await m.store.redis.hset(`${m.prefix}game:{${bad.id}}`, 'rated', '"maybe"');
    for (const load of [loadActiveGame, loadChannelGame, loadActiveGame]) {
      const e = await load(h.ctx, bad.channelId).catch((x: unknown) => x);
      expect(isRefusal(e) && e.msg.key).toBe('game.unreadable');
    }
    expect(notes(h, bad.channelId)).toHaveLength(1);
    expect(quarantineLogs(h, bad.id)).toHaveLength(1);
    expect(await m.store.redis.hget(`${m.prefix}game:{${bad.id}}`, 'damaged')).toMatch(/rated/);
  });
});

describe('the clock sweep', () => {
  it('a lost connection while reading a game does not quarantine it: logged once, the game retried next sweep, the games behind it still served', async () => {
    const t = Date.now();
    const h = harness(() => t);
    const flaky = await createGame(t - 2000);
    const healthy = await createGame(t - 1000);
    const get = m.store.games.get.bind(m.store.games);
    vi.spyOn(m.store.games, 'get').mockImplementation(async (id) => {
      if (id === flaky.id) throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
      return get(id);
    });
    // Room for one entry per page: the failing one must not hide the next.
    expect(await sweepClocks(h.ctx, 1)).toBe(1);
    expect(reminders(h, healthy.channelId)).toHaveLength(1);
    const failed = h.logs.filter((l) => l.gameId === flaky.id);
    expect(failed.map((l) => l.msg)).toEqual(['clock sweep failed for a game']);
    vi.restoreAllMocks();
    const rec = await m.store.games.get(flaky.id);
    expect(rec?.damaged).toBeUndefined();
    expect(notes(h, flaky.channelId)).toEqual([]);
    expect(await m.store.gameIndex.due(t, 50)).toEqual([flaky.id]);
    // Redis is back: the next sweep reminds it.
    expect(await sweepClocks(h.ctx)).toBe(1);
    expect(reminders(h, flaky.channelId)).toHaveLength(1);
  });

  it('a record the store cannot decode is quarantined: one note, one log line, out of the index', async () => {
    const t = Date.now();
    const h = harness(() => t);
    const bad = await createGame(t - 1000);
    await m.store.redis.hset(`${m.prefix}game:{${bad.id}}`, 'players', '[1,2');
    expect(await sweepClocks(h.ctx)).toBe(0);
    expect(await sweepClocks(h.ctx)).toBe(0);
    expect(notes(h, bad.channelId)).toHaveLength(1);
    expect(quarantineLogs(h, bad.id)).toHaveLength(1);
    expect(await m.store.gameIndex.due(t, 50)).toEqual([]);
  });

  it('60 stale entries (games gone or over, or due later than their entry says) do not hold up a due healthy game; the sweep clears them', async () => {
    const t = Date.now();
    const h = harness(() => t);
    const due = `${m.prefix}games:due`;
    for (let k = 0; k < 30; k++) await m.store.redis.zadd(due, t - 100_000 + k, `gone${k}xyz`);
    const over: StoredGame[] = [];
    for (let k = 0; k < 20; k++) {
      const g = await createGame(t - 90_000 + k);
      await m.store.games.update(g.id, 1, {
        status: 'aborted',
        result: { winner: null, draw: false, reason: 'abort' },
      });
      await m.store.redis.zadd(due, t - 90_000 + k, g.id); // a hint a crash left behind
      over.push(g);
    }
    const later: StoredGame[] = [];
    for (let k = 0; k < 10; k++) {
      const g = await createGame(t + HOUR);
      await m.store.redis.zadd(due, t - 80_000 + k, g.id); // the index lags behind the record
      later.push(g);
    }
    const healthy = await createGame(t - 1000);
    expect(await m.store.gameIndex.due(t, 100)).toHaveLength(61);
    expect(await sweepClocks(h.ctx)).toBe(1);
    expect(reminders(h, healthy.channelId)).toHaveLength(1);
    // Gone and over: removed; due later: moved to the record's wake time.
    expect(await m.store.gameIndex.due(t, 100)).toEqual([]);
    expect((await m.store.gameIndex.due(t + HOUR, 100)).sort()).toEqual([healthy.id, ...later.map((g) => g.id)].sort());
    expect(h.posts.filter((p) => p.channelId !== healthy.channelId)).toEqual([]);
  });

  it('endOnTime (a round deadline) quarantines a damaged game once and ends nothing', async () => {
    const t = Date.now();
    const h = harness(() => t);
    const bad = await createGame(t + HOUR, { state: { game: 'orion', cells: 'not a board' } });
    expect(await endOnTime(h.ctx, bad.id)).toBe(false);
    expect(await endOnTime(h.ctx, bad.id)).toBe(false);
    const rec = await m.store.games.get(bad.id);
    expect(rec?.status).toBe('active');
    expect(rec?.damaged).toBeTruthy();
    expect(notes(h, bad.channelId)).toHaveLength(1);
    expect(quarantineLogs(h, bad.id)).toHaveLength(1);
  });
});

describe('the AI’s turn', () => {
  it('scheduleAi on a damaged AI game quarantines it once: one note, one log line, no search', async () => {
    const t = Date.now();
    const h = harness(() => t);
    const think = vi.fn(h.ctx.think);
    h.ctx.think = think;
    const bad = await createGame(t + HOUR, {
      players: [
        { id: 'ai:easy', name: 'hexmate AI (easy)', bot: 'easy' },
        { id: 'alice', name: 'Alice' },
      ],
      state: { game: 'orion', cells: 'not a board' },
    });
    scheduleAi(h.ctx, bad);
    scheduleAi(h.ctx, bad);
    await h.settle();
    expect(notes(h, bad.channelId)).toHaveLength(1);
    expect(quarantineLogs(h, bad.id)).toHaveLength(1);
    expect(think).not.toHaveBeenCalled();
    // The marked record is left alone from then on.
    const rec = (await m.store.games.get(bad.id))!;
    expect(rec.damaged).toBeTruthy();
    scheduleAi(h.ctx, rec);
    await h.settle();
    expect(notes(h, bad.channelId)).toHaveLength(1);
  });
});
