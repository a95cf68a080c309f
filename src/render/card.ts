// The player card both pictures draw in their header (docs/render.md): a
// panel framed by who is to move or who won, the side's mark, the name and
// the score; under them the colour (when the name is not it) and the status,
// with the game's own figures at the right. The games fill the slots: the
// mark, the score and the figures (Exxit's reserve; Orion's victory
// conditions, and its tiles left in a third row drawn after the card).
import type { GameId, Side } from '../engine/game.js';
import { getGame } from '../engine/index.js';
import { format, type Locale } from '../i18n/catalogue.js';
import { fitName, type Ctx, measure, panel, type Point, text } from './hexdraw.js';
import { THEME, TYPE } from './theme.js';

/** Around the picture and between the cards, in px. */
export const MARGIN = 7;
/** Joins the parts of a line on a picture. */
export const SEP = ' · ';

/** The side names of a game (`game.<id>.side.*`): the colours, also the default player names. */
export const sideNames = (game: GameId, locale: Locale): [string, string] => [
  format(locale, `game.${game}.side.0`),
  format(locale, `game.${game}.side.1`),
];

export interface Card {
  x: number;
  y: number;
  w: number;
  h: number;
  side: Side;
  /** The player's name, as the caller cleaned it. */
  name: string;
  /** Where the name starts, from the card's left edge. */
  nameX: number;
  /** The baseline of the second row, from the card's top. */
  rowY: number;
  /** The side's mark, centred at `at`. */
  mark(ctx: Ctx, at: Point): void;
  /** Draws the score right-aligned at `right` on the baseline `y`; returns the width it takes. */
  score(ctx: Ctx, right: number, y: number): number;
  /** Draws the second row's figures right-aligned at `right`; returns the width they take, their gap included. */
  figures(ctx: Ctx, right: number, y: number): number;
}

/** Who the card's side is: to move, the winner, or neither (from the engine's outcome). */
function statusOf(game: GameId, state: unknown, side: Side): 'toMove' | 'winner' | null {
  const g = getGame(game);
  const o = g.outcome(state);
  if (!o.over) return g.toMove(state) === side ? 'toMove' : null;
  return o.winner === side ? 'winner' : null;
}

/** Draws a player's card of `game` at `state` in `locale`. */
export function drawCard(ctx: Ctx, game: GameId, state: unknown, locale: Locale, c: Card): void {
  const { x, y, w } = c;
  const status = statusOf(game, state, c.side);
  const lit = status === 'toMove' ? THEME.highlight : status === 'winner' ? THEME.win : null;
  panel(ctx, x, y, w, c.h, lit ?? THEME.panelEdge, lit ? 3 : 1.5);
  c.mark(ctx, { x: x + 19, y: y + 21 });
  // The score, then the name in what is left of the row.
  const scoreW = c.score(ctx, x + w - 10, y + 33);
  const nameX = x + c.nameX;
  const nm = fitName(ctx, c.name, x + w - 10 - scoreW - 9 - nameX, TYPE.name);
  text(ctx, nm.text, nameX, y + 28, { size: nm.size, bold: true });
  // Second row: the colour (when the name is not it) and the status; the figures at the right.
  const by = y + c.rowY;
  const room = w - 20 - c.figures(ctx, x + w - 10, by);
  const said = status ? format(locale, `picture.${status}`) : '';
  const sideName = sideNames(game, locale)[c.side];
  let colour = c.name === sideName ? '' : sideName;
  if (colour && said && measure(ctx, colour + SEP, TYPE.small) + measure(ctx, said, TYPE.small, true) > room)
    colour = '';
  const lead = colour && said ? colour + SEP : colour;
  text(ctx, lead, x + 10, by, { size: TYPE.small, color: THEME.textDim });
  if (said)
    text(ctx, said, x + 10 + measure(ctx, lead, TYPE.small), by, {
      size: TYPE.small,
      bold: true,
      color: lit ?? THEME.text,
    });
}
