// The `show` JSON of the engine tool.
import { formatMove } from './notation.js';
import type { ExxitMove, ExxitState } from './types.js';

const NAME = ['red', 'black'] as const;

export function summarize(s: ExxitState, legal: ExxitMove[]): Record<string, unknown> {
  const stack = (xs: readonly (0 | 1)[]) => xs.map((p) => NAME[p]);
  // Every non-void cell keyed "q,r" (EX-6): a tile with its colour, or a prisoner cell.
  const cells: Record<string, unknown> = {};
  for (const t of s.tiles)
    cells[`${t.q},${t.r}`] = { kind: 'tile', label: t.label, color: NAME[t.color], stack: stack(t.stack) };
  for (const p of s.prisoners) cells[`${p.q},${p.r}`] = { kind: 'prisoner', label: p.label, stack: stack(p.stack) };
  return {
    game: 'exxit',
    variant: s.variant,
    toMove: NAME[s.toMove],
    ply: s.ply,
    over: s.end !== null,
    winner: s.end && s.end.winner !== null ? NAME[s.end.winner] : null,
    draw: s.end?.draw ?? false,
    reason: s.end?.reason ?? null,
    score: { red: s.score[0], black: s.score[1] },
    reserves: { red: s.reserves[0], black: s.reserves[1] },
    stock: s.stock,
    tiles: s.tiles.map((t) => ({
      label: t.label,
      q: t.q,
      r: t.r,
      color: NAME[t.color],
      stack: stack(t.stack),
      height: t.stack.length,
      owner: t.stack.length ? NAME[t.stack[t.stack.length - 1]] : null,
    })),
    prisoners: s.prisoners.map((p) => ({ label: p.label, q: p.q, r: p.r, stack: stack(p.stack) })),
    cells,
    lastMove: s.last ? formatMove(s, s.last.move) : null,
    lastMoveLabel: s.last ? (s.last.label ?? formatMove(s, s.last.move, 'label')) : null,
    lastBy: s.last ? NAME[s.last.by] : null,
    legalMoves: legal.map((m) => formatMove(s, m)),
  };
}
