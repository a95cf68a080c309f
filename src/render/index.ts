// Board images (PNG) and replays (animated GIF) for both games. Reads engine
// state only; knows nothing of Discord or Redis (docs/architecture.md).
import type { GameId } from '../engine/game.js';
import type { ReplayOptions } from './board.js';

export * from './board.js';
export {
  type ComparedMoves,
  type MarkedGrade,
  type MoveComparisonOptions,
  renderMoveComparison,
  renderWinChart,
  type WinChart,
  type WinChartOptions,
} from './review.js';
export { renderMoveComparisonPooled, renderWinChartPooled } from './pool.js';

/** An animated GIF of a whole game: one frame per ply plus the start. */
export async function renderReplay(
  game: GameId,
  setup: string,
  moves: string[],
  opts: ReplayOptions = {},
): Promise<Buffer> {
  const { renderReplayGif } = await import('./replay.js');
  return renderReplayGif(game, setup, moves, opts);
}
