// The standings table of a tournament as a PNG: rank, player, points, games
// and tiebreaks, and for a round robin the crosstable below. Drawn 800 px
// wide, it follows the boards' rule (docs/render.md) at the 400 px a phone
// shows: capitals of labels at least 7 px high there (here 20 px text or
// more), of names and scores at least 9 px (here 26 px or more; rows are 28).
// The words come in translated (the caller reads the catalogues); this
// painter only lays them out.
import { createCanvas } from '@napi-rs/canvas';
import { registerFonts } from './fonts.js';
import { fitText, measure, roundRect, text, type Ctx } from './hexdraw.js';
import { encodeCanvasPng } from './png.js';
import { THEME } from './theme.js';

export const STANDINGS_WIDTH = 800;
/** Players the crosstable is drawn for; beyond that its cells would not read at 400 px. */
export const MAX_GRID_PLAYERS = 16;

export type Align = 'left' | 'right' | 'center';

export interface StandingsTable {
  title: string;
  subtitle?: string;
  /** Column labels; the column marked `flex` takes the room left (the names). */
  columns: { label: string; align: Align; flex?: boolean }[];
  /** One cell per column. `dim`: a player who left; `mark`: a winner. */
  rows: { cells: string[]; dim?: boolean; mark?: boolean }[];
  /** The crosstable: row labels, column labels (short), cells[i][j]. */
  grid?: { title: string; rowLabels: string[]; colLabels: string[]; cells: string[][] };
  footer?: string;
}

const PAD = 24;
const TITLE = 34;
const SUB = 24;
const HEAD = 22;
const ROW = 28;
const ROW_H = 46;
const GRID_FONT = 26;
const FOOT = 20;
const GOLD = '#f1c40f';

/** Control characters out, length bounded: names come from Discord. */
const clean = (s: string, max = 80): string =>
  s
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

function layoutColumns(ctx: Ctx, t: StandingsTable): { x: number; w: number }[] {
  const inner = STANDINGS_WIDTH - 2 * PAD;
  const widths = t.columns.map((c, i) => {
    if (c.flex) return 0;
    const values = [
      measure(ctx, c.label, HEAD, true),
      ...t.rows.map((r) => measure(ctx, clean(r.cells[i] ?? ''), ROW, true)),
    ];
    return Math.ceil(Math.max(...values)) + 20;
  });
  const used = widths.reduce((a, b) => a + b, 0);
  const flex = t.columns.findIndex((c) => c.flex);
  if (flex >= 0) widths[flex] = Math.max(120, inner - used);
  let x = PAD;
  return widths.map((w) => {
    const col = { x, w };
    x += w;
    return col;
  });
}

function gridGeometry(g: NonNullable<StandingsTable['grid']>, ctx: Ctx) {
  const n = g.colLabels.length;
  const inner = STANDINGS_WIDTH - 2 * PAD;
  const labelW = Math.min(
    230,
    Math.ceil(Math.max(60, ...g.rowLabels.map((l) => measure(ctx, clean(l), GRID_FONT, true)))) + 16,
  );
  const cell = Math.max(26, Math.min(48, Math.floor((inner - labelW) / Math.max(1, n))));
  return { n, labelW, cell, height: GRID_FONT + 24 + cell * (n + 1) };
}

/** Draws the table on a fresh canvas (the PNG encoder and the tests take it from here). */
export function drawStandings(t: StandingsTable) {
  registerFonts();
  const probe = createCanvas(10, 10).getContext('2d');
  const grid = t.grid && t.grid.colLabels.length <= MAX_GRID_PLAYERS ? gridGeometry(t.grid, probe) : null;
  const height =
    PAD +
    TITLE +
    8 +
    (t.subtitle ? SUB + 10 : 0) +
    12 +
    40 +
    t.rows.length * ROW_H +
    (grid ? 28 + grid.height : 0) +
    (t.footer ? FOOT + 20 : 0) +
    PAD;
  const canvas = createCanvas(STANDINGS_WIDTH, Math.ceil(height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = THEME.bg;
  ctx.fillRect(0, 0, STANDINGS_WIDTH, canvas.height);

  let y = PAD + TITLE;
  text(ctx, clean(t.title, 120), PAD, y, { size: TITLE, bold: true, maxWidth: STANDINGS_WIDTH - 2 * PAD });
  if (t.subtitle) {
    y += 10 + SUB;
    text(ctx, clean(t.subtitle, 160), PAD, y, { size: SUB, color: THEME.textDim, maxWidth: STANDINGS_WIDTH - 2 * PAD });
  }
  y += 12;

  const cols = layoutColumns(ctx, t);
  const cellX = (i: number, align: Align) =>
    align === 'left' ? cols[i].x + 8 : align === 'right' ? cols[i].x + cols[i].w - 8 : cols[i].x + cols[i].w / 2;
  // Header band.
  roundRect(ctx, PAD - 8, y, STANDINGS_WIDTH - 2 * PAD + 16, 40, 8);
  ctx.fillStyle = THEME.panelEdge;
  ctx.fill();
  t.columns.forEach((c, i) =>
    text(ctx, c.label, cellX(i, c.align), y + 28, {
      size: HEAD,
      bold: true,
      color: THEME.text,
      align: c.align,
      maxWidth: cols[i].w - 8,
    }),
  );
  y += 40;

  t.rows.forEach((r, k) => {
    if (k % 2 === 1) {
      ctx.fillStyle = THEME.panel;
      ctx.fillRect(PAD - 8, y, STANDINGS_WIDTH - 2 * PAD + 16, ROW_H);
    }
    const color = r.dim ? THEME.textFaint : r.mark ? GOLD : THEME.text;
    t.columns.forEach((c, i) => {
      const s = fitText(ctx, clean(r.cells[i] ?? ''), ROW, !!c.flex || !!r.mark, cols[i].w - 16);
      text(ctx, s, cellX(i, c.align), y + 32, { size: ROW, bold: !!c.flex || !!r.mark, color, align: c.align });
    });
    y += ROW_H;
  });

  if (grid && t.grid) {
    y += 28;
    const g = t.grid;
    text(ctx, clean(g.title, 120), PAD, y + GRID_FONT, { size: GRID_FONT + 2, bold: true, color: THEME.textDim });
    y += GRID_FONT + 24;
    const x0 = PAD + grid.labelW;
    g.colLabels.forEach((l, j) =>
      text(ctx, clean(l, 4), x0 + j * grid.cell + grid.cell / 2, y + grid.cell * 0.7, {
        size: GRID_FONT,
        bold: true,
        color: THEME.textDim,
        align: 'center',
        maxWidth: grid.cell - 4,
      }),
    );
    for (let i = 0; i < grid.n; i++) {
      const cy = y + grid.cell * (i + 1);
      text(
        ctx,
        fitText(ctx, clean(g.rowLabels[i] ?? ''), GRID_FONT, true, grid.labelW - 12),
        PAD,
        cy + grid.cell * 0.7,
        { size: GRID_FONT, bold: true },
      );
      for (let j = 0; j < grid.n; j++) {
        const cx = x0 + j * grid.cell;
        ctx.fillStyle = i === j ? THEME.panelEdge : (i + j) % 2 === 0 ? THEME.panel : THEME.bg;
        ctx.fillRect(cx + 1, cy + 1, grid.cell - 2, grid.cell - 2);
        const v = clean(g.cells[i]?.[j] ?? '', 4);
        if (v)
          text(ctx, v, cx + grid.cell / 2, cy + grid.cell * 0.7, {
            size: GRID_FONT,
            bold: true,
            align: 'center',
            maxWidth: grid.cell - 4,
          });
      }
    }
    y += grid.cell * (grid.n + 1);
  }
  if (t.footer) {
    y += 20 + FOOT;
    text(ctx, clean(t.footer, 200), PAD, y, { size: FOOT, color: THEME.textDim, maxWidth: STANDINGS_WIDTH - 2 * PAD });
  }
  return canvas;
}

/** The table as a PNG (deflated off the event loop). */
export async function renderStandings(t: StandingsTable): Promise<Buffer> {
  return encodeCanvasPng(drawStandings(t));
}
