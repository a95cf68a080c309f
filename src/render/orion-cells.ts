// What Orion's cells are drawn with (OD-1, OD-9): the two sides' fills (blue
// striped, so the colours differ by more than hue) and the galaxy and
// black-hole tokens, on the board and on the players' cards alike.
import type { Side } from '../engine/game.js';
import type { Ctx, Point } from './hexdraw.js';
import { createSurface, type Surface } from './surface.js';
import { ORION } from './theme.js';

export type Pattern = NonNullable<ReturnType<Ctx['createPattern']>>;

let stripeCache: Surface | null = null;
/**
 * Blue tiles carry light horizontal stripes, so the colours differ by more than
 * hue. Drawn pixel by pixel (no anti-aliasing): crisp, and the PNG stays small.
 */
function stripes(): Surface {
  if (stripeCache) return stripeCache;
  // 13 rows: cell centres are 26 px apart in height, so every cell's stripes line up with its neighbours'.
  const n = 13;
  const c = createSurface(n, n);
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
export function sideFill(ctx: Ctx, side: Side): string | Pattern {
  if (side === 0) return ORION.side[0];
  let p = patterns.get(ctx);
  if (!p) {
    p = ctx.createPattern(stripes(), 'repeat') as Pattern;
    patterns.set(ctx, p);
  }
  return p;
}

// ---------- tokens ----------

export function drawGalaxy(ctx: Ctx, c: Point, r: number): void {
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

export function drawHole(ctx: Ctx, c: Point, r: number): void {
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
