// Board rendering off the main thread (product: answer within 3 s, never
// block). A few reused workers, least-busy dispatch, a timeout per job, a
// crashed worker replaced. If workers cannot start at all the caller falls
// back to rendering in-process, so a board is never lost to the pool.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GameId } from '../engine/game.js';
import type { RenderBoard } from './context.js';

export interface RenderJob {
  id: number;
  game: GameId;
  state: unknown;
  opts?: { players?: [string, string] };
}

export type RenderReply = { id: number; ok: true; png: Uint8Array } | { id: number; ok: false; error: string };

const BOOT = new URL('./worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./render-worker.ts', import.meta.url);
const JOB_TIMEOUT_MS = 15_000;

interface Slot {
  worker: Worker;
  ready: Promise<boolean>;
  jobs: Map<number, { resolve(b: Buffer): void; reject(e: Error): void; timer: NodeJS.Timeout }>;
  booted: boolean;
}

export class RenderPool {
  private slots: Slot[] = [];
  private nextId = 1;
  private closed = false;
  private failures = 0;

  // One worker per core (up to 4): the main thread only routes and waits, so
  // under a burst of moves every core draws (bench:bot, 50 games, 1 s think:
  // board p99 750 ms with one worker on 2 cores, 487 ms with two).
  constructor(private readonly size = Math.max(1, Math.min(4, availableParallelism()))) {}

  /** False once workers have failed to boot repeatedly: render in-process instead. */
  get usable(): boolean {
    return !this.closed && this.failures < 3;
  }

  /** Starts the workers now so the first board does not wait for a boot. */
  warm(): void {
    while (this.usable && this.slots.length < this.size) this.spawn();
  }

  async render(game: GameId, state: unknown, opts?: { players?: [string, string] }): Promise<Buffer> {
    this.warm();
    const slot = this.slots.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
    if (!(await slot.ready)) throw new Error('render worker failed to start');
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => {
        slot.jobs.delete(id);
        reject(new Error(`render timed out after ${JOB_TIMEOUT_MS} ms`));
        void slot.worker.terminate();
      }, JOB_TIMEOUT_MS);
      slot.jobs.set(id, { resolve, reject, timer });
      slot.worker.ref();
      try {
        slot.worker.postMessage({ id, game, state, opts } satisfies RenderJob);
      } catch (e) {
        clearTimeout(timer);
        slot.jobs.delete(id);
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  }

  private spawn(): void {
    const worker = new Worker(BOOT, { workerData: { entry: ENTRY.href } });
    let markReady!: (ok: boolean) => void;
    const slot: Slot = { worker, ready: new Promise<boolean>((r) => (markReady = r)), jobs: new Map(), booted: false };
    this.slots.push(slot);
    worker.unref();
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
      if (m.ok) job.resolve(Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength));
      else job.reject(new Error(m.error));
    });
    worker.on('error', () => {});
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
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots = [];
  }
}

let shared: RenderPool | null = null;

/**
 * renderBoard through the shared worker pool, falling back to the in-process
 * renderer when the workers cannot run (the board still gets drawn).
 */
export function pooledRender(inProcess: () => Promise<RenderBoard>): RenderBoard {
  return async (game, state, opts) => {
    shared ??= new RenderPool();
    if (shared.usable) {
      try {
        return await shared.render(game, state, opts);
      } catch (e) {
        if (shared.usable) throw e; // the renderer refused this state: no point drawing it here
      }
    }
    return (await inProcess())(game, state, opts);
  };
}

export function warmRenderPool(): void {
  shared ??= new RenderPool();
  shared.warm();
}

export async function closeRenderPool(): Promise<void> {
  const p = shared;
  shared = null;
  await p?.close();
}
