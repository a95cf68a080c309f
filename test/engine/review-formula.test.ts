// The review's formulas (docs/review.md): Lichess's move accuracy, thresholds, game accuracy, and summarizeReview's
// shape, on hand-made plies (no search).
import { describe, expect, it } from 'vitest';
import type { Side } from '../../src/engine/game.js';
import {
  costliest,
  gameAccuracy,
  gradeOf,
  moveAccuracy,
  summarizeReview,
  type Grade,
  type PlyReview,
} from '../../src/engine/review.js';

describe('moveAccuracy (Lichess AccuracyPercent, without the +1 bonus)', () => {
  it.each([
    [0, 100],
    [-3, 100],
    [5, 79.8],
    [10, 63.6],
    [15, 50.5],
    [20, 40.0],
    [40, 14.9],
    [60, 4.4],
    [80, 0],
    [100, 0],
  ])('drop %d → %d', (drop, acc) => {
    expect(moveAccuracy(drop)).toBeCloseTo(acc, 1);
  });

  it('is exactly 100 for the best move (the formula alone gives 99.9999 there)', () => {
    expect([moveAccuracy(0), moveAccuracy(-3)]).toEqual([100, 100]);
  });
});

describe('gradeOf (Lichess thresholds 5 / 10 / 15 points)', () => {
  it.each([
    [0, true, 'best'],
    [0, false, 'good'],
    [4.9, false, 'good'],
    [5, false, 'inaccuracy'],
    [9.9, true, 'inaccuracy'],
    [10, false, 'mistake'],
    [14.9, false, 'mistake'],
    [15, false, 'blunder'],
    [100, false, 'blunder'],
  ] as const)('loss %d (best: %s) → %s', (loss, isBest, grade) => {
    expect(gradeOf(loss, isBest)).toBe(grade);
  });
});

/** A ply with side 0's chance after it `after0`, graded from `loss` (null = forced). */
function ply(i: number, loss: number | null, after0: number): PlyReview {
  const side: Side = (i % 2) as Side;
  const mine = side === 0 ? after0 : 100 - after0;
  const grade: Grade | null = loss === null ? null : gradeOf(loss, loss === 0);
  return {
    ply: i,
    side,
    played: `m${i}`,
    best: loss ? `b${i}` : `m${i}`,
    forced: loss === null,
    bestChance: mine + (loss ?? 0),
    playedChance: mine,
    loss: loss ?? 0,
    grade,
    accuracy: loss === null ? null : Math.round(moveAccuracy(loss) * 10) / 10,
  };
}

describe('summarizeReview', () => {
  const plies = [ply(0, 0, 50), ply(1, 20, 70), ply(2, null, 70), ply(3, 6, 76), ply(4, 12, 64), ply(5, 0, 64)];

  it('has one chance per ply plus the start, counts per side, forced plies ungraded', () => {
    const r = summarizeReview('exxit', plies, null);
    expect(r.chances).toHaveLength(plies.length + 1);
    expect(r.chances[0]).toBe(50);
    expect(r.chances[2]).toBe(70);
    expect(r.sides[0]).toMatchObject({ inaccuracies: 0, mistakes: 1, blunders: 0, graded: 2 });
    expect(r.sides[1]).toMatchObject({ inaccuracies: 1, mistakes: 0, blunders: 1, graded: 3 });
    expect(r.sides[1].accuracy!).toBeLessThan(r.sides[0].accuracy!);
  });

  it('pins the last chance to the result', () => {
    expect(summarizeReview('exxit', plies, { winner: 1, draw: false }).chances.at(-1)).toBe(0);
    expect(summarizeReview('exxit', plies, { winner: null, draw: true }).chances.at(-1)).toBe(50);
    expect(summarizeReview('exxit', [], { winner: 0, draw: false }).chances).toEqual([50]);
  });

  it('starts from the first graded ply’s best chance, or 50 when the first ply was forced', () => {
    // Side 0's first move: its best was 10 points above the 60 it left.
    expect(summarizeReview('exxit', [ply(0, 10, 60), ply(1, 0, 60)], null).chances[0]).toBe(70);
    expect(summarizeReview('exxit', [ply(0, null, 70), ply(1, 0, 70)], null).chances[0]).toBe(50);
  });

  it('after a forced ply, takes the next ply’s search of the same position when that ply is graded', () => {
    // Ply 1 (Black, forced) leaves side 0 at 64 by its own quarter-budget look; ply 2 (Red) searched that position
    // fully: its best was 60 for Red. The curve says 60 after ply 1, in side 0's terms.
    const forced = ply(1, null, 64);
    expect(summarizeReview('exxit', [ply(0, 0, 50), forced, ply(2, 5, 55)], null).chances).toEqual([50, 50, 60, 55]);
    // Not when the next ply is forced too, or is not the next ply (a review cut short, a gap): its own look.
    expect(summarizeReview('exxit', [ply(0, 0, 50), forced, ply(2, null, 55)], null).chances[2]).toBe(64);
    expect(summarizeReview('exxit', [ply(0, 0, 50), forced, ply(3, 5, 55)], null).chances[2]).toBe(64);
  });

  it('pins a drawn end, or one without a winner, to 50 whatever the other field says; in place of the last chance', () => {
    expect(summarizeReview('exxit', plies, { winner: 0, draw: true }).chances.at(-1)).toBe(50);
    expect(summarizeReview('exxit', plies, { winner: null, draw: false }).chances.at(-1)).toBe(50);
    const won = summarizeReview('exxit', plies, { winner: 0, draw: false }).chances;
    expect(won).toHaveLength(plies.length + 1);
    expect(won[plies.length]).toBe(100);
    expect(won.slice(0, -1)).toEqual(summarizeReview('exxit', plies, null).chances.slice(0, -1));
  });

  it('lists equal losses in the order they were played', () => {
    const r = summarizeReview('exxit', [ply(0, 0, 50), ply(1, 12, 62), ply(2, 0, 62), ply(3, 12, 74)], null);
    expect(costliest(r, 1).map((p) => p.ply)).toEqual([1, 3]);
    // Whatever order the review lists them in.
    expect(costliest({ ...r, plies: [...r.plies].reverse() }, 1).map((p) => p.ply)).toEqual([1, 3]);
  });

  it('orders one side’s marked moves by loss, then by ply, leaving out the other side and the good moves', () => {
    const losses = [0, 12, 30, 20, 0, 12, 16, 6, 25, 3];
    const r = summarizeReview(
      'exxit',
      losses.map((l, i) => ply(i, l, 50)),
      null,
    );
    expect(costliest(r, 1, 10).map((p) => p.ply)).toEqual([3, 1, 5, 7]);
    expect(costliest(r, 0, 10).map((p) => p.ply)).toEqual([2, 8, 6]);
  });

  it('lists the costliest marked moves, largest loss first', () => {
    const r = summarizeReview('exxit', plies, null);
    expect(costliest(r, 1).map((p) => p.ply)).toEqual([1, 3]);
    expect(costliest(r, 0).map((p) => p.ply)).toEqual([4]);
    expect(costliest(r, 1, 1).map((p) => p.ply)).toEqual([1]);
  });
});

describe('gameAccuracy (Lichess: mean of the volatility-weighted and the harmonic mean)', () => {
  it('is 100 for perfect play and null with no graded move', () => {
    const perfect = [ply(0, 0, 50), ply(1, 0, 50), ply(2, 0, 50)];
    expect(gameAccuracy([50, 50, 50, 50], perfect, 0)).toBe(100);
    expect(gameAccuracy([50, 50], [ply(0, null, 50)], 0)).toBeNull();
    expect(gameAccuracy([50], [], 0)).toBeNull();
  });

  it('matches a hand computation', () => {
    // Side 0 plays plies 0 and 2 (losses 0 and 20), side 1 ply 1 (loss 0); window size 2 (fewer than 20 plies), no
    // repeated opening window: the weights are the stdevs of [50,50]=0→0.5, [50,50]=0→0.5, [50,30]=10.
    const plies = [ply(0, 0, 50), ply(1, 0, 50), ply(2, 20, 30)];
    const chances = [50, 50, 50, 30];
    const a = moveAccuracy(20);
    const weighted = (0.5 * 100 + 10 * a) / 10.5;
    const harmonic = 2 / (1 / 100 + 1 / a);
    expect(gameAccuracy(chances, plies, 0)).toBeCloseTo((weighted + harmonic) / 2, 0);
    expect(gameAccuracy(chances, plies, 1)).toBe(100);
  });

  // Longer games: the window is a tenth of the plies (2..8), and the first plies repeat the opening window
  // (size − 2 copies), so the window of ply i (i ≥ size − 2) is chances[i − size + 2 .. i + 2). Side 0 loses at its
  // first ply (chances[1]); every other move is perfect.
  const longGame = (n: number, after: number, loss: number) => {
    const chances = Array.from({ length: n + 1 }, (_, i) => (i === 1 ? after : 50));
    const plies = Array.from({ length: n }, (_, i) => (i === 0 ? ply(0, loss, after) : ply(i, 0, 50)));
    return { chances, plies, a: plies[0].accuracy! };
  };
  const close = (got: number | null, want: number) => expect(Math.abs(got! - want)).toBeLessThanOrEqual(0.06);

  it('30 plies: windows of 3, one opening copy; the drop weighs on the two side-0 plies whose windows hold it', () => {
    const { chances, plies, a } = longGame(30, 30, 20);
    // Ply 0: the opening window [50, 30, 50]; ply 2: [30, 50, 50]; both σ = √(800/9). The 13 other side-0 plies: 0.5.
    const w = Math.sqrt(800 / 9);
    const weighted = (w * a + w * 100 + 13 * 0.5 * 100) / (2 * w + 13 * 0.5);
    const harmonic = 15 / (14 / 100 + 1 / a);
    close(gameAccuracy(chances, plies, 0), (weighted + harmonic) / 2);
    expect(gameAccuracy(chances, plies, 1)).toBe(100);
  });

  it('a weight is at most 12, and the harmonic mean counts a 0 % move as 1 %', () => {
    const { chances, plies, a } = longGame(30, 0, 100);
    expect(a).toBe(0);
    // σ of [50, 0, 50] is 23.6: clamped to 12.
    const weighted = (12 * 0 + 12 * 100 + 13 * 0.5 * 100) / (2 * 12 + 13 * 0.5);
    const harmonic = 15 / (14 / 100 + 1 / 1);
    close(gameAccuracy(chances, plies, 0), (weighted + harmonic) / 2);
  });

  it('90 plies: windows of 8 at most (six opening copies)', () => {
    const { chances, plies, a } = longGame(90, 30, 20);
    // Plies 0, 2, 4 (opening copies) and 6 (chances[0..8)) hold the drop: σ of [50, 30, 50 × 6] = √43.75. The other
    // 41 side-0 plies: 0.5.
    const w = Math.sqrt(43.75);
    const weighted = (w * a + 3 * w * 100 + 41 * 0.5 * 100) / (4 * w + 41 * 0.5);
    const harmonic = 45 / (44 / 100 + 1 / a);
    close(gameAccuracy(chances, plies, 0), (weighted + harmonic) / 2);
  });
});
