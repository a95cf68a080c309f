// The AI's entry point over the registry: a state, a level and a seed in,
// a move (with its canonical text, EX-22 / OD-22) and search stats out.
// Pure apart from the optional clock the caller passes for the time cap.
import type { AnyGame, GameId, Position } from '../game.js';
import type { ExxitPosition } from '../exxit/position.js';
import { alphaBetaExxit } from './exxit-alphabeta.js';
import { exxitHeuristics } from './exxit-heuristics.js';
import { isReference, playerParams, type Level, type SearchPlayer } from './levels.js';
import { search, type Heuristics, type SearchOptions, type SearchResult } from './mcts.js';
import { orionHeuristics } from './orion-heuristics.js';
import { sameMove as sameExxitMove } from '../exxit/moves.js';
import { placementOf } from '../orion/tiles.js';
import type { ExxitMove } from '../exxit/types.js';
import type { OrionMove } from '../orion/types.js';
import { orionHeuristicsV2 } from './orion-race.js';

// Keyed by game: each game's heuristics read its own positions. A game without any searches with the plain UCT
// defaults. Orion's levels race to the first victory condition of any kind (orion-race.ts, issue 19).
export const HEURISTICS: Readonly<Record<GameId, Heuristics<never> | undefined>> = {
  exxit: exxitHeuristics,
  orion: orionHeuristicsV2,
};

/** The knowledge the frozen references search with (levels.ts REFERENCES): today's, kept as it is. */
const REFERENCE_HEURISTICS: Readonly<Record<GameId, Heuristics<never> | undefined>> = {
  exxit: exxitHeuristics,
  orion: orionHeuristics,
};

/**
 * Whether two moves of a game are one move, for SearchOptions.ensure (a move a player made, parsed from its record):
 * Exxit compares kind, cell and direction; Orion compares placements, since two texts can lay the same cells in the
 * same colours (OD-9). Every game has one: a move parsed from a record is never the object its search listed.
 */
export const SAME_MOVE: Readonly<Record<GameId, (a: never, b: never) => boolean>> = {
  exxit: (a: ExxitMove, b: ExxitMove) => sameExxitMove(a, b),
  orion: (a: OrionMove, b: OrionMove) => placementOf(a) === placementOf(b),
};

/** The game's equality of moves (SAME_MOVE), for moves of any type. */
export const sameMoveOf = (game: GameId): ((a: unknown, b: unknown) => boolean) =>
  SAME_MOVE[game] as (a: unknown, b: unknown) => boolean;

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
  /** The post-game review's move to measure (SearchOptions.ensure), matched with the game's SAME_MOVE. */
  ensure?: SearchOptions<M>['ensure'],
  /** A lower time cap than the level's (a server's cap on expert), ms. */
  timeMs?: number,
  /** Another iteration (MCTS) or node (alpha-beta) budget than the level's: the review's per-ply budget. */
  iterations?: number,
  /** Root moves left out (SearchOptions.exclude, matched with SAME_MOVE): the puzzle check's second best. */
  exclude?: readonly M[],
): SearchResult<M> {
  const level = playerParams(game, player);
  const capped = timeMs === undefined ? level : { ...level, timeMs: Math.min(timeMs, level.timeMs ?? Infinity) };
  const params = iterations === undefined ? capped : { ...capped, iterations };
  // Ensure and exclude are matched with the game's equality: the moves come from a record or another search.
  const opts: SearchOptions<M> = { seed, now, sameMove: sameMoveOf(game), ensure, exclude };
  if (params.algorithm === 'alphabeta' && game === 'exxit')
    return alphaBetaExxit(
      pos.clone() as unknown as ExxitPosition,
      params,
      opts as unknown as SearchOptions<ExxitMove>,
    ) as SearchResult<M>;
  const heuristics = (isReference(player) ? REFERENCE_HEURISTICS : HEURISTICS)[game] as Heuristics<M> | undefined;
  return search(pos.clone(), params, { ...opts, heuristics });
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
  const r = searchPosition(game.id, game.position(state), level, seed, now, undefined, timeMs);
  return { ...r, text: game.formatMove(state, r.move, 'canonical') };
}

export { isLevel, LEVEL_NAMES, type Level } from './levels.js';
