// The indexes of games (active, per server, per player, due by the clock):
// sorted sets in other slots than the games, written next to (not inside) each
// game's script. Readers treat them as hints and re-check the record, and drop
// entries that no longer qualify, so a crash between two steps heals.
import type { StoreContext } from './context.js';
import type { StoredGame } from '../model/index.js';
import { isKeyPart } from './keys.js';
import { DEL_IF_EQUAL, DUE_REPAIR } from './scripts.js';
import { CorruptRecordError, type GameIndex, type GameStore } from './types.js';

/** Indexes a new game (active, its server's, its players', due). */
export async function indexNew(ctx: StoreContext, g: StoredGame): Promise<void> {
  const { redis, keys: k } = ctx;
  const ops: Promise<unknown>[] = [redis.zadd(k.activeGames(), g.createdAt, g.id)];
  if (g.guildId) ops.push(redis.zadd(k.activeGamesOfGuild(g.guildId), g.createdAt, g.id));
  for (const p of g.players) {
    ops.push(redis.zadd(k.userGames(p.id), g.createdAt, g.id));
    ops.push(redis.zadd(k.userActiveGames(p.id), g.createdAt, g.id));
  }
  if (g.clock?.wakeAt != null) ops.push(redis.zadd(k.dueGames(), g.clock.wakeAt, g.id));
  await Promise.all(ops);
}

/** Takes a game that is no longer active out of the active indexes and releases its channel. */
export async function unindexActive(
  ctx: StoreContext,
  g: Pick<StoredGame, 'id' | 'channelId' | 'guildId' | 'players'>,
): Promise<void> {
  const { redis, keys: k } = ctx;
  const ops: Promise<unknown>[] = [
    DEL_IF_EQUAL.run(redis, [k.channelActive(g.channelId)], [g.id]),
    redis.zrem(k.activeGames(), g.id),
    redis.zrem(k.dueGames(), g.id),
    redis.zrem(k.aiTurns(), g.id),
  ];
  if (g.guildId) ops.push(redis.zrem(k.activeGamesOfGuild(g.guildId), g.id));
  for (const p of g.players) ops.push(redis.zrem(k.userActiveGames(p.id), g.id));
  await Promise.all(ops);
}

/** Moves an active game's place in the due index to its clock's next instant (or out of it). */
export async function indexDue(ctx: StoreContext, g: Pick<StoredGame, 'id' | 'clock'>): Promise<void> {
  if (g.clock?.wakeAt != null) await ctx.redis.zadd(ctx.keys.dueGames(), g.clock.wakeAt, g.id);
  else await ctx.redis.zrem(ctx.keys.dueGames(), g.id);
}

export class RedisGameIndex implements GameIndex {
  constructor(
    private readonly ctx: StoreContext,
    private readonly games: GameStore,
  ) {}

  /** Loads the games of an index, newest first, dropping entries that no longer qualify. */
  private async load(indexKey: string, limit: number, keep: (g: StoredGame) => boolean): Promise<StoredGame[]> {
    const out: StoredGame[] = [];
    let start = 0;
    const page = Math.max(limit, 20);
    while (out.length < limit) {
      const ids = await this.ctx.redis.zrevrange(indexKey, start, start + page - 1);
      if (ids.length === 0) break;
      start += ids.length;
      const games = await Promise.all(
        ids.map((id) =>
          this.games.get(id).catch((e: unknown) => {
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
        await this.ctx.redis.zrem(indexKey, ...stale);
        start -= stale.length;
      }
    }
    return out;
  }

  async listActive(guildId?: string | null, limit = 100): Promise<StoredGame[]> {
    if (guildId != null && !isKeyPart(guildId)) return [];
    const key = guildId ? this.ctx.keys.activeGamesOfGuild(guildId) : this.ctx.keys.activeGames();
    return this.load(key, limit, (g) => g.status === 'active');
  }

  async countActive(): Promise<number> {
    // The index's size, not a scan: cheap enough for every metrics scrape. The index is a hint kept beside each
    // write (a crash between a game's end and its unindexing leaves it counted until a reader prunes it).
    return this.ctx.redis.zcard(this.ctx.keys.activeGames());
  }

  async listByUser(userId: string, limit = 20): Promise<StoredGame[]> {
    if (!isKeyPart(userId)) return [];
    return this.load(this.ctx.keys.userGames(userId), limit, () => true);
  }

  async countActiveByUser(userId: string): Promise<number> {
    if (!isKeyPart(userId)) return 0;
    return (await this.load(this.ctx.keys.userActiveGames(userId), 1000, (g) => g.status === 'active')).length;
  }

  async listActiveByUser(userId: string, limit = 100): Promise<StoredGame[]> {
    if (!isKeyPart(userId)) return [];
    return this.load(this.ctx.keys.userActiveGames(userId), limit, (g) => g.status === 'active');
  }

  async due(now: number, limit = 50, offset = 0): Promise<string[]> {
    return this.ctx.redis.zrangebyscore(this.ctx.keys.dueGames(), '-inf', now, 'LIMIT', offset, limit);
  }

  async repairDue(id: string, dueBy: number, wakeAt: number | null): Promise<boolean> {
    return Number(await DUE_REPAIR.run(this.ctx.redis, [this.ctx.keys.dueGames()], [id, dueBy, wakeAt ?? ''])) === 1;
  }
}
