// The AI's entry point over the registry: a state, a level and a seed in,
// a move (with its canonical text, EX-22 / OD-22) and search stats out.
// Pure apart from the optional clock the caller passes for the time cap.
import type { AnyGame, GameId, Position } from '../game.js';
import { exxitHeuristics } from './exxit-heuristics.js';
import { isReference, playerParams, type Level, type SearchPlayer } from './levels.js';
import { search, type Heuristics, type SearchResult } from './mcts.js';
import { orionHeuristics } from './orion-heuristics.js';

// Keyed by game: each game's heuristics read its own positions. A game without any searches with the plain UCT
// defaults.
export const HEURISTICS: Readonly<Record<GameId, Heuristics<never> | undefined>> = {
  exxit: exxitHeuristics,
  orion: orionHeuristics,
};

/** The knowledge the frozen references search with (levels.ts REFERENCES): today's, kept as it is. */
const REFERENCE_HEURISTICS: Readonly<Record<GameId, Heuristics<never> | undefined>> = {
  exxit: exxitHeuristics,
  orion: orionHeuristics,
};

export interface Thought<M = unknown> extends SearchResult<M> {
  /** The chosen move in canonical notation. */
  text: string;
}

/**
 * The search on a fast position (engine tool matches, benchmarks) for a level or a frozen reference; `pos` is not
 * changed. `timeMs` lowers the player's time cap (a server's limit on expert), never raises it.
 */
export function searchPosition<M>(
  game: GameId,
  pos: Position<M>,
  player: SearchPlayer,
  seed: number,
  now?: () => number,
  timeMs?: number,
): SearchResult<M> {
  const heuristics = (isReference(player) ? REFERENCE_HEURISTICS : HEURISTICS)[game] as Heuristics<M> | undefined;
  const params = playerParams(game, player);
  const capped = timeMs === undefined ? params : { ...params, timeMs: Math.min(timeMs, params.timeMs ?? Infinity) };
  return search(pos.clone(), capped, { seed, heuristics, now });
}

/**
 * Chooses a move for the side to move of `state` (a valid state of `game`,
 * not over) at `level`. Deterministic for a seed unless `now` is given and
 * the level's time cap (or the lower `timeMs`) is reached first.
 */
export function chooseMove(
  game: AnyGame,
  state: unknown,
  level: Level,
  seed: number,
  now?: () => number,
  timeMs?: number,
): Thought {
  const r = searchPosition(game.id, game.position(state), level, seed, now, timeMs);
  return { ...r, text: game.formatMove(state, r.move, 'canonical') };
}

export { isLevel, LEVEL_NAMES, type Level } from './levels.js';
