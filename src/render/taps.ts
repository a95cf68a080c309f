// Tapping the board (the web client, docs/web.md "Tap to play"): each legal move as the taps that pick it and the mark
// that shows it, and where a tap on a board picture falls. Pure, and over the painters' own layouts, so a tap lands
// on the cell the painter drew there; the client (web/src/tap.ts) never asks which game it is.
import type { GameId, Side } from '../engine/game.js';
import { getGame } from '../engine/index.js';
import type { ExxitMove, ExxitState } from '../engine/exxit/types.js';
import { CELLS } from '../engine/orion/board.js';
import { PLACEMENTS, placementOf } from '../engine/orion/tiles.js';
import { TILE_CODES, type OrionMove, type OrionPlacement, type OrionState } from '../engine/orion/types.js';
import { exxitPictureLayout, type ExxitMark, type Shown } from './exxit.js';
import { voidRing } from './exxit-layout.js';
import type { Highlight } from './highlight.js';
import { orionLayout, type OrionMark } from './orion-board.js';
import type { BoardMarks } from './painter.js';
import { REVIEW } from './theme.js';

/** A cell of a board as a key: Orion its index ("42"), Exxit its coordinates ("1,-2"). */
export type TapCell = string;

/** What a move does on the board, as the painters draw it. */
export interface MoveDrawing {
  /** The move as people read it (Exxit's labels, `D B NW`; Orion's notation is labelled already). */
  label: string;
  exxit?: Shown;
  orion?: OrionPlacement;
}

/** A legal move of `before` played, for its picture (a review's moves, a tap's preview); null when it is refused. */
export function moveDrawing(game: GameId, before: unknown, move: unknown): MoveDrawing | null {
  const g = getGame(game);
  const after = g.play(before, move);
  if (!after.ok) return null;
  const label = g.formatMove(before, move, 'label');
  if (game === 'exxit') return { label, exxit: (after.value as ExxitState).last ?? undefined };
  return { label, orion: (after.value as OrionState).placements.at(-1) };
}

export interface TapMove {
  /** Canonical text: what the client sends. */
  text: string;
  /** Its notation for people (the legend under the board). */
  label: string;
  /** A choice made off the board first (Orion: the tile from the hand); absent when there is none. */
  hand?: string;
  /** Cells a first tap offers it from (Exxit: the stack, tile or prisoners it starts from; Orion: every cell it covers). */
  origins: TapCell[];
  /** Cells that pick it among those offered (its dance path, the cells it covers, what it frees). */
  targets: TapCell[];
  drawing: MoveDrawing;
}

const exxitKey = (c: { q: number; r: number }): TapCell => `${c.q},${c.r}`;

/** Every move the player to move may choose (a forced move is the rules' own: none then), as taps. */
export function tapMoves(game: GameId, state: unknown): TapMove[] {
  const g = getGame(game);
  if (g.outcome(state).over || g.forcedMove(state) !== null) return [];
  const out: TapMove[] = [];
  for (const m of g.legalMoves(state)) {
    const text = g.formatMove(state, m, 'canonical');
    if (game === 'orion') {
      // From the placement table, not by playing each of a thousand placements (a third of a second).
      const side = (state as OrionState).toMove;
      const pl = PLACEMENTS[placementOf(m as OrionMove)];
      const colors = pl.isX.map((x) => (x ? 1 - side : side) as Side);
      const drawing: MoveDrawing = { label: text, orion: { side, move: pl.move, cells: pl.cells, colors } };
      const cells = pl.cells.map(String);
      out.push({ text, label: text, hand: pl.tile, origins: cells, targets: cells, drawing });
      continue;
    }
    const drawing = moveDrawing(game, state, m);
    const em = m as ExxitMove;
    if (!drawing?.exxit || em.kind === 'pass') continue;
    const origin = exxitKey(em);
    const path = [origin, ...drawing.exxit.sown.map(exxitKey), ...drawing.exxit.freed.map(exxitKey)];
    out.push({ text, label: drawing.label, origins: [origin], targets: [...new Set(path)], drawing });
  }
  return out;
}

/** A tile in the hand of the side to move: how many are left, and whether any of them can be laid now. */
export interface HandTile {
  code: string;
  count: number;
  playable: boolean;
}

/** The hand of the side to move (Orion's tiles), or null for a game without one. */
export function tapHand(game: GameId, state: unknown, moves: readonly TapMove[]): HandTile[] | null {
  if (game !== 'orion') return null;
  const s = state as OrionState;
  const hand = s.hands[s.toMove];
  return TILE_CODES.filter((t) => hand[t] > 0).map((code) => ({
    code,
    count: hand[code],
    playable: moves.some((m) => m.hand === code),
  }));
}

/** The move chosen: solid green with a ✓ (the review's better move, so one colour means "this one"). */
export const CHOSEN: Highlight = { color: REVIEW.better, dashed: false, inset: 0.9, badge: '✓' };
/** The other moves offered, and the cells a first tap may start from: dotted, a little inside. */
export const OFFERED: Highlight = { color: '#8fd3ff', dashed: true, inset: 0.78 };

/**
 * What the board shows while tapping: the cells a first tap may start from (`starts`), the moves offered, the one
 * chosen (last, over the others) and its notation in the footer; nothing chosen: the usual footer.
 */
export function tapMarks(
  game: GameId,
  starts: readonly TapCell[],
  offered: readonly TapMove[],
  chosen: TapMove | null,
): BoardMarks {
  const drawn: { d: MoveDrawing; h: Highlight }[] = offered
    .filter((m) => m !== chosen)
    .map((m) => ({ d: m.drawing, h: OFFERED }));
  if (chosen) drawn.push({ d: chosen.drawing, h: CHOSEN });
  const legend = chosen ? [{ h: CHOSEN, lines: [chosen.label] }] : undefined;
  if (game === 'exxit') {
    const exxit: ExxitMark[] = starts.map((k) => {
      const [q, r] = k.split(',').map(Number);
      return { shown: { move: { kind: 'place', q, r }, sown: [], freed: [] }, h: OFFERED };
    });
    for (const { d, h } of drawn) if (d.exxit) exxit.push({ shown: d.exxit, h });
    return { exxit, legend };
  }
  // Orion's offered placements overlap by the dozen: only the chosen one is drawn.
  const orion: OrionMark[] = chosen?.drawing.orion
    ? [{ cells: chosen.drawing.orion.cells, colors: chosen.drawing.orion.colors, h: CHOSEN }]
    : [];
  return { orion, legend };
}

/**
 * The cell under a point of a board picture (in the picture's own pixels, BOARD_SIZE), or null: the nearest cell
 * centre within a hex radius. `marks`: those the picture was painted with (Exxit's frame holds their cells).
 */
export function cellAt(game: GameId, state: unknown, x: number, y: number, marks?: BoardMarks): TapCell | null {
  let best: TapCell | null = null;
  let bestD = Infinity;
  const consider = (key: TapCell, c: { x: number; y: number }, r: number) => {
    const d = (c.x - x) ** 2 + (c.y - y) ** 2;
    if (d <= r * r && d < bestD) {
      bestD = d;
      best = key;
    }
  };
  if (game === 'exxit') {
    const s = state as ExxitState;
    const L = exxitPictureLayout(s, { marks: marks?.exxit });
    for (const c of [...s.tiles, ...s.prisoners, ...voidRing(s)]) consider(exxitKey(c), L.center(c.q, c.r), L.size);
  } else {
    const L = orionLayout();
    for (let i = 0; i < CELLS.length; i++) consider(String(i), L.center(i), L.size);
  }
  return best;
}

/** The centre of a cell on a board picture painted with `marks`, in the picture's own pixels (cellAt's inverse). */
export function cellCentre(game: GameId, state: unknown, cell: TapCell, marks?: BoardMarks): { x: number; y: number } {
  if (game === 'exxit') {
    const [q, r] = cell.split(',').map(Number);
    return exxitPictureLayout(state as ExxitState, { marks: marks?.exxit }).center(q, r);
  }
  return orionLayout().center(Number(cell));
}
