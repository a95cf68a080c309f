// Board images (PNG) for both games, and the canvas drawing the replay films
// reuse. Reads engine state only; knows nothing of Discord or Redis.
import { createCanvas } from '@napi-rs/canvas';
import { isGameId } from '../engine/index.js';
import type { GameId } from '../engine/game.js';
import type { ExxitState } from '../engine/exxit/types.js';
import type { OrionState } from '../engine/orion/types.js';
import { EXXIT_HEIGHT, EXXIT_WIDTH, paintExxit } from './exxit.js';
import { registerFonts } from './fonts.js';
import { ORION_HEIGHT, ORION_WIDTH, paintOrion } from './orion.js';
import { encodeCanvasPng } from './png.js';
import { EXXIT, ORION } from './theme.js';

// The bundled fonts, registered once when the renderer is loaded (a missing
// font package fails here, at start-up, not on the first move).
registerFonts();

export interface BoardOptions {
  /** Display names by side index (Exxit red, black; Orion orange, blue). */
  players?: [string, string];
}

export interface ReplayOptions extends BoardOptions {
  /** Delay per frame in ms (the last frame holds longer). */
  delayMs?: number;
}

/** Pixel size of a board image of each game. */
export const BOARD_SIZE: Record<GameId, { width: number; height: number }> = {
  exxit: { width: EXXIT_WIDTH, height: EXXIT_HEIGHT },
  orion: { width: ORION_WIDTH, height: ORION_HEIGHT },
};

/** Names shown when the caller gives none: the side colours. */
const defaultPlayers = (game: GameId): [string, string] =>
  game === 'exxit' ? [EXXIT.names[0], EXXIT.names[1]] : [ORION.names[0], ORION.names[1]];

/** Display names come from Discord: no control characters, bounded length, never empty. */
function cleanNames(game: GameId, players?: [string, string]): [string, string] {
  const d = defaultPlayers(game);
  if (!players) return d;
  const clean = (n: unknown, i: 0 | 1): string => {
    const t = typeof n === 'string' ? n.replace(/\p{Cc}/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 64) : '';
    return t || d[i];
  };
  return [clean(players[0], 0), clean(players[1], 1)];
}

/**
 * Draws a position on a fresh canvas (shared by the PNG and the GIF); `scale`
 * shrinks it, drawn sharp; `fit` (Exxit) adds cells the frame must hold.
 */
export function drawBoard(game: GameId, state: unknown, players?: [string, string], scale = 1, fit?: readonly { q: number; r: number }[]) {
  if (!isGameId(game)) throw new Error(`render: unknown game "${String(game)}"`);
  const { width, height } = BOARD_SIZE[game];
  const canvas = createCanvas(Math.round(width * scale), Math.round(height * scale));
  const ctx = canvas.getContext('2d');
  if (scale !== 1) ctx.scale(scale, scale);
  const names = cleanNames(game, players);
  if (game === 'exxit') paintExxit(ctx, state as ExxitState, names, fit);
  else paintOrion(ctx, state as OrionState, names);
  return canvas;
}

/** A PNG of the position; deflated off the event loop (src/render/png.ts, never a sync encoder). */
export async function renderBoard(game: GameId, state: unknown, opts: BoardOptions = {}): Promise<Buffer> {
  return encodeCanvasPng(drawBoard(game, state, opts.players));
}
