// Opening and closing a round's games (tournament-games.ts) at the match
// layer, from a running event's record: the pairing post (its deadline, both
// players pinged) and a game on the event's terms; nothing opened past the
// deadline, or for a pairing the latest record no longer plays (the event
// cancelled, a player gone); one pairing failing leaves the others opened.
// Closing a cancelled event's games: its note names the event, a game moving
// meanwhile is looked at again, one failing leaves the others closed.
import { describe, expect, it } from 'vitest';
import { pairingGameId, type Post } from '../../src/match/index.js';
import { closeCancelledGames, openGames } from '../../src/match/tournament-games.js';
import type { StoredTournament } from '../../src/model/index.js';
import { newId } from '../../src/store/index.js';
import { failWrites, harness, HOUR, useMatchStore, type Harness } from './harness.js';

const m = useMatchStore('tournament-open');
const T = Date.UTC(2026, 11, 2, 12);

/** A running Orion event of four, round 1 paired (two boards), no game opened; rated, two-hour moves. */
async function running(over: Partial<StoredTournament> = {}): Promise<StoredTournament> {
  const k = newId().slice(0, 6);
  const ids = [0, 1, 2, 3].map((i) => `o${k}p${i}`);
  return m.store.tournaments.create({
    name: 'Open Cup',
    guildId: `g${k}`,
    channelId: `events${k}`,
    messageId: null,
    organiser: { id: 'olga', name: 'Olga' },
    game: 'orion',
    setup: 'preset1',
    format: 'round-robin',
    roundsWanted: null,
    rounds: 3,
    clockMs: 2 * HOUR,
    roundMs: 40 * HOUR,
    rated: true,
    locale: 'en',
    status: 'running',
    startsAt: null,
    startedAt: T,
    finishedAt: null,
    players: ids.map((id, i) => ({ id, name: `P${i}` })),
    withdrawals: [],
    round: 1,
    roundDeadline: T + 40 * HOUR,
    pairings: [
      { round: 1, board: 1, first: ids[0], second: ids[1], result: null },
      { round: 1, board: 2, first: ids[2], second: ids[3], result: null },
    ],
    seed: 7,
    winners: [],
    endNote: null,
    announced: false,
    wakeAt: T + 40 * HOUR,
    ...over,
  });
}

/** A process whose pairing posts each get a thread (the games are played there, as in a server). */
function proc(now = T): Harness {
  const h = harness(() => now);
  h.ctx.notifier.openThread = (_channelId, messageId) => Promise.resolve(`thread-${messageId}`);
  return h;
}

const game = (t: StoredTournament, board: number) => m.store.games.get(pairingGameId(t.id, 1, board));
const pairingPosts = (h: Harness): Extract<Post, { kind: 'text' }>[] =>
  h.posts.flatMap((p) => (p.post.kind === 'text' && p.post.lines[0].key === 'tournament.pairingPost' ? [p.post] : []));

describe("opening a round's games", () => {
  it('posts each pairing with its deadline, pinging both; the game on the event’s terms', async () => {
    const h = proc();
    const t = await running();
    expect(await openGames(h.ctx, t)).toBe(false);
    await h.settle();
    const posts = pairingPosts(h);
    expect(posts).toHaveLength(2);
    expect(posts[0].lines[0].params).toMatchObject({
      round: 1,
      rounds: 3,
      board: 1,
      deadline: { time: T + 40 * HOUR },
    });
    expect(posts[0].ping).toEqual([t.players[0].id, t.players[1].id]);
    for (const b of [1, 2])
      expect(await game(t, b)).toMatchObject({ rated: true, status: 'active', clock: { perMoveMs: 2 * HOUR } });
    expect(h.logs.filter((l) => l.level >= 40)).toEqual([]);
  });

  it('opens nothing at or past the round’s deadline', async () => {
    const h = proc(T + 40 * HOUR);
    const t = await running();
    expect(await openGames(h.ctx, t)).toBe(false);
    expect(h.posts).toEqual([]);
    expect(await game(t, 1)).toBeNull();
  });

  it('opens nothing the latest record no longer plays: the event cancelled, or either player gone', async () => {
    for (const change of [
      (x: StoredTournament): StoredTournament => ({ ...x, status: 'cancelled', endNote: 'cancelled' }),
      (x: StoredTournament): StoredTournament => ({ ...x, withdrawals: [{ player: x.players[0].id, round: 1 }] }),
      (x: StoredTournament): StoredTournament => ({ ...x, withdrawals: [{ player: x.players[1].id, round: 1 }] }),
    ]) {
      const h = proc();
      const seen = await running();
      // `seen` is the record as the caller read it; the store's has moved on since.
      const now = await m.store.tournaments.update(seen.id, seen.version, change(seen));
      if (!now.ok) throw new Error('update');
      await openGames(h.ctx, seen);
      await h.settle();
      expect(await game(seen, 1)).toBeNull();
      expect(pairingPosts(h).filter((p) => p.ping.includes(seen.players[0].id))).toEqual([]);
    }
  });

  it('one pairing whose post fails is logged; the other opens', async () => {
    const h = proc();
    const t = await running();
    const post = h.ctx.notifier.post.bind(h.ctx.notifier);
    h.ctx.notifier.post = (where, p, o) =>
      p.kind === 'text' && p.lines[0].params?.board === 1
        ? Promise.reject(new Error('Missing Access'))
        : post(where, p, o);
    await openGames(h.ctx, t);
    await h.settle();
    expect(await game(t, 1)).toBeNull();
    expect(await game(t, 2)).toMatchObject({ status: 'active' });
    expect(h.logs.filter((l) => l.msg === 'could not open a tournament game')).toHaveLength(1);
  });
});

describe("closing a cancelled event's games", () => {
  it('each with a note naming the event; a game that moved meanwhile is looked at again; one failing is logged', async () => {
    const h = proc();
    const t = await running();
    await openGames(h.ctx, t);
    await h.settle();
    const cancelled: StoredTournament = { ...t, status: 'cancelled', endNote: 'cancelled' };
    h.posts.length = 0;
    failWrites(h, 'conflict', 'conflict'); // two moves landed while the first game was being closed
    await closeCancelledGames(h.ctx, cancelled);
    await h.settle();
    for (const b of [1, 2])
      expect(await game(t, b)).toMatchObject({ status: 'aborted', result: { reason: 'cancelled' } });
    const notes = h.posts.flatMap((p) => (p.post.kind === 'game' ? [p.post.lines[0]] : []));
    expect(notes).toEqual([
      { key: 'tournament.gameCancelled', params: { event: expect.anything() } },
      { key: 'tournament.gameCancelled', params: { event: expect.anything() } },
    ]);

    const t2 = await running();
    await openGames(h.ctx, t2);
    await h.settle();
    const get = h.ctx.store.games.get.bind(h.ctx.store.games);
    const games = new Proxy(h.ctx.store.games, {
      get: (o, k) =>
        k === 'get'
          ? (id: string) =>
              id === pairingGameId(t2.id, 1, 1) ? Promise.reject(new Error('Connection is closed.')) : get(id)
          : (Reflect.get(o, k) as unknown),
    });
    const store = h.ctx.store;
    h.ctx.store = new Proxy(store, { get: (o, k) => (k === 'games' ? games : (Reflect.get(o, k) as unknown)) });
    await closeCancelledGames(h.ctx, { ...t2, status: 'cancelled', endNote: 'cancelled' });
    await h.settle();
    expect(await game(t2, 2)).toMatchObject({ status: 'aborted' });
    expect(await game(t2, 1)).toMatchObject({ status: 'active' });
    expect(h.logs.filter((l) => l.msg === 'could not close a game of a cancelled tournament')).toHaveLength(1);
  });

  it('a game that keeps changing is left to the next sweep, logged', async () => {
    const h = proc();
    const t = await running({ pairings: [{ round: 1, board: 1, first: 'x', second: 'y', result: null }] });
    await openGames(h.ctx, { ...t, players: [...t.players, { id: 'x', name: 'X' }, { id: 'y', name: 'Y' }] });
    await h.settle();
    failWrites(h, 'conflict', 'conflict', 'conflict', 'conflict', 'conflict');
    await closeCancelledGames(h.ctx, { ...t, status: 'cancelled', endNote: 'cancelled' });
    expect(await game(t, 1)).toMatchObject({ status: 'active' });
    expect(h.logs.filter((l) => l.msg.startsWith('a game of a cancelled tournament kept changing'))).toHaveLength(1);
  });
});
