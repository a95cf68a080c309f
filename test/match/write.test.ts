// How a write someone waits for is saved (src/match/write.ts): its options owe
// a post from this process, with the interaction it answers and a deadline
// before the store's command timeout and before the interaction can no longer
// be answered (less a little for clock skew); a Redis outage or a late write
// reads as a refusal that says which, anything else goes through unchanged.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savePlayerWrite, writeOptions, type MatchContext } from '../../src/match/index.js';
import type { UpdateGameResult } from '../../src/store/types.js';
import { refusalOf } from './harness.js';

const ctx = { instanceId: 'proc-1', store: { commandTimeoutMs: 2_000 } } as unknown as MatchContext;

afterEach(() => {
  vi.useRealTimers();
});

describe('a write that owes a post', () => {
  it('names this process and the interaction, and must land before the timeout or the answer’s limit', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    expect(writeOptions(ctx)).toEqual({ announce: { owner: 'proc-1', interaction: null }, deadline: 1_001_900 });
    const stored = { token: 't', createdAt: 5, component: false };
    expect(writeOptions(ctx, stored)).toEqual({
      announce: { owner: 'proc-1', interaction: stored },
      deadline: 1_001_900,
    });
    const live = { ...stored, answerBy: () => 1_000_500 };
    expect(writeOptions(ctx, live)).toMatchObject({ deadline: 1_000_400 });
    const later = { ...stored, answerBy: () => 1_005_000 };
    expect(writeOptions(ctx, later)).toMatchObject({ deadline: 1_001_900 });
  });
});

describe('a failed save', () => {
  const fail = (message: string, extra: Record<string, unknown> = {}) =>
    savePlayerWrite(Promise.reject(Object.assign(new Error(message), extra)));

  it('says whether the write may have happened or certainly did not', async () => {
    expect(await refusalOf(fail('Command timed out'))).toEqual({ key: 'move.unconfirmed' });
    expect(await refusalOf(fail('read ECONNRESET', { code: 'ECONNRESET' }))).toEqual({ key: 'move.unconfirmed' });
    expect(await refusalOf(fail('Connection is closed.'))).toEqual({ key: 'common.storageUnavailable' });
    expect(await refusalOf(fail('connect ECONNREFUSED', { code: 'ECONNREFUSED' }))).toEqual({
      key: 'common.storageUnavailable',
    });
  });

  it('a late write is refused as the store being unavailable; other results and errors go through', async () => {
    const late: UpdateGameResult = { ok: false, reason: 'late' } as UpdateGameResult;
    expect(await refusalOf(savePlayerWrite(Promise.resolve(late)))).toEqual({ key: 'common.storageUnavailable' });
    const gone = { ok: false, reason: 'not-found' } as UpdateGameResult;
    expect(await savePlayerWrite(Promise.resolve(gone))).toBe(gone);
    const bug = new TypeError('a bug');
    await expect(savePlayerWrite(Promise.reject(bug))).rejects.toBe(bug);
  });
});
