// Bot benchmark (printed, not asserted): latency from INTERACTION_CREATE to
// the initial callback (Discord's 3 s limit) and to the reply carrying the
// new board, with N games played at once through the real bot on the fake
// Discord. Each game plays Orion Duel's first ending (18 placements).
// Run: npm run bench:bot [-- --games 50 --think 1000 --in-process --no-validate --cpu-prof DIR --expert-games N]
// --cpu-prof DIR: the bot process writes a V8 CPU profile there (open it in Chrome's DevTools).
// --expert-games N: the games are played three times: a warm-up, alone, then while N games
//   against the expert AI run (their players answer each AI move at once with a
//   random legal move, so the AI's background lane stays full): the board reply
//   percentiles of both rounds say whether expert searches delay other players
//   (issue 19: p99 within 10 %).
// - By default the bot is its own process, npm start's entry run from source
//   (tsx src/index.ts, DISCORD_API_URL pointing at the stand-in), so the stand-in's
//   own parsing and schema checks do not count against the bot's latency.
// - --think MS: each player thinks 0.5–1.5 × MS (seeded) before each move, as
//   people do; --think 0 fires every next move the moment the board arrives
//   (a saturation test, not a latency one).
// Store: REDIS_URL, else 127.0.0.1:6379 if it answers, else the embedded store.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { closeRenderPool, startBot } from '../src/bot/index.js';
import { getGame } from '../src/engine/index.js';
import { makeRng, randInt } from '../src/engine/rng.js';
import { openStore } from '../src/store/index.js';
import {
  startFakeDiscord,
  type FakeChannel,
  type FakeDiscord,
  type FakeUser,
} from '../test/support/fake-discord/index.js';
import { startAiGame, startOrionGame } from './start-game.js';

const args = process.argv.slice(2);
const GAMES = Number(args[args.indexOf('--games') + 1]) || 50;
const VALIDATE = !args.includes('--no-validate');
const IN_PROCESS = args.includes('--in-process');
const THINK_MS = args.includes('--think') ? Number(args[args.indexOf('--think') + 1]) : 1000;
const PROFILE_DIR = args.includes('--cpu-prof') ? args[args.indexOf('--cpu-prof') + 1] : undefined;
const EXPERT_GAMES = args.includes('--expert-games') ? Number(args[args.indexOf('--expert-games') + 1]) : 0;
if (!Number.isInteger(EXPERT_GAMES) || EXPERT_GAMES < 0) throw new Error('--expert-games takes a whole number');
const MOVES =
  'V3 F8 NW R; V3 D3 NE R; T3 C7 SE; P2 B1 NE; L3 G6 SE; D2 I5 NW; V3 H3 S L; V3 E6 N L; P2 C6 NE; D2 H1 SE; D2 C2 NE; D2 J5 NE; L3 J1 S; V3 E10 NE R; L3 C3 SW; T3 H7 SW; T3 G1 S; T3 F4 SE'
    .split(';')
    .map((m) => m.trim());

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const line = (label: string, xs: number[]) =>
  console.log(
    `${label.padEnd(34)} n=${String(xs.length).padStart(4)}  p50 ${pct(xs, 50).toFixed(0).padStart(5)} ms  p90 ${pct(xs, 90).toFixed(0).padStart(5)} ms  p99 ${pct(xs, 99).toFixed(0).padStart(5)} ms  max ${Math.max(
      ...xs,
    )
      .toFixed(0)
      .padStart(5)} ms`,
  );

type BenchStore = Awaited<ReturnType<typeof openStore>>;

/**
 * N games against the expert AI, each with a player of its own who answers
 * every AI move at once with a random legal move, until stop(): the AI's
 * background lane is kept full. Returns how long each AI answer took.
 */
async function startExpertGames(fake: FakeDiscord, channel: FakeChannel, store: BenchStore) {
  const orion = getGame('orion');
  const rng = makeRng(7);
  const answers: number[] = [];
  let running = true;
  let lastSaid = '';
  const users = Array.from({ length: EXPERT_GAMES }, (_, k) => fake.addUser({ username: `x${k}` }));
  const t0 = performance.now();
  const threads: string[] = [];
  for (const user of users) threads.push(await startAiGame(fake, channel, user, 'expert'));
  // Watches the thread (in this process, no store traffic) and reads the game only when a new board is posted, so
  // the drivers add no load of their own beyond their moves.
  const play = async (user: FakeUser, threadId: string) => {
    let seen = 0;
    let asked = 0; // when the AI was handed the turn
    while (running) {
      const boards = fake.messages(threadId).filter((msg) => msg.attachments.length > 0).length;
      if (boards === seen) {
        await new Promise((r) => setTimeout(r, 250));
        continue;
      }
      seen = boards;
      const [rec] = await store.gameIndex.listActiveByUser(user.id);
      if (!rec) return; // the game is over
      if (rec.players[orion.toMove(rec.state)].bot) continue; // the board of the player's own move
      if (asked) answers.push(performance.now() - asked);
      const moves = orion.legalMoves(rec.state);
      const text = orion.formatMove(rec.state, moves[randInt(rng, moves.length)], 'canonical');
      asked = performance.now();
      const res = await fake.slash(user, threadId, 'move', [{ name: 'text', type: 3, value: text }]).done();
      // What the players read while the AI's lane is busy (the last line: "… is thinking — about …").
      const said = res.original?.content.split('\n').at(-1);
      if (said) lastSaid = said;
    }
  };
  const players = users.map((u, k) => play(u, threads[k]));
  // The lane is full once every game has handed the AI its first move.
  await new Promise((r) => setTimeout(r, 3_000));
  console.log(`${EXPERT_GAMES} expert games started in ${(performance.now() - t0).toFixed(0)} ms`);
  return {
    async stop() {
      running = false;
      await Promise.all(players);
      return { answers, lastSaid };
    },
  };
}

async function redisUrl(): Promise<string | undefined> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => {});
  try {
    await r.connect();
    await r.ping();
    return url;
  } catch {
    return undefined;
  } finally {
    r.disconnect();
  }
}

async function main(): Promise<void> {
  const url = await redisUrl();
  const fake = await startFakeDiscord({
    validate: VALIDATE,
    timeoutMs: Number(process.env.BENCH_TIMEOUT_MS ?? 60_000),
  });
  const guild = fake.addGuild({ name: 'Bench' });
  const channel = fake.addChannel(guild.id, { name: 'bench' });
  const players: [FakeUser, FakeUser][] = [];
  for (let i = 0; i < GAMES; i++)
    players.push([fake.addUser({ username: `a${i}` }), fake.addUser({ username: `b${i}` })]);
  const prefix = `hexmate-bench-bot:${Date.now().toString(36)}:`;
  const store = await openStore({ url, prefix, logger: { warn: () => {}, info: () => {} } });
  let bot: { stop(): Promise<void> } | undefined;
  let child: ChildProcess | undefined;
  if (IN_PROCESS || !url) {
    // The embedded store lives in one process: the bot must share it.
    bot = await startBot({
      token: fake.token,
      apiUrl: fake.apiBase,
      store,
      logger: pino({ level: process.env.LOG_LEVEL ?? 'silent' }),
      sweepIntervalMs: 0,
    });
  } else {
    const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
    child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/index.ts'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        DISCORD_TOKEN: fake.token,
        DISCORD_API_URL: fake.apiBase,
        REDIS_URL: url,
        REDIS_PREFIX: prefix,
        LOG_LEVEL: 'warn',
      },
    });
  }
  await fake.waitForReady();
  console.log(
    `bot bench: ${GAMES} Orion games at once, ${MOVES.length} moves each; bot ${child ? 'in its own process (src/index.ts)' : 'in this process'}; ` +
      `think ${THINK_MS} ms; store ${url ? 'redis' : 'embedded'}; fake validation ${VALIDATE ? 'on' : 'off'}`,
  );

  const loadLine = () =>
    `load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} on ${cpus().length} CPUs`;
  const rng = makeRng(42);

  /** One round: every pair starts a game (challenge + accept), then they all play it out at once. */
  async function round(label: string): Promise<void> {
    const t0 = performance.now();
    const startGame = ([a, b]: [FakeUser, FakeUser]): Promise<string> => startOrionGame(fake, channel, a, b);
    // Games start ten at a time (the fake, in this same process, parses every upload); the moves below all run at once.
    const threads: string[] = [];
    for (let i = 0; i < players.length; i += 10)
      threads.push(...(await Promise.all(players.slice(i, i + 10).map(startGame))));
    console.log(`${label}: ${GAMES} games started in ${(performance.now() - t0).toFixed(0)} ms; ${loadLine()}`);

    const ack: number[] = [];
    const board: number[] = [];
    const t1 = performance.now();
    await Promise.all(
      threads.map(async (threadId, g) => {
        for (let k = 0; k < MOVES.length; k++) {
          const user = players[g][k % 2];
          if (THINK_MS > 0) await new Promise((r) => setTimeout(r, THINK_MS * (0.5 + rng())));
          const start = performance.now();
          const i = fake.slash(user, threadId, 'move', [{ name: 'text', type: 3, value: MOVES[k] }]);
          const acked = i.response().then(() => ack.push(performance.now() - start));
          const res = await i.done();
          await acked;
          board.push(performance.now() - start);
          if (!res.original?.attachments.length)
            throw new Error(`move ${k + 1} of game ${g} got no board: ${JSON.stringify(res.callback.data)}`);
        }
      }),
    );
    const secs = (performance.now() - t1) / 1000;
    line(`${label}: INTERACTION_CREATE → callback`, ack);
    line(`${label}: INTERACTION_CREATE → board reply`, board);
    console.log(
      `${label}: throughput ${(board.length / secs).toFixed(1)} moves/s over ${secs.toFixed(1)} s; ${loadLine()}; schema violations ${fake.violations.length}`,
    );
  }

  if (EXPERT_GAMES === 0) {
    await round('players');
  } else {
    // A first round warms the bot up (JIT, render workers), so the two measured rounds differ only by the expert games.
    await round('warm-up');
    await round('without expert games');
    const expert = await startExpertGames(fake, channel, store);
    await round(`with ${EXPERT_GAMES} expert games`);
    const stats = await expert.stop();
    line(`expert AI: move → its answer`, stats.answers.length ? stats.answers : [0]);
    console.log(`expert AI: ${stats.answers.length} answers in ${EXPERT_GAMES} games during the round`);
    console.log(`expert AI: the last "thinking" line its players read: ${stats.lastSaid}`);
  }
  await bot?.stop();
  if (child) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await closeRenderPool();
  await fake.close();
  // Leave nothing behind on a shared Redis.
  if (url) {
    const r = new Redis(url);
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await r.del(...keys);
    } while (cursor !== '0');
    r.disconnect();
  }
  await store.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
