// One active game per channel or thread (product). The binding is a key per
// channel in another slot than the game: `games.create` takes it after the game
// exists and a game's end releases it, so a binding to a missing or finished
// game is always stale, and the next create takes the channel over.
import type { StoreContext } from './context.js';
import type { StoredGame } from '../model/index.js';
import { isKeyPart } from './keys.js';
import type { ChannelStore, GameStore } from './types.js';

export class RedisChannelStore implements ChannelStore {
  constructor(
    private readonly ctx: StoreContext,
    private readonly games: GameStore,
  ) {}

  async active(channelId: string): Promise<StoredGame | null> {
    if (!isKeyPart(channelId)) return null;
    const id = await this.ctx.redis.get(this.ctx.keys.channelActive(channelId));
    if (!id) return null;
    const g = await this.games.get(id);
    return g?.status === 'active' ? g : null;
  }

  async latest(channelId: string): Promise<StoredGame | null> {
    if (!isKeyPart(channelId)) return null;
    const active = await this.active(channelId);
    if (active) return active;
    const last = await this.ctx.redis.get(this.ctx.keys.channelLast(channelId));
    return last ? this.games.get(last) : null;
  }
}
