import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSnapshot, guildScope, rateGame } from '../../src/model/index.js';
import { CorruptRecordError, newId, openStore, type Store } from '../../src/store/index.js';
import { cleanup, MODES, openMany, prefixFor, quiet, uid } from './helpers.js';

describe.each(MODES)('ratings on $name', (mode) => {
  let store: Store;
  const prefix = prefixFor('ratings', mode);

  beforeAll(async () => {
    store = await openStore({ url: mode.url, prefix, logger: quiet });
  });
  afterAll(async () => {
    await cleanup(store);
    await store.close();
  });

  it('starts everyone at 1500 / 350 and unrated', async () => {
    const u = uid('u');
    expect(await store.ratings.get('exxit', u, 'global')).toEqual(defaultSnapshot());
    expect(await store.ratings.rank('exxit', u, 'global')).toBeNull();
  });

  it('refuses a malformed scope, and takes each well-formed one', async () => {
    const u = uid('u');
    const bad = ['', '@2026-11', 'guild:', 'guild:a b', 'guild:x@', 'global@2026-13', 'global@', 'server:1', 'globalx'];
    for (const scope of bad)
      await expect(store.ratings.get('exxit', u, scope as never), scope).rejects.toThrow(/invalid rating scope/);
    for (const scope of ['global', 'global@2026-Q4', 'guild:123', 'guild:123@2026-12'])
      expect(await store.ratings.get('exxit', u, scope as never), scope).toEqual(defaultSnapshot());
  });

  it('the winner goes up, the loser down, in both scopes, with W/D/L and streaks', async () => {
    const [a, b] = [uid('a'), uid('b')];
    const guild = uid('g');
    const out = await store.ratings.applyResult('orion', newId(), guild, [a, b], { winner: 1, draw: false });
    expect(out.applied).toBe(true);
    const [pa, pb] = out.players;
    expect(pa.userId).toBe(a);
    expect(pa.global.after.rating).toBeLessThan(pa.global.before.rating);
    expect(pb.global.after.rating).toBeGreaterThan(pb.global.before.rating);
    expect(pb.guild?.after.rating).toBeGreaterThan(1500);
    expect(await store.ratings.get('orion', b, 'global')).toEqual(pb.global.after);
    expect(await store.ratings.get('orion', b, guildScope(guild))).toMatchObject({
      wins: 1,
      losses: 0,
      games: 1,
      streak: 1,
    });
    expect(await store.ratings.get('orion', a, 'global')).toMatchObject({ wins: 0, losses: 1, streak: -1 });
    // Ratings are per game: Exxit is untouched.
    expect(await store.ratings.get('exxit', b, 'global')).toEqual(defaultSnapshot());
    expect(await store.ratings.rank('orion', b, guildScope(guild))).toBe(1);
    expect(await store.ratings.rank('orion', a, guildScope(guild))).toBe(2);
  });

  it('a draw is half a point for each side, counted as a draw: never a win for either', async () => {
    const [a, b] = [uid('a'), uid('b')];
    const guild = uid('g');
    const now = Date.now();
    // A beats B first: A is the stronger, on a winning streak; B on a losing one.
    await store.ratings.applyResult('orion', newId(), guild, [a, b], { winner: 0, draw: false }, now);
    const [sa, sb] = await Promise.all([a, b].map((u) => store.ratings.get('orion', u, 'global')));
    // Then a draw, B listed first (side 0).
    const out = await store.ratings.applyResult('orion', newId(), guild, [b, a], { winner: null, draw: true }, now);
    const [expectB, expectA] = rateGame(sb, sa, 0.5, now);
    expect(out.players[0].global.after).toEqual(expectB);
    expect(out.players[1].global.after).toEqual(expectA);
    // The weaker side gains, the stronger loses, both less than a win or a loss would move them.
    const [winB] = rateGame(sb, sa, 1, now);
    expect(expectB.rating).toBeGreaterThan(sb.rating);
    expect(expectB.rating).toBeLessThan(winB.rating);
    expect(expectA.rating).toBeLessThan(sa.rating);
    for (const scope of ['global', guildScope(guild)] as const) {
      expect(await store.ratings.get('orion', a, scope)).toMatchObject({
        games: 2,
        wins: 1,
        draws: 1,
        losses: 0,
        streak: 0,
      });
      expect(await store.ratings.get('orion', b, scope)).toMatchObject({
        games: 2,
        wins: 0,
        draws: 1,
        losses: 1,
        streak: 0,
      });
    }
  });

  it('is idempotent per game id: applying the same game again changes nothing and returns the stored outcome', async () => {
    const [a, b] = [uid('a'), uid('b')];
    const gameId = newId();
    const first = await store.ratings.applyResult('exxit', gameId, null, [a, b], { winner: 0, draw: false });
    const again = await store.ratings.applyResult('exxit', gameId, null, [a, b], { winner: 0, draw: false });
    expect(again.applied).toBe(false);
    expect(again.players).toEqual(first.players);
    expect(await store.ratings.get('exxit', a, 'global')).toMatchObject({ games: 1, wins: 1 });
    expect(first.players[0].guild).toBeNull();
  });

  it('many clients applying the same game at once: applied exactly once', async () => {
    const [a, b] = [uid('a'), uid('b')];
    const gameId = newId();
    const clients = await openMany(mode, prefix, 10);
    try {
      const outs = await Promise.all(
        clients.map((c) => c.ratings.applyResult('exxit', gameId, 'g1', [a, b], { winner: null, draw: true })),
      );
      expect(outs.filter((o) => o.applied)).toHaveLength(1);
      expect(await store.ratings.get('exxit', a, 'global')).toMatchObject({ games: 1, draws: 1 });
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('concurrent games of one player lose no update', async () => {
    const star = uid('s');
    const clients = await openMany(mode, prefix, 8);
    try {
      await Promise.all(
        clients.map((c) => c.ratings.applyResult('exxit', newId(), 'g1', [star, uid('o')], { winner: 0, draw: false })),
      );
      expect(await store.ratings.get('exxit', star, 'global')).toMatchObject({ games: 8, wins: 8, streak: 8 });
      expect(await store.ratings.get('exxit', star, guildScope('g1'))).toMatchObject({ games: 8 });
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('leaderboards: best first, provisional players filtered on request', async () => {
    const guild = uid('g');
    const [top, mid, low] = [uid('t'), uid('m'), uid('l')];
    for (let i = 0; i < 3; i++)
      await store.ratings.applyResult('orion', newId(), guild, [top, mid], { winner: 0, draw: false });
    await store.ratings.applyResult('orion', newId(), guild, [mid, low], { winner: 0, draw: false });
    const board = await store.ratings.top('orion', guildScope(guild), 10);
    expect(board.map((e) => e.userId).sort()).toEqual([top, mid, low].sort());
    expect(board.map((e) => e.rank)).toEqual([1, 2, 3]);
    for (let i = 1; i < board.length; i++) expect(board[i - 1].rating).toBeGreaterThanOrEqual(board[i].rating);
    expect(board[0].userId).toBe(top);
    const seasoned = await store.ratings.top('orion', guildScope(guild), 10, { minGames: 3 });
    expect(seasoned.map((e) => e.userId).sort()).toEqual([top, mid].sort());
    expect(seasoned.map((e) => e.rank)).toEqual([1, 2]);
    expect(await store.ratings.top('orion', guildScope(guild), 1)).toHaveLength(1);
  });

  it('leaderboard positions and census: rank and counts among established players only', async () => {
    const guild = uid('g');
    const scope = guildScope(guild);
    const day = 24 * 3_600_000;
    const t0 = 1_000 * day;
    // a beats b 4 times and c once; c beats d once: a, b are established (>= 4 games), c and d are not.
    const [a, b, c, d] = [uid('a'), uid('b'), uid('c'), uid('d')];
    for (let i = 0; i < 4; i++)
      await store.ratings.applyResult('exxit', newId(), guild, [a, b], { winner: 0, draw: false }, t0);
    await store.ratings.applyResult('exxit', newId(), guild, [a, c], { winner: 0, draw: false }, t0);
    await store.ratings.applyResult('exxit', newId(), guild, [c, d], { winner: 0, draw: false }, t0);
    const opts = { minGames: 4 };
    expect(await store.ratings.census('exxit', scope)).toEqual({ players: 4, established: 4 });
    expect(await store.ratings.census('exxit', scope, opts)).toEqual({ players: 4, established: 2 });
    // c may be rated above b, but the leaderboard position of b skips provisional players.
    const raw = await store.ratings.rank('exxit', b, scope);
    expect(raw).toBeGreaterThanOrEqual(2);
    expect(await store.ratings.rank('exxit', a, scope, opts)).toBe(1);
    expect(await store.ratings.rank('exxit', b, scope, opts)).toBe(2);
    expect(await store.ratings.rank('exxit', c, scope, opts)).toBeNull();
    expect(await store.ratings.rank('exxit', uid('nobody'), scope, opts)).toBeNull();
    expect((await store.ratings.top('exxit', scope, 10, opts)).map((e) => e.userId)).toEqual([a, b]);
    // With `now`, the deviation grown by idle time counts: after a long break nobody is established.
    const rdA = (await store.ratings.get('exxit', a, scope)).rd;
    const late = { minGames: 4, maxRd: rdA + 1, now: t0 + 3650 * day };
    expect(await store.ratings.census('exxit', scope, { minGames: 4, maxRd: 349, now: t0 })).toEqual({
      players: 4,
      established: 2,
    });
    expect(await store.ratings.census('exxit', scope, late)).toEqual({ players: 4, established: 0 });
    expect(await store.ratings.top('exxit', scope, 10, late)).toEqual([]);
    expect(await store.ratings.rank('exxit', a, scope, late)).toBeNull();
    expect(await store.ratings.census('exxit', guildScope(uid('empty')))).toEqual({ players: 0, established: 0 });
    // The counts are cached, and a new rated game in the scope drops the cache.
    const e = uid('e');
    await store.ratings.applyResult('exxit', newId(), guild, [e, d], { winner: 0, draw: false }, t0);
    expect(await store.ratings.census('exxit', scope, opts)).toEqual({ players: 5, established: 2 });
    expect((await store.ratings.census('exxit', 'global', opts)).players).toBeGreaterThanOrEqual(5);
  });

  it('refuses nonsense input', async () => {
    await expect(
      store.ratings.applyResult('exxit', newId(), null, ['x1', 'x1'], { winner: 0, draw: false }),
    ).rejects.toThrow(/themself/);
    await expect(
      store.ratings.applyResult('exxit', newId(), null, ['x1', 'x2'], { winner: 0, draw: true }),
    ).rejects.toThrow(/draw/);
    await expect(
      store.ratings.applyResult('chess', newId(), null, ['x1', 'x2'], { winner: 0, draw: false }),
    ).rejects.toThrow(/game/);
    await expect(store.ratings.top('exxit', 'server' as never, 5)).rejects.toThrow(/scope/);
  });

  it('a corrupt rating record is a typed error, and the leaderboard leaves it off', async () => {
    const warnings: string[] = [];
    const s = await openStore({ url: mode.url, prefix, logger: { warn: (m) => warnings.push(m) } });
    try {
      const guild = uid('g');
      const [a, b] = [uid('a'), uid('b')];
      await s.ratings.applyResult('exxit', newId(), guild, [a, b], { winner: 0, draw: false });
      await s.redis.hset(
        `${prefix}ratings:{ratings:exxit}:player:${guildScope(guild)}:${a}`,
        'data',
        '{"rating":"high"}',
      );
      await expect(s.ratings.get('exxit', a, guildScope(guild))).rejects.toBeInstanceOf(CorruptRecordError);
      expect((await s.ratings.top('exxit', guildScope(guild), 10)).map((e) => e.userId)).toEqual([b]);
      expect(warnings.some((w) => w.includes('corrupt rating'))).toBe(true);
    } finally {
      await s.close();
    }
  });
});
