// Why a move is refused, naming the rule (EX-10..EX-18, EX-20).
import type { RuleError } from '../game.js';
import { type Board, END_REASONS, heightOf, isEmptyTile, isTile, kindOf, ownerOf, PRISONER } from './board.js';
import {
  danceEnd, danceTarget, danceVerdict, ENDS_ON_PRISONERS, NO_REACH, TARGET_OWN, TARGET_PRISONER, TARGET_TALLER, TARGET_VOID,
} from './dance.js';
import { tileNeighbours } from './free.js';
import { cellOf, DIR_INDEX, inWorldBounds, prisonerLabel, qOf, rOf, tileLabel } from './geometry.js';
import { countDances, generate } from './legal.js';
import { sameMove } from './moves.js';
import { EXXIT_DIRS, type ExxitMove } from './types.js';

const END_TEXT: Record<string, string> = {
  'EX-20a': 'the last tile has left the stock',
  'EX-20b': 'two passes in a row',
  'EX-20c': 'the same position occurred a third time',
  'EX-20d': 'the 1,000-ply limit was reached',
};

const err = (rule: string, message: string): RuleError => ({ rule, message });

/** How people see a cell: its label, else its coordinates. */
export function cellName(b: Board, c: number): string {
  const v = b.cells[c];
  if (isTile(v)) return tileLabel(b.tileNumber(c));
  if (kindOf(v) === PRISONER) return prisonerLabel(b.prisonerNumber(c));
  return `${qOf(c)},${rOf(c)}`;
}

/** Checks a move's shape: the kind, integer coordinates, a known direction. */
export function wellFormed(m: unknown): m is ExxitMove {
  if (typeof m !== 'object' || m === null) return false;
  const x = m as Record<string, unknown>;
  if (x.kind === 'pass') return true;
  if (x.kind !== 'place' && x.kind !== 'free' && x.kind !== 'dance') return false;
  if (!Number.isInteger(x.q) || !Number.isInteger(x.r)) return false;
  return x.kind !== 'dance' || (EXXIT_DIRS as readonly unknown[]).includes(x.dir);
}

/** The legal move equal to m (interned), or the rule it breaks. */
export function check(b: Board, m: ExxitMove): { move: ExxitMove } | { error: RuleError } {
  if (b.end !== 0) {
    const reason = END_REASONS[b.end];
    return { error: err(reason, `the game is over (${END_TEXT[reason]})`) };
  }
  if (!wellFormed(m)) return { error: err('EX-22', 'not a move') };
  const legal = generate(b);
  const found = legal.find((x) => sameMove(x, m));
  if (found) return { move: found };
  return { error: explain(b, m, legal) };
}

function explain(b: Board, m: ExxitMove, legal: ExxitMove[]): RuleError {
  if (m.kind === 'pass') return err('EX-10', `passing is never voluntary (${legal.length} legal move${legal.length === 1 ? '' : 's'})`);
  const inside = inWorldBounds(m.q, m.r);
  const c = inside ? cellOf(m.q, m.r) : -1;
  const name = inside ? cellName(b, c) : `${m.q},${m.r}`;
  const v = inside ? b.cells[c] : 0;
  if (m.kind === 'dance') return whyNotDance(b, c, name, v, m.dir) ?? err('EX-11b', 'an exit dance is available; only exit dances are legal');
  const { dances, exits } = countDances(b);
  if (dances > 0) {
    return exits > 0
      ? err('EX-11b', `an exit dance is compulsory (${exits} available)`)
      : err('EX-11a', `a dance is compulsory (${dances} available)`);
  }
  if (m.kind === 'place') {
    if (b.reserves[b.side] === 0) return err('EX-17', 'no pawns left in your reserve');
    if (!isTile(v)) return err('EX-17', `${name} is not a tile`);
    if (!isEmptyTile(v)) return err('EX-17', `${name} is not an empty tile`);
  } else {
    if (b.stock === 0) return err('EX-18', 'the stock is empty');
    if (kindOf(v) !== PRISONER) return err('EX-18', `${name} is not a prisoner cell`);
    const k = tileNeighbours(b, c);
    if (k < 2) return err('EX-18', `${name} touches ${k === 0 ? 'no tile' : 'only one tile'} (it needs two)`);
  }
  return err('EX-10', 'that move is not legal here');
}

/** EX-12/EX-13 for one dance, or null when the dance is legal on its own. */
function whyNotDance(b: Board, c: number, name: string, v: number, dir: (typeof EXXIT_DIRS)[number]): RuleError | null {
  if (!isTile(v)) return err('EX-13', `${name} is not a tile`);
  const n = heightOf(v);
  if (n === 0) return err('EX-12', `${name} holds no stack`);
  if (ownerOf(v) !== b.side) return err('EX-12', 'that stack is not yours');
  const d = DIR_INDEX[dir];
  const verdict = danceVerdict(b, c, d, n, b.side);
  const target = danceTarget(b, c, d, n);
  const tname = target ? cellName(b, target.cell) : '';
  switch (verdict) {
    case NO_REACH:
      return err('EX-13a', `no stack within reach ${dir} of ${name} (height ${n})`);
    case TARGET_VOID:
      return err('EX-13b', `the first non-empty cell ${dir} of ${name} is a void (${tname}), not a tile`);
    case TARGET_PRISONER:
      return err('EX-13b', `the first non-empty cell ${dir} of ${name} holds prisoners (${tname}), not a tile`);
    case TARGET_OWN:
      return err('EX-13c', `the first occupied cell ${dir} of ${name} holds your own stack`);
    case TARGET_TALLER:
      return err('EX-13d', `the target stack is taller than yours (${heightOf(b.cells[target!.cell])} > ${n})`);
    case ENDS_ON_PRISONERS:
      return err('EX-13e', `the sowing would end on prisoners (${cellName(b, danceEnd(b, c, d, n))})`);
    default:
      return null;
  }
}
