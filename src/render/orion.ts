// The Orion Duel painter (product.md "The board image"; OD-5..OD-22): the 85
// labelled cells, the three coloured side pairs, tokens (visible under tiles
// too), laid tiles with their outlines, the last tile, hands and victory
// conditions.
import { createCanvas, Path2D, type Canvas } from '@napi-rs/canvas';
import type { Side } from '../engine/game.js';
import { CELLS, DIR_VECTORS, SIDES, cellIndex, cellLabel, onBoard, pairMask } from '../engine/orion/board.js';
import { groupsOf, type Group } from '../engine/orion/victory.js';
import { TILE_CODES, type OrionMove, type OrionState, type TileCode } from '../engine/orion/types.js';
import { addHex, axialToPixel, type Ctx, fitName, fitText, hexPath, measure, panel, type Point, roundRect, text } from './hexdraw.js';
import { ORION, THEME } from './theme.js';

export const ORION_WIDTH = 1000;
export const ORION_HEIGHT = 720;
const BOARD_W = 670;
const SQRT3 = Math.sqrt(3);
type Pattern = NonNullable<ReturnType<Ctx['createPattern']>>;

export interface OrionLayout {
  size: number;
  /** Pixel centre of a cell index (0..84, OD-6 label order). */
  center(cell: number): Point;
}

/** The board fills the left part of the picture; flat-top hexes (OD-5). */
export function orionLayout(): OrionLayout {
  // 11 columns: 10 × 1.5 + 2 radii wide; 10 cells of √3 high (+ room for the side bands).
  const size = Math.floor(Math.min((BOARD_W - 40) / 17, (ORION_HEIGHT - 40) / (10 * SQRT3)) * 10) / 10;
  const cx = 16 + BOARD_W / 2;
  const cy = ORION_HEIGHT / 2;
  return {
    size,
    center(cell) {
      const c = CELLS[cell];
      const p = axialToPixel(c.q, c.r, size, 'flat');
      return { x: cx + p.x, y: cy + p.y };
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
 * Blue tiles carry light diagonal stripes, so the colours differ by more than
 * hue. Drawn pixel by pixel (no anti-aliasing): crisp, and the PNG stays small.
 */
function stripes(): Canvas {
  if (stripeCache) return stripeCache;
  const n = 10;
  const c = createCanvas(n, n);
  const g = c.getContext('2d');
  const img = g.createImageData(n, n);
  const [base, light] = [ORION.side[1], ORION.sideStripe[1]].map((h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)));
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const col = y % n < 3 ? light : base;
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
    left: [[-1, 0], [-1, 1]],
    right: [[1, -1], [1, 0]],
    'top-left': [[0, -1], [-1, 0]],
    'bottom-right': [[0, 1], [1, 0]],
    'top-right': [[0, -1], [1, -1]],
    'bottom-left': [[0, 1], [-1, 1]],
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

/** Cells batched by fill (each colour one path, so a colour shows no seams inside): empty cells (with their grid line), orange, blue. */
function drawCells(ctx: Ctx, L: OrionLayout, s: Pick<OrionState, 'cells'>, colours: readonly (-1 | 0 | 1)[] = [-1, 0, 1]): void {
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

/** Tile outlines: thin inside a tile, thick between different tiles or around a tile (OD-13). */
function drawTileEdges(ctx: Ctx, L: OrionLayout, s: OrionState): void {
  const S = L.size;
  const inner = new Path2D();
  const outer = new Path2D();
  for (let i = 0; i < CELLS.length; i++) {
    if (s.cells[i] < 0) continue;
    const c = L.center(i);
    const { q, r } = CELLS[i];
    for (const [dq, dr] of DIR_VECTORS) {
      const n = cellIndex(q + dq, r + dr);
      // Each edge between two covered cells once.
      if (n >= 0 && n < i && s.cells[n] >= 0) continue;
      const [a, b] = edgeCorners(c, S, dq, dr);
      const path = n >= 0 && s.tileAt[n] === s.tileAt[i] ? inner : outer;
      path.moveTo(a.x, a.y);
      path.lineTo(b.x, b.y);
    }
  }
  ctx.lineCap = 'round';
  ctx.lineWidth = 1;
  ctx.strokeStyle = 'rgba(0,0,0,0.35)';
  ctx.stroke(inner);
  ctx.lineWidth = Math.max(2.5, S * 0.09);
  ctx.strokeStyle = ORION.tileEdge;
  ctx.stroke(outer);
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
  for (const [w, col] of [[S * 0.26, 'rgba(0,0,0,0.7)'], [S * 0.12, '#ffffff']] as const) {
    ctx.lineWidth = w;
    ctx.strokeStyle = col;
    for (const [a, b] of segs) {
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.stroke();
    }
  }
}

/** Tokens and labels of the cells `which` picks (all by default). */
function drawTokensAndLabels(ctx: Ctx, L: OrionLayout, s: Pick<OrionState, 'cells' | 'galaxies' | 'blackHoles'>, which: (cell: number) => boolean = () => true): void {
  const S = L.size;
  const gal = new Set(s.galaxies);
  const hol = new Set(s.blackHoles);
  for (let i = 0; i < CELLS.length; i++) {
    if (!which(i)) continue;
    const c = L.center(i);
    const col = s.cells[i];
    const token = gal.has(i) || hol.has(i);
    if (gal.has(i)) drawGalaxy(ctx, { x: c.x, y: c.y + S * 0.16 }, S * 0.5);
    if (hol.has(i)) drawHole(ctx, { x: c.x, y: c.y + S * 0.16 }, S * 0.5);
    // Plain text (no outline): keeps the PNG small; contrast is enough on every fill.
    const color = col < 0 ? ORION.cellLabel : ORION.sideText[col as Side];
    text(ctx, cellLabel(i), c.x, token ? c.y - S * 0.56 : c.y + 1, {
      size: token ? Math.round(S * 0.33) : Math.round(S * 0.4), bold: col >= 0, align: 'center', baseline: 'middle', color,
    });
  }
}

// ---------- the empty board, drawn once per layout ----------

/** Width of the board part of the picture (the side column starts here). */
const BOARD_PART_W = 16 + BOARD_W + 14;
const EMPTY_BOARDS_KEPT = 6;
const emptyBoards = new Map<string, Canvas>();

/**
 * The board before any tile: background, side bands (OD-7), the 85 empty
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
  c = createCanvas(Math.round(BOARD_PART_W * scale), Math.round(ORION_HEIGHT * scale));
  const ctx = c.getContext('2d');
  ctx.scale(scale, scale);
  ctx.fillStyle = THEME.bg;
  ctx.fillRect(0, 0, BOARD_PART_W, ORION_HEIGHT);
  drawSides(ctx, L);
  const empty = { cells: new Array<-1>(CELLS.length).fill(-1), galaxies: s.galaxies, blackHoles: s.blackHoles };
  drawCells(ctx, L, empty, [-1]);
  drawTokensAndLabels(ctx, L, empty);
  emptyBoards.set(key, c);
  if (emptyBoards.size > EMPTY_BOARDS_KEPT) emptyBoards.delete(emptyBoards.keys().next().value!);
  return c;
}

// ---------- side panel ----------

const moveText = (m: OrionMove): string => [m.tile, cellLabel(m.cell), m.dir, m.turn].filter(Boolean).join(' ');

/** OD-8 shapes drawn with the anchor first, in mini hexes: [dq, dr] offsets and whether the hex is X. */
const SHAPES: Record<TileCode, [number, number, boolean][]> = {
  S1: [[0, 0, false]],
  P2: [[0, 0, false], [1, -1, false]],
  D2: [[0, 0, true], [1, -1, false]],
  L3: [[0, 0, true], [1, -1, false], [2, -2, false]],
  V3: [[0, 0, true], [1, -1, false], [2, -1, false]],
  T3: [[0, 0, true], [1, -1, false], [1, 0, false]],
};

function drawMiniTile(ctx: Ctx, code: TileCode, side: Side, at: Point, r: number, faded: boolean): void {
  ctx.globalAlpha = faded ? 0.28 : 1;
  for (const [dq, dr, x] of SHAPES[code]) {
    const p = axialToPixel(dq, dr, r, 'flat');
    const c = { x: at.x + p.x, y: at.y + p.y };
    hexPath(ctx, c, r, 'flat');
    ctx.fillStyle = sideFill(ctx, (x ? 1 - side : side) as Side);
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = ORION.tileEdge;
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}

const REASONS: Record<string, string> = {
  'OD-18': 'more victory conditions',
  'OD-19': 'tiebreak after the last tile',
  'OD-20': 'no legal placement left',
};

function drawPlayer(ctx: Ctx, s: OrionState, gs: readonly Group[], side: Side, name: string, x: number, y: number, w: number, h: number): void {
  const toMove = !s.end && s.toMove === side;
  const won = !!s.end && s.end.winner === side;
  panel(ctx, x, y, w, h, toMove ? THEME.highlight : won ? THEME.win : THEME.panelEdge, toMove || won ? 3 : 1.5);
  hexPath(ctx, { x: x + 30, y: y + 32 }, 18, 'flat');
  ctx.fillStyle = sideFill(ctx, side);
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = ORION.tileEdge;
  ctx.stroke();
  const nm = fitName(ctx, name, w - 130, [22, 19, 16]);
  text(ctx, nm.text, x + 58, y + 30, { size: nm.size, bold: true });
  const status = toMove ? '▶ to move' : won ? '★ winner' : '';
  const sub = name === ORION.names[side] ? '' : `${ORION.names[side]}  `;
  text(ctx, sub, x + 58, y + 52, { size: 14, color: THEME.textDim });
  if (status) text(ctx, status, x + 58 + measure(ctx, sub, 14), y + 52, { size: 14, bold: true, color: toMove ? THEME.highlight : THEME.win });
  // OD-17 total.
  const vc = s.vc[side];
  text(ctx, String(vc.total), x + w - 14, y + 42, { size: 36, bold: true, align: 'right' });
  text(ctx, 'VC', x + w - 14, y + 58, { size: 11, color: THEME.textDim, align: 'right' });

  // (a) constellations, with the joined pairs lit.
  let ry = y + 84;
  const joined = joinedPairs(gs, side);
  text(ctx, `Constellations ${vc.constellations}`, x + 14, ry, { size: 14, bold: true });
  for (let p = 0; p < 3; p++) {
    const sx = x + 160 + p * 40;
    ctx.setLineDash(ORION.pairDash[p].map((d) => d / 2.2));
    const on = (joined & (1 << p)) !== 0;
    ctx.lineWidth = on ? 7 : 4;
    ctx.strokeStyle = ORION.pair[p];
    ctx.globalAlpha = on ? 1 : 0.3;
    ctx.beginPath();
    ctx.moveTo(sx, ry - 5);
    ctx.lineTo(sx + 30, ry - 5);
    ctx.stroke();
    ctx.globalAlpha = 1;
    ctx.setLineDash([]);
    if (on) text(ctx, '✓', sx + 15, ry - 1, { size: 15, bold: true, align: 'center', color: '#ffffff', outline: '#000', outlineWidth: 4 });
  }
  // (b) galaxies in own groups (4 per point), (c) black holes in the opponent's groups (3 per point).
  const own = gs.filter((g) => g.color === side);
  const opp = gs.filter((g) => g.color !== side);
  const bestGal = Math.max(0, ...own.map((g) => g.galaxies % 4));
  const bestHol = Math.max(0, ...opp.map((g) => g.blackHoles % 3));
  ry += 24;
  drawGalaxy(ctx, { x: x + 22, y: ry - 5 }, 9);
  text(ctx, `Galaxies ${vc.galaxies}/2`, x + 38, ry, { size: 14, bold: true });
  if (vc.galaxies < 2) text(ctx, `best group ${bestGal}/4`, x + w - 14, ry, { size: 12, color: THEME.textDim, align: 'right' });
  ry += 24;
  drawHole(ctx, { x: x + 22, y: ry - 5 }, 9);
  text(ctx, `Black holes ${vc.blackHoles}/2`, x + 38, ry, { size: 14, bold: true });
  if (vc.blackHoles < 2) text(ctx, `${ORION.names[(1 - side) as Side]} group ${bestHol}/3`, x + w - 14, ry, { size: 12, color: THEME.textDim, align: 'right' });

  // Tiles left (OD-3), drawn as small tile shapes with counts.
  ry += 14;
  text(ctx, 'Tiles left', x + 14, ry + 12, { size: 12, color: THEME.textDim });
  const left = TILE_CODES.reduce((n, t) => n + s.hands[side][t], 0);
  text(ctx, `${left} of 14`, x + w - 14, ry + 12, { size: 12, color: THEME.textDim, align: 'right' });
  const cellW = (w - 20) / 3;
  TILE_CODES.forEach((code, k) => {
    const col = k % 3;
    const row = Math.floor(k / 3);
    const bx = x + 10 + col * cellW;
    const by = ry + 22 + row * 44;
    const n = s.hands[side][code];
    drawMiniTile(ctx, code, side, { x: bx + 16, y: by + 28 }, 8, n === 0);
    text(ctx, `×${n}`, bx + cellW - 12, by + 28, { size: 15, bold: true, align: 'right', baseline: 'middle', color: n ? THEME.text : THEME.textFaint });
    text(ctx, code, bx + cellW - 12, by + 12, { size: 10, align: 'right', baseline: 'middle', color: THEME.textFaint });
  });
}

function drawInfo(ctx: Ctx, s: OrionState, players: [string, string], x: number, w: number): void {
  text(ctx, 'ORION DUEL', x + 4, 40, { size: 22, bold: true });
  const layout = s.layout.startsWith('preset') ? `preset ${s.layout.slice(6)}` : s.layout.replace(':', ' ');
  text(ctx, `${layout} · ply ${s.ply}`, x + w - 4, 40, { size: 13, color: THEME.textDim, align: 'right' });
  const ph = 268;
  drawPlayers(ctx, s, players, x, w, ph);
  let y = 56 + 2 * (ph + 10);
  const last = s.placements[s.placements.length - 1];
  if (s.end) {
    const e = s.end;
    const h = ORION_HEIGHT - 16 - y;
    roundRect(ctx, x, y, w, h, 10);
    ctx.fillStyle = e.draw ? '#3b4252' : '#24452c';
    ctx.fill();
    ctx.strokeStyle = e.draw ? THEME.draw : THEME.win;
    ctx.lineWidth = 2;
    ctx.stroke();
    const head = e.draw ? 'Draw' : `${fitText(ctx, players[e.winner!], 18, true, w - 110)} wins`;
    text(ctx, head, x + w / 2, y + 24, { size: 18, bold: true, align: 'center', maxWidth: w - 16 });
    text(ctx, `${REASONS[e.reason] ?? ''} (${e.reason})`, x + w / 2, y + 44, { size: 12, color: THEME.text, align: 'center', maxWidth: w - 16 });
    const vcLine = `victory conditions ${s.vc[0].total}–${s.vc[1].total}`;
    if (e.reason === 'OD-19') {
      // OD-19: galaxies minus black holes on each colour's cells, over the whole board.
      const t = tiebreakParts(s);
      const tb = e.tiebreak ?? [t[0].g - t[0].h, t[1].g - t[1].h];
      text(ctx, `${vcLine} · tiebreak:`, x + w / 2, y + 64, { size: 12, color: THEME.textDim, align: 'center', maxWidth: w - 16 });
      text(ctx, `${ORION.names[0]} ${t[0].g} − ${t[0].h} = ${tb[0]}   ${ORION.names[1]} ${t[1].g} − ${t[1].h} = ${tb[1]}`, x + w / 2, y + 82, {
        size: 13, bold: true, align: 'center', maxWidth: w - 16,
      });
    } else {
      text(ctx, `${vcLine}${last ? ` · last ${moveText(last.move)}` : ''}`, x + w / 2, y + 64, { size: 12, color: THEME.textDim, align: 'center', maxWidth: w - 16 });
    }
    return;
  }
  y += 22;
  text(ctx, 'Last tile', x + 4, y, { size: 13, color: THEME.textDim });
  text(ctx, last ? `${ORION.names[last.side]} ${moveText(last.move)}` : 'none yet', x + 4, y + 26, { size: 20, bold: true, maxWidth: w - 8 });
}

/** OD-19 parts: galaxies and black holes on each colour's cells. */
export function tiebreakParts(s: OrionState): [{ g: number; h: number }, { g: number; h: number }] {
  const t: [{ g: number; h: number }, { g: number; h: number }] = [{ g: 0, h: 0 }, { g: 0, h: 0 }];
  for (const c of s.galaxies) if (s.cells[c] >= 0) t[s.cells[c] as Side].g++;
  for (const c of s.blackHoles) if (s.cells[c] >= 0) t[s.cells[c] as Side].h++;
  return t;
}

function drawPlayers(ctx: Ctx, s: OrionState, players: [string, string], x: number, w: number, ph: number): void {
  const gs = groupsOf(s.cells, s.galaxies, s.blackHoles);
  drawPlayer(ctx, s, gs, 0, players[0], x, 56, w, ph);
  drawPlayer(ctx, s, gs, 1, players[1], x, 56 + ph + 10, w, ph);
}

/** Paints a whole Orion Duel position onto an ORION_WIDTH × ORION_HEIGHT canvas (scaled by the context's transform). */
export function paintOrion(ctx: Ctx, s: OrionState, players: [string, string]): void {
  const L = orionLayout();
  // The cached empty board goes on in device pixels (no resampling): it was drawn at this scale.
  const m = ctx.getTransform();
  const board = emptyBoard(s, L, m.a);
  ctx.fillStyle = THEME.bg;
  ctx.fillRect(BOARD_PART_W, 0, ORION_WIDTH - BOARD_PART_W, ORION_HEIGHT);
  ctx.save();
  ctx.resetTransform();
  ctx.drawImage(board, m.e, m.f);
  ctx.restore();
  drawCells(ctx, L, s, [0, 1]);
  drawTileEdges(ctx, L, s);
  drawLastTile(ctx, L, s);
  drawTokensAndLabels(ctx, L, s, (i) => s.cells[i] >= 0);
  drawInfo(ctx, s, players, BOARD_PART_W, ORION_WIDTH - BOARD_PART_W - 16);
}
