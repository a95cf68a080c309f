// `easy` must be a fair first opponent (docs/ai.md, "Easy as a first
// opponent"): it never misses a win in one (the root check), whatever its
// seed; that it can be beaten is measured by matches (the same page).
import { describe, expect, it } from 'vitest';
import { searchPosition } from '../../src/engine/ai/index.js';
import { LEVEL_NAMES } from '../../src/engine/ai/levels.js';
import { getGame, type GameId, type Position } from '../../src/engine/index.js';
import { makeRng, randInt } from '../../src/engine/rng.js';

const winsAtOnce = (pos: Position<unknown>, m: unknown): boolean => {
  const p = pos.clone();
  p.play(m);
  const o = p.outcome();
  return o.over && o.winner === pos.toMove();
};

/**
 * The first position of each of `count` seeded random games where the side to move has a win in one and other moves
 * that do not win (a real choice).
 */
function winInOne(gameId: GameId, count: number): Position<unknown>[] {
  const game = getGame(gameId);
  const start = game.initial();
  if (!start.ok) throw new Error(`no default setup for ${gameId}`);
  const found: Position<unknown>[] = [];
  for (let g = 0; found.length < count && g < 200; g++) {
    const rng = makeRng(`win-in-one:${gameId}:${g}`);
    const pos = game.position(start.value);
    while (!pos.outcome().over) {
      const legal = pos.legalMoves();
      if (legal.length > 1 && legal.some((m) => winsAtOnce(pos, m)) && !legal.every((m) => winsAtOnce(pos, m))) {
        found.push(pos.clone());
        break;
      }
      pos.play(legal[randInt(rng, legal.length)]);
    }
  }
  return found;
}

describe('easy never misses a win in one', () => {
  for (const gameId of ['exxit', 'orion'] as const) {
    it(`${gameId}: from positions of random games where one exists, with any seed, as every level`, () => {
      const positions = winInOne(gameId, 6);
      expect(positions).toHaveLength(6);
      for (const pos of positions) {
        for (const seed of [1, 2, 3, 4, 5]) {
          for (const level of LEVEL_NAMES) {
            const r = searchPosition(gameId, pos, level, seed);
            expect(winsAtOnce(pos, r.move), `${gameId} ply ${pos.ply()} ${level} seed ${seed}`).toBe(true);
            expect(r.proven).toBe('win');
          }
        }
      }
    });
  }
});
