// The puzzle pool (issue 20, docs/puzzles.md): each puzzle a record under its id (a hash of its position, so a
// position found twice is one puzzle), each game's pool a sorted set by rating, the puzzles each player was given,
// and the servers' daily puzzle posts (the day's choice made once, the post held by one process at a time).
import { isGameId, type GameId } from '../engine/index.js';
import { isRecordId, puzzleSchema, type Puzzle } from '../model/index.js';
import type { StoreContext } from './context.js';
import { parseStoredJson } from './codec.js';
import { assertKeyPart, isKeyPart } from './keys.js';
import { PUZZLE_ADD } from './scripts.js';
import { CorruptRecordError, type DailyPuzzle, type PuzzleStore } from './types.js';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const dailySchemaCheck = (v: unknown): v is DailyPuzzle =>
  typeof v === 'object' &&
  v !== null &&
  isRecordId((v as DailyPuzzle).puzzleId) &&
  ((v as DailyPuzzle).messageId === null || typeof (v as DailyPuzzle).messageId === 'string');

export class RedisPuzzleStore implements PuzzleStore {
  constructor(private readonly ctx: StoreContext) {}

  async add(puzzles: readonly Puzzle[]): Promise<number> {
    let added = 0;
    for (const p of puzzles) {
      const parsed = puzzleSchema.parse(p); // a caller's bug otherwise: throws
      const k = this.ctx.keys;
      const keys = [k.puzzle(parsed.id), k.puzzlePool(parsed.game)];
      if (Number(await PUZZLE_ADD.run(this.ctx.redis, keys, [JSON.stringify(parsed), parsed.rating, parsed.id])) === 1)
        added++;
    }
    return added;
  }

  async get(id: string): Promise<Puzzle | null> {
    if (!isRecordId(id)) return null;
    const key = this.ctx.keys.puzzle(id);
    const raw = await this.ctx.redis.get(key);
    if (raw === null) return null;
    const data = parseStoredJson('puzzle', key, raw);
    const parsed = puzzleSchema.safeParse(data);
    if (!parsed.success || parsed.data.id !== id)
      throw new CorruptRecordError(
        'puzzle',
        key,
        parsed.success ? ['id: not its key'] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      );
    return parsed.data;
  }

  async pick(game: GameId, userId: string, rating: number): Promise<Puzzle | null> {
    if (!isGameId(game)) throw new TypeError('unknown game');
    assertKeyPart('player id', userId);
    const k = this.ctx.keys;
    const pool = k.puzzlePool(game);
    const total = await this.ctx.redis.zcard(pool);
    // Outwards from the player's rating, wider each round, nearest first; seen and damaged puzzles are passed over.
    const at = await this.ctx.redis.zcount(pool, '-inf', `(${rating}`);
    const tried = new Set<string>();
    for (let half = 16; ; half *= 4) {
      const rows = await this.ctx.redis.zrange(pool, Math.max(0, at - half), at + half, 'WITHSCORES');
      const near: { id: string; d: number }[] = [];
      for (let i = 0; i + 1 < rows.length; i += 2)
        if (!tried.has(rows[i])) near.push({ id: rows[i], d: Math.abs(Number(rows[i + 1]) - rating) });
      near.sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1));
      for (const { id } of near) {
        tried.add(id);
        if (await this.ctx.redis.sismember(k.puzzlesSeen(userId), id)) continue;
        const p = await this.get(id).catch((e: unknown) => {
          if (!(e instanceof CorruptRecordError)) throw e;
          this.ctx.logger.warn(`${e.message} (passed over)`);
          return null;
        });
        if (p) return p;
      }
      // The window [at - half, at + half] holds the whole pool only once half >= total (at may be 0 or total).
      if (half >= total) return null;
    }
  }

  async see(userId: string, puzzleId: string): Promise<boolean> {
    assertKeyPart('player id', userId);
    if (!isRecordId(puzzleId)) throw new TypeError('invalid puzzle id');
    return (await this.ctx.redis.sadd(this.ctx.keys.puzzlesSeen(userId), puzzleId)) === 1;
  }

  async rerate(game: GameId, puzzleId: string, rating: number): Promise<void> {
    if (!isGameId(game) || !isRecordId(puzzleId) || !Number.isFinite(rating)) throw new TypeError('invalid rerate');
    await this.ctx.redis.zadd(this.ctx.keys.puzzlePool(game), 'XX', rating, puzzleId);
  }

  async count(game: GameId): Promise<number> {
    if (!isGameId(game)) throw new TypeError('unknown game');
    return this.ctx.redis.zcard(this.ctx.keys.puzzlePool(game));
  }

  private dayKey(guildId: string, day: string): string {
    assertKeyPart('guild id', guildId);
    if (!DAY_RE.test(day)) throw new TypeError('invalid day: expected YYYY-MM-DD');
    return this.ctx.keys.puzzleDaily(guildId, day);
  }

  async daily(guildId: string, day: string): Promise<DailyPuzzle | null> {
    const key = this.dayKey(guildId, day);
    const raw = await this.ctx.redis.get(key);
    if (raw === null) return null;
    const data = parseStoredJson('puzzle', key, raw);
    if (!dailySchemaCheck(data)) throw new CorruptRecordError('puzzle', key, ['not a daily puzzle']);
    return { puzzleId: data.puzzleId, messageId: data.messageId };
  }

  async leaseDaily(guildId: string, day: string, owner: string, leaseMs: number): Promise<boolean> {
    this.dayKey(guildId, day);
    assertKeyPart('owner', owner);
    const res = await this.ctx.redis.set(
      this.ctx.keys.puzzleDailyLease(guildId, day),
      owner,
      'PX',
      Math.max(1, Math.round(leaseMs)),
      'NX',
    );
    return res === 'OK';
  }

  async chooseDaily(guildId: string, day: string, puzzleId: string): Promise<DailyPuzzle> {
    if (!isRecordId(puzzleId)) throw new TypeError('invalid puzzle id');
    const key = this.dayKey(guildId, day);
    // Kept a few days: the next day's post reads it for its answer.
    await this.ctx.redis.set(key, JSON.stringify({ puzzleId, messageId: null }), 'PX', 4 * 86_400_000, 'NX');
    return (await this.daily(guildId, day))!;
  }

  async postedDaily(guildId: string, day: string, messageId: string): Promise<void> {
    const cur = await this.daily(guildId, day);
    if (!cur) throw new Error('postedDaily: the day has no puzzle chosen');
    await this.ctx.redis.set(this.dayKey(guildId, day), JSON.stringify({ ...cur, messageId }), 'PX', 4 * 86_400_000);
  }

  async dailyGuilds(): Promise<string[]> {
    return (await this.ctx.redis.smembers(this.ctx.keys.puzzleDailyGuilds())).filter(isKeyPart);
  }

  async trackDaily(guildId: string, on: boolean): Promise<void> {
    assertKeyPart('guild id', guildId);
    const key = this.ctx.keys.puzzleDailyGuilds();
    await (on ? this.ctx.redis.sadd(key, guildId) : this.ctx.redis.srem(key, guildId));
  }
}
