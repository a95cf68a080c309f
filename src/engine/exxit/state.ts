// Conversions between the plain JSON state and the fast board, and the exact
// EX-20c position keys kept in `seen`.
import type { Side } from '../game.js';
import { Board, END_REASONS, type EndCode, heightOf, PRISONER, pawnsOf, stackValue, TILE } from './board.js';
import { cellOf, prisonerLabel, qOf, rOf, tileLabel } from './geometry.js';
import { copyMove } from './moves.js';
import { loadWindowEntry, windowEntries } from './repetition.js';
import { scoreOf } from './score.js';
import type { ExxitLastMove, ExxitMove, ExxitState } from './types.js';

const SIDE_CHAR = ['r', 'b'];

export function stackToBits(stack: readonly Side[]): number {
  let bits = 0;
  for (let i = 0; i < stack.length; i++) bits |= stack[i] << i;
  return bits;
}

function stackOf(v: number): Side[] {
  const n = heightOf(v);
  const bits = pawnsOf(v);
  const out: Side[] = [];
  for (let i = 0; i < n; i++) out.push(((bits >>> i) & 1) as Side);
  return out;
}

/** A snapshot value (cell >> 2: height, then colours) as 'r'/'b' letters bottom to top. */
function snapText(x: number): string {
  const n = x & 31;
  let s = '';
  for (let i = 0; i < n; i++) s += SIDE_CHAR[(x >>> (5 + i)) & 1];
  return s;
}

/** What stays fixed between irreversible moves: reserves, stock, prisoners. */
export function contextKey(b: Board): string {
  const pris: string[] = [];
  for (let i = 0; i < b.nPris; i++) {
    const c = b.pris[i];
    pris.push(`${qOf(c)},${rOf(c)}:${snapText(b.cells[c] >> 2)}`);
  }
  return `${b.reserves[0]},${b.reserves[1]}|${b.stock}|${pris.join(';')}`;
}

/**
 * The exact EX-20c key: side to move | tile stacks in label order | reserves |
 * stock | prisoners. Pawns appear by colour only.
 */
export function positionKey(snapshot: readonly number[], context: string): string {
  const stacks: string[] = [];
  for (let i = 1; i < snapshot.length; i++) stacks.push(snapText(snapshot[i]));
  return `${SIDE_CHAR[snapshot[0]]}|${stacks.join('.')}|${context}`;
}

export function currentKey(b: Board): string {
  const snap = [b.side];
  for (let i = 0; i < b.nTiles; i++) snap.push(b.cells[b.tiles[i]] >> 2);
  return positionKey(snap, contextKey(b));
}

/** Parses a key of the current window (same context and tile count) into a snapshot, or null. */
export function parseKey(key: string, context: string, nTiles: number): number[] | null {
  const bar1 = key.indexOf('|');
  const bar2 = key.indexOf('|', bar1 + 1);
  if (bar1 !== 1 || bar2 < 0 || key.slice(bar2 + 1) !== context) return null;
  const side = SIDE_CHAR.indexOf(key[0]);
  if (side < 0) return null;
  const stacks = key.slice(bar1 + 1, bar2).split('.');
  if (stacks.length !== nTiles) return null;
  const snap = [side];
  for (const st of stacks) {
    if (st.length > 16) return null;
    let bits = 0;
    for (let i = 0; i < st.length; i++) {
      const ch = st.charCodeAt(i);
      if (ch === 98)
        bits |= 1 << i; // 'b'
      else if (ch !== 114) return null; // 'r'
    }
    snap.push(st.length | (bits << 5));
  }
  return snap;
}

/** Builds the fast board of a well-formed state (validated by fromJSON or made by the engine). */
export function boardFromState(s: ExxitState): Board {
  return loadBoard(new Board(), s);
}

let scratch: Board | null = null;

/**
 * The same, into one shared board: for the pure functions, which use the board
 * only until they return (no board escapes them), so no 25 kB grid is
 * allocated per call. Only tile and prisoner cells are ever non-zero, so
 * clearing them resets the grid.
 */
export function scratchBoard(s: ExxitState, withHistory = true): Board {
  const b = (scratch ??= new Board());
  for (let i = 0; i < b.nTiles; i++) b.cells[b.tiles[i]] = 0;
  for (let i = 0; i < b.nPris; i++) b.cells[b.pris[i]] = 0;
  b.nTiles = 0;
  b.nPris = 0;
  b.winLen = 0;
  b.nSown = 0;
  b.nFreed = 0;
  return loadBoard(b, s, withHistory);
}

/** withHistory: also load the EX-20c window from `seen` (needed to play on). */
function loadBoard(b: Board, s: ExxitState, withHistory = true): Board {
  b.variant = s.variant;
  for (const t of s.tiles) {
    const c = cellOf(t.q, t.r);
    b.cells[c] = stackValue(TILE | t.color, t.stack.length, stackToBits(t.stack));
    b.tiles[b.nTiles++] = c;
  }
  for (const p of s.prisoners) {
    const c = cellOf(p.q, p.r);
    b.cells[c] = stackValue(PRISONER, p.stack.length, stackToBits(p.stack));
    b.addPrisoner(c, Number(p.label.slice(1)));
  }
  b.nextPrisoner = s.nextPrisoner;
  b.reserves[0] = s.reserves[0];
  b.reserves[1] = s.reserves[1];
  b.stock = s.stock;
  b.side = s.toMove;
  b.plies = s.ply;
  b.passes = s.passes;
  b.end = (s.end ? END_REASONS.indexOf(s.end.reason) : 0) as EndCode;
  if (!withHistory) return b;
  const context = contextKey(b);
  for (const [key, count] of Object.entries(s.seen)) {
    const snap = parseKey(key, context, b.nTiles);
    if (snap) loadWindowEntry(b, snap, count);
  }
  return b;
}

export function lastMoveOf(b: Board, m: ExxitMove, by: Side, label: string): ExxitLastMove {
  const cellsOf = (buf: Int16Array, n: number) => Array.from(buf.subarray(0, n), (c) => ({ q: qOf(c), r: rOf(c) }));
  return {
    move: copyMove(m),
    by,
    sown: m.kind === 'dance' ? cellsOf(b.sown, b.nSown) : [],
    freed: m.kind === 'free' ? cellsOf(b.freed, b.nFreed) : [],
    label,
  };
}

export function stateFromBoard(b: Board, last: ExxitLastMove | null): ExxitState {
  const tiles = [];
  for (let i = 0; i < b.nTiles; i++) {
    const c = b.tiles[i];
    const v = b.cells[c];
    tiles.push({ q: qOf(c), r: rOf(c), color: (v & 1) as Side, label: tileLabel(i), stack: stackOf(v) });
  }
  const prisoners = [];
  for (let i = 0; i < b.nPris; i++) {
    const c = b.pris[i];
    prisoners.push({ q: qOf(c), r: rOf(c), label: prisonerLabel(b.prisNo[i]), stack: stackOf(b.cells[c]) });
  }
  const context = contextKey(b);
  const seen: Record<string, number> = {};
  for (const [snap, count] of windowEntries(b)) seen[positionKey(snap, context)] = count;
  const score = scoreOf(b);
  const reason = END_REASONS[b.end];
  return {
    game: 'exxit',
    variant: b.variant,
    toMove: b.side as Side,
    ply: b.plies,
    tiles,
    prisoners,
    nextPrisoner: b.nextPrisoner,
    reserves: [b.reserves[0], b.reserves[1]],
    stock: b.stock,
    passes: b.passes,
    seen,
    last,
    end: reason
      ? { reason, winner: score[0] > score[1] ? 0 : score[1] > score[0] ? 1 : null, draw: score[0] === score[1] }
      : null,
    score,
  };
}
