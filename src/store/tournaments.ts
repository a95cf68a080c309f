// Tournaments: one hash per event ({v, data}: the version and the record as
// JSON), every change a compare-and-set on v in one script, so a round is
// paired once and a result entered once however many processes race. The
// indexes (due, per server, wins per player) live in other slots and are
// hints: readers re-check the record. Leases (SET NX PX) hand one piece of
// side work, such as opening a pairing's game, to one process at a time.
import { isRecordId, tournamentSchema, type StoredTournament } from '../model/index.js';
import { toFieldMap } from './codec.js';
import { issuesOf, type StoreContext } from './context.js';
import { newId } from './ids.js';
import { assertKeyPart, isKeyPart } from './keys.js';
import { Script } from './scripts.js';
import {
  CorruptRecordError,
  type NewTournament,
  type SeasonStore,
  type TournamentStore,
  type TournamentUpdate,
} from './types.js';

/** KEYS: tournament. ARGV: data → 1 created, 0 the id exists. */
const TOURNAMENT_CREATE = new Script(
  'tournamentCreate',
  `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', '1', 'data', ARGV[1])
return 1
`,
);

/** KEYS: tournament. ARGV: expected v, data (already carrying v + 1) → 1 written, 0 conflict, -1 not found. */
const TOURNAMENT_CAS = new Script(
  'tournamentCas',
  `
local v = redis.call('HGET', KEYS[1], 'v')
if not v then return -1 end
if tonumber(v) ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'v', tostring(tonumber(v) + 1), 'data', ARGV[2])
return 1
`,
);

/** How long a season's "posted" mark is kept (past any season's length). */
const ROLLOVER_DONE_MS = 400 * 24 * 3_600_000;

/** KEYS: done mark, lease. ARGV: lease ms → 1 leased, 0 done already or leased by another. */
const ROLLOVER_LEASE = new Script(
  'seasonRolloverLease',
  `
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('SET', KEYS[2], '1', 'PX', ARGV[1])
return 1
`,
);

/** KEYS: done mark, lease. ARGV: mark ms. */
const ROLLOVER_FINISH = new Script(
  'seasonRolloverFinish',
  `
redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
redis.call('DEL', KEYS[2])
return 1
`,
);

export class RedisTournamentStore implements TournamentStore {
  constructor(private readonly ctx: StoreContext) {}

  private get redis() {
    return this.ctx.redis;
  }
  private get k() {
    return this.ctx.keys;
  }

  private check(t: StoredTournament): void {
    const parsed = tournamentSchema.safeParse(t);
    if (!parsed.success) throw new TypeError(`invalid tournament: ${issuesOf(parsed.error.issues)}`);
  }

  async create(input: NewTournament): Promise<StoredTournament> {
    const t: StoredTournament = { ...input, id: input.id ?? newId(), version: 1, createdAt: this.ctx.now() };
    assertKeyPart('guild id', t.guildId);
    this.check(t);
    if (Number(await TOURNAMENT_CREATE.run(this.redis, [this.k.tournament(t.id)], [JSON.stringify(t)])) !== 1) {
      if (input.id !== undefined) throw new Error('tournament id taken');
      return this.create(input); // a generated id met an existing one: draw another
    }
    await Promise.all([this.redis.zadd(this.k.tournamentsOfGuild(t.guildId), t.createdAt, t.id), this.index(t)]);
    return t;
  }

  private async index(t: StoredTournament): Promise<void> {
    if (t.wakeAt != null) await this.redis.zadd(this.k.tournamentsDue(), t.wakeAt, t.id);
    else await this.redis.zrem(this.k.tournamentsDue(), t.id);
  }

  async get(tid: string): Promise<StoredTournament | null> {
    if (!isRecordId(tid)) return null;
    const key = this.k.tournament(tid);
    const h = toFieldMap(await this.redis.hgetall(key));
    if (h.data === undefined) return null;
    let data: unknown;
    try {
      data = JSON.parse(h.data);
    } catch {
      throw new CorruptRecordError('tournament', key, ['data: not JSON']);
    }
    const parsed = tournamentSchema.safeParse(data);
    if (!parsed.success)
      throw new CorruptRecordError(
        'tournament',
        key,
        parsed.error.issues.map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`),
      );
    const v = Number(h.v);
    if (parsed.data.id !== tid || parsed.data.version !== v)
      throw new CorruptRecordError('tournament', key, ['id or version does not match the key']);
    return parsed.data;
  }

  async update(tid: string, expectedVersion: number, next: StoredTournament): Promise<TournamentUpdate> {
    if (!isRecordId(tid)) return { ok: false, reason: 'not-found' };
    const t: StoredTournament = { ...next, id: tid, version: expectedVersion + 1 };
    this.check(t);
    const res = Number(
      await TOURNAMENT_CAS.run(this.redis, [this.k.tournament(tid)], [expectedVersion, JSON.stringify(t)]),
    );
    if (res === -1) return { ok: false, reason: 'not-found' };
    if (res !== 1) return { ok: false, reason: 'conflict' };
    // Outside the script (another slot): the sweep re-checks, so a crash here only leaves a hint behind.
    await this.index(t);
    return { ok: true, tournament: t };
  }

  async listByGuild(guildId: string, limit = 25): Promise<StoredTournament[]> {
    const n = Math.max(0, Math.min(limit, 100));
    if (!isKeyPart(guildId) || n === 0) return []; // (a stop of -1 would read the whole index)
    const ids = await this.redis.zrevrange(this.k.tournamentsOfGuild(guildId), 0, n - 1);
    const found = await Promise.all(
      ids.map((i) =>
        this.get(i).catch((e: unknown) => {
          if (!(e instanceof CorruptRecordError)) throw e;
          this.ctx.logger.warn(`${e.message} (skipped)`);
          return null;
        }),
      ),
    );
    return found.filter((t): t is StoredTournament => t !== null);
  }

  due(now: number, limit = 20): Promise<string[]> {
    return this.redis.zrangebyscore(this.k.tournamentsDue(), '-inf', now, 'LIMIT', 0, limit);
  }

  async snooze(tid: string, at: number): Promise<void> {
    if (!isRecordId(tid) || !Number.isFinite(at)) return;
    await this.redis.zadd(this.k.tournamentsDue(), 'XX', at, tid);
  }

  async lease(tid: string, what: string, ms: number): Promise<boolean> {
    assertKeyPart('lease', what);
    return (
      (await this.redis.set(this.k.tournamentLease(tid, what), '1', 'PX', Math.max(1, Math.round(ms)), 'NX')) === 'OK'
    );
  }

  async addWin(userId: string, tid: string, at: number): Promise<void> {
    assertKeyPart('user id', userId);
    await this.redis.zadd(this.k.userTournamentWins(userId), at, tid);
  }

  async wins(userId: string, limit = 10): Promise<string[]> {
    if (!isKeyPart(userId)) return [];
    return this.redis.zrevrange(this.k.userTournamentWins(userId), 0, Math.max(1, limit) - 1);
  }
}

export class RedisSeasonStore implements SeasonStore {
  constructor(private readonly ctx: StoreContext) {}

  async track(guildId: string, on: boolean): Promise<void> {
    assertKeyPart('guild id', guildId);
    if (on) await this.ctx.redis.sadd(this.ctx.keys.seasonGuilds(), guildId);
    else await this.ctx.redis.srem(this.ctx.keys.seasonGuilds(), guildId);
  }

  guilds(): Promise<string[]> {
    return this.ctx.redis.smembers(this.ctx.keys.seasonGuilds());
  }

  private rolloverKeys(guildId: string, season: string): [string, string] {
    assertKeyPart('guild id', guildId);
    assertKeyPart('season', season);
    return [this.ctx.keys.seasonRollover(guildId, season), this.ctx.keys.seasonRolloverLease(guildId, season)];
  }

  async leaseRollover(guildId: string, season: string, ms: number): Promise<boolean> {
    return (
      Number(
        await ROLLOVER_LEASE.run(this.ctx.redis, this.rolloverKeys(guildId, season), [Math.max(1, Math.round(ms))]),
      ) === 1
    );
  }

  async retryRollover(guildId: string, season: string, ms: number): Promise<void> {
    await this.ctx.redis.pexpire(this.rolloverKeys(guildId, season)[1], Math.max(1, Math.round(ms)));
  }

  async finishRollover(guildId: string, season: string): Promise<void> {
    await ROLLOVER_FINISH.run(this.ctx.redis, this.rolloverKeys(guildId, season), [ROLLOVER_DONE_MS]);
  }
}
