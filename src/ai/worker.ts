// An AI worker: runs one search at a time for the pool (pool.ts), as a worker thread or (the background lane) a
// child process of its own. Bad input is answered with an error message, never a crash.
import { readdirSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { performance } from 'node:perf_hooks';
import { chooseMove, isLevel } from '../engine/ai/index.js';
import { errorText, getGame, isGameId } from '../engine/index.js';
import { checkPuzzle, puzzleFoundBy } from '../engine/puzzle.js';
import { reviewPly } from '../engine/review.js';
import type { AiJob, PriorityReport, PuzzleCheckJob, ReviewPlyJob, WorkerJob, WorkerMessage } from './protocol.js';
import { workerPort } from './worker-port.js';

const port = workerPort();

/** The lowest scheduling priority (the highest nice value). */
const BACKGROUND_NICE = 19;

/**
 * A background worker (long searches: expert) yields the CPU to everything
 * else, the players' moves and the foreground searches among them. On Linux
 * the nice value belongs to a thread, and setpriority(2) takes a thread id:
 * this thread's id is the last part of /proc/thread-self, and only this thread
 * is lowered, not the bot's. Elsewhere (no /proc, or a platform where the
 * priority is per process) the worker runs at normal priority and says so:
 * lowering the process would slow the bot's own event loop.
 */
function lowerThreadPriority(): PriorityReport {
  let tid: number;
  try {
    tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch (e) {
    return { lowered: false, detail: `no per-thread priority here (${(e as Error).message}): normal priority` };
  }
  if (!Number.isInteger(tid) || tid <= 0) return { lowered: false, detail: 'no thread id: normal priority' };
  try {
    setPriority(tid, BACKGROUND_NICE);
    const nice = getPriority(tid);
    return nice === BACKGROUND_NICE
      ? { lowered: true, detail: `thread ${tid} at nice ${nice}` }
      : { lowered: false, detail: `thread ${tid} still at nice ${nice}` };
  } catch (e) {
    return { lowered: false, detail: `could not lower thread ${tid}: ${(e as Error).message}` };
  }
}

/**
 * A background worker in a process of its own lowers every thread of it: the search's, and V8's and libuv's helpers
 * (the garbage collector's among them), which on Linux each have their own nice value; threads started later inherit
 * it. Where there is no /proc, the process's priority is the one to lower (per process there).
 */
function lowerProcessPriority(): PriorityReport {
  let tids: number[];
  try {
    tids = readdirSync('/proc/self/task').map(Number);
  } catch {
    try {
      setPriority(BACKGROUND_NICE);
      return { lowered: getPriority() === BACKGROUND_NICE, detail: `process ${process.pid} at nice ${getPriority()}` };
    } catch (e) {
      return { lowered: false, detail: `could not lower process ${process.pid}: ${(e as Error).message}` };
    }
  }
  const failed: string[] = [];
  for (const tid of tids) {
    try {
      setPriority(tid, BACKGROUND_NICE);
      if (getPriority(tid) !== BACKGROUND_NICE) failed.push(`${tid} still at nice ${getPriority(tid)}`);
    } catch (e) {
      // A helper thread may have ended meanwhile: only a live one at another priority is a failure.
      if ((e as NodeJS.ErrnoException).code !== 'ESRCH') failed.push(`${tid}: ${(e as Error).message}`);
    }
  }
  return failed.length === 0
    ? { lowered: true, detail: `process ${process.pid}: its ${tids.length} threads at nice ${BACKGROUND_NICE}` }
    : { lowered: false, detail: `process ${process.pid}: thread ${failed.join(', ')}` };
}

function answer(job: AiJob): WorkerMessage {
  const id = job.id;
  const refuse = (error: string): WorkerMessage => ({ type: 'result', id, ok: false, error });
  if (!isGameId(job.game)) return refuse(`unknown game "${String(job.game)}"`);
  if (!isLevel(job.level)) return refuse(`unknown level "${String(job.level)}"`);
  if (!Number.isFinite(job.seed)) return refuse('the seed must be a finite number');
  const game = getGame(job.game);
  const parsed = game.fromJSON(job.state);
  if (!parsed.ok) return refuse(`invalid ${job.game} state: ${errorText(parsed.error)}`);
  if (game.outcome(parsed.value).over) return refuse('the game is over: there is no move to make');
  const t0 = performance.now();
  const timeMs = typeof job.timeMs === 'number' && job.timeMs > 0 ? job.timeMs : undefined;
  const r = chooseMove(game, parsed.value, job.level, job.seed, () => performance.now(), timeMs);
  return {
    type: 'result',
    id,
    ok: true,
    move: r.text,
    iterations: r.iterations,
    visits: r.visits,
    value: r.value,
    ms: performance.now() - t0,
  };
}

/** One ply of a post-game review: the position before it, graded in one search (src/engine/review.ts). */
function grade(job: ReviewPlyJob): WorkerMessage {
  const id = job.id;
  const refuse = (error: string): WorkerMessage => ({ type: 'result', id, ok: false, error });
  if (!isGameId(job.game)) return refuse(`unknown game "${String(job.game)}"`);
  if (!Number.isFinite(job.seed) || !Number.isInteger(job.ply) || typeof job.played !== 'string')
    return refuse('a review ply needs the move played, its index and a seed');
  const parsed = getGame(job.game).fromJSON(job.state);
  if (!parsed.ok) return refuse(`invalid ${job.game} state: ${errorText(parsed.error)}`);
  const review = reviewPly(job.game, parsed.value, job.played, job.ply, {
    seed: job.seed,
    now: () => performance.now(),
  });
  return { type: 'review', id, ok: true, review };
}

/** A puzzle candidate: the deep check (src/engine/puzzle.ts), and how strong a search must be to find it. */
function puzzle(job: PuzzleCheckJob): WorkerMessage {
  const id = job.id;
  const refuse = (error: string): WorkerMessage => ({ type: 'result', id, ok: false, error });
  if (!isGameId(job.game)) return refuse(`unknown game "${String(job.game)}"`);
  if (!Number.isFinite(job.seed)) return refuse('the seed must be a finite number');
  const parsed = getGame(job.game).fromJSON(job.state);
  if (!parsed.ok) return refuse(`invalid ${job.game} state: ${errorText(parsed.error)}`);
  const c = checkPuzzle(job.game, parsed.value, { seed: job.seed });
  const verdict = c?.unique
    ? {
        solution: c.best,
        bestChance: c.bestChance,
        secondChance: c.secondChance,
        gap: c.gap,
        foundBy: puzzleFoundBy(job.game, parsed.value, c.best, job.seed),
      }
    : null;
  return { type: 'puzzle', id, ok: true, verdict };
}

port.onMessage((raw) => {
  const job = raw as WorkerJob;
  let reply: WorkerMessage;
  try {
    reply = job?.kind === 'review' ? grade(job) : job?.kind === 'puzzle' ? puzzle(job) : answer(job);
  } catch (e) {
    reply = {
      type: 'result',
      id: job?.id ?? -1,
      ok: false,
      error: `AI search failed: ${(e as Error)?.message ?? String(e)}`,
    };
  }
  port.post(reply);
});
const background = port.data.background === true;
const priority = background ? (port.process ? lowerProcessPriority() : lowerThreadPriority()) : null;
port.post({ type: 'ready', ...(priority ? { priority } : {}) } satisfies WorkerMessage);
