// Glicko-2 ratings per game, global and per server, with leaderboards as
// sorted sets. All keys of one game's ratings share the tag {ratings:<game>},
// so one script writes both players in both scopes, the boards and the
// "applied" marker at once: a game is rated exactly once, and a concurrent
// game of the same player makes us recompute instead of losing an update.
import type { GameId, Side } from '../engine/game.js';
import { isGameId } from '../engine/index.js';
import {
  defaultSnapshot,
  firstScore,
  guildScope,
  idleRd,
  isRecordId,
  rateGame,
  ratingOutcomeSchema,
  ratingSnapshotSchema,
  seasonScope,
  seasonStart,
  type PlayerRatingChange,
  type RatingScope,
  type RatingSnapshot,
} from '../model/index.js';
import { parseStoredJson, toFieldMap } from './codec.js';
import type { StoreContext } from './context.js';
import { assertKeyPart, isKeyPart, type RatingBook } from './keys.js';
import { RATING_APPLY } from './scripts.js';
import {
  CorruptRecordError,
  type BoardCensus,
  type LeaderboardEntry,
  type RatedAs,
  type RatingOutcome,
  type RatingStore,
  type SeasonIds,
  type TopOptions,
} from './types.js';

/** Season ids: a calendar quarter (`2026-Q4`) or month (`2026-12`). */
export const SEASON_ID_RE = /^\d{4}-(Q[1-4]|0[1-9]|1[0-2])$/;

/** 'global' or 'guild:<id>', each optionally '@<season>'. */
function isScope(s: unknown): s is RatingScope {
  if (typeof s !== 'string') return false;
  const at = s.indexOf('@');
  if (at >= 0 && !SEASON_ID_RE.test(s.slice(at + 1))) return false;
  const base = at < 0 ? s : s.slice(0, at);
  return base === 'global' || (base.startsWith('guild:') && isKeyPart(base.slice(6)));
}

/** How long a board's census (player counts) is reused. */
export const CENSUS_CACHE_MS = 60_000;

interface LoadedRating {
  version: number;
  snapshot: RatingSnapshot;
}

/**
 * One book of ratings: the games' (the default), or the puzzles' (issue 20: players' puzzle ratings and the puzzles'
 * own, apart from game ratings; the store has one instance per book, same code, keys under another hash tag).
 */
export class RedisRatingStore implements RatingStore {
  constructor(
    private readonly ctx: StoreContext,
    private readonly book: RatingBook = 'games',
  ) {}

  private check(game: GameId, scope: RatingScope): void {
    if (!isGameId(game)) throw new TypeError('unknown game');
    if (!isScope(scope)) throw new TypeError("invalid rating scope: expected 'global' or 'guild:<id>'");
  }

  private async load(game: GameId, scope: RatingScope, userId: string): Promise<LoadedRating> {
    const key = this.ctx.keys.rating(game, scope, userId, this.book);
    const h = toFieldMap(await this.ctx.redis.hgetall(key));
    if (h.data === undefined) return { version: 0, snapshot: defaultSnapshot() };
    const version = Number(h.v);
    let data: unknown;
    try {
      data = JSON.parse(h.data);
    } catch {
      throw new CorruptRecordError('rating', key, ['data: not JSON']);
    }
    const parsed = ratingSnapshotSchema.safeParse(data);
    if (!parsed.success || !Number.isInteger(version) || version < 1) {
      throw new CorruptRecordError(
        'rating',
        key,
        parsed.success
          ? ['v: not a positive integer']
          : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      );
    }
    return { version, snapshot: parsed.data };
  }

  async get(game: GameId, userId: string, scope: RatingScope): Promise<RatingSnapshot> {
    this.check(game, scope);
    if (!isKeyPart(userId)) return defaultSnapshot();
    return (await this.load(game, scope, userId)).snapshot;
  }

  async applyResult(
    game: GameId,
    gameId: string,
    guildId: string | null,
    players: [string, string],
    result: { winner: Side | null; draw: boolean },
    now = this.ctx.now(),
    seasons: SeasonIds = {},
    as: [RatedAs | null, RatedAs | null] = [null, null],
  ): Promise<RatingOutcome> {
    if (!isGameId(game)) throw new TypeError('unknown game');
    if (!isRecordId(gameId)) throw new TypeError('invalid game id');
    for (const p of players) assertKeyPart('player id', p);
    if (guildId !== null) assertKeyPart('guild id', guildId);
    if (players[0] === players[1]) throw new TypeError('a player cannot be rated against themself');
    if (result.draw ? result.winner !== null : result.winner !== 0 && result.winner !== 1) {
      throw new TypeError('result: a draw has no winner; otherwise the winner is side 0 or 1');
    }
    const score = firstScore(result);
    const bases: ('global' | `guild:${string}`)[] = guildId ? ['global', guildScope(guildId)] : ['global'];
    // Each season board after its all-time board: a first season game starts from the all-time rating.
    const seasonOf = (base: (typeof bases)[number]) => (base === 'global' ? seasons.global : seasons.guild);
    const scopes: { scope: RatingScope; base: RatingScope | null }[] = [
      ...bases.map((b) => ({ scope: b as RatingScope, base: null })),
      ...bases.flatMap((b) => {
        const season = seasonOf(b);
        return season ? [{ scope: seasonScope(b, season), base: b as RatingScope }] : [];
      }),
    ];
    for (const s of scopes) if (!isScope(s.scope)) throw new TypeError('invalid season id');
    const k = this.ctx.keys;
    const markerKey = k.ratingApplied(game, gameId, this.book);

    for (let attempt = 0; attempt < 20; attempt++) {
      const stored = await this.ctx.redis.get(markerKey);
      if (stored !== null) return this.storedOutcome(markerKey, stored);

      const keys: string[] = [markerKey];
      const args: (string | number)[] = [];
      const changes: PlayerRatingChange[] = players.map((userId) => ({ userId, global: null!, guild: null }));
      const before = new Map<RatingScope, [RatingSnapshot, RatingSnapshot]>();
      for (const { scope, base } of scopes) {
        // A side rated globally only stands in this scope as its global rating, which nothing here writes.
        const own = (i: number) => scope === 'global' || !as[i]?.globalOnly;
        const loaded = await Promise.all(
          players.map((u, i) => (own(i) ? this.load(game, scope, u) : Promise.resolve(null))),
        );
        for (const [i, l] of loaded.entries()) {
          if (!l || l.version !== 0) continue;
          // A first rating that does not start at the default (a puzzle starts at its difficulty); a first season
          // game starts from the all-time rating.
          const start = as[i]?.start;
          if (base) l.snapshot = seasonStart(before.get(base)![i], now);
          else if (start) l.snapshot = start;
        }
        const snaps = loaded.map((l, i) => l?.snapshot ?? before.get('global')![i]) as [RatingSnapshot, RatingSnapshot];
        before.set(scope, snaps);
        const after = rateGame(snaps[0], snaps[1], score, now);
        loaded.forEach((l, i) => {
          if (!l) return;
          const delta = { before: snaps[i], after: after[i] };
          keys.push(k.rating(game, scope, players[i], this.book), k.leaderboard(game, scope, this.book));
          args.push(l.version, players[i], delta.after.rating, JSON.stringify(delta.after));
          if (scope === 'global') changes[i].global = delta;
          else if (!base) changes[i].guild = delta;
        });
      }
      const outcome: RatingOutcome = {
        gameId,
        applied: true,
        players: changes as [PlayerRatingChange, PlayerRatingChange],
      };
      const json = JSON.stringify({ gameId, players: outcome.players });
      const res = (await RATING_APPLY.run(this.ctx.redis, keys, [json, (keys.length - 1) / 2, ...args])) as unknown[];
      const code = Number(res[0]);
      if (code === 1) {
        // The boards changed: their cached counts are out of date.
        await this.ctx.redis.del(...scopes.map((sc) => k.ratingCensus(game, sc.scope, this.book)));
        return outcome;
      }
      if (code === 0) return this.storedOutcome(markerKey, String(res[1]));
      // code 2: a player's rating moved on meanwhile (another game); recompute.
    }
    throw new Error('ratings: too much contention, result not applied');
  }

  async wasApplied(game: GameId, gameId: string): Promise<boolean> {
    if (!isGameId(game) || !isRecordId(gameId)) return false;
    return (await this.ctx.redis.exists(this.ctx.keys.ratingApplied(game, gameId, this.book))) === 1;
  }

  private storedOutcome(key: string, json: string): RatingOutcome {
    const data = parseStoredJson('rating', key, json);
    const parsed = ratingOutcomeSchema.safeParse(data);
    if (!parsed.success)
      throw new CorruptRecordError(
        'rating',
        key,
        parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      );
    return { gameId: parsed.data.gameId, applied: false, players: parsed.data.players };
  }

  /** Whether a snapshot passes the leaderboard filter (not provisional). */
  private passes(s: RatingSnapshot, opts: TopOptions): boolean {
    if (opts.minGames !== undefined && s.games < opts.minGames) return false;
    const rd = opts.now !== undefined ? idleRd(s, opts.now) : s.rd;
    if (opts.maxRd !== undefined && rd > opts.maxRd) return false;
    return true;
  }

  /**
   * Walks a board best first, one page of records at a time, from `start`
   * until `visit` returns false or the board (or `end`, exclusive) runs out.
   * Corrupt records are skipped with a warning; a player without a record is skipped.
   */
  private async walk(
    game: GameId,
    scope: RatingScope,
    pageSize: number,
    visit: (userId: string, s: RatingSnapshot) => boolean,
    end = Infinity,
  ): Promise<void> {
    const board = this.ctx.keys.leaderboard(game, scope, this.book);
    for (let start = 0; start < end; start += pageSize) {
      const stop = Math.min(start + pageSize, end) - 1;
      const ids = await this.ctx.redis.zrevrange(board, start, stop);
      if (ids.length === 0) return;
      const loaded = await Promise.all(
        ids.map((u) =>
          this.load(game, scope, u).catch((e: unknown) => {
            if (e instanceof CorruptRecordError) {
              this.ctx.logger.warn(`${e.message} (left off the leaderboard)`);
              return null;
            }
            throw e;
          }),
        ),
      );
      for (let i = 0; i < ids.length; i++) {
        const r = loaded[i];
        if (!r || r.version === 0) continue;
        if (!visit(ids[i], r.snapshot)) return;
      }
      if (ids.length < stop - start + 1) return;
    }
  }

  async top(game: GameId, scope: RatingScope, n: number, opts: TopOptions = {}): Promise<LeaderboardEntry[]> {
    this.check(game, scope);
    const want = Math.max(0, Math.min(Math.floor(n), 1000));
    const out: LeaderboardEntry[] = [];
    if (want === 0) return out;
    await this.walk(game, scope, Math.max(want * 2, 50), (userId, s) => {
      if (this.passes(s, opts)) out.push({ ...s, userId, rank: out.length + 1 });
      return out.length < want;
    });
    return out;
  }

  async rank(game: GameId, userId: string, scope: RatingScope, opts?: TopOptions): Promise<number | null> {
    this.check(game, scope);
    if (!isKeyPart(userId)) return null;
    const r = await this.ctx.redis.zrevrank(this.ctx.keys.leaderboard(game, scope, this.book), userId);
    if (r === null) return null;
    if (!opts) return r + 1;
    const me = await this.load(game, scope, userId);
    if (me.version === 0 || !this.passes(me.snapshot, opts)) return null;
    // The leaderboard position: established players above this one, plus one.
    let above = 0;
    await this.walk(
      game,
      scope,
      200,
      (u, s) => {
        if (u !== userId && this.passes(s, opts)) above++;
        return true;
      },
      r,
    );
    return above + 1;
  }

  async census(game: GameId, scope: RatingScope, opts: TopOptions = {}): Promise<BoardCensus> {
    this.check(game, scope);
    // Counting reads every record of the board, so the counts are kept for a minute (or until the
    // next rated game of the scope). Idle time moves deviations over days: a minute changes nothing.
    const cacheKey = this.ctx.keys.ratingCensus(game, scope, this.book);
    const field = `${opts.minGames ?? ''}:${opts.maxRd ?? ''}:${opts.now === undefined ? 'stored' : 'now'}`;
    const cached = await this.ctx.redis.hget(cacheKey, field);
    const hit = cached ? /^(\d+):(\d+)$/.exec(cached) : null;
    if (hit) return { players: Number(hit[1]), established: Number(hit[2]) };
    const counted = await this.count(game, scope, opts);
    await this.ctx.redis
      .multi()
      .hset(cacheKey, field, `${counted.players}:${counted.established}`)
      .pexpire(cacheKey, CENSUS_CACHE_MS)
      .exec();
    return counted;
  }

  private async count(game: GameId, scope: RatingScope, opts: TopOptions): Promise<BoardCensus> {
    let players = 0;
    let established = 0;
    await this.walk(game, scope, 500, (_u, s) => {
      players++;
      if (this.passes(s, opts)) established++;
      return true;
    });
    return { players, established };
  }
}
