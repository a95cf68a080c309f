// The daily puzzle sweep (sweeps/daily-puzzle.ts) at its edges: the games
// taking turns day by day (the other game when one has none left), no puzzle
// twice to a server, a middle rating, the server's language, a nonce per
// server and day, the position after the puzzle's moves; a server tracked
// without a channel dropped from the list; a day posted by another process
// while this one waited for the lease; a day's puzzle gone or whose moves do
// not replay; yesterday's unreadable; one server failing, the others served.
import { beforeAll, describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { replay } from '../../src/engine/replay.js';
import { setLocale, setPuzzleChannel, type DailyPuzzlePost, type Post } from '../../src/match/index.js';
import { sweepDailyPuzzles, utcDay } from '../../src/match/sweeps/daily-puzzle.js';
import type { Puzzle } from '../../src/model/index.js';
import { testPuzzles } from '../support/puzzle-positions.js';
import { harness, useMatchStore, type Harness } from './harness.js';

const m = useMatchStore('daily-puzzle');
const DAY = 86_400_000;
let n = 0;

/** Each test puzzle, and a second of the same position under another id, rated as asked. */
const pool = (rating: number, tag: string): Puzzle[] =>
  testPuzzles(rating).flatMap((p) => [
    { ...p, id: `${p.id.slice(0, 20)}${tag}a` },
    { ...p, id: `${p.id.slice(0, 20)}${tag}b` },
  ]);

beforeAll(async () => {
  await m.store.puzzles.add([...pool(1500, 'mid'), ...pool(2600, 'top')]);
});

/** A process whose posts are recorded with their options (the nonce). */
function proc(now: () => number): Harness & { sent: { channelId: string; post: Post; nonce?: string }[] } {
  const h = harness(now);
  const sent: { channelId: string; post: Post; nonce?: string }[] = [];
  h.ctx.notifier.post = (where, post, opts) => {
    sent.push({ channelId: where.channelId, post, nonce: opts?.nonce });
    return Promise.resolve(`msg${sent.length}`);
  };
  return Object.assign(h, { sent });
}

async function server(h: Harness): Promise<string> {
  const guildId = `dg${++n}x${Date.now()}`;
  await setPuzzleChannel(h.ctx, guildId, `daily-${guildId}`);
  return guildId;
}

const daily = (p: Post): DailyPuzzlePost => {
  if (p.kind !== 'daily-puzzle') throw new Error(p.kind);
  return p;
};

describe('the daily puzzle sweep', () => {
  it('the games take turns, no puzzle comes twice, near a middle rating; the position after its moves', async () => {
    let now = Date.UTC(2026, 11, 1, 8);
    const h = proc(() => now);
    const guildId = await server(h);
    const posts: DailyPuzzlePost[] = [];
    for (let d = 0; d < 4; d++, now += DAY) {
      await sweepDailyPuzzles(h.ctx);
      posts.push(daily(h.sent.at(-1)!.post));
      expect(h.sent).toHaveLength(d + 1);
    }
    const games = posts.map((p) => p.puzzle.game);
    expect(games[0]).not.toBe(games[1]);
    expect(games[2]).toBe(games[0]);
    expect(games[3]).toBe(games[1]);
    expect(new Set(posts.map((p) => p.puzzle.id)).size).toBe(4);
    expect(posts.every((p) => p.puzzle.rating === 1500)).toBe(true);
    for (const p of posts) {
      const r = replay(getGame(p.puzzle.game), p.puzzle.setup, p.puzzle.moves);
      if (!r.ok) throw new Error('replay');
      expect(p.state).toEqual(r.states.at(-1));
    }
    expect(h.sent.every((s) => s.channelId === `daily-${guildId}`)).toBe(true);
  });

  it('a day whose game has no puzzle left gives the other game’s', async () => {
    let now = Date.UTC(2026, 11, 1, 8);
    const h = proc(() => now);
    await server(h);
    const store = h.ctx.store;
    const puzzles = new Proxy(store.puzzles, {
      get: (o, k) =>
        k === 'pick'
          ? (game: string, userId: string, rating: number) =>
              game === 'orion' ? Promise.resolve(null) : o.pick(game as 'exxit', userId, rating)
          : (Reflect.get(o, k) as unknown),
    });
    h.ctx.store = new Proxy(store, { get: (o, k) => (k === 'puzzles' ? puzzles : (Reflect.get(o, k) as unknown)) });
    for (let d = 0; d < 2; d++, now += DAY) await sweepDailyPuzzles(h.ctx);
    expect(h.sent.map((s) => daily(s.post).puzzle.game)).toEqual(['exxit', 'exxit']);
  });

  it('a day with no puzzle left in either game posts nothing, logs nothing, and asks each game once', async () => {
    const now = Date.UTC(2026, 11, 5, 8);
    const h = proc(() => now);
    const guildId = await server(h);
    const asked: string[] = [];
    const store = h.ctx.store;
    const puzzles = new Proxy(store.puzzles, {
      get: (o, k) =>
        k === 'pick'
          ? (game: string, viewer: string) => {
              // Other servers of this file are swept too: this one's picks only.
              if (viewer === `daily-${guildId}`) asked.push(game);
              return Promise.resolve(null);
            }
          : (Reflect.get(o, k) as unknown),
    });
    h.ctx.store = new Proxy(store, { get: (o, k) => (k === 'puzzles' ? puzzles : (Reflect.get(o, k) as unknown)) });
    expect(await sweepDailyPuzzles(h.ctx)).toBe(0);
    expect(h.sent.filter((x) => x.channelId === `daily-${guildId}`)).toEqual([]);
    expect(asked.sort()).toEqual(['exxit', 'orion']);
    expect(h.logs.filter((l) => l.msg.startsWith('daily puzzle not posted'))).toEqual([]);
    expect(await m.store.puzzles.daily(guildId, utcDay(now))).toBeNull();
  });

  it('a day chosen by a process that died before posting is posted with that puzzle, not another', async () => {
    const now = Date.UTC(2026, 11, 6, 8);
    const h = proc(() => now);
    const guildId = await server(h);
    const chosen = pool(1500, 'mid')[1]!;
    await m.store.puzzles.chooseDaily(guildId, utcDay(now), chosen.id);
    expect(await sweepDailyPuzzles(h.ctx)).toBeGreaterThanOrEqual(1);
    const mine = h.sent.filter((x) => x.channelId === `daily-${guildId}`);
    expect(mine.map((x) => daily(x.post).puzzle.id)).toEqual([chosen.id]);
  });

  it("in the server's language, with a nonce of its own for each server and day", async () => {
    let now = Date.UTC(2026, 11, 1, 8);
    const h = proc(() => now);
    const fr = await server(h);
    await setLocale(h.ctx, fr, 'fr');
    const other = await server(h);
    await sweepDailyPuzzles(h.ctx);
    now += DAY;
    await sweepDailyPuzzles(h.ctx);
    const mine = h.sent.filter((s) => s.channelId === `daily-${fr}` || s.channelId === `daily-${other}`);
    expect(mine).toHaveLength(4);
    expect(mine.map((s) => [s.channelId === `daily-${fr}`, daily(s.post).locale])).toEqual(
      expect.arrayContaining([
        [true, 'fr'],
        [false, 'en'],
      ]),
    );
    expect(mine.filter((s) => s.channelId === `daily-${fr}`).every((s) => daily(s.post).locale === 'fr')).toBe(true);
    const nonces = mine.map((s) => s.nonce);
    expect(nonces.every((x) => typeof x === 'string' && x.length > 0 && x.length <= 25)).toBe(true);
    expect(new Set(nonces).size).toBe(4);
  });

  it('a server tracked without a channel leaves the list, and gets nothing', async () => {
    const h = proc(() => Date.UTC(2026, 11, 1, 8));
    const guildId = `dg${++n}none`;
    await m.store.puzzles.trackDaily(guildId, true);
    await sweepDailyPuzzles(h.ctx);
    expect(await m.store.puzzles.dailyGuilds()).not.toContain(guildId);
  });

  it('a day another process posted while this one waited for the lease is not posted again', async () => {
    const now = Date.UTC(2026, 11, 2, 8);
    const h = proc(() => now);
    const guildId = await server(h);
    const day = utcDay(now);
    const store = h.ctx.store;
    const puzzles = new Proxy(store.puzzles, {
      get: (o, k) =>
        k === 'leaseDaily'
          ? async (...a: Parameters<typeof o.leaseDaily>) => {
              if (a[0] === guildId) {
                // The other process chose, posted and let go just before this one took the lease.
                await o.chooseDaily(guildId, day, pool(1500, 'mid')[0]!.id);
                await o.postedDaily(guildId, day, 'their-post');
              }
              return o.leaseDaily(...a);
            }
          : (Reflect.get(o, k) as unknown),
    });
    h.ctx.store = new Proxy(store, { get: (o, k) => (k === 'puzzles' ? puzzles : (Reflect.get(o, k) as unknown)) });
    await sweepDailyPuzzles(h.ctx);
    expect(h.sent.filter((s) => s.channelId === `daily-${guildId}`)).toEqual([]);
    expect((await m.store.puzzles.daily(guildId, day))?.messageId).toBe('their-post');
  });

  it('a day whose puzzle is gone, or does not replay, posts nothing and logs no failure', async () => {
    const now = Date.UTC(2026, 11, 3, 8);
    const h = proc(() => now);
    const day = utcDay(now);
    const gone = await server(h);
    await m.store.puzzles.chooseDaily(gone, day, 'nosuchpuzzle');
    const broken = await server(h);
    const bad: Puzzle = { ...pool(9000, 'bad')[0]!, moves: ['Z9 Z9 Z9'] }; // rated far off: no other server gets it
    await m.store.puzzles.add([bad]);
    await m.store.puzzles.chooseDaily(broken, day, bad.id);
    await sweepDailyPuzzles(h.ctx);
    expect(h.sent.filter((s) => s.channelId === `daily-${gone}` || s.channelId === `daily-${broken}`)).toEqual([]);
    expect(h.logs.filter((l) => l.msg.startsWith('daily puzzle not posted'))).toEqual([]);
  });

  it("yesterday's record unreadable: today's goes out without the answer", async () => {
    const now = Date.UTC(2026, 11, 4, 8);
    const h = proc(() => now);
    const guildId = await server(h);
    const yesterday = utcDay(now - DAY);
    const store = h.ctx.store;
    const puzzles = new Proxy(store.puzzles, {
      get: (o, k) =>
        k === 'daily'
          ? (g: string, d: string) =>
              d === yesterday ? Promise.reject(new Error('Connection is closed.')) : o.daily(g, d)
          : (Reflect.get(o, k) as unknown),
    });
    h.ctx.store = new Proxy(store, { get: (o, k) => (k === 'puzzles' ? puzzles : (Reflect.get(o, k) as unknown)) });
    await sweepDailyPuzzles(h.ctx);
    const mine = h.sent.filter((s) => s.channelId === `daily-${guildId}`);
    expect(mine).toHaveLength(1);
    expect(daily(mine[0]!.post).yesterday).toBeNull();
  });

  it('a server whose post fails is logged and tried again later; the others are served', async () => {
    const now = Date.UTC(2026, 11, 5, 8);
    const h = proc(() => now);
    const failing = await server(h);
    const fine = await server(h);
    const post = h.ctx.notifier.post.bind(h.ctx.notifier);
    h.ctx.notifier.post = (where, p, opts) =>
      where.channelId === `daily-${failing}` ? Promise.reject(new Error('Missing Access')) : post(where, p, opts);
    await sweepDailyPuzzles(h.ctx);
    expect(h.sent.filter((s) => s.channelId === `daily-${fine}`)).toHaveLength(1);
    expect(h.logs.filter((l) => l.msg === 'daily puzzle not posted for a server; tried again later')).toHaveLength(1);
    expect((await m.store.puzzles.daily(failing, utcDay(now)))?.messageId ?? null).toBeNull();
  });
});
