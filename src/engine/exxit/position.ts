// The mutable fast path (Position<ExxitMove>), also used by the pure play.
import type { Outcome, Position, Side } from '../game.js';
import { Board, END_REASONS, TILE } from './board.js';
import { sow } from './dance.js';
import { freeChain } from './free.js';
import { cellOf, DIR_INDEX } from './geometry.js';
import { generate } from './legal.js';
import { recordPosition, resetWindow } from './repetition.js';
import { scoreOf } from './score.js';
import { type ExxitMove, type ExxitVariant, VARIANT_TILES } from './types.js';

/** EX-20d: safety cap on plies (passes included). */
export const PLY_CAP = 1000;
export const PAWNS = 8; // EX-2

/** EX-8: the core, in EX-23 label order A, B, C, D. */
export const CORE: readonly { q: number; r: number; color: Side }[] = [
  { q: 0, r: 0, color: 0 },
  { q: 1, r: 0, color: 0 },
  { q: 1, r: -1, color: 1 },
  { q: 0, r: 1, color: 1 },
];

const NOT_OVER: Outcome = Object.freeze({ over: false, winner: null, draw: false, reason: null });

export function setupBoard(variant: ExxitVariant): Board {
  const b = new Board();
  b.variant = variant;
  for (const t of CORE) {
    const c = cellOf(t.q, t.r);
    b.cells[c] = TILE | t.color;
    b.tiles[b.nTiles++] = c;
  }
  b.reserves[0] = PAWNS;
  b.reserves[1] = PAWNS;
  b.stock = VARIANT_TILES[variant] - CORE.length; // EX-4
  recordPosition(b); // EX-20c: the start position counts
  return b;
}

/** Applies a legal move to the board (EX-10..EX-20). */
export function applyMove(b: Board, m: ExxitMove): void {
  let irreversible = true;
  b.nSown = 0;
  b.nFreed = 0;
  switch (m.kind) {
    case 'dance':
      irreversible = sow(b, cellOf(m.q, m.r), DIR_INDEX[m.dir]);
      b.passes = 0;
      break;
    case 'place': {
      // EX-17: a pawn of the mover's on an empty tile.
      const c = cellOf(m.q, m.r);
      b.cells[c] = (b.cells[c] & 3) | (1 << 2) | (b.side << 7);
      b.reserves[b.side]--;
      b.passes = 0;
      break;
    }
    case 'free':
      freeChain(b, cellOf(m.q, m.r));
      b.passes = 0;
      break;
    case 'pass':
      b.passes++;
      irreversible = false;
      break;
  }
  b.plies++;
  b.side ^= 1;
  if (irreversible) resetWindow(b);
  const seen = recordPosition(b);
  if (b.end === 0) {
    if (b.passes >= 2)
      b.end = 2; // EX-20b
    else if (seen >= 3)
      b.end = 3; // EX-20c, scored normally
    else if (b.plies >= PLY_CAP) b.end = 4; // EX-20d
  }
}

export function outcomeOf(b: Board): Outcome {
  if (b.end === 0) return NOT_OVER;
  const [red, black] = scoreOf(b); // EX-21
  return {
    over: true,
    winner: red > black ? 0 : black > red ? 1 : null,
    draw: red === black,
    reason: END_REASONS[b.end],
  };
}

export class ExxitPosition implements Position<ExxitMove> {
  constructor(readonly board: Board) {}

  toMove(): Side {
    return this.board.side as Side;
  }

  ply(): number {
    return this.board.plies;
  }

  legalMoves(): ExxitMove[] {
    return generate(this.board);
  }

  play(m: ExxitMove): void {
    applyMove(this.board, m);
  }

  outcome(): Outcome {
    return outcomeOf(this.board);
  }

  clone(): ExxitPosition {
    return new ExxitPosition(new Board(this.board));
  }
}
