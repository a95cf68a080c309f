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
    // A long name (a hand edit, junk) is cut to 40 characters in the detail that goes to the logs and the mark.
    expect(check({ ...gameRecord({ id: 'g0000104' }), game: 'x'.repeat(500) as never })).toEqual({
      ok: false,
      detail: `unknown game "${'x'.repeat(40)}"`,
    });
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

describe('the checked-states cache at its edge, and what a failure beside a refusal does', () => {
  it('keeps exactly the last 1000 states: the oldest of them is still trusted, one more and it is not', () => {
    const fill = (tag: string, n: number) => {
      for (let i = 0; i < n; i++)
        rememberChecked({ id: `g${tag}${String(i).padStart(6, '0')}`, version: 1, updatedAt: i }, {});
    };
    fill('2', 1000); // whatever the other tests left is out now
    const rec = gameRecord({ id: 'g0000401', version: 2, updatedAt: 2000 });
    rememberChecked(rec, rec.state);
    fill('3', 999);
    expect(check({ ...rec, state: DAMAGED }).ok).toBe(true);
    // A second state remembered does not push out the first while there is room.
    fill('4', 1);
    expect(check({ ...rec, state: DAMAGED }).ok).toBe(false);
  });

  it('a damaged record’s note goes to its thread in the game’s language; a note that cannot be posted is logged, and the mark stays', async () => {
    const h = harness(() => Date.now());
    const g = await createGame(Date.now() + HOUR, { locale: 'fr' });
    await m.store.redis.hset(`${m.prefix}game:{${g.id}}`, 'state', JSON.stringify(DAMAGED));
    expect(await refusalOf(loadGameById(h.ctx, g.id))).toEqual({ key: 'game.damaged' });
    expect(h.posts.filter((p) => p.channelId === g.channelId).map((p) => p.post)).toEqual([
      { kind: 'text', locale: 'fr', lines: [{ key: 'game.damagedNote' }], ping: [] },
    ]);

    const h2 = harness(() => Date.now());
    const g2 = await createGame(Date.now() + HOUR);
    await m.store.redis.hset(`${m.prefix}game:{${g2.id}}`, 'state', JSON.stringify(DAMAGED));
    vi.spyOn(h2.ctx.notifier, 'post').mockRejectedValueOnce(new Error('Missing Access'));
    expect(await refusalOf(loadGameById(h2.ctx, g2.id))).toEqual({ key: 'game.damaged' });
    const warned = h2.logs.filter((l) => l.msg === 'could not post the damaged-record note');
    expect(warned).toEqual([
      expect.objectContaining({ gameId: g2.id, err: expect.objectContaining({ message: 'Missing Access' }) }),
    ]);
    expect(await m.store.redis.hget(`${m.prefix}game:{${g2.id}}`, 'damaged')).toBeTruthy();
  });

  it('a list of the user’s games that fails only leaves the hint out of the refusal, and is logged', async () => {
    const h = harness(() => Date.now());
    vi.spyOn(m.store.gameIndex, 'listByUser').mockRejectedValueOnce(new Error('Connection is closed.'));
    expect(await refusalOf(loadActiveGame(h.ctx, 'c-nothing', 'uma'))).toEqual({ key: 'game.noneHere' });
    expect(h.logs.filter((l) => l.msg === 'could not list the user’s games')).toEqual([
      expect.objectContaining({ userId: 'uma', err: expect.objectContaining({ message: 'Connection is closed.' }) }),
    ]);
  });

  it('an unreadable record that names no game is logged with its error', async () => {
    const h = harness(() => Date.now());
    vi.spyOn(m.store.channels, 'active').mockRejectedValueOnce(
      new CorruptRecordError('game', 'channel:{x}:game', ['gameId: not a record id']),
    );
    await refusalOf(loadActiveGame(h.ctx, 'c-unreadable-2'));
    expect(h.logs.find((l) => l.msg === 'unreadable game record')).toMatchObject({
      err: { message: expect.stringContaining('gameId: not a record id') },
    });
  });

  it('a spectator is told who plays', async () => {
    const rec = gameRecord({ id: 'g0000402', status: 'active' });
    const loaded = check(rec);
    if (!loaded.ok) throw new Error('check');
    const e = await Promise.resolve()
      .then(() => requirePlayer(loaded.value, 'carol'))
      .catch((x: { msg?: unknown }) => x.msg);
    expect(e).toEqual({
      key: 'game.notYours',
      params: { first: { name: rec.players[0].name }, second: { name: rec.players[1].name } },
    });
  });
});
