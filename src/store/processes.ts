// Which bot processes are alive: each one refreshes a key with a short time
// to live, so another process can take over the posts a crashed one owed.
import type { StoreContext } from './context.js';
import { isKeyPart } from './keys.js';
import type { ProcessStore } from './types.js';

export class RedisProcessStore implements ProcessStore {
  constructor(private readonly ctx: StoreContext) {}

  async beat(id: string, ttlMs: number): Promise<void> {
    if (!isKeyPart(id)) throw new TypeError('invalid process id');
    await this.ctx.redis.set(this.ctx.keys.process(id), '1', 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async alive(id: string): Promise<boolean> {
    if (!isKeyPart(id)) return false;
    return (await this.ctx.redis.exists(this.ctx.keys.process(id))) === 1;
  }

  async gone(id: string): Promise<void> {
    if (isKeyPart(id)) await this.ctx.redis.del(this.ctx.keys.process(id));
  }
}
