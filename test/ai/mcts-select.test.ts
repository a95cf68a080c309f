// The MCTS's selection (mcts.ts, select and allowedChildren) against a reference written here: UCT with progressive
// bias, q + C·√(ln(N + 1) / (n + 1)) + W·prior / (n + 1), the first of equal scores, and progressive widening (a
// node may have ⌈base + factor · N^exponent⌉ children, opened best prior first). The game makes every reward known
// in advance: each root move leads down a line of single moves (no choice, long enough never to end in these
// searches) whose every position the evaluation scores by the root move alone, and playouts are cut at once. So each
// root child's mean is its fixed value, and which child each iteration goes through follows from the formula alone.
import { describe, expect, it } from 'vitest';
import { search, type SearchParams } from '../../src/engine/ai/mcts.js';
import type { Outcome, Position, Side } from '../../src/engine/game.js';
import { uctParams } from './fixtures/games.js';

/**
 * The side to move picks one of VALUES.length moves, then the sides play move 0 until ply `end` (10,000 unless told),
 * where the game ends: drawn, or won by `winner`.
 */
class Lines implements Position<number> {
  constructor(
    public first: number | null = null,
    public plies = 0,
    public end = 10_000,
    public winner: Side | null = null,
  ) {}
  toMove(): Side {
    return (this.plies % 2) as Side;
  }
  ply(): number {
    return this.plies;
  }
  legalMoves(): number[] {
    if (this.first === null) return VALUES.map((_, i) => i);
    return this.plies < this.end ? [0] : [];
  }
  play(m: number): void {
    if (this.first === null) this.first = m;
    this.plies++;
  }
  outcome(): Outcome {
    if (this.plies < this.end) return { over: false, winner: null, draw: false, reason: null };
    return { over: true, winner: this.winner, draw: this.winner === null, reason: 'end' };
  }
  clone(): Lines {
    return new Lines(this.first, this.plies, this.end, this.winner);
  }
}

/** Side 0's chance after each root move, and each move's prior. */
const VALUES = [0.2, 0.55, 0.6, 0.45, 0.3];
const PRIORS = [0.9, 0.1, 0.3, 0.5, 0.7];

const heuristics = {
  evaluate: (p: Position<number>) => VALUES[(p as Lines).first!],
  priors: (_p: Position<number>, moves: number[]) => moves.map((m) => PRIORS[m]),
};

/** Each root move's visits after `iterations`, by the formula. */
function reference(p: SearchParams): number[] {
  const order = VALUES.map((_, i) => i).sort((a, b) => (p.usePriors ? PRIORS[b] - PRIORS[a] : 0));
  const visits = VALUES.map(() => 0);
  let opened = 0;
  for (let n = 0; n < p.iterations; n++) {
    const w = p.widening;
    const allowed = w ? Math.min(VALUES.length, Math.ceil(w.base + w.factor * n ** w.exponent)) : VALUES.length;
    let pick: number;
    if (opened < allowed) pick = order[opened++];
    else {
      pick = -1;
      let best = -Infinity;
      for (const c of order.slice(0, opened)) {
        const prior = p.usePriors ? PRIORS[c] : 0;
        const score =
          VALUES[c] +
          p.exploration * Math.sqrt(Math.log(n + 1) / (visits[c] + 1)) +
          (p.priorWeight * prior) / (visits[c] + 1);
        if (score > best) {
          best = score;
          pick = c;
        }
      }
    }
    visits[pick]++;
  }
  return visits;
}

const CASES: [string, Partial<SearchParams>][] = [
  ['plain UCT', { exploration: 0.7 }],
  ['more exploration', { exploration: 1.6 }],
  ['progressive bias', { exploration: 0.5, priorWeight: 3, usePriors: true }],
  [
    'progressive widening',
    { exploration: 0.7, priorWeight: 1, usePriors: true, widening: { base: 1, factor: 0.5, exponent: 0.5 } },
  ],
  ['widening alone', { exploration: 0.3, usePriors: true, widening: { base: 2, factor: 0.25, exponent: 0.6 } }],
];

describe('the MCTS’s selection', () => {
  it.each(CASES)('shares the visits as the formula says: %s', (_name, over) => {
    const params = uctParams({ iterations: 300, playoutDepth: 0, useEvaluation: true, ...over });
    const want = reference(params);
    // Without priors the root opens its children in a seeded order, the reference in move order: the same visits
    // once all are open, since no two lines are worth the same.
    const r = search(new Lines(), params, { seed: 5, heuristics });
    const got = VALUES.map((_, i) => r.children.find((c) => c.move === i)?.visits ?? 0);
    expect(got).toEqual(want);
    expect(got.reduce((a, b) => a + b, 0)).toBe(300);
    // Each child's mean is its line's value.
    for (const c of r.children) if (c.visits > 0) expect(c.value).toBeCloseTo(VALUES[c.move], 12);
    // The answer is the most visited (the robust child), with its visits and mean.
    const most = want.indexOf(Math.max(...want));
    expect([r.move, r.visits]).toEqual([most, want[most]]);
    expect(r.value).toBeCloseTo(VALUES[most], 12);
  });

  it('answers the child of higher mean among equally visited ones, whatever order they were opened in', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      // One iteration a child: all equally visited.
      const r = search(new Lines(), uctParams({ iterations: 5, playoutDepth: 0, useEvaluation: true }), {
        seed,
        heuristics,
      });
      expect(r.children.map((c) => c.visits)).toEqual([1, 1, 1, 1, 1]);
      expect(r.move, `seed ${seed}`).toBe(2);
      // Four: the best of the four opened.
      const four = search(new Lines(), uctParams({ iterations: 4, playoutDepth: 0, useEvaluation: true }), {
        seed,
        heuristics,
      });
      const open = four.children.map((c) => c.move);
      expect(four.move).toBe(open.reduce((a, b) => (VALUES[b] > VALUES[a] ? b : a)));
    }
  });
});

describe('the MCTS’s values and playouts', () => {
  const cut = { playoutDepth: 0, useEvaluation: true };

  it('values each child for the side that moved into it: side 1 to move at the root reads 1 − side 0’s chance', () => {
    // Side 1 to move (the root at ply 1): its child i is worth 1 − VALUES[i] to it, and it goes for the lowest VALUE.
    const r = search(new Lines(null, 1), uctParams({ iterations: 300, ...cut }), { seed: 5, heuristics });
    for (const c of r.children) expect(c.value).toBeCloseTo(1 - VALUES[c.move], 12);
    expect(r.move).toBe(VALUES.indexOf(Math.min(...VALUES)));
  });

  it('plays exactly playoutDepth plies of a playout before the evaluation', () => {
    // The evaluation reads the ply reached: a root child (ply 1) played on 3 plies is scored at ply 4.
    const byPly = { evaluate: (p: Position<number>) => p.ply() / 100 };
    const r = search(new Lines(), uctParams({ iterations: 5, playoutDepth: 3, useEvaluation: true }), {
      seed: 1,
      heuristics: byPly,
    });
    expect(r.children.map((c) => c.value)).toEqual([0.04, 0.04, 0.04, 0.04, 0.04]);
  });

  it('scores a playout that reaches the end exactly at its cut by the result, not the evaluation', () => {
    // The game ends at ply 4 won by side 0: a root child played on 3 plies is over, worth 1 whatever the evaluation.
    const r = search(new Lines(null, 0, 4, 0), uctParams({ iterations: 5, playoutDepth: 3, useEvaluation: true }), {
      seed: 1,
      heuristics,
    });
    expect(r.children.map((c) => c.value)).toEqual([1, 1, 1, 1, 1]);
    // Cut one ply earlier, the evaluation.
    const early = search(new Lines(null, 0, 4, 0), uctParams({ iterations: 5, playoutDepth: 2, useEvaluation: true }), {
      seed: 1,
      heuristics,
    });
    for (const c of early.children) expect(c.value).toBeCloseTo(VALUES[c.move], 12);
  });

  it('asks the game’s playout policy only when told to, and plays uniformly when there is none', () => {
    let asked = 0;
    const policy = { ...heuristics, playout: (_p: Position<number>, moves: number[]) => (asked++, moves.length - 1) };
    const params = uctParams({ iterations: 20, playoutDepth: 2, useEvaluation: true });
    search(new Lines(), params, { seed: 1, heuristics: policy });
    expect(asked).toBe(0);
    search(new Lines(), { ...params, usePlayoutPolicy: true }, { seed: 1, heuristics: policy });
    expect(asked).toBe(40);
    // Told to, without a policy: uniform moves, no failure.
    const r = search(new Lines(), { ...params, usePlayoutPolicy: true }, { seed: 1, heuristics });
    expect(r.iterations).toBe(20);
  });

  it('lists a leaf’s moves only once it has been visited expandThreshold times', () => {
    // Counts the listings of moves below the root (the playouts, cut at once, list none).
    class Counted extends Lines {
      static listed = 0;
      override legalMoves(): number[] {
        if (this.first !== null) Counted.listed++;
        return super.legalMoves();
      }
      override clone(): Counted {
        return new Counted(this.first, this.plies);
      }
    }
    const listings = (expandThreshold: number) => {
      Counted.listed = 0;
      search(new Counted(), uctParams({ iterations: 60, ...cut, expandThreshold }), { seed: 1, heuristics });
      return Counted.listed;
    };
    // 60 iterations, 5 root children: 55 visits to the children's lines. With a threshold of 1 each visit past a
    // node's first lists its moves once; with 5, a node lists them at its 6th visit, so far fewer listings.
    const one = listings(1);
    const five = listings(5);
    expect(one).toBeGreaterThan(40);
    expect(five).toBeLessThan(one / 2);
    expect(five).toBeGreaterThan(0);
  });
});
