// Exxit's pawns and stacks (EX-2, EX-9): a pawn seen from above, and stacks
// as columns of discs, stamped once per distinct stack (hexdraw.ts).
import type { Side } from '../engine/game.js';
import type { ExxitLayout } from './exxit-layout.js';
import { type Ctx, type Point, scaleOf, stampAll, stampOf, text } from './hexdraw.js';
import { EXXIT, TYPE } from './theme.js';

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
export function stampStacks(ctx: Ctx, L: ExxitLayout, cells: readonly { q: number; r: number; stack: Side[] }[]): void {
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
