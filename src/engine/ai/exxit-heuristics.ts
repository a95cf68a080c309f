// Exxit knowledge for the search (rules stay in src/engine/exxit).
// Points come only from tiles (EX-21), and tiles are laid only by Free in the
// mover's colour (EX-18, EX-19): the score difference is the evaluation, a
// move's prior is how much it changes that difference at once, and playouts
// take a Free when one is there more often than chance would.
import type { Position } from '../game.js';
import type { ExxitPosition } from '../exxit/position.js';
import { scoreOf } from '../exxit/score.js';
import type { ExxitMove } from '../exxit/types.js';
import type { Rng } from '../rng.js';
import { randInt } from '../rng.js';
import type { Heuristics } from './mcts.js';

/** Logistic slope per point of score difference (scores are a few dozen points). */
const SLOPE = 0.3;

export function evaluateExxit(pos: ExxitPosition): number {
  const [red, black] = scoreOf(pos.board);
  return 1 / (1 + Math.exp(-SLOPE * (red - black)));
}

/** One-ply score gain of each move for the mover, squashed into [0, 1]. */
export function exxitPriors(pos: ExxitPosition, moves: ExxitMove[]): number[] {
  if (!moves.some((m) => m.kind === 'free')) return moves.map(() => 0.5);
  const me = pos.board.side;
  const before = scoreOf(pos.board);
  const base = before[me] - before[1 - me];
  return moves.map((m) => {
    if (m.kind !== 'free') return 0.5; // only a Free lays tiles (EX-18): nothing else moves the score
    const p = pos.clone();
    p.play(m);
    const s = scoreOf(p.board);
    return 1 / (1 + Math.exp(-0.5 * (s[me] - s[1 - me] - base)));
  });
}

/** Probability that a playout takes a Free when one is legal. */
const FREE_BIAS = 0.75;

export function exxitPlayout(_pos: ExxitPosition, moves: ExxitMove[], rng: Rng): number {
  if (moves.length > 1 && rng() < FREE_BIAS) {
    let frees = 0;
    for (const m of moves) if (m.kind === 'free') frees++;
    if (frees > 0) {
      let k = randInt(rng, frees);
      for (let i = 0; i < moves.length; i++) if (moves[i].kind === 'free' && k-- === 0) return i;
    }
  }
  return randInt(rng, moves.length);
}

export const exxitHeuristics: Heuristics<ExxitMove> = {
  evaluate: (pos: Position<ExxitMove>) => evaluateExxit(pos as ExxitPosition),
  priors: (pos: Position<ExxitMove>, moves: ExxitMove[]) => exxitPriors(pos as ExxitPosition, moves),
  playout: (pos: Position<ExxitMove>, moves: ExxitMove[], rng: Rng) => exxitPlayout(pos as ExxitPosition, moves, rng),
};
