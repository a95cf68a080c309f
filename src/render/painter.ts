// The painter's entry: a position of either game drawn on any Canvas 2D context — Node's for the PNGs
// (src/render/board.ts), the browser's for the live board (web/). No I/O and nothing Node-only, so the web client
// bundles it; creating the canvas, the fonts and PNG encoding stay in board.ts and fonts.ts.
import { isGameId } from '../engine/index.js';
import type { GameId } from '../engine/game.js';
import type { ExxitState } from '../engine/exxit/types.js';
import type { OrionState } from '../engine/orion/types.js';
import type { Locale } from '../i18n/catalogue.js';
import { sideNames } from './card.js';
import { type ExxitMark, type ExxitPrevious, paintExxit } from './exxit.js';
import { EXXIT_HEIGHT, EXXIT_WIDTH, type FrameCell } from './exxit-layout.js';
import type { LegendItem } from './footer.js';
import { type Ctx, forgetFont } from './hexdraw.js';
import { paintOrion } from './orion.js';
import { ORION_HEIGHT, ORION_WIDTH, type OrionMark } from './orion-board.js';

export interface BoardOptions {
  /** Display names by side index (Exxit red, black; Orion orange, blue). */
  players?: [string, string];
  /**
   * The language of the words drawn (the game's); English when left out. Notation and labels are the same in every
   * language.
   */
  locale?: Locale;
  /**
   * Exxit: when this state's last move is a forced pass, the move it followed
   * (the `last` of the state before the pass, as the engine made it): the
   * picture then shows both ("Red: D B NW · Black has no move: pass") and
   * highlights that move. `{ by, label }` is enough for the words.
   */
  previous?: ExxitPrevious;
  /**
   * The position just before this one, when one post shows two plies (a
   * forced move after the player's own): the painter decides what to show of
   * it (Exxit: the move a forced pass followed). Ignored when `previous` is given.
   */
  before?: unknown;
}

export type { ExxitPrevious };

export interface ReplayOptions extends BoardOptions {
  /** Delay per frame in ms (the last frame holds longer). */
  delayMs?: number;
}

/** Pixel size of a board image of each game. */
export const BOARD_SIZE: Record<GameId, { width: number; height: number }> = {
  exxit: { width: EXXIT_WIDTH, height: EXXIT_HEIGHT },
  orion: { width: ORION_WIDTH, height: ORION_HEIGHT },
};

/** Display names come from Discord: no control characters, bounded length, never empty. */
export function cleanNames(game: GameId, locale: Locale, players?: [string, string]): [string, string] {
  // Names shown when the caller gives none: the side colours.
  const d = sideNames(game, locale);
  if (!players) return d;
  const clean = (n: unknown, i: 0 | 1): string => {
    const t =
      typeof n === 'string'
        ? n
            .replace(/\p{Cc}/gu, ' ')
            .replace(/\s+/g, ' ')
            .trim()
            .slice(0, 64)
        : '';
    return t || d[i];
  };
  return [clean(players[0], 0), clean(players[1], 1)];
}

/** Exxit: the move a forced pass followed (the state before's last move), so the picture shows both. */
export function previousOf(game: GameId, before: unknown, state: unknown): ExxitPrevious | undefined {
  if (game !== 'exxit' || before === undefined) return undefined;
  const s = state as ExxitState;
  return s.last?.move.kind === 'pass' ? ((before as ExxitState).last ?? undefined) : undefined;
}

/** `previous` comes from the caller: a side, a short printable label, a move and whole cells, or nothing. */
function cleanPrevious(p: ExxitPrevious | undefined): ExxitPrevious | undefined {
  if (!p || (p.by !== 0 && p.by !== 1)) return undefined;
  const label =
    typeof p.label === 'string'
      ? p.label
          .replace(/\p{Cc}/gu, ' ')
          .trim()
          .slice(0, 40)
      : undefined;
  const cells = (c: unknown) =>
    Array.isArray(c)
      ? (c as unknown[]).filter(
          (x): x is FrameCell =>
            typeof x === 'object' &&
            x !== null &&
            Number.isInteger((x as FrameCell).q) &&
            Number.isInteger((x as FrameCell).r),
        )
      : undefined;
  const move = p.move && typeof p.move === 'object' && typeof p.move.kind === 'string' ? p.move : undefined;
  return { by: p.by, label: label || undefined, move, sown: cells(p.sown), freed: cells(p.freed) };
}

/**
 * A review's moves on a board (src/render/review.ts): drawn by the game's painter instead of the last move, and named
 * in the footer (`legend`) instead of it.
 */
export interface BoardMarks {
  exxit?: ExxitMark[];
  orion?: OrionMark[];
  /** Absent: the usual footer (the last move or the result) stays. */
  legend?: LegendItem[];
}

/**
 * Paints a position on a context of a canvas of the game's size (BOARD_SIZE) times `scale`, leaving the context's
 * state as it found it. Throws on a game it does not know.
 */
export function paintBoard(
  ctx: Ctx,
  game: GameId,
  state: unknown,
  players: [string, string] | undefined,
  scale: number,
  fit: readonly FrameCell[] | undefined,
  opts: Pick<BoardOptions, 'previous' | 'locale'>,
  marks?: BoardMarks,
): void {
  if (!isGameId(game)) throw new Error(`render: unknown game "${String(game)}"`);
  ctx.save();
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  // Only the languages we have: the locale may come from a stored record or a caller.
  const locale: Locale = opts.locale === 'fr' ? 'fr' : 'en';
  const names = cleanNames(game, locale, players);
  try {
    if (game === 'exxit')
      paintExxit(ctx, state as ExxitState, names, {
        fit,
        previous: cleanPrevious(opts.previous),
        locale,
        marks: marks && (marks.exxit ?? []),
        legend: marks?.legend,
      });
    else
      paintOrion(ctx, state as OrionState, names, locale, marks && { marks: marks.orion ?? [], legend: marks.legend });
  } finally {
    ctx.restore();
    forgetFont(ctx);
  }
}
