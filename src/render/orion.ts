// The Orion Duel painter (product.md "The board image"; OD-5..OD-22): the
// players with their victory conditions and tiles left above, the 85
// labelled cells, the three coloured side pairs, tokens (visible under tiles
// too), laid tiles with their outlines and the last tile, and the last tile
// or the result in words below.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { Side } from '../engine/game.js';
import { CELLS, DIR_VECTORS, SIDES, cellIndex, cellLabel, onBoard, pairMask } from '../engine/orion/board.js';
import { groupsOf, type Group } from '../engine/orion/victory.js';
import { TILE_CODES, type OrionState } from '../engine/orion/types.js';
import {
  addHex,
  axialToPixel,
  type Ctx,
  hexPath,
  measure,
  type Point,
  scaleOf,
  type Stamp,
  stampAll,
  stampOf,
  text,
} from './hexdraw.js';
import { ORION, PICTURE_WIDTH, THEME, TYPE } from './theme.js';
import { format, type Locale } from '../i18n/catalogue.js';
import { describeMove } from '../engine/orion/describe.js';
import { drawCard, MARGIN, sideNames } from './card.js';
import { drawFooter, FOOTER_H, pictureNote, resultLines } from './footer.js';

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
type Pattern = NonNullable<ReturnType<Ctx['createPattern']>>;

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

// ---------- groups (OD-16, from the engine) for the victory-condition panel ----------

/** Which constellation pairs (OD-7, OD-17a) a side's groups join, as a bit mask. */
function joinedPairs(gs: readonly Group[], side: Side): number {
  let m = 0;
  for (const g of gs) if (g.color === side) m |= pairMask(g.sides);
  return m;
}

// ---------- cell fills ----------

let stripeCache: Canvas | null = null;
/**
 * Blue tiles carry light horizontal stripes, so the colours differ by more than
 * hue. Drawn pixel by pixel (no anti-aliasing): crisp, and the PNG stays small.
 */
function stripes(): Canvas {
  if (stripeCache) return stripeCache;
  // 13 rows: cell centres are 26 px apart in height, so every cell's stripes line up with its neighbours'.
  const n = 13;
  const c = createCanvas(n, n);
  const g = c.getContext('2d');
  const img = g.createImageData(n, n);
  const [base, light] = [ORION.side[1], ORION.sideStripe[1]].map((h) =>
    [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)),
  );
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const col = y % n < 4 ? light : base;
      img.data.set([...col, 255], (y * n + x) * 4);
    }
  }
  g.putImageData(img, 0, 0);
  stripeCache = c;
  return c;
}

const patterns = new WeakMap<Ctx, Pattern>();
function sideFill(ctx: Ctx, side: Side): string | Pattern {
  if (side === 0) return ORION.side[0];
  let p = patterns.get(ctx);
  if (!p) {
    p = ctx.createPattern(stripes(), 'repeat') as Pattern;
    patterns.set(ctx, p);
  }
  return p;
}

// ---------- tokens ----------

function drawGalaxy(ctx: Ctx, c: Point, r: number): void {
  // A four-point sparkle with a glow: light on every fill.
  ctx.beginPath();
  ctx.arc(c.x, c.y, r * 0.95, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(20,16,40,0.55)';
  ctx.fill();
  ctx.beginPath();
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4 - Math.PI / 2;
    const rr = i % 2 === 0 ? r * 0.9 : r * 0.28;
    const x = c.x + rr * Math.cos(a);
    const y = c.y + rr * Math.sin(a);
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.closePath();
  ctx.fillStyle = ORION.galaxy;
  ctx.fill();
  ctx.lineWidth = 1.2;
  ctx.strokeStyle = '#6b5400';
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(c.x, c.y, r * 0.2, 0, Math.PI * 2);
  ctx.fillStyle = ORION.galaxyCore;
  ctx.fill();
}

function drawHole(ctx: Ctx, c: Point, r: number): void {
  ctx.beginPath();
  ctx.arc(c.x, c.y, r * 0.85, 0, Math.PI * 2);
  ctx.fillStyle = ORION.holeRing;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(c.x, c.y, r * 0.62, 0, Math.PI * 2);
  ctx.fillStyle = ORION.hole;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(c.x, c.y, r * 0.85, 0, Math.PI * 2);
  ctx.stroke();
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

function drawLastTile(ctx: Ctx, L: OrionLayout, s: OrionState): void {
  const last = s.placements[s.placements.length - 1];
  if (!last) return;
  const S = L.size;
  const mine = new Set(last.cells);
  const segs: [Point, Point][] = [];
  for (const i of last.cells) {
    const { q, r } = CELLS[i];
    for (const [dq, dr] of DIR_VECTORS) {
      const n = cellIndex(q + dq, r + dr);
      if (n >= 0 && mine.has(n)) continue;
      segs.push(edgeCorners(L.center(i), S * 0.9, dq, dr));
    }
  }
  ctx.lineCap = 'round';
  ctx.beginPath();
  for (const [a, b] of segs) {
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
  }
  for (const [w, col] of [
    [S * 0.26, 'rgba(0,0,0,0.7)'],
    [S * 0.12, '#ffffff'],
  ] as const) {
    ctx.lineWidth = w;
    ctx.strokeStyle = col;
    ctx.stroke();
  }
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
const emptyBoards = new Map<string, Canvas>();

/**
 * The picture before any tile: background, side bands (OD-7), the 85 empty
 * cells with their labels (OD-6) and the tokens. It is the same for every
 * position of a layout, and its text and bands are most of the drawing, so it
 * is drawn once per layout and scale (a few kept, the oldest dropped) and
 * copied pixel for pixel. Nothing drawn later reaches under it except tiles,
 * which cover their cells whole and then get their own tokens and labels.
 */
function emptyBoard(s: OrionState, L: OrionLayout, scale: number): Canvas {
  const key = `${scale}|${s.galaxies.join(',')}|${s.blackHoles.join(',')}`;
  let c = emptyBoards.get(key);
  if (c) return c;
  c = createCanvas(Math.round(ORION_WIDTH * scale), Math.round(ORION_HEIGHT * scale));
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

// ---------- players, last tile, result ----------

/** A side's swatch: a flat hex in its fill (blue striped). */
function swatch(ctx: Ctx, c: Point, r: number, side: Side): void {
  hexPath(ctx, c, r, 'flat');
  ctx.fillStyle = sideFill(ctx, side);
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = ORION.tileEdge;
  ctx.stroke();
}

/**
 * The victory conditions of OD-17, right-aligned at `right`: the three
 * constellation pairs (lit when joined), galaxy points, black-hole points.
 * Returns its width.
 */
function drawConditions(
  ctx: Ctx,
  s: OrionState,
  gs: readonly Group[],
  side: Side,
  right: number,
  y: number,
  draw = true,
): number {
  const vc = s.vc[side];
  const joined = joinedPairs(gs, side);
  const barW = 12;
  const gap = 9;
  const items: { w: number; paint(x: number): void }[] = [];
  items.push({
    w: 3 * barW + 2 * 3,
    paint(x) {
      for (let p = 0; p < 3; p++) {
        const on = (joined & (1 << p)) !== 0;
        ctx.globalAlpha = on ? 1 : 0.3;
        ctx.fillStyle = ORION.pair[p];
        ctx.fillRect(x + p * (barW + 3), y - (on ? 9 : 7), barW, on ? 8 : 4);
        ctx.globalAlpha = 1;
      }
    },
  });
  for (const [icon, n] of [
    [drawGalaxy, vc.galaxies],
    [drawHole, vc.blackHoles],
  ] as const) {
    const digit = String(n);
    items.push({
      w: 14 + 3 + measure(ctx, digit, TYPE.small, true),
      paint(x) {
        icon(ctx, { x: x + 7, y: y - 5 }, 7.5);
        text(ctx, digit, x + 17, y, { size: TYPE.small, bold: true });
      },
    });
  }
  const width = items.reduce((w, it) => w + it.w, 0) + gap * (items.length - 1);
  if (draw) {
    let x = right - width;
    for (const it of items) {
      it.paint(x);
      x += it.w + gap;
    }
  }
  return width;
}

/** Tiles left (OD-3), as typed: "S1 P2 D2×3 …", the used-up ones left out. */
function drawHand(ctx: Ctx, locale: Locale, s: OrionState, side: Side, x: number, y: number): void {
  const parts = TILE_CODES.filter((t) => s.hands[side][t] > 0);
  if (parts.length === 0) {
    text(ctx, format(locale, 'picture.orion.noTilesLeft'), x, y, { size: TYPE.small, color: THEME.textDim });
    return;
  }
  for (const t of parts) {
    const n = s.hands[side][t];
    text(ctx, t, x, y, { size: TYPE.small, bold: true });
    x += measure(ctx, t, TYPE.small, true);
    if (n > 1) {
      const k = `×${n}`;
      text(ctx, k, x, y, { size: TYPE.small, color: THEME.text });
      x += measure(ctx, k, TYPE.small);
    }
    x += 8;
  }
}

/** A player's card: the swatch, the victory conditions (OD-17: the total, then its parts), the tiles left (OD-3). */
function drawPlayer(ctx: Ctx, s: OrionState, gs: readonly Group[], side: Side, name: string, locale: Locale): void {
  const { x, y, w, h } = orionCard(side);
  const vc = format(locale, 'picture.orion.vc');
  drawCard(ctx, 'orion', s, locale, {
    x,
    y,
    w,
    h,
    side,
    name,
    nameX: 38,
    rowY: 54,
    mark: (g, at) => swatch(g, at, 12, side),
    score(g, right, by) {
      const total = String(s.vc[side].total);
      const totalW = measure(g, total, TYPE.score, true);
      text(g, total, right, by, { size: TYPE.score, bold: true, align: 'right' });
      text(g, vc, right - totalW - 4, by, { size: TYPE.small, color: THEME.textDim, align: 'right' });
      return totalW + 4 + measure(g, vc, TYPE.small);
    },
    figures: (g, right, by) => drawConditions(g, s, gs, side, right, by) + 9,
  });
  // Third row: the tiles left.
  drawHand(ctx, locale, s, side, x + 10, y + 75);
}

/** The footer's line, most complete first: the result and why, then the last tile. */
export function orionFooterLines(s: OrionState, players: [string, string], locale: Locale = 'en'): string[] {
  const last = s.placements[s.placements.length - 1];
  const moves = last
    ? [pictureNote(locale, describeMove(s, last.move), { side: sideNames('orion', locale)[last.side] })]
    : [];
  const e = s.end;
  if (!e) return moves.length > 0 ? moves : [format(locale, 'picture.orion.noTileYet')];
  const score = (name: string): string =>
    e.draw ? format(locale, 'picture.orion.draw') : format(locale, 'picture.orion.wins', { name });
  return resultLines('orion', s, locale, players, { winner: e.winner, score }, moves);
}

/** Paints a whole Orion Duel position onto an ORION_WIDTH × ORION_HEIGHT canvas (scaled by the context's transform). */
/** `locale`: the language of the words (English when left out). */
export function paintOrion(ctx: Ctx, s: OrionState, players: [string, string], locale: Locale = 'en'): void {
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
  drawLastTile(ctx, L, s);
  const gs = groupsOf(s.cells, s.galaxies, s.blackHoles);
  for (const side of [0, 1] as const) drawPlayer(ctx, s, gs, side, players[side], locale);
  drawFooter(ctx, ORION_WIDTH, ORION_HEIGHT, s.end, orionFooterLines(s, players, locale));
}
