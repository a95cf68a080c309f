// The Orion Duel board (OD-5..OD-13): the picture's size and board area, the
// layout of the 85 labelled cells, the side bands (OD-7), the tokens, the laid
// tiles with their edges and the last tile's outline. The empty board is drawn
// once per layout and scale and copied.
import type { Side } from '../engine/game.js';
import { CELLS, DIR_VECTORS, SIDES, cellIndex, cellLabel, onBoard } from '../engine/orion/board.js';
import type { OrionState } from '../engine/orion/types.js';
import { MARGIN } from './card.js';
import { FOOTER_H } from './footer.js';
import {
  addHex,
  axialToPixel,
  type Ctx,
  hexPath,
  type Point,
  scaleOf,
  type Stamp,
  stampAll,
  stampOf,
  text,
} from './hexdraw.js';
import { drawBadge, type Highlight } from './highlight.js';
import { drawGalaxy, drawHole, sideFill } from './orion-cells.js';
import { createSurface, type Surface } from './surface.js';
import { ORION, PICTURE_WIDTH, THEME, TYPE } from './theme.js';

export const ORION_WIDTH = PICTURE_WIDTH;
export const ORION_HEIGHT = 680;
const CARD_H = 84;
const HEADER_H = MARGIN + CARD_H + MARGIN;
/** The board area: between header and footer, the whole width. */
export const ORION_BOARD_AREA = { x: 0, y: HEADER_H, w: ORION_WIDTH, h: ORION_HEIGHT - HEADER_H - FOOTER_H };
const CARD_W = (ORION_WIDTH - 3 * MARGIN) / 2;
/** Where a player's card is in the header. */
export function orionCard(side: Side): { x: number; y: number; w: number; h: number } {
  return { x: side === 0 ? MARGIN : ORION_WIDTH - MARGIN - CARD_W, y: MARGIN, w: CARD_W, h: CARD_H };
}

export interface OrionLayout {
  size: number;
  /** Pixel centre of a cell index (0..84, OD-6 label order). */
  center(cell: number): Point;
}

/** Columns 45 px apart and rows 52 (flat-top hexes of radius 30, OD-5): every cell centre on a whole pixel. */
const COL_STEP = 45;
const ROW_STEP = 52;

/** The board fills the board area; flat-top hexes (OD-5). */
export function orionLayout(): OrionLayout {
  const a = ORION_BOARD_AREA;
  const size = COL_STEP / 1.5;
  const cx = Math.round(a.x + a.w / 2);
  const cy = Math.round(a.y + a.h / 2);
  return {
    size,
    center(cell) {
      const c = CELLS[cell];
      // √3 × 30 is 51.96: rows of 52 put each centre on a pixel, 0.02 px from the regular grid.
      return { x: cx + COL_STEP * c.q, y: cy + ROW_STEP * (c.r + c.q / 2) };
    },
  };
}

/** The two corners bounding the edge of a flat-top hex towards axial direction (dq, dr). */
function edgeCorners(c: Point, size: number, dq: number, dr: number): [Point, Point] {
  const v = axialToPixel(dq, dr, 1, 'flat');
  const a = Math.atan2(v.y, v.x);
  const p = (t: number): Point => ({ x: c.x + size * Math.cos(t), y: c.y + size * Math.sin(t) });
  return [p(a - Math.PI / 6), p(a + Math.PI / 6)];
}

// ---------- board ----------

/** OD-7 sides as thick bands outside the board, with a dash pattern per pair. */
function drawSides(ctx: Ctx, L: OrionLayout): void {
  const out: Record<string, [number, number][]> = {
    left: [
      [-1, 0],
      [-1, 1],
    ],
    right: [
      [1, -1],
      [1, 0],
    ],
    'top-left': [
      [0, -1],
      [-1, 0],
    ],
    'bottom-right': [
      [0, 1],
      [1, 0],
    ],
    'top-right': [
      [0, -1],
      [1, -1],
    ],
    'bottom-left': [
      [0, 1],
      [-1, 1],
    ],
  };
  SIDES.forEach((pair, pi) => {
    for (const side of pair.sides) {
      ctx.strokeStyle = ORION.pair[pi];
      ctx.lineWidth = L.size * 0.22;
      ctx.lineCap = pi === 0 ? 'butt' : 'round';
      ctx.setLineDash(ORION.pairDash[pi].map((d) => (d * L.size) / 36));
      for (const cell of side.cells) {
        const { q, r } = CELLS[cell];
        for (const [dq, dr] of out[side.name] ?? []) {
          if (onBoard(q + dq, r + dr)) continue;
          const [a, b] = edgeCorners(L.center(cell), L.size * 1.13, dq, dr);
          ctx.beginPath();
          ctx.moveTo(a.x, a.y);
          ctx.lineTo(b.x, b.y);
          ctx.stroke();
        }
      }
    }
  });
  ctx.setLineDash([]);
}

/**
 * Cells batched by fill (each colour one path, so a colour shows no seams inside): empty cells (with their grid line),
 * orange, blue.
 */
function drawCells(
  ctx: Ctx,
  L: OrionLayout,
  s: Pick<OrionState, 'cells'>,
  colours: readonly (-1 | 0 | 1)[] = [-1, 0, 1],
): void {
  for (const col of colours) {
    ctx.beginPath();
    let any = false;
    for (let i = 0; i < CELLS.length; i++) {
      if (s.cells[i] !== col) continue;
      addHex(ctx, L.center(i), L.size, 'flat');
      any = true;
    }
    if (!any) continue;
    ctx.fillStyle = col < 0 ? ORION.cell : sideFill(ctx, col as Side);
    ctx.fill();
    if (col < 0) {
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = ORION.cellEdge;
      ctx.stroke();
    }
  }
}

/**
 * Tile outlines: thin inside a tile, thick between different tiles or around
 * a tile (OD-13). Stamped (hexdraw.ts): one drawing per cell for the kinds
 * of its six edges (a third of the cost of stroking them as one path). Thin
 * edges have flat ends, so where three meet the corner is not darkened three
 * times.
 */
function drawTileEdges(ctx: Ctx, L: OrionLayout, s: OrionState): void {
  const S = L.size;
  const scale = scaleOf(ctx);
  const thick = Math.max(2.5, S * 0.09);
  const items: { st: Stamp; c: Point }[] = [];
  for (let i = 0; i < CELLS.length; i++) {
    if (s.cells[i] < 0) continue;
    const { q, r } = CELLS[i];
    // Per direction: 0 drawn by the neighbour (each edge between two covered cells once), 1 thin, 2 thick.
    let kinds = '';
    for (const [dq, dr] of DIR_VECTORS) {
      const n = cellIndex(q + dq, r + dr);
      kinds += n >= 0 && n < i && s.cells[n] >= 0 ? '0' : n >= 0 && s.tileAt[n] === s.tileAt[i] ? '1' : '2';
    }
    if (kinds === '000000') continue;
    const st = stampOf(`orion-edges${kinds}`, S + thick, scale, (g) => {
      for (const kind of ['1', '2']) {
        g.beginPath();
        DIR_VECTORS.forEach(([dq, dr], d) => {
          if (kinds[d] !== kind) return;
          const [a, b] = edgeCorners({ x: 0, y: 0 }, S, dq, dr);
          g.moveTo(a.x, a.y);
          g.lineTo(b.x, b.y);
        });
        g.lineCap = kind === '1' ? 'butt' : 'round';
        g.lineWidth = kind === '1' ? 1 : thick;
        g.strokeStyle = kind === '1' ? 'rgba(0,0,0,0.35)' : ORION.tileEdge;
        g.stroke();
      }
    });
    items.push({ st, c: L.center(i) });
  }
  stampAll(ctx, items);
}

/** The last tile's style: white over a dark edge, solid, no badge. */
const LAST_TILE: Highlight = { color: '#ffffff', dashed: false, inset: 0.9 };

/** A tile's outline in a move's style: its outer edges, a little inside the cells (`h.inset`). */
function outlineTile(ctx: Ctx, L: OrionLayout, cells: readonly number[], h: Highlight): void {
  const S = L.size;
  const mine = new Set(cells);
  const segs: [Point, Point][] = [];
  // A review's outline is closed where the tile's edge passes from one cell to the next: the inset corners of the two
  // cells at that corner of the tile are joined (the last tile's outline is left as it always was).
  const joins = new Map<string, Point[]>();
  const join = (corner: Point, p: Point): void => {
    const k = `${Math.round(corner.x)},${Math.round(corner.y)}`;
    joins.set(k, [...(joins.get(k) ?? []), p]);
  };
  for (const i of cells) {
    const { q, r } = CELLS[i];
    for (const [dq, dr] of DIR_VECTORS) {
      const n = cellIndex(q + dq, r + dr);
      if (n >= 0 && mine.has(n)) continue;
      const seg = edgeCorners(L.center(i), S * h.inset, dq, dr);
      segs.push(seg);
      if (h === LAST_TILE) continue;
      const [a, b] = edgeCorners(L.center(i), S, dq, dr);
      join(a, seg[0]);
      join(b, seg[1]);
    }
  }
  for (const ps of joins.values()) if (ps.length === 2) segs.push([ps[0], ps[1]]);
  ctx.lineCap = 'round';
  ctx.beginPath();
  for (const [a, b] of segs) {
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
  }
  ctx.lineWidth = S * 0.26;
  ctx.strokeStyle = 'rgba(0,0,0,0.7)';
  ctx.stroke();
  // A review's played move: round dots of its colour on the solid dark edge (not the dashes of a side band, OD-7).
  ctx.setLineDash(h.dashed ? [0.1, S * 0.32] : []);
  ctx.lineWidth = h.dashed ? S * 0.16 : S * 0.12;
  ctx.strokeStyle = h.color;
  ctx.stroke();
  ctx.setLineDash([]);
}

function drawLastTile(ctx: Ctx, L: OrionLayout, s: OrionState): void {
  const last = s.placements[s.placements.length - 1];
  if (last) outlineTile(ctx, L, last.cells, LAST_TILE);
}

/** How much of a side's fill a cell of a move not laid gets (the board under it still shows it is empty). */
const GHOST = 0.6;

/** A review's move on the board: the cells the tile would cover, their colours, and how it is drawn. */
export interface OrionMark {
  cells: number[];
  colors: Side[];
  h: Highlight;
}

/**
 * A review's tiles, not laid: each cell half-filled with the colour it would get (so which cell turns the
 * opponent's shows), outlined in the move's style, its badge on the cell nearest the tile's middle.
 */
function drawReviewMoves(ctx: Ctx, L: OrionLayout, s: OrionState, marks: readonly OrionMark[]): void {
  const S = L.size;
  const token = tokenAt(s);
  for (const m of marks) {
    m.cells.forEach((cell, k) => {
      const col = m.colors[k] ?? 0;
      ctx.globalAlpha = GHOST;
      hexPath(ctx, L.center(cell), S, 'flat');
      ctx.fillStyle = sideFill(ctx, col);
      ctx.fill();
      ctx.globalAlpha = 1;
      // The label again, in the ink of the colour under it: still what a player types.
      drawMarks(ctx, L.center(cell), S, cellLabel(cell), token(cell), col);
    });
  }
  for (const m of marks) outlineTile(ctx, L, m.cells, m.h);
  const used = new Set<number>();
  marks.forEach((m, k) => {
    const pts = m.cells.map((c) => L.center(c));
    if (pts.length === 0) return;
    const mid = { x: pts.reduce((a, p) => a + p.x, 0) / pts.length, y: pts.reduce((a, p) => a + p.y, 0) / pts.length };
    const d = (p: Point) => (p.x - mid.x) ** 2 + (p.y - mid.y) ** 2;
    // On a cell of its own when it has one (two badges on one cell hide its label).
    const others = new Set(marks.flatMap((o, j) => (j === k ? [] : o.cells)));
    const own = m.cells.filter((c) => !others.has(c));
    const at = (own.length > 0 ? own : m.cells).reduce((a, c) => (d(L.center(c)) < d(L.center(a)) ? c : a));
    const c = L.center(at);
    const dx = used.has(at) ? -1 : 1;
    used.add(at);
    // Lower corner of the cell: the label above and the token in the middle stay readable.
    drawBadge(ctx, { x: c.x + dx * S * 0.5, y: c.y + S * 0.5 }, Math.max(12, S * 0.4), m.h);
  });
}

/** Where a token sits in its cell (below the label) and its radius, in hex radii. */
const TOKEN_DY = 0.24;
const TOKEN_R = 0.44;

type Token = 'galaxy' | 'hole' | null;

/** A cell's token (below) and label (above it, or centred), around the cell centre `c`. */
function drawMarks(ctx: Ctx, c: Point, S: number, label: string, token: Token, col: -1 | 0 | 1): void {
  if (token === 'galaxy') drawGalaxy(ctx, { x: c.x, y: c.y + TOKEN_DY * S }, S * TOKEN_R);
  if (token === 'hole') drawHole(ctx, { x: c.x, y: c.y + TOKEN_DY * S }, S * TOKEN_R);
  // Plain text (no outline): keeps the PNG small; contrast is enough on every fill.
  const color = col < 0 ? ORION.cellLabel : ORION.sideText[col as Side];
  text(ctx, label, c.x, token ? c.y - S * 0.52 : c.y + 1, {
    size: TYPE.label,
    bold: true,
    align: 'center',
    baseline: 'middle',
    color,
  });
}

const tokenAt = (s: Pick<OrionState, 'galaxies' | 'blackHoles'>): ((cell: number) => Token) => {
  const gal = new Set(s.galaxies);
  const hol = new Set(s.blackHoles);
  return (i) => (gal.has(i) ? 'galaxy' : hol.has(i) ? 'hole' : null);
};

/** Tokens and labels of every cell (the cached boards). */
function drawTokensAndLabels(ctx: Ctx, L: OrionLayout, s: Pick<OrionState, 'cells' | 'galaxies' | 'blackHoles'>): void {
  const token = tokenAt(s);
  for (let i = 0; i < CELLS.length; i++) drawMarks(ctx, L.center(i), L.size, cellLabel(i), token(i), s.cells[i]);
}

/**
 * The covered cells, stamped (hexdraw.ts): each cell's fill with its label
 * and token in that colour's text, one stamp per cell label, token and colour
 * (the same on every layout). The seam a stamp leaves between two cells is
 * under the tile edges drawn next.
 */
function drawCovered(ctx: Ctx, L: OrionLayout, s: OrionState): void {
  const S = L.size;
  const scale = scaleOf(ctx);
  const token = tokenAt(s);
  const cells: { st: Stamp; c: Point }[] = [];
  for (let i = 0; i < CELLS.length; i++) {
    const col = s.cells[i];
    if (col !== 0 && col !== 1) continue;
    const label = cellLabel(i);
    const t = token(i);
    const st = stampOf(`orion-cell|${label}|${t}|${col}`, S, scale, (g) => {
      hexPath(g, { x: 0, y: 0 }, S, 'flat');
      g.fillStyle = sideFill(g, col);
      g.fill();
      drawMarks(g, { x: 0, y: 0 }, S, label, t, col);
    });
    cells.push({ st, c: L.center(i) });
  }
  stampAll(ctx, cells);
}

// ---------- the empty board, drawn once per layout ----------

const EMPTY_BOARDS_KEPT = 6;
const emptyBoards = new Map<string, Surface>();

/**
 * The picture before any tile: background, side bands (OD-7), the 85 empty
 * cells with their labels (OD-6) and the tokens. It is the same for every
 * position of a layout, and its text and bands are most of the drawing, so it
 * is drawn once per layout and scale (a few kept, the oldest dropped) and
 * copied pixel for pixel. Nothing drawn later reaches under it except tiles,
 * which cover their cells whole and then get their own tokens and labels.
 */
function emptyBoard(s: OrionState, L: OrionLayout, scale: number): Surface {
  const key = `${scale}|${s.galaxies.join(',')}|${s.blackHoles.join(',')}`;
  let c = emptyBoards.get(key);
  if (c) return c;
  c = createSurface(Math.round(ORION_WIDTH * scale), Math.round(ORION_HEIGHT * scale));
  const ctx = c.getContext('2d');
  ctx.scale(scale, scale);
  ctx.fillStyle = THEME.bg;
  ctx.fillRect(0, 0, ORION_WIDTH, ORION_HEIGHT);
  drawSides(ctx, L);
  const empty = { cells: new Array<-1>(CELLS.length).fill(-1), galaxies: s.galaxies, blackHoles: s.blackHoles };
  drawCells(ctx, L, empty, [-1]);
  drawTokensAndLabels(ctx, L, empty);
  emptyBoards.set(key, c);
  if (emptyBoards.size > EMPTY_BOARDS_KEPT) emptyBoards.delete(emptyBoards.keys().next().value!);
  return c;
}

/**
 * The board area of a position: the cached empty board, then the covered cells, the tile edges and the last tile (or
 * a review's moves).
 */
export function paintOrionBoard(ctx: Ctx, s: OrionState, marks?: readonly OrionMark[]): void {
  const L = orionLayout();
  // The cached empty board goes on in device pixels (no resampling): it was drawn at this scale.
  const m = ctx.getTransform();
  const board = emptyBoard(s, L, m.a);
  ctx.save();
  ctx.resetTransform();
  ctx.drawImage(board, m.e, m.f);
  ctx.restore();
  drawCovered(ctx, L, s);
  drawTileEdges(ctx, L, s);
  // A review's moves replace the last tile's outline.
  if (marks) drawReviewMoves(ctx, L, s, marks);
  else drawLastTile(ctx, L, s);
}
