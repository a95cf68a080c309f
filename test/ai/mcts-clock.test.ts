// The MCTS's time cap and its clock (src/engine/ai/mcts.ts): read every 16 iterations from the first, never before
// one iteration is done, and not at all without both a budget in time and a clock; and a draw's reward, a half to
// each side.
import { describe, expect, it } from 'vitest';
import { search } from '../../src/engine/ai/mcts.js';
import { ttt, uctParams } from './fixtures/games.js';

/** A clock that moves `step` ms at every read, and counts the reads. */
function ticking(step: number) {
  const clock = { t: 0, reads: 0, now: () => ((clock.reads += 1), (clock.t += step)) };
  return clock;
}

describe('the time cap', () => {
  it('is read at iteration 0, 16, 32…: with a 1 ms tick and 100 ms, the 99th poll after the first ends it', () => {
    const clock = ticking(1);
    const r = search(ttt('.../.../...'), uctParams({ iterations: 1e9, timeMs: 100 }), { seed: 1, now: clock.now });
    // The deadline is read at 1 (1 + 100 = 101); poll k (at iteration 16k) reads 2 + k, which reaches 101 at k = 99.
    expect(r).toMatchObject({ timedOut: true, iterations: 16 * 99 });
    expect(clock.reads).toBe(1 + 100);
  });

  it('ends at the poll that reaches the deadline exactly, not one later', () => {
    const clock = ticking(1);
    // The deadline 1 + 2 = 3; the polls read 2 (iteration 0), then 3 (iteration 16): that one ends it.
    const r = search(ttt('.../.../...'), uctParams({ iterations: 1e9, timeMs: 2 }), { seed: 1, now: clock.now });
    expect(r).toMatchObject({ timedOut: true, iterations: 16 });
  });

  it('a deadline already past at the first poll still lets 16 iterations run', () => {
    const r = search(ttt('.../.../...'), uctParams({ iterations: 1e9, timeMs: 1 }), {
      seed: 1,
      now: ticking(1000).now,
    });
    expect(r).toMatchObject({ timedOut: true, iterations: 16 });
  });

  it('without a clock a time budget is not a cap: every iteration runs', () => {
    const r = search(ttt('.../.../...'), uctParams({ iterations: 500, timeMs: 1 }), { seed: 1 });
    expect(r).toMatchObject({ timedOut: false, iterations: 500 });
  });

  it('without a time budget a clock is never read', () => {
    const clock = ticking(1000);
    const r = search(ttt('.../.../...'), uctParams({ iterations: 500 }), { seed: 1, now: clock.now });
    expect(r).toMatchObject({ timedOut: false, iterations: 500 });
    expect(clock.reads).toBe(0);
  });
});

describe('the time cap after the budget (the review’s move to ensure)', () => {
  // 32 iterations of budget: polls at 0 and 16 read 2 and 3, under the deadline 1 + 10 = 11. The extra iterations
  // through the ensured move poll at 32, 48, …: the 8th of them, at iteration 144, reads 11 and ends them.
  it('stops the visits through the ensured move at the deadline', () => {
    const clock = ticking(1);
    const r = search(ttt('.../.../...'), uctParams({ iterations: 32, timeMs: 10 }), {
      seed: 1,
      now: clock.now,
      ensure: { move: 8, visits: 10_000 },
    });
    expect(r).toMatchObject({ timedOut: true, iterations: 144 });
    expect(clock.reads).toBe(11);
    // Every one of the 112 extra iterations went through the ensured move.
    const before = search(ttt('.../.../...'), uctParams({ iterations: 32 }), { seed: 1 });
    const visits = (x: typeof r) => x.children.find((c) => c.move === 8)?.visits ?? 0;
    expect(visits(r) - visits(before)).toBe(112);
  });

  it('stops the fresh samples of the answer and the ensured move at the deadline, shared between the two', () => {
    const clock = ticking(1);
    const r = search(ttt('.../.../...'), uctParams({ iterations: 32, timeMs: 10 }), {
      seed: 1,
      now: clock.now,
      ensure: { move: 8, visits: 10_000, fresh: true },
    });
    expect(r).toMatchObject({ timedOut: true, iterations: 144 });
    expect(clock.reads).toBe(11);
    const sampled = r.children.filter((c) => c.sample).map((c) => [c.move, c.sample!.visits]);
    expect(sampled).toEqual([
      [r.move, 56],
      [8, 56],
    ]);
  });
});

describe('a draw', () => {
  it('is worth a half: two moves, each drawn whatever follows, are both valued 0.5', () => {
    // O to move on X X O / O O X / X . . : either cell, then X's last one; no line for either side.
    const r = search(ttt('XXO/OOX/X..'), uctParams({ iterations: 200 }), { seed: 1 });
    expect(r.value).toBe(0.5);
    expect(r.children.map((c) => [c.move, c.value]).sort()).toEqual([
      [7, 0.5],
      [8, 0.5],
    ]);
  });
});
