// `npm run -s engine -- match <exxit|orion> --a <player> --b <player>
//   --games N --seed K [--setup S] [--workers W]`
// Plays N games, colours alternating (a takes side 0 in even games), and
// prints wins, draws and losses for each player, with average plies and
// seconds. Searches use their iteration budgets only (no time cap), so a
// match is reproducible from its seed whatever the machine or worker count.
// Games run in W worker threads (default: one per core, at most 2). A player
// is a level, a frozen reference, greedy (one ply) or random (lib/match-game.ts).
import { performance } from 'node:perf_hooks';
import { gameArg, intArg, parse, type Io } from './lib/args.js';
import type { GameRecord } from './lib/match-game.js';
import { checkSetup, fmtTally as fmt, playGames, playerArg, resultOfA, tally, workersArg } from './lib/match-run.js';

export async function runMatch(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    a: { type: 'string' },
    b: { type: 'string' },
    games: { type: 'string' },
    seed: { type: 'string' },
    setup: { type: 'string' },
    workers: { type: 'string' },
  } as const);
  const game = gameArg(positionals[0]);
  const a = playerArg('a', values.a);
  const b = playerArg('b', values.b);
  const games = intArg('games', values.games, 1);
  const seed = intArg('seed', values.seed, 0);
  const workers = workersArg(values.workers);
  const setup = values.setup;
  checkSetup(game, setup, seed);

  const records: GameRecord[] = [];
  let done = 0;
  const onRecord = (r: GameRecord): void => {
    records.push(r);
    done++;
    io.progress?.(`\r${done}/${games} games`);
  };
  const t0 = performance.now();
  const jobs = Array.from({ length: games }, (_, g) => ({ a, b, g }));
  await playGames({ game: game.id, setup, seed }, jobs, workers, onRecord);
  const wall = (performance.now() - t0) / 1000;
  io.progress?.('\n');

  records.sort((x, y) => x.game - y.game);
  const aAll = tally();
  const aBySide = [tally(), tally()];
  let plies = 0;
  let seconds = 0;
  const ms = [0, 0];
  const moves = [0, 0];
  const reasons: Record<string, number> = {};
  for (const r of records) {
    const t = resultOfA(r);
    aAll[t]++;
    aBySide[r.aSide][t]++;
    plies += r.plies;
    seconds += r.seconds;
    for (const i of [0, 1]) {
      ms[i] += r.ms[i];
      moves[i] += r.moves[i];
    }
    if (r.reason) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
  }
  const n = records.length;
  const pct = (x: number): string => `${((100 * x) / n).toFixed(1)}%`;
  const perMove = (i: number): string => (moves[i] ? (ms[i] / moves[i]).toFixed(1) : '0');
  const lines = [
    `match: ${game.id} (${setup ?? game.defaultSetup}), a = ${a}, b = ${b}, games ${n}, seed ${seed}, workers ${workers}`,
    `a ${a}: ${fmt(aAll)}  (${pct(aAll.w)} wins; as ${game.sides[0]}: ${fmt(aBySide[0])}; as ${game.sides[1]}: ${fmt(aBySide[1])})`,
    `b ${b}: ${fmt({ w: aAll.l, d: aAll.d, l: aAll.w })}  (${pct(aAll.l)} wins)`,
    `average plies: ${(plies / n).toFixed(1)}`,
    `average seconds per game: ${(seconds / n).toFixed(2)} (wall ${wall.toFixed(1)} s)`,
    `ms per move: a ${perMove(0)}, b ${perMove(1)}`,
    `endings: ${Object.entries(reasons)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  ];
  io.out(`${lines.join('\n')}\n`);
  return 0;
}
