// The MCTS's answers before any iteration (src/engine/ai/mcts.ts): the one legal move, the root check's win in one
// and its one safe move, each reported with what it proves and the root moves it found lost; and the root moves
// SearchOptions.exclude takes out (the puzzle checks' "second best"), with the errors when none is left.
import { describe, expect, it } from 'vitest';
import type { Outcome, Side } from '../../src/engine/game.js';
import { search, withoutExcluded } from '../../src/engine/ai/mcts.js';
import { MisereNimPosition, NimPosition, uctParams } from './fixtures/games.js';

const withCheck = uctParams({ rootCheck: true });

type Child = { move: number; visits: 0; value: number; proven: 'win' | 'loss' | null };
/** A result given before any iteration: nothing searched, nothing timed out, no visited moves on top. */
const unsearched = (move: number, value: number, proven: 'win' | 'loss' | null, children: Child[]) => ({
  move,
  iterations: 0,
  visits: 0,
  value,
  proven,
  timedOut: false,
  top: [],
  children,
});

/**
 * Two moves (take 1 or 2), each ending the game at once: a loss for whoever plays it (as an Orion placement can hand
 * the win over), or a draw for the take `draws`.
 */
class EndsAtOnce extends MisereNimPosition {
  constructor(
    pile: number,
    readonly draws: number | null,
    side: Side = 0,
    plies = 0,
    readonly start = pile,
  ) {
    super(pile, side, plies);
  }
  override legalMoves(): number[] {
    return this.plies === 0 ? [1, 2] : [];
  }
  override outcome(): Outcome {
    if (this.plies === 0) return { over: false, winner: null, draw: false, reason: null };
    return this.start - this.pile === this.draws
      ? { over: true, winner: null, draw: true, reason: 'draw' }
      : { over: true, winner: this.side, draw: false, reason: 'last' };
  }
  override clone(): EndsAtOnce {
    return new EndsAtOnce(this.pile, this.draws, this.side, this.plies, this.start);
  }
}

describe('answers without searching', () => {
  it('the one legal move: played, nothing proven, no iteration', () => {
    expect(search(new NimPosition(1), uctParams(), { seed: 1 })).toEqual(
      unsearched(1, 0.5, null, [{ move: 1, visits: 0, value: 0.5, proven: null }]),
    );
  });

  it('a win in one: played and proven a win', () => {
    expect(search(new NimPosition(3), withCheck, { seed: 1 })).toEqual(
      unsearched(3, 1, 'win', [{ move: 3, visits: 0, value: 1, proven: 'win' }]),
    );
  });

  it('one safe move among moves that lose at once: played, the others reported lost', () => {
    // Misère Nim, a pile of 2: taking both takes the last one and loses at once; taking one is the only safe move.
    expect(search(new MisereNimPosition(2), withCheck, { seed: 1 })).toEqual(
      unsearched(1, 0.5, null, [
        { move: 1, visits: 0, value: 0.5, proven: null },
        { move: 2, visits: 0, value: 0, proven: 'loss' },
      ]),
    );
    // The same for the second player to move: the loss is the first player's win.
    expect(search(new MisereNimPosition(2, 1), withCheck, { seed: 1 })).toEqual(
      unsearched(1, 0.5, null, [
        { move: 1, visits: 0, value: 0.5, proven: null },
        { move: 2, visits: 0, value: 0, proven: 'loss' },
      ]),
    );
  });

  it('every move loses at once: the first is played, proven a loss, each reported lost', () => {
    expect(search(new EndsAtOnce(5, null), withCheck, { seed: 1 })).toEqual(
      unsearched(1, 0.5, 'loss', [
        { move: 1, visits: 0, value: 0, proven: 'loss' },
        { move: 2, visits: 0, value: 0, proven: 'loss' },
      ]),
    );
  });

  it('a move that ends the game in a draw is safe, not lost: played when the other move loses at once', () => {
    expect(search(new EndsAtOnce(5, 1), withCheck, { seed: 1 })).toEqual(
      unsearched(1, 0.5, null, [
        { move: 1, visits: 0, value: 0.5, proven: null },
        { move: 2, visits: 0, value: 0, proven: 'loss' },
      ]),
    );
  });

  it('two safe moves or more: searched, not answered at once', () => {
    // Misère Nim, a pile of 6: every take leaves a game on.
    const r = search(new MisereNimPosition(6), uctParams({ rootCheck: true, iterations: 200 }), { seed: 1 });
    expect(r.iterations).toBeGreaterThan(0);
    expect(r.children.map((c) => c.move).sort()).toEqual([1, 2, 3]);
  });

  it('without the root check, the same positions are searched', () => {
    const r = search(new MisereNimPosition(2), uctParams({ iterations: 50 }), { seed: 1 });
    expect(r.iterations).toBeGreaterThan(0);
    expect(r.move).toBe(1);
  });
});

describe('excluded root moves', () => {
  const same = (a: number, b: number) => a === b;

  it('are taken out; none left is an error that says why', () => {
    expect(withoutExcluded([1, 2, 3], undefined, same)).toEqual([1, 2, 3]);
    expect(withoutExcluded([1, 2, 3], [], same)).toEqual([1, 2, 3]);
    expect(withoutExcluded([1, 2, 3], [2], same)).toEqual([1, 3]);
    expect(withoutExcluded([1, 2, 3], [2, 3], same)).toEqual([1]);
    expect(() => withoutExcluded([1, 2, 3], [1, 2, 3], same)).toThrow('search: every move is excluded');
    expect(() => withoutExcluded([], undefined, same)).toThrow('search: the game is over, there is no move to choose');
  });

  it('are never answered, even the win in one', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const r = search(new NimPosition(3), withCheck, { seed, exclude: [3] });
      expect([1, 2]).toContain(r.move);
      expect(r.children.map((c) => c.move)).not.toContain(3);
    }
  });
});
