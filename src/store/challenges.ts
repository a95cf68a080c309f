// Challenges: one hash per challenge with a TTL, status changes as one Lua
// compare-and-set so that two racing Accepts start one game.
import { randomBytes } from 'node:crypto';
import {
  CHALLENGE_STATUSES,
  challengeAt,
  challengeSchema,
  isRecordId,
  type ChallengeStatus,
  type StoredChallenge,
} from '../model/index.js';
import { decodeRecord, encodeFields, toFieldMap } from './codec.js';
import { issuesOf, type StoreContext } from './context.js';
import { newId } from './ids.js';
import { assertKeyPart, isKeyPart } from './keys.js';
import { CHALLENGE_CREATE, CHALLENGE_TRANSITION, PATCH_IF_EXISTS } from './scripts.js';
import {
  CorruptRecordError,
  type ChallengeStore,
  type CreateChallengeOptions,
  type NewChallenge,
  type TransitionResult,
} from './types.js';

export const DEFAULT_CHALLENGE_TTL_MS = 15 * 60_000;
export const DEFAULT_RETAIN_MS = 60 * 60_000;
const STATUSES: readonly ChallengeStatus[] = CHALLENGE_STATUSES;
/** Non-status fields a transition or a patch may write. */
const patchSchema = challengeSchema.pick({ acceptedBy: true, gameId: true, messageId: true }).partial();

export class RedisChallengeStore implements ChallengeStore {
  constructor(
    private readonly ctx: StoreContext,
    private readonly defaultTtlMs = DEFAULT_CHALLENGE_TTL_MS,
  ) {}

  private get redis() {
    return this.ctx.redis;
  }
  private get k() {
    return this.ctx.keys;
  }

  async create(input: NewChallenge, opts: CreateChallengeOptions = {}): Promise<StoredChallenge> {
    const ttlMs = opts.ttlMs ?? this.defaultTtlMs;
    const retainMs = opts.retainMs ?? DEFAULT_RETAIN_MS;
    if (!(ttlMs > 0) || !(retainMs >= 0)) throw new RangeError('challenge ttlMs must be > 0 and retainMs >= 0');
    assertKeyPart('challenger id', input.challengerId);
    assertKeyPart('channel id', input.channelId);
    const now = this.ctx.now();
    const c: StoredChallenge = {
      ...input,
      id: input.id ?? newId(),
      messageId: input.messageId ?? null,
      status: 'open',
      createdAt: now,
      expiresAt: now + ttlMs,
    };
    if (!isRecordId(c.id)) throw new TypeError('invalid challenge id: expected 4-32 chars of [0-9a-z]');
    const check = challengeSchema.safeParse(c);
    if (!check.success) throw new TypeError(`invalid challenge: ${issuesOf(check.error.issues)}`);
    // writeId (dropped on read) lets the script recognise its own write resent after a dropped connection.
    const fields = [
      'writeId',
      JSON.stringify(randomBytes(8).toString('hex')),
      ...encodeFields(c as unknown as Record<string, unknown>),
    ];
    const created = await CHALLENGE_CREATE.run(
      this.redis,
      [this.k.challenge(c.id)],
      [c.expiresAt + retainMs, ...fields],
    );
    if (Number(created) !== 1) throw new Error('challenge id already taken');
    await Promise.all([
      this.redis.zadd(this.k.openChallenges(), c.expiresAt, c.id),
      this.redis.zadd(this.k.userOpenChallenges(c.challengerId), c.expiresAt, c.id),
    ]);
    return c;
  }

  /** As it stands now: an open challenge past its time reads as expired. */
  private decode(id: string, raw: unknown): StoredChallenge | null {
    const fields = toFieldMap(raw);
    if (Object.keys(fields).length === 0) return null;
    const c = decodeRecord('challenge', this.k.challenge(id), fields, challengeSchema);
    if (c.id !== id) throw new CorruptRecordError('challenge', this.k.challenge(id), ['id: does not match its key']);
    return challengeAt(c, this.ctx.now());
  }

  async get(id: string): Promise<StoredChallenge | null> {
    if (!isRecordId(id)) return null;
    return this.decode(id, await this.redis.hgetall(this.k.challenge(id)));
  }

  async transition(
    id: string,
    from: ChallengeStatus,
    to: ChallengeStatus,
    patch: { acceptedBy?: { id: string; name: string } | null; gameId?: string | null } = {},
  ): Promise<TransitionResult> {
    if (!isRecordId(id)) return { ok: false, reason: 'not-found' };
    if (!STATUSES.includes(from) || !STATUSES.includes(to)) throw new TypeError('unknown challenge status');
    const now = this.ctx.now();
    const fields = encodeFields(checkPatch({ acceptedBy: patch.acceptedBy, gameId: patch.gameId }));
    const res = (await CHALLENGE_TRANSITION.run(
      this.redis,
      [this.k.challenge(id)],
      [JSON.stringify(from), JSON.stringify(to), now, now + DEFAULT_RETAIN_MS, ...fields],
    )) as unknown[];
    if (Number(res[0]) === 1) {
      const c = this.decode(id, res[1]);
      if (!c) return { ok: false, reason: 'not-found' };
      if (to !== 'open') await this.unindex(c);
      return { ok: true, challenge: c };
    }
    if (res[1] === 'not-found') {
      await this.redis.zrem(this.k.openChallenges(), id); // gone with its TTL: drop the sweeper's hint
      return { ok: false, reason: 'not-found' };
    }
    const current = this.decode(id, res[2]);
    if (!current) return { ok: false, reason: 'not-found' };
    return { ok: false, reason: res[1] === 'expired' ? 'expired' : 'conflict', challenge: current };
  }

  take(id: string, by: { id: string; name: string }): Promise<TransitionResult> {
    return this.transition(id, 'open', 'accepted', { acceptedBy: by });
  }

  private async unindex(c: StoredChallenge): Promise<void> {
    await Promise.all([
      this.redis.zrem(this.k.openChallenges(), c.id),
      this.redis.zrem(this.k.userOpenChallenges(c.challengerId), c.id),
    ]);
  }

  async patch(
    id: string,
    changes: { messageId?: string | null; gameId?: string | null },
  ): Promise<StoredChallenge | null> {
    if (!isRecordId(id)) return null;
    const fields = encodeFields(checkPatch({ messageId: changes.messageId, gameId: changes.gameId }));
    if (fields.length === 0) return this.get(id);
    const res = (await PATCH_IF_EXISTS.run(this.redis, [this.k.challenge(id)], fields)) as unknown[];
    return Number(res[0]) === 1 ? this.decode(id, res[1]) : null;
  }

  async dueExpired(now: number, limit = 50): Promise<string[]> {
    return this.redis.zrangebyscore(this.k.openChallenges(), '-inf', now, 'LIMIT', 0, limit);
  }

  async countOpenByUser(userId: string): Promise<number> {
    if (!isKeyPart(userId)) return 0;
    const key = this.k.userOpenChallenges(userId);
    // Entries past their time are not open any more, whatever their record says.
    await this.redis.zremrangebyscore(key, '-inf', this.ctx.now());
    const ids = await this.redis.zrange(key, 0, -1);
    let n = 0;
    for (const id of ids) {
      let c: StoredChallenge | null;
      try {
        c = await this.get(id);
      } catch (e) {
        // A record we cannot read still counts against the cap (it may be open); its entry ages out by score.
        if (!(e instanceof CorruptRecordError)) throw e;
        n++;
        continue;
      }
      if (c?.status === 'open') n++;
      else await this.redis.zrem(key, id);
    }
    return n;
  }
}

function checkPatch<T extends Record<string, unknown>>(patch: T): T {
  const check = patchSchema.safeParse(patch);
  if (!check.success) throw new TypeError(`invalid challenge change: ${issuesOf(check.error.issues)}`);
  return patch;
}
