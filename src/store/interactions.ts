// At-most-once handling of Discord interactions across processes, and cooldowns.
import { randomBytes } from 'node:crypto';
import type { StoreContext } from './context.js';
import { isKeyPart } from './keys.js';
import type { InteractionStore } from './types.js';

export class RedisInteractionStore implements InteractionStore {
  constructor(private readonly ctx: StoreContext) {}

  async claim(interactionId: string, ttlSec = 900): Promise<boolean> {
    // An id we cannot key safely is not a real interaction: refuse it.
    if (!isKeyPart(interactionId)) return false;
    const ttl = Math.max(1, Math.ceil(ttlSec));
    const key = this.ctx.keys.interaction(interactionId);
    // A unique token, so that a SET resent by ioredis after a dropped connection
    // (our own write, answered NX-refused the second time) still counts as ours.
    const token = randomBytes(8).toString('hex');
    if ((await this.ctx.redis.set(key, token, 'EX', ttl, 'NX')) === 'OK') return true;
    return (await this.ctx.redis.get(key)) === token;
  }

  async cooldown(key: string, ms: number): Promise<number> {
    if (!isKeyPart(key)) throw new TypeError('invalid cooldown key');
    const k = this.ctx.keys.cooldown(key);
    const period = Math.max(1, Math.ceil(ms));
    if ((await this.ctx.redis.set(k, '1', 'PX', period, 'NX')) === 'OK') return 0;
    const left = await this.ctx.redis.pttl(k);
    return left > 0 ? left : 1; // expired between the two calls: report a tick rather than a free pass
  }
}
