// Puzzles from finished games (issue 20), at the match layer against real Redis: a graded review's clearest mistakes
// are checked in the lane (a stand-in here: the engine's check is test/engine/puzzle.test.ts) and the confirmed ones
// join the pool, anonymised; the others do not. The checks are jobs in Redis: a process that dies mid-check leaves
// them to another's sweep, two processes racing check each candidate once, the pool gets each position once, a
// damaged job is skipped, a check that keeps failing is given up. The shipped set validates and every solution is
// legal.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { replay } from '../../src/engine/replay.js';
import {
  PUZZLE_CHECK_MAX_WAIT_MS,
  PUZZLE_CHECK_TRIES,
  puzzleCandidates,
  queuePuzzleChecks,
  resign,
  runPuzzleCheck,
  seedPuzzlePool,
  sweepPuzzleChecks,
  postAnnouncement,
  setPuzzleChannel,
  shippedPuzzles,
  sweepDailyPuzzles,
  type DailyPuzzlePost,
  type ReviewLane,
} from '../../src/match/index.js';
import { testPuzzles } from '../support/puzzle-positions.js';
import { puzzleId } from '../../src/model/index.js';
import type { StoredGame, StoredPlyReview } from '../../src/model/index.js';
import type { PuzzleVerdict } from '../../src/ai/protocol.js';
import { EXXIT_SHORT } from '../support/scripted-games.js';
import { createGame, harness, HOUR, useMatchStore, type Harness, until } from './harness.js';

const m = useMatchStore('puzzles');
const T = Date.now();

/** Ply 3 a blunder 25 points below the best, ply 5 a mistake 12 below, the rest best; or blunders at `at`. */
function graded(played: string, ply: number, at?: readonly number[]): StoredPlyReview {
  const loss = at ? (at.includes(ply) ? 25 : 0) : ply === 3 ? 25 : ply === 5 ? 12 : 0;
  return {
    ply,
    side: (ply % 2) as 0 | 1,
    played,
    best: loss > 0 ? 'P 0,0' : played,
    forced: false,
    bestChance: 70,
    playedChance: 70 - loss,
    loss,
    grade: loss >= 15 ? 'blunder' : loss >= 10 ? 'mistake' : 'best',
    accuracy: 100,
  };
}

function lane(confirm: boolean): ReviewLane & { checked: unknown[] } {
  const checked: unknown[] = [];
  return {
    checked,
    grade: (_g, _b, played, ply) => Promise.resolve(graded(played, ply)),
    checkPuzzle(_game, state) {
      checked.push(state);
      return Promise.resolve(
        confirm ? { solution: 'P 0,0', bestChance: 70, secondChance: 40, gap: 30, foundBy: 'medium' } : null,
      );
    },
  };
}

async function finished(n: number): Promise<StoredGame> {
  const r = replay(getGame('exxit'), 'short', EXXIT_SHORT.slice(0, n));
  if (!r.ok) throw new Error('replay');
  const rec = await createGame(T + HOUR, {
    game: 'exxit',
    setup: 'short',
    state: JSON.parse(JSON.stringify(r.states[0])),
  });
  const res = await m.store.games.update(rec.id, rec.version, {
    state: JSON.parse(JSON.stringify(r.states[n])),
    appendMoves: EXXIT_SHORT.slice(0, n),
  });
  if (!res.ok) throw new Error('update');
  return res.game;
}

describe('puzzles from finished games', () => {
  beforeEach(forgetPositions);
  it('takes mistakes and blunders 20+ points below the best as candidates, costliest first', () => {
    const plies = [0, 1, 2, 3, 4, 5].map((i) => graded('P 1,0', i));
    expect(puzzleCandidates(plies).map((p) => p.ply)).toEqual([3]);

    // The gap between the best move's chance and the played one's, from 20 points; the grade a mistake or a blunder;
    // the costliest first, the earlier of equal losses first; three at most.
    const ply = (n: number, grade: StoredPlyReview['grade'], gap: number): StoredPlyReview => ({
      ...graded('P 1,0', n),
      grade,
      bestChance: 80,
      playedChance: 80 - gap,
      loss: gap,
    });
    const table = [
      ply(0, 'blunder', 30),
      ply(1, 'mistake', 20),
      ply(2, 'mistake', 19.9),
      ply(3, 'inaccuracy', 25),
      ply(4, 'blunder', 30),
      ply(5, 'good', 40),
      ply(6, 'blunder', 50),
    ];
    expect(puzzleCandidates(table).map((p) => p.ply)).toEqual([6, 0, 4]);
    expect(puzzleCandidates([...table].reverse()).map((p) => p.ply)).toEqual([6, 0, 4]);
    expect(puzzleCandidates(table.slice(0, 4)).map((p) => p.ply)).toEqual([0, 1]);
  });

  it('checks the candidates in the lane once the review is graded, and adds the confirmed ones, without names', async () => {
    const l = lane(true);
    const h = harness(() => Date.now());
    h.ctx.review = l;
    const g = await finished(8);
    await postAnnouncement(h.ctx, await resign(h.ctx, g.channelId, 'alice'));
    await h.settle();
    await h.settle();
    expect(l.checked).toHaveLength(1);
    const before = replay(getGame('exxit'), 'short', EXXIT_SHORT.slice(0, 3));
    expect(JSON.stringify(l.checked[0])).toBe(before.ok && JSON.stringify(before.states[3]));
    const p = await m.store.puzzles.pick('exxit', 'someone', 1500);
    expect(p).toMatchObject({
      source: 'game',
      setup: 'short',
      moves: EXXIT_SHORT.slice(0, 3),
      solution: 'P 0,0',
      rating: 1500,
    });
    const json = JSON.stringify(p);
    for (const secret of [g.id, g.channelId, g.guildId, ...g.players.flatMap((x) => [x.id, x.name])])
      expect(json).not.toContain(secret);
  });

  it('adds nothing the check refuses', async () => {
    const l = lane(false);
    const h = harness(() => Date.now());
    h.ctx.review = l;
    const before = await m.store.puzzles.count('exxit');
    const g = await finished(6);
    await postAnnouncement(h.ctx, await resign(h.ctx, g.channelId, 'bob'));
    await h.settle();
    await h.settle();
    expect(l.checked).toHaveLength(1);
    expect(await m.store.puzzles.count('exxit')).toBe(before);
  });
});

const CONFIRMED: PuzzleVerdict = { solution: 'P 0,0', bestChance: 70, secondChance: 40, gap: 30, foundBy: 'medium' };

/**
 * A process's lane for the durable checks: plies 1, 3 and 5 blunders (three candidates); each check recorded (the
 * position's move count) and answered after a short wait (so that racing processes overlap), confirmed, or as `check`
 * says.
 */
function checkLane(check?: (moves: number) => Promise<PuzzleVerdict>): ReviewLane & { checked: number[] } {
  const checked: number[] = [];
  return {
    checked,
    grade: (_g, _b, played, ply) => Promise.resolve(graded(played, ply, [1, 3, 5])),
    checkPuzzle(_game, state) {
      const n = plyOf(state);
      checked.push(n);
      return check ? check(n) : new Promise((r) => setTimeout(() => r(CONFIRMED), 20));
    },
  };
}

/** Which ply of the scripted Exxit game a position is (the checks are told the state, not the ply). */
function plyOf(state: unknown): number {
  const r = replay(getGame('exxit'), 'short', EXXIT_SHORT.slice(0, 8));
  if (!r.ok) throw new Error('replay');
  return r.states.findIndex((s) => JSON.stringify(s) === JSON.stringify(state));
}

function proc(l: ReviewLane, now: () => number = () => Date.now()): Harness {
  const h = harness(now);
  h.ctx.review = l;
  return h;
}

/** A process that records candidates but takes up no check (its lane is closed): the jobs wait in Redis. */
const recorder = (): Harness => proc({ ...checkLane(), open: () => false });

/** Settles the processes until none starts more work. */
async function settleAll(...ps: Harness[]): Promise<void> {
  for (let i = 0; i < 3; i++) await Promise.all(ps.map((p) => p.settle()));
}

const jobOf = (gameId: string, ply: number) => m.store.puzzleChecks.get({ gameId, ply });
const positionId = (moves: number): string => puzzleId('exxit', 'short', EXXIT_SHORT.slice(0, moves));
const added = (...hs: Harness[]) =>
  hs.flatMap((h) => h.logs.filter((l) => l.msg === 'puzzle from a finished game added to the pool'));

/** Every test below plays the same scripted game: the pool forgets its positions first (one position is one puzzle). */
async function forgetPositions(): Promise<void> {
  for (let n = 0; n <= 8; n++) {
    await m.store.redis.del(`${m.prefix}puzzle:{puzzles}:${positionId(n)}`);
    await m.store.redis.zrem(`${m.prefix}puzzle:{puzzles}:pool:exxit`, positionId(n));
  }
}

describe('puzzle checks are durable jobs, exactly once across processes', () => {
  beforeEach(forgetPositions);
  it('a process killed mid-check leaves its candidates to another’s sweep; the pool gets each once', async () => {
    // p1 checks ply 1's candidate and never answers (its process is killed there: it never says it is alive again).
    let late: ((v: PuzzleVerdict) => void) | null = null;
    const l1 = checkLane(() => new Promise((r) => (late = r)));
    const p1 = proc(l1);
    const g = await finished(8);
    await postAnnouncement(p1.ctx, await resign(p1.ctx, g.channelId, 'alice'));
    await until(() => l1.checked.length === 1);
    const held = (await jobOf(g.id, l1.checked[0]))!;
    expect(held).toMatchObject({ status: 'running', owner: p1.ctx.instanceId });
    for (const ply of [1, 3, 5]) expect((await jobOf(g.id, ply))!.moves).toEqual(EXXIT_SHORT.slice(0, ply));

    // Another live process: its sweep takes the dead one's job over and the waiting ones, one at a time.
    const l2 = checkLane();
    const p2 = proc(l2);
    await m.store.processes.beat(p2.ctx.instanceId, 60_000);
    expect(await sweepPuzzleChecks(p2.ctx)).toBe(1);
    await settleAll(p2);
    expect(l2.checked.sort()).toEqual([1, 3, 5]);
    for (const ply of [1, 3, 5]) {
      const p = await m.store.puzzles.get(positionId(ply));
      expect(p).toMatchObject({ source: 'game', moves: EXXIT_SHORT.slice(0, ply), solution: 'P 0,0' });
      const job = (await jobOf(g.id, ply))!;
      expect(job.status).toBe('added');
      // Over: out of the hint index, and Redis drops the record in a day.
      const ttl = await m.store.redis.pttl(`${m.prefix}game:{${g.id}}:puzzle-check:${ply}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(86_400_000);
    }
    expect((await m.store.puzzleChecks.pending(Date.now() + HOUR)).filter((r) => r.gameId === g.id)).toEqual([]);
    expect(added(p2)).toHaveLength(3);

    // The dead process's late answer changes nothing: its lease is gone, the job over.
    late!(CONFIRMED);
    await until(() => p1.logs.some((l) => /lease lost/.test(l.msg)));
    expect(added(p1)).toEqual([]);
    // A sweep finds nothing more; the review posting the candidates again records nothing.
    expect(await sweepPuzzleChecks(p2.ctx)).toBe(0);
    const review = (await m.store.reviews.get(g.id))!;
    expect(await queuePuzzleChecks(recorder().ctx, (await m.store.games.get(g.id))!, review.plies)).toBe(0);
  });

  it('a candidate checked before a crash is added by the next process without checking it again', async () => {
    const g = await finished(8);
    await queuePuzzleChecks(
      recorder().ctx,
      g,
      [0, 1, 2, 3].map((i) => graded(EXXIT_SHORT[i], i, [3])),
    );
    const ref = { gameId: g.id, ply: 3 };
    // The dead process got its verdict and recorded it, then died before adding it.
    expect((await m.store.puzzleChecks.lease(ref, 'dead-process', Date.now(), 60_000)).ok).toBe(true);
    const puzzle = {
      id: positionId(3),
      game: 'exxit',
      setup: 'short',
      moves: EXXIT_SHORT.slice(0, 3),
      ...{
        solution: 'P 0,0',
        bestChance: 70,
        secondChance: 40,
        gap: 30,
        rating: 1500,
        source: 'game' as const,
        seed: 1,
      },
    };
    expect(await m.store.puzzleChecks.checked(ref, 'dead-process', puzzle)).toBe(true);
    const l = checkLane();
    const p = proc(l);
    await sweepPuzzleChecks(p.ctx);
    await settleAll(p);
    expect(l.checked).toEqual([]);
    expect(await m.store.puzzles.get(puzzle.id)).toEqual(puzzle);
    expect((await jobOf(g.id, 3))!.status).toBe('added');
  });

  it('two processes racing check each candidate once, and the pool gets each position once', async () => {
    const [l1, l2] = [checkLane(), checkLane()];
    const [p1, p2] = [proc(l1), proc(l2)];
    for (const p of [p1, p2]) await m.store.processes.beat(p.ctx.instanceId, 60_000);
    const g = await finished(8);
    const plies = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => graded(EXXIT_SHORT[i], i, [1, 3, 5]));
    const before = await m.store.puzzles.count('exxit');
    // Both record the candidates (as two processes grading the same review would), then race.
    expect(
      await Promise.all([queuePuzzleChecks(recorder().ctx, g, plies), queuePuzzleChecks(recorder().ctx, g, plies)]),
    ).toSatisfy((n: number[]) => n[0] + n[1] === 3);
    const ref = { gameId: g.id, ply: 1 };
    await Promise.all([
      sweepPuzzleChecks(p1.ctx),
      sweepPuzzleChecks(p2.ctx),
      runPuzzleCheck(p1.ctx, ref),
      runPuzzleCheck(p2.ctx, ref),
      sweepPuzzleChecks(p1.ctx),
    ]);
    await settleAll(p1, p2);
    expect([...l1.checked, ...l2.checked].sort()).toEqual([1, 3, 5]);
    expect(await m.store.puzzles.count('exxit')).toBe(before + 3);
    expect(added(p1, p2)).toHaveLength(3);
    for (const ply of [1, 3, 5]) expect((await jobOf(g.id, ply))!.status).toBe('added');
  });
});

describe('puzzle checks: bad records and failures', () => {
  beforeEach(forgetPositions);
  it('a damaged job is refused and skipped (logged), the others checked; hints that name no job are dropped', async () => {
    const g = await finished(8);
    const plies = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => graded(EXXIT_SHORT[i], i, [1, 3]));
    await queuePuzzleChecks(recorder().ctx, g, plies);
    const bad = `${m.prefix}game:{${g.id}}:puzzle-check:1`;
    await m.store.redis.hset(bad, 'moves', '{broken');
    const pending = `${m.prefix}puzzle-checks:pending`;
    await m.store.redis.zadd(pending, Date.now() - 1_000, 'not a hint');
    await m.store.redis.zadd(pending, Date.now() - 2 * HOUR, 'zzzz0000:4'); // an old hint whose job never came
    await m.store.redis.zadd(pending, Date.now() - 1_000, 'zzzz0001:4'); // a fresh one: its job may come yet
    const l = checkLane();
    const p = proc(l);
    await expect(sweepPuzzleChecks(p.ctx)).resolves.toBeGreaterThanOrEqual(0);
    await settleAll(p);
    expect(l.checked).toEqual([3]);
    expect((await jobOf(g.id, 3))!.status).toBe('added');
    await expect(jobOf(g.id, 1)).rejects.toThrow(/corrupt puzzle-check record/);
    expect(p.logs.some((x) => x.gameId === g.id && /does not validate: skipped/.test(x.msg))).toBe(true);
    expect(await m.store.redis.pttl(bad)).toBeGreaterThan(0);
    const left = await m.store.redis.zrange(pending, 0, -1);
    for (const gone of [`${g.id}:1`, `${g.id}:3`, 'not a hint', 'zzzz0000:4']) expect(left).not.toContain(gone);
    expect(left).toContain('zzzz0001:4');
    await m.store.redis.zrem(pending, 'zzzz0001:4');
  });

  it('a check that keeps failing is tried again, then given up with a log line', async () => {
    const l = checkLane(() => Promise.reject(new Error('the AI is busy, try again in a moment')));
    const p = proc(l);
    const g = await finished(4);
    await queuePuzzleChecks(
      recorder().ctx,
      g,
      [0, 1, 2, 3].map((i) => graded(EXXIT_SHORT[i], i, [3])),
    );
    const ref = { gameId: g.id, ply: 3 };
    for (let i = 0; i <= PUZZLE_CHECK_TRIES; i++) {
      await runPuzzleCheck(p.ctx, ref);
      if (i < PUZZLE_CHECK_TRIES) {
        const job = (await jobOf(g.id, 3))!;
        expect(job).toMatchObject({ status: 'queued', owner: '', tries: i + 1 });
        // Given back for a later look, backing off: 5 s after the first failure, doubling after each.
        const at = Number(await m.store.redis.zscore(`${m.prefix}puzzle-checks:pending`, `${g.id}:3`));
        expect(at - Date.now()).toBeGreaterThan(5_000 * 2 ** i - 1_000);
        expect(at - Date.now()).toBeLessThanOrEqual(5_000 * 2 ** i);
      }
    }
    expect(l.checked).toHaveLength(PUZZLE_CHECK_TRIES);
    expect((await jobOf(g.id, 3))!.status).toBe('failed');
    expect(p.logs.filter((x) => x.gameId === g.id && /giving up a puzzle candidate/.test(x.msg))).toHaveLength(1);
    expect(
      p.logs.filter((x) => x.gameId === g.id && x.msg === 'puzzle check interrupted; it will be tried again'),
    ).toHaveLength(PUZZLE_CHECK_TRIES);
    expect((await m.store.puzzleChecks.pending(Date.now() + HOUR)).some((r) => r.gameId === g.id)).toBe(false);
    await p.settle();
  });
});

describe('the puzzle check sweep: who holds a job, and how many at once', () => {
  beforeEach(forgetPositions);
  const plies = (n: number, at: readonly number[]) => EXXIT_SHORT.slice(0, n).map((mv, i) => graded(mv, i, at));

  it('takes nothing while its lane is closed or has no check, and a lane with no check records no candidate', async () => {
    const g = await finished(4);
    const ref = { gameId: g.id, ply: 3 };
    const bare = proc({ ...checkLane(), checkPuzzle: undefined });
    expect(await queuePuzzleChecks(bare.ctx, g, plies(4, [3]))).toBe(0);
    expect(await jobOf(g.id, 3)).toBeNull();

    expect(await queuePuzzleChecks(recorder().ctx, g, plies(4, [3]))).toBe(1);
    const l = checkLane();
    const closed = proc({ ...l, open: () => false });
    for (const p of [closed, bare]) {
      expect(await sweepPuzzleChecks(p.ctx)).toBe(0);
      await runPuzzleCheck(p.ctx, ref);
    }
    await settleAll(closed, bare);
    expect(l.checked).toEqual([]);
    expect(await jobOf(g.id, 3)).toMatchObject({ status: 'queued', owner: '', tries: 0 });

    // Open (its `open` says so): taken up, checked and added.
    const open = proc({ ...l, open: () => true });
    expect(await sweepPuzzleChecks(open.ctx)).toBe(1);
    await settleAll(open);
    expect(l.checked).toEqual([3]);
    expect(await jobOf(g.id, 3)).toMatchObject({ status: 'added', owner: '', tries: 1 });
  });

  it('leaves a job a live process holds, and takes over one whose holder is gone, whose lease ran out, or its own', async () => {
    const g = await finished(8);
    await queuePuzzleChecks(recorder().ctx, g, plies(8, [1, 3, 5]));
    const live = `live-${g.id}`;
    await m.store.processes.beat(live, 60_000);
    const now = Date.now();
    expect((await m.store.puzzleChecks.lease({ gameId: g.id, ply: 1 }, live, now, 60_000)).ok).toBe(true);
    expect((await m.store.puzzleChecks.lease({ gameId: g.id, ply: 3 }, 'gone-process', now, 60_000)).ok).toBe(true);
    const l = checkLane();
    const p = proc(l);
    await m.store.processes.beat(p.ctx.instanceId, 60_000);

    // The live holder's job is passed, the gone one's taken (then the waiting one, as the slot frees).
    expect(await sweepPuzzleChecks(p.ctx)).toBe(1);
    await settleAll(p);
    expect(l.checked).toEqual([3, 5]);
    expect(await jobOf(g.id, 1)).toMatchObject({ status: 'running', owner: live, tries: 1 });
    expect(await jobOf(g.id, 3)).toMatchObject({ status: 'added', tries: 2 });
    expect(await jobOf(g.id, 5)).toMatchObject({ status: 'added', tries: 1 });
    expect(await sweepPuzzleChecks(p.ctx)).toBe(0);

    // Two minutes on, the live holder has not extended its lease: taken over although the process still beats.
    const later = proc(l, () => Date.now() + 120_000);
    await m.store.processes.beat(later.ctx.instanceId, 600_000);
    await m.store.processes.beat(live, 600_000);
    expect(await sweepPuzzleChecks(later.ctx)).toBe(1);
    await settleAll(later);
    expect(l.checked).toEqual([3, 5, 1]);
    expect(await jobOf(g.id, 1)).toMatchObject({ status: 'added', owner: '', tries: 2 });

    // A job this process holds but no longer has in hand (its check ended without giving it back): taken again.
    const g2 = await finished(4);
    await queuePuzzleChecks(recorder().ctx, g2, plies(4, [3]));
    expect((await m.store.puzzleChecks.lease({ gameId: g2.id, ply: 3 }, p.ctx.instanceId, Date.now(), 60_000)).ok).toBe(
      true,
    );
    expect(await sweepPuzzleChecks(p.ctx)).toBe(1);
    await settleAll(p);
    // Taken by the same holder: no new try counted. Its position is g's ply 3, in the pool since: ended without
    // a second deep check.
    expect(await jobOf(g2.id, 3)).toMatchObject({ status: 'added', tries: 1 });
    expect(l.checked).toEqual([3, 5, 1]);
    expect(p.logs.filter((x) => x.msg === 'puzzle from a finished game: in the pool already')).toHaveLength(1);
  });

  it('checks a candidate whose position has a damaged record in the pool, as if it had none', async () => {
    await m.store.redis.set(`${m.prefix}puzzle:{puzzles}:${positionId(3)}`, '{"not":"a puzzle"}');
    const g = await finished(4);
    await queuePuzzleChecks(recorder().ctx, g, plies(4, [3]));
    const l = checkLane();
    const p = proc(l);
    await m.store.processes.beat(p.ctx.instanceId, 60_000);
    expect(await sweepPuzzleChecks(p.ctx)).toBe(1);
    await settleAll(p);
    expect(l.checked).toEqual([3]);
    expect(await jobOf(g.id, 3)).toMatchObject({ status: 'added' });
  });

  /** A process whose first review's grading is held until `release()`: its job waits in the store meanwhile. */
  async function holdingAReview(): Promise<{ p: Harness; l: ReturnType<typeof checkLane>; release: () => void }> {
    let grading: (() => void) | null = null;
    const base = checkLane();
    const l: typeof base = {
      ...base,
      grade: (g, b, played, ply, seed) =>
        ply === 0
          ? new Promise((r) => (grading = () => r(base.grade(g, b, played, ply, seed))))
          : base.grade(g, b, played, ply, seed),
    };
    const p = proc(l);
    await m.store.processes.beat(p.ctx.instanceId, 60_000);
    const reviewed = await finished(2);
    await postAnnouncement(p.ctx, await resign(p.ctx, reviewed.channelId, 'alice'));
    await until(() => grading !== null);
    return { p, l, release: () => grading!() };
  }

  it('starts no check while a review waits or is being graded, and checks once the reviews are done', async () => {
    const { p, l, release } = await holdingAReview();
    // Another game's candidate waits for it: the sweep starts no check.
    const g = await finished(4);
    await queuePuzzleChecks(recorder().ctx, g, plies(4, [3]));
    expect(await sweepPuzzleChecks(p.ctx)).toBe(0);
    expect(l.checked).toEqual([]);
    // The review graded and posted: the sweep after it takes the candidate up at once.
    release();
    await until(() => l.checked.length === 1);
    await settleAll(p);
    // Then the review's own candidate (its ply 1, a blunder in this lane).
    expect(l.checked).toEqual([3, 1]);
    expect(await jobOf(g.id, 3)).toMatchObject({ status: 'added' });
    expect(await m.store.reviews.pending(Date.now() + HOUR)).toEqual([]);
  });

  it('checks a candidate that has waited PUZZLE_CHECK_MAX_WAIT_MS beside the reviews: they never starve it', async () => {
    const { p, l, release } = await holdingAReview();
    const g = await finished(4);
    await queuePuzzleChecks(recorder().ctx, g, plies(4, [3]));
    expect(await sweepPuzzleChecks(p.ctx)).toBe(0);
    // Just short of the wait, still behind the review; past it, checked although the review is still being graded.
    const at = (ms: number) => proc(l, () => Date.now() + ms);
    expect(await sweepPuzzleChecks(at(PUZZLE_CHECK_MAX_WAIT_MS - 5_000).ctx)).toBe(0);
    const later = at(PUZZLE_CHECK_MAX_WAIT_MS + 1_000);
    await m.store.processes.beat(later.ctx.instanceId, 60_000);
    expect(await sweepPuzzleChecks(later.ctx)).toBe(1);
    await until(async () => (await jobOf(g.id, 3))?.status === 'added');
    expect(l.checked).toEqual([3]);
    release();
    await settleAll(p, later);
    expect(await m.store.reviews.pending(Date.now() + HOUR)).toEqual([]);
  });

  it('checks one candidate at a time: the others wait their turn, and the next goes on as the slot frees', async () => {
    let release: (() => void) | null = null;
    const l = checkLane((n) =>
      n === 1 ? new Promise((r) => (release = () => r(CONFIRMED))) : Promise.resolve(CONFIRMED),
    );
    const p = proc(l);
    await m.store.processes.beat(p.ctx.instanceId, 60_000);
    const g = await finished(8);
    await queuePuzzleChecks(recorder().ctx, g, plies(8, [1, 3, 5]));
    expect(await sweepPuzzleChecks(p.ctx)).toBe(1);
    await until(() => l.checked.length === 1);
    // Busy: neither a sweep nor a run of another candidate starts one; the one in hand is not started twice.
    expect(await sweepPuzzleChecks(p.ctx)).toBe(0);
    await runPuzzleCheck(p.ctx, { gameId: g.id, ply: 3 });
    await runPuzzleCheck(p.ctx, { gameId: g.id, ply: 1 });
    expect(l.checked).toEqual([1]);
    expect(await jobOf(g.id, 1)).toMatchObject({ status: 'running', tries: 1 });
    expect(await jobOf(g.id, 3)).toMatchObject({ status: 'queued', tries: 0 });
    release!();
    await settleAll(p);
    expect(l.checked).toEqual([1, 3, 5]);
    for (const ply of [1, 3, 5]) expect(await jobOf(g.id, ply)).toMatchObject({ status: 'added', tries: 1 });
  });

  it('drops the hint of a job already over, and gives up a job whose moves do not replay or that lost its puzzle', async () => {
    const g = await finished(8);
    await queuePuzzleChecks(recorder().ctx, g, plies(8, [1, 3, 5]));
    const pending = `${m.prefix}puzzle-checks:pending`;
    const keyOf = (ply: number) => `${m.prefix}game:{${g.id}}:puzzle-check:${ply}`;
    // Ply 1's job was ended by a process that died before its hint was dropped (the hint is back).
    const r1 = { gameId: g.id, ply: 1 };
    expect((await m.store.puzzleChecks.lease(r1, 'x', Date.now(), 60_000)).ok).toBe(true);
    expect(await m.store.puzzleChecks.finish(r1, 'x', 'rejected')).toBe(true);
    await m.store.redis.zadd(pending, Date.now() - 1_000, `${g.id}:1`);
    // Ply 3's moves no longer replay (a valid record: three moves, the third not legal there).
    await m.store.redis.hset(keyOf(3), 'moves', JSON.stringify(['P 1,0', 'P 0,1', 'P 1,0']));
    // Ply 5's job says checked but holds no puzzle.
    await m.store.redis.hset(keyOf(5), 'status', JSON.stringify('checked'));
    const l = checkLane();
    const p = proc(l);
    await m.store.processes.beat(p.ctx.instanceId, 60_000);
    await sweepPuzzleChecks(p.ctx);
    await settleAll(p);
    expect(l.checked).toEqual([]);
    expect(await jobOf(g.id, 1)).toMatchObject({ status: 'rejected' });
    expect(await jobOf(g.id, 3)).toMatchObject({ status: 'failed', owner: '' });
    expect(await jobOf(g.id, 5)).toMatchObject({ status: 'failed', owner: '' });
    const said = (msg: RegExp, ply: number) =>
      p.logs.filter((x) => x.gameId === g.id && (x as { ply?: number }).ply === ply && msg.test(x.msg));
    expect(said(/its moves do not replay; given up/, 3)).toHaveLength(1);
    expect(said(/checked with no puzzle recorded; given up/, 5)).toHaveLength(1);
    const left = await m.store.redis.zrange(pending, 0, -1);
    for (const ply of [1, 3, 5]) expect(left).not.toContain(`${g.id}:${ply}`);

    // A run asked for a job that is over drops its hint and does nothing more.
    await m.store.redis.zadd(pending, Date.now() - 1_000, `${g.id}:1`);
    await runPuzzleCheck(p.ctx, r1);
    await settleAll(p);
    expect(await m.store.redis.zscore(pending, `${g.id}:1`)).toBeNull();
    expect(l.checked).toEqual([]);
    expect(await jobOf(g.id, 1)).toMatchObject({ status: 'rejected', tries: 1 });
  });

  it('a job the sweep cannot read for another reason than damage stays pending; a run that finds it held leaves it', async () => {
    const g = await finished(4);
    await queuePuzzleChecks(recorder().ctx, g, plies(4, [3]));
    const ref = { gameId: g.id, ply: 3 };
    const l = checkLane();
    const p = proc(l);
    vi.spyOn(m.store.puzzleChecks, 'get').mockRejectedValueOnce(new Error('Connection is closed.'));
    expect(await sweepPuzzleChecks(p.ctx)).toBe(0);
    expect(
      p.logs.filter((x) => x.gameId === g.id && x.msg === 'puzzle check sweep failed for a candidate'),
    ).toHaveLength(1);
    const pendingKey = `${m.prefix}puzzle-checks:pending`;
    expect(await m.store.redis.zscore(pendingKey, `${g.id}:3`)).not.toBeNull();
    expect(await jobOf(g.id, 3)).toMatchObject({ status: 'queued', tries: 0 });

    // Held by a live process: a run asked for it directly leaves it, hint and all.
    const live = `live-${g.id}`;
    await m.store.processes.beat(live, 60_000);
    expect((await m.store.puzzleChecks.lease(ref, live, Date.now(), 60_000)).ok).toBe(true);
    await runPuzzleCheck(p.ctx, ref);
    await settleAll(p);
    expect(l.checked).toEqual([]);
    expect(await m.store.redis.zscore(pendingKey, `${g.id}:3`)).not.toBeNull();
    expect(await jobOf(g.id, 3)).toMatchObject({ status: 'running', owner: live });
    await m.store.puzzleChecks.finish(ref, live, 'rejected');
  });

  it('each candidate is checked with a seed of its game and ply', async () => {
    const [g1, g2] = [await finished(8), await finished(8)];
    for (const g of [g1, g2]) await queuePuzzleChecks(recorder().ctx, g, plies(8, [1, 3]));
    const seeds = await Promise.all([g1, g2].flatMap((g) => [1, 3].map(async (ply) => (await jobOf(g.id, ply))!.seed)));
    expect(new Set(seeds).size).toBe(4);
    // Out of the way of the next tests' sweeps.
    for (const g of [g1, g2])
      for (const ply of [1, 3]) {
        const ref = { gameId: g.id, ply };
        await m.store.puzzleChecks.lease(ref, 'tidy', Date.now(), 60_000);
        await m.store.puzzleChecks.finish(ref, 'tidy', 'rejected');
      }
  });

  it('a candidate the store refuses is logged and the others are recorded: the review is never held up', async () => {
    const g = await finished(8);
    const create = m.store.puzzleChecks.create.bind(m.store.puzzleChecks);
    vi.spyOn(m.store.puzzleChecks, 'create').mockImplementation((c) =>
      c.ply === 3 ? Promise.reject(new Error('Redis is down')) : create(c),
    );
    const r = recorder();
    expect(await queuePuzzleChecks(r.ctx, g, plies(8, [1, 3, 5]))).toBe(2);
    expect(
      r.logs.filter(
        (x) => x.gameId === g.id && (x as { ply?: number }).ply === 3 && x.msg === 'puzzle candidate not recorded',
      ),
    ).toHaveLength(1);
    expect(await jobOf(g.id, 3)).toBeNull();
    for (const ply of [1, 5])
      expect(await jobOf(g.id, ply)).toMatchObject({ status: 'queued', moves: EXXIT_SHORT.slice(0, ply) });
    const l = checkLane();
    const p = proc(l);
    await sweepPuzzleChecks(p.ctx);
    await settleAll(p);
    expect(l.checked).toEqual([1, 5]);
  });
});

describe('the shipped set at start', () => {
  it('is read from its folder, a file that does not validate left out (logged), and no folder is no set', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hexmate-puzzles-'));
    try {
      const real = readFileSync(new URL('../../data/puzzles/exxit.json', import.meta.url), 'utf8');
      writeFileSync(path.join(dir, 'exxit.json'), real);
      writeFileSync(path.join(dir, 'broken.json'), '{"game": "exxit", "puzzles": [');
      writeFileSync(path.join(dir, 'notes.txt'), 'not a set');
      const logs = harness(() => Date.now()).logs;
      const log = pino({ level: 'debug' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
      const url = pathToFileURL(`${dir}/`);
      const read = shippedPuzzles(log, url);
      expect(read).toEqual((JSON.parse(real) as { puzzles: unknown[] }).puzzles);
      expect(read.length).toBeGreaterThan(0);
      expect(
        logs.filter(
          (x) =>
            x.msg === 'shipped puzzle file does not validate: left out' &&
            (x as { file?: string }).file === 'broken.json',
        ),
      ).toHaveLength(1);
      expect(shippedPuzzles(log, pathToFileURL(`${dir}/none/`))).toEqual([]);
      expect(
        logs.filter((x) => x.msg === 'no shipped puzzle set' && (x as { dir?: string }).dir === `${dir}/none/`),
      ).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('seeds the pool once: a second start adds nothing', async () => {
    const shipped = shippedPuzzles();
    const h = harness(() => Date.now());
    const before = (await m.store.puzzles.count('exxit')) + (await m.store.puzzles.count('orion'));
    const first = await seedPuzzlePool(h.ctx);
    const after = (await m.store.puzzles.count('exxit')) + (await m.store.puzzles.count('orion'));
    expect(after - before).toBe(first);
    expect(first).toBeGreaterThan(0);
    for (const p of shipped) expect(await m.store.puzzles.get(p.id)).toEqual(p);
    expect(await seedPuzzlePool(h.ctx)).toBe(0);
    expect(
      h.logs.filter((x) => x.msg === 'shipped puzzles added to the pool' && (x as { added?: number }).added === first),
    ).toHaveLength(1);
  });
});

describe('the shipped set', () => {
  const shipped = shippedPuzzles();
  it('has puzzles of both games, each a distinct position whose solution is legal there and passed the check', () => {
    for (const game of ['exxit', 'orion'])
      expect(shipped.filter((p) => p.game === game).length).toBeGreaterThanOrEqual(5);
    expect(new Set(shipped.map((p) => p.id)).size).toBe(shipped.length);
    for (const p of shipped) {
      const g = getGame(p.game);
      const r = replay(g, p.setup, p.moves);
      expect(r.ok, p.id).toBe(true);
      if (!r.ok) continue;
      const state = r.states.at(-1);
      expect(g.outcome(state).over).toBe(false);
      expect(g.parseMove(state, p.solution).ok, `${p.id} ${p.solution}`).toBe(true);
      expect(p.gap).toBeGreaterThanOrEqual(20);
      expect(p.bestChance - p.secondChance).toBeCloseTo(p.gap, 0);
    }
  });
});

describe('the daily puzzle', () => {
  it('is posted once a day across processes racing, and the next day gives the previous answer', async () => {
    let now = Date.UTC(2026, 11, 4, 9);
    const [a, b] = [harness(() => now), harness(() => now)];
    const guildId = `g${Date.now()}`;
    await m.store.puzzles.add(testPuzzles(1500));
    // No channel: nothing.
    expect(await sweepDailyPuzzles(a.ctx)).toBe(0);
    await setPuzzleChannel(a.ctx, guildId, 'chan-daily');
    const counts = await Promise.all([sweepDailyPuzzles(a.ctx), sweepDailyPuzzles(b.ctx), sweepDailyPuzzles(a.ctx)]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await sweepDailyPuzzles(b.ctx)).toBe(0);
    const first = [...a.posts, ...b.posts].map((p) => p.post as DailyPuzzlePost);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ kind: 'daily-puzzle', yesterday: null });
    const day1 = (await m.store.puzzles.daily(guildId, '2026-12-04'))!;
    expect(day1.puzzleId).toBe(first[0].puzzle.id);
    expect(day1.messageId).not.toBeNull();

    now += 86_400_000;
    expect(await Promise.all([sweepDailyPuzzles(b.ctx), sweepDailyPuzzles(a.ctx)])).toContain(1);
    const all = [...a.posts, ...b.posts].map((p) => p.post as DailyPuzzlePost);
    expect(all).toHaveLength(2);
    const second = all.find((p) => p !== first[0])!;
    expect(second.puzzle.id).not.toBe(first[0].puzzle.id);
    expect(second.yesterday).toEqual({ game: first[0].puzzle.game, solution: first[0].puzzle.solution });

    // Turned off: no more posts, and the server leaves the sweep's list.
    await setPuzzleChannel(a.ctx, guildId, null);
    now += 86_400_000;
    expect(await sweepDailyPuzzles(a.ctx)).toBe(0);
    expect(await m.store.puzzles.dailyGuilds()).not.toContain(guildId);
  });
});
