// The line under the board both pictures draw (docs/render.md): the last move,
// or the result in its box and why the game ended. Why comes from the
// engine's end note, worded by the catalogues (`picture.<note id>`); the games
// give their move lines and their score line ("Alice wins 5–3").
import type { GameId, Note, Side } from '../engine/game.js';
import { getGame } from '../engine/index.js';
import { format, type Locale } from '../i18n/catalogue.js';
import { MARGIN, SEP, sideNames } from './card.js';
import { drawBadge, type Highlight } from './highlight.js';
import { type Ctx, firstFitting, measure, roundRect, text } from './hexdraw.js';
import { THEME, TYPE } from './theme.js';

export const FOOTER_H = 42;

/** A note of the engine as the picture words it (`picture.<id>`), with what the picture adds (the side's name). */
export const pictureNote = (locale: Locale, note: Note, extra: Record<string, string | number> = {}): string =>
  format(locale, `picture.${note.id}`, { ...note.params, ...extra });

export interface ResultSlot {
  /** The winner, or null on a draw. */
  winner: Side | null;
  /** The game's score line for a winner's name (or the draw's, whatever the name). */
  score(name: string): string;
}

/**
 * The result, most complete first: who won and by what score, why, and the last move (its fullest line, then its
 * shortest); a long winner's name gives way to the colour before the reason does.
 */
export function resultLines(
  game: GameId,
  state: unknown,
  locale: Locale,
  players: [string, string],
  result: ResultSlot,
  moves: readonly string[],
): string[] {
  const end = getGame(game).endNote(state);
  const reason = end ? pictureNote(locale, end) : '';
  const w = result.winner ?? 0;
  const why = result.score(players[w]) + SEP + reason;
  const withMove = moves.length > 0 ? [why + SEP + moves[0], why + SEP + moves[moves.length - 1]] : [];
  return [...withMove, why, result.score(sideNames(game, locale)[w]) + SEP + reason, result.score(players[w])];
}

/** Draws the footer of a picture `width` × `height`: the first of `lines` that fits, boxed when the game is over. */
export function drawFooter(
  ctx: Ctx,
  width: number,
  height: number,
  over: { draw: boolean } | null,
  lines: readonly string[],
): void {
  const y = height - FOOTER_H + 3;
  const h = FOOTER_H - 9;
  if (over) {
    roundRect(ctx, MARGIN, y, width - 2 * MARGIN, h, 10);
    ctx.fillStyle = over.draw ? THEME.drawBox : THEME.winBox;
    ctx.fill();
    ctx.strokeStyle = over.draw ? THEME.draw : THEME.win;
    ctx.lineWidth = 2;
    ctx.stroke();
  }
  text(ctx, firstFitting(ctx, lines, TYPE.footer, true, width - 2 * MARGIN - 20), width / 2, y + h / 2 + 1, {
    size: TYPE.footer,
    bold: true,
    align: 'center',
    baseline: 'middle',
  });
}

/** A review's move in the footer's legend: its badge and its words, most complete first ("Played: D B NW", "D B NW"). */
export interface LegendItem {
  h: Highlight;
  lines: readonly string[];
}

/**
 * The footer of a picture with a review's moves on it: each move's badge and words, side by side, centred. When the
 * fullest words do not fit, every item drops to its next line together (so the two read alike).
 */
export function drawLegend(ctx: Ctx, width: number, height: number, items: readonly LegendItem[]): void {
  const mid = height - FOOTER_H / 2;
  const r = 11;
  const gap = 22;
  const room = width - 2 * MARGIN - 10;
  const depth = Math.max(0, ...items.map((it) => it.lines.length));
  const widthAt = (d: number) =>
    items.reduce(
      (w, it) => w + 2 * r + 8 + measure(ctx, it.lines[Math.min(d, it.lines.length - 1)] ?? '', TYPE.footer, true),
      0,
    ) +
    gap * (items.length - 1);
  let d = 0;
  while (d < depth - 1 && widthAt(d) > room) d++;
  const fits = widthAt(d) <= room;
  // Still too wide (a very long label): each item is cut to its share of the row.
  const share = (room - gap * (items.length - 1)) / Math.max(1, items.length) - (2 * r + 8);
  let x = (width - Math.min(widthAt(d), room)) / 2;
  for (const it of items) {
    drawBadge(ctx, { x: x + r, y: mid }, r, it.h);
    x += 2 * r + 8;
    const line = it.lines[Math.min(d, it.lines.length - 1)] ?? '';
    const shown = fits ? line : firstFitting(ctx, [line], TYPE.footer, true, share);
    text(ctx, shown, x, mid + 1, { size: TYPE.footer, bold: true, baseline: 'middle', color: it.h.color });
    x += measure(ctx, shown, TYPE.footer, true) + gap;
  }
}
