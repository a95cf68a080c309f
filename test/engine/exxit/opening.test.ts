// The worked opening of rules/exxit.md, step by step.
import { describe, expect, it } from 'vitest';
import { exxit } from '../../../src/engine/exxit/index.js';
import { B, init, legal, move, R, refusal, stackAt } from './helpers.js';
import { refused } from '../refused.js';

describe('EX worked opening', () => {
  it('plays the six steps with the exact legal move sets', () => {
    let s = init();
    expect(s.toMove).toBe(R);
    expect(s.stock).toBe(35);
    expect(s.reserves).toEqual([8, 8]);
    // 1. Red: exactly the four placements.
    expect(legal(s)).toEqual(['P 0,0', 'P 0,1', 'P 1,-1', 'P 1,0']);
    s = move(s, 'P 0,0');
    expect(stackAt(s, 0, 0)).toEqual([R]);
    // 2. Black: the three remaining placements.
    expect(s.toMove).toBe(B);
    expect(legal(s)).toEqual(['P 0,1', 'P 1,-1', 'P 1,0']);
    s = move(s, 'P 1,0');
    expect(stackAt(s, 1, 0)).toEqual([B]);
    expect(s.reserves).toEqual([7, 7]);
    // 3. Red: only D 0,0 E.
    expect(legal(s)).toEqual(['D 0,0 E']);
    expect(refusal(s, 'P 1,-1')).toEqual(refused('EX-11a', 'exxit.danceCompulsory', { count: 1 }));
    s = move(s, 'D 0,0 E');
    expect(stackAt(s, 0, 0)).toEqual([]);
    expect(stackAt(s, 1, 0)).toEqual([B, R]);
    expect(s.last?.sown).toEqual([{ q: 1, r: 0 }]);
    // 4. Black: no stack of Black's, so no dance.
    expect(legal(s)).toEqual(['P 0,0', 'P 0,1', 'P 1,-1']);
    s = move(s, 'P 1,-1');
    expect(stackAt(s, 1, -1)).toEqual([B]);
    expect(s.reserves).toEqual([7, 6]);
    // 5. Red: only the exit dance D 1,0 NW; W and SW are not dances (EX-13b).
    expect(legal(s)).toEqual(['D 1,0 NW']);
    expect(refusal(s, 'D B W')?.rule).toBe('EX-13b');
    expect(refusal(s, 'D B SW')?.rule).toBe('EX-13b');
    s = move(s, 'D 1,0 NW');
    expect(stackAt(s, 1, 0)).toEqual([]);
    expect(stackAt(s, 1, -1)).toEqual([B, B]);
    expect(s.prisoners).toEqual([{ q: 1, r: -2, label: 'X1', stack: [R] }]);
    expect(s.last?.label).toBe('D B NW');
    expect(s.last?.sown).toEqual([
      { q: 1, r: -1 },
      { q: 1, r: -2 },
    ]);
    // 6. Black: C has no dance, X1 cannot be freed.
    expect(legal(s)).toEqual(['P 0,0', 'P 0,1', 'P 1,0']);
    expect(refusal(s, 'F X1')).toEqual(refused('EX-18', 'exxit.freeTooFewTiles', { tiles: 1, cell: 'X1' }));
    expect(refusal(s, 'D C NW')?.rule).toBe('EX-13b');
    expect(s.reserves).toEqual([7, 6]);
    expect(s.stock).toBe(35);
    expect(s.ply).toBe(5);
    expect(exxit.outcome(s)).toEqual({ over: false, winner: null, draw: false, reason: null });
  });

  it('accepts the same opening in label notation', () => {
    let s = init();
    for (const t of ['p a', 'P  B', 'd a e', 'P C', 'D B NW']) s = move(s, t);
    expect(s.prisoners[0].label).toBe('X1');
    expect(exxit.formatMove(s, s.last!.move, 'label')).toBe('D B NW');
  });
});
