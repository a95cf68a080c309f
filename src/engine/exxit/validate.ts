// fromJSON: checks that untrusted data (a stored record) is a well-formed
// Exxit state, shape and invariants, and returns a clean copy.
import { ok, type Result, type Side } from '../game.js';
import { refused } from './errors.js';
import { scratchBoard, contextKey, currentKey, parseKey, stateFromBoard } from './state.js';
import { cellOf, inWorldBounds, tileLabel } from './geometry.js';
import { CORE, PAWNS, PLY_CAP } from './position.js';
import { wellFormed } from './explain.js';
import { copyMove } from './moves.js';
import { scoreOf } from './score.js';
import { AXIAL_VECTORS } from '../hex.js';
import { type ExxitLastMove, type ExxitState, type ExxitVariant, VARIANT_TILES } from './types.js';

/** A stored state that does not validate: one code for players (a damaged record), the details for operators. */
const bad = (detail: string): Result<never> => refused('EX-STATE', 'exxit.badState', {}, detail);
const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isInt = (x: unknown, lo: number, hi: number): x is number =>
  Number.isInteger(x) && (x as number) >= lo && (x as number) <= hi;
const isSide = (x: unknown): x is Side => x === 0 || x === 1;
const isStack = (x: unknown, min: number): x is Side[] =>
  Array.isArray(x) && x.length >= min && x.length <= 2 * PAWNS && x.every(isSide);
const isCell = (x: unknown): x is { q: number; r: number } =>
  isObj(x) && Number.isInteger(x.q) && Number.isInteger(x.r) && inWorldBounds(x.q as number, x.r as number);
const ENDS = ['EX-20a', 'EX-20b', 'EX-20c', 'EX-20d'];

export function validateState(data: unknown): Result<ExxitState> {
  if (!isObj(data)) return bad('not an object');
  const s = data;
  if (s.game !== 'exxit') return bad('not an Exxit state (game must be "exxit")');
  if (typeof s.variant !== 'string' || !Object.hasOwn(VARIANT_TILES, s.variant)) return bad('unknown variant');
  const total = VARIANT_TILES[s.variant as ExxitVariant];
  if (!isSide(s.toMove)) return bad('toMove must be 0 or 1');
  if (!isInt(s.ply, 0, PLY_CAP)) return bad(`ply must be an integer 0..${PLY_CAP}`);
  if (s.toMove !== s.ply % 2) return bad('toMove must be Red on even plies, Black on odd (EX-1, EX-10)');
  if (!isInt(s.nextPrisoner, 1, 1e6)) return bad('nextPrisoner must be a positive integer');
  if (!Array.isArray(s.reserves) || s.reserves.length !== 2 || !s.reserves.every((x) => isInt(x, 0, PAWNS)))
    return bad('reserves must be two integers 0..8');
  if (!isInt(s.stock, 0, total - CORE.length)) return bad('stock out of range');
  if (!isInt(s.passes, 0, 2)) return bad('passes must be 0, 1 or 2');

  // Tiles: the core first (EX-8), labels in laying order (EX-23), each later
  // tile touching two earlier ones (EX-18), no cell used twice (EX-6).
  if (!Array.isArray(s.tiles) || s.tiles.length < CORE.length || s.tiles.length > total) return bad('bad tile list');
  if (s.tiles.length + s.stock !== total) return bad(`tiles on the table plus stock must be ${total} (EX-3)`);
  const used = new Set<number>();
  const pawns = [0, 0];
  for (let i = 0; i < s.tiles.length; i++) {
    const t = s.tiles[i] as unknown;
    if (!isCell(t)) return bad(`tile ${i}: bad coordinates`);
    const { q, r } = t;
    const tt = t as Record<string, unknown>;
    if (!isSide(tt.color)) return bad(`tile ${i}: colour must be 0 or 1`);
    if (tt.label !== tileLabel(i)) return bad(`tile ${i}: label must be ${tileLabel(i)} (EX-23)`);
    if (!isStack(tt.stack, 0)) return bad(`tile ${tileLabel(i)}: bad stack`);
    if (i < CORE.length) {
      const c = CORE[i];
      if (q !== c.q || r !== c.r || tt.color !== c.color)
        return bad(`tile ${tileLabel(i)} must be the core tile (EX-8)`);
    } else {
      const touching = AXIAL_VECTORS.filter(([dq, dr]) => used.has(cellOf(q + dq, r + dr))).length;
      if (touching < 2) return bad(`tile ${tileLabel(i)} does not touch two earlier tiles (EX-18)`);
    }
    const c = cellOf(q, r);
    if (used.has(c)) return bad(`tile ${tileLabel(i)}: cell ${q},${r} used twice`);
    used.add(c);
    for (const p of tt.stack) pawns[p]++;
  }
  // Every prisoner cell holds a pawn: at most 16 of them (EX-2, EX-6).
  if (!Array.isArray(s.prisoners) || s.prisoners.length > 2 * PAWNS) return bad('bad prisoner list');
  let lastNo = 0;
  for (const p of s.prisoners as unknown[]) {
    if (!isCell(p)) return bad('prisoner cell: bad coordinates');
    const pp = p as Record<string, unknown>;
    const m = typeof pp.label === 'string' ? /^X([1-9]\d{0,6})$/.exec(pp.label) : null;
    if (!m) return bad('prisoner cell: bad label');
    const no = Number(m[1]);
    if (no <= lastNo || no >= s.nextPrisoner)
      return bad(`prisoner cell ${String(pp.label)}: labels must rise and stay below nextPrisoner (EX-23)`);
    lastNo = no;
    if (!isStack(pp.stack, 1)) return bad(`prisoner cell ${String(pp.label)}: bad stack`);
    const c = cellOf(p.q, p.r);
    if (used.has(c)) return bad(`prisoner cell ${String(pp.label)}: cell ${p.q},${p.r} used twice`);
    if (!AXIAL_VECTORS.some(([dq, dr]) => used.has(cellOf(p.q + dq, p.r + dr))))
      return bad(`prisoner cell ${String(pp.label)} touches no tile`);
    used.add(c);
    for (const x of pp.stack) pawns[x]++;
  }
  const reserves = s.reserves;
  if (pawns[0] + reserves[0] !== PAWNS || pawns[1] + reserves[1] !== PAWNS)
    return bad('each colour must have 8 pawns in all (EX-2)');

  // last move
  let last: ExxitLastMove | null = null;
  if (s.last !== null) {
    if (!isObj(s.last) || !wellFormed(s.last.move) || s.last.by !== 1 - (s.toMove as number))
      return bad('bad last move');
    const cells = (x: unknown) =>
      Array.isArray(x) && x.length <= 40 && x.every((c) => isObj(c) && Number.isInteger(c.q) && Number.isInteger(c.r));
    if (!cells(s.last.sown) || !cells(s.last.freed)) return bad('bad last move cells');
    const xs = (x: unknown) => (x as { q: number; r: number }[]).map((c) => ({ q: c.q, r: c.r }));
    last = { move: copyMove(s.last.move), by: s.last.by as Side, sown: xs(s.last.sown), freed: xs(s.last.freed) };
    if (s.last.label !== undefined) {
      if (typeof s.last.label !== 'string' || s.last.label.length > 40) return bad('bad last move label');
      last.label = s.last.label;
    }
  } else if (s.ply !== 0) {
    return bad('last move missing');
  }
  if (s.passes > 0 && last?.move.kind !== 'pass') return bad('passes counted but the last move was no pass');

  // end and score
  if (!Array.isArray(s.score) || s.score.length !== 2) return bad('bad score');
  let endReason: string | null = null;
  if (s.end !== null) {
    if (!isObj(s.end) || !ENDS.includes(s.end.reason as string)) return bad('bad end');
    endReason = s.end.reason as string;
  }
  const clean = {
    ...(s as unknown as ExxitState),
    seen: {},
    end: endReason ? { reason: endReason, winner: null, draw: false } : null,
  } as ExxitState;
  const board = scratchBoard(clean);
  const score = scoreOf(board);
  if (s.score[0] !== score[0] || s.score[1] !== score[1]) return bad(`score must be ${score[0]}-${score[1]} (EX-21)`);
  if (endReason) {
    const e = s.end as Record<string, unknown>;
    const winner = score[0] > score[1] ? 0 : score[1] > score[0] ? 1 : null;
    if (e.winner !== winner || e.draw !== (winner === null))
      return bad('end winner/draw disagree with the score (EX-21)');
  }

  // EX-20c window
  if (!isObj(s.seen)) return bad('bad seen');
  const context = contextKey(board);
  const entries = Object.entries(s.seen);
  if (entries.length > PLY_CAP + 1) return bad('too many repetition entries');
  for (const [key, count] of entries) {
    if (key.length > 2000) return bad('bad repetition key');
    if (!isInt(count, 1, 3) || (count === 3 && endReason !== 'EX-20c')) return bad('bad repetition count');
    if (!parseKey(key, context, board.nTiles)) return bad('bad repetition key');
  }
  const here = (s.seen as Record<string, number>)[currentKey(board)];
  if (!here) return bad('the current position is missing from seen');
  switch (endReason) {
    case null:
      if (s.stock === 0 || s.passes === 2 || s.ply === PLY_CAP) return bad('the game should be over (EX-20)');
      break;
    case 'EX-20a':
      if (s.stock !== 0) return bad('EX-20a needs an empty stock');
      break;
    case 'EX-20b':
      if (s.passes !== 2) return bad('EX-20b needs two passes');
      break;
    case 'EX-20c':
      if (here !== 3) return bad('EX-20c needs a third occurrence');
      break;
    case 'EX-20d':
      if (s.ply !== PLY_CAP) return bad(`EX-20d needs ${PLY_CAP} plies`);
      break;
  }
  if (s.passes === 2 && endReason !== 'EX-20b') return bad('two passes end the game (EX-20b)');
  return ok(stateFromBoard(scratchBoard({ ...clean, seen: s.seen as Record<string, number> }), last));
}
