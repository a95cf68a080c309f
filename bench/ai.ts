// AI benchmark (npm run bench:ai [-- --positions N]): milliseconds per move
// per level per game through the real worker pool, and the main thread's
// event-loop delay while `hard` searches run in a worker (product.md item 8:
// the AI answers within 2 s at hard and never blocks other games).
// Positions: N per game, taken from seeded random games at spread-out plies
// (opening, middle, late), so the figures cover "any position".
import { performance, monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { closeAiPool, thinkMoveDetailed, type AiAnswer } from '../src/ai/pool.js';
import { chooseMove } from '../src/engine/ai/index.js';
import { LEVEL_NAMES, type Level } from '../src/engine/ai/levels.js';
import { errorText, getGame, type GameId } from '../src/engine/index.js';
import { makeRng, randInt } from '../src/engine/rng.js';

function initial(id: GameId): unknown {
  const r = getGame(id).initial();
  if (!r.ok) throw new Error(errorText(r.error));
  return r.value;
}

function samplePositions(id: GameId, n: number, seed: number): unknown[] {
  const game = getGame(id);
  const rng = makeRng(seed);
  const out: unknown[] = [];
  for (let i = 0; out.length < n; i++) {
    let s = initial(id);
    const history: unknown[] = [];
    while (!game.outcome(s).over) {
      history.push(s);
      const moves = game.legalMoves(s);
      const r = game.play(s, moves[randInt(rng, moves.length)]);
      if (!r.ok) throw new Error(errorText(r.error));
      s = r.value;
    }
    // One position at a fraction of the game that cycles: start, 1/4, 1/2, 3/4, near the end.
    const frac = [0, 0.25, 0.5, 0.75, 0.95][i % 5];
    out.push(history[Math.min(history.length - 1, Math.floor(frac * history.length))]);
  }
  return out;
}

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

export async function benchAi(positions = 10) {
  const rows: {
    game: GameId;
    level: Level;
    mean: number;
    p50: number;
    max: number;
    iterations: number;
    searchMs: number;
  }[] = [];
  const loop: { game: GameId; where: string; p50: number; p99: number; max: number }[] = [];
  // Warm the worker up (tsx compiles the engine once per worker).
  await thinkMoveDetailed('orion', initial('orion'), 'easy', 0);
  await thinkMoveDetailed('exxit', initial('exxit'), 'easy', 0);
  for (const id of ['exxit', 'orion'] as const) {
    const states = samplePositions(id, positions, 2026);
    for (const level of LEVEL_NAMES) {
      const h = level === 'hard' ? monitorEventLoopDelay({ resolution: 10 }) : null;
      h?.enable();
      const wall: number[] = [];
      const answers: AiAnswer[] = [];
      for (const [i, s] of states.entries()) {
        const t0 = performance.now();
        answers.push(await thinkMoveDetailed(id, s, level, i));
        wall.push(performance.now() - t0);
      }
      if (h) {
        h.disable();
        loop.push({
          game: id,
          where: 'worker pool',
          p50: h.percentile(50) / 1e6,
          p99: h.percentile(99) / 1e6,
          max: h.max / 1e6,
        });
        // For contrast: the same searches on the main thread, which is what the pool avoids.
        const h2 = monitorEventLoopDelay({ resolution: 10 });
        h2.enable();
        for (const [i, s] of states.entries()) {
          chooseMove(getGame(id), s, level, i, () => performance.now());
          await new Promise((r) => setTimeout(r, 20)); // let the monitor sample between searches
        }
        h2.disable();
        loop.push({
          game: id,
          where: 'main thread',
          p50: h2.percentile(50) / 1e6,
          p99: h2.percentile(99) / 1e6,
          max: h2.max / 1e6,
        });
      }
      rows.push({
        game: id,
        level,
        mean: wall.reduce((a, b) => a + b, 0) / wall.length,
        p50: quantile(wall, 0.5),
        max: Math.max(...wall),
        iterations: answers.reduce((a, r) => a + r.iterations, 0) / answers.length,
        searchMs: answers.reduce((a, r) => a + r.ms, 0) / answers.length,
      });
    }
  }
  await closeAiPool();
  return { rows, loop };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const { values } = parseArgs({ options: { positions: { type: 'string', default: '10' } } });
  const { rows, loop } = await benchAi(Number(values.positions));
  console.log('ms per move through the worker pool (wall time in the main thread, includes messaging):');
  for (const r of rows) {
    console.log(
      `${r.game.padEnd(6)} ${r.level.padEnd(7)} mean ${r.mean.toFixed(0).padStart(5)}  p50 ${r.p50.toFixed(0).padStart(5)}  ` +
        `max ${r.max.toFixed(0).padStart(5)}  (search ${r.searchMs.toFixed(0)} ms, ${r.iterations.toFixed(0)} iterations avg)`,
    );
  }
  console.log('main-thread event-loop delay during hard searches (monitorEventLoopDelay, sampling every 10 ms,');
  console.log('so about 10 ms means no blocking):');
  for (const l of loop)
    console.log(
      `${l.game.padEnd(6)} search in ${l.where.padEnd(11)}  p50 ${l.p50.toFixed(1)} ms  p99 ${l.p99.toFixed(1)} ms  max ${l.max.toFixed(1)} ms`,
    );
}
