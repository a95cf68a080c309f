// A worker thread of `npm run puzzles:mine`: mines the games it is sent, one message per game.
import { parentPort, workerData } from 'node:worker_threads';
import { mineGame } from './lib/puzzle-mine.js';

const { game, seed } = (workerData as { task: { game: string; seed: number } }).task;
parentPort!.on('message', (g: number) => {
  try {
    parentPort!.postMessage({ ok: true, result: mineGame(game, seed, g) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: (e as Error).message ?? String(e) });
  }
});
