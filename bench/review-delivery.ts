// The review's delivery (issue 20), printed, not asserted: games ending at once through the real bot (npm start's
// entry, its own process, reviews on, graded in the AI's background lane) — the time from each game's end to its
// review posted in its thread (p50 / p95) — and the players' move answers (INTERACTION_CREATE → the board reply,
// p50 / p99) of other games played all along, with no review running and while reviews run, and the AI's turns
// (hard, the players' level: a player's move → the AI's board) in games against it played all along too.
// The two conditions alternate (--cycles times: a quiet phase, then --ending games end at once and the phase lasts
// until their reviews are all posted), so that both meet the host's same moods: on these shared machines a p99 moves
// by tens of per cent between two runs a few minutes apart. A reply counts for a condition when it starts and ends
// in it; one that straddles the change counts for neither.
// Run: npm run bench:review -- --delivery [--ending 10 --games 20 --ai-games 2 --think 1000 --cycles 3 --quiet 30]
// (BENCH_BOT_LOG=info shows the bot's log). The machinery is bench/bot.ts's: the stand-in in this process, its players thinking
// 0.5–1.5 × --think ms, Orion Duel's first ending (its 18th placement ends the game).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { getGame } from '../src/engine/index.js';
import { makeRng, randInt } from '../src/engine/rng.js';
import { openStore } from '../src/store/index.js';
import {
  startFakeDiscord,
  type FakeChannel,
  type FakeDiscord,
  type FakeMessage,
  type FakeUser,
} from '../test/support/fake-discord/index.js';
import { startAiGame, startOrionGame } from './start-game.js';

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
  /** Other games whose moves are timed all along (each pair plays game after game). */
  games: number;
  /** Their players think 0.5–1.5 × this before each move, ms. */
  thinkMs: number;
  /** The bot's AI_BACKGROUND_WORKERS (absent: its default, one per core). */
  workers?: number;
  /** Games against the hard AI played all along (a new one before each would end: it would be reviewed). */
  aiGames: number;
  /** Quiet phase, then reviews phase, this many times. */
  cycles: number;
  /** A quiet phase's length, ms. */
  quietMs: number;
  redisUrl: string;
}

const argOf = (args: string[], name: string, dflt: number): number =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : dflt;

export function deliveryOptions(args: string[]): DeliveryOptions {
  return {
    ending: argOf(args, '--ending', 10),
    games: argOf(args, '--games', 20),
    thinkMs: argOf(args, '--think', 1000),
    aiGames: argOf(args, '--ai-games', 2),
    cycles: argOf(args, '--cycles', 3),
    quietMs: argOf(args, '--quiet', 30) * 1000,
    ...(args.includes('--workers') ? { workers: argOf(args, '--workers', 1) } : {}),
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

const isReview = (m: FakeMessage): boolean =>
  !!(m.embeds[0] as { title?: string } | undefined)?.title?.startsWith('Game review');

/** Plays `moves` in a game's thread (alternating its two players); each board reply's start and end. */
async function play(
  fake: FakeDiscord,
  threadId: string,
  pair: [FakeUser, FakeUser],
  moves: { k: number; text: string }[],
  thinkMs: number,
  rng: () => number,
  stop: () => boolean = () => false,
): Promise<[number, number][]> {
  const times: [number, number][] = [];
  for (const { k, text } of moves) {
    if (thinkMs > 0) await new Promise((r) => setTimeout(r, thinkMs * (0.5 + rng())));
    if (stop()) break;
    const t = performance.now();
    const res = await fake.slash(pair[k % 2], threadId, 'move', [{ name: 'text', type: 3, value: text }]).done();
    times.push([t, performance.now()]);
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
  /**
   * The bot's CPU seconds so far, from /proc (NaN elsewhere): its process, all threads (the reviews' workers among
   * them), and its child processes if it has any.
   */
  const botCpu = (): number => {
    const cpuOf = (pid: number): number => {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) / 100; // utime, stime (fields 14, 15) in ticks of 1/100 s
    };
    const childrenOf = (pid: number): number[] =>
      readdirSync(`/proc/${pid}/task`).flatMap((t) =>
        readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      );
    try {
      const pid = child.pid!;
      return cpuOf(pid) + childrenOf(pid).reduce((sum, c) => sum + cpuOf(c), 0);
    } catch {
      return Number.NaN;
    }
  };
  const rng = makeRng(42);
  let store: Awaited<ReturnType<typeof openStore>> | null = null;
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
    // A first round warms the bot up (JIT, render workers) before anything is counted.
    const warmUp = async (label: string): Promise<void> => {
      const ps = pairs(o.games, label.slice(0, 2));
      const threads = await open(ps);
      const t0 = performance.now();
      const all = (await Promise.all(threads.map((th, g) => play(fake, th, ps[g], timed, o.thinkMs, rng))))
        .flat()
        .map(([a, b]) => b - a);
      console.log(
        `${label.padEnd(28)} n=${String(all.length).padStart(4)}  board reply p50 ${ms(pct(all, 50))}  p99 ${ms(pct(all, 99))}  max ${ms(Math.max(...all))}  (${((performance.now() - t0) / 1000).toFixed(1)} s; ${loadLine()})`,
      );
    };
    await warmUp('warm-up');

    // Every cycle's ending games, played to one move before their end up front (no reply of theirs is timed).
    const last = { k: MOVES.length - 1, text: MOVES.at(-1)! };
    const batches: string[][] = [];
    const batchPairs: [FakeUser, FakeUser][][] = [];
    for (let c = 0; c < o.cycles; c++) {
      const ep = pairs(o.ending, `e${c}`);
      const ends = await open(ep);
      await Promise.all(ends.map((th, g) => play(fake, th, ep[g], timed, 0, rng)));
      batches.push(ends);
      batchPairs.push(ep);
    }

    // The players, all along: each pair plays the first 17 moves of a game (none ends), then opens another.
    let playing = true;
    const replies: [number, number][] = [];
    const players = pairs(o.games, 'pl').map(async (pair) => {
      while (playing) {
        const th = await startOrionGame(fake, channel, pair[0], pair[1]);
        replies.push(...(await play(fake, th, pair, timed, o.thinkMs, rng, () => !playing)));
      }
    });

    // The AI's turns: each player answers the AI after thinking, picks a random legal move, and leaves the game for a
    // new one (a new player: the AI games one may have are few) after 4 moves: a game that ended would be reviewed
    // too (random moves against the AI can lose early), and these reviews would queue before the cycle's.
    store = await openStore({ url: o.redisUrl, prefix, logger: { warn: () => {}, info: () => {} } });
    const games = store;
    const orion = getGame('orion');
    const aiTurns: [number, number][] = [];
    let aiUser = 0;
    let aiEnded = 0;
    let aiLate = 0;
    const boardsIn = (th: string) => fake.messages(th).filter((m) => m.attachments.length > 0).length;
    const aiPlayers = Array.from({ length: o.aiGames }, async () => {
      while (playing) {
        const user = fake.addUser({ username: `ai${aiUser++}` });
        const th = await startAiGame(fake, channel, user, 'hard');
        while (boardsIn(th) === 0) await new Promise((res) => setTimeout(res, 20));
        for (let k = 0; k < 4 && playing; k++) {
          await new Promise((res) => setTimeout(res, o.thinkMs * (0.5 + rng())));
          const [rec] = await games.gameIndex.listActiveByUser(user.id);
          if (!rec) {
            aiEnded++;
            break;
          }
          const moves = orion.legalMoves(rec.state);
          const text = orion.formatMove(rec.state, moves[randInt(rng, moves.length)], 'canonical');
          // From the player's move sent to the AI's board in the thread (after the player's own), polled every 10 ms;
          // one not there within 60 s is counted apart, not timed.
          const before = boardsIn(th);
          const t0 = performance.now();
          const res = await fake.slash(user, th, 'move', [{ name: 'text', type: 3, value: text }]).done();
          if (!res.original?.attachments.length) throw new Error(`AI game: no board: ${JSON.stringify(res.callback)}`);
          while (boardsIn(th) < before + 2 && performance.now() - t0 < 60_000)
            await new Promise((res2) => setTimeout(res2, 10));
          if (boardsIn(th) < before + 2) aiLate++;
          else aiTurns.push([t0, performance.now()]);
        }
      }
    });

    /** [from, to] of each phase, by condition. */
    const quiet: [number, number][] = [];
    const busy: [number, number][] = [];
    const lat: number[] = [];
    const cpu0 = botCpu();
    const own0 = process.cpuUsage();
    let posts = 0;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    for (let c = 0; c < o.cycles; c++) {
      const q0 = performance.now();
      await sleep(o.quietMs);
      quiet.push([q0, performance.now()]);
      const ends = batches[c];
      const endedAt: number[] = [];
      const b0 = performance.now();
      await Promise.all(
        ends.map(async (th, g) => {
          await play(fake, th, batchPairs[c][g], [last], 0, rng);
          endedAt[g] = performance.now();
        }),
      );
      const postedAt: (number | null)[] = ends.map(() => null);
      const deadline = performance.now() + 15 * 60_000;
      while (postedAt.some((x) => x === null) && performance.now() < deadline) {
        ends.forEach((th, g) => {
          if (postedAt[g] === null && fake.messages(th).some(isReview)) postedAt[g] = performance.now();
        });
        await sleep(100);
      }
      busy.push([b0, performance.now()]);
      const l = postedAt.flatMap((p, g) => (p === null ? [] : [p - endedAt[g]]));
      lat.push(...l);
      posts += ends.filter((th) => fake.messages(th).filter(isReview).length > 1).length;
      console.log(
        `cycle ${c + 1}: ${o.ending} games ended at once → reviews posted p50 ${ms(pct(l, 50))}  max ${ms(Math.max(...l))}  (missing ${o.ending - l.length}; ${loadLine()})`,
      );
    }
    const q0 = performance.now();
    await sleep(o.quietMs);
    quiet.push([q0, performance.now()]);
    playing = false;
    const cpu = botCpu() - cpu0;
    const ownUsage = process.cpuUsage(own0);
    await Promise.all([...players, ...aiPlayers]);

    const within = (xs: [number, number][], phases: [number, number][]) =>
      xs.filter(([t0, t1]) => phases.some(([a, b]) => t0 >= a && t1 <= b)).map(([t0, t1]) => t1 - t0);
    const report = (label: string, what: string, xs: [number, number][], phases: [number, number][]) => {
      const all = within(xs, phases);
      const each = phases.map((p) => ms(pct(within(xs, [p]), 99)).trim()).join(', ');
      console.log(
        `${label.padEnd(28)} n=${String(all.length).padStart(5)}  ${what} p50 ${ms(pct(all, 50))}  p99 ${ms(pct(all, 99))}  max ${ms(Math.max(...all))}  (each phase's p99: ${each})`,
      );
    };
    report('players, no review running', 'board reply', replies, quiet);
    report('players, reviews running', 'board reply', replies, busy);
    report('AI (hard), no review running', 'move → AI board', aiTurns, quiet);
    report('AI (hard), reviews running', 'move → AI board', aiTurns, busy);
    console.log(`AI games that ended (and were reviewed too): ${aiEnded}; AI turns not seen within 60 s: ${aiLate}`);
    console.log(
      `game end → review posted        n=${String(lat.length).padStart(4)}  p50 ${ms(pct(lat, 50))}  p95 ${ms(pct(lat, 95))}  max ${ms(Math.max(...lat))}  (${o.cycles} × ${o.ending} at once; missing: ${o.cycles * o.ending - lat.length})`,
    );
    const own = (ownUsage.user + ownUsage.system) / 1e6;
    console.log(
      `bot CPU (its process, all threads) over the cycles: ${cpu.toFixed(1)} s (the players' moves included), ${(cpu / Math.max(1, lat.length)).toFixed(1)} s a review`,
    );
    // The stand-in shares the cores here (Discord would not): what it took from the bot over the same time.
    console.log(`this process (the Discord stand-in and the players) meanwhile: ${own.toFixed(1)} CPU-s`);
    console.log(`reviews posted twice: ${posts}; schema violations ${fake.violations.length}`);
  } finally {
    await store?.close();
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
