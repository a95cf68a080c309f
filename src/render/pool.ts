// Board PNGs, standings tables and replay GIFs drawn in worker threads (product: nothing blocks
// other games; a 156-ply Exxit film is ~6 s of canvas work). A few reused
// workers, one per core up to 4; boards go to the least busy worker, films
// are capped below the worker count so a free worker is left for boards, and
// background pictures (a review's, posted when it is ready) are drawn one at a
// time so a player's board never queues behind a batch of them; a
// timeout per job; a crashed worker replaced. If workers cannot start, the
// image is drawn in-process instead, so it is never lost to the pool.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GameId } from '../engine/game.js';
import type { BoardOptions, ReplayOptions } from './board.js';
import type { ComparedMoves, MoveComparisonOptions, WinChart, WinChartOptions } from './review.js';
import type { StandingsTable } from './standings.js';

export type RenderJob =
  | { id: number; kind: 'board'; game: GameId; state: unknown; opts?: BoardOptions }
  | { id: number; kind: 'replay'; game: GameId; setup: string; moves: string[]; opts?: ReplayOptions }
  | { id: number; kind: 'standings'; table: StandingsTable }
  | { id: number; kind: 'winChart'; game: GameId; chart: WinChart; opts?: WinChartOptions }
  | {
      id: number;
      kind: 'moveComparison';
      game: GameId;
      before: unknown;
      moves: ComparedMoves;
      opts?: MoveComparisonOptions;
    };

/** The image comes back as a transferred Uint8Array (no copy). */
export type RenderReply = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; error: string };

type JobBody = RenderJob extends infer J ? (J extends RenderJob ? Omit<J, 'id'> : never) : never;

// One generic boot for every worker (it imports, or tsImports, the entry it is given).
const BOOT = new URL('../ai/worker-boot.mjs', import.meta.url);
// The worker module beside this one: worker.js when running compiled (dist/),
// worker.ts under tsx or vitest (worker-boot.mjs compiles it then).
const ENTRY = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);
const TIMEOUT_MS = {
  board: 15_000,
  standings: 15_000,
  winChart: 15_000,
  moveComparison: 15_000,
  replay: 120_000,
} as const;
/** Consecutive workers that die before they are ready, before the pool gives up (in-process drawing). */
const MAX_BOOT_FAILURES = 3;

/** The pool itself failed (no worker could start, or it is closed): the caller may draw in-process. */
export class RenderPoolUnavailable extends Error {
  override name = 'RenderPoolUnavailable';
}

interface Job {
  resolve(b: Buffer): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  ready: Promise<boolean>;
  jobs: Map<number, Job>;
  /** Films being drawn here, and background pictures: boards go elsewhere when they can (boardLoad). */
  replays: number;
  background: number;
  booted: boolean;
}

/** How a picture is queued: `background` (nobody is waiting on it as on a move's board) waits for a turn. */
export interface Pooling {
  background?: boolean;
}

/** At most `max` holders at once; the others wait in order (or fail when the pool closes). */
class Gate {
  private running = 0;
  private waiters: { go(): void; fail(e: Error): void }[] = [];
  constructor(private readonly max: number) {}

  async enter(): Promise<void> {
    if (this.running >= this.max) await new Promise<void>((go, fail) => this.waiters.push({ go, fail }));
    this.running++;
  }

  leave(): void {
    this.running--;
    this.waiters.shift()?.go();
  }

  fail(e: Error): void {
    for (const w of this.waiters.splice(0)) w.fail(e);
  }
}

/** A worker's weight for a board, a standings table or a picture: its jobs, a film or a background picture as many. */
const boardLoad = (s: Slot): number => s.jobs.size + 100 * (s.replays + s.background);

export interface RenderPoolOptions {
  /** Workers (default one per core, up to 4). */
  size?: number;
  /** Films drawn at once (default one fewer than the workers, at least 1); more wait their turn. */
  maxReplays?: number;
}

export class RenderPool {
  private slots: Slot[] = [];
  private nextId = 1;
  private closed = false;
  private failures = 0;
  private readonly size: number;
  private readonly films: Gate;
  /** Background pictures: one at a time, so a board never waits behind more than one. */
  private readonly backgroundGate = new Gate(1);

  // One worker per core (up to 4): the main thread only routes and waits, so
  // under a burst of moves every core draws (bench:bot, 50 games, 1 s think:
  // board p99 750 ms with one worker on 2 cores, 487 ms with two).
  constructor(opts: RenderPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(opts.size ?? Math.min(4, availableParallelism())));
    this.films = new Gate(Math.max(1, Math.floor(opts.maxReplays ?? this.size - 1)));
  }

  /** False once workers have failed to boot repeatedly, or after close(): draw in-process instead. */
  get usable(): boolean {
    return !this.closed && this.failures < MAX_BOOT_FAILURES;
  }

  /** Workers running or booting. */
  get workers(): number {
    return this.slots.length;
  }

  /** Starts the workers now so the first board does not wait for a boot. */
  warm(): void {
    while (this.usable && this.slots.length < this.size) this.spawn();
  }

  board(game: GameId, state: unknown, opts?: BoardOptions): Promise<Buffer> {
    return this.run({ kind: 'board', game, state, opts }, boardLoad);
  }

  /** A tournament's standings table: up to a second of canvas work for a large field, so off the main thread too. */
  standings(table: StandingsTable): Promise<Buffer> {
    return this.run({ kind: 'standings', table }, boardLoad);
  }

  /** A review's win-chance chart (src/render/review.ts): a board's worth of work, routed like one. */
  winChart(game: GameId, chart: WinChart, opts?: WinChartOptions, pooling: Pooling = {}): Promise<Buffer> {
    return this.picture({ kind: 'winChart', game, chart, opts }, pooling);
  }

  /** A position with a review's moves drawn on it (src/render/review.ts), routed like a board. */
  moveComparison(
    game: GameId,
    before: unknown,
    moves: ComparedMoves,
    opts?: MoveComparisonOptions,
    pooling: Pooling = {},
  ): Promise<Buffer> {
    return this.picture({ kind: 'moveComparison', game, before, moves, opts }, pooling);
  }

  async replay(game: GameId, setup: string, moves: string[], opts?: ReplayOptions): Promise<Buffer> {
    await this.films.enter();
    try {
      const film = (s: Slot): number => 100 * s.replays + s.jobs.size;
      return await this.run({ kind: 'replay', game, setup, moves, opts }, film, 'replays');
    } finally {
      this.films.leave();
    }
  }

  /** A picture asked for now (a puzzle's answer) is routed like a board; a background one waits for its turn. */
  private async picture(body: JobBody, pooling: Pooling): Promise<Buffer> {
    if (!pooling.background) return this.run(body, boardLoad);
    await this.backgroundGate.enter();
    try {
      return await this.run(body, boardLoad, 'background');
    } finally {
      this.backgroundGate.leave();
    }
  }

  /** `heavy`: counted on its worker while drawn, so boards go elsewhere when they can. */
  private async run(body: JobBody, load: (s: Slot) => number, heavy?: 'replays' | 'background'): Promise<Buffer> {
    if (!this.usable) throw new RenderPoolUnavailable('the render pool is not available');
    this.warm();
    const slot = this.slots.reduce((a, b) => (load(b) < load(a) ? b : a));
    if (heavy) slot[heavy]++;
    try {
      if (!(await slot.ready)) throw new RenderPoolUnavailable('render worker failed to start');
      return await this.post(slot, body);
    } finally {
      if (heavy) slot[heavy]--;
    }
  }

  private post(slot: Slot, body: JobBody): Promise<Buffer> {
    const id = this.nextId++;
    const ms = TIMEOUT_MS[body.kind];
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => {
        slot.jobs.delete(id);
        reject(new Error(`render timed out after ${ms} ms`));
        void slot.worker.terminate(); // replaced on the next job
      }, ms);
      slot.jobs.set(id, { resolve, reject, timer });
      slot.worker.ref();
      try {
        slot.worker.postMessage({ ...body, id });
      } catch (e) {
        clearTimeout(timer);
        slot.jobs.delete(id);
        if (slot.jobs.size === 0) slot.worker.unref();
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  }

  private spawn(): void {
    const worker = new Worker(BOOT, { workerData: { entry: ENTRY.href } });
    let markReady!: (ok: boolean) => void;
    const slot: Slot = {
      worker,
      ready: new Promise<boolean>((r) => (markReady = r)),
      jobs: new Map(),
      replays: 0,
      background: 0,
      booted: false,
    };
    this.slots.push(slot);
    worker.unref(); // an idle pool never keeps the process alive
    worker.on('message', (m: RenderReply | { ready: true }) => {
      if ('ready' in m) {
        this.failures = 0;
        slot.booted = true;
        markReady(true);
        return;
      }
      const job = slot.jobs.get(m.id);
      if (!job) return;
      slot.jobs.delete(m.id);
      clearTimeout(job.timer);
      if (slot.jobs.size === 0) worker.unref();
      if (m.ok) job.resolve(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
      else job.reject(new Error(m.error));
    });
    worker.on('error', () => {}); // the exit handler below settles its jobs
    worker.on('exit', () => {
      markReady(false);
      this.slots = this.slots.filter((s) => s !== slot);
      if (!slot.booted && !this.closed) this.failures++; // could not even start
      for (const j of slot.jobs.values()) {
        clearTimeout(j.timer);
        j.reject(new Error('render worker stopped'));
      }
      slot.jobs.clear();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const gate of [this.films, this.backgroundGate])
      gate.fail(new RenderPoolUnavailable('the render pool is closed'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots = [];
  }
}

let shared: RenderPool | null = null;
let sharedOptions: RenderPoolOptions = {};

/**
 * The shared pool's workers (the bot's start: RENDER_WORKERS), set before its first use; a pool already started keeps
 * its own (closeRenderPool, then the next use starts one with these).
 */
export function configureRenderPool(opts: { workers?: number }): void {
  sharedOptions = opts.workers === undefined ? {} : { size: opts.workers };
}

/** Runs a job in the shared pool; when no worker can run it, draws it here instead (the image is never lost). */
async function pooled(inPool: (p: RenderPool) => Promise<Buffer>, inProcess: () => Promise<Buffer>): Promise<Buffer> {
  shared ??= new RenderPool(sharedOptions);
  const pool = shared;
  if (pool.usable) {
    try {
      return await inPool(pool);
    } catch (e) {
      // A renderer error (bad state, bad move) or a crash: no point drawing it here.
      if (!(e instanceof RenderPoolUnavailable)) throw e;
    }
  }
  return inProcess();
}

/** renderBoard (src/render/index.ts) in a worker thread: same arguments, same PNG. */
export function renderBoardPooled(game: GameId, state: unknown, opts: BoardOptions = {}): Promise<Buffer> {
  return pooled(
    (p) => p.board(game, state, opts),
    async () => (await import('./board.js')).renderBoard(game, state, opts),
  );
}

/** renderReplay (src/render/index.ts) in a worker thread: same arguments, same GIF, same errors. */
export function renderReplayPooled(
  game: GameId,
  setup: string,
  moves: string[],
  opts: ReplayOptions = {},
): Promise<Buffer> {
  return pooled(
    (p) => p.replay(game, setup, moves, opts),
    async () => (await import('./replay.js')).renderReplayGif(game, setup, moves, opts),
  );
}

/** renderStandings (src/render/standings.ts) in a worker thread: same table, same PNG. */
export function renderStandingsPooled(table: StandingsTable): Promise<Buffer> {
  return pooled(
    (p) => p.standings(table),
    async () => (await import('./standings.js')).renderStandings(table),
  );
}

/**
 * renderWinChart (src/render/review.ts) in a worker thread: same arguments, same PNG, same errors; `background`: after
 * the boards, one at a time.
 */
export function renderWinChartPooled(
  game: GameId,
  chart: WinChart,
  { background, ...opts }: WinChartOptions & Pooling = {},
): Promise<Buffer> {
  return pooled(
    (p) => p.winChart(game, chart, opts, { background }),
    async () => (await import('./review.js')).renderWinChart(game, chart, opts),
  );
}

/**
 * renderMoveComparison (src/render/review.ts) in a worker thread: same arguments, same PNG, same errors; `background`:
 * after the boards, one at a time (a review's post; a puzzle's answer is asked for now).
 */
export function renderMoveComparisonPooled(
  game: GameId,
  before: unknown,
  moves: ComparedMoves,
  { background, ...opts }: MoveComparisonOptions & Pooling = {},
): Promise<Buffer> {
  return pooled(
    (p) => p.moveComparison(game, before, moves, opts, { background }),
    async () => (await import('./review.js')).renderMoveComparison(game, before, moves, opts),
  );
}

/** Starts the shared pool's workers ahead of the first image. */
export function warmRenderPool(): void {
  shared ??= new RenderPool(sharedOptions);
  shared.warm();
}

/** Workers of the shared pool (0 before its first use), for the tests. */
export const renderPoolWorkers = (): number => shared?.workers ?? 0;

export async function closeRenderPool(): Promise<void> {
  const p = shared;
  shared = null;
  await p?.close();
}
