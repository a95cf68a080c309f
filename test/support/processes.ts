// Processes a test starts (the real entry point, the shard manager and its
// bot processes): each in a process group of its own, so a test that fails
// half-way still leaves none running — they would keep trying to reach a
// Discord stand-in that is gone, and load the machine for the next tests.
import {
  spawn,
  type ChildProcess,
  type ChildProcessByStdio,
  type SpawnOptionsWithStdioTuple,
  type StdioNull,
  type StdioPipe,
} from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const started = new Set<ChildProcess>();
const DIST_INDEX = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

/** spawn(), remembered for `stopAll` (a process group of its own: its children go with it). */
export function spawnTracked(
  command: string,
  args: string[],
  opts: SpawnOptionsWithStdioTuple<StdioNull, StdioPipe, StdioPipe>,
): ChildProcessByStdio<null, Readable, Readable> {
  const child = spawn(command, args, { ...opts, detached: true });
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

const running = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;

/** Stops every process still running: SIGTERM to its group, then SIGKILL after `graceMs`. */
export async function stopAll(graceMs = 3_000): Promise<void> {
  const left = [...started].filter(running);
  const signal = (c: ChildProcess, s: NodeJS.Signals) => {
    try {
      if (c.pid) process.kill(-c.pid, s);
    } catch {
      // Already gone between the check and the signal.
    }
  };
  for (const c of left) signal(c, 'SIGTERM');
  await Promise.all(
    left
      .map((c) => new Promise<void>((r) => (running(c) ? c.once('exit', () => r()) : r())))
      .map((p) => Promise.race([p, new Promise<void>((r) => setTimeout(r, graceMs))])),
  );
  for (const c of left) if (running(c)) signal(c, 'SIGKILL');
  // The group too: a shard manager's bot processes outlive a manager killed hard.
  for (const c of left) signal(c, 'SIGKILL');
}

/** A bot token of the right shape for the fake Discord (never a real one). */
export const FAKE_BOT_TOKEN = 'MTA1Mzg2NzM0NTY3ODkwMTIzNA.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB';

export interface BotProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves with the signal that ended it, or its exit code. */
  exited: Promise<NodeJS.Signals | number | null>;
  /** Everything it wrote so far (stdout and stderr), for a failing assertion's message. */
  output: () => string;
}

/**
 * The real entry point, compiled (`node dist/index.js`; the global setup builds dist/), as `npm start` runs it, against
 * a fake Discord at `apiBase` and Redis at `redisUrl` under `prefix`: the crash tests kill it with SIGKILL and start
 * another on the same store.
 * `env` adds or overrides variables (src/config.ts).
 */
export function startBotProcess(opts: {
  apiBase: string;
  redisUrl: string;
  prefix: string;
  env?: Record<string, string>;
}): BotProcess {
  // Compiled, not under tsx: what npm start runs, and each process (and its worker threads) starts without compiling
  // the sources again — the crash tests start six.
  const child = spawnTracked(process.execPath, [DIST_INDEX], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      DISCORD_TOKEN: FAKE_BOT_TOKEN,
      DISCORD_API_URL: opts.apiBase,
      REDIS_URL: opts.redisUrl,
      REDIS_PREFIX: opts.prefix,
      // One render worker (not one per core): these processes post a few boards, and a worker's start is CPU the
      // suite pays for each of the ~20 processes it starts.
      RENDER_WORKERS: '1',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<NodeJS.Signals | number | null>((r) =>
    child.on('exit', (code, signal) => r(signal ?? code)),
  );
  return { child, exited, output: () => out };
}
