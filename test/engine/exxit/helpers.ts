// Test helpers: hand-built Exxit positions, validated through fromJSON.
import type { RuleError, Side } from '../../../src/engine/game.js';
import { exxit } from '../../../src/engine/exxit/index.js';
import { recordPosition } from '../../../src/engine/exxit/repetition.js';
import { boardFromState, stateFromBoard } from '../../../src/engine/exxit/state.js';
import { tileLabel } from '../../../src/engine/exxit/geometry.js';
import type { ExxitLastMove, ExxitMove, ExxitState, ExxitVariant } from '../../../src/engine/exxit/types.js';
import { VARIANT_TILES } from '../../../src/engine/exxit/types.js';
import { errorText } from '../../../src/engine/game.js';

export const R: Side = 0;
export const B: Side = 1;

export interface Spec {
  variant?: ExxitVariant;
  toMove?: Side;
  ply?: number;
  /** Stacks of the core tiles A, B, C, D by label. */
  core?: Partial<Record<'A' | 'B' | 'C' | 'D', Side[]>>;
  /** Tiles after the core, in laying order. */
  tiles?: { q: number; r: number; color: Side; stack?: Side[] }[];
  prisoners?: { q: number; r: number; stack: Side[]; no?: number }[];
  /** Reserves default to what is left of 8 pawns per colour. */
  reserves?: [number, number];
  last?: ExxitLastMove | null;
}

const CORE = [
  { q: 0, r: 0, color: 0 as Side },
  { q: 1, r: 0, color: 0 as Side },
  { q: 1, r: -1, color: 1 as Side },
  { q: 0, r: 1, color: 1 as Side },
];

/** A valid state from a spec (throws if fromJSON refuses it). */
export function build(spec: Spec): ExxitState {
  const variant = spec.variant ?? 'standard';
  const tiles = [
    ...CORE.map((c, i) => ({ ...c, label: tileLabel(i), stack: spec.core?.[tileLabel(i) as 'A'] ?? [] })),
    ...(spec.tiles ?? []).map((t, i) => ({
      q: t.q,
      r: t.r,
      color: t.color,
      label: tileLabel(i + 4),
      stack: t.stack ?? [],
    })),
  ];
  let no = 0;
  const prisoners = (spec.prisoners ?? []).map((p) => ({
    q: p.q,
    r: p.r,
    stack: p.stack,
    label: `X${(no = p.no ?? no + 1)}`,
  }));
  const onBoard = [0, 0];
  for (const x of [...tiles, ...prisoners]) for (const p of x.stack) onBoard[p]++;
  const toMove = spec.toMove ?? 0;
  const ply = spec.ply ?? toMove; // Red moves first, every ply alternates (EX-1, EX-10)
  const draft: ExxitState = {
    game: 'exxit',
    variant,
    toMove,
    ply,
    tiles,
    prisoners,
    nextPrisoner: no + 1,
    reserves: spec.reserves ?? [8 - onBoard[0], 8 - onBoard[1]],
    stock: VARIANT_TILES[variant] - tiles.length,
    passes: 0,
    seen: {},
    last:
      spec.last !== undefined
        ? spec.last
        : ply > 0
          ? { move: { kind: 'place', q: 0, r: 0 }, by: (1 - toMove) as Side, sown: [], freed: [] }
          : null,
    end: null,
    score: [0, 0],
  };
  const b = boardFromState(draft);
  recordPosition(b);
  const made = stateFromBoard(b, draft.last);
  const v = exxit.fromJSON(JSON.parse(JSON.stringify(made)));
  if (!v.ok) throw new Error(`bad test position: ${errorText(v.error)}`);
  return v.value;
}

/** k tiles growing a two-row strip east of the core: (2,-1), (2,0), (3,-1), (3,0), ... */
export function strip(k: number, color: Side = 0): { q: number; r: number; color: Side }[] {
  const out: { q: number; r: number; color: Side }[] = [];
  for (let i = 0; i < k; i++) out.push({ q: 2 + (i >> 1), r: i % 2 === 0 ? -1 : 0, color });
  return out;
}

export const legal = (s: ExxitState): string[] =>
  exxit
    .legalMoves(s)
    .map((m) => exxit.formatMove(s, m))
    .sort();

export function parse(s: ExxitState, text: string): ExxitMove {
  const m = exxit.parseMove(s, text);
  if (!m.ok) throw new Error(`${text}: ${errorText(m.error)}`);
  return m.value;
}

export function move(s: ExxitState, text: string): ExxitState {
  const r = exxit.play(s, parse(s, text));
  if (!r.ok) throw new Error(`${text}: ${errorText(r.error)}`);
  return r.value;
}

/** The refusal of a move text: rule, code and parameters. */
export function refusal(s: ExxitState, text: string): RuleError {
  const m = exxit.parseMove(s, text);
  if (m.ok) throw new Error(`${text}: accepted, a refusal was expected`);
  return m.error;
}

export const stackAt = (s: ExxitState, q: number, r: number): Side[] | undefined =>
  (s.tiles.find((t) => t.q === q && t.r === r) ?? s.prisoners.find((p) => p.q === q && p.r === r))?.stack;

/** The starting state of a setup. */
export function init(setup = 'standard'): ExxitState {
  const s = exxit.initial(setup);
  if (!s.ok) throw new Error(errorText(s.error));
  return s.value;
}

/**
 * Black to move at ply 999 with the scores level (red A, B and 0,-1: 3 + 3; black C with 2,-1 and D with -1,1:
 * 4 + 2), so the next move ends the game drawn by EX-20d (the dance `D A E` keeps them level).
 */
export function equalScoresAtTheLastPly(): ExxitState {
  return build({
    core: { A: [B], B: [R] },
    toMove: B,
    ply: 999,
    tiles: [
      { q: 2, r: -1, color: B },
      { q: 0, r: -1, color: R },
      { q: -1, r: 1, color: B },
    ],
  });
}
