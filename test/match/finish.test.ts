// Every way a game ends goes through one finish (src/match/finish.ts): the
// same record shape (status, result, no draw offer, no clock wake-up, out of
// the due index), the post owed from the write on, and exactly one post. A
// process that dies between the write and the post (here: its post never
// returns) leaves the post to another process's announcement sweep, which
// makes it once.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerGame } from '../../src/engine/index.js';
import {
  abort,
  adminEnd,
  cancelTournament,
  createTournament,
  drive,
  joinTournament,
  offerDraw,
  pairingGameId,
  playMove,
  postAnnouncement,
  resign,
  startTournament,
  sweepClocks,
  sweepOwed,
  tournamentGameOver,
  type Announcement,
  type GamePost,
} from '../../src/match/index.js';
import type { StoredGame, StoredTournament } from '../../src/model/index.js';
import { tictactoe } from '../ai/fixtures/games.js';
import { createGame, harness, HOUR, tournamentInput, useMatchStore, type Harness, until } from './harness.js';

const m = useMatchStore('finish');
beforeAll(() => registerGame(tictactoe));

/** A test's processes share one clock the test moves. */
const clock = { t: Date.now() };
const FAR = () => Date.now() + 100 * HOUR;

/** A process of the bot: the harness, games in threads of their own, tournaments told of ended games. */
function proc(): Harness {
  const h = harness(() => clock.t);
  h.ctx.notifier.openThread = () => Promise.resolve(`th${randomBytes(5).toString('hex')}`);
  h.ctx.onGameOver = (rec) => tournamentGameOver(h.ctx, rec);
  return h;
}

/** A process that dies as it posts a game: its game posts never return. */
function dying(): Harness {
  const h = proc();
  const notifier = h.ctx.notifier;
  const post = notifier.post.bind(notifier);
  notifier.post = (where, p, opts) => (p.kind === 'game' ? new Promise<string>(() => {}) : post(where, p, opts));
  return h;
}

async function tournamentGame(h: Harness): Promise<{ t: StoredTournament; rec: StoredGame }> {
  const guildId = `g${randomBytes(4).toString('hex')}`;
  const t = await createTournament(
    h.ctx,
    tournamentInput({ name: 'Finish Cup', guildId, format: 'swiss', rounds: 1, clockHours: null, roundHours: null }),
  );
  for (const id of ['alice', 'bob', 'carol']) await joinTournament(h.ctx, t.id, { id, name: id });
  await startTournament(h.ctx, t.id, 'olga', false);
  await h.settle();
  const started = (await m.store.tournaments.get(t.id))!;
  const p = started.pairings.find((x) => x.second !== null)!;
  const rec = await until(() => m.store.games.get(pairingGameId(t.id, p.round, p.board)));
  return { t: started, rec };
}

interface Way {
  name: string;
  /** The game as it stands before it ends. */
  start(h: Harness): Promise<StoredGame>;
  /** Ends it: the announcement for the caller to post, or null when the match layer posts it itself. */
  end(h: Harness, rec: StoredGame): Promise<Announcement | null>;
  expected: Pick<StoredGame, 'status'> & { result: Partial<NonNullable<StoredGame['result']>> };
}

const ways: Way[] = [
  {
    name: 'resign',
    start: () => createGame(FAR()),
    end: (h, rec) => resign(h.ctx, rec.channelId, 'alice'),
    expected: { status: 'over', result: { winner: 1, draw: false, reason: 'resign' } },
  },
  {
    name: 'agreed draw',
    start: () => createGame(FAR()),
    end: async (h, rec) => {
      await offerDraw(h.ctx, rec.channelId, 'alice');
      const r = await offerDraw(h.ctx, rec.channelId, 'bob');
      return r.kind === 'agreed' ? r.announcement : null;
    },
    expected: { status: 'over', result: { winner: null, draw: true, reason: 'draw-agreed' } },
  },
  {
    name: 'abort',
    start: () => createGame(FAR()),
    end: (h, rec) => abort(h.ctx, rec.channelId, 'bob'),
    expected: { status: 'aborted', result: { winner: null, reason: 'abort' } },
  },
  {
    name: 'an admin’s /endgame',
    start: () => createGame(FAR()),
    end: (h, rec) => adminEnd(h.ctx, rec.channelId, 'admin'),
    expected: { status: 'aborted', result: { winner: null, reason: 'admin' } },
  },
  {
    name: 'a damaged record closed by a player',
    start: () => createGame(FAR(), { state: { game: 'orion', cells: 'not a board' } }),
    end: (h, rec) => abort(h.ctx, rec.channelId, 'alice'),
    expected: { status: 'aborted', result: { winner: null, reason: 'damaged' } },
  },
  {
    name: 'the rules, after a move',
    start: () =>
      createGame(FAR(), {
        game: 'tictactoe',
        setup: 'standard',
        state: { cells: [0, 0, null, 1, 1, null, null, null, null], toMove: 0, ply: 4 },
      }),
    end: (h, rec) => playMove(h.ctx, { channelId: rec.channelId }, { userId: 'alice' }, '2'),
    expected: { status: 'over', result: { winner: 0, draw: false, reason: 'line' } },
  },
  {
    name: 'the clock',
    start: () => createGame(clock.t - 2 * HOUR),
    end: async (h) => {
      await sweepClocks(h.ctx);
      return null;
    },
    expected: { status: 'aborted', result: { winner: null, reason: 'time' } },
  },
  {
    name: 'a tournament cancelled',
    start: async (h) => (await tournamentGame(h)).rec,
    end: async (h, rec) => {
      await cancelTournament(h.ctx, rec.id.slice(1, 11), 'olga', false);
      return null;
    },
    expected: { status: 'aborted', result: { winner: null, reason: 'cancelled' } },
  },
  {
    name: 'a tournament round’s deadline',
    start: async (h) => (await tournamentGame(h)).rec,
    end: async (h, rec) => {
      const t = (await m.store.tournaments.get(rec.id.slice(1, 11)))!;
      clock.t = t.roundDeadline! + 1000;
      await drive(h.ctx, t.id);
      return null;
    },
    expected: { status: 'aborted', result: { winner: null, reason: 'time' } },
  },
];

/** The shape every ending leaves. */
async function expectEnded(id: string, way: Way): Promise<StoredGame> {
  const rec = (await m.store.games.get(id))!;
  expect(rec.status).toBe(way.expected.status);
  expect(rec.result).toMatchObject(way.expected.result);
  expect(rec.drawOffer).toBeNull();
  expect(rec.clock?.wakeAt ?? null).toBeNull();
  expect(await m.store.gameIndex.due(FAR() * 2, 1000)).not.toContain(id);
  return rec;
}

/** The posts of a game's end (a tournament game's start was posted before, by the same process). */
const gamePostsOf = (h: Harness, rec: StoredGame): GamePost[] =>
  h.posts.flatMap((p) =>
    p.post.kind === 'game' && p.post.game.id === rec.id && p.post.game.status !== 'active' ? [p.post] : [],
  );

describe.each(ways)('a game ended by $name', (way) => {
  it('is written once in the common shape and posted once', async () => {
    clock.t = Date.now();
    const h = proc();
    const rec = await way.start(h);
    const a = await way.end(h, rec);
    if (a) {
      // Owed from the write on, until the post is out.
      const saved = (await m.store.games.get(rec.id))!;
      expect(saved.annV ?? 0).toBeGreaterThan(saved.shown ?? saved.version);
      await postAnnouncement(h.ctx, a);
    }
    await h.settle();
    const ended = await expectEnded(rec.id, way);
    expect(ended.shown ?? 0).toBeGreaterThanOrEqual(ended.annV ?? 0);
    const posts = gamePostsOf(h, rec);
    expect(posts).toHaveLength(1);
    expect(posts[0].game.status).toBe(way.expected.status);
    // Nothing left owed: another process's sweep posts nothing more.
    const other = proc();
    await sweepOwed(other.ctx, 0);
    expect(gamePostsOf(other, rec)).toHaveLength(0);
  });

  it('is posted once by another process when the one that wrote it dies before its post', async () => {
    clock.t = Date.now();
    const setup = proc();
    const rec = await way.start(setup);
    await setup.settle();
    const doomed = dying();
    // The end is written; its post never comes back (the process is gone from then on).
    void way.end(doomed, rec).then((a) => a && postAnnouncement(doomed.ctx, a));
    await until(async () => (await m.store.games.get(rec.id))?.status !== 'active');
    await expectEnded(rec.id, way);
    const other = proc();
    await until(async () => (await sweepOwed(other.ctx, 0)) > 0 && gamePostsOf(other, rec).length > 0);
    await other.settle();
    await sweepOwed(other.ctx, 0);
    const posts = gamePostsOf(other, rec);
    expect(posts).toHaveLength(1);
    expect(posts[0].game.status).toBe(way.expected.status);
    expect(gamePostsOf(doomed, rec)).toHaveLength(0);
  });
});
