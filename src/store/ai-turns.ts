// The AI's turns: a hint index of games where it may be to move (the AI sweep
// reads it), and a lease per game on thinking, so one process thinks at a time.
import type { StoreContext } from './context.js';
import { isRecordId } from '../model/index.js';
import { DEL_IF_EQUAL, PEXPIRE_IF_EQUAL } from './scripts.js';
import type { AiTurnStore } from './types.js';

export class RedisAiTurns implements AiTurnStore {
  constructor(private readonly ctx: StoreContext) {}

  async note(id: string): Promise<void> {
    if (isRecordId(id)) await this.ctx.redis.zadd(this.ctx.keys.aiTurns(), 'NX', this.ctx.now(), id);
  }

  async noted(before: number, limit = 50): Promise<string[]> {
    return this.ctx.redis.zrangebyscore(this.ctx.keys.aiTurns(), '-inf', before, 'LIMIT', 0, limit);
  }

  async drop(id: string): Promise<void> {
    await this.ctx.redis.zrem(this.ctx.keys.aiTurns(), id);
  }

  async lease(id: string, owner: string, ttlMs: number, takeOver: string | null = null): Promise<string | null> {
    if (!isRecordId(id)) return 'invalid id';
    const { redis } = this.ctx;
    const key = this.ctx.keys.aiLease(id);
    const ttl = Math.max(1, Math.ceil(ttlMs));
    if (takeOver) await DEL_IF_EQUAL.run(redis, [key], [takeOver]);
    if ((await redis.set(key, owner, 'PX', ttl, 'NX')) === 'OK') return null;
    const holder = await redis.get(key);
    // Expired between the two calls: try once more rather than report nobody.
    if (holder === null) return (await redis.set(key, owner, 'PX', ttl, 'NX')) === 'OK' ? null : 'someone';
    return holder;
  }

  async extend(id: string, owner: string, ttlMs: number): Promise<boolean> {
    if (!isRecordId(id)) return false;
    const ttl = Math.max(1, Math.ceil(ttlMs));
    return Number(await PEXPIRE_IF_EQUAL.run(this.ctx.redis, [this.ctx.keys.aiLease(id)], [owner, ttl])) === 1;
  }

  async holder(id: string): Promise<string | null> {
    return isRecordId(id) ? this.ctx.redis.get(this.ctx.keys.aiLease(id)) : null;
  }

  async release(id: string, owner: string): Promise<void> {
    if (isRecordId(id)) await DEL_IF_EQUAL.run(this.ctx.redis, [this.ctx.keys.aiLease(id)], [owner]);
  }
}
