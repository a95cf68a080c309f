// Exxit without typing: each legal move as menu choices for the move builder
// (kind → stack or cell → direction, named with the EX-23 labels the image
// shows), and the order of lists that show only some moves (exit dances,
// dances, frees, then places). Words are in the catalogues (builder.exxit.*).
import type { MovePath, MoveStep, Note } from '../game.js';
import { Board, heightOf } from './board.js';
import { danceVerdict, EXIT } from './dance.js';
import { freeChain } from './free.js';
import { cellOf, DIR_INDEX } from './geometry.js';
import { labelAt } from './notation.js';
import { scratchBoard } from './state.js';
import type { ExxitMove, ExxitState } from './types.js';

const note = (id: string, params: Note['params'] = {}): Note => ({ id: `exxit.${id}`, params });
const CODE_RE = /^[0-9A-Za-z]{1,4}$/;

/**
 * A cell's code is its label (B, X1); a label too long for a code (X10000 cannot happen before the ply limit) falls
 * back to the grid index.
 */
const cellCode = (label: string, q: number, r: number): string =>
  CODE_RE.test(label) ? label : `c${cellOf(q, r).toString(36)}`;

type Kind = 'exitDance' | 'dance' | 'free' | 'place' | 'pass';

/** What each move is, read once from one board: exit dances and the tiles a free lays need the rules. */
function classify(
  s: ExxitState,
  moves: readonly ExxitMove[],
): { kind: Kind; label: string; height: number; tiles: number }[] {
  const b = scratchBoard(s, false);
  return moves.map((m) => {
    if (m.kind === 'pass') return { kind: 'pass', label: '', height: 0, tiles: 0 };
    const label = labelAt(s, m.q, m.r) ?? `${m.q},${m.r}`;
    const c = cellOf(m.q, m.r);
    if (m.kind === 'place') return { kind: 'place', label, height: 0, tiles: 0 };
    if (m.kind === 'free') {
      // EX-18/19: the chain may lay more than one tile; play it on a copy to say how many.
      const copy = new Board(b);
      freeChain(copy, c);
      return { kind: 'free', label, height: 0, tiles: copy.nFreed };
    }
    const n = heightOf(b.cells[c]);
    const exit = danceVerdict(b, c, DIR_INDEX[m.dir], n, b.side) === EXIT;
    return { kind: exit ? 'exitDance' : 'dance', label, height: n, tiles: 0 };
  });
}

export function movePaths(s: ExxitState, moves: readonly ExxitMove[]): MovePath[] {
  const kinds = classify(s, moves);
  return moves.map((m, i) => {
    const k = kinds[i];
    const kindStep = (code: string, id: string): MoveStep => ({
      level: note('level.kind'),
      code,
      note: note(`kind.${id}`),
    });
    if (m.kind === 'pass') return { steps: [kindStep('n', 'pass')], note: note('pass') };
    const code = cellCode(k.label, m.q, m.r);
    if (m.kind === 'place') {
      const what = note('place', { label: k.label });
      return { steps: [kindStep('p', 'place'), { level: note('level.emptyTile'), code, note: what }], note: what };
    }
    if (m.kind === 'free') {
      const what = note('free', { label: k.label, tiles: k.tiles });
      return { steps: [kindStep('f', 'free'), { level: note('level.prisoners'), code, note: what }], note: what };
    }
    const exit = k.kind === 'exitDance';
    const what = note(exit ? 'exitDance' : 'dance', { label: k.label, dir: m.dir });
    return {
      steps: [
        kindStep('d', exit ? 'exitDance' : 'dance'),
        { level: note('level.stack'), code, note: note('stack', { label: k.label, height: k.height }) },
        { level: note('level.direction', { label: k.label }), code: m.dir, note: what },
      ],
      note: what,
    };
  });
}

const RANK: Record<Kind, number> = { exitDance: 0, dance: 1, free: 2, place: 3, pass: 4 };

/**
 * Exit dances, dances, frees (more tiles laid first), then places; within each, the order given (the board's label
 * order; Array.prototype.sort is stable).
 */
export function orderMoves(s: ExxitState, moves: readonly ExxitMove[]): ExxitMove[] {
  const kinds = classify(s, moves);
  return moves
    .map((m, i) => ({ m, k: kinds[i] }))
    .sort((a, b) => RANK[a.k.kind] - RANK[b.k.kind] || b.k.tiles - a.k.tiles)
    .map((x) => x.m);
}
