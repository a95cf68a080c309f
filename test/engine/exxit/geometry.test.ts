// The Exxit world's bounds (geometry.ts): a stored state or a typed move may name any cell the rules can ever
// reach (no tile beyond 36 steps of (0,0), EX-18, and one step more for prisoner cells and walks), and nothing
// else, so that the 80 × 80 grid never wraps between rows.
import { describe, expect, it } from 'vitest';
import { cellOf, hexDist, inWorldBounds, MAX_DIST, qOf, rOf } from '../../../src/engine/exxit/geometry.js';

describe('inWorldBounds', () => {
  it.each([
    [0, 0, true],
    [MAX_DIST, 0, true],
    [0, -MAX_DIST, true],
    [-MAX_DIST, MAX_DIST, true], // 37 steps along a diagonal
    [20, 17, true], // 37 steps: q + r counts
    [MAX_DIST + 1, 0, false],
    [20, 18, false], // 38 steps, though q − r is small
    [-19, -19, false],
    [0.5, 0, false],
    [0, 0.5, false],
    [Number.NaN, 0, false],
  ])('(%d, %d) is %s', (q, r, inside) => {
    expect(inWorldBounds(q, r)).toBe(inside);
  });

  it('every cell within the bounds has its own index, and reads back', () => {
    const seen = new Set<number>();
    for (let q = -MAX_DIST; q <= MAX_DIST; q++)
      for (let r = -MAX_DIST; r <= MAX_DIST; r++) {
        if (!inWorldBounds(q, r)) continue;
        const c = cellOf(q, r);
        expect(seen.has(c)).toBe(false);
        seen.add(c);
        expect([qOf(c), rOf(c)]).toEqual([q, r]);
        expect(Object.is(qOf(c), -0) || Object.is(rOf(c), -0)).toBe(false);
      }
    // A hexagon of radius 37: 3·37·38 + 1 cells.
    expect(seen.size).toBe(3 * MAX_DIST * (MAX_DIST + 1) + 1);
    expect(hexDist(3, -5)).toBe(5);
  });
});
