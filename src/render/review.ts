// The pictures of a post-game review (issue 20, docs/review.md): the
// win-chance chart of a game, and a position with moves drawn on it (the one
// played and the better one) for the review's costliest moves, a retry's or a
// puzzle's answer. The chart is drawn here; the moves are drawn by the board
// painters (board.ts), in the highlight styles of highlight.ts.
import { createCanvas } from '@napi-rs/canvas';
import { errorText, type GameId, type Side } from '../engine/game.js';
import { getGame, isGameId } from '../engine/index.js';
import type { OrionPlacement } from '../engine/orion/types.js';
import { format, type Locale } from '../i18n/catalogue.js';
import { type BoardMarks, type BoardOptions, cleanNames, renderMarkedBoard } from './board.js';
import { sideNames } from './card.js';
import { cellsOf, type ExxitMark } from './exxit.js';
import { drawPawnFace } from './exxit-stacks.js';
import { registerFonts } from './fonts.js';
import type { Highlight } from './highlight.js';
import { type Ctx, fitText, hexPath, measure, type Point, text } from './hexdraw.js';
import { sideFill } from './orion-cells.js';
import { encodeCanvasPng } from './png.js';
import { moveDrawing } from './taps.js';
import { EXXIT, ORION, REVIEW, THEME } from './theme.js';

/** The grades a review marks (the others, best and good, are not drawn). */
export type MarkedGrade = 'inaccuracy' | 'mistake' | 'blunder';
export const MARKED_GRADES: readonly MarkedGrade[] = ['inaccuracy', 'mistake', 'blunder'];

export interface WinChart {
  /** Side 0's win chance 0..100: [0] at the start, [i + 1] after ply i. */
  chances: number[];
  /** The marked moves: ply (0-based, into the game's log), who played it, its grade. */
  marks: { ply: number; side: Side; grade: MarkedGrade }[];
}

export interface WinChartOptions {
  locale?: Locale;
  /** Display names by side (as on the boards); the side colours when left out. */
  players?: [string, string];
}

// ---------- the chart's geometry ----------

/**
 * 800 × 450 px, shown about 400 px wide on a phone (a scale of 0.5): the standings' rule (standings.ts), so every
 * word is at least 22 px here (capitals 8 px there) and the marks 20 px across (10 px there).
 */
export const CHART_WIDTH = 800;
export const CHART_HEIGHT = 450;
const FONT = 22;
const TITLE = 26;
/** The plot: 0 % at the bottom, 100 % at the top; ply 0 (the start) at the left edge. */
export const PLOT = { x: 84, y: 62, w: 692, h: 290 } as const;
/** A mark's radius (circle), half-side (square), or half-height (triangle). */
export const MARK_R = 10;

/** The x of a point of the chart: `i` plies played of `n`. */
export const chartX = (i: number, n: number): number => PLOT.x + (PLOT.w * i) / Math.max(1, n);
/** The y of a chance 0..100. */
export const chartY = (chance: number): number => PLOT.y + PLOT.h * (1 - chance / 100);

/** A tick step that gives at most ten numbers on the move axis. */
function tickStep(n: number): number {
  for (const s of [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500]) if (n / s <= 10) return s;
  return 1000;
}

/** `c` darkened towards black by `k` (0..1): the chart's areas, so the marks' bright colours stand out on them. */
function darken(c: string, k: number): string {
  const ch = [1, 3, 5].map((i) => Math.round(parseInt(c.slice(i, i + 2), 16) * (1 - k)));
  return `#${ch.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** The chart's two areas, in each game's side colours: side 0 below the line (its chance), side 1 above. */
function areaFills(game: GameId): [string, string] {
  return game === 'exxit'
    ? [darken(EXXIT.pawn[0], 0.35), EXXIT.pawn[1]]
    : [darken(ORION.side[0], 0.3), darken(ORION.side[1], 0.25)];
}

/** A grade's shape (circle, square, triangle), so the marks read without their colours. */
function drawGradeMark(ctx: Ctx, c: Point, grade: MarkedGrade, r = MARK_R): void {
  ctx.beginPath();
  if (grade === 'inaccuracy') ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
  else if (grade === 'mistake') ctx.rect(c.x - r * 0.9, c.y - r * 0.9, r * 1.8, r * 1.8);
  else {
    ctx.moveTo(c.x, c.y - r * 1.15);
    ctx.lineTo(c.x + r * 1.1, c.y + r * 0.8);
    ctx.lineTo(c.x - r * 1.1, c.y + r * 0.8);
    ctx.closePath();
  }
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#0b0d11';
  ctx.stroke();
  ctx.fillStyle = REVIEW.grade[grade];
  ctx.fill();
}

/** A side's mark, as on the boards' cards: Exxit's pawn, Orion's hex (blue striped). */
function drawSideMark(ctx: Ctx, game: GameId, c: Point, side: Side): void {
  if (game === 'exxit') {
    drawPawnFace(ctx, c, 10, 10, side);
    return;
  }
  hexPath(ctx, c, 11, 'flat');
  ctx.fillStyle = sideFill(ctx, side);
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = ORION.tileEdge;
  ctx.stroke();
}

/** The chances as given, checked: finite numbers, clamped to 0..100 (a rounding may step past the ends). */
function checkChances(chances: unknown): number[] {
  if (!Array.isArray(chances) || chances.length === 0) throw new Error('render: a win chart needs at least one chance');
  return chances.map((c, i) => {
    if (typeof c !== 'number' || !Number.isFinite(c)) throw new Error(`render: win chance ${i} is not a number`);
    return Math.max(0, Math.min(100, c));
  });
}

/** Draws the win-chance chart on a fresh canvas. */
export function drawWinChart(game: GameId, chart: WinChart, opts: WinChartOptions = {}) {
  if (!isGameId(game)) throw new Error(`render: unknown game "${String(game)}"`);
  registerFonts();
  const locale: Locale = opts.locale === 'fr' ? 'fr' : 'en';
  const chances = checkChances(chart?.chances);
  const n = chances.length - 1;
  const names = cleanNames(game, locale, opts.players);
  const sides = sideNames(game, locale);
  const canvas = createCanvas(CHART_WIDTH, CHART_HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = THEME.bg;
  ctx.fillRect(0, 0, CHART_WIDTH, CHART_HEIGHT);

  text(ctx, format(locale, 'picture.review.chart.title'), PLOT.x, 40, { size: TITLE, bold: true });

  // The two areas: the whole plot in side 1's colour, then side 0's up to the line.
  const [fill0, fill1] = areaFills(game);
  const pts = chances.map((c, i) => ({ x: chartX(i, n), y: chartY(c) }));
  if (n === 0) pts.push({ x: chartX(1, 1), y: pts[0].y });
  ctx.fillStyle = fill1;
  ctx.fillRect(PLOT.x, PLOT.y, PLOT.w, PLOT.h);
  ctx.beginPath();
  ctx.moveTo(PLOT.x, PLOT.y + PLOT.h);
  for (const p of pts) ctx.lineTo(p.x, p.y);
  ctx.lineTo(PLOT.x + PLOT.w, PLOT.y + PLOT.h);
  ctx.closePath();
  ctx.fillStyle = fill0;
  ctx.fill();

  // The grid: quarters faint, 50 % dashed and light (who leads changes there).
  for (const c of [25, 75]) {
    ctx.beginPath();
    ctx.moveTo(PLOT.x, chartY(c));
    ctx.lineTo(PLOT.x + PLOT.w, chartY(c));
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(255,255,255,0.16)';
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.moveTo(PLOT.x, chartY(50));
  ctx.lineTo(PLOT.x + PLOT.w, chartY(50));
  ctx.setLineDash([10, 8]);
  ctx.lineWidth = 2;
  ctx.strokeStyle = REVIEW.half;
  ctx.stroke();
  ctx.setLineDash([]);

  // The line itself, light over a dark edge: crisp on both areas.
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  for (const [w, col] of [
    [5, 'rgba(0,0,0,0.55)'],
    [2.5, THEME.text],
  ] as const) {
    ctx.beginPath();
    pts.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
    ctx.lineWidth = w;
    ctx.strokeStyle = col;
    ctx.stroke();
  }
  ctx.lineWidth = 2;
  ctx.strokeStyle = THEME.panelEdge;
  ctx.strokeRect(PLOT.x, PLOT.y, PLOT.w, PLOT.h);

  // Who is where: side 1 at the top left (its share is above the line), side 0 at the bottom left.
  for (const side of [0, 1] as const) {
    // A long name is cut (never shrunk below the chart's size); the colour stays whole.
    const room = PLOT.w * 0.62;
    const named = (name: string) => format(locale, 'picture.review.chart.player', { name, side: sides[side] });
    const label =
      names[side] === sides[side]
        ? sides[side]
        : measure(ctx, named(names[side]), FONT, true) <= room
          ? named(names[side])
          : named(fitText(ctx, names[side], FONT, true, room - measure(ctx, named(''), FONT, true)));
    const y = side === 1 ? PLOT.y + 22 : PLOT.y + PLOT.h - 22;
    drawSideMark(ctx, game, { x: PLOT.x + 22, y }, side);
    text(ctx, label, PLOT.x + 40, y + 1, {
      size: FONT,
      bold: true,
      baseline: 'middle',
      outline: 'rgba(0,0,0,0.85)',
      outlineWidth: 4,
    });
  }

  // The marks, on the line after their ply; later plies over earlier ones.
  const marks = (Array.isArray(chart.marks) ? chart.marks : []).filter(
    (m) => Number.isInteger(m?.ply) && m.ply >= 0 && m.ply < n && MARKED_GRADES.includes(m.grade),
  );
  for (const m of [...marks].sort((a, b) => a.ply - b.ply))
    drawGradeMark(ctx, { x: chartX(m.ply + 1, n), y: chartY(chances[m.ply + 1]) }, m.grade);

  // The axes: the chance at the left, move numbers (plies played) below.
  for (const c of [0, 50, 100])
    text(ctx, format(locale, 'picture.review.chart.percent', { n: c }), PLOT.x - 10, chartY(c), {
      size: FONT,
      align: 'right',
      baseline: 'middle',
      color: THEME.textDim,
    });
  const step = tickStep(n);
  const tickY = PLOT.y + PLOT.h + 28;
  for (let i = 0; i <= n; i += step) {
    ctx.beginPath();
    ctx.moveTo(chartX(i, n), PLOT.y + PLOT.h);
    ctx.lineTo(chartX(i, n), PLOT.y + PLOT.h + 6);
    ctx.lineWidth = 2;
    ctx.strokeStyle = THEME.textFaint;
    ctx.stroke();
    text(ctx, String(i), chartX(i, n), tickY, {
      size: FONT,
      align: i === 0 ? 'left' : 'center',
      color: THEME.textDim,
    });
  }
  text(ctx, format(locale, 'picture.review.chart.moves'), PLOT.x + PLOT.w, tickY + 30, {
    size: FONT,
    align: 'right',
    color: THEME.textDim,
  });

  // The legend: each grade's shape, colour and word.
  let x = PLOT.x;
  const ly = CHART_HEIGHT - 26;
  for (const g of MARKED_GRADES) {
    drawGradeMark(ctx, { x: x + MARK_R, y: ly }, g);
    const word = format(locale, `picture.review.grade.${g}`);
    text(ctx, word, x + 2 * MARK_R + 8, ly + 1, { size: FONT, baseline: 'middle' });
    x += 2 * MARK_R + 8 + measure(ctx, word, FONT) + 26;
  }
  return canvas;
}

/** The win-chance chart as a PNG: side 0's chance after every ply (0..100), the marked moves in their grade's colour. */
export async function renderWinChart(game: GameId, chart: WinChart, opts: WinChartOptions = {}): Promise<Buffer> {
  return encodeCanvasPng(drawWinChart(game, chart, opts));
}

// ---------- moves on a board ----------

export interface ComparedMoves {
  /** The move played (any accepted notation), drawn dashed in its grade's colour with a ✗. */
  played?: string;
  /** The better move, drawn solid in green with a ✓. */
  better?: string;
}

export interface MoveComparisonOptions extends BoardOptions {
  /** The played move's grade: its colour (yellow, the last move's, when left out). */
  grade?: MarkedGrade;
}

/** The styles of the two moves: apart by colour, by pattern (dashed / solid) and by badge (✗ / ✓). */
function styles(grade: MarkedGrade | undefined, shared: boolean): { played: Highlight; better: Highlight } {
  return {
    played: { color: grade ? REVIEW.grade[grade] : THEME.highlight, dashed: true, inset: 0.9, badge: '✗' },
    // Inside the played move's outline where the two share a cell (a dance from the same stack), so both show.
    better: { color: REVIEW.better, dashed: false, inset: shared ? 0.72 : 0.9, badge: '✓' },
  };
}

/**
 * The position before a move with the move played and the better one drawn on it (the board painter's highlight, in
 * two styles); either may be left out (a retry's or a puzzle's answer shows one). A move text that does not parse as
 * a legal move of `before` throws (a wrong picture is worse than none).
 */
export async function renderMoveComparison(
  game: GameId,
  before: unknown,
  moves: ComparedMoves,
  opts: MoveComparisonOptions = {},
): Promise<Buffer> {
  if (!isGameId(game)) throw new Error(`render: unknown game "${String(game)}"`);
  const g = getGame(game);
  const parsed = g.fromJSON(before);
  if (!parsed.ok) throw new Error(`render: the position is not a valid ${game} state: ${errorText(parsed.error)}`);
  const s = parsed.value;
  const locale: Locale = opts.locale === 'fr' ? 'fr' : 'en';
  // Each move checked and played on `before`: what it does (the cells it touches) comes from the engine.
  const drawn: { which: 'played' | 'better'; label: string; exxit?: ExxitMark['shown']; orion?: OrionPlacement }[] = [];
  for (const which of ['played', 'better'] as const) {
    const t = moves?.[which];
    if (t === undefined) continue;
    if (typeof t !== 'string') throw new Error(`render: the ${which} move is not a text`);
    const m = g.parseMove(s, t);
    if (!m.ok)
      throw new Error(`render: the ${which} move "${t.slice(0, 40)}" is not legal here: ${errorText(m.error)}`);
    const d = moveDrawing(game, s, m.value);
    if (!d) throw new Error(`render: the ${which} move "${t.slice(0, 40)}" could not be played`);
    drawn.push({ which, ...d });
  }
  const cells = (d: (typeof drawn)[number]): string[] =>
    d.exxit ? cellsOf(d.exxit).map((c) => `${c.q},${c.r}`) : (d.orion?.cells ?? []).map(String);
  const shared = drawn.length === 2 && cells(drawn[1]).some((c) => cells(drawn[0]).includes(c));
  const style = styles(opts.grade && MARKED_GRADES.includes(opts.grade) ? opts.grade : undefined, shared);
  // Played first: the better move is drawn over it.
  const marks: Required<BoardMarks> = { exxit: [], orion: [], legend: [] };
  for (const d of drawn) {
    const h = style[d.which];
    if (d.exxit) marks.exxit!.push({ shown: d.exxit, h });
    if (d.orion) marks.orion!.push({ cells: d.orion.cells, colors: d.orion.colors, h });
    marks.legend.push({ h, lines: [format(locale, `picture.review.${d.which}`, { label: d.label }), d.label] });
  }
  return renderMarkedBoard(game, s, opts, marks);
}
