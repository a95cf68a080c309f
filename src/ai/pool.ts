// The AI worker pool: searches run in worker threads so that the bot's event
// loop never waits on them (product.md item 8). A few reused workers, a job
// queue, a timeout per job, a crashed or stuck worker replaced; every failure
// is a rejected promise, never a crash of the process.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GameId } from '../engine/game.js';
import { isLevel, levelParams, type Level } from '../engine/ai/levels.js';
import { isGameId } from '../engine/index.js';
import type { AiAnswer, AiJob, WorkerMessage } from './protocol.js';

export interface AiPoolOptions {
  /** Worker threads (default: one per spare core, 1 or 2). */
  size?: number;
  /** Extra time a job may take beyond its level's time cap before its worker is replaced (ms). */
  graceMs?: number;
  /** Jobs that may wait for a worker; more are refused at once. */
  maxQueue?: number;
  /** The worker module (a test may pass its own). */
  entry?: URL;
}

export class AiError extends Error {
  override name = 'AiError';
}

interface Pending {
  job: AiJob;
  timeoutMs: number;
  resolve: (a: AiAnswer) => void;
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
  private slots: Slot[] = [];
  private queue: Pending[] = [];
  private nextId = 1;
  private bootFailures = 0;
  private closed = false;

  constructor(opts: AiPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(opts.size ?? Math.min(2, Math.max(1, availableParallelism() - 1))));
    this.graceMs = opts.graceMs ?? 5_000;
    this.maxQueue = opts.maxQueue ?? 64;
    this.entry = opts.entry ?? ENTRY;
  }

  /** Runs one search in a worker; rejects with an AiError on bad input, timeout or a worker crash. */
  think(game: GameId, state: unknown, level: Level, seed: number): Promise<AiAnswer> {
    if (this.closed) return Promise.reject(new AiError('the AI pool is closed'));
    if (!isGameId(game)) return Promise.reject(new AiError(`unknown game "${String(game)}"`));
    if (!isLevel(level)) return Promise.reject(new AiError(`unknown level "${String(level)}"`));
    if (typeof seed !== 'number' || !Number.isFinite(seed))
      return Promise.reject(new AiError('the seed must be a finite number'));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new AiError('the AI is busy, try again in a moment'));
    const timeCap = levelParams(game, level).timeMs ?? 10_000;
    return new Promise<AiAnswer>((resolve, reject) => {
      this.queue.push({
        job: { id: this.nextId++, game, state, level, seed },
        timeoutMs: timeCap + this.graceMs,
        resolve,
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
      this.dispatch(s, this.queue.shift()!);
    }
    // A worker keeps the process alive only while someone waits on it: its
    // own job, or queued jobs while it is still loading.
    for (const s of this.slots) {
      if (s.pending || (!s.ready && this.queue.length > 0)) s.worker.ref();
      else s.worker.unref();
    }
  }

  private spawn(): void {
    const worker = new Worker(BOOT, { workerData: { entry: this.entry.href } });
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
      this.bootFailures = 0;
      this.pump();
      return;
    }
    const p = slot.pending;
    if (m?.type !== 'result' || !p || m.id !== p.job.id) return;
    this.settle(slot);
    if (m.ok) p.resolve({ move: m.move, iterations: m.iterations, visits: m.visits, value: m.value, ms: m.ms });
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

let shared: AiPool | null = null;
/** Starts the shared pool's workers ahead of the first game (e.g. at bot start-up). */
export function warmAiPool(): void {
  shared ??= new AiPool();
  shared.warm();
}

/** The AI's move for the side to move of `state`, in canonical notation (EX-22 / OD-22). */
export async function thinkMove(game: GameId, state: unknown, level: Level, seed: number): Promise<string> {
  return (await thinkMoveDetailed(game, state, level, seed)).move;
}

/** As thinkMove, with the search stats (iterations, visits, value, ms). */
export function thinkMoveDetailed(game: GameId, state: unknown, level: Level, seed: number): Promise<AiAnswer> {
  shared ??= new AiPool();
  return shared.think(game, state, level, seed);
}

/** Stops the shared pool's workers; a later thinkMove starts a new pool. */
export async function closeAiPool(): Promise<void> {
  const p = shared;
  shared = null;
  if (p) await p.close();
}

export type { AiAnswer } from './protocol.js';
