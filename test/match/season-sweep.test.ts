// The end-of-season sweep (sweeps/seasons.ts) at its edges: the post's words
// (the season ended and the next, the server's language, a top 10 read from
// the ended season's board), a server that keeps no seasons dropped from the
// list, one with no channel yet posting nothing and losing nothing, a post
// that fails tried again after `retryMs`, a season posted never posted again,
// and a post out whose mark failed not sent twice.
import { describe, expect, it } from 'vitest';
import { seasonsAt, setLocale, setSeasons, type Post } from '../../src/match/index.js';
import { sweepSeasons } from '../../src/match/sweeps/seasons.js';
import { newId } from '../../src/store/index.js';
import { harness, rankedPair, type Harness, useMatchStore } from './harness.js';

const m = useMatchStore('season-sweep');
const NOV = Date.UTC(2026, 10, 20, 12);
const DEC = Date.UTC(2026, 11, 1, 0, 5);

/** A server keeping monthly seasons (posted in `channel`), with two players ranked on its November board. */
async function server(h: Harness, channel: string | null = 'season-posts'): Promise<string> {
  const guild = `g${newId()}`;
  await setSeasons(h.ctx, guild, 'monthly', channel);
  await rankedPair(guild, NOV);
  return guild;
}

const texts = (h: Harness, channelId: string): Extract<Post, { kind: 'text' }>[] =>
  h.posts.flatMap((p) => (p.channelId === channelId && p.post.kind === 'text' ? [p.post] : []));

describe('the end-of-season sweep', () => {
  it("says which season ended and which begins, in the server's language, a top 10 of the ended board", async () => {
    const h = harness(() => DEC);
    const guild = await server(h, `fr-${newId()}`);
    await setLocale(h.ctx, guild, 'fr');
    const asked: unknown[][] = [];
    const store = h.ctx.store;
    const ratings = new Proxy(store.ratings, {
      get: (o, k) =>
        k === 'top'
          ? (...a: Parameters<typeof o.top>) => {
              asked.push(a.slice(0, 3));
              return o.top(...a);
            }
          : (Reflect.get(o, k) as unknown),
    });
    h.ctx.store = new Proxy(store, { get: (o, k) => (k === 'ratings' ? ratings : (Reflect.get(o, k) as unknown)) });
    const channel = (await m.store.settings.get(guild)).seasonChannel!;
    expect(await sweepSeasons(h.ctx)).toBe(1);
    const [post] = texts(h, channel);
    expect(post!.locale).toBe('fr');
    const { season, next } = post!.lines[0]!.params as unknown as {
      season: { params: { month: number } };
      next: typeof season;
    };
    expect(new Date(season.params.month).getUTCMonth()).toBe(10);
    expect(new Date(next.params.month).getUTCMonth()).toBe(11);
    expect(asked.every(([, scope, n]) => scope === `guild:${guild}@2026-11` && n === 10)).toBe(true);
    // Each row: the November board's games and record (twelve games there, the loser won four).
    const rows = post!.lines.filter((l) => l.key === 'season.topRow').map((l) => l.params);
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r).toMatchObject({ games: 12, record: { key: expect.any(String) } });
    // Ranked as the board ranks them, the winner first.
    expect(rows.map((r) => r?.rank)).toEqual([1, 2]);
    expect(asked.length).toBeGreaterThan(0);
  });

  it('a server that keeps no seasons leaves the list; one with no channel yet posts nothing and loses nothing', async () => {
    const h = harness(() => DEC);
    const off = `g${newId()}`;
    await m.store.seasons.track(off, true);
    const quiet = await server(h, null);
    expect(await sweepSeasons(h.ctx)).toBe(0);
    expect(await m.store.seasons.guilds()).not.toContain(off);
    expect(h.posts).toEqual([]);
    // A channel chosen later: the season's post goes out then.
    await setSeasons(h.ctx, quiet, 'monthly', 'late-channel');
    expect(await sweepSeasons(h.ctx)).toBe(1);
    expect(texts(h, 'late-channel')).toHaveLength(1);
  });

  it('a post that fails is tried again after retryMs, and goes out once', async () => {
    const h = harness(() => DEC);
    const channel = `retry-${newId()}`;
    await server(h, channel);
    const post = h.ctx.notifier.post.bind(h.ctx.notifier);
    let fail = true;
    h.ctx.notifier.post = (where, p, o) => {
      if (where.channelId === channel && fail) {
        fail = false;
        return Promise.reject(new Error('Service Unavailable'));
      }
      return post(where, p, o);
    };
    expect(await sweepSeasons(h.ctx, { retryMs: 30 })).toBe(0);
    expect(h.logs.filter((l) => l.msg === 'season rollover failed for a server; it is tried again later')).toHaveLength(
      1,
    );
    await new Promise((r) => setTimeout(r, 80));
    expect(await sweepSeasons(h.ctx, { retryMs: 30 })).toBe(1);
    expect(texts(h, channel)).toHaveLength(1);
  });

  it('a season posted is never posted again, even once its lease has run out', async () => {
    const h = harness(() => DEC);
    const channel = `once-${newId()}`;
    const guild = await server(h, channel);
    expect(await sweepSeasons(h.ctx)).toBe(1);
    await m.store.seasons.retryRollover(guild, '2026-11', 1); // its lease as good as over
    await new Promise((r) => setTimeout(r, 20));
    expect(await sweepSeasons(h.ctx)).toBe(0);
    expect(texts(h, channel)).toHaveLength(1);
  });

  it('a post out whose mark failed is not sent again soon (the lease stays its ten minutes)', async () => {
    const h = harness(() => DEC);
    const channel = `mark-${newId()}`;
    await server(h, channel);
    const store = h.ctx.store;
    const seasons = new Proxy(store.seasons, {
      get: (o, k) =>
        k === 'finishRollover'
          ? () => Promise.reject(new Error('Connection is closed.'))
          : (Reflect.get(o, k) as unknown),
    });
    h.ctx.store = new Proxy(store, { get: (o, k) => (k === 'seasons' ? seasons : (Reflect.get(o, k) as unknown)) });
    expect(await sweepSeasons(h.ctx, { retryMs: 30 })).toBe(1);
    await new Promise((r) => setTimeout(r, 80));
    expect(await sweepSeasons(h.ctx, { retryMs: 30 })).toBe(0);
    expect(texts(h, channel)).toHaveLength(1);
  });
});

describe('the seasons a rated game counts in', () => {
  it("the global board's quarter and the server's own length; none for a game outside a server", async () => {
    const h = harness(() => DEC);
    const guild = `g${newId()}`;
    await setSeasons(h.ctx, guild, 'quarterly', null);
    expect(await seasonsAt(h.ctx, guild, NOV)).toEqual({ global: '2026-Q4', guild: '2026-Q4' });
    await setSeasons(h.ctx, guild, 'monthly', null);
    expect(await seasonsAt(h.ctx, guild, NOV)).toEqual({ global: '2026-Q4', guild: '2026-11' });
    expect(await seasonsAt(h.ctx, null, NOV)).toEqual({ global: '2026-Q4', guild: null });
    expect(h.logs).toEqual([]);
  });
});
