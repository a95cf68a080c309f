// A worker thread of `engine match` and `engine ladder` (lib/match-run.ts): plays the games it is given, one message
// per game.
import { parentPort, workerData } from 'node:worker_threads';
import { playGame } from './lib/match-game.js';
import type { GameJob, RunTask } from './lib/match-run.js';

const task = (workerData as { task: RunTask & { jobs: GameJob[] } }).task;
for (const j of task.jobs) {
  try {
    parentPort!.postMessage({ ok: true, record: playGame(task.game, task.setup, j.a, j.b, task.seed, j.g) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: (e as Error).message ?? String(e) });
  }
}
