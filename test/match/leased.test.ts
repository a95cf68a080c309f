// What the leased jobs share (leased.ts): the keep-alive of a lease (a third of its length, stopped by the function it
// gives back, a failed extension only logged), the back-off of a job given back, each process's jobs in hand.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatchContext } from '../../src/match/context.js';
import { inHandTable, keepLease, retryDelay } from '../../src/match/leased.js';

describe('keepLease', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const ctxWith = (warn: (...args: unknown[]) => void) => ({ log: { warn } }) as unknown as MatchContext;

  it('extends the lease every third of its length until stopped', async () => {
    const extend = vi.fn(() => Promise.resolve(true));
    const stop = keepLease(
      ctxWith(() => {}),
      300,
      extend,
      { gameId: 'g' },
    );
    await vi.advanceTimersByTimeAsync(99);
    expect(extend).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(251);
    expect(extend).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(extend).toHaveBeenCalledTimes(3);
  });

  it('logs a failed extension with the job’s fields and goes on', async () => {
    const warn = vi.fn();
    const err = new Error('Connection is closed.');
    const extend = vi.fn(() => Promise.reject(err));
    const stop = keepLease(ctxWith(warn), 30, extend, { gameId: 'g7', job: 'review' });
    await vi.advanceTimersByTimeAsync(25);
    stop();
    expect(extend).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith({ err, gameId: 'g7', job: 'review' }, 'could not extend a lease');
  });
});

describe('retryDelay', () => {
  it.each([
    [0, 5_000],
    [1, 5_000],
    [2, 10_000],
    [3, 20_000],
    [7, 320_000],
    [8, 600_000],
    [30, 600_000],
  ])('after failure %d: %d ms', (tries, ms) => {
    expect(retryDelay(tries)).toBe(ms);
  });
});

describe('inHandTable', () => {
  it('one set per process (instance id), whatever context object carries it', () => {
    const inHand = inHandTable();
    const a = { instanceId: 'p1' } as MatchContext;
    const aAgain = { instanceId: 'p1', log: {} } as unknown as MatchContext;
    const b = { instanceId: 'p2' } as MatchContext;
    inHand(a).add('game-1');
    expect(inHand(aAgain).has('game-1')).toBe(true);
    expect(inHand(b).has('game-1')).toBe(false);
    expect(inHandTable()(a).size).toBe(0);
  });
});
