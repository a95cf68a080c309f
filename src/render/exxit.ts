// The Exxit painter (product.md "The board image"; EX-5..EX-23). The world
// grows in every direction, so the frame and the hex size follow it.
import type { Side } from '../engine/game.js';
import type { ExxitLastMove, ExxitState, ExxitTile } from '../engine/exxit/types.js';
import { AXIAL_VECTORS } from '../engine/hex.js';
import { addHex, axialToPixel, type Ctx, fitName, hexPath, measure, panel, type Point, roundRect, text } from './hexdraw.js';
import { EXXIT, THEME } from './theme.js';

export const EXXIT_WIDTH = 1000;
export const EXXIT_HEIGHT = 940;
const HEADER_H = 128;
const FOOTER_H = 64;
/** The board area: everything between header and footer. */
export const EXXIT_BOARD_AREA = { x: 16, y: HEADER_H + 8, w: EXXIT_WIDTH - 32, h: EXXIT_HEIGHT - HEADER_H - FOOTER_H - 16 };
const MAX_HEX = 76;

export interface ExxitLayout {
  /** Hex circumradius in px. */
  size: number;
  /** Pixel centre of a cell (q, r). */
  center(q: number, r: number): Point;
}

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
 * Maps cells to pixels so that the whole world, its prisoners and the void
 * ring around it fit the board area, centred, hexes no larger than MAX_HEX.
 * `fit` adds cells to keep in frame (a replay fits every frame's world, so
 * the picture does not jump from ply to ply).
 */
export function exxitLayout(s: ExxitState, fit: readonly { q: number; r: number }[] = []): ExxitLayout {
  const cells = [...s.tiles, ...s.prisoners, ...voidRing(s), ...fit];
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const c of cells) {
    const p = axialToPixel(c.q, c.r, 1, 'pointy');
    minX = Math.min(minX, p.x); maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y); maxY = Math.max(maxY, p.y);
  }
  if (cells.length === 0) { minX = maxX = minY = maxY = 0; }
  // A pointy hex of radius 1 reaches sqrt(3)/2 sideways and 1 up and down.
  const spanX = maxX - minX + Math.sqrt(3);
  const spanY = maxY - minY + 2;
  const a = EXXIT_BOARD_AREA;
  const size = Math.min(MAX_HEX, (a.w - 8) / spanX, (a.h - 8) / spanY);
  const cx = a.x + a.w / 2 - ((minX + maxX) / 2) * size;
  const cy = a.y + a.h / 2 - ((minY + maxY) / 2) * size;
  return {
    size,
    center(q, r) {
      const p = axialToPixel(q, r, size, 'pointy');
      return { x: cx + p.x, y: cy + p.y };
    },
  };
}

/** EX-21: tiles of a colour and its largest edge-connected group. */
export function exxitScoreParts(s: ExxitState, side: Side): { tiles: number; group: number } {
  const mine = new Set(s.tiles.filter((t) => t.color === side).map((t) => key(t.q, t.r)));
  let best = 0;
  const seen = new Set<string>();
  for (const k0 of mine) {
    if (seen.has(k0)) continue;
    let n = 0;
    const todo = [k0];
    seen.add(k0);
    while (todo.length) {
      const [q, r] = todo.pop()!.split(',').map(Number);
      n++;
      for (const [dq, dr] of AXIAL_VECTORS) {
        const k = key(q + dq, r + dr);
        if (mine.has(k) && !seen.has(k)) { seen.add(k); todo.push(k); }
      }
    }
    best = Math.max(best, n);
  }
  return { tiles: mine.size, group: best };
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

/**
 * A stack (EX-9) as a column of discs, bottom pawn lowest, so the colours
 * inside are visible; the top face carries the owner's colour and the height.
 */
export function drawStack(ctx: Ctx, c: Point, R: number, stack: Side[]): void {
  const n = stack.length;
  if (n === 0) return;
  const rx = R * 0.44;
  const ry = R * 0.22;
  const t = Math.min(R * 0.13, (R * 0.5) / Math.max(1, n - 1));
  const baseY = c.y + R * 0.34;
  for (let i = 0; i < n; i++) {
    const side = stack[i];
    const y = baseY - i * t;
    const thick = Math.max(t, R * 0.08);
    // The side band of the disc.
    ctx.beginPath();
    ctx.ellipse(c.x, y + thick, rx, ry, 0, 0, Math.PI);
    ctx.lineTo(c.x - rx, y);
    ctx.ellipse(c.x, y, rx, ry, 0, Math.PI, 0, true);
    ctx.closePath();
    ctx.fillStyle = EXXIT.pawnSide[side];
    ctx.fill();
    // Thin separators in tall stacks, so the pawn colours (not the outlines) dominate.
    ctx.lineWidth = Math.max(0.75, Math.min(R * 0.03, t * 0.3));
    ctx.strokeStyle = side === 1 ? '#8d95a3' : '#3a0b04';
    ctx.stroke();
    if (i === n - 1) drawPawnFace(ctx, { x: c.x, y }, rx, ry, side);
  }
  const top = { x: c.x, y: baseY - (n - 1) * t };
  text(ctx, String(n), top.x, top.y + 1, {
    size: Math.round(R * 0.34), bold: true, align: 'center', baseline: 'middle',
    color: '#ffffff', outline: numberOutline(stack[n - 1]), outlineWidth: Math.max(2, R * 0.08),
  });
}

const numberOutline = (side: Side): string => (side === 0 ? '#5a1208' : '#000000');

// ---------- cells ----------

function drawTile(ctx: Ctx, L: ExxitLayout, t: ExxitTile): void {
  const c = L.center(t.q, t.r);
  const R = L.size;
  hexPath(ctx, c, R * 0.97, 'pointy');
  ctx.fillStyle = EXXIT.tile[t.color];
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, R * 0.05);
  ctx.strokeStyle = EXXIT.tileEdge[t.color];
  ctx.stroke();
  hexPath(ctx, { x: c.x, y: c.y - R * 0.03 }, R * 0.8, 'pointy');
  ctx.fillStyle = EXXIT.tileTop[t.color];
  ctx.fill();
}

function drawTileLabel(ctx: Ctx, L: ExxitLayout, q: number, r: number, label: string, color: string): void {
  const c = L.center(q, r);
  const R = L.size;
  text(ctx, label, c.x, c.y - R * 0.58, {
    size: Math.max(10, Math.round(R * 0.28)), bold: true, align: 'center', baseline: 'middle',
    color, outline: 'rgba(0,0,0,0.75)', outlineWidth: Math.max(2, R * 0.07),
  });
}

function drawPrisonerCell(ctx: Ctx, L: ExxitLayout, q: number, r: number): void {
  const c = L.center(q, r);
  const R = L.size;
  hexPath(ctx, c, R * 0.9, 'pointy');
  ctx.fillStyle = EXXIT.prisonerCell;
  ctx.fill();
  ctx.setLineDash([R * 0.16, R * 0.1]);
  ctx.lineWidth = Math.max(1.5, R * 0.05);
  ctx.strokeStyle = EXXIT.prisonerEdge;
  ctx.stroke();
  ctx.setLineDash([]);
}

/**
 * The void ring, one dashed path (Skia starts the dash afresh on each hex, so
 * this draws what a stroke per hex drew, at a fraction of the cost; the hexes
 * never touch).
 */
function drawVoids(ctx: Ctx, L: ExxitLayout, cells: readonly { q: number; r: number }[]): void {
  if (cells.length === 0) return;
  ctx.beginPath();
  for (const v of cells) addHex(ctx, L.center(v.q, v.r), L.size * 0.92, 'pointy');
  ctx.setLineDash([3, 5]);
  ctx.lineWidth = 1;
  ctx.strokeStyle = EXXIT.voidEdge;
  ctx.stroke();
  ctx.setLineDash([]);
}

function outlineCell(ctx: Ctx, L: ExxitLayout, q: number, r: number, dashed = false): void {
  hexPath(ctx, L.center(q, r), L.size * 0.9, 'pointy');
  ctx.setLineDash(dashed ? [L.size * 0.18, L.size * 0.12] : []);
  ctx.lineWidth = Math.max(2.5, L.size * 0.09);
  ctx.strokeStyle = THEME.highlight;
  ctx.stroke();
  ctx.setLineDash([]);
}

/** The last move's path: under the stacks (so heights stay legible), over the tiles. */
function drawLastPath(ctx: Ctx, L: ExxitLayout, last: ExxitLastMove): void {
  const m = last.move;
  if (m.kind !== 'dance' || last.sown.length === 0) return;
  const pts = [L.center(m.q, m.r), ...last.sown.map((c) => L.center(c.q, c.r))];
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const [w, col] of [[L.size * 0.2, THEME.highlightShadow], [L.size * 0.11, THEME.highlight]] as const) {
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

function drawLastOutlines(ctx: Ctx, L: ExxitLayout, last: ExxitLastMove): void {
  const m = last.move;
  if (m.kind === 'place') outlineCell(ctx, L, m.q, m.r);
  else if (m.kind === 'dance') {
    outlineCell(ctx, L, m.q, m.r, true);
    for (const c of last.sown) outlineCell(ctx, L, c.q, c.r);
  } else if (m.kind === 'free') for (const c of last.freed) outlineCell(ctx, L, c.q, c.r);
}

/** The last move in the labels of EX-23, from the state alone. */
export function exxitLastText(s: ExxitState): string {
  const last = s.last;
  if (!last) return 'No move yet';
  const who = EXXIT.names[last.by];
  const labelAt = (q: number, r: number): string =>
    s.tiles.find((t) => t.q === q && t.r === r)?.label ?? s.prisoners.find((p) => p.q === q && p.r === r)?.label ?? `${q},${r}`;
  const m = last.move;
  switch (m.kind) {
    case 'pass':
      return `${who} passed (no legal move)`;
    case 'place':
      return `${who} placed a pawn on ${labelAt(m.q, m.r)}`;
    case 'dance': {
      const end = last.sown[last.sown.length - 1];
      const pris = end ? s.prisoners.find((p) => p.q === end.q && p.r === end.r) : undefined;
      const exit = !!pris && !s.tiles.some((t) => t.q === end.q && t.r === end.r);
      const onto = (exit ? last.sown.slice(0, -1) : last.sown).map((c) => labelAt(c.q, c.r)).join(' ');
      const parts = [onto && `sowed ${onto}`, exit && `exit to prisoner cell ${pris.label}`].filter(Boolean);
      return `${who} danced D ${labelAt(m.q, m.r)} ${m.dir}: ${parts.join(', ')}`;
    }
    case 'free':
      return `${who} freed ${last.freed.length} cell${last.freed.length === 1 ? '' : 's'}: new tile${last.freed.length === 1 ? '' : 's'} ${last.freed.map((c) => labelAt(c.q, c.r)).join(', ')}`;
  }
}

const REASONS: Record<string, string> = {
  'EX-20a': 'the stock is empty',
  'EX-20b': 'two passes in a row',
  'EX-20c': 'third repetition',
  'EX-20d': '1,000-ply limit',
};

// ---------- header and footer ----------

function drawReserve(ctx: Ctx, x: number, y: number, side: Side, n: number, total: number): void {
  const step = 22;
  for (let i = 0; i < total; i++) {
    const c = { x: x + i * step, y };
    if (i < n) drawPawnFace(ctx, c, 9, 9, side);
    else {
      ctx.beginPath();
      ctx.arc(c.x, c.y, 8, 0, Math.PI * 2);
      ctx.setLineDash([2, 3]);
      ctx.lineWidth = 1;
      ctx.strokeStyle = THEME.textFaint;
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }
}

function drawPlayer(ctx: Ctx, s: ExxitState, side: Side, name: string, x: number, w: number): void {
  const y = 10;
  const h = HEADER_H - 20;
  const toMove = !s.end && s.toMove === side;
  const won = !!s.end && s.end.winner === side;
  panel(ctx, x, y, w, h, toMove ? THEME.highlight : won ? THEME.win : THEME.panelEdge, toMove || won ? 3 : 1.5);
  // Big pawn icon.
  drawPawnFace(ctx, { x: x + 36, y: y + 38 }, 20, 20, side);
  const nm = fitName(ctx, name, w - 150, [24, 20, 17]);
  text(ctx, nm.text, x + 66, y + 34, { size: nm.size, bold: true });
  const status = toMove ? '▶ to move' : won ? '★ winner' : '';
  const sub = name === EXXIT.names[side] ? '' : `${EXXIT.names[side]}  `;
  text(ctx, sub, x + 66, y + 58, { size: 15, color: THEME.textDim });
  if (status) {
    text(ctx, status, x + 66 + measure(ctx, sub, 15), y + 58, { size: 15, bold: true, color: toMove ? THEME.highlight : THEME.win });
  }
  text(ctx, 'reserve', x + 14, y + 92, { size: 13, color: THEME.textDim });
  drawReserve(ctx, x + 80, y + 87, side, s.reserves[side], Math.max(8, s.reserves[side]));
  text(ctx, String(s.reserves[side]), x + 80 + 8 * 22 - 2, y + 92, { size: 15, bold: true });
  // Score (EX-21).
  const parts = exxitScoreParts(s, side);
  text(ctx, String(s.score[side]), x + w - 16, y + 50, { size: 40, bold: true, align: 'right' });
  text(ctx, `${parts.tiles} tiles + ${parts.group} group`, x + w - 16, y + 72, { size: 12, color: THEME.textDim, align: 'right' });
}

function drawCentre(ctx: Ctx, s: ExxitState, x: number, w: number): void {
  const y = 10;
  panel(ctx, x, y, w, HEADER_H - 20);
  const mid = x + w / 2;
  text(ctx, 'EXXIT', mid, y + 28, { size: 20, bold: true, align: 'center' });
  text(ctx, `${s.variant} · ply ${s.ply}`, mid, y + 48, { size: 13, color: THEME.textDim, align: 'center' });
  // The stock as a little pile of tiles.
  const sx = mid - 52;
  const sy = y + 80;
  for (let i = 0; i < 3; i++) {
    hexPath(ctx, { x: sx, y: sy - i * 4 }, 15, 'pointy');
    ctx.fillStyle = i % 2 ? EXXIT.tile[1] : EXXIT.tile[0];
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = EXXIT.tileEdge[i % 2];
    ctx.stroke();
  }
  text(ctx, String(s.stock), sx + 26, sy + 10, { size: 30, bold: true });
  text(ctx, 'in stock', sx + 26 + measure(ctx, String(s.stock), 30, true) + 8, sy + 8, { size: 13, color: THEME.textDim });
}

function drawFooter(ctx: Ctx, s: ExxitState, players: [string, string]): void {
  const y = EXXIT_HEIGHT - FOOTER_H;
  if (s.end) {
    const e = s.end;
    const w = e.winner ?? 0;
    const who = players[w] === EXXIT.names[w] ? players[w] : `${players[w]} (${EXXIT.names[w]})`;
    const head = e.draw ? `Draw ${s.score[0]}–${s.score[1]}` : `${who} wins ${s.score[w]}–${s.score[(1 - w) as Side]}`;
    roundRect(ctx, 16, y, EXXIT_WIDTH - 32, FOOTER_H - 12, 10);
    ctx.fillStyle = e.draw ? '#3b4252' : '#24452c';
    ctx.fill();
    ctx.strokeStyle = e.draw ? THEME.draw : THEME.win;
    ctx.lineWidth = 2;
    ctx.stroke();
    text(ctx, `${head} · game over: ${REASONS[e.reason] ?? e.reason} (${e.reason})`, EXXIT_WIDTH / 2, y + 21, {
      size: 20, bold: true, align: 'center', baseline: 'middle', maxWidth: EXXIT_WIDTH - 60,
    });
    text(ctx, exxitLastText(s), EXXIT_WIDTH / 2, y + 42, { size: 13, color: THEME.textDim, align: 'center', baseline: 'middle', maxWidth: EXXIT_WIDTH - 60 });
    return;
  }
  text(ctx, 'Last move', 24, y + 30, { size: 14, color: THEME.textDim, baseline: 'middle' });
  text(ctx, exxitLastText(s), 108, y + 30, { size: 18, bold: true, baseline: 'middle', maxWidth: EXXIT_WIDTH - 140 });
}

/** Paints a whole Exxit position onto a EXXIT_WIDTH × EXXIT_HEIGHT canvas. */
export function paintExxit(ctx: Ctx, s: ExxitState, players: [string, string], fit?: readonly { q: number; r: number }[]): void {
  ctx.fillStyle = THEME.bg;
  ctx.fillRect(0, 0, EXXIT_WIDTH, EXXIT_HEIGHT);
  drawPlayer(ctx, s, 0, players[0], 16, 340);
  drawPlayer(ctx, s, 1, players[1], EXXIT_WIDTH - 16 - 340, 340);
  drawCentre(ctx, s, 16 + 340 + 10, EXXIT_WIDTH - 2 * (16 + 340 + 10));

  const L = exxitLayout(s, fit);
  drawVoids(ctx, L, voidRing(s));
  for (const t of s.tiles) drawTile(ctx, L, t);
  for (const p of s.prisoners) drawPrisonerCell(ctx, L, p.q, p.r);
  if (s.last) drawLastPath(ctx, L, s.last);
  if (s.last) drawLastOutlines(ctx, L, s.last);
  for (const t of s.tiles) drawTileLabel(ctx, L, t.q, t.r, t.label, '#ffffff');
  for (const p of s.prisoners) drawTileLabel(ctx, L, p.q, p.r, p.label, EXXIT.prisonerEdge);
  for (const t of s.tiles) drawStack(ctx, L.center(t.q, t.r), L.size, t.stack);
  for (const p of s.prisoners) drawStack(ctx, L.center(p.q, p.r), L.size, p.stack);
  drawFooter(ctx, s, players);
}

/** Every cell any of the states shows (world, prisoners, void ring): the frame of a replay. */
export function exxitFilmFrame(states: readonly ExxitState[]): { q: number; r: number }[] {
  const all = new Map<string, { q: number; r: number }>();
  for (const s of states) for (const c of [...s.tiles, ...s.prisoners, ...voidRing(s)]) all.set(key(c.q, c.r), { q: c.q, r: c.r });
  return [...all.values()];
}
