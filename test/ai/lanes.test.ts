// The AI's two lanes (issue 19): expert searches run in a background pool
// (one worker per core by default) at the lowest OS priority, so they never
// hold up a hard search asked for later; several reviews are graded at once
// there; a queued job's timeout starts only when its worker takes
// it; the pool says how long a new job would wait.
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { AiLanes, AiPool } from '../../src/ai/pool.js';
import { LEVELS } from '../../src/engine/ai/levels.js';
import { getGame } from '../../src/engine/index.js';
import { must } from './fixtures/games.js';

const FIXTURE = new URL('./fixtures/crashy-worker.ts', import.meta.url);
const closing: { close(): Promise<void> }[] = [];
const track = <T extends { close(): Promise<void> }>(p: T): T => (closing.push(p), p);

afterEach(async () => {
  await Promise.all(closing.splice(0).map((p) => p.close()));
});

describe('AiLanes (fixture workers)', () => {
  it('answers a hard search asked after queued expert ones first; the experts keep their order', async () => {
    const lanes = track(
      new AiLanes({ foreground: { size: 1, entry: FIXTURE }, background: { size: 1, entry: FIXTURE } }),
    );
    const order: string[] = [];
    const ask = (level: 'expert' | 'hard', echo: string, sleep: number) =>
      lanes.think('orion', { echo, sleep }, level, 1).then((a) => void order.push(a.move));
    const experts = [ask('expert', 'e1', 400), ask('expert', 'e2', 400), ask('expert', 'e3', 400)];
    await ask('hard', 'h', 0);
    // One queue for every level would have answered hard fourth.
    expect(order).toEqual(['h']);
    await Promise.all(experts);
    expect(order).toEqual(['h', 'e1', 'e2', 'e3']);
    expect(lanes.lane('expert').workers).toBe(1);
    expect(lanes.lane('expert')).not.toBe(lanes.lane('hard'));
    expect(lanes.lane('easy')).toBe(lanes.lane('hard'));
  });

  it('queues a review’s plies below every search of the background lane, and leaves them out of its wait', async () => {
    const lanes = track(
      new AiLanes({ foreground: { size: 1, entry: FIXTURE }, background: { size: 1, entry: FIXTURE } }),
    );
    await lanes.think('orion', { echo: 'boot' }, 'expert', 1); // its worker is up
    const order: string[] = [];
    const ply = (n: number) =>
      lanes.reviewPly('orion', { sleep: 200 }, `r${n}`, n, 1).then((r) => void order.push(r.played));
    const plies = [ply(0), ply(1), ply(2)];
    // The first ply is on the worker (the one job ahead: the two waiting behind are not); an expert search asked now
    // goes before them.
    const w = lanes.wait('orion', 'expert')!;
    expect(w.ahead).toBe(1);
    const expert = lanes.think('orion', { echo: 'e', sleep: 0 }, 'expert', 1).then((a) => void order.push(a.move));
    await Promise.all([...plies, expert]);
    expect(order).toEqual(['r0', 'e', 'r1', 'r2']);
    // The foreground lane never ran a review: it has not even started a worker.
    expect(lanes.lane('hard').workers).toBe(0);
  });

  it('queues a puzzle check below every search and every review’s ply, and leaves it out of the wait', async () => {
    const lanes = track(
      new AiLanes({ foreground: { size: 1, entry: FIXTURE }, background: { size: 1, entry: FIXTURE } }),
    );
    await lanes.think('orion', { echo: 'boot' }, 'expert', 1); // its worker is up
    const order: string[] = [];
    // The worker busy with a ply; then a check asked before two more plies and an expert search.
    const first = lanes.reviewPly('orion', { sleep: 200 }, 'r0', 0, 1).then((r) => void order.push(r.played));
    const check = lanes.checkPuzzle('orion', { echo: 'p' }, 1).then((v) => void order.push(v!.solution));
    const plies = [1, 2].map((n) => lanes.reviewPly('orion', {}, `r${n}`, n, 1).then((r) => void order.push(r.played)));
    expect(lanes.wait('orion', 'expert')!.ahead).toBe(1);
    const expert = lanes.think('orion', { echo: 'e' }, 'expert', 1).then((a) => void order.push(a.move));
    await Promise.all([first, check, ...plies, expert]);
    // In the order asked it would have been r0, p, r1, r2, e.
    expect(order).toEqual(['r0', 'e', 'r1', 'r2', 'p']);
  });

  it('grades plies of several reviews at once with two background workers; one per core by default', async () => {
    expect(new AiLanes().backgroundWorkers).toBe(Math.max(1, availableParallelism()));
    const lanes = track(
      new AiLanes({ foreground: { size: 1, entry: FIXTURE }, background: { size: 2, entry: FIXTURE } }),
    );
    expect(lanes.backgroundWorkers).toBe(2);
    // Each ply waits until both have started: one worker would answer the first alone (after 5 s) as "@1".
    const meet = new SharedArrayBuffer(4);
    const plies = await Promise.all([0, 1].map((n) => lanes.reviewPly('orion', { meet, meetOf: 2 }, `r${n}`, n, 1)));
    expect(plies.map((p) => p.played)).toEqual(['r0@2', 'r1@2']);
    expect(lanes.lane('expert').workers).toBe(2);
    expect(lanes.lane('hard').workers).toBe(0);
  });

  it('estimates a new job’s wait from its lane only: the jobs ahead, then its own search', async () => {
    const lanes = track(
      new AiLanes({ foreground: { size: 1, entry: FIXTURE }, background: { size: 1, entry: FIXTURE } }),
    );
    expect(lanes.wait('orion', 'expert')).toEqual({ ahead: 0, ms: LEVELS.expert.orion.timeMs });
    const queued = [1, 2, 3].map((k) =>
      lanes.think('orion', { echo: `e${k}`, sleep: 'cap' }, 'expert', k, { timeCapMs: 300 }),
    );
    const w = lanes.wait('orion', 'expert')!;
    expect(w.ahead).toBe(3);
    // Three searches of at most 300 ms ahead (one worker), then its own (10 s: the level's cap, no history yet).
    expect(w.ms).toBeGreaterThan(10_000 + 600);
    expect(w.ms).toBeLessThanOrEqual(10_000 + 900);
    expect(lanes.wait('orion', 'hard')).toMatchObject({ ahead: 0 });
    await Promise.all(queued);
    // Now the recent answers (about 300 ms) are what a search is expected to take.
    const after = lanes.wait('orion', 'expert')!;
    expect(after.ahead).toBe(0);
    expect(after.ms).toBeLessThan(2_000);
    expect(lanes.wait('chess', 'expert')).toBeNull();
  });
});

describe('AiPool timeouts with a time cap (fixture worker)', () => {
  it('never times out a job while it waits in the queue; a search past its cap (plus grace) is', async () => {
    const pool = track(new AiPool({ size: 1, entry: FIXTURE, graceMs: 150 }));
    // Each takes its whole cap (300 ms): the third waits 600 ms, more than a job's 450 ms allowance.
    const jobs = [1, 2, 3].map((k) =>
      pool.think('orion', { echo: `e${k}`, sleep: 'cap' }, 'expert', k, { timeCapMs: 300 }),
    );
    expect((await Promise.all(jobs)).map((a) => a.move)).toEqual(['e1', 'e2', 'e3']);
    await expect(pool.think('orion', { sleep: 2_000 }, 'expert', 4, { timeCapMs: 300 })).rejects.toThrow(
      /did not answer within 450 ms/,
    );
  });

  it('refuses a time cap that is not a positive number', async () => {
    const pool = track(new AiPool({ size: 1, entry: FIXTURE }));
    await expect(pool.think('orion', {}, 'expert', 1, { timeCapMs: 0 })).rejects.toThrow(/time cap/);
    await expect(pool.think('orion', {}, 'expert', 1, { timeCapMs: Number.NaN })).rejects.toThrow(/time cap/);
  });
});

describe('the background lane (real worker)', () => {
  it('lowers its own thread to the lowest priority (Linux), not the process; the time cap ends its search', async () => {
    const before = getPriority();
    const pool = track(new AiPool({ size: 1, background: true }));
    const orion = getGame('orion');
    const s0 = must(orion.initial('preset1'));
    const a = await pool.think('orion', s0, 'expert', 1, { timeCapMs: 300 });
    expect(orion.parseMove(s0, a.move).ok).toBe(true);
    // The cap, not the budget, ended it (the budget takes seconds even on a quiet machine). Not a bound on a.ms: a
    // thread at nice 19 on a busy machine gets its cap's worth of CPU only late (it failed at load 13).
    expect(a.iterations).toBeLessThan(LEVELS.expert.orion.iterations);
    if (process.platform === 'linux')
      expect(pool.priority).toEqual({ lowered: true, detail: expect.stringMatching(/nice 19$/) });
    else expect(pool.priority).toMatchObject({ lowered: false });
    expect(getPriority()).toBe(before);
  });
});
