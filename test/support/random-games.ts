// Seeded random games through the pure API of any game, for tests that check a promise at every position.
import { errorText, type AnyGame, type RuleError } from '../../src/engine/index.js';
import { makeRng, randInt } from '../../src/engine/rng.js';

/** The value of an engine result, or a test failure with the refusal's words. */
export const must = <T>(r: { ok: true; value: T } | { ok: false; error: RuleError }): T => {
  if (!r.ok) throw new Error(errorText(r.error));
  return r.value;
};

/** Every position of a seeded random game until its end (the finished position excluded). */
export function* randomPositions(game: AnyGame, setup: string, seed: number): Generator<unknown> {
  const rng = makeRng(seed);
  let s = must(game.initial(setup));
  while (!game.outcome(s).over) {
    yield s;
    const legal = game.legalMoves(s);
    s = must(game.play(s, legal[randInt(rng, legal.length)]));
  }
}
