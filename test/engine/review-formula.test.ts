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
});
