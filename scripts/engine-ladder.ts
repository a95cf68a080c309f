// `npm run -s engine -- ladder <exxit|orion> [--players p1,p2,...] [--games N] [--seed K] [--setup S]
//   [--workers W] [--anchor P]`
// A round robin (docs/ai.md, "Strength table"): every pairing of the players
// (default: every level and frozen reference) plays N games (default 20, seed
// 1), colours alternating. Pairing (p_i, p_j), i before j in the
// list, is exactly `match --a p_i --b p_j --games N --seed K`, so any line can
// be replayed alone. Prints each pairing's W/D/L, then an Elo per player with
// a 95 % interval from lib/bradley-terry.ts (maximum likelihood, draws as half
// a win, one virtual draw per pairing), the anchor at 0: by default the
// frozen reference when it plays (progress is read against it), else the
// first player. Reproducible from the seed, whatever the worker count.
import { performance } from 'node:perf_hooks';
import { UsageError, gameArg, intArg, parse, type Io } from './lib/args.js';
import { fitBradleyTerry, type PairResult } from './lib/bradley-terry.js';
import type { GameRecord, PlayerSpec } from './lib/match-game.js';
import {
  checkSetup,
  fmtTally,
  playGames,
  playerArg,
  resultOfA,
  tally,
  workersArg,
  type Tally,
} from './lib/match-run.js';
import { LEVEL_NAMES, REFERENCE_NAMES } from '../src/engine/ai/levels.js';

/** The field when --players is not given: every level and every frozen reference. */
const DEFAULT_PLAYERS: readonly string[] = [...LEVEL_NAMES, ...REFERENCE_NAMES];

const VIRTUAL_DRAWS = 1;

const signed = (x: number): string => `${x >= 0 ? '+' : '-'}${Math.abs(Math.round(x))}`;

export async function runLadder(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    players: { type: 'string' },
    games: { type: 'string' },
    seed: { type: 'string' },
    setup: { type: 'string' },
    workers: { type: 'string' },
    anchor: { type: 'string' },
  } as const);
  const game = gameArg(positionals[0]);
  const players = (values.players?.split(',') ?? DEFAULT_PLAYERS).map((p) => playerArg('players', p.trim()));
  if (players.length < 2 || new Set(players).size !== players.length)
    throw new UsageError('--players must name two players at least, each once');
  const games = intArg('games', values.games ?? '20', 1);
  const seed = intArg('seed', values.seed ?? '1', 0);
  const workers = workersArg(values.workers);
  const setup = values.setup;
  checkSetup(game, setup, seed);
  const anchor =
    values.anchor === undefined
      ? (players.find((p) => REFERENCE_NAMES.some((r) => r === p)) ?? players[0])
      : playerArg('anchor', values.anchor);
  if (!players.includes(anchor)) throw new UsageError(`--anchor ${anchor} is not one of --players`);

  const pairings: [number, number][] = [];
  for (let i = 0; i < players.length; i++) for (let j = i + 1; j < players.length; j++) pairings.push([i, j]);
  const jobs = pairings.flatMap(([i, j]) =>
    Array.from({ length: games }, (_, g) => ({ a: players[i], b: players[j], g })),
  );
  const key = (a: PlayerSpec, b: PlayerSpec): string => `${a}\n${b}`;
  const results = new Map<string, Tally>(pairings.map(([i, j]) => [key(players[i], players[j]), tally()]));
  let done = 0;
  const t0 = performance.now();
  await playGames({ game: game.id, setup, seed }, jobs, workers, (r: GameRecord) => {
    results.get(key(r.a, r.b))![resultOfA(r)]++;
    io.progress?.(`\r${++done}/${jobs.length} games`);
  });
  const wall = (performance.now() - t0) / 1000;
  io.progress?.('\n');

  const pairResults: PairResult[] = pairings.map(([i, j]) => {
    const t = results.get(key(players[i], players[j]))!;
    return { a: i, b: j, wins: t.w, draws: t.d, losses: t.l };
  });
  const fit = fitBradleyTerry(players.length, pairResults, {
    anchor: players.indexOf(anchor),
    virtualDraws: VIRTUAL_DRAWS,
  });
  const score = players.map(() => ({ points: 0, games: 0 }));
  for (const r of pairResults) {
    const n = r.wins + r.draws + r.losses;
    score[r.a].points += r.wins + r.draws / 2;
    score[r.b].points += r.losses + r.draws / 2;
    score[r.a].games += n;
    score[r.b].games += n;
  }
  const width = Math.max(...players.map((p) => p.length));
  const order = players.map((_, i) => i).sort((x, y) => fit.ratings[y] - fit.ratings[x]);
  const lines = [
    `ladder: ${game.id} (${setup ?? game.defaultSetup}), players ${players.join(', ')}, ${games} games per pairing, seed ${seed}, workers ${workers}`,
    'pairings (W/D/L of the first named):',
    ...pairResults.map(
      (r) =>
        `  ${players[r.a].padEnd(width)}  vs  ${players[r.b].padEnd(width)}  ${fmtTally({ w: r.wins, d: r.draws, l: r.losses })}`,
    ),
    `Elo (Bradley–Terry maximum likelihood, a draw = half a win, ${VIRTUAL_DRAWS} virtual draw per pairing; ${anchor} = 0; 95 % interval):`,
    ...order.map((i) => {
      const interval = players[i] === anchor ? 'anchor' : `[${signed(fit.lower[i])}, ${signed(fit.upper[i])}]`;
      const pct = ((100 * score[i].points) / score[i].games).toFixed(1);
      return `  ${players[i].padEnd(width)}  ${signed(fit.ratings[i]).padStart(6)}  ${interval.padEnd(14)}  score ${pct}% of ${score[i].games} games`;
    }),
    `wall ${wall.toFixed(1)} s`,
  ];
  io.out(`${lines.join('\n')}\n`);
  return 0;
}
