// Game records: one hash + one move list per game (same hash tag), a
// compare-and-set on the version for every write. Each write also keeps the
// game's channel binding (channels.ts), its indexes (game-index.ts) and the
// owed-post hint (outbox.ts) up to date: they live in other slots, so they are
// written next to (not inside) the game's script, and their readers re-check
// the record, which makes them self-healing.
import { randomBytes } from 'node:crypto';
import {
  gameChangesSchema,
  gameSchema,
  interactionRefSchema,
  isRecordId,
  type InteractionRef,
  type StoredGame,
} from '../model/index.js';
import { publishChange } from './changes.js';
import { decodeRecord, encodeFields, toFieldMap } from './codec.js';
import { issuesOf, type StoreContext } from './context.js';
import { indexDue, indexNew, unindexActive } from './game-index.js';
import { newId } from './ids.js';
import { assertKeyPart, isKeyPart } from './keys.js';
import { noteOwed } from './outbox.js';
import { CHANNEL_BIND, DEL_IF_EQUAL, GAME_CREATE, GAME_QUARANTINE, GAME_UPDATE } from './scripts.js';
import {
  CorruptRecordError,
  type Announce,
  type CreateGameResult,
  type GameChanges,
  type GameStore,
  type NewGame,
  type UpdateGameResult,
  type UpdateOptions,
} from './types.js';

/** The fields `update` writes: the model's changeable ones (a new one there needs nothing here). */
const CHANGE_FIELDS = Object.keys(gameChangesSchema.shape) as (keyof typeof gameChangesSchema.shape)[];
/** What an update writes, checked before Redis: the changes and the store's timestamp. */
const updateSchema = gameChangesSchema.extend({ updatedAt: gameSchema.shape.updatedAt });

/**
 * The interaction a write's post answers, as its field `reply` holds it: the schema's fields only (a live one also
 * carries its deadline, which is no part of the record).
 */
const encodeInteraction = (r: InteractionRef): string => JSON.stringify(interactionRefSchema.parse(r));

export class RedisGameStore implements GameStore {
  constructor(private readonly ctx: StoreContext) {}

  private get redis() {
    return this.ctx.redis;
  }
  private get k() {
    return this.ctx.keys;
  }

  async create(input: NewGame, opts: { announce?: Announce } = {}): Promise<CreateGameResult> {
    const id = input.id ?? newId();
    if (!isRecordId(id)) throw new TypeError('invalid game id: expected 4-32 chars of [0-9a-z]');
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
    if (!check.success) throw new TypeError(`invalid game: ${issuesOf(check.error.issues)}`);

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
      if (opts.announce.interaction) fields.push('reply', encodeInteraction(opts.announce.interaction));
      await noteOwed(this.ctx, id);
    }
    const created = await GAME_CREATE.run(
      this.redis,
      [this.k.game(id), this.k.gameMoves(id)],
      [fields.length, ...fields, ...game.moves],
    );
    if (Number(created) !== 1) {
      // A generated id met an existing game (odds ~1 in 3.6e15): draw another.
      return input.id === undefined ? this.create(input, opts) : { ok: false, reason: 'id-taken' };
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
        await indexNew(this.ctx, game);
        publishChange(this.ctx, id, 1);
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

  async get(id: string): Promise<StoredGame | null> {
    if (!isRecordId(id)) return null;
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

  async update(
    id: string,
    expectedVersion: number,
    changes: GameChanges,
    opts: UpdateOptions = {},
  ): Promise<UpdateGameResult> {
    if (!isRecordId(id)) return { ok: false, reason: 'not-found' };
    if (!Number.isInteger(expectedVersion) || expectedVersion < 1) return { ok: false, reason: 'conflict' };
    const set: Record<string, unknown> = { updatedAt: this.ctx.now() };
    for (const f of CHANGE_FIELDS) if (changes[f] !== undefined) set[f] = changes[f];
    // Never write what we could not read back: a bad change is the caller's bug, refused before Redis.
    const check = updateSchema.safeParse(set);
    if (!check.success) throw new TypeError(`invalid game changes: ${issuesOf(check.error.issues)}`);
    const moves = changes.appendMoves ?? [];
    if (!moves.every((m) => typeof m === 'string' && m.length > 0))
      throw new TypeError('appendMoves: moves must be non-empty strings');
    const keep = changes.truncateMoves ?? -1;
    if (!(Number.isSafeInteger(keep) && keep >= -1)) throw new TypeError('truncateMoves: expected a count of moves');
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
      announce?.interaction ? encodeInteraction(announce.interaction) : '',
      keep,
    ];
    // The owed-post hint goes out just before the write, in the same round trip (one pipeline): a crash
    // between the two leaves a hint the sweep drops, never a post owed and forgotten.
    const hint = announce ? noteOwed(this.ctx, id) : Promise.resolve();
    const write = GAME_UPDATE.run(
      this.redis,
      [this.k.game(id), this.k.gameMoves(id)],
      [...args, fields.length, ...fields, ...moves],
    );
    const [hinted, written] = await Promise.allSettled([hint, write]);
    if (written.status === 'rejected') throw written.reason;
    // The write happened without its hint: note it again (this process posts it anyway; the hint is for a crash).
    if (hinted.status === 'rejected')
      await noteOwed(this.ctx, id).catch(() =>
        this.ctx.logger.warn(`game ${id}: the owed-post hint could not be written`),
      );
    const res = written.value as unknown[];
    if (Number(res[0]) !== 1) {
      const reason = String(res[1]);
      return { ok: false, reason: reason === 'not-found' || reason === 'late' ? reason : 'conflict' };
    }
    const game = this.decode(id, toFieldMap(res[1]), res[2] as unknown[]);
    if (!game) return { ok: false, reason: 'not-found' };

    // Outside the script (other slots); readers re-check, so a crash here only leaves hints behind.
    publishChange(this.ctx, id, game.version);
    if (game.status !== 'active') await unindexActive(this.ctx, game);
    else if (changes.clock !== undefined) await indexDue(this.ctx, game);
    return { ok: true, game };
  }

  async moves(id: string): Promise<string[]> {
    if (!isRecordId(id)) return [];
    return this.redis.lrange(this.k.gameMoves(id), 0, -1);
  }

  async quarantine(
    id: string,
    reason: string,
  ): Promise<{ marked: boolean; channelId: string | null; postable: boolean }> {
    if (!isRecordId(id)) return { marked: false, channelId: null, postable: true };
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
    if (!isRecordId(id)) return false;
    let g: StoredGame | null = null;
    try {
      g = await this.get(id);
    } catch (e) {
      if (!(e instanceof CorruptRecordError)) throw e;
    }
    const n = await this.redis.del(this.k.game(id), this.k.gameMoves(id));
    const ops: Promise<unknown>[] = [this.redis.zrem(this.k.activeGames(), id), this.redis.zrem(this.k.dueGames(), id)];
    if (g) {
      ops.push(unindexActive(this.ctx, g), DEL_IF_EQUAL.run(this.redis, [this.k.channelLast(g.channelId)], [id]));
      for (const p of g.players) ops.push(this.redis.zrem(this.k.userGames(p.id), id));
    }
    await Promise.all(ops);
    return n > 0;
  }
}
