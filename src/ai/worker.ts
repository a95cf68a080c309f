// An AI worker thread: runs one search at a time for the pool (pool.ts).
// Bad input is answered with an error message, never a crash.
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { chooseMove, isLevel } from '../engine/ai/index.js';
import { errorText, getGame, isGameId } from '../engine/index.js';
import type { AiJob, WorkerMessage } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('src/ai/worker.ts runs only as a worker thread');

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
  const r = chooseMove(game, parsed.value, job.level, job.seed, () => performance.now());
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

port.on('message', (job: AiJob) => {
  let reply: WorkerMessage;
  try {
    reply = answer(job);
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
port.postMessage({ type: 'ready' } satisfies WorkerMessage);
