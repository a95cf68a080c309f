// The registry of games by id. Exxit and Orion Duel are built in; a test (or
// an extension) may register another game, and nothing outside src/engine and
// src/render needs to change for it.
import type { AnyGame, GameId } from './game.js';
import { exxit } from './exxit/index.js';
import { orion } from './orion/index.js';

const registry = new Map<GameId, AnyGame>([
  [exxit.id, exxit],
  [orion.id, orion],
]);

export const isGameId = (x: unknown): x is GameId => typeof x === 'string' && registry.has(x);

/** The game of a known id; throws on an unknown one (check untrusted ids with isGameId first). */
export function getGame(id: GameId): AnyGame {
  const g = registry.get(id);
  if (!g) throw new Error(`unknown game "${String(id).slice(0, 40)}"`);
  return g;
}

/** Every registered game, in registration order. */
export const allGames = (): AnyGame[] => [...registry.values()];

/** Adds a game (tests, extensions). Refuses an id already taken. */
export function registerGame(game: AnyGame): void {
  if (registry.has(game.id)) throw new Error(`game "${game.id}" is registered already`);
  registry.set(game.id, game);
}

export * from './game.js';
