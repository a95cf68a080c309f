// A worker thread of `engine match`: plays the games it is given, one message per game.
import { parentPort, workerData } from 'node:worker_threads';
import { playGame, type PlayerSpec } from './lib/match-game.js';
import type { GameId } from '../src/engine/index.js';

interface Task {
  game: GameId;
  setup: string | undefined;
  a: PlayerSpec;
  b: PlayerSpec;
  seed: number;
  games: number[];
}

const task = (workerData as { task: Task }).task;
for (const g of task.games) {
  try {
    parentPort!.postMessage({ ok: true, record: playGame(task.game, task.setup, task.a, task.b, task.seed, g) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: (e as Error).message ?? String(e) });
  }
}
