// Why a move is refused, naming the rule (EX-10..EX-18, EX-20).
import type { RuleError } from '../game.js';
import { refusal as err, type ExxitErrorCode } from './errors.js';
import { type Board, END_REASONS, heightOf, isEmptyTile, isTile, kindOf, ownerOf, PRISONER } from './board.js';
import {
  danceEnd,
  danceTarget,
  danceVerdict,
  ENDS_ON_PRISONERS,
  NO_REACH,
  TARGET_OWN,
  TARGET_PRISONER,
  TARGET_TALLER,
  TARGET_VOID,
} from './dance.js';
import { tileNeighbours } from './free.js';
import { cellOf, DIR_INDEX, inWorldBounds, prisonerLabel, qOf, rOf, tileLabel } from './geometry.js';
import { countDances, generate } from './legal.js';
import { sameMove } from './moves.js';
import { EXXIT_DIRS, type ExxitMove } from './types.js';

const OVER: Record<string, ExxitErrorCode> = {
  'EX-20a': 'exxit.over.stockEmpty',
  'EX-20b': 'exxit.over.twoPasses',
  'EX-20c': 'exxit.over.repetition',
  'EX-20d': 'exxit.over.plyLimit',
};

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
    return { error: err(reason, OVER[reason]) };
  }
  if (!wellFormed(m)) return { error: err('EX-22', 'exxit.notAMove') };
  const legal = generate(b);
  const found = legal.find((x) => sameMove(x, m));
  if (found) return { move: found };
  return { error: explain(b, m, legal) };
}

function explain(b: Board, m: ExxitMove, legal: ExxitMove[]): RuleError {
  if (m.kind === 'pass') return err('EX-10', 'exxit.passNotVoluntary', { moves: legal.length });
  const inside = inWorldBounds(m.q, m.r);
  const c = inside ? cellOf(m.q, m.r) : -1;
  const name = inside ? cellName(b, c) : `${m.q},${m.r}`;
  const v = inside ? b.cells[c] : 0;
  if (m.kind === 'dance') return whyNotDance(b, c, name, v, m.dir) ?? err('EX-11b', 'exxit.onlyExitDances');
  const { dances, exits } = countDances(b);
  if (dances > 0) {
    return exits > 0
      ? err('EX-11b', 'exxit.exitDanceCompulsory', { count: exits })
      : err('EX-11a', 'exxit.danceCompulsory', { count: dances });
  }
  if (m.kind === 'place') {
    if (b.reserves[b.side] === 0) return err('EX-17', 'exxit.reserveEmpty');
    if (!isTile(v)) return err('EX-17', 'exxit.placeNotTile', { cell: name });
    if (!isEmptyTile(v)) return err('EX-17', 'exxit.placeNotEmpty', { cell: name });
  } else {
    if (b.stock === 0) return err('EX-18', 'exxit.stockEmpty');
    if (kindOf(v) !== PRISONER) return err('EX-18', 'exxit.freeNotPrisoner', { cell: name });
    const k = tileNeighbours(b, c);
    if (k < 2) return err('EX-18', 'exxit.freeTooFewTiles', { cell: name, tiles: k });
  }
  return err('EX-10', 'exxit.notLegal');
}

/** EX-12/EX-13 for one dance, or null when the dance is legal on its own. */
function whyNotDance(b: Board, c: number, name: string, v: number, dir: (typeof EXXIT_DIRS)[number]): RuleError | null {
  if (!isTile(v)) return err('EX-13', 'exxit.danceNotTile', { cell: name });
  const n = heightOf(v);
  if (n === 0) return err('EX-12', 'exxit.noStack', { cell: name });
  if (ownerOf(v) !== b.side) return err('EX-12', 'exxit.notYourStack');
  const d = DIR_INDEX[dir];
  const verdict = danceVerdict(b, c, d, n, b.side);
  const target = danceTarget(b, c, d, n);
  const tname = target ? cellName(b, target.cell) : '';
  switch (verdict) {
    case NO_REACH:
      return err('EX-13a', 'exxit.noReach', { dir, cell: name, height: n });
    case TARGET_VOID:
      return err('EX-13b', 'exxit.targetVoid', { dir, cell: name, target: tname });
    case TARGET_PRISONER:
      return err('EX-13b', 'exxit.targetPrisoners', { dir, cell: name, target: tname });
    case TARGET_OWN:
      return err('EX-13c', 'exxit.targetOwn', { dir, cell: name });
    case TARGET_TALLER:
      return err('EX-13d', 'exxit.targetTaller', { target: heightOf(b.cells[target!.cell]), height: n });
    case ENDS_ON_PRISONERS:
      return err('EX-13e', 'exxit.endsOnPrisoners', { cell: cellName(b, danceEnd(b, c, d, n)) });
    default:
      return null;
  }
}
