// What the live game page may show (src/match/view.ts), at the match layer
// against real Redis: a game's public view (moves, names and AI levels, the
// clock, the result in one line once over), who may watch it (a DM game only
// its players), and "missing" for an id that is no store id, an unknown game,
// or a record the engine cannot read — never an error.
import { describe, expect, it, vi } from 'vitest';
import { gameView, isViewableId, mayWatch, resign } from '../../src/match/index.js';
import { createGame, harness, HOUR, useMatchStore } from './harness.js';

const T = Date.now();
const m = useMatchStore('view');

describe('a game id from the page', () => {
  it.each([
    ['abcd', true],
    ['0123456789abcdefghijklmnopqrstuv', true],
    ['abc', false],
    ['0123456789abcdefghijklmnopqrstuvw', false],
    ['ABCD', false],
    ['ab-cd', false],
    ['abcd\n', false],
    ['', false],
  ])('%j is viewable: %s', (id, ok) => {
    expect(isViewableId(id)).toBe(ok);
  });
});

describe('the view', () => {
  it('of a server game between people: public, both players named, the clock running, no result yet', async () => {
    const rec = await createGame(T + HOUR);
    const r = await gameView(m.store, rec.id);
    if (!r.ok) throw new Error('missing');
    expect(r.private).toBe(false);
    expect(r.playerIds).toEqual(['alice', 'bob']);
    expect(r.view).toEqual({
      id: rec.id,
      game: 'orion',
      setup: 'preset1',
      moves: [],
      version: rec.version,
      status: 'active',
      result: null,
      players: [{ name: 'Alice' }, { name: 'Bob' }],
      locale: 'en',
      clock: { perMoveMs: HOUR, deadline: rec.clock?.deadline },
      summary: null,
    });
    expect(mayWatch(r, null)).toBe(true);
    expect(mayWatch(r, 'carol')).toBe(true);
  });

  it('of a DM game against the AI: its player alone may watch; the AI has no id, its level is shown', async () => {
    const rec = await createGame(T + HOUR, {
      guildId: null,
      players: [
        { id: 'alice', name: 'Alice' },
        { id: 'ai', name: 'hexmate', bot: 'hard' },
      ],
      clock: null,
    });
    const r = await gameView(m.store, rec.id);
    if (!r.ok) throw new Error('missing');
    expect(r.private).toBe(true);
    expect(r.playerIds).toEqual(['alice', null]);
    expect(r.view.players).toEqual([{ name: 'Alice' }, { name: 'hexmate', bot: 'hard' }]);
    expect(r.view.clock).toBeNull();
    expect(mayWatch(r, 'alice')).toBe(true);
    expect(mayWatch(r, 'ai')).toBe(false);
    expect(mayWatch(r, 'carol')).toBe(false);
    expect(mayWatch(r, null)).toBe(false);
  });

  it('of a game over: its result and the line that says it', async () => {
    const rec = await createGame(T + HOUR);
    await resign(harness(() => T).ctx, rec.channelId, 'bob');
    const r = await gameView(m.store, rec.id);
    if (!r.ok) throw new Error('missing');
    expect(r.view.status).toBe('over');
    expect(r.view.result).toEqual({ winner: 0, draw: false, reason: 'resign' });
    expect(r.view.summary).toEqual({
      key: 'result.summary.wins',
      params: { winner: { name: 'Alice' }, side: { key: 'game.orion.side.0' }, why: { key: 'end.resign' } },
    });
  });

  it('is missing for an id that is none, an unknown game, a damaged or unreadable record', async () => {
    expect(await gameView(m.store, 'NOT-AN-ID')).toEqual({ ok: false, reason: 'missing' });
    expect(await gameView(m.store, 'zzzzzzzzzz')).toEqual({ ok: false, reason: 'missing' });
    const damaged = await createGame(T + HOUR);
    await m.store.redis.hset(`${m.prefix}game:{${damaged.id}}`, 'damaged', JSON.stringify('state: not a position'));
    expect((await m.store.games.get(damaged.id))?.damaged).toBe('state: not a position');
    expect(await gameView(m.store, damaged.id)).toEqual({ ok: false, reason: 'missing' });
    const bad = await createGame(T + HOUR);
    await m.store.redis.hset(`${m.prefix}game:{${bad.id}}`, 'players', '{broken');
    expect(await gameView(m.store, bad.id)).toEqual({ ok: false, reason: 'missing' });
    const junk = await createGame(T + HOUR);
    await m.store.redis.hset(`${m.prefix}game:{${junk.id}}`, 'state', JSON.stringify({ board: 'junk' }));
    expect(await gameView(m.store, junk.id)).toEqual({ ok: false, reason: 'missing' });
  });

  it('never reads the store for an id that is none; a read that fails for another reason than damage is thrown', async () => {
    const get = vi.spyOn(m.store.games, 'get');
    for (const id of ['NOT-AN-ID', 'abc', 'a'.repeat(33), 'ab/cd'])
      expect(await gameView(m.store, id)).toEqual({ ok: false, reason: 'missing' });
    expect(get).not.toHaveBeenCalled();
    get.mockRejectedValueOnce(new Error('Connection is closed.'));
    await expect(gameView(m.store, 'abcd1234')).rejects.toThrow('Connection is closed.');
    get.mockRestore();
  });
});
