// What searchPosition (src/engine/ai/index.ts) hands each search: the review's move to ensure and the puzzle check's
// moves to leave out reach both the alpha-beta (Exxit's hard) and the MCTS (Orion's levels, the references), matched
// with the game's own equality of moves (SAME_MOVE) — a move read back from a record is another object than the one
// the search generates; a reference plays with its frozen knowledge, a level with today's.
import { describe, expect, it } from 'vitest';
import { SAME_MOVE, searchPosition } from '../../src/engine/ai/index.js';
import { exxit } from '../../src/engine/exxit/index.js';
import type { ExxitPosition } from '../../src/engine/exxit/position.js';
import type { ExxitMove } from '../../src/engine/exxit/types.js';
import { orion } from '../../src/engine/orion/index.js';
import type { OrionPosition } from '../../src/engine/orion/position.js';
import type { OrionMove } from '../../src/engine/orion/types.js';
import { makeRng, randInt } from '../../src/engine/rng.js';

function exxitPosition(): ExxitPosition {
  const s = exxit.initial('standard');
  if (!s.ok) throw new Error('no start');
  const pos = exxit.position(s.value) as ExxitPosition;
  const rng = makeRng(4);
  for (let i = 0; i < 25 || pos.legalMoves().length < 8; i++)
    pos.play(pos.legalMoves()[randInt(rng, pos.legalMoves().length)]);
  return pos;
}

function orionPosition(): OrionPosition {
  const s = orion.initial('random:3');
  if (!s.ok) throw new Error('no start');
  const pos = orion.position(s.value) as OrionPosition;
  const rng = makeRng(5);
  for (let i = 0; i < 6; i++) pos.play(pos.legalMoves()[randInt(rng, pos.legalMoves().length)]);
  return pos;
}

/** A copy of a move, as a record's parsed move would be: equal by the game's SAME_MOVE, not by identity. */
const copy = <M>(m: M): M => JSON.parse(JSON.stringify(m)) as M;

describe('searchPosition', () => {
  it('leaves out the moves it is told to, matched by the game’s equality, in the alpha-beta and in the MCTS', () => {
    const ex = exxitPosition();
    const first = searchPosition('exxit', ex, 'hard', 1, undefined, undefined, undefined, 3_000);
    const without = searchPosition('exxit', ex, 'hard', 1, undefined, undefined, undefined, 3_000, [copy(first.move)]);
    expect(SAME_MOVE.exxit(without.move as never, first.move as never)).toBe(false);
    expect(without.children.some((c) => SAME_MOVE.exxit(c.move as never, first.move as never))).toBe(false);

    const or = orionPosition();
    const best = searchPosition('orion', or, 'medium', 1, undefined, undefined, undefined, 200);
    const second = searchPosition('orion', or, 'medium', 1, undefined, undefined, undefined, 200, [copy(best.move)]);
    expect(SAME_MOVE.orion(second.move as never, best.move as never)).toBe(false);
    expect(second.children.some((c) => SAME_MOVE.orion(c.move as never, best.move as never))).toBe(false);
  });

  it('measures the move it is told to ensure, matched by the game’s equality, in the alpha-beta and in the MCTS', () => {
    const ex = exxitPosition();
    const moves: ExxitMove[] = ex.legalMoves();
    // The alpha-beta gives every root move a value, a poor one only a bound from above; an ensured one its exact value.
    const plain = searchPosition('exxit', ex, 'hard', 1, undefined, undefined, undefined, 3_000);
    const valueOf = (r: typeof plain, m: ExxitMove) =>
      r.children.find((c) => SAME_MOVE.exxit(c.move as never, m as never))!.value;
    let sharper = 0;
    for (const m of moves) {
      const r = searchPosition('exxit', ex, 'hard', 1, undefined, { move: copy(m), visits: 1 }, undefined, 3_000);
      expect(valueOf(r, m)).toBeLessThanOrEqual(valueOf(plain, m) + 1e-12);
      if (valueOf(r, m) < valueOf(plain, m) - 1e-9) sharper++;
    }
    expect(sharper).toBeGreaterThan(0);

    const or = orionPosition();
    const placements: OrionMove[] = or.legalMoves();
    const made = copy(placements[placements.length - 1]);
    const m = searchPosition('orion', or, 'medium', 1, undefined, { move: made, visits: 60 }, undefined, 100);
    const child = m.children.find((c) => SAME_MOVE.orion(c.move as never, made as never));
    expect(child?.visits).toBeGreaterThanOrEqual(60);
  });

  it('searches with the frozen knowledge for a reference and today’s for a level', () => {
    const or = orionPosition();
    // The same budget and seed: the two kinds of knowledge order and value the moves differently.
    const level = searchPosition('orion', or, 'medium', 1, undefined, undefined, undefined, 300);
    const reference = searchPosition('orion', or, 'ref-2026-12', 1, undefined, undefined, undefined, 300);
    expect(reference.children.map((c) => [c.move, c.visits])).not.toEqual(
      level.children.map((c) => [c.move, c.visits]),
    );
  });
});
