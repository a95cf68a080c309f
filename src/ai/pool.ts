// The AI worker pool: searches run in worker threads so that the bot's event
// loop never waits on them (product.md item 8). A few reused workers, a job
// queue, a timeout per job, a crashed or stuck worker replaced; every failure
// is a rejected promise, never a crash of the process.
//
// Two lanes share the machine: the foreground pool (easy, medium, hard: the
// 2-second promise) and a background pool (one worker per core by default) at
// the lowest OS priority for long work (expert's 10 s searches, post-game
// reviews, puzzle checks), so it never takes CPU from a player's move or from
// hard's answer, and uses every core nothing else wants.
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { GameId } from '../engine/game.js';
import { isLevel, levelParams, type Level } from '../engine/ai/levels.js';
import { isGameId } from '../engine/index.js';
import type { StoredPlyReview } from '../model/index.js';
import type { AiAnswer, PriorityReport, PuzzleVerdict, WorkerJob, WorkerMessage } from './protocol.js';

export interface AiPoolOptions {
  /** Worker threads (default: one per spare core, 1 or 2). */
  size?: number;
  /** Extra time a job may take beyond its level's time cap before its worker is replaced (ms). */
  graceMs?: number;
  /** Jobs that may wait for a worker; more are refused at once. */
  maxQueue?: number;
  /** The worker module (a test may pass its own). */
  entry?: URL;
  /** Background lane: each worker lowers its own thread's OS priority (worker.ts). */
  background?: boolean;
}

export interface ThinkOptions {
  /** A time cap below the level's own (a server's limit on expert), ms. */
  timeCapMs?: number;
}

/** How long a new job would take here: the jobs ahead of it (running and queued) and the ms until its answer. */
export interface AiWait {
  ahead: number;
  ms: number;
}

export class AiError extends Error {
  override name = 'AiError';
}

/**
 * How long one ply of a review may take, ms: the engine's review search is
 * budgeted far below; past this its worker is taken as stuck.
 */
const REVIEW_PLY_CAP_MS = 30_000;
/** How long a puzzle check may take, ms: two searches of 10× hard's budget (~20-40 s on a quiet core), at nice 19. */
const PUZZLE_CHECK_CAP_MS = 5 * 60_000;

interface Pending {
  job: WorkerJob;
  /**
   * Its place in the queue: 0 a search, 1 a review's ply (below every search: a player's AI turn never waits behind a
   * review), 2 a puzzle check (below reviews too: a review is posted while people still look at the game).
   */
  rank: 0 | 1 | 2;
  /** The search's time cap, ms (what the estimate expects it to take at most). */
  capMs: number;
  timeoutMs: number;
  /** When its worker took it (performance.now()); the timeout counts from there, never from the queue. */
  startedAt?: number;
  /** Takes the worker's successful answer (its kind was checked against the job's). */
  resolve: (m: Extract<WorkerMessage, { ok: true }>) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  pending: Pending | null;
  timer: NodeJS.Timeout | null;
  /** Why the worker is going away (a timeout), to name it in the rejection. */
  lastError: string | null;
}

const BOOT = new URL('./worker-boot.mjs', import.meta.url);
// The worker module beside this one: worker.js when running compiled (dist/),
// worker.ts under tsx or vitest (worker-boot.mjs compiles it then).
const ENTRY = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);
/** Consecutive workers that die before they are ready, before queued jobs are refused. */
const MAX_BOOT_FAILURES = 3;

export class AiPool {
  private readonly size: number;
  private readonly graceMs: number;
  private readonly maxQueue: number;
  private readonly entry: URL;
  private readonly background: boolean;
  private slots: Slot[] = [];
  private queue: Pending[] = [];
  private nextId = 1;
  private bootFailures = 0;
  private closed = false;
  /** Recent answers' wall time (a moving average), for the wait estimate; null before the first. */
  private typicalMs: number | null = null;
  private priorityReport: PriorityReport | null = null;

  constructor(opts: AiPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(opts.size ?? Math.min(2, Math.max(1, availableParallelism() - 1))));
    this.graceMs = opts.graceMs ?? 5_000;
    this.maxQueue = opts.maxQueue ?? 64;
    this.entry = opts.entry ?? ENTRY;
    this.background = opts.background ?? false;
  }

  /** Runs one search in a worker; rejects with an AiError on bad input, timeout or a worker crash. */
  think(game: GameId, state: unknown, level: Level, seed: number, opts: ThinkOptions = {}): Promise<AiAnswer> {
    if (this.closed) return Promise.reject(new AiError('the AI pool is closed'));
    if (!isGameId(game)) return Promise.reject(new AiError(`unknown game "${String(game)}"`));
    if (!isLevel(level)) return Promise.reject(new AiError(`unknown level "${String(level)}"`));
    if (typeof seed !== 'number' || !Number.isFinite(seed))
      return Promise.reject(new AiError('the seed must be a finite number'));
    const { timeCapMs } = opts;
    if (timeCapMs !== undefined && !(Number.isFinite(timeCapMs) && timeCapMs > 0))
      return Promise.reject(new AiError('the time cap must be a positive number of ms'));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new AiError('the AI is busy, try again in a moment'));
    const capMs = this.capOf(game, level, timeCapMs);
    return new Promise<AiAnswer>((resolve, reject) => {
      this.queue.push({
        job: { id: this.nextId++, game, state, level, seed, ...(timeCapMs !== undefined ? { timeMs: capMs } : {}) },
        rank: 0,
        capMs,
        timeoutMs: capMs + this.graceMs,
        resolve: (m) =>
          m.type === 'result'
            ? resolve({ move: m.move, iterations: m.iterations, visits: m.visits, value: m.value, ms: m.ms })
            : reject(new AiError('the AI worker answered a search with a review')),
        reject,
      });
      this.pump();
    });
  }

  /**
   * Grades one ply of a finished game (issue 20) in a worker, queued after
   * every search: reviews yield to the AI's turns. One ply per job, so a
   * search waits at most one ply's grading.
   */
  reviewPly(game: GameId, before: unknown, played: string, ply: number, seed: number): Promise<StoredPlyReview> {
    if (this.closed) return Promise.reject(new AiError('the AI pool is closed'));
    if (!isGameId(game)) return Promise.reject(new AiError(`unknown game "${String(game)}"`));
    if (typeof played !== 'string' || !Number.isInteger(ply) || ply < 0 || !Number.isFinite(seed))
      return Promise.reject(new AiError('a review ply needs the move played, its index and a seed'));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new AiError('the AI is busy, try again in a moment'));
    return new Promise<StoredPlyReview>((resolve, reject) => {
      this.queue.push({
        job: { kind: 'review', id: this.nextId++, game, state: before, played, ply, seed },
        rank: 1,
        capMs: REVIEW_PLY_CAP_MS,
        timeoutMs: REVIEW_PLY_CAP_MS + this.graceMs,
        resolve: (m) =>
          m.type === 'review' ? resolve(m.review) : reject(new AiError('the AI worker answered a review with a move')),
        reject,
      });
      this.pump();
    });
  }

  /**
   * Checks a puzzle candidate (issue 20) in a worker, queued after every search and every review's ply: it yields to
   * the AI's turns and to reviews.
   */
  checkPuzzle(game: GameId, state: unknown, seed: number): Promise<PuzzleVerdict> {
    if (this.closed) return Promise.reject(new AiError('the AI pool is closed'));
    if (!isGameId(game)) return Promise.reject(new AiError(`unknown game "${String(game)}"`));
    if (!Number.isFinite(seed)) return Promise.reject(new AiError('the seed must be a finite number'));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new AiError('the AI is busy, try again in a moment'));
    return new Promise<PuzzleVerdict>((resolve, reject) => {
      this.queue.push({
        job: { kind: 'puzzle', id: this.nextId++, game, state, seed },
        rank: 2,
        capMs: PUZZLE_CHECK_CAP_MS,
        timeoutMs: PUZZLE_CHECK_CAP_MS + this.graceMs,
        resolve: (m) =>
          m.type === 'puzzle'
            ? resolve(m.verdict)
            : reject(new AiError('the AI worker answered a puzzle with another')),
        reject,
      });
      this.pump();
    });
  }

  /** Starts the workers now, so that the first search does not wait for a worker to load the engines. */
  warm(): void {
    while (!this.closed && this.slots.length < this.size) this.spawn();
  }

  /** Workers running (for tests and monitoring). */
  get workers(): number {
    return this.slots.length;
  }

  /** What the last background worker did to its OS priority; null before one is ready (or in the foreground). */
  get priority(): PriorityReport | null {
    return this.priorityReport;
  }

  /**
   * How long a job submitted now would take to answer: what is left of the
   * running searches and the queued ones, each expected to take its time cap
   * or the recent answers' typical time if shorter, shared over the workers,
   * then its own search. An estimate for people, not a promise.
   */
  wait(game: GameId, level: Level, timeCapMs?: number): AiWait {
    const now = performance.now();
    const expect = (p: Pending) => Math.min(p.capMs, this.typicalMs ?? p.capMs);
    let work = 0;
    let ahead = 0;
    for (const s of this.slots) {
      if (!s.pending) continue;
      ahead++;
      work += Math.max(0, expect(s.pending) - (now - (s.pending.startedAt ?? now)));
    }
    for (const p of this.queue) {
      if (p.rank > 0) continue; // a review's ply or a puzzle check waits behind this search, not before it
      ahead++;
      work += expect(p);
    }
    const own = this.capOf(game, level, timeCapMs);
    return { ahead, ms: Math.round(work / this.size + Math.min(own, this.typicalMs ?? own)) };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new AiError('the AI pool is closed'));
    await Promise.all(this.slots.map((s) => this.stop(s, 'the AI pool is closed')));
  }

  private pump(): void {
    if (this.closed) return;
    const idle = this.slots.filter((s) => !s.pending).length;
    for (let need = this.queue.length - idle; need > 0 && this.slots.length < this.size; need--) this.spawn();
    for (const s of this.slots) {
      if (!s.ready || s.pending || this.queue.length === 0) continue;
      // Searches first, in their order; a review's ply only when no search waits; a puzzle check when neither does.
      let i = 0;
      for (let k = 1; k < this.queue.length && this.queue[i]!.rank > 0; k++)
        if (this.queue[k]!.rank < this.queue[i]!.rank) i = k;
      this.dispatch(s, this.queue.splice(i, 1)[0]!);
    }
    // A worker keeps the process alive only while someone waits on it: its
    // own job, or queued jobs while it is still loading.
    for (const s of this.slots) {
      if (s.pending || (!s.ready && this.queue.length > 0)) s.worker.ref();
      else s.worker.unref();
    }
  }

  /** The search's time cap: the level's, or the caller's when lower. */
  private capOf(game: GameId, level: Level, timeCapMs?: number): number {
    const own = levelParams(game, level).timeMs ?? 10_000;
    return timeCapMs === undefined ? own : Math.min(own, timeCapMs);
  }

  private spawn(): void {
    const worker = new Worker(BOOT, { workerData: { entry: this.entry.href, background: this.background } });
    worker.unref(); // pump() refs it while a job waits on it
    const slot: Slot = { worker, ready: false, pending: null, timer: null, lastError: null };
    this.slots.push(slot);
    worker.on('message', (m: WorkerMessage) => this.onMessage(slot, m));
    worker.on('error', (e: Error) => {
      slot.lastError = `the AI worker crashed: ${e?.message ?? String(e)}`;
    });
    worker.on('exit', (code) => this.onExit(slot, code));
  }

  private dispatch(slot: Slot, p: Pending): void {
    slot.pending = p;
    p.startedAt = performance.now();
    slot.timer = setTimeout(() => {
      slot.lastError = `the AI did not answer within ${p.timeoutMs} ms`;
      void slot.worker.terminate();
    }, p.timeoutMs);
    try {
      slot.worker.postMessage(p.job);
    } catch (e) {
      // A state that cannot be cloned (functions, symbols...): refuse the job, keep the worker.
      this.settle(slot);
      p.reject(new AiError(`the position cannot be sent to the AI: ${(e as Error).message}`));
      this.pump();
    }
  }

  /** Clears a slot's job and timer; idle workers do not keep the process alive. */
  private settle(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.pending = null;
  }

  private onMessage(slot: Slot, m: WorkerMessage): void {
    if (m?.type === 'ready') {
      slot.ready = true;
      if (m.priority) this.priorityReport = m.priority;
      this.bootFailures = 0;
      this.pump();
      return;
    }
    const p = slot.pending;
    if ((m?.type !== 'result' && m?.type !== 'review' && m?.type !== 'puzzle') || !p || m.id !== p.job.id) return;
    this.settle(slot);
    const took = performance.now() - (p.startedAt ?? performance.now());
    // The wait estimate is of searches: a review's ply is not one.
    if (p.rank === 0) this.typicalMs = this.typicalMs === null ? took : 0.7 * this.typicalMs + 0.3 * took;
    if (m.ok) p.resolve(m);
    else p.reject(new AiError(m.error));
    this.pump();
  }

  private onExit(slot: Slot, code: number): void {
    this.slots = this.slots.filter((s) => s !== slot);
    const p = slot.pending;
    this.settle(slot);
    const why = slot.lastError ?? `the AI worker stopped (exit code ${code})`;
    if (p) p.reject(new AiError(why));
    if (this.closed) return;
    if (!slot.ready && ++this.bootFailures >= MAX_BOOT_FAILURES) {
      // The worker cannot start at all: refuse what waits rather than retry forever.
      this.bootFailures = 0;
      for (const q of this.queue.splice(0)) q.reject(new AiError(`the AI cannot start: ${why}`));
      return;
    }
    this.pump(); // replaces the worker if jobs wait
  }

  private stop(slot: Slot, why: string): Promise<void> {
    slot.lastError = why;
    return new Promise((resolve) => {
      slot.worker.once('exit', () => resolve());
      void slot.worker.terminate();
    });
  }
}

/** The levels whose searches run in the background lane (long ones, at the lowest OS priority). */
const BACKGROUND_LEVELS: ReadonlySet<Level> = new Set<Level>(['expert']);

export interface AiLanesOptions {
  /** easy, medium, hard (default: one worker per spare core, 1 or 2). */
  foreground?: AiPoolOptions;
  /**
   * expert, reviews and puzzle checks (default: one worker per core, `defaultBackgroundWorkers()`): at nice 19 a
   * worker gets a core only when nothing else wants it, so more of them cost the players nothing and grade several
   * reviews at once where cores are free.
   */
  background?: AiPoolOptions;
}

/** The background lane's default size: one worker per core (AI_BACKGROUND_WORKERS overrides it, config.ts). */
export const defaultBackgroundWorkers = (): number => Math.max(1, availableParallelism());

/**
 * The two lanes: each level's searches go to its own pool, so a hard search
 * submitted after a queue of expert ones is answered by the foreground worker
 * at once. A pool starts its workers on first use.
 */
export class AiLanes {
  private foreground: AiPool | null = null;
  private background: AiPool | null = null;
  private closed = false;

  constructor(private readonly opts: AiLanesOptions = {}) {}

  /** The pool that runs this level's searches. */
  lane(level: Level): AiPool {
    if (this.closed) throw new AiError('the AI pool is closed');
    if (BACKGROUND_LEVELS.has(level)) return this.backgroundLane();
    return (this.foreground ??= new AiPool(this.opts.foreground));
  }

  private backgroundLane(): AiPool {
    // `background: false` in the options keeps normal priority (configureAiPool's lowerPriority).
    return (this.background ??= new AiPool({
      size: this.backgroundWorkers,
      background: true,
      ...this.opts.background,
    }));
  }

  /** The background lane's workers at most: how many reviews a process grades at once (ReviewLane.slots). */
  get backgroundWorkers(): number {
    return Math.max(1, Math.floor(this.opts.background?.size ?? defaultBackgroundWorkers()));
  }

  think(game: GameId, state: unknown, level: Level, seed: number, opts?: ThinkOptions): Promise<AiAnswer> {
    if (this.closed) return Promise.reject(new AiError('the AI pool is closed'));
    if (!isLevel(level)) return Promise.reject(new AiError(`unknown level "${String(level)}"`));
    return this.lane(level).think(game, state, level, seed, opts);
  }

  /** One ply of a post-game review, in the background lane below expert's searches (AiPool.reviewPly). */
  reviewPly(game: GameId, before: unknown, played: string, ply: number, seed: number): Promise<StoredPlyReview> {
    if (this.closed) return Promise.reject(new AiError('the AI pool is closed'));
    return this.backgroundLane().reviewPly(game, before, played, ply, seed);
  }

  /** A puzzle candidate's check, in the background lane below every search and review (AiPool.checkPuzzle). */
  checkPuzzle(game: GameId, state: unknown, seed: number): Promise<PuzzleVerdict> {
    if (this.closed) return Promise.reject(new AiError('the AI pool is closed'));
    return this.backgroundLane().checkPuzzle(game, state, seed);
  }

  /** How long a search of this level asked for now would take (its lane's queue); null for bad input. */
  wait(game: GameId, level: Level): AiWait | null {
    if (this.closed || !isGameId(game) || !isLevel(level)) return null;
    return this.lane(level).wait(game, level);
  }

  /** Whether either lane has started (its options are then fixed). */
  get started(): boolean {
    return this.foreground !== null || this.background !== null;
  }

  /** What the background worker did to its OS priority; null until one has started. */
  backgroundPriority(): PriorityReport | null {
    return this.background?.priority ?? null;
  }

  /** Starts the foreground's workers; the background lane starts on use (expert games are few). */
  warm(): void {
    if (!this.closed) this.lane('hard').warm();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.foreground?.close(), this.background?.close()]);
  }
}

let shared: AiLanes | null = null;
let sharedOptions: AiLanesOptions = {};

/**
 * Sets the shared lanes' options (the bot's start: AI_BACKGROUND_WORKERS) before their first use; lanes already
 * started keep theirs (closeAiPool, then the next use starts them with these). `lowerPriority: false` keeps the
 * background workers at normal priority: the tests, whose own workers keep every core busy, so that a review at
 * nice 19 would wait for the whole suite.
 */
export function configureAiPool(opts: { backgroundWorkers?: number; lowerPriority?: boolean }): void {
  const background: AiPoolOptions = {
    ...(opts.backgroundWorkers === undefined ? {} : { size: opts.backgroundWorkers }),
    ...(opts.lowerPriority === false ? { background: false } : {}),
  };
  sharedOptions = Object.keys(background).length === 0 ? {} : { background };
  if (shared && !shared.started) shared = new AiLanes(sharedOptions);
}

/** How many background workers the shared lanes have (or will have): the reviews a process grades at once. */
export function aiBackgroundWorkers(): number {
  return (shared ?? new AiLanes(sharedOptions)).backgroundWorkers;
}

/** Starts the shared pool's workers ahead of the first game (e.g. at bot start-up); the background lane starts on use. */
export function warmAiPool(): void {
  shared ??= new AiLanes(sharedOptions);
  shared.warm();
}

/** The AI's move for the side to move of `state`, in canonical notation (EX-22 / OD-22). */
export async function thinkMove(
  game: GameId,
  state: unknown,
  level: Level,
  seed: number,
  opts?: ThinkOptions,
): Promise<string> {
  return (await thinkMoveDetailed(game, state, level, seed, opts)).move;
}

/** As thinkMove, with the search stats (iterations, visits, value, ms); expert runs in the background lane. */
export function thinkMoveDetailed(
  game: GameId,
  state: unknown,
  level: Level,
  seed: number,
  opts?: ThinkOptions,
): Promise<AiAnswer> {
  shared ??= new AiLanes(sharedOptions);
  return shared.think(game, state, level, seed, opts);
}

/** One ply of a post-game review in the shared lanes' background lane (at the lowest priority, below searches). */
export function reviewPly(
  game: GameId,
  before: unknown,
  played: string,
  ply: number,
  seed: number,
): Promise<StoredPlyReview> {
  shared ??= new AiLanes(sharedOptions);
  return shared.reviewPly(game, before, played, ply, seed);
}

/** A puzzle candidate's check in the shared lanes' background lane (at the lowest priority, below searches). */
export function checkPuzzle(game: GameId, state: unknown, seed: number): Promise<PuzzleVerdict> {
  shared ??= new AiLanes(sharedOptions);
  return shared.checkPuzzle(game, state, seed);
}

/** How long a search of this level asked for now would take in the shared lanes; null for bad input. */
export function aiWait(game: GameId, level: Level): AiWait | null {
  return shared?.wait(game, level) ?? null;
}

/** What the shared background worker did to its OS priority (nice 19, or why not); null until it has started. */
export function aiBackgroundPriority(): PriorityReport | null {
  return shared?.backgroundPriority() ?? null;
}

/** Stops both lanes' workers; a later thinkMove starts new pools. */
export async function closeAiPool(): Promise<void> {
  const p = shared;
  shared = null;
  if (p) await p.close();
}

export type { AiAnswer, PuzzleVerdict } from './protocol.js';
