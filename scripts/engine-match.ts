// `npm run -s engine -- match <exxit|orion> --a <level|reference|random> --b <level|reference|random>
//   --games N --seed K [--setup S] [--workers W]`
// Plays N games, colours alternating (a takes side 0 in even games), and
// prints wins, draws and losses for each player, with average plies and
// seconds. Searches use their iteration budgets only (no time cap), so a
// match is reproducible from its seed whatever the machine or worker count.
// Games run in W worker threads (default: one per core, at most 2).
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { parseArgs } from 'node:util';
import { UsageError, gameArg, intArg, type Io } from './lib/args.js';
import { isPlayerSpec, playGame, setupFor, type GameRecord, type PlayerSpec } from './lib/match-game.js';
import { ruleErrorText } from '../src/i18n/rule-error.js';
import { LEVEL_NAMES, REFERENCE_NAMES } from '../src/engine/ai/levels.js';

const BOOT = new URL('../src/ai/worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./engine-match-worker.ts', import.meta.url);

function playerArg(name: string, v: string | undefined): PlayerSpec {
  if (!isPlayerSpec(v))
    throw new UsageError(
      `--${name} must be a level (${LEVEL_NAMES.join(', ')}), a reference (${REFERENCE_NAMES.join(', ')}) or random, not "${v ?? ''}"`,
    );
  return v;
}

interface Tally {
  w: number;
  d: number;
  l: number;
}
const tally = (): Tally => ({ w: 0, d: 0, l: 0 });
const fmt = (t: Tally): string => `W ${t.w}  D ${t.d}  L ${t.l}`;

function runInWorkers(
  task: object,
  games: number[],
  workers: number,
  onRecord: (r: GameRecord) => void,
): Promise<void> {
  const chunks: number[][] = Array.from({ length: workers }, () => []);
  games.forEach((g, i) => chunks[i % workers].push(g));
  return Promise.all(
    chunks
      .filter((c) => c.length > 0)
      .map(
        (chunk) =>
          new Promise<void>((resolve, reject) => {
            const w = new Worker(BOOT, { workerData: { entry: ENTRY.href, task: { ...task, games: chunk } } });
            w.on('message', (m: { ok: true; record: GameRecord } | { ok: false; error: string }) => {
              if (m.ok) onRecord(m.record);
              else reject(new Error(m.error));
            });
            w.on('error', reject);
            w.on('exit', (code) =>
              code === 0 ? resolve() : reject(new Error(`match worker exited with code ${code}`)),
            );
          }),
      ),
  ).then(() => undefined);
}

function parseMatchArgs<const O extends NonNullable<Parameters<typeof parseArgs>[0]>['options']>(
  argv: string[],
  options: O,
) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

export async function runMatch(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseMatchArgs(argv, {
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
  const workers =
    values.workers === undefined ? Math.min(2, availableParallelism()) : intArg('workers', values.workers, 1);
  const setup = values.setup;
  const check = game.initial(setupFor(game.id, setup, seed, 0));
  if (!check.ok)
    throw new UsageError(
      `${ruleErrorText(check.error)} (setups: ${game.setups.join(', ')}${game.id === 'orion' ? ', random' : ''})`,
    );

  const records: GameRecord[] = [];
  let done = 0;
  const onRecord = (r: GameRecord): void => {
    records.push(r);
    done++;
    io.progress?.(`\r${done}/${games} games`);
  };
  const t0 = performance.now();
  const list = Array.from({ length: games }, (_, g) => g);
  if (workers <= 1) for (const g of list) onRecord(playGame(game.id, setup, a, b, seed, g));
  else await runInWorkers({ game: game.id, setup, a, b, seed }, list, Math.min(workers, games), onRecord);
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
    const t = r.draw || r.winner === null ? 'd' : r.winner === r.aSide ? 'w' : 'l';
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
