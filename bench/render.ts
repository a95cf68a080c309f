// Render benchmark: CPU ms per board PNG (draw + async encode, all threads,
// by process.cpuUsage) and its bytes, for an opening, a middle game, the end
// and (Exxit) the most crowded position of a game of each, wall times, the
// longest event-loop stall while rendering, and a full-game replay GIF of
// each game. Then every position of several whole games in turn: the
// distribution (p50/p95/p99/max), which boards had a full garbage collection
// of V8 during them, and the slowest boards drawn again (a position slow to
// draw would stay slow; a collection or other load does not come back on the
// same board). Targets: ≤ 12 ms of CPU and ≤ 150 KB per board, < 8 MB per GIF.
// `--encoder skia` measures the old path (Skia's canvas.encode('png')) for comparison.
//   npm run bench:render [-- --runs 30] [--no-gif] [--encoder ours|skia]
import { cpus, loadavg } from 'node:os';
import { PerformanceObserver, constants as perfConstants, monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { GameId } from '../src/engine/game.js';
import { errorText, getGame } from '../src/engine/index.js';
import { makeRng, randInt } from '../src/engine/rng.js';
import { drawBoard, renderBoard, renderReplay } from '../src/render/index.js';

export interface BoardFigure {
  game: GameId;
  position: 'opening' | 'middle' | 'end' | 'crowded';
  ply: number;
  /** Wall-clock ms per board (draw + encode), median and worst. */
  medianMs: number;
  maxMs: number;
  /** CPU ms per board on all threads (encode runs off the main thread): the cost on an idle machine. */
  medianCpuMs: number;
  /** The least CPU of the runs: the cost with the least interference from other work on the machine. */
  minCpuMs: number;
  /** CPU ms of the draw alone, up to the pixels (Skia records the drawing and renders it when they are read). */
  medianDrawMs: number;
  /** Main-thread CPU ms of a board (draw, pixels, scanline packing; not the deflate): what the event loop waits for. */
  medianMainMs: number;
  pngBytes: number;
}

export interface GifFigure {
  game: GameId;
  setup: string;
  frames: number;
  ms: number;
  bytes: number;
  /** Longest event-loop delay while the GIF was built (it yields between frames). */
  maxStallMs: number;
}

/** Every position of whole games, board after board as a game thread asks for them (caches as they come). */
export interface GameFigure {
  game: GameId;
  games: number;
  boards: number;
  meanCpuMs: number;
  medianCpuMs: number;
  p95CpuMs: number;
  p99CpuMs: number;
  maxCpuMs: number;
  maxBytes: number;
  /** Boards during which V8 ran a full (mark-compact) collection, and their median CPU. */
  gcBoards: number;
  gcMedianCpuMs: number;
  /** The other boards: their 99th percentile and worst. */
  otherP99CpuMs: number;
  otherMaxCpuMs: number;
  /** The slowest boards drawn again, REDRAWS times each: the median of each, the worst of those medians. */
  slowest: { ply: number; firstCpuMs: number; againMedianCpuMs: number }[];
}

/** Whole games per kind for the distribution, and how often the slowest boards are drawn again. */
const WHOLE_GAMES = 4;
const SLOWEST = 5;
const REDRAWS = 7;

export interface RenderFigures {
  boards: BoardFigure[];
  /** Longest event-loop delay seen while rendering boards (ms). */
  maxStallMs: number;
  /** Its 99th percentile (ms): less at the mercy of one preemption on a loaded machine. */
  p99StallMs: number;
  /** The same probe over as long a time with nothing rendering: the machine's own noise (ms). */
  idleStallMs: number;
  idleP99StallMs: number;
  games: GameFigure[];
  gifs: GifFigure[];
}

/** A random finished game: its states and canonical moves (seeded, reproducible). */
function randomGame(game: GameId, setup: string, seed: number): { states: unknown[]; moves: string[] } {
  const g = getGame(game);
  const rng = makeRng(seed);
  const s0 = g.initial(setup);
  if (!s0.ok) throw new Error(`setup ${setup}`);
  let s = s0.value;
  const states = [s];
  const moves: string[] = [];
  for (let ms = g.legalMoves(s); ms.length; ms = g.legalMoves(s)) {
    const m = ms[randInt(rng, ms.length)];
    moves.push(g.formatMove(s, m));
    const r = g.play(s, m);
    if (!r.ok) throw new Error(errorText(r.error));
    s = r.value;
    states.push(s);
  }
  return { states, moves };
}

const median = (xs: number[]): number => {
  const a = [...xs].sort((x, y) => x - y);
  return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
};

/** The p-th percentile (nearest rank); NaN for no values. */
const percentile = (xs: number[], p: number): number => {
  const a = [...xs].sort((x, y) => x - y);
  return a.length ? a[Math.min(a.length - 1, Math.max(0, Math.ceil((p / 100) * a.length) - 1))] : NaN;
};

/** The most crowded state of an Exxit game (most tiles, prisoners and pawns shown). */
function crowded(states: unknown[]): { state: unknown; ply: number } {
  let best = 0;
  let score = -1;
  states.forEach((s, i) => {
    const e = s as { tiles: { stack: unknown[] }[]; prisoners: unknown[] };
    const v = e.tiles.length * 2 + e.prisoners.length + e.tiles.reduce((n, t) => n + t.stack.length, 0);
    if (v >= score) {
      score = v;
      best = i;
    }
  });
  return { state: states[best], ply: best };
}

export type Encoder = 'ours' | 'skia';

/** A board as renderBoard makes it, or (for comparison) encoded by Skia as before. */
function boardPng(encoder: Encoder, game: GameId, state: unknown, players: [string, string]): Promise<Buffer> {
  return encoder === 'ours' ? renderBoard(game, state, { players }) : drawBoard(game, state, players).encode('png');
}

const cpuMs = (since?: NodeJS.CpuUsage): number => {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
};

/** Main-thread CPU of one board: the synchronous part up to the first await (no other thread of ours runs then). */
async function mainThreadMs(
  encoder: Encoder,
  game: GameId,
  state: unknown,
  players: [string, string],
): Promise<number> {
  const c0 = process.cpuUsage();
  const p = boardPng(encoder, game, state, players);
  const ms = cpuMs(c0);
  await p;
  return ms;
}

export async function benchRender(
  opts: { runs?: number; gif?: boolean; encoder?: Encoder } = {},
): Promise<RenderFigures> {
  const runs = opts.runs ?? 30;
  const encoder = opts.encoder ?? 'ours';
  const players: [string, string] = ['Alice', 'Bob'];
  const games: [GameId, string][] = [
    ['exxit', 'standard'],
    ['orion', 'preset1'],
  ];
  const played = games.map(([game, setup]) => ({ game, setup, ...randomGame(game, setup, 2024) }));

  // Warm up fonts, caches and the JIT.
  for (const p of played)
    for (let i = 0; i < 3; i++) await boardPng(encoder, p.game, p.states[p.states.length - 1], players);

  const boards: BoardFigure[] = [];
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  for (const p of played) {
    const at = (ply: number) => ({ state: p.states[ply], ply });
    const positions: { position: BoardFigure['position']; state: unknown; ply: number }[] = [
      { position: 'opening', ...at(Math.min(4, p.states.length - 1)) },
      { position: 'middle', ...at(Math.floor((p.states.length - 1) / 2)) },
      { position: 'end', ...at(p.states.length - 1) },
    ];
    if (p.game === 'exxit') positions.push({ position: 'crowded', ...crowded(p.states) });
    for (const pos of positions) {
      const times: number[] = [];
      const cpu: number[] = [];
      const draw: number[] = [];
      const main: number[] = [];
      let bytes = 0;
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const png = await boardPng(encoder, p.game, pos.state, players);
        const c1 = process.cpuUsage(c0);
        times.push(performance.now() - t0);
        cpu.push((c1.user + c1.system) / 1000);
        bytes = png.length;
        const c2 = process.cpuUsage();
        drawBoard(p.game, pos.state, players).data();
        draw.push(cpuMs(c2));
        main.push(await mainThreadMs(encoder, p.game, pos.state, players));
        // Let the delay monitor sample between renders, as a bot would.
        await new Promise((r) => setTimeout(r, 2));
      }
      boards.push({
        game: p.game,
        position: pos.position,
        ply: pos.ply,
        medianMs: median(times),
        maxMs: Math.max(...times),
        medianCpuMs: median(cpu),
        minCpuMs: Math.min(...cpu),
        medianDrawMs: median(draw),
        medianMainMs: median(main),
        pngBytes: bytes,
      });
    }
  }
  h.disable();

  // Full collections, by when they started (performance.now() time), to find the boards they fell in.
  const fullGcs: number[] = [];
  const gcWatch = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if ((e as { detail?: { kind?: number } }).detail?.kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR)
        fullGcs.push(e.startTime);
  });
  gcWatch.observe({ entryTypes: ['gc'] });
  const wholeGames: GameFigure[] = [];
  for (const [game, setup] of games) {
    const boardsOf: { state: unknown; ply: number; cpu: number; t0: number; t1: number }[] = [];
    let maxBytes = 0;
    for (let k = 0; k < WHOLE_GAMES; k++) {
      const { states } = k === 0 ? played.find((p) => p.game === game)! : randomGame(game, setup, 2024 + k);
      for (const [ply, state] of states.entries()) {
        await new Promise((r) => setTimeout(r, 2));
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const png = await boardPng(encoder, game, state, players);
        boardsOf.push({ state, ply, cpu: cpuMs(c0), t0, t1: performance.now() });
        maxBytes = Math.max(maxBytes, png.length);
      }
    }
    // Let the observer deliver the last entries.
    await new Promise((r) => setTimeout(r, 20));
    const hit = (b: (typeof boardsOf)[number]) => fullGcs.some((t) => t >= b.t0 && t <= b.t1);
    const cpu = boardsOf.map((b) => b.cpu);
    const withGc = boardsOf.filter(hit).map((b) => b.cpu);
    const others = boardsOf.filter((b) => !hit(b)).map((b) => b.cpu);
    const slowest: GameFigure['slowest'] = [];
    for (const b of [...boardsOf].sort((x, y) => y.cpu - x.cpu).slice(0, SLOWEST)) {
      const again: number[] = [];
      for (let i = 0; i < REDRAWS; i++) {
        await new Promise((r) => setTimeout(r, 2));
        const c0 = process.cpuUsage();
        await boardPng(encoder, game, b.state, players);
        again.push(cpuMs(c0));
      }
      slowest.push({ ply: b.ply, firstCpuMs: b.cpu, againMedianCpuMs: median(again) });
    }
    wholeGames.push({
      game,
      games: WHOLE_GAMES,
      boards: cpu.length,
      meanCpuMs: cpu.reduce((a, b) => a + b, 0) / cpu.length,
      medianCpuMs: median(cpu),
      p95CpuMs: percentile(cpu, 95),
      p99CpuMs: percentile(cpu, 99),
      maxCpuMs: Math.max(...cpu),
      maxBytes,
      gcBoards: withGc.length,
      gcMedianCpuMs: withGc.length ? median(withGc) : NaN,
      otherP99CpuMs: percentile(others, 99),
      otherMaxCpuMs: Math.max(...others),
      slowest,
    });
  }
  gcWatch.disconnect();
  const maxStallMs = h.max / 1e6;
  const p99StallMs = h.percentile(99) / 1e6;
  // Baseline: the same probe, same duration, the loop only sleeping (load from other processes shows here too).
  const idle = monitorEventLoopDelay({ resolution: 1 });
  const renderMs = boards.reduce((n, b) => n + b.medianMs * runs, 0);
  idle.enable();
  await new Promise((r) => setTimeout(r, Math.min(10_000, renderMs)));
  idle.disable();
  const idleStallMs = idle.max / 1e6;
  const idleP99StallMs = idle.percentile(99) / 1e6;

  const gifs: GifFigure[] = [];
  if (opts.gif !== false) {
    for (const p of played) {
      const g = monitorEventLoopDelay({ resolution: 1 });
      g.enable();
      const t0 = performance.now();
      const buf = await renderReplay(p.game, p.setup, p.moves, { players });
      const ms = performance.now() - t0;
      g.disable();
      gifs.push({
        game: p.game,
        setup: p.setup,
        frames: p.moves.length + 1,
        ms,
        bytes: buf.length,
        maxStallMs: g.max / 1e6,
      });
    }
  }
  return { boards, maxStallMs, p99StallMs, idleStallMs, idleP99StallMs, games: wholeGames, gifs };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '30' },
      'no-gif': { type: 'boolean', default: false },
      encoder: { type: 'string', default: 'ours' },
    },
  });
  if (values.encoder !== 'ours' && values.encoder !== 'skia') throw new Error('--encoder ours|skia');
  const f = await benchRender({ runs: Number(values.runs), gif: !values['no-gif'], encoder: values.encoder });
  console.log(
    `PNG encoder: ${values.encoder === 'ours' ? 'ours (src/render/png.ts, zlib deflate in the thread pool)' : "Skia's canvas.encode('png') (the old path)"}`,
  );
  const kb = (n: number): string => `${(n / 1024).toFixed(0)} KB`;
  for (const b of f.boards) {
    console.log(
      `${b.game.padEnd(6)} ${b.position.padEnd(8)} (ply ${String(b.ply).padStart(3)}): CPU ${b.medianCpuMs.toFixed(1)} ms on all threads (least ${b.minCpuMs.toFixed(1)}) ` +
        `(draw ${b.medianDrawMs.toFixed(1)}, main thread ${b.medianMainMs.toFixed(1)}), PNG ${kb(b.pngBytes)}; wall median ${b.medianMs.toFixed(1)} ms (max ${b.maxMs.toFixed(1)}) ` +
        `(targets ≤ 12 ms CPU, ≤ 150 KB)`,
    );
  }
  const ms = (x: number): string => x.toFixed(1);
  for (const g of f.games) {
    console.log(
      `${g.game.padEnd(6)} whole games (${g.games} games, ${g.boards} boards in turn): CPU p50 ${ms(g.medianCpuMs)} ms, p95 ${ms(g.p95CpuMs)}, p99 ${ms(g.p99CpuMs)}, ` +
        `max ${ms(g.maxCpuMs)}, mean ${ms(g.meanCpuMs)}; largest PNG ${kb(g.maxBytes)}`,
    );
    console.log(
      `       ${g.gcBoards} boards (${((100 * g.gcBoards) / g.boards).toFixed(1)}%) had a full garbage collection of V8 in them: median ${ms(g.gcMedianCpuMs)} ms; ` +
        `the others p99 ${ms(g.otherP99CpuMs)}, max ${ms(g.otherMaxCpuMs)}`,
    );
    console.log(
      `       the ${g.slowest.length} slowest drawn again (${REDRAWS}× each, median): ` +
        g.slowest.map((x) => `ply ${x.ply} ${ms(x.firstCpuMs)} → ${ms(x.againMedianCpuMs)}`).join(', '),
    );
  }
  console.log(
    `longest event-loop stall while rendering boards: ${f.maxStallMs.toFixed(1)} ms, 99th percentile ${f.p99StallMs.toFixed(1)} ms ` +
      `(idle baseline over the same time: ${f.idleStallMs.toFixed(1)} ms, 99th percentile ${f.idleP99StallMs.toFixed(1)} ms)`,
  );
  console.log(
    `load average now: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} on ${cpus().length} CPUs (wall times grow with load; CPU times do not)`,
  );
  for (const g of f.gifs) {
    console.log(
      `${g.game.padEnd(6)} replay GIF (${g.setup}, ${g.frames} frames): ${(g.ms / 1000).toFixed(2)} s, ${kb(g.bytes)} (limit 8 MB), ` +
        `longest event-loop stall ${g.maxStallMs.toFixed(1)} ms`,
    );
  }
}
