// How a move is drawn on a board (the last move, or the moves of a review:
// the one played and the better one). One painter per game draws them
// (exxit.ts, orion-board.ts); this says only in what style, so two moves on
// one board read apart by colour AND by pattern and badge (product.md: colour
// plus shape, for colour-blind players).
import { type Ctx, type Point, text } from './hexdraw.js';

export interface Highlight {
  color: string;
  /** A review's played move: its outlines dotted and its dance path dashed, rather than solid. */
  dashed: boolean;
  /** The outline's radius, in hex radii: a second move on the same cells is drawn inside the first. */
  inset: number;
  /** A glyph in a disc at the move's end (✗ played, ✓ better); none for the last move. */
  badge?: string;
}

/** A badge: a disc of the style's colour, dark-edged, its glyph in dark ink. */
export function drawBadge(ctx: Ctx, c: Point, r: number, h: Highlight): void {
  if (!h.badge) return;
  ctx.beginPath();
  ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
  ctx.fillStyle = h.color;
  ctx.fill();
  ctx.setLineDash([]);
  ctx.lineWidth = Math.max(2, r * 0.18);
  ctx.strokeStyle = '#101318';
  ctx.stroke();
  text(ctx, h.badge, c.x, c.y + r * 0.05, {
    size: Math.max(12, Math.round(r * 1.35)),
    bold: true,
    align: 'center',
    baseline: 'middle',
    color: '#101318',
  });
}

/** The dash pattern of a style for a line `w` px wide (empty: solid). */
export const dashOf = (h: Highlight, w: number): number[] => (h.dashed ? [w * 1.6, w * 1.3] : []);
