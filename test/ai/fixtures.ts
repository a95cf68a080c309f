// Tiny games implementing the engine interface, to test the search on
// positions whose right answer is known. Test fixtures only, never shipped.
import { fail, ok, type Game, type Outcome, type Position, type Side } from '../../src/engine/game.js';

const LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
];

/** Tic-tac-toe: cells 0..8, 'X' (side 0) moves first. A move is a cell index. */
export interface TttState { cells: (0 | 1 | null)[]; toMove: Side; ply: number }

const tttOutcome = (cells: (0 | 1 | null)[]): Outcome => {
  for (const [a, b, c] of LINES) {
    const v = cells[a];
    if (v !== null && v === cells[b] && v === cells[c]) return { over: true, winner: v, draw: false, reason: 'line' };
  }
  if (cells.every((c) => c !== null)) return { over: true, winner: null, draw: true, reason: 'full' };
  return { over: false, winner: null, draw: false, reason: null };
};

export class TttPosition implements Position<number> {
  /** Counts legalMoves() calls, so a test can see the search really ran. */
  static calls = 0;
  constructor(public s: TttState) {}
  toMove(): Side { return this.s.toMove; }
  ply(): number { return this.s.ply; }
  legalMoves(): number[] {
    TttPosition.calls++;
    if (tttOutcome(this.s.cells).over) return [];
    return this.s.cells.flatMap((c, i) => (c === null ? [i] : []));
  }
  play(m: number): void {
    if (this.s.cells[m] !== null) throw new Error(`illegal move ${m}`);
    this.s.cells[m] = this.s.toMove;
    this.s.toMove = this.s.toMove === 0 ? 1 : 0;
    this.s.ply++;
  }
  outcome(): Outcome { return tttOutcome(this.s.cells); }
  clone(): TttPosition { return new TttPosition({ cells: [...this.s.cells], toMove: this.s.toMove, ply: this.s.ply }); }
}

/** `X.O/.X./...`: rows top to bottom, X = side 0, O = side 1; the side to move follows from the counts. */
export function ttt(board: string): TttPosition {
  const cells = board.replace(/\//g, '').split('').map((ch) => (ch === 'X' ? 0 : ch === 'O' ? 1 : null));
  if (cells.length !== 9) throw new Error(`bad board ${board}`);
  const n = cells.filter((c) => c !== null).length;
  return new TttPosition({ cells, toMove: (n % 2) as Side, ply: n });
}

export const tictactoe: Game<TttState, number> = {
  id: 'exxit', // unused by the search; Game requires a GameId
  title: 'Tic-tac-toe',
  sides: ['X', 'O'],
  setups: ['standard'],
  defaultSetup: 'standard',
  initial: () => ok({ cells: Array(9).fill(null), toMove: 0, ply: 0 }),
  toMove: (s) => s.toMove,
  ply: (s) => s.ply,
  legalMoves: (s) => new TttPosition(s).legalMoves(),
  play: (s, m) => {
    const p = new TttPosition({ ...s, cells: [...s.cells] });
    if (!p.legalMoves().includes(m)) return fail('T-1', 'that cell is taken');
    p.play(m);
    return ok(p.s);
  },
  outcome: (s) => tttOutcome(s.cells),
  parseMove: (s, text) => {
    const m = Number(text);
    return Number.isInteger(m) && new TttPosition(s).legalMoves().includes(m) ? ok(m) : fail('T-1', 'not a free cell');
  },
  formatMove: (_s, m) => String(m),
  summary: (s) => ({ ...s }),
  fromJSON: (d) => ok(d as TttState),
  position: (s) => new TttPosition({ ...s, cells: [...s.cells] }),
};

/**
 * Subtraction Nim: take 1..3 from a pile, taking the last one wins. The side to
 * move wins exactly when pile % 4 != 0, by leaving a multiple of 4.
 */
export class NimPosition implements Position<number> {
  constructor(public pile: number, public side: Side = 0, public plies = 0) {}
  toMove(): Side { return this.side; }
  ply(): number { return this.plies; }
  legalMoves(): number[] { return [1, 2, 3].filter((k) => k <= this.pile); }
  play(k: number): void {
    if (k < 1 || k > 3 || k > this.pile) throw new Error(`illegal take ${k}`);
    this.pile -= k;
    this.side = this.side === 0 ? 1 : 0;
    this.plies++;
  }
  outcome(): Outcome {
    // The side that took the last one is the side not to move.
    return this.pile === 0
      ? { over: true, winner: this.side === 0 ? 1 : 0, draw: false, reason: 'empty' }
      : { over: false, winner: null, draw: false, reason: null };
  }
  clone(): NimPosition { return new NimPosition(this.pile, this.side, this.plies); }
}
