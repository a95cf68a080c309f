// What the engine tool's match and ladder share (scripts/engine-match.ts,
// scripts/engine-ladder.ts): their arguments, and a list of games played
// in-process or in worker threads (scripts/engine-match-worker.ts), each game
// reproducible from the seed alone (match-game.ts), whatever the worker count.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { UsageError, intArg } from './args.js';
import { isPlayerSpec, playGame, setupFor, type GameRecord, type PlayerSpec } from './match-game.js';
import { LEVEL_NAMES, REFERENCE_NAMES } from '../../src/engine/ai/levels.js';
import type { AnyGame, GameId } from '../../src/engine/index.js';
import { ruleErrorText } from '../../src/i18n/rule-error.js';

const BOOT = new URL('../../src/ai/worker-boot.mjs', import.meta.url);
const ENTRY = new URL('../engine-match-worker.ts', import.meta.url);

/** Game g (colours alternate with g) between a and b. */
export interface GameJob {
  a: PlayerSpec;
  b: PlayerSpec;
  g: number;
}

/** What every game of a run shares. */
export interface RunTask {
  game: GameId;
  setup: string | undefined;
  seed: number;
}

export const PLAYER_KINDS = `a level (${LEVEL_NAMES.join(', ')}), a reference (${REFERENCE_NAMES.join(', ')}), greedy or random`;

export function playerArg(name: string, v: string | undefined): PlayerSpec {
  if (!isPlayerSpec(v)) throw new UsageError(`--${name} must be ${PLAYER_KINDS}, not "${v ?? ''}"`);
  return v;
}

/** --workers W, default one per core and at most 2. */
export const workersArg = (v: string | undefined): number =>
  v === undefined ? Math.min(2, availableParallelism()) : intArg('workers', v, 1);

/** Refuses a setup the game does not know, before any game starts. */
export function checkSetup(game: AnyGame, setup: string | undefined, seed: number): void {
  const check = game.initial(setupFor(game.id, setup, seed, 0));
  if (!check.ok)
    throw new UsageError(
      `${ruleErrorText(check.error)} (setups: ${game.setups.join(', ')}${game.id === 'orion' ? ', random' : ''})`,
    );
}

export interface Tally {
  w: number;
  d: number;
  l: number;
}
export const tally = (): Tally => ({ w: 0, d: 0, l: 0 });
export const fmtTally = (t: Tally): string => `W ${t.w}  D ${t.d}  L ${t.l}`;
/** Player a's result in a game: 'w', 'd' or 'l'. */
export const resultOfA = (r: GameRecord): keyof Tally =>
  r.draw || r.winner === null ? 'd' : r.winner === r.aSide ? 'w' : 'l';

/** Plays `jobs`: in-process with one worker, else spread over `workers` threads. Records arrive in any order. */
export async function playGames(
  task: RunTask,
  jobs: readonly GameJob[],
  workers: number,
  onRecord: (r: GameRecord) => void,
): Promise<void> {
  if (workers <= 1) {
    for (const j of jobs) onRecord(playGame(task.game, task.setup, j.a, j.b, task.seed, j.g));
    return;
  }
  const chunks: GameJob[][] = Array.from({ length: Math.min(workers, jobs.length) }, () => []);
  jobs.forEach((j, i) => chunks[i % chunks.length].push(j));
  await Promise.all(
    chunks.map(
      (chunk) =>
        new Promise<void>((resolve, reject) => {
          const w = new Worker(BOOT, { workerData: { entry: ENTRY.href, task: { ...task, jobs: chunk } } });
          w.on('message', (m: { ok: true; record: GameRecord } | { ok: false; error: string }) => {
            if (m.ok) onRecord(m.record);
            else reject(new Error(m.error));
          });
          w.on('error', reject);
          w.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`match worker exited with code ${code}`))));
        }),
    ),
  );
}
