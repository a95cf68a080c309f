// `npx tsx scripts/exxit-eval-fit.ts [--games 80]`
// Fits the weights of exxitPositionalEval (src/engine/ai/exxit-alphabeta.ts): plays seeded self-play games of a
// 3,000-node alpha-beta scored by EX-21 alone (6 random opening plies, then 10 % random moves so the games differ),
// records the features of every position with a choice, and fits a logistic regression of the result for the side
// to move (Newton's method). The weights are logits, so the evaluation squashed by a plain logistic is a win chance
// calibrated on game results. Deterministic: the same games and weights on any machine.
import { parseArgs } from 'node:util';
import { alphaBetaExxit } from '../src/engine/ai/exxit-alphabeta.js';
import type { Board } from '../src/engine/exxit/board.js';
import { tileNeighbours } from '../src/engine/exxit/free.js';
import type { ExxitPosition } from '../src/engine/exxit/position.js';
import { scoreOf } from '../src/engine/exxit/score.js';
import { getGame } from '../src/engine/index.js';
import { makeRng, randInt } from '../src/engine/rng.js';

const NAMES = ['score diff', 'score diff x stock/35', 'reserve diff', 'out of reserve (me - them)', 'freeable cells'];

function features(b: Board): number[] {
  const p = b.side;
  const o = 1 - p;
  const s = scoreOf(b);
  const d = s[p] - s[o];
  let freeable = 0;
  if (b.stock > 0) for (let i = 0; i < b.nPris; i++) if (tileNeighbours(b, b.pris[i]) >= 2) freeable++;
  const out = (b.reserves[p] === 0 ? 1 : 0) - (b.reserves[o] === 0 ? 1 : 0);
  return [d, (d * b.stock) / 35, b.reserves[p] - b.reserves[o], out, freeable];
}

function fit(X: number[][], Y: number[]): number[] {
  const k = X[0].length;
  let w = new Array<number>(k).fill(0);
  for (let it = 0; it < 30; it++) {
    const g = new Array<number>(k).fill(0);
    const H = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    X.forEach((x, i) => {
      const p = 1 / (1 + Math.exp(-x.reduce((z, v, j) => z + v * w[j], 0)));
      for (let a = 0; a < k; a++) {
        g[a] += (Y[i] - p) * x[a];
        for (let c = 0; c < k; c++) H[a][c] += p * (1 - p) * x[a] * x[c] + (a === c ? 1e-6 : 0);
      }
    });
    // Solve H·step = g by Gauss-Jordan elimination with partial pivoting.
    const A = H.map((r, i) => [...r, g[i]]);
    for (let c = 0; c < k; c++) {
      let piv = c;
      for (let r = c + 1; r < k; r++) if (Math.abs(A[r][c]) > Math.abs(A[piv][c])) piv = r;
      [A[c], A[piv]] = [A[piv], A[c]];
      for (let r = 0; r < k; r++) {
        if (r === c) continue;
        const f = A[r][c] / A[c][c];
        for (let cc = c; cc <= k; cc++) A[r][cc] -= f * A[c][cc];
      }
    }
    w = w.map((v, i) => v + A[i][k] / A[i][i]);
  }
  return w;
}

const { values } = parseArgs({ options: { games: { type: 'string', default: '80' } } });
const game = getGame('exxit');
const X: number[][] = [];
const Y: number[] = [];
for (let g = 0; g < Number(values.games); g++) {
  const start = game.initial(undefined);
  if (!start.ok) throw new Error('no start');
  const pos = game.position(start.value) as unknown as ExxitPosition;
  const rng = makeRng(1000 + g);
  const rows: [number[], number][] = [];
  while (!pos.outcome().over) {
    const moves = pos.legalMoves();
    if (moves.length > 1) rows.push([features(pos.board), pos.board.side]);
    const m =
      moves.length === 1
        ? moves[0]
        : pos.ply() < 6 || rng() < 0.1
          ? moves[randInt(rng, moves.length)]
          : alphaBetaExxit(pos.clone(), { iterations: 3000, alphaBeta: { positional: false } }, { seed: g }).move;
    pos.play(m);
  }
  const o = pos.outcome();
  for (const [f, side] of rows) {
    X.push(f);
    Y.push(o.winner === null ? 0.5 : o.winner === side ? 1 : 0);
  }
}
const w = fit(X, Y);
process.stdout.write(`${X.length} positions of ${values.games} games\n`);
NAMES.forEach((n, i) => process.stdout.write(`${n.padEnd(28)} ${w[i].toFixed(4)}\n`));
