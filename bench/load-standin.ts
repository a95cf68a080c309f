// bench:load's Discord stand-in and its players, in a process of their own
// (forked by bench/load.ts, which talks to it over IPC): the fake Discord,
// the guilds, channels and users, then GAMES games of Orion Duel played at
// once, each player thinking THINK_MIN..THINK_MAX ms before each move. It
// measures, for every move, INTERACTION_CREATE → first answer and → the
// board, and reports them with every board message it received.
import { performance } from 'node:perf_hooks';
import { makeRng } from '../src/engine/rng.js';
import { startFakeDiscord, type FakeGuild, type FakeUser } from '../test/support/fake-discord/index.js';
import { shardOf } from '../test/support/fake-discord/snowflake.js';
import { startOrionGame } from './start-game.js';

export interface StandinConfig {
  games: number;
  guilds: number;
  /** Gateway shards the bot runs: the guilds are spread evenly over them. */
  shards: number;
  thinkMin: number;
  thinkMax: number;
  validate: boolean;
  seed: number;
}

export type StandinMessage =
  | { kind: 'up'; apiBase: string; token: string }
  | { kind: 'started'; games: number; ms: number }
  | { kind: 'done'; report: StandinReport }
  | { kind: 'error'; message: string };

export interface MoveSample {
  game: number;
  move: number;
  answerMs: number | null;
  boardMs: number | null;
  outcome: 'board' | 'refused' | 'no-answer';
}

export interface StandinReport {
  samples: MoveSample[];
  seconds: number;
  /** Game id (from the board file names) and the move numbers of every board posted in each game's channel. */
  boards: Array<{ game: number; gameId: string | null; moves: number[] }>;
  violations: number;
  nonceHits: number;
}

// Orion Duel's first ending from the rules (preset 1): 18 placements.
const MOVES =
  'V3 F8 NW R; V3 D3 NE R; T3 C7 SE; P2 B1 NE; L3 G6 SE; D2 I5 NW; V3 H3 S L; V3 E6 N L; P2 C6 NE; D2 H1 SE; D2 C2 NE; D2 J5 NE; L3 J1 S; V3 E10 NE R; L3 C3 SW; T3 H7 SW; T3 G1 S; T3 F4 SE'
    .split(';')
    .map((m) => m.trim());

const send = (m: StandinMessage) => process.send?.(m);
/** Sends the last message, then exits once it is out (exiting at once can drop a large report still in the pipe). */
const sendAndExit = (m: StandinMessage, code: number) => {
  if (!process.send) process.exit(code);
  process.send(m, () => process.exit(code));
};

async function run(cfg: StandinConfig, botsReady: Promise<number>): Promise<StandinReport> {
  const fake = await startFakeDiscord({ validate: cfg.validate, timeoutMs: 120_000 });
  // Guild ids are snowflakes (a timestamp in their high bits): ids made in one burst fall on one shard.
  // Make guilds until every shard has its share, so the processes get even loads.
  const perShard = Math.ceil(cfg.guilds / cfg.shards);
  const byShard: FakeGuild[][] = Array.from({ length: cfg.shards }, () => []);
  for (let made = 0; byShard.some((g) => g.length < perShard); made++) {
    const g = fake.addGuild({ name: `Load ${made}` });
    const list = byShard[shardOf(g.id, cfg.shards)];
    if (list.length < perShard) list.push(g);
    if (made % 4 === 3) await new Promise((r) => setTimeout(r, 2));
  }
  const guilds = Array.from(
    { length: perShard * cfg.shards },
    (_, i) => byShard[i % cfg.shards][Math.floor(i / cfg.shards)],
  );
  const channels = guilds.map((g) => fake.addChannel(g.id, { name: 'games' }));
  const players: [FakeUser, FakeUser][] = [];
  for (let i = 0; i < cfg.games; i++)
    players.push([fake.addUser({ username: `a${i}` }), fake.addUser({ username: `b${i}` })]);
  send({ kind: 'up', apiBase: fake.apiBase, token: fake.token });
  await fake.waitForReady(await botsReady, 120_000);

  const t0 = performance.now();
  const start = async (g: number): Promise<string> => {
    const [a, b] = players[g];
    return startOrionGame(fake, channels[g % channels.length], a, b);
  };
  const threads: string[] = [];
  for (let i = 0; i < cfg.games; i += 20)
    threads.push(...(await Promise.all(Array.from({ length: Math.min(20, cfg.games - i) }, (_, k) => start(i + k)))));
  send({ kind: 'started', games: cfg.games, ms: performance.now() - t0 });

  const samples: MoveSample[] = [];
  const rng = makeRng(cfg.seed);
  const t1 = performance.now();
  await Promise.all(
    threads.map(async (threadId, g) => {
      // Spread the first moves over one think time, as players arrive.
      await new Promise((r) => setTimeout(r, rng() * cfg.thinkMax));
      for (let k = 0; k < MOVES.length; k++) {
        await new Promise((r) => setTimeout(r, cfg.thinkMin + rng() * (cfg.thinkMax - cfg.thinkMin)));
        const user = players[g][k % 2];
        const sent = performance.now();
        const i = fake.slash(user, threadId, 'move', [{ name: 'text', type: 3, value: MOVES[k] }]);
        const sample: MoveSample = { game: g, move: k + 1, answerMs: null, boardMs: null, outcome: 'no-answer' };
        samples.push(sample);
        try {
          await i.response();
          sample.answerMs = performance.now() - sent;
          const res = await i.done();
          const board = res.original?.attachments.length ? res.original : undefined;
          if (board) {
            sample.boardMs = performance.now() - sent;
            sample.outcome = 'board';
          } else {
            sample.outcome = 'refused';
            return; // the game cannot go on from a refused scripted move
          }
        } catch {
          return; // no answer at all: counted, and this game stops here
        }
      }
    }),
  );
  const seconds = (performance.now() - t1) / 1000;
  // Owed posts land a few seconds later at worst: give the sweeps time before counting.
  await new Promise((r) => setTimeout(r, 8_000));
  const boards = threads.map((threadId, g) => {
    const files = fake.messages(threadId).flatMap((m) => m.attachments.map((a) => a.filename));
    const parsed = files
      .map((f) => /^orion-([0-9a-z]+)-(\d+)\.png$/.exec(f))
      .filter((m): m is RegExpExecArray => m !== null);
    return { game: g, gameId: parsed[0]?.[1] ?? null, moves: parsed.map((m) => Number(m[2])).filter((n) => n > 0) };
  });
  const report = { samples, seconds, boards, violations: fake.violations.length, nonceHits: fake.nonceHits };
  await fake.close();
  return report;
}

let resolveBots: (n: number) => void = () => undefined;
const botsReady = new Promise<number>((r) => (resolveBots = r));
process.on('message', (m: { kind: 'config'; config: StandinConfig } | { kind: 'bots'; sessions: number }) => {
  if (m.kind === 'config') {
    run(m.config, botsReady).then(
      (report) => sendAndExit({ kind: 'done', report }, 0),
      (e: unknown) =>
        sendAndExit({ kind: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) }, 1),
    );
  } else resolveBots(m.sessions);
});
