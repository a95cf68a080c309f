// Practice sessions (issue 20): one hash per user (a JSON value per field, as
// every record here), replaced by a new session, every later write a
// compare-and-set on the session's id and version (one Lua script), and a time
// to live renewed by each write: an abandoned session goes by itself.
import { practiceSessionSchema, type PracticeChanges, type PracticeSession } from '../model/index.js';
import { decodeRecord, encodeFields } from './codec.js';
import { issuesOf, type StoreContext } from './context.js';
import { newId } from './ids.js';
import { assertKeyPart } from './keys.js';
import { PRACTICE_WRITE } from './scripts.js';
import { CorruptRecordError, type NewPracticeSession, type PracticeStore, type PracticeWrite } from './types.js';

/** How long a session lives after its last write. */
export const PRACTICE_TTL_MS = 24 * 3_600_000;

export class RedisPracticeStore implements PracticeStore {
  constructor(
    private readonly ctx: StoreContext,
    private readonly ttlMs = PRACTICE_TTL_MS,
  ) {}

  private key(userId: string): string {
    assertKeyPart('user id', userId);
    return this.ctx.keys.practice(userId);
  }

  private check(s: PracticeSession): PracticeSession {
    const r = practiceSessionSchema.safeParse(s);
    if (!r.success) throw new TypeError(`practice: invalid session: ${issuesOf(r.error.issues)}`);
    return r.data;
  }

  async start(n: NewPracticeSession): Promise<PracticeSession> {
    const s = this.check({ ...n, id: newId(), version: 1, createdAt: this.ctx.now(), index: 0, status: 'open' });
    const args = ['new', JSON.stringify(s.id), '', this.ttlMs, ...encodeFields(s)];
    await PRACTICE_WRITE.run(this.ctx.redis, [this.key(s.userId)], args);
    return s;
  }

  async get(userId: string): Promise<PracticeSession | null> {
    const key = this.key(userId);
    const fields = await this.ctx.redis.hgetall(key);
    if (Object.keys(fields).length === 0) return null;
    const s = decodeRecord('practice', key, fields, practiceSessionSchema);
    // A record under another user's key is not theirs (hand-edited): as damaged as a bad field.
    if (s.userId !== userId) throw new CorruptRecordError('practice', key, ['userId: not the key’s']);
    return s;
  }

  async update(userId: string, id: string, expectVersion: number, changes: PracticeChanges): Promise<PracticeWrite> {
    const cur = await this.get(userId);
    if (!cur) return { ok: false, reason: 'not-found' };
    if (cur.id !== id || cur.version !== expectVersion) return { ok: false, reason: 'conflict' };
    const next = this.check({ ...cur, ...changes, version: expectVersion + 1 });
    const fields = encodeFields({ index: next.index, status: next.status, items: next.items, version: next.version });
    const args = ['cas', JSON.stringify(id), String(expectVersion), this.ttlMs, ...fields];
    const res = Number(await PRACTICE_WRITE.run(this.ctx.redis, [this.key(userId)], args));
    if (res === 1) return { ok: true, session: next };
    return { ok: false, reason: res === -1 ? 'not-found' : 'conflict' };
  }

  async drop(userId: string): Promise<void> {
    await this.ctx.redis.del(this.key(userId));
  }
}
