// The Exxit alpha-beta's budgets (exxit-alphabeta.ts): the node budget cuts an iteration short and the answer is the
// deepest finished one's, or a move the cut iteration had already searched in full and found better; the clock is
// read once every 1,024 nodes and stops the search at the poll that reaches the deadline; a position with one move
// is answered without a search; the move a review asks to ensure must be a legal one.
import { describe, expect, it } from 'vitest';
import { alphaBetaExxit, DEFAULT_ALPHABETA } from '../../src/engine/ai/exxit-alphabeta.js';
import { exxit } from '../../src/engine/exxit/index.js';
import type { ExxitPosition } from '../../src/engine/exxit/position.js';
import { makeRng, randInt } from '../../src/engine/rng.js';

/** A standard game's position after `plies` random moves, played on until the mover has at least `moves` moves. */
function position(seed: number, plies: number, moves = 8): ExxitPosition {
  const s = exxit.initial('standard');
  if (!s.ok) throw new Error('no start');
  const pos = exxit.position(s.value) as ExxitPosition;
  const rng = makeRng(seed);
  for (let i = 0; i < plies || pos.legalMoves().length < moves; i++) {
    const ms = pos.legalMoves();
    pos.play(ms[randInt(rng, ms.length)]);
  }
  return pos;
}

const at = (pos: ExxitPosition, iterations: number, maxDepth = 30) =>
  alphaBetaExxit(pos.clone(), { iterations, alphaBeta: { ...DEFAULT_ALPHABETA, maxDepth } }, { seed: 1 });

describe('the Exxit alpha-beta’s node budget', () => {
  it('answers the first move in its order, valued even, when not one root move was searched in full', () => {
    const pos = position(2, 30);
    const r = at(pos, 1);
    expect(pos.legalMoves()).toContain(r.move);
    expect([r.value, r.proven, r.children, r.timedOut]).toEqual([0.5, null, [], false]);
  });

  it('cut short in its first iteration, answers the best root move searched in full so far, with its value', () => {
    const pos = position(2, 30);
    const depth1 = at(pos, 1e9, 1);
    const first = at(pos, 1).move;
    const known = new Map(depth1.children.map((c) => [c.move, c.value]));
    let last = 0;
    let rises = 0;
    let firstAlone = 0;
    for (let budget = 1; budget <= depth1.iterations; budget++) {
      const r = at(pos, budget);
      if (r.children.length === 0) {
        // Not even the first move was searched in full: it answers, valued even.
        expect([r.move, r.value, last]).toEqual([first, 0.5, 0]);
        continue;
      }
      // The first move searched in full answers with its own value until another beats it.
      if (last === 0) {
        expect([r.children.length, r.children[0].move]).toEqual([1, first]);
        firstAlone++;
      }
      // The moves searched in full so far, each with its depth-1 value; the best of them answers.
      expect(r.move).toBe(r.children[0].move);
      expect(r.value).toBe(known.get(r.move));
      expect(r.value).toBeGreaterThanOrEqual(last);
      if (r.value > last) rises++;
      last = r.value;
    }
    expect(rises).toBeGreaterThan(0);
    expect(firstAlone).toBeGreaterThan(0);
    expect(last).toBe(depth1.value);
  });

  it('cut short in a later iteration, answers the last finished one, or a move the cut one valued higher', () => {
    let rescued = 0;
    for (const [seed, plies, depth] of [
      [5, 25, 2],
      [9, 29, 2],
      [10, 30, 2],
      [17, 37, 2],
      [7, 27, 1],
    ]) {
      const pos = position(seed, plies);
      const done = at(pos, 1e9, depth);
      const deeper = at(pos, 1e9, depth + 1);
      for (let budget = done.iterations + 1; budget < deeper.iterations; budget += 8) {
        const r = at(pos, budget);
        if (r.move !== done.move) {
          rescued++;
          expect(r.value, `seed ${seed}, ${budget} nodes`).toBeGreaterThan(done.value);
        } else expect(r.value, `seed ${seed}, ${budget} nodes`).toBe(done.value);
      }
    }
    expect(rescued).toBeGreaterThan(10);
  });
});

describe('the Exxit alpha-beta’s clock', () => {
  it('is read once when the search starts and once every 1,024 nodes; the poll that reaches the deadline stops it', () => {
    const pos = position(3, 40);
    let reads = 0;
    const r = alphaBetaExxit(pos.clone(), { iterations: 1e9, timeMs: 50 }, { seed: 1, now: () => reads++ });
    expect(r.timedOut).toBe(true);
    // Read 0 sets the deadline at 50; reads 1..50 are the polls at nodes 1,024 … 51,200, the 50th reaching it.
    expect(reads).toBe(51);
    expect(r.iterations).toBe(50 * 1024);
  });

  it('is never read without a time budget, and a search without one is not timed out', () => {
    const pos = position(3, 40);
    let reads = 0;
    const r = alphaBetaExxit(pos.clone(), { iterations: 5_000 }, { seed: 1, now: () => reads++ });
    expect([reads, r.timedOut]).toEqual([0, false]);
  });
});

describe('the Exxit alpha-beta’s answers without a search', () => {
  it('plays the one legal move at once', () => {
    // A compulsory dance or a pass with nothing else (EX-10, EX-11): find one in a seeded game.
    const s = exxit.initial('standard');
    if (!s.ok) throw new Error('no start');
    const pos = exxit.position(s.value) as ExxitPosition;
    const rng = makeRng(11);
    while (pos.legalMoves().length !== 1) pos.play(pos.legalMoves()[randInt(rng, pos.legalMoves().length)]);
    const r = alphaBetaExxit(pos.clone(), { iterations: 1e6, timeMs: 50 }, { seed: 1, now: () => 0 });
    // No node searched, nothing proven or timed, no child listed; an even value.
    expect([r.move, r.iterations + r.visits, r.value, r.proven, r.timedOut, r.top.length + r.children.length]).toEqual([
      pos.legalMoves()[0],
      0,
      0.5,
      null,
      false,
      0,
    ]);
    expect(Object.keys(r).sort()).toEqual([
      'children',
      'iterations',
      'move',
      'proven',
      'timedOut',
      'top',
      'value',
      'visits',
    ]);
  });

  it('refuses to ensure a move that is not legal here, and finds a legal one without being told how moves compare', () => {
    const pos = position(2, 30);
    const other = position(5, 35)
      .legalMoves()
      .find((m) => !pos.legalMoves().includes(m))!;
    expect(() => at(pos, 1_000)).not.toThrow();
    expect(() =>
      alphaBetaExxit(pos.clone(), { iterations: 1_000 }, { seed: 1, ensure: { move: other, visits: 1 } }),
    ).toThrow('search: the move to ensure is not a legal move here');
    const move = pos.legalMoves()[3];
    const r = alphaBetaExxit(pos.clone(), { iterations: 5_000 }, { seed: 1, ensure: { move, visits: 1 } });
    expect(r.children.map((c) => c.move)).toContain(move);
  });
});
