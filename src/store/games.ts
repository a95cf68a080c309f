// Games: one hash + one move list per game (same hash tag), a compare-and-set
// on the version for every write, and the channel binding that keeps one
// active game per channel (product: "One active game per channel or thread").
//
// The channel binding and the indexes live in other slots than the game, so
// they are written next to (not inside) the game's script. Every reader treats
// them as hints and re-checks the game itself, which makes them self-healing:
// a binding left by a crash between two steps points at a game that is not
// active any more, and the next create takes the channel over.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { decodeRecord, encodeFields, toFieldMap } from './codec.js';
import { isStoreId, newId } from './ids.js';
import { assertKeyPart, isKeyPart, type Keys } from './keys.js';
import { gameChangesSchema, gameSchema } from './schemas.js';
import {
  CHANNEL_BIND,
  DEL_IF_EQUAL,
  DUE_REPAIR,
  GAME_CLAIM_ANNOUNCEMENT,
  GAME_CLAIM_REPLY_POST,
  GAME_CREATE,
  GAME_MARK_SHOWN,
  GAME_QUARANTINE,
  GAME_RELEASE_REPLY_POST,
  GAME_UPDATE,
} from './scripts.js';
import {
  CorruptRecordError,
  type ClaimedAnnouncement,
  type CreateGameResult,
  type GameChanges,
  type GameStore,
  type NewGame,
  type PendingReply,
  type StoredGame,
  type StoreLogger,
  type UpdateGameResult,
  type UpdateOptions,
} from './types.js';

export interface StoreContext {
  redis: Redis;
  keys: Keys;
  logger: StoreLogger;
  now: () => number;
  /**
   * The in-process stand-in (ioredis-mock): its TIME is not a clock (whole seconds rounded, plus an unrelated
   * sub-second part).
   */
  embedded?: boolean;
}

const CHANGE_FIELDS = [
  'state',
  'status',
  'result',
  'drawOffer',
  'messageId',
  'parentChannelId',
  'clock',
  'rated',
] as const;

export class RedisGameStore implements GameStore {
  constructor(private readonly ctx: StoreContext) {}

  private get redis() {
    return this.ctx.redis;
  }
  private get k() {
    return this.ctx.keys;
  }

  async create(
    input: NewGame,
    opts: { announce?: { owner: string; reply?: PendingReply | null } } = {},
  ): Promise<CreateGameResult> {
    const id = input.id ?? newId();
    if (!isStoreId(id)) throw new TypeError('invalid game id: expected 4-32 chars of [0-9a-z]');
    assertKeyPart('channel id', input.channelId);
    if (input.guildId !== null) assertKeyPart('guild id', input.guildId);
    for (const p of input.players) assertKeyPart('player id', p.id);
    const now = this.ctx.now();
    const game: StoredGame = {
      ...input,
      id,
      moves: input.moves ?? [],
      version: 1,
      status: 'active',
      result: null,
      drawOffer: input.drawOffer ?? null,
      createdAt: now,
      updatedAt: now,
    };
    // Refuse to store what we could not read back.
    const check = gameSchema.safeParse(game);
    if (!check.success)
      throw new TypeError(
        `invalid game: ${check.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );

    // writeId (not part of the record type, dropped on read) lets the script recognise its own resent write.
    const fields = [
      'writeId',
      JSON.stringify(randomBytes(8).toString('hex')),
      ...encodeFields(game as unknown as Record<string, unknown>, ['moves']),
    ];
    if (opts.announce) {
      // The start needs its post: noted in the owed index first, so a crash right after the write still leaves the
      // hint.
      fields.push(
        'annV',
        '1',
        'shown',
        '0',
        'shownMoves',
        String(game.moves.length),
        'ann',
        JSON.stringify(opts.announce.owner),
        'annTries',
        '0',
      );
      if (opts.announce.reply) fields.push('reply', JSON.stringify(opts.announce.reply));
      await this.noteOwed(id);
    }
    const created = await GAME_CREATE.run(
      this.redis,
      [this.k.game(id), this.k.gameMoves(id)],
      [fields.length, ...fields, ...game.moves],
    );
    if (Number(created) !== 1) {
      // A generated id met an existing game (odds ~1 in 3.6e15): draw another.
      return input.id === undefined ? this.create(input) : { ok: false, reason: 'id-taken' };
    }

    // The game exists before its binding: a binding to a missing game is always stale.
    let expected = '';
    for (let attempt = 0; attempt < 8; attempt++) {
      const res = (await CHANNEL_BIND.run(
        this.redis,
        [this.k.channelActive(game.channelId), this.k.channelLast(game.channelId)],
        [id, expected],
      )) as [number, string];
      if (Number(res[0]) === 1) {
        await this.indexNew(game);
        return { ok: true, game: opts.announce ? { ...game, annV: 1, shown: 0, shownMoves: game.moves.length } : game };
      }
      const other = String(res[1]);
      if (await this.isActive(other)) {
        await this.redis.del(this.k.game(id), this.k.gameMoves(id));
        return { ok: false, reason: 'channel-busy', activeGameId: other };
      }
      expected = other; // stale binding: take it over if nobody else did meanwhile
    }
    await this.redis.del(this.k.game(id), this.k.gameMoves(id));
    throw new Error('could not bind the channel: too much contention');
  }

  private async isActive(id: string): Promise<boolean> {
    try {
      return (await this.get(id))?.status === 'active';
    } catch (e) {
      if (e instanceof CorruptRecordError) {
        this.ctx.logger.warn(`${e.message} (treated as not active)`);
        return false;
      }
      throw e;
    }
  }

  private async indexNew(g: StoredGame): Promise<void> {
    const ops: Promise<unknown>[] = [this.redis.zadd(this.k.activeGames(), g.createdAt, g.id)];
    if (g.guildId) ops.push(this.redis.zadd(this.k.activeGamesOfGuild(g.guildId), g.createdAt, g.id));
    for (const p of g.players) {
      ops.push(this.redis.zadd(this.k.userGames(p.id), g.createdAt, g.id));
      ops.push(this.redis.zadd(this.k.userActiveGames(p.id), g.createdAt, g.id));
    }
    if (g.clock?.wakeAt != null) ops.push(this.redis.zadd(this.k.dueGames(), g.clock.wakeAt, g.id));
    await Promise.all(ops);
  }

  private async unindexActive(g: Pick<StoredGame, 'id' | 'channelId' | 'guildId' | 'players'>): Promise<void> {
    const ops: Promise<unknown>[] = [
      DEL_IF_EQUAL.run(this.redis, [this.k.channelActive(g.channelId)], [g.id]),
      this.redis.zrem(this.k.activeGames(), g.id),
      this.redis.zrem(this.k.dueGames(), g.id),
      this.redis.zrem(this.k.aiTurns(), g.id),
    ];
    if (g.guildId) ops.push(this.redis.zrem(this.k.activeGamesOfGuild(g.guildId), g.id));
    for (const p of g.players) ops.push(this.redis.zrem(this.k.userActiveGames(p.id), g.id));
    await Promise.all(ops);
  }

  async get(id: string): Promise<StoredGame | null> {
    if (!isStoreId(id)) return null;
    const key = this.k.game(id);
    // Same slot: one MULTI reads a consistent record and move log.
    const res = await this.redis.multi().hgetall(key).lrange(this.k.gameMoves(id), 0, -1).exec();
    if (!res) throw new Error('transaction aborted');
    const [[e1, hash], [e2, moves]] = res as [[Error | null, Record<string, string>], [Error | null, string[]]];
    if (e1) throw e1;
    if (e2) throw e2;
    return this.decode(id, toFieldMap(hash), moves);
  }

  private decode(id: string, fields: Record<string, string>, moves: unknown[]): StoredGame | null {
    if (Object.keys(fields).length === 0) return null;
    const key = this.k.game(id);
    let g: StoredGame;
    try {
      g = decodeRecord('game', key, fields, gameSchema, { moves: moves.map(String) });
    } catch (e) {
      // Name the game: a reader that found it by its channel can then quarantine it.
      if (e instanceof CorruptRecordError) throw new CorruptRecordError('game', key, e.issues, id);
      throw e;
    }
    if (g.id !== id)
      throw new CorruptRecordError('game', key, [`id: record says ${JSON.stringify(g.id).slice(0, 40)}`], id);
    return g;
  }

  async activeByChannel(channelId: string): Promise<StoredGame | null> {
    if (!isKeyPart(channelId)) return null;
    const id = await this.redis.get(this.k.channelActive(channelId));
    if (!id) return null;
    const g = await this.get(id);
    return g?.status === 'active' ? g : null;
  }

  async byChannel(channelId: string): Promise<StoredGame | null> {
    if (!isKeyPart(channelId)) return null;
    const active = await this.activeByChannel(channelId);
    if (active) return active;
    const last = await this.redis.get(this.k.channelLast(channelId));
    return last ? this.get(last) : null;
  }

  async update(
    id: string,
    expectedVersion: number,
    changes: GameChanges,
    opts: UpdateOptions = {},
  ): Promise<UpdateGameResult> {
    if (!isStoreId(id)) return { ok: false, reason: 'not-found' };
    if (!Number.isInteger(expectedVersion) || expectedVersion < 1) return { ok: false, reason: 'conflict' };
    const set: Record<string, unknown> = { updatedAt: this.ctx.now() };
    for (const f of CHANGE_FIELDS) if (changes[f] !== undefined) set[f] = changes[f];
    // Never write what we could not read back: a bad change is the caller's bug, refused before Redis.
    const check = gameChangesSchema.safeParse(set);
    if (!check.success)
      throw new TypeError(
        `invalid game changes: ${check.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    const moves = changes.appendMoves ?? [];
    if (!moves.every((m) => typeof m === 'string' && m.length > 0))
      throw new TypeError('appendMoves: moves must be non-empty strings');
    const fields = encodeFields(set);
    const { announce, deadline } = opts;
    if (deadline !== undefined && !(Number.isFinite(deadline) && deadline > 0))
      throw new TypeError('deadline: expected ms since epoch');
    // The embedded store runs in this process, so "when Redis runs the write" is now: check the deadline
    // here, because its TIME cannot (it is off by up to 1.5 s, which refused good moves as late).
    if (this.ctx.embedded && deadline !== undefined && this.ctx.now() > deadline) return { ok: false, reason: 'late' };
    const args = [
      expectedVersion,
      this.ctx.embedded ? 0 : (deadline ?? 0),
      announce ? JSON.stringify(announce.owner) : '',
      announce?.reply ? JSON.stringify(announce.reply) : '',
    ];
    // The owed-post hint goes out just before the write, in the same round trip (one pipeline): a crash
    // between the two leaves a hint the sweep drops, never a post owed and forgotten.
    const hint = announce ? this.noteOwed(id) : Promise.resolve();
    const write = GAME_UPDATE.run(
      this.redis,
      [this.k.game(id), this.k.gameMoves(id)],
      [...args, fields.length, ...fields, ...moves],
    );
    const [hinted, written] = await Promise.allSettled([hint, write]);
    if (written.status === 'rejected') throw written.reason;
    // The write happened without its hint: note it again (this process posts it anyway; the hint is for a crash).
    if (hinted.status === 'rejected')
      await this.noteOwed(id).catch(() => this.ctx.logger.warn(`game ${id}: the owed-post hint could not be written`));
    const res = written.value as unknown[];
    if (Number(res[0]) !== 1) {
      const reason = String(res[1]);
      return { ok: false, reason: reason === 'not-found' || reason === 'late' ? reason : 'conflict' };
    }
    const game = this.decode(id, toFieldMap(res[1]), res[2] as unknown[]);
    if (!game) return { ok: false, reason: 'not-found' };

    // Outside the script (other slots); readers re-check, so a crash here only leaves hints behind.
    if (game.status !== 'active') await this.unindexActive(game);
    else if (changes.clock !== undefined) {
      if (game.clock?.wakeAt != null) await this.redis.zadd(this.k.dueGames(), game.clock.wakeAt, id);
      else await this.redis.zrem(this.k.dueGames(), id);
    }
    return { ok: true, game };
  }

  private async noteOwed(id: string): Promise<void> {
    await this.redis.zadd(this.k.owedGames(), this.ctx.now(), id);
  }

  async markShown(id: string, version: number, moves: number): Promise<boolean> {
    if (!isStoreId(id)) return true;
    if (!Number.isInteger(version) || version < 0 || !Number.isInteger(moves) || moves < 0)
      throw new TypeError('markShown: version and moves must be counts');
    // The hint is dropped in the same round trip; if a later write still waits for its post, it is put back.
    const [shown] = await Promise.all([
      GAME_MARK_SHOWN.run(this.redis, [this.k.game(id)], [version, moves]),
      this.redis.zrem(this.k.owedGames(), id),
    ]);
    const done = Number(shown) !== 0;
    if (!done) await this.noteOwed(id);
    return done;
  }

  async owed(before: number, limit = 50): Promise<string[]> {
    return this.redis.zrangebyscore(this.k.owedGames(), '-inf', before, 'LIMIT', 0, limit);
  }

  async announcementOwner(id: string): Promise<string | null> {
    if (!isStoreId(id)) return null;
    const raw = await this.redis.hget(this.k.game(id), 'ann');
    return raw === null ? null : parseJson(raw, (v): v is string => typeof v === 'string');
  }

  async claimAnnouncement(
    id: string,
    seen: string | null,
    owner: string,
    attempt = true,
  ): Promise<ClaimedAnnouncement | null> {
    if (!isStoreId(id)) return null;
    const args = [seen === null ? '' : JSON.stringify(seen), JSON.stringify(owner), attempt ? 1 : 0];
    const res = (await GAME_CLAIM_ANNOUNCEMENT.run(this.redis, [this.k.game(id)], args)) as unknown[];
    if (Number(res[0]) !== 1) return null;
    const reply = typeof res[2] === 'string' && res[2] ? parseJson(res[2], isPendingReply) : null;
    return { tries: Number(res[1]), reply };
  }

  async claimReplyPost(id: string, version: number): Promise<boolean> {
    if (!isStoreId(id)) return false;
    if (!Number.isInteger(version) || version < 0) throw new TypeError('claimReplyPost: version must be a count');
    return Number(await GAME_CLAIM_REPLY_POST.run(this.redis, [this.k.game(id)], [version])) === 1;
  }

  async releaseReplyPost(id: string, version: number): Promise<void> {
    if (!isStoreId(id)) return;
    if (!Number.isInteger(version) || version < 0) throw new TypeError('releaseReplyPost: version must be a count');
    await GAME_RELEASE_REPLY_POST.run(this.redis, [this.k.game(id)], [version]);
  }

  async recheckAnnouncement(id: string, at: number | null): Promise<void> {
    if (at === null) await this.redis.zrem(this.k.owedGames(), id);
    else await this.redis.zadd(this.k.owedGames(), at, id);
  }

  async noteAiTurn(id: string): Promise<void> {
    if (isStoreId(id)) await this.redis.zadd(this.k.aiTurns(), 'NX', this.ctx.now(), id);
  }

  async aiTurns(before: number, limit = 50): Promise<string[]> {
    return this.redis.zrangebyscore(this.k.aiTurns(), '-inf', before, 'LIMIT', 0, limit);
  }

  async dropAiTurn(id: string): Promise<void> {
    await this.redis.zrem(this.k.aiTurns(), id);
  }

  async leaseAiTurn(id: string, owner: string, ttlMs: number, takeOver: string | null = null): Promise<string | null> {
    if (!isStoreId(id)) return 'invalid id';
    const key = this.k.aiLease(id);
    if (takeOver) await DEL_IF_EQUAL.run(this.redis, [key], [takeOver]);
    if ((await this.redis.set(key, owner, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK') return null;
    const holder = await this.redis.get(key);
    // Expired between the two calls: try once more rather than report nobody.
    if (holder === null)
      return (await this.redis.set(key, owner, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK' ? null : 'someone';
    return holder;
  }

  async aiTurnHolder(id: string): Promise<string | null> {
    return isStoreId(id) ? this.redis.get(this.k.aiLease(id)) : null;
  }

  async releaseAiTurn(id: string, owner: string): Promise<void> {
    if (isStoreId(id)) await DEL_IF_EQUAL.run(this.redis, [this.k.aiLease(id)], [owner]);
  }

  async moves(id: string): Promise<string[]> {
    if (!isStoreId(id)) return [];
    return this.redis.lrange(this.k.gameMoves(id), 0, -1);
  }

  /** Loads the games of an index, newest first, dropping entries that no longer qualify. */
  private async loadIndex(indexKey: string, limit: number, keep: (g: StoredGame) => boolean): Promise<StoredGame[]> {
    const out: StoredGame[] = [];
    let start = 0;
    const page = Math.max(limit, 20);
    while (out.length < limit) {
      const ids = await this.redis.zrevrange(indexKey, start, start + page - 1);
      if (ids.length === 0) break;
      start += ids.length;
      const games = await Promise.all(
        ids.map((id) =>
          this.get(id).catch((e: unknown) => {
            if (e instanceof CorruptRecordError) {
              this.ctx.logger.warn(`${e.message} (skipped)`);
              return undefined;
            }
            throw e;
          }),
        ),
      );
      const stale: string[] = [];
      games.forEach((g, i) => {
        if (g === null || (g && !keep(g))) stale.push(ids[i]);
        else if (g && out.length < limit) out.push(g);
      });
      if (stale.length) {
        await this.redis.zrem(indexKey, ...stale);
        start -= stale.length;
      }
    }
    return out;
  }

  async listActive(guildId?: string | null, limit = 100): Promise<StoredGame[]> {
    if (guildId != null && !isKeyPart(guildId)) return [];
    const key = guildId ? this.k.activeGamesOfGuild(guildId) : this.k.activeGames();
    return this.loadIndex(key, limit, (g) => g.status === 'active');
  }

  async countActive(): Promise<number> {
    // The index's size, not a scan: cheap enough for every metrics scrape. The index is a hint kept beside each
    // write (a crash between a game's end and its unindexing leaves it counted until a reader prunes it).
    return this.redis.zcard(this.k.activeGames());
  }

  async listByUser(userId: string, limit = 20): Promise<StoredGame[]> {
    if (!isKeyPart(userId)) return [];
    return this.loadIndex(this.k.userGames(userId), limit, () => true);
  }

  async countActiveByUser(userId: string): Promise<number> {
    if (!isKeyPart(userId)) return 0;
    return (await this.loadIndex(this.k.userActiveGames(userId), 1000, (g) => g.status === 'active')).length;
  }

  async listActiveByUser(userId: string, limit = 100): Promise<StoredGame[]> {
    if (!isKeyPart(userId)) return [];
    return this.loadIndex(this.k.userActiveGames(userId), limit, (g) => g.status === 'active');
  }

  async due(now: number, limit = 50, offset = 0): Promise<string[]> {
    return this.redis.zrangebyscore(this.k.dueGames(), '-inf', now, 'LIMIT', offset, limit);
  }

  async repairDue(id: string, dueBy: number, wakeAt: number | null): Promise<boolean> {
    return Number(await DUE_REPAIR.run(this.redis, [this.k.dueGames()], [id, dueBy, wakeAt ?? ''])) === 1;
  }

  async quarantine(
    id: string,
    reason: string,
  ): Promise<{ marked: boolean; channelId: string | null; postable: boolean }> {
    if (!isStoreId(id)) return { marked: false, channelId: null, postable: true };
    const res = (await GAME_QUARANTINE.run(this.redis, [this.k.game(id)], [JSON.stringify(reason.slice(0, 300))])) as [
      number,
      string,
      string?,
    ];
    // Outside the script (other slots), on every call, so a crash between the two steps heals: out of the clock,
    // announcement and AI sweeps.
    await Promise.all([
      this.redis.zrem(this.k.dueGames(), id),
      this.redis.zrem(this.k.owedGames(), id),
      this.redis.zrem(this.k.aiTurns(), id),
    ]);
    let channelId: string | null = null;
    try {
      const raw: unknown = JSON.parse(String(res[1] || 'null'));
      if (isKeyPart(raw)) channelId = raw;
    } catch {
      // The channel field itself is damaged: there is nowhere to post the note.
    }
    // Only a field that says false stops the note: a damaged one is no reason to stay silent.
    return { marked: Number(res[0]) === 1, channelId, postable: res[2] !== 'false' };
  }

  async delete(id: string): Promise<boolean> {
    if (!isStoreId(id)) return false;
    let g: StoredGame | null = null;
    try {
      g = await this.get(id);
    } catch (e) {
      if (!(e instanceof CorruptRecordError)) throw e;
    }
    const n = await this.redis.del(this.k.game(id), this.k.gameMoves(id));
    const ops: Promise<unknown>[] = [this.redis.zrem(this.k.activeGames(), id), this.redis.zrem(this.k.dueGames(), id)];
    if (g) {
      ops.push(this.unindexActive(g), DEL_IF_EQUAL.run(this.redis, [this.k.channelLast(g.channelId)], [id]));
      for (const p of g.players) ops.push(this.redis.zrem(this.k.userGames(p.id), id));
    }
    await Promise.all(ops);
    return n > 0;
  }
}

/** A field of our own written as JSON; null when it is not what we wrote (a damaged field is no reason to fail). */
function parseJson<T>(raw: string, ok: (v: unknown) => v is T): T | null {
  try {
    const v: unknown = JSON.parse(raw);
    return ok(v) ? v : null;
  } catch {
    return null; // not JSON: treated as absent (the caller then posts in the channel)
  }
}

function isPendingReply(v: unknown): v is PendingReply {
  const o = v as Partial<PendingReply> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.token === 'string' &&
    typeof o.createdAt === 'number' &&
    typeof o.component === 'boolean' &&
    (o.followUp === undefined || typeof o.followUp === 'boolean')
  );
}
