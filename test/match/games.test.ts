// Loading a game for an action (src/match/games.ts), at the match layer on real Redis: the engine's check of a stored
// record and the cache of states it has checked (by game, version and write time, the oldest out first), what a
// store read that fails says (damage is quarantined and refused in words, anything else is thrown), the refusal in a
// channel with no active game (and the user's own games, five at most), and who plays (never the AI's id).
import { describe, expect, it, vi } from 'vitest';
import { check, loadActiveGame, loadGameById, rememberChecked, requirePlayer, sideOf } from '../../src/match/index.js';
import type { PlayerRef, StoredGame } from '../../src/model/index.js';
import { CorruptRecordError } from '../../src/store/types.js';
import { createGame, gameRecord, harness, HOUR, refusalOf, useMatchStore } from './harness.js';

const m = useMatchStore('games');
const DAMAGED = { game: 'orion', cells: 'not a board' };

describe('the engine’s check of a stored record', () => {
  it('refuses a game it does not know, and a state it does not accept', () => {
    const unknown = check({ ...gameRecord({ id: 'g0000101' }), game: 'chess' as never });
    expect(unknown).toEqual({ ok: false, detail: 'unknown game "chess"' });
    expect(check(gameRecord({ id: 'g0000102', state: DAMAGED })).ok).toBe(false);
    expect(check(gameRecord({ id: 'g0000103' })).ok).toBe(true);
  });

  it('trusts a state it checked for the same game, version and write time only; the oldest of 1000 go first', () => {
    const rec = gameRecord({ id: 'g0000201', version: 5, updatedAt: 1000 });
    rememberChecked(rec, rec.state);
    // The same version and write time: not checked again (the cache answers with the state it knows).
    expect(check({ ...rec, state: DAMAGED }).ok).toBe(true);
    // Written again at another time (a restore, a hand edit): checked afresh.
    expect(check({ ...rec, updatedAt: 1001, state: DAMAGED }).ok).toBe(false);
    // A thousand states checked since: the first is forgotten, and checked afresh.
    for (let i = 0; i < 1000; i++)
      rememberChecked({ id: `g1${String(i).padStart(7, '0')}`, version: 1, updatedAt: i }, {});
    expect(check({ ...rec, state: DAMAGED }).ok).toBe(false);
  });
});

describe('loading a game', () => {
  it('a read that fails for another reason than damage is thrown, not refused, and quarantines nothing', async () => {
    const h = harness(() => Date.now());
    const g = await createGame(Date.now() + HOUR);
    vi.spyOn(m.store.channels, 'active').mockRejectedValueOnce(new Error('Connection is closed.'));
    await expect(loadActiveGame(h.ctx, g.channelId, 'alice')).rejects.toThrow('Connection is closed.');
    vi.spyOn(m.store.games, 'get').mockRejectedValueOnce(new Error('Connection is closed.'));
    await expect(loadGameById(h.ctx, g.id)).rejects.toThrow('Connection is closed.');
    expect((await m.store.games.get(g.id))!.damaged ?? null).toBeNull();
  });

  it('a record that cannot be decoded and names no game is refused in words and logged', async () => {
    const h = harness(() => Date.now());
    vi.spyOn(m.store.channels, 'active').mockRejectedValueOnce(
      new CorruptRecordError('game', 'channel:{x}:game', ['gameId: not a record id']),
    );
    expect(await refusalOf(loadActiveGame(h.ctx, 'c-unreadable', 'alice'))).toEqual({ key: 'game.unreadable' });
    expect(h.logs.filter((l) => l.msg === 'unreadable game record')).toHaveLength(1);
  });

  it('in a channel whose game is over, says so; one whose index still says active (an old write) is not “over”', async () => {
    const h = harness(() => Date.now());
    const g = await createGame(Date.now() + HOUR);
    vi.spyOn(m.store.channels, 'active').mockResolvedValueOnce(null);
    vi.spyOn(m.store.channels, 'latest').mockResolvedValueOnce(g);
    expect(await refusalOf(loadActiveGame(h.ctx, g.channelId))).toEqual({ key: 'game.noneHere' });
    vi.spyOn(m.store.channels, 'active').mockResolvedValueOnce(null);
    vi.spyOn(m.store.channels, 'latest').mockResolvedValueOnce({ ...g, status: 'over' });
    expect(await refusalOf(loadActiveGame(h.ctx, g.channelId))).toEqual({ key: 'game.overHere' });
  });

  it('elsewhere, points to five of the user’s active games at most', async () => {
    const h = harness(() => Date.now());
    const user = `u${Date.now()}`;
    for (let i = 0; i < 7; i++)
      await createGame(Date.now() + HOUR, {
        players: [
          { id: user, name: 'Uma' },
          { id: 'bob', name: 'Bob' },
        ],
      });
    const refused = await loadActiveGame(h.ctx, 'c-no-game-here', user).catch((e: { msg?: unknown }) => e.msg);
    expect(refused).toMatchObject({ key: 'game.noneHereYours', params: { games: 5 } });
    expect((refused as { params: { gameList: { list: unknown[] } } }).params.gameList.list).toHaveLength(5);
  });
});

describe('who plays', () => {
  const ai: PlayerRef = { id: 'ai:easy', name: 'hexmate AI (easy)', bot: 'easy' };
  const vsAi = (first: boolean): StoredGame =>
    gameRecord({
      id: 'g0000301',
      status: 'active',
      players: first ? [ai, { id: 'alice', name: 'Alice' }] : [{ id: 'alice', name: 'Alice' }, ai],
    });

  it('a person by their id, on either side; never the AI’s id, on either side', () => {
    for (const first of [true, false]) {
      const rec = vsAi(first);
      expect(sideOf(rec, 'alice')).toBe(first ? 1 : 0);
      expect(sideOf(rec, 'ai:easy')).toBeNull();
    }
    const people = gameRecord({ id: 'g0000302', status: 'active' });
    expect([sideOf(people, 'alice'), sideOf(people, 'bob'), sideOf(people, 'carol')]).toEqual([0, 1, null]);
  });

  it('requirePlayer refuses a finished game and a spectator, naming the players', async () => {
    const rec = gameRecord({ id: 'g0000303', status: 'active' });
    const loaded = check(rec);
    if (!loaded.ok) throw new Error('check');
    expect(requirePlayer(loaded.value, 'bob')).toBe(1);
    expect(await refusalOf(Promise.resolve().then(() => requirePlayer(loaded.value, 'carol')))).toEqual({
      key: 'game.notYours',
    });
    const over = { ...loaded.value, rec: { ...rec, status: 'over' as const } };
    expect(await refusalOf(Promise.resolve().then(() => requirePlayer(over, 'bob')))).toEqual({ key: 'game.over' });
  });
});
