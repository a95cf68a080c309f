// Board images (PNG) and replays (animated GIF) for both games. Reads engine
// state only; knows nothing of Discord or Redis (design.md, layers).
import type { GameId } from '../engine/game.js';
import type { ExxitState } from '../engine/exxit/types.js';
import type { OrionState } from '../engine/orion/types.js';

export interface BoardOptions {
  /** Display names by side index (Exxit red, black; Orion orange, blue). */
  players?: [string, string];
}

export interface ReplayOptions extends BoardOptions {
  /** Delay per frame in ms (the last frame holds longer). */
  delayMs?: number;
}

/** A PNG of the position; encoded off the event loop (canvas.encode). */
export async function renderBoard(game: GameId, state: ExxitState | OrionState | unknown, opts: BoardOptions = {}): Promise<Buffer> {
  void game; void state; void opts;
  throw new Error('renderBoard: being written');
}

/** An animated GIF of a whole game: one frame per ply plus the start. */
export async function renderReplay(game: GameId, setup: string, moves: string[], opts: ReplayOptions = {}): Promise<Buffer> {
  void game; void setup; void moves; void opts;
  throw new Error('renderReplay: being written');
}
