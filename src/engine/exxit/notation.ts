// EX-22 canonical move text and EX-23 labels: reading and writing.
import { ok, type Result } from '../game.js';
import { MOVE_FORMS, refused } from './errors.js';
import { EXXIT_DIRS, type ExxitDir, type ExxitMove, type ExxitState } from './types.js';

/** A move as read from text, before its cell is looked up. */
export type MoveText =
  | { kind: 'pass' }
  | { kind: 'place' | 'free'; at: Target }
  | { kind: 'dance'; at: Target; dir: ExxitDir };
export type Target = { q: number; r: number } | { label: string };

const KIND: Record<string, 'place' | 'dance' | 'free'> = {
  P: 'place',
  PLACE: 'place',
  D: 'dance',
  DANCE: 'dance',
  F: 'free',
  FREE: 'free',
};
const KIND_RE = '(PLACE|DANCE|FREE|P|D|F)';
const DIR_RE = '(NE|NW|SW|SE|E|W)';
const COORD = new RegExp(`^${KIND_RE}\\s*\\(?\\s*([+-]?\\d{1,4})\\s*,\\s*([+-]?\\d{1,4})\\s*\\)?(?:\\s*${DIR_RE})?$`);
const LABEL = new RegExp(`^${KIND_RE}\\s*(X\\d{1,4}|[A-Z]{1,2})(?:\\s+${DIR_RE})?$`);

const shown = (text: string): string => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** EX-22/EX-23: reads any accepted notation, in any case and spacing. */
export function readMove(text: string): Result<MoveText> {
  if (typeof text !== 'string') return refused('EX-22', 'exxit.notText', { forms: MOVE_FORMS });
  const t = text.trim().replace(/\s+/g, ' ').toUpperCase();
  if (t === 'PASS') return ok({ kind: 'pass' });
  let kind: string;
  let at: Target;
  let dir: string | undefined;
  let m = COORD.exec(t);
  if (m) {
    kind = KIND[m[1]];
    at = { q: Number(m[2]), r: Number(m[3]) };
    dir = m[4];
  } else if ((m = LABEL.exec(t))) {
    kind = KIND[m[1]];
    at = { label: m[2] };
    dir = m[3];
  } else {
    return refused('EX-22', 'exxit.cannotRead', { text: shown(text), forms: MOVE_FORMS });
  }
  if (kind === 'dance') {
    if (!dir) return refused('EX-22', 'exxit.danceNeedsDirection', { dirs: EXXIT_DIRS.join(', '), example: 'D B NW' });
    return ok({ kind, at, dir: dir as ExxitDir });
  }
  if (dir) return refused('EX-22', 'exxit.noDirection', { kind, forms: MOVE_FORMS });
  return ok({ kind: kind as 'place' | 'free', at });
}

/** EX-23: the coordinates a label names now, or an error. */
export function resolveLabel(s: ExxitState, label: string): Result<{ q: number; r: number }> {
  if (label.startsWith('X') && label.length > 1) {
    const p = s.prisoners.find((x) => x.label === label);
    if (p) return ok({ q: p.q, r: p.r });
    const n = Number(label.slice(1));
    return refused('EX-23', n >= 1 && n < s.nextPrisoner ? 'exxit.prisonerCellGone' : 'exxit.noPrisonerCell', {
      label,
    });
  }
  const t = s.tiles.find((x) => x.label === label);
  if (t) return ok({ q: t.q, r: t.r });
  return refused('EX-23', 'exxit.noTile', { label });
}

/** The label of the cell at (q, r), if it has one now. */
export function labelAt(s: ExxitState, q: number, r: number): string | null {
  const t = s.tiles.find((x) => x.q === q && x.r === r);
  if (t) return t.label;
  const p = s.prisoners.find((x) => x.q === q && x.r === r);
  return p ? p.label : null;
}

/** EX-22 canonical text, or the EX-23 label form. */
export function formatMove(s: ExxitState, m: ExxitMove, style: 'canonical' | 'label' = 'canonical'): string {
  if (m.kind === 'pass') return 'pass';
  const letter = m.kind === 'place' ? 'P' : m.kind === 'dance' ? 'D' : 'F';
  const at = (style === 'label' && labelAt(s, m.q, m.r)) || `${m.q},${m.r}`;
  return m.kind === 'dance' ? `${letter} ${at} ${m.dir}` : `${letter} ${at}`;
}
