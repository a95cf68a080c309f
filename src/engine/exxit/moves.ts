// Interned, frozen move objects for the fast path: legal-move generation
// allocates one array per ply and no move objects. The pure API hands out
// fresh copies (copyMove) so callers may keep or change what they get.
import { EXXIT_DIRS, type ExxitMove } from './types.js';
import { GRID, qOf, rOf } from './geometry.js';

const place = new Array<ExxitMove | undefined>(GRID);
const free = new Array<ExxitMove | undefined>(GRID);
const dance = new Array<ExxitMove | undefined>(GRID * 6);

export const PASS: ExxitMove = Object.freeze({ kind: 'pass' });

export function placeMove(c: number): ExxitMove {
  return (place[c] ??= Object.freeze({ kind: 'place', q: qOf(c), r: rOf(c) }) as ExxitMove);
}

export function freeMove(c: number): ExxitMove {
  return (free[c] ??= Object.freeze({ kind: 'free', q: qOf(c), r: rOf(c) }) as ExxitMove);
}

export function danceMove(c: number, d: number): ExxitMove {
  const i = c * 6 + d;
  return (dance[i] ??= Object.freeze({ kind: 'dance', q: qOf(c), r: rOf(c), dir: EXXIT_DIRS[d] }) as ExxitMove);
}

export function copyMove(m: ExxitMove): ExxitMove {
  switch (m.kind) {
    case 'pass':
      return { kind: 'pass' };
    case 'dance':
      return { kind: 'dance', q: m.q, r: m.r, dir: m.dir };
    default:
      return { kind: m.kind, q: m.q, r: m.r };
  }
}

export function sameMove(a: ExxitMove, b: ExxitMove): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'pass') return true;
  const bb = b as { q: number; r: number; dir?: string };
  if (a.q !== bb.q || a.r !== bb.r) return false;
  return a.kind !== 'dance' || a.dir === bb.dir;
}
