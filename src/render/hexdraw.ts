// Drawing helpers shared by both painters: hexagon geometry, outlined text,
// panels. The context is Node's or the browser's (src/render/surface.ts).
import { font } from './font-names.js';
import { createSurface, type Ctx, type Surface } from './surface.js';
import { THEME } from './theme.js';

export type { Ctx };
export type Orientation = 'pointy' | 'flat';

export interface Point {
  x: number;
  y: number;
}

const SQRT3 = Math.sqrt(3);

/**
 * Axial (q, r) to pixel offset from the centre for a hex of circumradius `size`.
 * Pointy-top (Exxit, EX-5): E is +x; flat-top (Orion, OD-5): N is -y.
 */
export function axialToPixel(q: number, r: number, size: number, o: Orientation): Point {
  return o === 'pointy'
    ? { x: size * SQRT3 * (q + r / 2), y: size * 1.5 * r }
    : { x: size * 1.5 * q, y: size * SQRT3 * (r + q / 2) };
}

/** The six corners of a hex, clockwise from the first corner. Corner i and i+1 bound edge i. */
export function hexCorners(c: Point, size: number, o: Orientation): Point[] {
  const start = o === 'pointy' ? -90 : 0;
  const pts: Point[] = [];
  for (let i = 0; i < 6; i++) {
    const a = ((start + 60 * i) * Math.PI) / 180;
    pts.push({ x: c.x + size * Math.cos(a), y: c.y + size * Math.sin(a) });
  }
  return pts;
}

export function hexPath(ctx: Ctx, c: Point, size: number, o: Orientation): void {
  ctx.beginPath();
  addHex(ctx, c, size, o);
}

/** Adds a hex to the current path (batching many hexes into one fill or stroke). */
export function addHex(ctx: Ctx, c: Point, size: number, o: Orientation): void {
  const pts = hexCorners(c, size, o);
  ctx.moveTo(pts[0].x, pts[0].y);
  for (let i = 1; i < 6; i++) ctx.lineTo(pts[i].x, pts[i].y);
  ctx.closePath();
}

export function roundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

export function panel(
  ctx: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  edge: string = THEME.panelEdge,
  width = 1.5,
): void {
  roundRect(ctx, x, y, w, h, 10);
  ctx.fillStyle = THEME.panel;
  ctx.fill();
  ctx.strokeStyle = edge;
  ctx.lineWidth = width;
  ctx.stroke();
}

export interface TextOpts {
  size: number;
  bold?: boolean;
  color?: string;
  align?: Ctx['textAlign'];
  baseline?: Ctx['textBaseline'];
  /** A dark (or light) outline that keeps text legible on any fill. */
  outline?: string;
  outlineWidth?: number;
  maxWidth?: number;
}

// Setting ctx.font parses a CSS font string (slow next to drawing 85 labels),
// so each context remembers the last one set through setFont.
const fonts = new WeakMap<Ctx, string>();
function setFont(ctx: Ctx, f: string): void {
  if (fonts.get(ctx) === f) return;
  ctx.font = f;
  fonts.set(ctx, f);
}

/** After ctx.restore() the font is what it was at save(): forget the one remembered. */
export function forgetFont(ctx: Ctx): void {
  fonts.delete(ctx);
}

/** Draws text in the bundled family. Long text is shrunk to maxWidth. */
export function text(ctx: Ctx, s: string, x: number, y: number, o: TextOpts): void {
  let size = o.size;
  setFont(ctx, font(size, o.bold, s));
  if (o.maxWidth !== undefined) {
    while (size > 8 && ctx.measureText(s).width > o.maxWidth) {
      size -= 1;
      setFont(ctx, font(size, o.bold, s));
    }
  }
  ctx.textAlign = o.align ?? 'left';
  ctx.textBaseline = o.baseline ?? 'alphabetic';
  if (o.outline) {
    ctx.lineJoin = 'round';
    ctx.lineWidth = o.outlineWidth ?? 3;
    ctx.strokeStyle = o.outline;
    ctx.strokeText(s, x, y);
  }
  ctx.fillStyle = o.color ?? THEME.text;
  ctx.fillText(s, x, y);
}

/** A player's name in the largest of `sizes` that fits, cut with an ellipsis at the smallest. */
export function fitName(ctx: Ctx, name: string, maxWidth: number, sizes: number[]): { text: string; size: number } {
  for (const size of sizes) if (measure(ctx, name, size, true) <= maxWidth) return { text: name, size };
  const size = sizes[sizes.length - 1];
  return { text: fitText(ctx, name, size, true, maxWidth), size };
}

/** Cuts a name to fit a width, with an ellipsis. */
export function fitText(ctx: Ctx, s: string, px: number, bold: boolean, maxWidth: number): string {
  setFont(ctx, font(px, bold, s));
  if (ctx.measureText(s).width <= maxWidth) return s;
  // Cut by characters, not UTF-16 units: half an emoji would draw as a box.
  const chars = Array.from(s);
  while (chars.length > 1 && ctx.measureText(chars.join('') + '…').width > maxWidth) chars.pop();
  return chars.join('') + '…';
}

/**
 * The first of `candidates` (most complete first) that fits `maxWidth` at
 * `px`; the last one cut with an ellipsis when none does. Text on a board
 * image is dropped, never shrunk below a legible size.
 */
export function firstFitting(
  ctx: Ctx,
  candidates: readonly string[],
  px: number,
  bold: boolean,
  maxWidth: number,
): string {
  for (const c of candidates) if (measure(ctx, c, px, bold) <= maxWidth) return c;
  return fitText(ctx, candidates[candidates.length - 1] ?? '', px, bold, maxWidth);
}

/** The width of a text in the bundled family. */
export function measure(ctx: Ctx, s: string, px: number, bold = false): number {
  setFont(ctx, font(px, bold, s));
  return ctx.measureText(s).width;
}

// ---------- stamps ----------

/**
 * A drawing that repeats on a board (an Exxit tile of one colour, a stack of
 * the same pawns, an Orion cell fill or a cell's label and token) is drawn
 * once into a small canvas around its centre and stamped, a pixel copy at
 * each place: about a fifth of the cost of drawing it as paths and text each
 * time. The layouts put every cell centre on a whole pixel, so a stamp is the
 * drawing exactly. Kept across boards (keyed by what, size and scale; the
 * oldest dropped).
 */
export interface Stamp {
  canvas: Surface;
  half: number;
}
/** Pixel memory the stamps may keep (an Orion cell's stamp is 22 KB, a large Exxit tile's 120 KB). */
const STAMP_BYTES = 24 * 1024 * 1024;
const stamps = new Map<string, Stamp>();
let stampBytes = 0;

/** The stamp of `what` drawn by `draw` around (0, 0), for drawings reaching at most `reach` px from the centre. */
export function stampOf(what: string, reach: number, scale: number, draw: (g: Ctx) => void): Stamp {
  const k = `${what}|${reach}|${scale}`;
  let st = stamps.get(k);
  if (st) return st;
  const half = Math.ceil(reach * scale) + 2;
  const canvas = createSurface(2 * half, 2 * half);
  const g = canvas.getContext('2d');
  g.translate(half, half);
  g.scale(scale, scale);
  draw(g);
  st = { canvas, half };
  stamps.set(k, st);
  stampBytes += 16 * half * half;
  for (const [old, o] of stamps) {
    if (stampBytes <= STAMP_BYTES) break;
    stamps.delete(old);
    stampBytes -= 16 * o.half * o.half;
  }
  return st;
}

/** Stamps at their centres, on whole device pixels (in the current clip). */
export function stampAll(ctx: Ctx, items: readonly { st: Stamp; c: Point }[]): void {
  if (items.length === 0) return;
  const m = ctx.getTransform();
  ctx.save();
  ctx.resetTransform();
  for (const { st, c } of items)
    ctx.drawImage(st.canvas, Math.round(m.a * c.x + m.e) - st.half, Math.round(m.d * c.y + m.f) - st.half);
  ctx.restore();
}

/** The scale a painter draws at (the canvas's transform). */
export const scaleOf = (ctx: Ctx): number => ctx.getTransform().a;
