// Capacity benchmark (printed, not asserted): GAMES games of Orion Duel at
// once, players thinking THINK ms (a range) before each move, against the
// compiled bot (node dist/index.js, as npm start runs it) in 1, 2 or 4
// processes sharing one Redis (with SHARDS: a shard manager and its bot
// processes, the guilds spread over the shards), the Discord stand-in and
// its players in a process of their own (bench/load-standin.ts).
//
//   npm run bench:load [-- --games 200 --think 2000-6000 --processes 2 --guilds 16 --no-validate]
//   npm run bench:load -- --processes 1,2,4        one run per process count, for scaling
//   npm run bench:load -- --processes 1 --cpu-prof DIR   V8 CPU profiles of the bot process (and its threads) in DIR
//
// Prints interactions per second, INTERACTION_CREATE → first answer and →
// board (p50/p99), CPU seconds of every process, and the counts: moves sent,
// answered with the board, refused, unanswered, then read back from Redis and
// from what the stand-in received: lost (answered but not in the move log),
// doubled (a board posted twice, or more moves logged than sent) and
// unannounced (a logged move no board shows). Needs Redis (REDIS_URL, else
// 127.0.0.1:6379).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { ROOT, ensureBuilt } from '../scripts/build.mjs';
import { openStore } from '../src/store/index.js';
import type { MoveSample, StandinConfig, StandinMessage, StandinReport } from './load-standin.js';

const args = process.argv.slice(2);
const arg = (name: string, dflt: string): string =>
  args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : dflt;
const GAMES = Number(arg('games', '200'));
const GUILDS = Number(arg('guilds', '16'));
const [THINK_MIN, THINK_MAX] = arg('think', '2000-6000').split('-').map(Number);
const PROCESS_COUNTS = arg('processes', '2').split(',').map(Number);
const VALIDATE = !args.includes('--no-validate');
const PROFILE_DIR = args.includes('--cpu-prof') ? arg('cpu-prof', 'bench-profiles') : undefined;
const CLK_TCK = 100; // Linux's USER_HZ: /proc times are in hundredths of a second

const pct = (xs: number[], p: number): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x: number) => (Number.isNaN(x) ? '   -' : `${x.toFixed(0).padStart(5)} ms`);

/** CPU seconds a process has used so far (user + system, its threads included), or null once it is gone. */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return null;
  }
}

/** CPU seconds of a process's main thread (its event loop) alone. */
function mainThreadSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return null;
  }
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** The Redis server's process id when it runs on this machine (its CPU counts against the same cores), else null. */
async function redisProcess(url: string): Promise<number | null> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => undefined);
  try {
    await r.connect();
    const pid = Number(/process_id:(\d+)/.exec(await r.info('server'))?.[1]);
    return Number.isInteger(pid) && fs.existsSync(`/proc/${pid}`) ? pid : null;
  } catch {
    return null;
  } finally {
    r.disconnect();
  }
}

async function redisUrl(): Promise<string> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => undefined);
  try {
    await r.connect();
    await r.ping();
    return url;
  } catch {
    throw new Error(`bench:load needs Redis: none answers at ${url} (set REDIS_URL)`);
  } finally {
    r.disconnect();
  }
}

async function runOnce(url: string, processes: number): Promise<void> {
  const prefix = `hexmate-bench-load:${Date.now().toString(36)}:`;
  const standin = fork(path.join(ROOT, 'bench/load-standin.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  standin.on('exit', (code, signal) => {
    if (!messages.some((m) => m.kind === 'done' || m.kind === 'error'))
      messages.push({ kind: 'error', message: `the stand-in exited (${signal ?? code}) before its report` });
    for (const w of waiters.splice(0)) w();
  });
  const messages: StandinMessage[] = [];
  let stopping = false;
  const waiters: Array<() => void> = [];
  standin.on('message', (m: StandinMessage) => {
    messages.push(m);
    for (const w of waiters.splice(0)) w();
  });
  const next = async <K extends StandinMessage['kind']>(kind: K): Promise<Extract<StandinMessage, { kind: K }>> => {
    for (;;) {
      const err = messages.find((m) => m.kind === 'error');
      if (err && err.kind === 'error') throw new Error(`stand-in: ${err.message}`);
      const m = messages.find((x) => x.kind === kind);
      if (m) return m as Extract<StandinMessage, { kind: K }>;
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  const config: StandinConfig = {
    games: GAMES,
    guilds: GUILDS,
    shards: processes,
    thinkMin: THINK_MIN,
    thinkMax: THINK_MAX,
    validate: VALIDATE,
    seed: 7,
  };
  standin.send({ kind: 'config', config });
  const up = await next('up');

  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DISCORD_TOKEN: up.token,
    DISCORD_API_URL: up.apiBase,
    REDIS_URL: url,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    ...(processes > 1
      ? { SHARDS: String(processes), SHARD_PROCESSES: String(processes), SHARD_SPAWN_DELAY_MS: '200' }
      : {}),
  };
  // Profiles of the bot process (one process only: the shard manager starts its own).
  const profile = PROFILE_DIR && processes === 1 ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [];
  const bot: ChildProcess = spawn(process.execPath, [...profile, path.join(ROOT, 'dist/index.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let botDone = false;
  bot.on('exit', (code, signal) => {
    botDone = true;
    if (!stopping) messages.push({ kind: 'error', message: `the bot exited (${signal ?? code})` });
    for (const w of waiters.splice(0)) w();
  });
  standin.send({ kind: 'bots', sessions: processes });
  const started = await next('started');
  const botPids = processes > 1 ? childrenOf(bot.pid!) : [bot.pid!];
  const redisPid = await redisProcess(url);
  const watched = [
    { name: 'stand-in + players', pid: standin.pid! },
    ...(redisPid ? [{ name: 'redis-server', pid: redisPid }] : []),
    ...(processes > 1 ? [{ name: 'shard manager', pid: bot.pid! }] : []),
    ...botPids.map((pid, n) => ({ name: `bot process ${n}`, pid })),
  ];
  const cpu0 = watched.map((w) => cpuSeconds(w.pid) ?? 0);
  const main0 = watched.map((w) => mainThreadSeconds(w.pid) ?? 0);
  const done = await next('done');
  const cpu1 = watched.map((w, n) => (cpuSeconds(w.pid) ?? cpu0[n]) - cpu0[n]);
  const main1 = watched.map((w, n) => (mainThreadSeconds(w.pid) ?? main0[n]) - main0[n]);
  const report: StandinReport = done.report;

  stopping = true;
  const exited = new Promise((r) => (botDone ? r(null) : bot.once('exit', r)));
  bot.kill('SIGTERM');
  await exited;

  // What Redis says happened, against what was answered and posted.
  const store = await openStore({ url, prefix, logger: { warn: () => undefined, info: () => undefined } });
  const byGame = new Map<number, MoveSample[]>();
  for (const s of report.samples) byGame.set(s.game, [...(byGame.get(s.game) ?? []), s]);
  let applied = 0;
  let lost = 0;
  let doubled = 0;
  let unannounced = 0;
  for (const b of report.boards) {
    const samples = byGame.get(b.game) ?? [];
    const logged = b.gameId ? ((await store.games.get(b.gameId))?.moves.length ?? 0) : 0;
    applied += logged;
    const acked = samples.filter((s) => s.outcome === 'board').length;
    lost += Math.max(0, acked - logged);
    doubled += Math.max(0, logged - samples.length);
    const seen = new Map<number, number>();
    for (const m of b.moves) seen.set(m, (seen.get(m) ?? 0) + 1);
    for (const n of seen.values()) doubled += Math.max(0, n - 1);
    for (let m = 1; m <= logged; m++) if (!seen.has(m)) unannounced++;
  }
  const r = new Redis(url);
  let cursor = '0';
  do {
    const [nextCursor, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = nextCursor;
    if (keys.length) await r.del(...keys);
  } while (cursor !== '0');
  r.disconnect();
  await store.close();

  const answers = report.samples.flatMap((s) => (s.answerMs === null ? [] : [s.answerMs]));
  const boards = report.samples.flatMap((s) => (s.boardMs === null ? [] : [s.boardMs]));
  const count = (o: MoveSample['outcome']) => report.samples.filter((s) => s.outcome === o).length;
  console.log(
    `\n== ${processes} bot process${processes > 1 ? 'es' : ''}: ${GAMES} games started in ${(started.ms / 1000).toFixed(1)} s; moves over ${report.seconds.toFixed(1)} s`,
  );
  console.log(`interactions (moves): ${(report.samples.length / report.seconds).toFixed(1)}/s`);
  console.log(
    `INTERACTION_CREATE → first answer   p50 ${ms(pct(answers, 50))}  p99 ${ms(pct(answers, 99))}  max ${ms(Math.max(...answers))}`,
  );
  console.log(
    `INTERACTION_CREATE → board          p50 ${ms(pct(boards, 50))}  p99 ${ms(pct(boards, 99))}  max ${ms(Math.max(...boards))}`,
  );
  const moves = Math.max(1, count('board'));
  for (const [n, w] of watched.entries()) {
    console.log(
      `CPU ${w.name.padEnd(20)} ${cpu1[n].toFixed(1).padStart(6)} s  (${((100 * cpu1[n]) / report.seconds).toFixed(0)}% of a core; ` +
        `${((1000 * cpu1[n]) / moves).toFixed(1)} ms a move, of which main thread ${((1000 * main1[n]) / moves).toFixed(1)} ms)`,
    );
  }
  console.log(
    `moves: sent ${report.samples.length}, answered with the board ${count('board')}, refused ${count('refused')}, unanswered ${count('no-answer')}; ` +
      `in Redis ${applied}; lost ${lost}, doubled ${doubled}, unannounced ${unannounced}; schema violations ${report.violations}`,
  );
}

async function main(): Promise<void> {
  const url = await redisUrl();
  ensureBuilt({ typeCheck: false, stdio: 'inherit', log: (m: string) => console.log(m) });
  console.log(
    `load bench: ${GAMES} Orion games, think ${THINK_MIN}–${THINK_MAX} ms, ${GUILDS} guilds; fake validation ${VALIDATE ? 'on' : 'off'}; ` +
      `load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} on ${cpus().length} CPUs`,
  );
  for (const p of PROCESS_COUNTS) await runOnce(url, p);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
