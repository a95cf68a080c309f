// Board images (PNG) for both games, and the canvas drawing the replay films
// reuse: Node's canvases and fonts around the shared painter (painter.ts).
// Reads engine state only; knows nothing of Discord or Redis.
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { isGameId } from '../engine/index.js';
import type { GameId } from '../engine/game.js';
import type { FrameCell } from './exxit-layout.js';
import { registerFonts } from './fonts.js';
import { BOARD_SIZE, type BoardMarks, type BoardOptions, paintBoard, previousOf } from './painter.js';
import { encodeOpaquePng } from './png.js';

export * from './painter.js';

// The bundled fonts, registered once when the renderer is loaded (a missing
// font package fails here, at start-up, not on the first move).
registerFonts();

/** Paints a position on a whole canvas (painter.ts). */
function paint(
  canvas: Canvas,
  game: GameId,
  state: unknown,
  players: [string, string] | undefined,
  scale: number,
  fit: readonly FrameCell[] | undefined,
  opts: Pick<BoardOptions, 'previous' | 'locale'>,
  marks?: BoardMarks,
): void {
  paintBoard(canvas.getContext('2d'), game, state, players, scale, fit, opts, marks);
}

/**
 * Draws a position on a fresh canvas (shared by the PNG and the GIF); `scale`
 * shrinks it, drawn sharp; `fit` (Exxit) adds cells the frame must hold;
 * `opts.previous` as in BoardOptions.
 */
export function drawBoard(
  game: GameId,
  state: unknown,
  players?: [string, string],
  scale = 1,
  fit?: readonly FrameCell[],
  opts: Pick<BoardOptions, 'previous' | 'locale'> = {},
) {
  if (!isGameId(game)) throw new Error(`render: unknown game "${String(game)}"`);
  const { width, height } = BOARD_SIZE[game];
  const canvas = createCanvas(Math.round(width * scale), Math.round(height * scale));
  paint(canvas, game, state, players, scale, fit, opts);
  return canvas;
}

// One canvas per game for the PNGs, painted over whole each time (every
// painter covers the picture first): a fresh 2 MB surface per board cost its
// allocation and page faults. Safe because the pixels are copied out before
// the first await.
const pngCanvases = new Map<GameId, Canvas>();

/** A PNG of the position; deflated off the event loop (src/render/png.ts, never a sync encoder). */
export function renderBoard(game: GameId, state: unknown, opts: BoardOptions = {}): Promise<Buffer> {
  return renderMarkedBoard(game, state, opts);
}

/** renderBoard with a review's moves drawn instead of the last move (src/render/review.ts). */
export async function renderMarkedBoard(
  game: GameId,
  state: unknown,
  opts: BoardOptions,
  marks?: BoardMarks,
): Promise<Buffer> {
  if (!isGameId(game)) throw new Error(`render: unknown game "${String(game)}"`);
  const { width, height } = BOARD_SIZE[game];
  let canvas = pngCanvases.get(game);
  if (!canvas) pngCanvases.set(game, (canvas = createCanvas(width, height)));
  const shown = { previous: opts.previous ?? previousOf(game, opts.before, state), locale: opts.locale };
  paint(canvas, game, state, opts.players, 1, undefined, shown, marks);
  const png = await encodeOpaquePng(canvas.data(), width, height);
  if (png) return png;
  // Never for our opaque boards; Skia keeps the alpha of anything else.
  const again = createCanvas(width, height);
  paint(again, game, state, opts.players, 1, undefined, shown, marks);
  return again.encode('png');
}
