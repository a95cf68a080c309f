// What the post-game review (issue 20) reads from the one search: every root
// move with its stats (SearchResult.children) and a player's move measured in
// the same tree (SearchOptions.ensure).
import { describe, expect, it } from 'vitest';
import { SAME_MOVE, searchPosition } from '../../src/engine/ai/index.js';
import { search, type SearchResult } from '../../src/engine/ai/mcts.js';
import { getGame } from '../../src/engine/index.js';
import { makeRng, randInt } from '../../src/engine/rng.js';
import type { OrionMove } from '../../src/engine/orion/types.js';
import type { Outcome, Position, Side } from '../../src/engine/game.js';
import { NimPosition, ttt, uctParams } from './fixtures/games.js';

/** Moves 0, 1, 2 for six plies, then a draw; move 0 loses at once for whoever plays it (as Orion OD-18 can). */
class Poison implements Position<number> {
  constructor(
    private plies = 0,
    private loser: Side | null = null,
  ) {}
  toMove(): Side {
    return (this.plies % 2) as Side;
  }
  ply(): number {
    return this.plies;
  }
  legalMoves(): number[] {
    return this.outcome().over ? [] : [0, 1, 2];
  }
  play(m: number): void {
    if (m === 0) this.loser = this.toMove();
    this.plies++;
  }
  outcome(): Outcome {
    if (this.loser !== null) return { over: true, winner: this.loser === 0 ? 1 : 0, draw: false, reason: 'poison' };
    if (this.plies >= 6) return { over: true, winner: null, draw: true, reason: 'end' };
    return { over: false, winner: null, draw: false, reason: null };
  }
  clone(): Poison {
    return new Poison(this.plies, this.loser);
  }
}

const visitSum = (r: SearchResult<unknown>): number => r.children.reduce((s, c) => s + c.visits, 0);

describe('SearchResult.children', () => {
  it('lists every root move once, with visits adding up to the iterations', () => {
    for (const seed of [1, 2, 3]) {
      const pos = ttt('X../.O./...');
      const r = search(pos.clone(), uctParams(), { seed });
      expect(r.children.map((c) => c.move).sort()).toEqual(pos.legalMoves().sort());
      expect(visitSum(r)).toBe(r.iterations);
      expect(r.iterations).toBe(400);
    }
  });

  it('agrees with top: the same moves first, with the same visits and values', () => {
    const r = search(ttt('X../.O./...'), uctParams(), { seed: 5 });
    expect(r.children.slice(0, 5).map(({ move, visits, value }) => ({ move, visits, value }))).toEqual(r.top);
    expect(r.children[0].move).toBe(r.move);
    expect(r.children[0].value).toBe(r.value);
    for (let i = 1; i < r.children.length; i++)
      expect(r.children[i - 1].visits).toBeGreaterThanOrEqual(r.children[i].visits);
  });

  it('marks the moves the solver proved, for the side to move', () => {
    // X to move: 2 wins at once; every other move lets O win with 5 (unless it blocks... it cannot: 2 is the win).
    const r = search(ttt('XX./OO./...'), uctParams(), { seed: 9 });
    expect(r.children.find((c) => c.move === 2)?.proven).toBe('win');
    // Nim, 4 left: every take loses (the opponent takes the rest); the solver proves them all.
    const nim = search(new NimPosition(4), uctParams({ iterations: 2000 }), { seed: 1 });
    expect(nim.proven).toBe('loss');
    expect(nim.children.map((c) => c.proven)).toEqual(['loss', 'loss', 'loss']);
    expect(visitSum(nim)).toBe(nim.iterations);
  });

  it('lists the moves the root check dropped as lost at once, and a win in one alone', () => {
    // Nim, 5 left, with the root check: no take ends the game, so all are searched.
    const r = search(new NimPosition(5), uctParams({ rootCheck: true }), { seed: 2 });
    expect(r.children).toHaveLength(3);
    const poisoned = search(new Poison(), uctParams({ rootCheck: true }), { seed: 2, ensure: { move: 0, visits: 50 } });
    expect(poisoned.children.map((c) => c.move)).toEqual([expect.any(Number), expect.any(Number), 0]);
    expect(poisoned.children[2]).toEqual({ move: 0, visits: 0, value: 0, proven: 'loss' });
    expect(visitSum(poisoned)).toBe(poisoned.iterations);
    const win = search(new NimPosition(3), uctParams({ rootCheck: true }), { seed: 2 });
    expect(win.children).toEqual([{ move: 3, visits: 0, value: 1, proven: 'win' }]);
  });
});

describe('SearchOptions.ensure', () => {
  it('gives a bad move the visits asked for, and leaves the answer as it was', () => {
    // Nim, 41 left: taking 1 leaves 40 and wins; taking 3 leaves 38, a win for the opponent, too deep to be proven (random playouts cannot tell the two apart: only visits are checked).
    for (const seed of [1, 2, 3]) {
      const plain = search(new NimPosition(41), uctParams(), { seed });
      const r = search(new NimPosition(41), uctParams(), { seed, ensure: { move: 3, visits: 300 } });
      const bad = r.children.find((k) => k.move === 3)!;
      expect(bad.proven).toBe(null);
      expect(bad.visits).toBe(300);
      expect(r.move).toBe(plain.move);
      expect(r.top).toEqual(plain.top);
      expect(r.iterations).toBe(plain.iterations + 300 - plain.children.find((k) => k.move === 3)!.visits);
      expect(visitSum(r)).toBe(r.iterations);
    }
  });

  it('fresh: samples the answer and the move each `visits` times after the budget, their own means apart', () => {
    for (const seed of [1, 2, 3]) {
      const plain = search(new NimPosition(41), uctParams(), { seed });
      // Another move than the answer (random playouts cannot tell Nim's moves apart: any may be the answer).
      const move = [1, 2, 3].find((m) => m !== plain.move)!;
      const r = search(new NimPosition(41), uctParams(), { seed, ensure: { move, visits: 200, fresh: true } });
      // The answer is the budgeted search's; only the two children sampled carry a sample.
      expect(r.move).toBe(plain.move);
      expect(r.top).toEqual(plain.top);
      expect(r.iterations).toBe(plain.iterations + 400);
      expect(visitSum(r)).toBe(r.iterations);
      const sampled = r.children.filter((k) => k.sample);
      expect(sampled.map((k) => k.move).sort()).toEqual([plain.move, move].sort());
      for (const k of sampled) {
        expect(k.sample!.visits).toBe(200);
        expect(k.sample!.value).toBeGreaterThanOrEqual(0);
        expect(k.sample!.value).toBeLessThanOrEqual(1);
        // Its visits are the tree's plus the 200 of its own, whose mean is not the tree's.
        expect(k.visits).toBe(plain.children.find((c) => c.move === k.move)!.visits + 200);
      }
      // The move that is the answer needs no sample at all.
      const best = search(new NimPosition(41), uctParams(), {
        seed,
        ensure: { move: plain.move, visits: 200, fresh: true },
      });
      expect(best.iterations).toBe(plain.iterations);
      expect(best.children.some((k) => k.sample)).toBe(false);
    }
  });

  it('stops at a move the solver proves: its value is exact', () => {
    // X must block at 5; the corner 6 lets O complete 3-4-5, which the solver proves within a few visits.
    const r = search(ttt('X../OO./..X'), uctParams(), { seed: 1, ensure: { move: 6, visits: 300 } });
    const c = r.children.find((k) => k.move === 6)!;
    expect(c.proven).toBe('loss');
    expect(c.visits).toBeLessThan(300);
    expect(visitSum(r)).toBe(r.iterations);
  });

  it('opens a move the widening had not opened', () => {
    // One child allowed and no growth: only the best-prior move (2) is opened by the search itself.
    const widen = uctParams({ iterations: 50, usePriors: true, widening: { base: 1, factor: 0, exponent: 0 } });
    const heuristics = { priors: (_p: unknown, moves: number[]) => moves.map((k) => (k === 2 ? 1 : 0)) };
    const plain = search(new NimPosition(20), widen, { seed: 3, heuristics });
    expect(plain.children.map((c) => c.move)).toEqual([2]);
    const r = search(new NimPosition(20), widen, { seed: 3, heuristics, ensure: { move: 3, visits: 40 } });
    expect(r.move).toBe(2);
    expect(r.children.map((c) => [c.move, c.visits])).toEqual([
      [2, 50],
      [3, 40],
    ]);
  });

  it('opens a move that wins at once, not opened by the search: proven, no visits, valued even, no fresh sample', () => {
    // One child allowed and no growth, cell 8 the best prior: X's win at 2 is never opened by the search itself.
    const widen = uctParams({ iterations: 30, usePriors: true, widening: { base: 1, factor: 0, exponent: 0 } });
    const heuristics = { priors: (_p: unknown, moves: number[]) => moves.map((k) => (k === 8 ? 1 : 0)) };
    expect(search(ttt('XX./OO./...'), widen, { seed: 1, heuristics }).children.map((c) => c.move)).not.toContain(2);
    for (const fresh of [false, true]) {
      const r = search(ttt('XX./OO./...'), widen, { seed: 1, heuristics, ensure: { move: 2, visits: 40, fresh } });
      expect(r.children.find((c) => c.move === 2)).toEqual({ move: 2, visits: 0, value: 0.5, proven: 'win' });
      // Fresh samples: the answer's only; none through a finished game.
      if (fresh)
        expect(r.children.filter((c) => c.sample).map((c) => [c.move, c.sample!.visits])).toEqual([[r.move, 40]]);
    }
  });

  it('needs no visits for a move the solver proves, and refuses a move that is not legal', () => {
    const r = search(ttt('XX./OO./...'), uctParams({ iterations: 10 }), { seed: 1, ensure: { move: 2, visits: 100 } });
    expect(r.children.find((c) => c.move === 2)?.proven).toBe('win');
    expect(() => search(ttt('XX./OO./...'), uctParams(), { seed: 1, ensure: { move: 0, visits: 5 } })).toThrow(/legal/);
  });

  it('matches an Orion move laid in another of its texts (OD-9) and measures it', () => {
    const orion = getGame('orion');
    const start = orion.initial();
    if (!start.ok) throw new Error('no Orion setup');
    const canonical = orion.legalMoves(start.value).find((m) => (m as OrionMove).tile === 'P2') as OrionMove;
    const text = orion.formatMove(start.value, canonical, 'canonical');
    const same = SAME_MOVE.orion as (a: OrionMove, b: OrionMove) => boolean;
    // The same two cells named from the other end: another anchor, the direction turned round (S, SW or NW).
    const twin = orion
      .legalMoves(start.value)
      .flatMap((m) => ['S', 'SW', 'NW'].map((dir) => ({ ...(m as OrionMove), dir }) as OrionMove))
      .find((m) => same(m, canonical) && m.cell !== canonical.cell)!;
    expect(twin).toBeDefined();
    expect(same(twin, { ...canonical, dir: 'S' } as OrionMove) && twin.cell === canonical.cell).toBe(false);
    const r = searchPosition('orion', orion.position(start.value), 'easy', 4, undefined, {
      move: twin,
      visits: 30,
    });
    const c = r.children.find((k) => orion.formatMove(start.value, k.move, 'canonical') === text)!;
    expect(c.visits).toBeGreaterThanOrEqual(30);
  });

  it('matches an Exxit move parsed from its text (another object) at a real level, and leaves the level’s answer as it was', () => {
    const exxit = getGame('exxit');
    const start = exxit.initial();
    if (!start.ok) throw new Error('no Exxit setup');
    let state = start.value;
    const rng = makeRng('review:exxit');
    while (exxit.ply(state) < 30 || exxit.legalMoves(state).length < 5) {
      const legal = exxit.legalMoves(state);
      const next = exxit.play(state, legal[randInt(rng, legal.length)]);
      if (!next.ok) throw new Error('a legal move was refused');
      state = next.value;
    }
    const plain = searchPosition('exxit', exxit.position(state), 'medium', 7);
    const worst = plain.children[plain.children.length - 1];
    const text = exxit.formatMove(state, worst.move, 'canonical');
    const parsed = exxit.parseMove(state, text);
    if (!parsed.ok) throw new Error(`cannot parse ${text}`);
    expect(parsed.value).not.toBe(worst.move);
    const r = searchPosition('exxit', exxit.position(state), 'medium', 7, undefined, {
      move: parsed.value,
      visits: 200,
    });
    expect(r.move).toBe(plain.move);
    expect(r.top).toEqual(plain.top);
    const c = r.children.find((k) => exxit.formatMove(state, k.move, 'canonical') === text)!;
    expect(c.proven !== null || c.visits >= 200).toBe(true);
    expect(r.iterations).toBe(plain.iterations + c.visits - worst.visits);
  });
});
