// Who wants to know that a game changed (the live game page, src/web): after each committed write of a game
// (create, and every compare-and-set update: moves, takebacks, endings, offers), the store publishes
// "<id> <version>" on one Redis pub/sub channel of its prefix, so every bot process hears the writes of all of them.
// Fire-and-forget after the write: a publish lost to a crash or an outage costs a watcher that one update (the next
// write carries the whole game again), never the write. Pub/sub rather than keyspace notifications: those need a
// server setting (notify-keyspace-events) a managed Redis may not allow, and would fire on every field write.
// The embedded store is one process: a local emitter stands in for the channel.
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { StoreContext } from './context.js';
import type { GameChangeFeed, GameChangeListener } from './types.js';

const local = new WeakMap<Redis, EventEmitter>();
const emitterOf = (redis: Redis): EventEmitter => {
  let e = local.get(redis);
  if (!e) local.set(redis, (e = new EventEmitter().setMaxListeners(0)));
  return e;
};

/** Says that game `id` was written at `version`; never throws (a lost publish is logged). */
export function publishChange(ctx: StoreContext, id: string, version: number): void {
  const message = `${id} ${version}`;
  if (ctx.embedded) {
    emitterOf(ctx.redis).emit('change', message);
    return;
  }
  ctx.redis.publish(ctx.keys.changes(), message).catch((e: unknown) => {
    ctx.logger.warn(`game ${id}: the change could not be published (${e instanceof Error ? e.message : String(e)})`);
  });
}

/** "<id> <version>" as published, or null for anything else on the channel. */
function parse(message: string): { id: string; version: number } | null {
  const m = /^([0-9a-z]{4,32}) ([1-9]\d{0,14})$/.exec(message);
  return m ? { id: m[1], version: Number(m[2]) } : null;
}

export class RedisGameChanges implements GameChangeFeed {
  constructor(private readonly ctx: StoreContext) {}

  async subscribe(listener: GameChangeListener): Promise<() => Promise<void>> {
    const deliver = (message: string) => {
      const c = parse(message);
      if (c) listener(c.id, c.version);
    };
    if (this.ctx.embedded) {
      const e = emitterOf(this.ctx.redis);
      e.on('change', deliver);
      return () => {
        e.off('change', deliver);
        return Promise.resolve();
      };
    }
    // A connection in subscriber mode serves nothing else: its own. ioredis subscribes again after a reconnect.
    const sub = this.ctx.redis.duplicate();
    const channel = this.ctx.keys.changes();
    sub.on('message', (ch: string, message: string) => {
      if (ch === channel) deliver(message);
    });
    sub.on('error', () => undefined); // reported by the main client's watch; the subscriber only retries
    await sub.connect();
    await sub.subscribe(channel);
    return async () => {
      try {
        await sub.quit();
      } catch {
        sub.disconnect();
      }
    };
  }
}
