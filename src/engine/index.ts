// The registry of games by id.
import type { AnyGame, GameId } from './game.js';
import { exxit } from './exxit/index.js';
import { orion } from './orion/index.js';

export const GAMES: Record<GameId, AnyGame> = { exxit, orion };

export const isGameId = (x: unknown): x is GameId => x === 'exxit' || x === 'orion';

export function getGame(id: GameId): AnyGame {
  return GAMES[id];
}

export * from './game.js';
