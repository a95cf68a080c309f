// The outbox of owed posts. A write that needs a public post carries its
// announcement (annV on the game's record, the owner `ann` and the
// interaction the post answers beside it, in the field `reply`: its older
// name, kept for the records already stored; written by the game's own script); the post is
// owed until markShown. The owed index is a hint in another slot, noted just
// before the write, so a crash between the two leaves a hint the sweep drops,
// never a post owed and forgotten.
import type { StoreContext } from './context.js';
import { interactionRefSchema, isRecordId, type InteractionRef } from '../model/index.js';
import { GAME_CLAIM_ANNOUNCEMENT, GAME_CLAIM_REPLY_POST, GAME_MARK_SHOWN, GAME_RELEASE_REPLY_POST } from './scripts.js';
import type { ClaimedAnnouncement, Outbox } from './types.js';

/** Notes that a game may owe a post (before the write that makes it so). */
export async function noteOwed(ctx: StoreContext, id: string): Promise<void> {
  await ctx.redis.zadd(ctx.keys.owedGames(), ctx.now(), id);
}

export class RedisOutbox implements Outbox {
  constructor(private readonly ctx: StoreContext) {}

  async markShown(id: string, version: number, moves: number): Promise<boolean> {
    if (!isRecordId(id)) return true;
    if (!Number.isInteger(version) || version < 0 || !Number.isInteger(moves) || moves < 0)
      throw new TypeError('markShown: version and moves must be counts');
    // The hint is dropped in the same round trip; if a later write still waits for its post, it is put back.
    const [shown] = await Promise.all([
      GAME_MARK_SHOWN.run(this.ctx.redis, [this.ctx.keys.game(id)], [version, moves]),
      this.ctx.redis.zrem(this.ctx.keys.owedGames(), id),
    ]);
    const done = Number(shown) !== 0;
    if (!done) await noteOwed(this.ctx, id);
    return done;
  }

  async owed(before: number, limit = 50): Promise<string[]> {
    return this.ctx.redis.zrangebyscore(this.ctx.keys.owedGames(), '-inf', before, 'LIMIT', 0, limit);
  }

  async owner(id: string): Promise<string | null> {
    if (!isRecordId(id)) return null;
    const raw = await this.ctx.redis.hget(this.ctx.keys.game(id), 'ann');
    return raw === null ? null : parseJson(raw, (v): v is string => typeof v === 'string');
  }

  async claim(id: string, seen: string | null, owner: string, attempt = true): Promise<ClaimedAnnouncement | null> {
    if (!isRecordId(id)) return null;
    const args = [seen === null ? '' : JSON.stringify(seen), JSON.stringify(owner), attempt ? 1 : 0];
    const res = (await GAME_CLAIM_ANNOUNCEMENT.run(this.ctx.redis, [this.ctx.keys.game(id)], args)) as unknown[];
    if (Number(res[0]) !== 1) return null;
    const interaction = typeof res[2] === 'string' && res[2] ? parseJson(res[2], isInteractionRef) : null;
    return { tries: Number(res[1]), interaction };
  }

  async pending(id: string): Promise<ClaimedAnnouncement> {
    if (!isRecordId(id)) return { tries: 0, interaction: null };
    const [tries, reply] = await this.ctx.redis.hmget(this.ctx.keys.game(id), 'annTries', 'reply');
    const n = Number(tries ?? 0);
    return {
      tries: Number.isInteger(n) && n >= 0 ? n : 0,
      interaction: reply ? parseJson(reply, isInteractionRef) : null,
    };
  }

  async claimReplyPost(id: string, version: number): Promise<boolean> {
    if (!isRecordId(id)) return false;
    if (!Number.isInteger(version) || version < 0) throw new TypeError('claimReplyPost: version must be a count');
    return Number(await GAME_CLAIM_REPLY_POST.run(this.ctx.redis, [this.ctx.keys.game(id)], [version])) === 1;
  }

  async releaseReplyPost(id: string, version: number): Promise<void> {
    if (!isRecordId(id)) return;
    if (!Number.isInteger(version) || version < 0) throw new TypeError('releaseReplyPost: version must be a count');
    await GAME_RELEASE_REPLY_POST.run(this.ctx.redis, [this.ctx.keys.game(id)], [version]);
  }

  async recheck(id: string, at: number | null): Promise<void> {
    if (at === null) await this.ctx.redis.zrem(this.ctx.keys.owedGames(), id);
    else await this.ctx.redis.zadd(this.ctx.keys.owedGames(), at, id);
  }
}

const isInteractionRef = (v: unknown): v is InteractionRef => interactionRefSchema.safeParse(v).success;

/** A field of our own written as JSON; null when it is not what we wrote (a damaged field is no reason to fail). */
function parseJson<T>(raw: string, ok: (v: unknown) => v is T): T | null {
  try {
    const v: unknown = JSON.parse(raw);
    return ok(v) ? v : null;
  } catch {
    return null; // not JSON: treated as absent (the caller then posts in the channel)
  }
}
