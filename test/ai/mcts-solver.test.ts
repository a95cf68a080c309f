// The MCTS (mcts.ts) against exhaustive solving of the toy games: every proof it reports (a root move, the root
// itself) is what complete minimax says, from every reachable tic-tac-toe position and Nim pile; what a playout is
// worth when cut off (the evaluation for side 0, else an even 0.5), seen from each side; the widening's limit on the
// children a node opens; the random step a game may offer the playouts.
import { describe, expect, it } from 'vitest';
import { search, type SearchParams } from '../../src/engine/ai/mcts.js';
import type { Position } from '../../src/engine/game.js';
import { makeRng, randInt } from '../../src/engine/rng.js';
import { MisereNimPosition, NimPosition, TttPosition, ttt, uctParams } from './fixtures/games.js';

/** +1 when the side to move wins with best play, -1 when it loses, 0 for a draw. */
function solve<M>(pos: Position<M>): number {
  const o = pos.outcome();
  if (o.over) return o.winner === null ? 0 : o.winner === pos.toMove() ? 1 : -1;
  let best = -1;
  for (const m of pos.legalMoves()) {
    const p = pos.clone();
    p.play(m);
    best = Math.max(best, -solve(p));
    if (best === 1) break;
  }
  return best;
}

/** The value of playing m, for the side to move. */
function after<M>(pos: Position<M>, m: M): number {
  const p = pos.clone();
  p.play(m);
  return -solve(p);
}

/** Every tic-tac-toe position reachable from the empty board that is not over, each once. */
function tttPositions(): TttPosition[] {
  const seen = new Map<string, TttPosition>();
  const walk = (pos: TttPosition) => {
    const k = pos.s.cells.join(',');
    if (seen.has(k) || pos.outcome().over) return;
    seen.set(k, pos);
    for (const m of pos.legalMoves()) {
      const p = pos.clone();
      p.play(m);
      walk(p);
    }
  };
  walk(ttt('.../.../...'));
  return [...seen.values()];
}

/** Checks every proof a search reports against the solver. */
function proofsHold<M>(pos: Position<M>, params: SearchParams, seed: number): number {
  const r = search(pos.clone(), params, { seed });
  let proofs = 0;
  for (const c of r.children) {
    if (c.proven === null) continue;
    proofs++;
    expect(after(pos, c.move), `child ${String(c.move)}`).toBe(c.proven === 'win' ? 1 : -1);
  }
  if (r.proven !== null) {
    proofs++;
    expect(solve(pos)).toBe(r.proven === 'win' ? 1 : -1);
    // A proven win is played; a proven loss leaves no better move.
    if (r.proven === 'win') expect(after(pos, r.move)).toBe(1);
  }
  expect(r.children.reduce((n, c) => n + c.visits, 0)).toBe(r.iterations);
  return proofs;
}

describe('the MCTS solver', () => {
  it('proves only what exhaustive minimax says, from every reachable tic-tac-toe position', () => {
    const all = tttPositions();
    expect(all.length).toBe(4520);
    const rng = makeRng('solver');
    let proofs = 0;
    let rootProofs = 0;
    for (const pos of all.filter(() => rng() < 0.15)) {
      const iterations = 20 + randInt(rng, 300);
      proofs += proofsHold(pos, uctParams({ iterations }), randInt(rng, 1000));
      const r = search(pos.clone(), uctParams({ iterations: 2000 }), { seed: 1 });
      if (r.proven !== null) {
        rootProofs++;
        expect(solve(pos)).toBe(r.proven === 'win' ? 1 : -1);
      }
    }
    expect(proofs).toBeGreaterThan(100);
    expect(rootProofs).toBeGreaterThan(20);
  });

  it('proves a Nim pile won or lost as the rule of four says, opening moves one at a time or all at once', () => {
    for (let pile = 1; pile <= 16; pile++)
      for (const widening of [undefined, { base: 1, factor: 1, exponent: 0.5 }]) {
        const pos = new NimPosition(pile);
        proofsHold(pos, uctParams({ iterations: 4000, widening }), pile);
        const r = search(pos.clone(), uctParams({ iterations: 4000, widening }), { seed: pile });
        // Small piles (with a choice) are proven within the budget: a multiple of four is lost for the side to move.
        if (pile >= 2 && pile <= 8) expect(r.proven, `pile ${pile}`).toBe(pile % 4 === 0 ? 'loss' : 'win');
      }
  });
});

describe('the MCTS solver where a move can lose at once', () => {
  it('proves misère Nim as the rule says (a pile of 4k + 1 is lost), however few moves a node may open', () => {
    let proofs = 0;
    for (let pile = 2; pile <= 14; pile++)
      for (const widening of [undefined, { base: 1, factor: 0, exponent: 0 }, { base: 1, factor: 1, exponent: 0.5 }])
        for (const seed of [1, 2, 3]) {
          proofs += proofsHold(new MisereNimPosition(pile), uctParams({ iterations: 3000, widening }), seed);
          const r = search(new MisereNimPosition(pile), uctParams({ iterations: 3000, widening }), { seed });
          if (pile <= 9) expect(r.proven, `pile ${pile}`).toBe(pile % 4 === 1 ? 'loss' : 'win');
        }
    expect(proofs).toBeGreaterThan(100);
  });
});

describe('the MCTS playouts and widening', () => {
  const cut = (over: Partial<SearchParams>) => uctParams({ iterations: 40, playoutDepth: 0, ...over });

  it('score a cut-off playout by the evaluation, for side 0, and read it for whoever moved', () => {
    const evaluate = () => 0.9; // side 0 (X) wins 9 times in 10, wherever it is
    for (const [board, xMoves] of [
      ['.../.../...', true],
      ['X../.../...', false],
    ] as const) {
      const withEval = search(ttt(board), cut({ useEvaluation: true }), { seed: 1, heuristics: { evaluate } });
      const without = search(ttt(board), cut({ useEvaluation: false }), { seed: 1, heuristics: { evaluate } });
      for (const c of withEval.children) expect(c.value).toBeCloseTo(xMoves ? 0.9 : 0.1, 12);
      for (const c of without.children) expect(c.value).toBe(0.5);
    }
  });

  it('play a playout to the end when it is not cut off: a lost position reads as lost', () => {
    // O to move can block only one of X's three threats (cells 2, 7 and 8).
    const r = search(ttt('XX./OX./O..'), uctParams({ iterations: 200 }), { seed: 2 });
    expect(r.proven).toBe('loss');
    for (const c of r.children) expect(c.value).toBeLessThan(0.5);
  });

  it('open no more children than the widening allows', () => {
    for (const [iterations, base, factor, exponent] of [
      [10, 1, 0, 0],
      [50, 2, 0.5, 0.5],
      [200, 1, 1, 0.4],
    ]) {
      const r = search(ttt('.../.../...'), uctParams({ iterations, widening: { base, factor, exponent } }), {
        seed: 4,
      });
      expect(r.children.length).toBeLessThanOrEqual(Math.ceil(base + factor * Math.pow(iterations, exponent)));
      expect(r.children.length).toBeGreaterThanOrEqual(
        Math.min(9, Math.ceil(base + factor * Math.pow(iterations - 1, exponent))) - 1,
      );
    }
    expect(search(ttt('.../.../...'), uctParams({ iterations: 200 }), { seed: 4 }).children).toHaveLength(9);
  });

  it('let a game step its own playouts, and fall back to its moves when the step declines', () => {
    let steps = 0;
    const randomStep = (pos: Position<number>, rng: () => number) => {
      steps++;
      const ms = pos.legalMoves();
      // Declines every other call: the search then picks among the legal moves itself.
      if (steps % 2 === 0) return false;
      pos.play(ms[randInt(rng, ms.length)]);
      return true;
    };
    const r = search(ttt('.../.../...'), uctParams({ iterations: 100 }), { seed: 5, heuristics: { randomStep } });
    expect(steps).toBeGreaterThan(100);
    expect(r.children.reduce((n, c) => n + c.visits, 0)).toBe(100);
    // With a playout policy asked for, the policy plays and the step is not used.
    steps = 0;
    search(ttt('.../.../...'), uctParams({ iterations: 100, usePlayoutPolicy: true }), {
      seed: 5,
      heuristics: { randomStep, playout: (_p, moves) => moves.length - 1 },
    });
    expect(steps).toBe(0);
  });
});
