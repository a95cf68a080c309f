// The Exxit painter (product.md "The board image"; EX-5..EX-23): the world's
// cells, the last move's highlight and the stacks (exxit-stacks.ts) where the
// layout puts them (exxit-layout.ts), the players' cards with score and
// reserve and the stock above (card.ts), the last move or the result below
// (footer.ts).
import type { Side } from '../engine/game.js';
import type { ExxitLastMove, ExxitState, ExxitTile } from '../engine/exxit/types.js';
import { lastMoveNote } from '../engine/exxit/describe.js';
import { format, type Locale } from '../i18n/catalogue.js';
import { drawCard, MARGIN, SEP, sideNames } from './card.js';
import {
  CARD_H,
  CARD_W,
  EXXIT_BOARD_AREA,
  EXXIT_HEIGHT,
  EXXIT_WIDTH,
  exxitCard,
  exxitLayout,
  type ExxitLayout,
  type FrameCell,
  STOCK_W,
  voidRing,
} from './exxit-layout.js';
import { drawPawnFace, stampStacks } from './exxit-stacks.js';
import { drawFooter, drawLegend, type LegendItem, pictureNote, resultLines } from './footer.js';
import { dashOf, drawBadge, type Highlight } from './highlight.js';
import { type Ctx, hexPath, measure, panel, scaleOf, stampAll, stampOf, text } from './hexdraw.js';
import { EXXIT, THEME, TYPE } from './theme.js';

/**
 * The move a forced pass followed: the `last` of the state before the pass
 * (engine state; a pass changes nothing on the board, so its cells still
 * hold). With only `by` and `label` the footer names it; with `move`,
 * `sown` and `freed` the board highlights it too.
 */
export type ExxitPrevious = Pick<ExxitLastMove, 'by'> & Partial<Omit<ExxitLastMove, 'by'>>;

const key = (q: number, r: number): string => `${q},${r}`;

/** Size of the tile letters and X-labels: grows with the hexes, never under TYPE.label. */
const labelPx = (R: number): number => Math.max(TYPE.label, Math.min(25, Math.round(R * 0.36)));

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

/** The last move's style: yellow, solid (a dance's source dashed), no badge. */
const LAST_MOVE: Highlight = { color: THEME.highlight, dashed: false, inset: 0.9 };

/**
 * A cell's outline in a move's style. The last move's is plain yellow (its
 * source dashed); a review's moves get a dark edge under the colour so a red
 * or orange outline still shows on a red tile.
 */
function outlineCell(ctx: Ctx, L: ExxitLayout, q: number, r: number, dashed: boolean, h: Highlight): void {
  hexPath(ctx, L.center(q, r), L.size * h.inset, 'pointy');
  const w = Math.max(3, L.size * 0.09);
  if (h === LAST_MOVE) {
    ctx.setLineDash(dashed ? [L.size * 0.18, L.size * 0.12] : []);
    ctx.lineWidth = w;
    ctx.strokeStyle = h.color;
    ctx.stroke();
    ctx.setLineDash([]);
    return;
  }
  // A review's move: a dark edge, then the colour; the played move's in round dots, not in the dashes of a prisoner
  // cell's edge.
  ctx.lineWidth = w + 3;
  ctx.strokeStyle = THEME.highlightShadow;
  ctx.stroke();
  const dw = w * 1.25;
  ctx.setLineDash(h.dashed ? [0.1, dw * 1.9] : dashed ? [L.size * 0.18, L.size * 0.12] : []);
  ctx.lineCap = 'round';
  ctx.lineWidth = h.dashed ? dw : w;
  ctx.strokeStyle = h.color;
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.lineCap = 'butt';
}

/** A move the picture highlights: the last one, the one a forced pass followed, or a review's move. */
export type Shown = Pick<ExxitLastMove, 'move' | 'sown' | 'freed'>;
function shownMove(s: ExxitState, previous?: ExxitPrevious): Shown | null {
  const last = s.last;
  if (!last) return null;
  if (last.move.kind !== 'pass') return last;
  if (!previous?.move || previous.move.kind === 'pass') return null;
  return { move: previous.move, sown: previous.sown ?? [], freed: previous.freed ?? [] };
}

/** A move's dance path: under the stacks (so heights stay legible), over the tiles; a review's played one dashed. */
function drawPath(ctx: Ctx, L: ExxitLayout, shown: Shown, h: Highlight): void {
  const m = shown.move;
  if (m.kind !== 'dance' || shown.sown.length === 0) return;
  const pts = [L.center(m.q, m.r), ...shown.sown.map((c) => L.center(c.q, c.r))];
  ctx.lineCap = h.dashed ? 'butt' : 'round';
  ctx.lineJoin = 'round';
  for (const [w, col] of [
    [L.size * 0.2, THEME.highlightShadow],
    [L.size * 0.11, h.color],
  ] as const) {
    ctx.setLineDash(dashOf(h, L.size * 0.11));
    ctx.beginPath();
    ctx.moveTo(pts[0].x, pts[0].y);
    for (const p of pts.slice(1)) ctx.lineTo(p.x, p.y);
    ctx.lineWidth = w;
    ctx.strokeStyle = col;
    ctx.stroke();
  }
  ctx.setLineDash([]);
  ctx.fillStyle = h.color;
  for (const p of pts.slice(1)) {
    ctx.beginPath();
    ctx.arc(p.x, p.y, L.size * 0.12, 0, Math.PI * 2);
    ctx.fill();
  }
}

function drawOutlines(ctx: Ctx, L: ExxitLayout, shown: Shown, h: Highlight): void {
  const m = shown.move;
  if (m.kind === 'place') outlineCell(ctx, L, m.q, m.r, h.dashed, h);
  else if (m.kind === 'dance') {
    outlineCell(ctx, L, m.q, m.r, true, h);
    for (const c of shown.sown) outlineCell(ctx, L, c.q, c.r, h.dashed, h);
  } else if (m.kind === 'free') for (const c of shown.freed) outlineCell(ctx, L, c.q, c.r, h.dashed, h);
}

/** Where a move ends (its badge goes there): the cell placed, the last sown, the last freed. */
function endCell(shown: Shown): { q: number; r: number } | null {
  const m = shown.move;
  if (m.kind === 'place') return m;
  if (m.kind === 'dance') return shown.sown[shown.sown.length - 1] ?? m;
  if (m.kind === 'free') return shown.freed[shown.freed.length - 1] ?? m;
  return null;
}

/** Every cell a move touches (the frame must hold them: a placement or an exit lies outside the world). */
export function cellsOf(shown: Shown): FrameCell[] {
  const m = shown.move;
  if (m.kind === 'pass') return [];
  return [{ q: m.q, r: m.r }, ...shown.sown, ...shown.freed];
}

/** A review's move on the board: what it does (Shown) and how it is drawn. */
export interface ExxitMark {
  shown: Shown;
  h: Highlight;
}

/** The badges of a review's moves, at the lower right of their end cells (the second one lower left when shared). */
function drawBadges(ctx: Ctx, L: ExxitLayout, marks: readonly ExxitMark[]): void {
  const used = new Set<string>();
  const r = Math.max(11, L.size * 0.25);
  for (const { shown, h } of marks) {
    const end = endCell(shown);
    if (!end) continue;
    const c = L.center(end.q, end.r);
    const k = key(end.q, end.r);
    const dx = used.has(k) ? -1 : 1;
    used.add(k);
    drawBadge(ctx, { x: c.x + dx * L.size * 0.5, y: c.y + L.size * 0.42 }, r, h);
  }
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
  /** A review's moves, drawn instead of the last move. */
  marks?: ExxitMark[];
  /** The footer's legend of those moves, instead of the last move or the result. */
  legend?: LegendItem[];
}

/** The layout a picture of `s` uses: the frame holds the world, `fit` and the cells of `marks` (taps.ts maps taps with it). */
export function exxitPictureLayout(s: ExxitState, opts: Pick<ExxitPaintOptions, 'fit' | 'marks'>): ExxitLayout {
  const marks = opts.marks;
  return exxitLayout(s, marks ? [...(opts.fit ?? []), ...marks.flatMap((k) => cellsOf(k.shown))] : opts.fit);
}

/** Paints a whole Exxit position onto a EXXIT_WIDTH × EXXIT_HEIGHT canvas. */
export function paintExxit(ctx: Ctx, s: ExxitState, players: [string, string], opts: ExxitPaintOptions = {}): void {
  ctx.fillStyle = THEME.bg;
  ctx.fillRect(0, 0, EXXIT_WIDTH, EXXIT_HEIGHT);

  const marks = opts.marks;
  const L = exxitPictureLayout(s, opts);
  // A review's moves replace the last move's highlight (one move, one style, is the board's usual picture).
  const drawn: ExxitMark[] = marks ?? [];
  if (!marks) {
    const last = shownMove(s, opts.previous);
    if (last) drawn.push({ shown: last, h: LAST_MOVE });
  }
  const a = EXXIT_BOARD_AREA;
  ctx.save();
  ctx.beginPath();
  ctx.rect(a.x, a.y, a.w, a.h);
  ctx.clip();
  drawVoids(ctx, L, voidRing(s));
  drawTiles(ctx, L, s.tiles);
  drawPrisonerCells(ctx, L, s.prisoners);
  for (const k of drawn) drawPath(ctx, L, k.shown, k.h);
  for (const k of drawn) drawOutlines(ctx, L, k.shown, k.h);
  const onPath = new Set(
    drawn.flatMap(({ shown: d }) =>
      d.move.kind === 'dance' ? [key(d.move.q, d.move.r), ...d.sown.map((c) => key(c.q, c.r))] : [],
    ),
  );
  for (const t of s.tiles) drawTileLabel(ctx, L, t.q, t.r, t.label, '#ffffff', onPath.has(key(t.q, t.r)));
  for (const p of s.prisoners) drawTileLabel(ctx, L, p.q, p.r, p.label, EXXIT.prisonerEdge, onPath.has(key(p.q, p.r)));
  stampStacks(ctx, L, [...s.tiles, ...s.prisoners]);
  if (marks) drawBadges(ctx, L, marks);
  ctx.restore();

  const locale = opts.locale ?? 'en';
  drawPlayer(ctx, s, 0, players[0], locale);
  drawStock(ctx, locale, s, MARGIN + CARD_W + MARGIN, STOCK_W);
  drawPlayer(ctx, s, 1, players[1], locale);
  if (opts.legend) drawLegend(ctx, EXXIT_WIDTH, EXXIT_HEIGHT, opts.legend);
  else drawFooter(ctx, EXXIT_WIDTH, EXXIT_HEIGHT, s.end, footerLines(s, players, locale, opts.previous));
}
