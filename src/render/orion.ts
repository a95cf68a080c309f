// The Orion Duel painter (product.md "The board image"; OD-5..OD-22): the
// board (orion-board.ts), the players' cards with their victory conditions and
// tiles left above it (card.ts fills the rest of the card), and the last tile
// or the result in words below (footer.ts).
import type { Side } from '../engine/game.js';
import { pairMask } from '../engine/orion/board.js';
import { describeMove } from '../engine/orion/describe.js';
import { TILE_CODES, type OrionState } from '../engine/orion/types.js';
import { groupsOf, type Group } from '../engine/orion/victory.js';
import { format, type Locale } from '../i18n/catalogue.js';
import { drawCard, sideNames } from './card.js';
import { drawFooter, drawLegend, type LegendItem, pictureNote, resultLines } from './footer.js';
import { type Ctx, hexPath, measure, type Point, text } from './hexdraw.js';
import { ORION_HEIGHT, ORION_WIDTH, orionCard, type OrionMark, paintOrionBoard } from './orion-board.js';
import { drawGalaxy, drawHole, sideFill } from './orion-cells.js';
import { ORION, THEME, TYPE } from './theme.js';

// ---------- groups (OD-16, from the engine) for the victory-condition panel ----------

/** Which constellation pairs (OD-7, OD-17a) a side's groups join, as a bit mask. */
function joinedPairs(gs: readonly Group[], side: Side): number {
  let m = 0;
  for (const g of gs) if (g.color === side) m |= pairMask(g.sides);
  return m;
}

// ---------- players, last tile, result ----------

/** A side's swatch: a flat hex in its fill (blue striped). */
function swatch(ctx: Ctx, c: Point, r: number, side: Side): void {
  hexPath(ctx, c, r, 'flat');
  ctx.fillStyle = sideFill(ctx, side);
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = ORION.tileEdge;
  ctx.stroke();
}

/**
 * The victory conditions of OD-17, right-aligned at `right`: the three
 * constellation pairs (lit when joined), galaxy points, black-hole points.
 * Returns its width.
 */
function drawConditions(
  ctx: Ctx,
  s: OrionState,
  gs: readonly Group[],
  side: Side,
  right: number,
  y: number,
  draw = true,
): number {
  const vc = s.vc[side];
  const joined = joinedPairs(gs, side);
  const barW = 12;
  const gap = 9;
  const items: { w: number; paint(x: number): void }[] = [];
  items.push({
    w: 3 * barW + 2 * 3,
    paint(x) {
      for (let p = 0; p < 3; p++) {
        const on = (joined & (1 << p)) !== 0;
        ctx.globalAlpha = on ? 1 : 0.3;
        ctx.fillStyle = ORION.pair[p];
        ctx.fillRect(x + p * (barW + 3), y - (on ? 9 : 7), barW, on ? 8 : 4);
        ctx.globalAlpha = 1;
      }
    },
  });
  for (const [icon, n] of [
    [drawGalaxy, vc.galaxies],
    [drawHole, vc.blackHoles],
  ] as const) {
    const digit = String(n);
    items.push({
      w: 14 + 3 + measure(ctx, digit, TYPE.small, true),
      paint(x) {
        icon(ctx, { x: x + 7, y: y - 5 }, 7.5);
        text(ctx, digit, x + 17, y, { size: TYPE.small, bold: true });
      },
    });
  }
  const width = items.reduce((w, it) => w + it.w, 0) + gap * (items.length - 1);
  if (draw) {
    let x = right - width;
    for (const it of items) {
      it.paint(x);
      x += it.w + gap;
    }
  }
  return width;
}

/** Tiles left (OD-3), as typed: "S1 P2 D2×3 …", the used-up ones left out. */
function drawHand(ctx: Ctx, locale: Locale, s: OrionState, side: Side, x: number, y: number): void {
  const parts = TILE_CODES.filter((t) => s.hands[side][t] > 0);
  if (parts.length === 0) {
    text(ctx, format(locale, 'picture.orion.noTilesLeft'), x, y, { size: TYPE.small, color: THEME.textDim });
    return;
  }
  for (const t of parts) {
    const n = s.hands[side][t];
    text(ctx, t, x, y, { size: TYPE.small, bold: true });
    x += measure(ctx, t, TYPE.small, true);
    if (n > 1) {
      const k = `×${n}`;
      text(ctx, k, x, y, { size: TYPE.small, color: THEME.text });
      x += measure(ctx, k, TYPE.small);
    }
    x += 8;
  }
}

/** A player's card: the swatch, the victory conditions (OD-17: the total, then its parts), the tiles left (OD-3). */
function drawPlayer(ctx: Ctx, s: OrionState, gs: readonly Group[], side: Side, name: string, locale: Locale): void {
  const { x, y, w, h } = orionCard(side);
  const vc = format(locale, 'picture.orion.vc');
  drawCard(ctx, 'orion', s, locale, {
    x,
    y,
    w,
    h,
    side,
    name,
    nameX: 38,
    rowY: 54,
    mark: (g, at) => swatch(g, at, 12, side),
    score(g, right, by) {
      const total = String(s.vc[side].total);
      const totalW = measure(g, total, TYPE.score, true);
      text(g, total, right, by, { size: TYPE.score, bold: true, align: 'right' });
      text(g, vc, right - totalW - 4, by, { size: TYPE.small, color: THEME.textDim, align: 'right' });
      return totalW + 4 + measure(g, vc, TYPE.small);
    },
    figures: (g, right, by) => drawConditions(g, s, gs, side, right, by) + 9,
  });
  // Third row: the tiles left.
  drawHand(ctx, locale, s, side, x + 10, y + 75);
}

/** The footer's line, most complete first: the result and why, then the last tile. */
export function orionFooterLines(s: OrionState, players: [string, string], locale: Locale = 'en'): string[] {
  const last = s.placements[s.placements.length - 1];
  const moves = last
    ? [pictureNote(locale, describeMove(s, last.move), { side: sideNames('orion', locale)[last.side] })]
    : [];
  const e = s.end;
  if (!e) return moves.length > 0 ? moves : [format(locale, 'picture.orion.noTileYet')];
  const score = (name: string): string =>
    e.draw ? format(locale, 'picture.orion.draw') : format(locale, 'picture.orion.wins', { name });
  return resultLines('orion', s, locale, players, { winner: e.winner, score }, moves);
}

/**
 * Paints a whole Orion Duel position onto an ORION_WIDTH × ORION_HEIGHT canvas (scaled by the context's transform).
 * `locale`: the language of the words (English when left out); `review`: a review's moves, drawn instead of the last
 * tile and named in the footer instead of it.
 */
export function paintOrion(
  ctx: Ctx,
  s: OrionState,
  players: [string, string],
  locale: Locale = 'en',
  review?: { marks: readonly OrionMark[]; legend?: readonly LegendItem[] },
): void {
  paintOrionBoard(ctx, s, review?.marks);
  const gs = groupsOf(s.cells, s.galaxies, s.blackHoles);
  for (const side of [0, 1] as const) drawPlayer(ctx, s, gs, side, players[side], locale);
  if (review?.legend) drawLegend(ctx, ORION_WIDTH, ORION_HEIGHT, review.legend);
  else drawFooter(ctx, ORION_WIDTH, ORION_HEIGHT, s.end, orionFooterLines(s, players, locale));
}
