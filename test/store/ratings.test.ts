import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { GameId } from '../../src/engine/game.js';
import {
  defaultSnapshot,
  guildScope,
  idleRd,
  rateGame,
  seasonStart,
  type RatingScope,
  type RatingSnapshot,
} from '../../src/model/index.js';
import { CorruptRecordError, newId, openStore, type Store } from '../../src/store/index.js';
import { makeKeys, type RatingBook } from '../../src/store/keys.js';
import { CENSUS_CACHE_MS } from '../../src/store/ratings.js';
import { MODES, openMany, uid, useStore } from './helpers.js';

describe.each(MODES)('ratings on $name', (mode) => {
  let store: Store;
  const prefix = useStore(mode, 'ratings', (s) => (store = s));

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

const DAY = 24 * 3_600_000;
const snap = (over: Partial<RatingSnapshot> = {}): RatingSnapshot => ({ ...defaultSnapshot(), ...over });
const win0 = { winner: 0, draw: false } as const;
const win1 = { winner: 1, draw: false } as const;

describe.each(MODES)('ratings, exactly, on $name', (mode) => {
  let store: Store;
  /** The store's clock (applyResult's default `now`). */
  let clock = 40 * DAY;
  const warnings: string[] = [];
  const prefix = useStore(mode, 'ratings-exact', (s) => (store = s), {
    logger: { warn: (m) => warnings.push(m), info: () => {} },
    now: () => clock,
  });
  const keys = makeKeys(prefix);

  /** Writes a player's record (and board entry) as the store keeps them. */
  async function put(
    game: GameId,
    scope: RatingScope,
    user: string,
    s: RatingSnapshot,
    v = 1,
    book: RatingBook = 'games',
  ): Promise<void> {
    await store.redis.hset(keys.rating(game, scope, user, book), { v: String(v), data: JSON.stringify(s) });
    await store.redis.zadd(keys.leaderboard(game, scope, book), s.rating, user);
  }
  const version = (game: GameId, scope: RatingScope, user: string) =>
    store.redis.hget(keys.rating(game, scope, user), 'v');
  const boardScore = async (game: GameId, scope: RatingScope, user: string) => {
    const z = await store.redis.zscore(keys.leaderboard(game, scope), user);
    return z === null ? null : Number(z);
  };
  const corruptOf = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(CorruptRecordError);
    return e as CorruptRecordError;
  };

  it('season ids: a quarter or a month of a four-digit year, nothing else', async () => {
    const u = uid('u');
    for (const season of ['2026-Q1', '2026-Q4', '0000-01', '2026-09', '2026-10', '2026-12']) {
      expect(await store.ratings.get('exxit', u, `global@${season}`), season).toEqual(defaultSnapshot());
      expect(await store.ratings.get('exxit', u, `guild:1@${season}`), season).toEqual(defaultSnapshot());
    }
    for (const season of [
      '2026-Q0',
      '2026-Q5',
      '2026-q1',
      '2026-00',
      '2026-13',
      '2026-1',
      '2026-001',
      '2026-Q',
      '2026-Q12',
      '026-Q1',
      '20261-Q1',
      'x2026-Q1',
      '2026-Q1x',
      'abcd-Q1',
      '2026Q1',
      '2026_Q1',
      '',
    ]) {
      await expect(store.ratings.get('exxit', u, `global@${season}`), season).rejects.toThrow(
        "invalid rating scope: expected 'global' or 'guild:<id>'",
      );
      await expect(store.ratings.get('exxit', u, `guild:1@${season}`), season).rejects.toThrow(/invalid rating scope/);
    }
  });

  it('scopes: not a string, a bad guild id, a second @ or an unknown game are refused by every reader', async () => {
    const u = uid('u');
    for (const scope of [
      42,
      null,
      undefined,
      'guild:{x}',
      `guild:${'x'.repeat(101)}`,
      'global@2026-Q1@2026-Q2',
      'Global',
    ]) {
      const bad = scope as never;
      await expect(store.ratings.get('exxit', u, bad), String(scope)).rejects.toThrow(/invalid rating scope/);
      await expect(store.ratings.top('exxit', bad, 5), String(scope)).rejects.toThrow(/invalid rating scope/);
      await expect(store.ratings.rank('exxit', u, bad), String(scope)).rejects.toThrow(/invalid rating scope/);
      await expect(store.ratings.census('exxit', bad), String(scope)).rejects.toThrow(/invalid rating scope/);
    }
    expect(await store.ratings.get('exxit', u, `guild:${'x'.repeat(100)}`)).toEqual(defaultSnapshot());
    const chess = 'chess' as GameId;
    for (const call of [
      store.ratings.get(chess, u, 'global'),
      store.ratings.top(chess, 'global', 5),
      store.ratings.rank(chess, u, 'global'),
      store.ratings.census(chess, 'global'),
      store.ratings.applyResult(chess, newId(), null, ['x1', 'x2'], win0),
    ])
      await expect(call).rejects.toThrow(new TypeError('unknown game'));
  });

  it('get: the stored snapshot; a user id that cannot be part of a key reads as unrated, whatever is stored', async () => {
    const u = uid('u');
    const s = snap({ rating: 1812.5, rd: 61, games: 9, wins: 5, draws: 1, losses: 3, streak: -2, lastPlayed: 123 });
    await put('orion', guildScope('g9'), u, s, 4);
    expect(await store.ratings.get('orion', u, guildScope('g9'))).toEqual(s);
    expect(await store.ratings.get('orion', u, 'global')).toEqual(defaultSnapshot());
    expect(await store.ratings.get('exxit', u, guildScope('g9'))).toEqual(defaultSnapshot());
    // A record under an id that is no key part (written behind the store's back) is never read.
    for (const bad of ['a b', '']) {
      await store.redis.hset(keys.rating('orion', 'global', bad), { v: '1', data: JSON.stringify(s) });
      expect(await store.ratings.get('orion', bad, 'global')).toEqual(defaultSnapshot());
      expect(await store.ratings.rank('orion', bad, 'global')).toBeNull();
    }
    // Nor one of another book.
    await put('orion', 'global', u, s, 1, 'puzzles');
    expect(await store.ratings.get('orion', u, 'global')).toEqual(defaultSnapshot());
    expect(await store.puzzleRatings.get('orion', u, 'global')).toEqual(s);
  });

  it('get: a damaged record is a CorruptRecordError naming the key and what is wrong', async () => {
    const u = uid('u');
    const key = keys.rating('exxit', 'global', u);
    const good = JSON.stringify(snap({ games: 1 }));
    const cases: [Record<string, string>, string[]][] = [
      [{ v: '1', data: '{oops' }, ['data: not JSON']],
      [{ v: '0', data: good }, ['v: not a positive integer']],
      [{ v: '-1', data: good }, ['v: not a positive integer']],
      [{ v: '1.5', data: good }, ['v: not a positive integer']],
      [{ v: 'x', data: good }, ['v: not a positive integer']],
      [{ data: good }, ['v: not a positive integer']],
    ];
    for (const [fields, issues] of cases) {
      await store.redis.del(key);
      await store.redis.hset(key, fields);
      const e = await corruptOf(store.ratings.get('exxit', u, 'global'));
      expect(e.kind).toBe('rating');
      expect(e.key).toBe(key);
      expect(e.issues).toEqual(issues);
    }
    // A snapshot that fails the schema: one issue per field, by path (even when v is bad too).
    await store.redis.del(key);
    await store.redis.hset(key, { v: '0', data: JSON.stringify({ ...snap(), rating: 'high', games: -1 }) });
    const e = await corruptOf(store.ratings.get('exxit', u, 'global'));
    expect(e.issues).toHaveLength(2);
    expect(e.issues[0]).toMatch(/^rating: ./);
    expect(e.issues[1]).toMatch(/^games: ./);
    expect(e.message).toBe(`corrupt rating record at ${key}: ${e.issues.join('; ')}`);
    // Version 1 and a valid snapshot read back.
    await store.redis.hset(key, { v: '1', data: good });
    expect(await store.ratings.get('exxit', u, 'global')).toEqual(snap({ games: 1 }));
  });

  it('applyResult refuses bad input, exactly, and writes nothing', async () => {
    const gameId = newId();
    const refuse = (p: Promise<unknown>, msg: string | RegExp | Error) => expect(p).rejects.toThrow(msg);
    type Args = Parameters<Store['ratings']['applyResult']>;
    // The first argument is a placeholder (the game is always exxit); the others default to a valid call.
    const apply = (
      _game: 0,
      id?: string,
      guild?: string | null,
      pair?: Args[3],
      result?: Args[4],
      now?: Args[5],
      seasons?: Args[6],
    ) =>
      store.ratings.applyResult(
        'exxit',
        id ?? gameId,
        guild === undefined ? null : guild,
        pair ?? ['p1', 'p2'],
        result ?? win0,
        now,
        seasons,
      );
    for (const bad of ['', 'abc', 'ABCD', 'a-bcd', 'x'.repeat(33)])
      await refuse(apply(0, bad), new TypeError('invalid game id'));
    for (const pair of [
      ['a b', 'p2'],
      ['p1', ''],
      ['p1', 'x{y}'],
    ] as [string, string][])
      await refuse(
        apply(0, gameId, null, pair),
        /^invalid player id: expected 1-100 chars without braces or whitespace$/,
      );
    for (const guild of ['', 'a b']) await refuse(apply(0, gameId, guild), /^invalid guild id/);
    await refuse(apply(0, gameId, null, ['p1', 'p1']), new TypeError('a player cannot be rated against themself'));
    const draw = new TypeError('result: a draw has no winner; otherwise the winner is side 0 or 1');
    for (const result of [
      { winner: 0, draw: true },
      { winner: 1, draw: true },
      { winner: null, draw: false },
      { winner: 2, draw: false },
      { winner: '0', draw: false },
    ])
      await refuse(apply(0, gameId, null, undefined, result as never), draw);
    for (const seasons of [{ global: '2026-13' }, { global: '2026-q1' }])
      await refuse(apply(0, gameId, null, undefined, undefined, 5, seasons), new TypeError('invalid season id'));
    await refuse(apply(0, gameId, 'g1', undefined, undefined, 5, { guild: 'summer' }), 'invalid season id');
    expect(await store.ratings.wasApplied('exxit', gameId)).toBe(false);
    expect(await store.ratings.get('exxit', 'p1', 'global')).toEqual(defaultSnapshot());
    expect(await store.redis.exists(keys.leaderboard('exxit', 'global'))).toBe(0);
    // A server's season without a server is no season at all (nothing to check, nothing written for it).
    const out = await apply(0, gameId, null, undefined, undefined, 5, { guild: 'summer', global: null });
    expect(out.applied).toBe(true);
    expect(await store.redis.keys(`${prefix}ratings:{ratings:exxit}:board:*`)).toEqual([
      keys.leaderboard('exxit', 'global'),
    ]);
  });

  it('rates both players in every scope from their stored ratings: exact snapshots, boards, versions and marker', async () => {
    const [a, b] = [uid('a'), uid('b')];
    const guild = uid('g');
    const gs = guildScope(guild);
    const now = 50 * DAY;
    const aG = snap({
      rating: 1700,
      rd: 80,
      vol: 0.05,
      games: 12,
      wins: 8,
      draws: 1,
      losses: 3,
      streak: 2,
      lastPlayed: now - 3 * DAY,
    });
    const bG = snap({ rating: 1600, rd: 120, games: 5, wins: 2, losses: 3, streak: -1, lastPlayed: now - DAY });
    const aS = snap({ rating: 1650, rd: 100, games: 4, wins: 3, losses: 1, streak: 1, lastPlayed: now - 10 * DAY });
    await put('exxit', 'global', a, aG, 3);
    await put('exxit', 'global', b, bG, 1);
    await put('exxit', gs, a, aS, 2);
    const gameId = newId();
    const seasons = { global: '2026-Q1', guild: '2026-03' };
    const out = await store.ratings.applyResult('exxit', gameId, guild, [a, b], win1, now, seasons);
    const [gA, gB] = rateGame(aG, bG, 0, now);
    const [sA, sB] = rateGame(aS, defaultSnapshot(), 0, now);
    const [qA, qB] = rateGame(seasonStart(aG, now), seasonStart(bG, now), 0, now);
    const [mA, mB] = rateGame(seasonStart(aS, now), seasonStart(defaultSnapshot(), now), 0, now);
    expect(out).toEqual({
      gameId,
      applied: true,
      players: [
        { userId: a, global: { before: aG, after: gA }, guild: { before: aS, after: sA } },
        { userId: b, global: { before: bG, after: gB }, guild: { before: defaultSnapshot(), after: sB } },
      ],
    });
    const written: [RatingScope, string, RatingSnapshot, string][] = [
      ['global', a, gA, '4'],
      ['global', b, gB, '2'],
      [gs, a, sA, '3'],
      [gs, b, sB, '1'],
      ['global@2026-Q1', a, qA, '1'],
      ['global@2026-Q1', b, qB, '1'],
      [`${gs}@2026-03`, a, mA, '1'],
      [`${gs}@2026-03`, b, mB, '1'],
    ];
    for (const [scope, user, after, v] of written) {
      expect(await store.ratings.get('exxit', user, scope), `${scope} ${user}`).toEqual(after);
      expect(await version('exxit', scope, user), `${scope} ${user}`).toBe(v);
      expect(await boardScore('exxit', scope, user), `${scope} ${user}`).toBe(after.rating);
    }
    // No season board of the other kind (the ids are not swapped).
    expect(await store.redis.exists(keys.leaderboard('exxit', 'global@2026-03'))).toBe(0);
    expect(await store.redis.exists(keys.leaderboard('exxit', `${gs}@2026-Q1`))).toBe(0);
    // The marker holds the outcome, as the store returns it when the game comes again.
    const marker = await store.redis.get(keys.ratingApplied('exxit', gameId));
    expect(marker).toBe(JSON.stringify({ gameId, players: out.players }));
    expect(await store.ratings.wasApplied('exxit', gameId)).toBe(true);
    expect(await store.ratings.wasApplied('orion', gameId)).toBe(false);
    expect(await store.puzzleRatings.wasApplied('exxit', gameId)).toBe(false);
    const again = await store.ratings.applyResult('exxit', gameId, guild, [a, b], win0, now + DAY, seasons);
    expect(again).toEqual({ ...out, applied: false });
    expect(await version('exxit', 'global', a)).toBe('4');

    // The next game of the season starts from the season's ratings, not from the all-time ones again.
    const later = now + 2 * DAY;
    const next = await store.ratings.applyResult(
      'exxit',
      newId(),
      guild,
      [b, a],
      { winner: null, draw: true },
      later,
      seasons,
    );
    expect(next.players[0].global).toEqual({ before: gB, after: rateGame(gB, gA, 0.5, later)[0] });
    expect(next.players[1].guild).toEqual({ before: sA, after: rateGame(sB, sA, 0.5, later)[1] });
    expect(await store.ratings.get('exxit', a, 'global@2026-Q1')).toEqual(rateGame(qB, qA, 0.5, later)[1]);
    expect(await store.ratings.get('exxit', b, `${gs}@2026-03`)).toEqual(rateGame(mB, mA, 0.5, later)[0]);
    expect(await version('exxit', `${gs}@2026-03`, a)).toBe('2');

    // A game with only the global season moves no server season board.
    await store.ratings.applyResult('exxit', newId(), guild, [a, b], win0, later, { global: '2026-Q1' });
    expect(await version('exxit', 'global@2026-Q1', a)).toBe('3');
    expect(await version('exxit', `${gs}@2026-03`, a)).toBe('2');
    expect(await version('exxit', gs, a)).toBe('5');
  });

  it('without a `now`, a result is rated at the store clock', async () => {
    const [a, b] = [uid('a'), uid('b')];
    clock = 77 * DAY;
    const out = await store.ratings.applyResult('orion', newId(), null, [a, b], win0);
    expect(out.players[0].global.after).toEqual(rateGame(defaultSnapshot(), defaultSnapshot(), 1, 77 * DAY)[0]);
    expect(out.players[1].global.after.lastPlayed).toBe(77 * DAY);
    expect(out.players[1].guild).toBeNull();
  });

  it('a side rated as something else: its own first rating, and globally only', async () => {
    const [u, p] = [uid('u'), uid('p')];
    const guild = uid('g');
    const gs = guildScope(guild);
    const now = 60 * DAY;
    const start = snap({ rating: 1900, rd: 90, vol: 0.07 });
    const uG = snap({ rating: 1450, rd: 200, games: 3, wins: 1, losses: 2, lastPlayed: now - DAY });
    await put('orion', 'global', u, uG, 1, 'puzzles');
    const seasons = { global: '2026-Q2', guild: '2026-05' };
    // The puzzle's first rating is `start` in the all-time scope, its season starts from it; the player's start is
    // their stored rating (a `start` for a side already rated is ignored) and the default on the server.
    const out = await store.puzzleRatings.applyResult('orion', newId(), guild, [u, p], win0, now, seasons, [
      { start: snap({ rating: 100 }) },
      { start, globalOnly: true },
    ]);
    const [gU, gP] = rateGame(uG, start, 1, now);
    // On the server: the player's default-start rating (their `start` applies there) against the puzzle's global one.
    const [sU] = rateGame(snap({ rating: 100 }), start, 1, now);
    // Its season rating too: the puzzle stands there as its global rating (before this game).
    const [qU] = rateGame(seasonStart(uG, now), start, 1, now);
    const [mU] = rateGame(seasonStart(snap({ rating: 100 }), now), start, 1, now);
    expect(out.players).toEqual([
      { userId: u, global: { before: uG, after: gU }, guild: { before: snap({ rating: 100 }), after: sU } },
      { userId: p, global: { before: start, after: gP }, guild: null },
    ]);
    const book = async (scope: RatingScope, user: string) => ({
      snapshot: await store.puzzleRatings.get('orion', user, scope),
      onBoard: (await store.redis.zscore(keys.leaderboard('orion', scope, 'puzzles'), user)) !== null,
    });
    expect(await book('global@2026-Q2', u)).toEqual({ snapshot: qU, onBoard: true });
    expect(await book(`${gs}@2026-05`, u)).toEqual({ snapshot: mU, onBoard: true });
    expect(await book('global', p)).toEqual({ snapshot: gP, onBoard: true });
    // Nothing of the puzzle's in any other scope.
    for (const scope of [gs, `${gs}@2026-05`, 'global@2026-Q2'] as RatingScope[]) {
      expect(await book(scope, p)).toEqual({ snapshot: defaultSnapshot(), onBoard: false });
      expect(await store.redis.exists(keys.rating('orion', scope, p, 'puzzles'))).toBe(0);
    }
    // All of it in the puzzles' book: the games' book has no key of this game.
    expect(await store.redis.exists(keys.ratingApplied('orion', out.gameId))).toBe(0);
    expect(await store.redis.exists(keys.ratingApplied('orion', out.gameId, 'puzzles'))).toBe(1);
    expect(await store.puzzleRatings.wasApplied('orion', out.gameId)).toBe(true);
    expect(await store.ratings.wasApplied('orion', out.gameId)).toBe(false);
    expect(await store.redis.keys(`${prefix}ratings:{ratings:orion}:*${guild}*`)).toEqual([]);
  });

  it('wasApplied: false for an unknown game or a malformed id, whatever is stored', async () => {
    const gameId = newId();
    await store.redis.set(keys.ratingApplied('chess' as GameId, gameId), '{}');
    await store.redis.set(keys.ratingApplied('exxit', 'BAD ID'), '{}');
    expect(await store.ratings.wasApplied('chess' as GameId, gameId)).toBe(false);
    expect(await store.ratings.wasApplied('exxit', 'BAD ID')).toBe(false);
    expect(await store.ratings.wasApplied('exxit', gameId)).toBe(false);
    await store.redis.set(keys.ratingApplied('exxit', gameId), '{}');
    expect(await store.ratings.wasApplied('exxit', gameId)).toBe(true);
  });

  it('a damaged marker is a CorruptRecordError (not JSON, or not an outcome, by path)', async () => {
    const gameId = newId();
    const key = keys.ratingApplied('exxit', gameId);
    await store.redis.set(key, '{nope');
    const e1 = await corruptOf(store.ratings.applyResult('exxit', gameId, null, ['q1', 'q2'], win0));
    expect([e1.kind, e1.key, e1.issues]).toEqual(['rating', key, ['not JSON']]);
    const delta = { before: snap(), after: snap({ games: 1 }) };
    await store.redis.set(
      key,
      JSON.stringify({
        gameId,
        players: [
          { userId: 5, global: delta, guild: null },
          { userId: 'q2', global: delta, guild: null },
        ],
      }),
    );
    const e2 = await corruptOf(store.ratings.applyResult('exxit', gameId, null, ['q1', 'q2'], win0));
    expect(e2.key).toBe(key);
    expect(e2.issues).toHaveLength(1);
    expect(e2.issues[0]).toMatch(/^players\.0\.userId: ./);
    // A valid stored outcome comes back as it is (its own game id), unapplied; nothing was rated.
    const stored = {
      gameId: 'other1',
      players: [
        { userId: 'q1', global: delta, guild: null },
        { userId: 'q2', global: delta, guild: delta },
      ],
    };
    await store.redis.set(key, JSON.stringify(stored));
    expect(await store.ratings.applyResult('exxit', gameId, null, ['q1', 'q2'], win0)).toEqual({
      ...stored,
      applied: false,
    });
    expect(await store.ratings.get('exxit', 'q1', 'global')).toEqual(defaultSnapshot());
  });

  it('a game applied by another client between the check and the script: the stored outcome, nothing twice', async () => {
    const [a, b] = [uid('a'), uid('b')];
    const gameId = newId();
    const first = await store.ratings.applyResult('exxit', gameId, null, [a, b], win0, 5 * DAY);
    // This client's read of the marker misses it (the other write landed right after): the script finds it.
    const spy = vi.spyOn(store.redis, 'get').mockResolvedValueOnce(null);
    const second = await store.ratings.applyResult('exxit', gameId, null, [a, b], win1, 6 * DAY);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(second).toEqual({ ...first, applied: false });
    expect(await store.ratings.get('exxit', a, 'global')).toEqual(first.players[0].global.after);
  });

  it('gives up after 20 attempts when a rating keeps moving (a version without a record), and rates nothing', async () => {
    const [a, b] = [uid('a'), uid('b')];
    await store.redis.hset(keys.rating('exxit', 'global', a), 'v', '7');
    const gameId = newId();
    const spy = vi.spyOn(store.redis, 'get');
    await expect(store.ratings.applyResult('exxit', gameId, null, [a, b], win0)).rejects.toThrow(
      new Error('ratings: too much contention, result not applied'),
    );
    expect(spy.mock.calls.filter(([k]) => k === keys.ratingApplied('exxit', gameId))).toHaveLength(20);
    expect(await store.ratings.wasApplied('exxit', gameId)).toBe(false);
    expect(await store.redis.exists(keys.rating('exxit', 'global', b))).toBe(0);
  });

  it('a rated game drops the census cache of every scope it moved, and only those', async () => {
    const [a, b] = [uid('a'), uid('b')];
    const guild = uid('g');
    const gs = guildScope(guild);
    const moved: RatingScope[] = ['global', gs, 'global@2026-Q3', `${gs}@2026-07`];
    const untouched: RatingScope[] = [guildScope(uid('other')), 'global@2026-Q4'];
    for (const scope of [...moved, ...untouched])
      await store.redis.hset(keys.ratingCensus('exxit', scope), '::stored', '9:9');
    await store.ratings.applyResult('exxit', newId(), guild, [a, b], win0, 5, { global: '2026-Q3', guild: '2026-07' });
    for (const scope of moved) expect(await store.redis.exists(keys.ratingCensus('exxit', scope)), scope).toBe(0);
    for (const scope of untouched) expect(await store.redis.exists(keys.ratingCensus('exxit', scope)), scope).toBe(1);
    expect(await store.ratings.census('exxit', gs)).toEqual({ players: 2, established: 2 });
    // The puzzles' book has census keys of its own.
    await store.redis.hset(keys.ratingCensus('exxit', gs, 'puzzles'), '::stored', '9:9');
    expect(await store.puzzleRatings.census('exxit', gs)).toEqual({ players: 9, established: 9 });
    await store.puzzleRatings.applyResult('exxit', newId(), guild, [a, b], win0, 5);
    expect(await store.puzzleRatings.census('exxit', gs)).toEqual({ players: 2, established: 2 });
  });

  describe('boards', () => {
    const scope = guildScope(uid('big'));
    const N = 1005;
    /** Player i is the (i+1)-th best: rating 3000 - i; i % 10 games; rd 60 + i % 3 * 20; played on day 100. */
    const player = (i: number) => `p${String(i).padStart(4, '0')}`;
    const snapOf = (i: number) =>
      snap({ rating: 3000 - i, games: i % 10, wins: i % 10, rd: 60 + (i % 3) * 20, lastPlayed: 100 * DAY });
    const entry = (i: number, rank: number) => ({ ...snapOf(i), userId: player(i), rank });

    beforeAll(async () => {
      const p = store.redis.pipeline();
      for (let i = 0; i < N; i++) {
        p.hset(keys.rating('exxit', scope, player(i)), { v: '1', data: JSON.stringify(snapOf(i)) });
        p.zadd(keys.leaderboard('exxit', scope), 3000 - i, player(i));
      }
      await p.exec();
    });

    it('top: best first, ranked from 1, at most n (floored; 1000 at most; none for 0 or less)', async () => {
      const all = await store.ratings.top('exxit', scope, 5000);
      expect(all).toHaveLength(1000);
      expect(all[0]).toEqual(entry(0, 1));
      expect(all[999]).toEqual(entry(999, 1000));
      expect(all.every((e, i) => e.userId === player(i) && e.rank === i + 1)).toBe(true);
      expect(await store.ratings.top('exxit', scope, 2.9)).toEqual([entry(0, 1), entry(1, 2)]);
      expect(await store.ratings.top('exxit', scope, 1)).toEqual([entry(0, 1)]);
      for (const n of [0, 0.5, -3]) expect(await store.ratings.top('exxit', scope, n)).toEqual([]);
      expect(await store.ratings.top('exxit', guildScope(uid('none')), 10)).toEqual([]);
    });

    it('top with filters: pages on (50 records a page at least) until n players pass', async () => {
      // minGames 9: players 9, 19, 29...; the sixth is past the first page of 50.
      const nines = [9, 19, 29, 39, 49, 59].map((i, k) => entry(i, k + 1));
      expect(await store.ratings.top('exxit', scope, 6, { minGames: 9 })).toEqual(nines);
      expect(await store.ratings.top('exxit', scope, 3, { minGames: 9 })).toEqual(nines.slice(0, 3));
      // All of them: 100 (9 ... 999), then the board runs out.
      const allNines = await store.ratings.top('exxit', scope, 1000, { minGames: 9 });
      expect(allNines).toHaveLength(100);
      expect(allNines[99]).toEqual(entry(999, 100));
      // maxRd: a deviation equal to the limit passes. rd 60 is i % 3 == 0.
      expect((await store.ratings.top('exxit', scope, 3, { maxRd: 60 })).map((e) => e.userId)).toEqual(
        [0, 3, 6].map(player),
      );
      expect((await store.ratings.top('exxit', scope, 3, { maxRd: 80 })).map((e) => e.userId)).toEqual(
        [0, 1, 3].map(player),
      );
      expect((await store.ratings.top('exxit', scope, 2, { minGames: 8, maxRd: 60 })).map((e) => e.userId)).toEqual(
        [9, 18].map(player),
      );
      // With `now`, the deviation grown by idle time: 30 idle days take rd 60 above 70; at the last game it is 60.
      const later = 130 * DAY;
      expect(idleRd(snapOf(0), later)).toBeGreaterThan(70);
      expect(await store.ratings.top('exxit', scope, 3, { maxRd: 70, now: later })).toEqual([]);
      expect((await store.ratings.top('exxit', scope, 1, { maxRd: 60, now: 100 * DAY })).map((e) => e.userId)).toEqual([
        player(0),
      ]);
    });

    it('rank: the board position; with a filter, the leaderboard position among those that pass', async () => {
      expect(await store.ratings.rank('exxit', player(0), scope)).toBe(1);
      expect(await store.ratings.rank('exxit', player(999), scope)).toBe(1000);
      expect(await store.ratings.rank('exxit', player(1004), scope)).toBe(1005);
      expect(await store.ratings.rank('exxit', player(999), scope, { minGames: 9 })).toBe(100);
      expect(await store.ratings.rank('exxit', player(409), scope, { minGames: 9 })).toBe(41);
      expect(await store.ratings.rank('exxit', player(9), scope, { minGames: 9 })).toBe(1);
      expect(await store.ratings.rank('exxit', player(998), scope, { minGames: 9 })).toBeNull();
      expect(await store.ratings.rank('exxit', player(1004), scope, {})).toBe(1005);
      expect(await store.ratings.rank('exxit', player(3), scope, { maxRd: 60 })).toBe(2);
      expect(await store.ratings.rank('exxit', player(1), scope, { maxRd: 60 })).toBeNull();
      expect(await store.ratings.rank('exxit', player(3), scope, { maxRd: 60, now: 130 * DAY })).toBeNull();
    });

    it('reads boards in pages: top max(2n, 50) records, rank 200 up to the player, census 500; a short page ends it', async () => {
      const board = keys.leaderboard('exxit', scope);
      const reads = vi.spyOn(store.redis, 'zrevrange');
      const pages = () => reads.mock.calls.map(([key, start, stop]) => [key === board ? 'board' : key, start, stop]);
      await store.ratings.top('exxit', scope, 30);
      await store.ratings.top('exxit', scope, 6, { minGames: 9 });
      expect(pages()).toEqual([
        ['board', 0, 59],
        ['board', 0, 49],
        ['board', 50, 99],
      ]);
      reads.mockClear();
      expect(await store.ratings.rank('exxit', player(999), scope, { minGames: 9 })).toBe(100);
      expect(pages()).toEqual([
        ['board', 0, 199],
        ['board', 200, 399],
        ['board', 400, 599],
        ['board', 600, 799],
        ['board', 800, 998],
      ]);
      reads.mockClear();
      await store.redis.del(keys.ratingCensus('exxit', scope));
      await store.ratings.census('exxit', scope);
      expect(pages()).toEqual([
        ['board', 0, 499],
        ['board', 500, 999],
        ['board', 1000, 1499],
      ]);
      // A board shorter than a page: one read.
      const small = guildScope(uid('small'));
      for (const i of [0, 1, 2]) await put('exxit', small, player(i), snapOf(i));
      reads.mockClear();
      expect(await store.ratings.top('exxit', small, 10)).toHaveLength(3);
      expect(await store.ratings.census('exxit', small)).toEqual({ players: 3, established: 3 });
      expect(await store.ratings.rank('exxit', player(2), small, {})).toBe(3);
      expect(reads.mock.calls.map(([, start, stop]) => [start, stop])).toEqual([
        [0, 49],
        [0, 499],
        [0, 1],
      ]);
    });

    it('census: every rated player and those passing, counted over pages, then cached a minute per filter', async () => {
      await store.redis.del(keys.ratingCensus('exxit', scope));
      expect(await store.ratings.census('exxit', scope)).toEqual({ players: N, established: N });
      expect(await store.ratings.census('exxit', scope, { minGames: 9 })).toEqual({ players: N, established: 100 });
      expect(await store.redis.hgetall(keys.ratingCensus('exxit', scope))).toEqual({
        '::stored': `${N}:${N}`,
        '9::stored': `${N}:100`,
      });
      // Players 7, 8, 9: rd 80, 100, 60; 7, 8, 9 games.
      const small = guildScope(uid('small'));
      for (const i of [7, 8, 9]) await put('exxit', small, player(i), snapOf(i));
      const cacheKey = keys.ratingCensus('exxit', small);
      expect(await store.ratings.census('exxit', small, { minGames: 9, maxRd: 60, now: 100 * DAY })).toEqual({
        players: 3,
        established: 1,
      });
      expect(await store.ratings.census('exxit', small, { maxRd: 60, now: 130 * DAY })).toEqual({
        players: 3,
        established: 0,
      });
      expect(await store.ratings.census('exxit', small, { maxRd: 80 })).toEqual({ players: 3, established: 2 });
      expect(await store.redis.hgetall(cacheKey)).toEqual({ '9:60:now': '3:1', ':60:now': '3:0', ':80:stored': '3:2' });
      const ttl = await store.redis.pttl(cacheKey);
      expect(ttl).toBeGreaterThan(CENSUS_CACHE_MS - 10_000);
      expect(ttl).toBeLessThanOrEqual(CENSUS_CACHE_MS);
    });

    it('census: the cache answers while it holds two counts; anything else there is recounted (and cached again)', async () => {
      const small = guildScope(uid('small'));
      for (const i of [7, 8, 9]) await put('exxit', small, player(i), snapOf(i));
      const cacheKey = keys.ratingCensus('exxit', small);
      await store.redis.hset(cacheKey, '8::stored', '12:34');
      expect(await store.ratings.census('exxit', small, { minGames: 8 })).toEqual({ players: 12, established: 34 });
      for (const junk of ['x12:34', '12:34x', '12:', ':34', '', '1:2:3', 'a:b', '12-34']) {
        await store.redis.hset(cacheKey, '8::stored', junk);
        expect(await store.ratings.census('exxit', small, { minGames: 8 }), junk).toEqual({
          players: 3,
          established: 2,
        });
        expect(await store.redis.hget(cacheKey, '8::stored')).toBe('3:2');
      }
    });
  });

  it('boards skip members without a record and corrupt records (with a warning); other errors propagate', async () => {
    const scope = guildScope(uid('g'));
    const [a, b, c, ghost] = [uid('a'), uid('b'), uid('c'), uid('ghost')];
    await put('orion', scope, a, snap({ rating: 1900, games: 5 }));
    await put('orion', scope, b, snap({ rating: 1800, games: 5 }));
    await put('orion', scope, c, snap({ rating: 1700, games: 5 }));
    await store.redis.zadd(keys.leaderboard('orion', scope), 2000, ghost);
    await store.redis.hset(keys.rating('orion', scope, b), 'data', '{"rating":"high"}');
    warnings.length = 0;
    expect((await store.ratings.top('orion', scope, 10)).map((e) => [e.userId, e.rank])).toEqual([
      [a, 1],
      [c, 2],
    ]);
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(`^corrupt rating record at .*:${b}: rating: .* \\(left off the leaderboard\\)$`),
      ),
    ]);
    expect(await store.ratings.census('orion', scope)).toEqual({ players: 2, established: 2 });
    // The raw position counts every member; the leaderboard one only rated players.
    expect(await store.ratings.rank('orion', c, scope)).toBe(4);
    expect(await store.ratings.rank('orion', c, scope, {})).toBe(2);
    expect(await store.ratings.rank('orion', ghost, scope)).toBe(1);
    expect(await store.ratings.rank('orion', ghost, scope, {})).toBeNull();
    expect(await store.ratings.rank('orion', uid('nobody'), scope, {})).toBeNull();
    vi.spyOn(store.redis, 'hgetall').mockRejectedValueOnce(new Error('connection lost'));
    await expect(store.ratings.top('orion', scope, 10)).rejects.toThrow('connection lost');
  });
});
