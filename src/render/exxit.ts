// The Exxit painter (product.md "The board image"; EX-5..EX-23). The picture
// has one size for every position; the world grows in every direction, so the
// hex size follows it and the world always fills the board area.
import type { Side } from '../engine/game.js';
import type { ExxitLastMove, ExxitState, ExxitTile } from '../engine/exxit/types.js';
import { AXIAL_VECTORS } from '../engine/hex.js';
import {
  axialToPixel,
  type Ctx,
  hexPath,
  measure,
  panel,
  type Point,
  scaleOf,
  stampAll,
  stampOf,
  text,
} from './hexdraw.js';
import { EXXIT, PICTURE_WIDTH, THEME, TYPE } from './theme.js';
import { format, type Locale } from '../i18n/catalogue.js';
import { lastMoveNote } from '../engine/exxit/describe.js';
import { drawCard, MARGIN, SEP, sideNames } from './card.js';
import { drawFooter, FOOTER_H, pictureNote, resultLines } from './footer.js';

export const EXXIT_WIDTH = PICTURE_WIDTH;
export const EXXIT_HEIGHT = 672;
const CARD_H = 64;
const HEADER_H = MARGIN + CARD_H + MARGIN;
/** The board area: everything between header and footer (a square). */
export const EXXIT_BOARD_AREA = { x: 4, y: HEADER_H, w: EXXIT_WIDTH - 8, h: EXXIT_HEIGHT - HEADER_H - FOOTER_H };
const STOCK_W = 80;
const CARD_W = (EXXIT_WIDTH - 4 * MARGIN - STOCK_W) / 2;
/** Where a player's card is in the header, and the centre of its pawn icon. */
export function exxitCard(side: Side): { x: number; y: number; w: number; h: number; icon: Point } {
  const x = side === 0 ? MARGIN : EXXIT_WIDTH - MARGIN - CARD_W;
  return { x, y: MARGIN, w: CARD_W, h: CARD_H, icon: { x: x + 19, y: MARGIN + 21 } };
}
/** Hexes no larger than this (the opening: four tiles), in px. */
const MAX_HEX = 74;
/** How much of a void-ring hex must stay in frame beyond its centre, in hex radii. */
const RING_KEEP = 0.35;

export interface ExxitLayout {
  /** Hex circumradius in px. */
  size: number;
  /** Pixel centre of a cell (q, r). */
  center(q: number, r: number): Point;
}

/** A cell the frame must hold; a `ring` cell (void) only needs its centre part in frame. */
export interface FrameCell {
  q: number;
  r: number;
  ring?: boolean;
}

/**
 * The move a forced pass followed: the `last` of the state before the pass
 * (engine state; a pass changes nothing on the board, so its cells still
 * hold). With only `by` and `label` the footer names it; with `move`,
 * `sown` and `freed` the board highlights it too.
 */
export type ExxitPrevious = Pick<ExxitLastMove, 'by'> & Partial<Omit<ExxitLastMove, 'by'>>;

const key = (q: number, r: number): string => `${q},${r}`;

/** The void cells next to the world (drawn faintly, so exits can be seen). */
export function voidRing(s: ExxitState): { q: number; r: number }[] {
  const taken = new Set<string>();
  for (const c of s.tiles) taken.add(key(c.q, c.r));
  for (const c of s.prisoners) taken.add(key(c.q, c.r));
  const ring = new Map<string, { q: number; r: number }>();
  for (const c of s.tiles) {
    for (const [dq, dr] of AXIAL_VECTORS) {
      const k = key(c.q + dq, c.r + dr);
      if (!taken.has(k)) ring.set(k, { q: c.q + dq, r: c.r + dr });
    }
  }
  return [...ring.values()];
}

/**
 * Maps cells to pixels so that the whole world and its prisoners fit the
 * board area, with at least the inner part of every void-ring hex, centred,
 * as large as fits up to MAX_HEX. `fit` adds cells to keep in frame (a replay
 * fits every frame's world, so the picture does not jump from ply to ply).
 */
export function exxitLayout(s: ExxitState, fit: readonly FrameCell[] = []): ExxitLayout {
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  const add = (c: { q: number; r: number }, hx: number, hy: number): void => {
    const p = axialToPixel(c.q, c.r, 1, 'pointy');
    minX = Math.min(minX, p.x - hx);
    maxX = Math.max(maxX, p.x + hx);
    minY = Math.min(minY, p.y - hy);
    maxY = Math.max(maxY, p.y + hy);
  };
  // A pointy hex of radius 1 reaches sqrt(3)/2 sideways and 1 up and down.
  const HX = Math.sqrt(3) / 2;
  for (const c of [...s.tiles, ...s.prisoners]) add(c, HX, 1);
  for (const c of voidRing(s)) add(c, RING_KEEP, RING_KEEP);
  for (const c of fit) add(c, c.ring ? RING_KEEP : HX, c.ring ? RING_KEEP : 1);
  if (minX > maxX) {
    minX = -HX;
    maxX = HX;
    minY = -1;
    maxY = 1;
  }
  const a = EXXIT_BOARD_AREA;
  const fitSize = Math.min(MAX_HEX, (a.w - 8) / (maxX - minX), (a.h - 8) / (maxY - minY));
  // Whole pixels: an even step between columns and a whole one between rows
  // (rows a fraction of a pixel closer than exact), so every cell centre is
  // on a pixel and the cells can be stamped from one drawing each.
  const colStep = 2 * Math.max(1, Math.floor((Math.sqrt(3) * fitSize) / 2));
  const size = colStep / Math.sqrt(3);
  const rowStep = Math.floor(1.5 * size);
  const sx = (minX + maxX) / 2;
  const sy = (minY + maxY) / 2;
  const cx = Math.round(a.x + a.w / 2 - sx * size);
  const cy = Math.round(a.y + a.h / 2 - (sy / 1.5) * rowStep);
  return {
    size,
    center(q, r) {
      return { x: cx + colStep * q + (colStep / 2) * r, y: cy + rowStep * r };
    },
  };
}

// ---------- pawns and stacks ----------

/** One pawn seen from above: red solid, black with a light ring mark (colour-blind safe). */
export function drawPawnFace(ctx: Ctx, c: Point, rx: number, ry: number, side: Side): void {
  ctx.beginPath();
  ctx.ellipse(c.x, c.y, rx, ry, 0, 0, Math.PI * 2);
  ctx.fillStyle = EXXIT.pawn[side];
  ctx.fill();
  ctx.lineWidth = Math.max(1, rx * 0.09);
  ctx.strokeStyle = EXXIT.pawnEdge[side];
  ctx.stroke();
  if (side === 1) {
    ctx.beginPath();
    ctx.ellipse(c.x, c.y, rx * 0.68, ry * 0.68, 0, 0, Math.PI * 2);
    ctx.lineWidth = Math.max(1, rx * 0.1);
    ctx.strokeStyle = EXXIT.pawnEdge[1];
    ctx.stroke();
  }
}

/** Size of the stack-height digits: grows with the hexes, never under TYPE.height. */
const heightPx = (R: number): number => Math.max(TYPE.height, Math.min(25, Math.round(R * 0.38)));
/** Size of the tile letters and X-labels: grows with the hexes, never under TYPE.label. */
const labelPx = (R: number): number => Math.max(TYPE.label, Math.min(25, Math.round(R * 0.36)));

/** A stack to draw: its cell's centre and its pawns, bottom to top. */
interface StackAt {
  c: Point;
  stack: Side[];
}

/**
 * Stacks (EX-9) as columns of discs, bottom pawn lowest, so the colours
 * inside are visible; the top face carries the owner's colour and the
 * height. Drawn level by level across all stacks (stacks never overlap), so
 * a board costs a few paths per level instead of a few per pawn.
 */
export function drawStacks(ctx: Ctx, R: number, stacks: readonly StackAt[]): void {
  const rx = R * 0.46;
  const ry = R * 0.24;
  const geo = stacks
    .filter((s) => s.stack.length > 0)
    .map(({ c, stack }) => {
      const n = stack.length;
      const t = Math.min(R * 0.13, (R * 0.5) / Math.max(1, n - 1));
      // Thin separators in tall stacks, so the pawn colours (not the outlines) dominate.
      return { c, stack, n, t, baseY: c.y + R * 0.34, sep: Math.max(0.75, Math.min(R * 0.03, t * 0.3)) };
    });
  const levels = Math.max(0, ...geo.map((g) => g.n));
  for (let i = 0; i < levels; i++) {
    for (const side of [0, 1] as const) {
      const here = geo.filter((g) => g.n > i && g.stack[i] === side);
      if (here.length === 0) continue;
      // The side bands of the discs, one path per separator width.
      for (const sep of new Set(here.map((g) => g.sep))) {
        ctx.beginPath();
        for (const g of here) {
          if (g.sep !== sep) continue;
          const y = g.baseY - i * g.t;
          const thick = Math.max(g.t, R * 0.08);
          ctx.moveTo(g.c.x + rx, y + thick);
          ctx.ellipse(g.c.x, y + thick, rx, ry, 0, 0, Math.PI);
          ctx.lineTo(g.c.x - rx, y);
          ctx.ellipse(g.c.x, y, rx, ry, 0, Math.PI, 0, true);
          ctx.closePath();
        }
        ctx.fillStyle = EXXIT.pawnSide[side];
        ctx.fill();
        ctx.lineWidth = sep;
        ctx.strokeStyle = side === 1 ? '#8d95a3' : '#3a0b04';
        ctx.stroke();
      }
    }
    // The top faces of the stacks that end at this level.
    for (const side of [0, 1] as const) {
      const tops = geo.filter((g) => g.n === i + 1 && g.stack[i] === side);
      if (tops.length > 0)
        drawPawnFaces(
          ctx,
          tops.map((g) => ({ x: g.c.x, y: g.baseY - i * g.t })),
          rx,
          ry,
          side,
        );
    }
  }
  const px = heightPx(R);
  for (const g of geo) {
    const top = g.stack[g.n - 1];
    text(ctx, String(g.n), g.c.x, g.baseY - (g.n - 1) * g.t + 1, {
      size: px,
      bold: true,
      align: 'center',
      baseline: 'middle',
      color: '#ffffff',
      outline: numberOutline(top),
      outlineWidth: Math.max(3, px * 0.22),
    });
  }
}

/** Pawn faces of one side, one path each for fill, edge and (black) ring mark. */
function drawPawnFaces(ctx: Ctx, at: readonly Point[], rx: number, ry: number, side: Side): void {
  ctx.beginPath();
  for (const c of at) {
    ctx.moveTo(c.x + rx, c.y);
    ctx.ellipse(c.x, c.y, rx, ry, 0, 0, Math.PI * 2);
  }
  ctx.fillStyle = EXXIT.pawn[side];
  ctx.fill();
  ctx.lineWidth = Math.max(1, rx * 0.09);
  ctx.strokeStyle = EXXIT.pawnEdge[side];
  ctx.stroke();
  if (side === 1) {
    ctx.beginPath();
    for (const c of at) {
      ctx.moveTo(c.x + rx * 0.68, c.y);
      ctx.ellipse(c.x, c.y, rx * 0.68, ry * 0.68, 0, 0, Math.PI * 2);
    }
    ctx.lineWidth = Math.max(1, rx * 0.1);
    ctx.strokeStyle = EXXIT.pawnEdge[1];
    ctx.stroke();
  }
}

const numberOutline = (side: Side): string => (side === 0 ? '#5a1208' : '#000000');

// ---------- stamps (hexdraw.ts) ----------

/** The stacks of the cells, one stamp per distinct stack (hexdraw.ts, stamps). */
function stampStacks(ctx: Ctx, L: ExxitLayout, cells: readonly { q: number; r: number; stack: Side[] }[]): void {
  const scale = scaleOf(ctx);
  const items = [];
  for (const cell of cells) {
    if (cell.stack.length === 0) continue;
    const st = stampOf(`exxit-stack${cell.stack.join('')}`, L.size, scale, (g) =>
      drawStacks(g, L.size, [{ c: { x: 0, y: 0 }, stack: cell.stack }]),
    );
    items.push({ st, c: L.center(cell.q, cell.r) });
  }
  stampAll(ctx, items);
}

// ---------- cells ----------

/** A tile in three nested fills: the light edge, the face, the raised top (fills, not a stroke: cheaper). */
function drawTileAt(g: Ctx, R: number, color: Side): void {
  const edge = Math.max(1.5, R * 0.05);
  for (const [r, dy, fill] of [
    [R * 0.97 + edge / 2, 0, EXXIT.tileEdge[color]],
    [R * 0.97 - edge / 2, 0, EXXIT.tile[color]],
    [R * 0.8, -R * 0.03, EXXIT.tileTop[color]],
  ] as const) {
    hexPath(g, { x: 0, y: dy }, r, 'pointy');
    g.fillStyle = fill;
    g.fill();
  }
}

function drawTiles(ctx: Ctx, L: ExxitLayout, tiles: readonly ExxitTile[]): void {
  const scale = scaleOf(ctx);
  const st = [0, 1].map((color) =>
    stampOf(`exxit-tile${color}`, L.size, scale, (g) => drawTileAt(g, L.size, color as Side)),
  );
  stampAll(
    ctx,
    tiles.map((t) => ({ st: st[t.color], c: L.center(t.q, t.r) })),
  );
}

/**
 * A tile letter or X-label, at the top of its cell. Plain on the cell's own
 * fill; outlined (dearer) where the last move's path runs under it.
 */
function drawTileLabel(
  ctx: Ctx,
  L: ExxitLayout,
  q: number,
  r: number,
  label: string,
  color: string,
  outlined: boolean,
): void {
  const c = L.center(q, r);
  const R = L.size;
  const px = labelPx(R);
  text(ctx, label, c.x, c.y - R * 0.56, {
    size: px,
    bold: true,
    align: 'center',
    baseline: 'middle',
    color,
    outline: outlined ? 'rgba(0,0,0,0.8)' : undefined,
    outlineWidth: Math.max(3, px * 0.2),
  });
}

/** Prisoner cells: their own fill and a dashed gold edge. */
function drawPrisonerCells(ctx: Ctx, L: ExxitLayout, cells: readonly { q: number; r: number }[]): void {
  const R = L.size;
  const st = stampOf('exxit-prisoner', R, scaleOf(ctx), (g) => {
    hexPath(g, { x: 0, y: 0 }, R * 0.9, 'pointy');
    g.fillStyle = EXXIT.prisonerCell;
    g.fill();
    g.setLineDash([R * 0.16, R * 0.1]);
    g.lineWidth = Math.max(2, R * 0.06);
    g.strokeStyle = EXXIT.prisonerEdge;
    g.stroke();
  });
  stampAll(
    ctx,
    cells.map((p) => ({ st, c: L.center(p.q, p.r) })),
  );
}

/** The void ring: faint outlines of the empty cells next to the world (exits go there). */
function drawVoids(ctx: Ctx, L: ExxitLayout, cells: readonly { q: number; r: number }[]): void {
  const st = stampOf('exxit-void', L.size, scaleOf(ctx), (g) => {
    hexPath(g, { x: 0, y: 0 }, L.size * 0.92, 'pointy');
    g.lineWidth = 1.5;
    g.strokeStyle = EXXIT.voidEdge;
    g.stroke();
  });
  stampAll(
    ctx,
    cells.map((v) => ({ st, c: L.center(v.q, v.r) })),
  );
}

function outlineCell(ctx: Ctx, L: ExxitLayout, q: number, r: number, dashed = false): void {
  hexPath(ctx, L.center(q, r), L.size * 0.9, 'pointy');
  ctx.setLineDash(dashed ? [L.size * 0.18, L.size * 0.12] : []);
  ctx.lineWidth = Math.max(3, L.size * 0.09);
  ctx.strokeStyle = THEME.highlight;
  ctx.stroke();
  ctx.setLineDash([]);
}

/** The move the picture highlights: the last one, or the one a forced pass followed. */
type Shown = Pick<ExxitLastMove, 'move' | 'sown' | 'freed'>;
function shownMove(s: ExxitState, previous?: ExxitPrevious): Shown | null {
  const last = s.last;
  if (!last) return null;
  if (last.move.kind !== 'pass') return last;
  if (!previous?.move || previous.move.kind === 'pass') return null;
  return { move: previous.move, sown: previous.sown ?? [], freed: previous.freed ?? [] };
}

/** The last move's path: under the stacks (so heights stay legible), over the tiles. */
function drawLastPath(ctx: Ctx, L: ExxitLayout, last: Shown): void {
  const m = last.move;
  if (m.kind !== 'dance' || last.sown.length === 0) return;
  const pts = [L.center(m.q, m.r), ...last.sown.map((c) => L.center(c.q, c.r))];
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const [w, col] of [
    [L.size * 0.2, THEME.highlightShadow],
    [L.size * 0.11, THEME.highlight],
  ] as const) {
    ctx.beginPath();
    ctx.moveTo(pts[0].x, pts[0].y);
    for (const p of pts.slice(1)) ctx.lineTo(p.x, p.y);
    ctx.lineWidth = w;
    ctx.strokeStyle = col;
    ctx.stroke();
  }
  ctx.fillStyle = THEME.highlight;
  for (const p of pts.slice(1)) {
    ctx.beginPath();
    ctx.arc(p.x, p.y, L.size * 0.12, 0, Math.PI * 2);
    ctx.fill();
  }
}

function drawLastOutlines(ctx: Ctx, L: ExxitLayout, last: Shown): void {
  const m = last.move;
  if (m.kind === 'place') outlineCell(ctx, L, m.q, m.r);
  else if (m.kind === 'dance') {
    outlineCell(ctx, L, m.q, m.r, true);
    for (const c of last.sown) outlineCell(ctx, L, c.q, c.r);
  } else if (m.kind === 'free') for (const c of last.freed) outlineCell(ctx, L, c.q, c.r);
}

// ---------- header and footer ----------

/** What the move a forced pass followed did, when the caller gave all of it (else only its label is known). */
function previousMove(p: ExxitPrevious): ExxitLastMove | null {
  if (!p.move) return null;
  if ((p.move.kind === 'dance' && !p.sown?.length) || (p.move.kind === 'free' && !p.freed?.length)) return null;
  return { move: p.move, by: p.by, sown: p.sown ?? [], freed: p.freed ?? [], label: p.label };
}

/**
 * The footer's account of the last move, most complete first (the engine's note of it, `picture.exxit.move.*`): "Red:
 * D B NW · sowed C, exit to X1", then without what it did. A forced pass names the move it followed when `previous` is
 * given ("Red: D B NW · Black has no move: pass"), so the player's own move is never hidden.
 */
export function exxitMoveLines(s: ExxitState, previous?: ExxitPrevious, locale: Locale = 'en'): string[] {
  const last = s.last;
  if (!last) return [format(locale, 'picture.exxit.noMoveYet')];
  const side = (by: Side) => ({ side: sideNames('exxit', locale)[by] });
  const said = (m: ExxitLastMove | null, by: Side, label?: string): string[] => {
    const note = m && lastMoveNote(s, m);
    const head = format(locale, 'picture.move', { ...side(by), label: String(note?.params.label ?? label ?? '?') });
    const full = note ? pictureNote(locale, note, side(by)) : head;
    return full === head ? [head] : [full, head];
  };
  if (last.move.kind !== 'pass') return said(last, last.by);
  const pass = format(locale, 'picture.exxit.move.pass', side(last.by));
  if (!previous || previous.move?.kind === 'pass' || previous.label === 'pass') return [pass];
  return [...said(previousMove(previous), previous.by, previous.label).map((t) => t + SEP + pass), pass];
}

/** The last move in the labels of EX-23, from the state alone (the footer's fullest line). */
export function exxitLastText(s: ExxitState, previous?: ExxitPrevious, locale: Locale = 'en'): string {
  return exxitMoveLines(s, previous, locale)[0];
}

/** A player's card: the pawn, the score (EX-21), the pawns in reserve. */
function drawPlayer(ctx: Ctx, s: ExxitState, side: Side, name: string, locale: Locale): void {
  const { x, y, w, h } = exxitCard(side);
  drawCard(ctx, 'exxit', s, locale, {
    x,
    y,
    w,
    h,
    side,
    name,
    nameX: 37,
    rowY: 53,
    mark: (g, at) => drawPawnFace(g, at, 11, 11, side),
    score(g, right, by) {
      const score = String(s.score[side]);
      text(g, score, right, by, { size: TYPE.score, bold: true, align: 'right' });
      return measure(g, score, TYPE.score, true);
    },
    figures(g, right, by) {
      const reserve = format(locale, 'picture.exxit.reserve', { n: s.reserves[side] });
      text(g, reserve, right, by, { size: TYPE.small, color: THEME.textDim, align: 'right' });
      return measure(g, reserve, TYPE.small) + 10;
    },
  });
}

function drawStock(ctx: Ctx, locale: Locale, s: ExxitState, x: number, w: number): void {
  const y = MARGIN;
  panel(ctx, x, y, w, CARD_H);
  const mid = x + w / 2;
  text(ctx, format(locale, 'picture.exxit.stock'), mid, y + 21, {
    size: TYPE.small,
    color: THEME.textDim,
    align: 'center',
  });
  const n = String(s.stock);
  const nw = measure(ctx, n, 24, true);
  const iconW = 20;
  const left = mid - (iconW + 6 + nw) / 2;
  for (let i = 0; i < 3; i++) {
    hexPath(ctx, { x: left + iconW / 2, y: y + 45 - i * 3.5 }, 10, 'pointy');
    ctx.fillStyle = EXXIT.tile[i % 2];
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = EXXIT.tileEdge[i % 2];
    ctx.stroke();
  }
  text(ctx, n, left + iconW + 6, y + 53, { size: 24, bold: true });
}

/** The footer: the last move, or the result (EX-21's score: "Alice wins 5–3", "Draw 4–4") and why. */
function footerLines(s: ExxitState, players: [string, string], locale: Locale, previous?: ExxitPrevious): string[] {
  const moves = exxitMoveLines(s, previous, locale);
  const e = s.end;
  if (!e) return moves;
  const w = e.winner ?? 0;
  const score = (name: string): string =>
    e.draw
      ? format(locale, 'picture.exxit.draw', { a: s.score[0], b: s.score[1] })
      : format(locale, 'picture.exxit.wins', { name, a: s.score[w], b: s.score[(1 - w) as Side] });
  return resultLines('exxit', s, locale, players, { winner: e.winner, score }, moves);
}

export interface ExxitPaintOptions {
  /** Cells the frame must hold (a replay's whole film). */
  fit?: readonly FrameCell[];
  /** The move a forced pass (this state's last move) followed. */
  previous?: ExxitPrevious;
  /** The language of the words (English when left out). */
  locale?: Locale;
}

/** Paints a whole Exxit position onto a EXXIT_WIDTH × EXXIT_HEIGHT canvas. */
export function paintExxit(ctx: Ctx, s: ExxitState, players: [string, string], opts: ExxitPaintOptions = {}): void {
  ctx.fillStyle = THEME.bg;
  ctx.fillRect(0, 0, EXXIT_WIDTH, EXXIT_HEIGHT);

  const L = exxitLayout(s, opts.fit);
  const shown = shownMove(s, opts.previous);
  const a = EXXIT_BOARD_AREA;
  ctx.save();
  ctx.beginPath();
  ctx.rect(a.x, a.y, a.w, a.h);
  ctx.clip();
  drawVoids(ctx, L, voidRing(s));
  drawTiles(ctx, L, s.tiles);
  drawPrisonerCells(ctx, L, s.prisoners);
  if (shown) drawLastPath(ctx, L, shown);
  if (shown) drawLastOutlines(ctx, L, shown);
  const onPath = new Set(
    shown?.move.kind === 'dance' ? [key(shown.move.q, shown.move.r), ...shown.sown.map((c) => key(c.q, c.r))] : [],
  );
  for (const t of s.tiles) drawTileLabel(ctx, L, t.q, t.r, t.label, '#ffffff', onPath.has(key(t.q, t.r)));
  for (const p of s.prisoners) drawTileLabel(ctx, L, p.q, p.r, p.label, EXXIT.prisonerEdge, onPath.has(key(p.q, p.r)));
  stampStacks(ctx, L, [...s.tiles, ...s.prisoners]);
  ctx.restore();

  const locale = opts.locale ?? 'en';
  drawPlayer(ctx, s, 0, players[0], locale);
  drawStock(ctx, locale, s, MARGIN + CARD_W + MARGIN, STOCK_W);
  drawPlayer(ctx, s, 1, players[1], locale);
  drawFooter(ctx, EXXIT_WIDTH, EXXIT_HEIGHT, s.end, footerLines(s, players, locale, opts.previous));
}

/** Every cell any of the states shows (world and prisoners; void ring cells flagged): the frame of a replay. */
export function exxitFilmFrame(states: readonly ExxitState[]): FrameCell[] {
  const all = new Map<string, FrameCell>();
  for (const s of states) {
    for (const c of voidRing(s)) if (!all.has(key(c.q, c.r))) all.set(key(c.q, c.r), { q: c.q, r: c.r, ring: true });
    for (const c of [...s.tiles, ...s.prisoners]) all.set(key(c.q, c.r), { q: c.q, r: c.r });
  }
  return [...all.values()];
}
