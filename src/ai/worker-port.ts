// The worker's side of its channel to the AI pool (pool.ts), whichever way the pool started it: a worker thread
// (the foreground lane) or a child process of its own (the background lane: its own V8 heap, garbage collector and
// helper threads, all at the lowest priority). The messages are the same either way (protocol.ts).
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

export interface WorkerPort {
  /** Receives the pool's jobs. */
  onMessage(listener: (job: unknown) => void): void;
  post(message: unknown): void;
  /** What the pool passed at the start: the entry module and whether it runs in the background lane. */
  data: { entry?: unknown; background?: unknown };
  /** True in a child process (the whole process is this worker's), false in a worker thread. */
  process: boolean;
}

/** The boot data a child process gets as its first argument (pool.ts), JSON. */
export function processData(): { entry?: unknown; background?: unknown } {
  try {
    const d: unknown = JSON.parse(process.argv[2] ?? '{}');
    return d && typeof d === 'object' ? (d as { entry?: unknown; background?: unknown }) : {};
  } catch {
    return {};
  }
}

export function workerPort(): WorkerPort {
  if (!isMainThread && parentPort) {
    const port = parentPort;
    return {
      onMessage: (l) => port.on('message', l),
      post: (m) => port.postMessage(m),
      data: (workerData as WorkerPort['data'] | null) ?? {},
      process: false,
    };
  }
  const send = process.send?.bind(process);
  if (!send) throw new Error('an AI worker runs only as a worker thread or a child process forked by the AI pool');
  // The pool is gone (it stopped, or died even by kill -9: its end of the channel closes): nothing is left to answer.
  process.once('disconnect', () => process.exit(0));
  return {
    onMessage: (l) => process.on('message', l),
    post: (m) => {
      send(m);
    },
    data: processData(),
    process: true,
  };
}
