// `npm run puzzles:mine -- [--game exxit|orion] [--count N] [--seed K] [--workers W] [--out DIR] [--minutes M]`
// Mines the shipped puzzle set (docs/puzzles.md): AI self-play games (scripts/lib/puzzle-mine.ts) in W worker
// threads, each position past the opening screened and the promising ones confirmed by the engine's puzzle check,
// de-duplicated by position, until N puzzles per game; writes DIR/<game>.json (default data/puzzles). The result
// depends on the seed only: games are taken in their order, whatever the worker count. The process lowers its own
// priority (nice 19) so the machine's other work goes first; it prints progress and timing to stderr.
import { writeFileSync, mkdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { gameArg, intArg, parse, processIo, UsageError } from './lib/args.js';
import { workersArg } from './lib/match-run.js';
import type { MinedGame } from './lib/puzzle-mine.js';
import { puzzleFileSchema, type Puzzle, type PuzzleFile } from '../src/model/puzzle.js';

const BOOT = new URL('../src/ai/worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./puzzles-mine-worker.ts', import.meta.url);
/** A run stops after this many games even without enough puzzles (a seed with few). */
const MAX_GAMES = 400;

async function mine(
  game: string,
  count: number,
  seed: number,
  workers: number,
  log: (t: string) => void,
  minutes: number,
) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const results = new Map<number, MinedGame>();
  let next = 0;
  type Taken = { puzzles: Puzzle[]; games: number; checked: number };
  let taken = null as Taken | null;
  /** Games 0..k-1 all done with `count` distinct puzzles among them: the set is the seed's, whatever the timing. */
  const prefix = (partial = false): Taken | null => {
    const seen = new Set<string>();
    const puzzles: Puzzle[] = [];
    let checked = 0;
    for (let g = 0; results.has(g); g++) {
      const r = results.get(g)!;
      checked += r.checked;
      for (const p of r.puzzles) {
        if (seen.has(p.id) || puzzles.length >= count) continue;
        seen.add(p.id);
        puzzles.push(p);
      }
      if (puzzles.length >= count || g + 1 >= MAX_GAMES || (partial && !results.has(g + 1)))
        return { puzzles, games: g + 1, checked };
    }
    return null;
  };
  await new Promise<void>((resolve, reject) => {
    const pool = Array.from(
      { length: workers },
      () => new Worker(BOOT, { workerData: { entry: ENTRY.href, task: { game, seed } } }),
    );
    const stop = (): void => {
      clearTimeout(timer);
      for (const w of pool) void w.terminate();
    };
    // --minutes: past it, the games done in order so far make the set (fewer puzzles than asked, said so).
    const timer = setTimeout(() => {
      taken = prefix(true) ?? { puzzles: [], games: 0, checked: 0 };
      log(
        `${game}: time is up (${minutes} min): ${taken.puzzles.length} puzzles from the first ${taken.games} games\n`,
      );
      stop();
      resolve();
    }, minutes * 60_000);
    for (const w of pool) {
      const feed = (): void => {
        if (taken || next >= MAX_GAMES) return;
        w.postMessage(next++);
      };
      w.on('message', (m: { ok: true; result: MinedGame } | { ok: false; error: string }) => {
        if (!m.ok) {
          stop();
          reject(new Error(m.error));
          return;
        }
        results.set(m.result.g, m.result);
        const found = [...results.values()].reduce((n, r) => n + r.puzzles.length, 0);
        const secs = (performance.now() - t0) / 1000;
        log(`${game}: ${results.size} games, ${found} puzzles found, ${secs.toFixed(0)} s\n`);
        taken = prefix();
        if (taken || results.size >= MAX_GAMES) {
          taken ??= prefix() ?? { puzzles: [], games: results.size, checked: 0 };
          stop();
          resolve();
          return;
        }
        feed();
      });
      w.on('error', (e) => {
        stop();
        reject(e);
      });
      feed();
    }
  });
  const cpu = process.cpuUsage(cpu0);
  const got: Taken = taken ?? { puzzles: [], games: results.size, checked: 0 };
  return {
    ...got,
    cpuSeconds: Math.round((cpu.user + cpu.system) / 1e5) / 10,
    wallSeconds: Math.round((performance.now() - t0) / 100) / 10,
  };
}

const io = processIo();
try {
  const { values } = parse(process.argv.slice(2), {
    game: { type: 'string' },
    count: { type: 'string' },
    seed: { type: 'string' },
    workers: { type: 'string' },
    out: { type: 'string' },
    minutes: { type: 'string' },
  } as const);
  const games = values.game === undefined ? ['exxit', 'orion'] : [gameArg(values.game).id];
  const count = values.count === undefined ? 30 : intArg('count', values.count, 1);
  const seed = values.seed === undefined ? 1 : intArg('seed', values.seed, 0);
  const workers = workersArg(values.workers);
  const out = values.out ?? 'data/puzzles';
  const minutes = values.minutes === undefined ? 24 * 60 : intArg('minutes', values.minutes, 1);
  try {
    setPriority(19);
  } catch {
    // Not allowed to change it here: it runs at the caller's priority.
  }
  mkdirSync(out, { recursive: true });
  for (const game of games) {
    const r = await mine(game, count, seed, workers, (t) => io.err(t), minutes);
    const file: PuzzleFile = puzzleFileSchema.parse({
      game,
      mined: {
        seed,
        games: r.games,
        checked: r.checked,
        cpuSeconds: r.cpuSeconds,
        date: new Date().toISOString().slice(0, 10),
      },
      puzzles: r.puzzles,
    });
    writeFileSync(join(out, `${game}.json`), `${JSON.stringify(file, null, 1)}\n`);
    io.out(
      `${game}: ${r.puzzles.length} puzzles from ${r.games} games (${r.checked} checked), ` +
        `CPU ${r.cpuSeconds} s, wall ${r.wallSeconds} s, workers ${workers} -> ${join(out, `${game}.json`)}\n`,
    );
  }
} catch (e) {
  if (e instanceof UsageError) {
    io.err(`${e.message}\n`);
    process.exitCode = 2;
  } else throw e;
}
