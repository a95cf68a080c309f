// An AI worker thread: runs one search at a time for the pool (pool.ts).
// Bad input is answered with an error message, never a crash.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { chooseMove, isLevel } from '../engine/ai/index.js';
import { errorText, getGame, isGameId } from '../engine/index.js';
import { checkPuzzle, puzzleFoundBy } from '../engine/puzzle.js';
import { reviewPly } from '../engine/review.js';
import type { AiJob, PriorityReport, PuzzleCheckJob, ReviewPlyJob, WorkerJob, WorkerMessage } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('src/ai/worker.ts runs only as a worker thread');

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
function lowerPriority(): PriorityReport {
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

port.on('message', (job: WorkerJob) => {
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
  port.postMessage(reply);
});
const background = (workerData as { background?: unknown } | null)?.background === true;
port.postMessage({ type: 'ready', ...(background ? { priority: lowerPriority() } : {}) } satisfies WorkerMessage);
