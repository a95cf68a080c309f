// The review's delivery (issue 20), printed, not asserted: 10 games ending at
// once through the real bot (npm start's entry, its own process, reviews on,
// graded in the AI's background lane) — the time from each game's end to its
// review posted in its thread (p50 / p95) — and the players' move answers
// (INTERACTION_CREATE → the board reply, p50 / p99) of other games played
// before the reviews (none running) and while they run.
// Run: npm run bench:review -- --delivery [--ending 10 --games 20 --think 1000] (BENCH_BOT_LOG=info shows the bot's
// log: each review graded and posted, with its time). The machinery is bench/bot.ts's: the stand-in in this
// process, its players thinking 0.5–1.5 × --think ms, Orion Duel's first ending (its 18th placement ends the game).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { makeRng } from '../src/engine/rng.js';
import {
  startFakeDiscord,
  type FakeChannel,
  type FakeDiscord,
  type FakeMessage,
  type FakeUser,
} from '../test/support/fake-discord/index.js';
import { startOrionGame } from './start-game.js';

const MOVES =
  'V3 F8 NW R; V3 D3 NE R; T3 C7 SE; P2 B1 NE; L3 G6 SE; D2 I5 NW; V3 H3 S L; V3 E6 N L; P2 C6 NE; D2 H1 SE; D2 C2 NE; D2 J5 NE; L3 J1 S; V3 E10 NE R; L3 C3 SW; T3 H7 SW; T3 G1 S; T3 F4 SE'
    .split(';')
    .map((m) => m.trim());

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : Number.NaN;
};
const ms = (x: number): string => `${x.toFixed(0).padStart(6)} ms`;
const loadLine = (): string =>
  `load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${cpus().length} CPUs`;

export interface DeliveryOptions {
  /** Games that end at the same moment (their reviews are the load). */
  ending: number;
  /** Other games whose moves are timed, before and while the reviews run. */
  games: number;
  /** Their players think 0.5–1.5 × this before each move, ms. */
  thinkMs: number;
  /** The bot's AI_BACKGROUND_WORKERS (absent: its default, one per core). */
  workers?: number;
  redisUrl: string;
}

const argOf = (args: string[], name: string, dflt: number): number =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : dflt;

export function deliveryOptions(args: string[]): DeliveryOptions {
  return {
    ending: argOf(args, '--ending', 10),
    games: argOf(args, '--games', 20),
    thinkMs: argOf(args, '--think', 1000),
    ...(args.includes('--workers') ? { workers: argOf(args, '--workers', 1) } : {}),
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

const isReview = (m: FakeMessage): boolean =>
  !!(m.embeds[0] as { title?: string } | undefined)?.title?.startsWith('Game review');

/** Plays `moves` in a game's thread (alternating its two players); the board reply time of each. */
async function play(
  fake: FakeDiscord,
  threadId: string,
  pair: [FakeUser, FakeUser],
  moves: { k: number; text: string }[],
  thinkMs: number,
  rng: () => number,
): Promise<number[]> {
  const times: number[] = [];
  for (const { k, text } of moves) {
    if (thinkMs > 0) await new Promise((r) => setTimeout(r, thinkMs * (0.5 + rng())));
    const t = performance.now();
    const res = await fake.slash(pair[k % 2], threadId, 'move', [{ name: 'text', type: 3, value: text }]).done();
    times.push(performance.now() - t);
    if (!res.original?.attachments.length)
      throw new Error(`move ${k + 1} got no board: ${JSON.stringify(res.callback)}`);
  }
  return times;
}

export async function benchDelivery(o: DeliveryOptions): Promise<void> {
  const fake = await startFakeDiscord({ timeoutMs: 120_000 });
  const guild = fake.addGuild({ name: 'Review bench' });
  const channel: FakeChannel = fake.addChannel(guild.id, { name: 'bench' });
  const prefix = `hexmate-bench-review:${Date.now().toString(36)}:`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    stdio: ['ignore', process.env.BENCH_BOT_LOG ? 'inherit' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      DISCORD_TOKEN: fake.token,
      DISCORD_API_URL: fake.apiBase,
      REDIS_URL: o.redisUrl,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: process.env.BENCH_BOT_LOG ?? 'warn',
      ...(o.workers !== undefined ? { AI_BACKGROUND_WORKERS: String(o.workers) } : {}),
    },
  });
  /** The bot process's CPU seconds so far (all its threads: the reviews' workers too), from /proc; NaN elsewhere. */
  const botCpu = (): number => {
    try {
      const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) / 100; // utime, stime (fields 14, 15) in ticks of 1/100 s
    } catch {
      return Number.NaN;
    }
  };
  const rng = makeRng(42);
  try {
    await fake.waitForReady(1, 60_000);
    console.log(
      `review delivery: ${o.ending} games ending at once, ${o.games} other games timed (think ${o.thinkMs} ms); bot in its own process, AI_BACKGROUND_WORKERS ${o.workers ?? 'unset (one per core)'}; ${loadLine()}`,
    );
    const pairs = (n: number, tag: string): [FakeUser, FakeUser][] =>
      Array.from({ length: n }, (_, i) => [
        fake.addUser({ username: `${tag}a${i}` }),
        fake.addUser({ username: `${tag}b${i}` }),
      ]);
    const open = async (ps: [FakeUser, FakeUser][]): Promise<string[]> => {
      const out: string[] = [];
      for (let i = 0; i < ps.length; i += 10)
        out.push(...(await Promise.all(ps.slice(i, i + 10).map(([a, b]) => startOrionGame(fake, channel, a, b)))));
      return out;
    };
    // The timed games play the ending's first 17 moves: none of them ends (no review of their own).
    const timed = MOVES.slice(0, -1).map((text, k) => ({ k, text }));
    const round = async (label: string): Promise<number[]> => {
      const ps = pairs(o.games, label.slice(0, 2));
      const threads = await open(ps);
      const t0 = performance.now();
      const all = (await Promise.all(threads.map((th, g) => play(fake, th, ps[g], timed, o.thinkMs, rng)))).flat();
      console.log(
        `${label.padEnd(28)} n=${String(all.length).padStart(4)}  board reply p50 ${ms(pct(all, 50))}  p99 ${ms(pct(all, 99))}  max ${ms(Math.max(...all))}  (${((performance.now() - t0) / 1000).toFixed(1)} s; ${loadLine()})`,
      );
      return all;
    };
    await round('warm-up');
    await round('players, no review running');

    // The games that end: played to one move before their end, then all end at once.
    const ep = pairs(o.ending, 'end');
    const ends = await open(ep);
    await Promise.all(ends.map((th, g) => play(fake, th, ep[g], timed, 0, rng)));
    const last = { k: MOVES.length - 1, text: MOVES.at(-1)! };
    const cpu0 = botCpu();
    const own0 = process.cpuUsage();
    const endedAt: number[] = [];
    await Promise.all(
      ends.map(async (th, g) => {
        await play(fake, th, ep[g], [last], 0, rng);
        endedAt[g] = performance.now();
      }),
    );
    const postedAt: (number | null)[] = ends.map(() => null);
    let watching = true;
    const watch = (async () => {
      while (watching && postedAt.some((x) => x === null)) {
        ends.forEach((th, g) => {
          if (postedAt[g] === null && fake.messages(th).some(isReview)) postedAt[g] = performance.now();
        });
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await round(`players, ${o.ending} reviews running`);
    const still = postedAt.filter((x) => x === null).length;
    console.log(`reviews still running when that round ended: ${still} of ${o.ending}`);
    const deadline = performance.now() + 15 * 60_000;
    while (postedAt.some((x) => x === null) && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    watching = false;
    await watch;
    const cpu = botCpu() - cpu0;
    const ownUsage = process.cpuUsage(own0);
    const own = (ownUsage.user + ownUsage.system) / 1e6;
    const lat = postedAt.flatMap((p, g) => (p === null ? [] : [p - endedAt[g]]));
    console.log(
      `game end → review posted        n=${String(lat.length).padStart(4)}  p50 ${ms(pct(lat, 50))}  p95 ${ms(pct(lat, 95))}  max ${ms(Math.max(...lat))}  (missing: ${o.ending - lat.length}; ${loadLine()})`,
    );
    console.log(
      `bot process CPU from the endings to the last review: ${cpu.toFixed(1)} s (the timed players' moves included), ${(cpu / Math.max(1, lat.length)).toFixed(1)} s a review`,
    );
    // The stand-in shares the cores here (Discord would not): what it took from the bot over the same time.
    console.log(`this process (the Discord stand-in and the players) meanwhile: ${own.toFixed(1)} CPU-s`);
    console.log(
      `reviews posted twice: ${ends.filter((th) => fake.messages(th).filter(isReview).length > 1).length}; schema violations ${fake.violations.length}`,
    );
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    await fake.close();
    const r = new Redis(o.redisUrl);
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await r.del(...keys);
    } while (cursor !== '0');
    r.disconnect();
  }
}
