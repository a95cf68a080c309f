// `npx tsx scripts/exxit-ablation.ts --games N --seed K [--nodes B] [--off tt,killers,quiescence,forcedExtension,positional]
//   [--b ref-2026-12]`
// Plays the Exxit alpha-beta (exxit-alphabeta.ts) with some of its ideas switched off against a search player,
// colours alternating (a takes Red in even games), in-process, and prints W/D/L with the 95 % Wilson interval of
// the win rate and ms per move: the ablation table of docs/ai.md. Budgets are node / iteration counts (no time
// cap), so a run is reproducible from its seed.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { alphaBetaExxit, type AlphaBetaOptions } from '../src/engine/ai/exxit-alphabeta.js';
import { searchPosition } from '../src/engine/ai/index.js';
import { isSearchPlayer, levelParams, type SearchPlayer } from '../src/engine/ai/levels.js';
import type { ExxitPosition } from '../src/engine/exxit/position.js';
import type { ExxitMove } from '../src/engine/exxit/types.js';
import { getGame } from '../src/engine/index.js';
import { seedFrom } from '../src/engine/rng.js';
import { fmtTally, tally } from './lib/match-run.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    nodes: { type: 'string' },
    off: { type: 'string', default: '' },
    b: { type: 'string', default: 'ref-2026-12' },
    first: { type: 'string', default: '0' },
  },
});
const games = Number(values.games);
const seed = Number(values.seed);
const first = Number(values.first);
const hard = levelParams('exxit', 'hard');
const nodes = values.nodes ? Number(values.nodes) : hard.iterations;
const ab: Partial<AlphaBetaOptions> = { ...hard.alphaBeta };
for (const k of values.off!.split(',').filter(Boolean)) (ab as Record<string, boolean>)[k] = false;
if (!isSearchPlayer(values.b)) throw new Error(`--b must be a level or a reference, not ${values.b}`);
const opponent: SearchPlayer = values.b;

const game = getGame('exxit');
const t = tally();
let msA = 0;
let movesA = 0;
let msB = 0;
let movesB = 0;
for (let g = first; g < first + games; g++) {
  const start = game.initial(undefined);
  if (!start.ok) throw new Error('no start');
  const pos = game.position(start.value) as unknown as ExxitPosition;
  const aSide = g % 2;
  while (!pos.outcome().over) {
    const s = seedFrom(`${seed}:${g}:${pos.ply()}`);
    const t = performance.now();
    let move: ExxitMove;
    if (pos.toMove() === aSide) {
      move = alphaBetaExxit(pos.clone(), { iterations: nodes, alphaBeta: ab }, { seed: s }).move;
      msA += performance.now() - t;
      movesA++;
    } else {
      move = searchPosition('exxit', pos, opponent, s).move;
      msB += performance.now() - t;
      movesB++;
    }
    pos.play(move);
  }
  const o = pos.outcome();
  const r = o.winner === null ? 'd' : o.winner === aSide ? 'w' : 'l';
  t[r]++;
  process.stdout.write(
    `game ${g} a=${aSide === 0 ? 'Red' : 'Black'} ${r.toUpperCase()} plies ${pos.ply()} ${o.reason}\n`,
  );
}
const n = t.w + t.d + t.l;
const p = (t.w + t.d / 2) / n;
const z = 1.96;
const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
process.stdout.write(
  `alphabeta nodes ${nodes} off [${values.off}] vs ${opponent}: ${fmtTally(t)} of ${n}, ` +
    `score ${(100 * p).toFixed(1)} % (95 % CI ${(100 * (centre - half)).toFixed(0)}-${(100 * (centre + half)).toFixed(0)} %), ` +
    `ms/move a ${(msA / Math.max(1, movesA)).toFixed(0)}, b ${(msB / Math.max(1, movesB)).toFixed(0)}, seed ${seed}\n`,
);
