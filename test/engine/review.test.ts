// The review's grading on real positions (issue 20, docs/review.md): positions reached by seeded self-play at
// `medium` (the moves below), where the blunder is known from the rules.
import { beforeAll, describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { replay } from '../../src/engine/replay.js';
import { chanceAfter, reviewGame, reviewPly, type GameReview } from '../../src/engine/review.js';
import { equalScoresAtTheLastPly, move } from './exxit/helpers.js';
import { EXXIT_FREE as EXXIT_FREE_MOVES, EXXIT_TWO_PASSES, ORION_WIN_IN_ONE } from '../support/puzzle-positions.js';

/** The state after `moves` from `setup` (the test's own fixture: it must replay). */
function stateAfter(game: string, setup: string, moves: string[]): unknown {
  const r = replay(getGame(game), setup, moves);
  if (!r.ok) throw new Error(`fixture does not replay: ${JSON.stringify(r.error)}`);
  return r.states.at(-1);
}

// Orion, preset1: 14 plies of medium self-play; Orange to move. Three of its placements give Blue more victory
// conditions than Orange at once, and OD-18 then ends the game for Blue.
const ORION_MOVES = ORION_WIN_IN_ONE.slice(0, 14);
const ORION_LOSING = 'D2 E7 S';

// Exxit, short: 11 plies of medium self-play; Black to move, with no dance (EX-11) and a Free on 2,-1 that lays
// Black tiles (EX-18/19). Placing a pawn on 1,0 instead lets Red have it.
const EXXIT_MOVES = EXXIT_FREE_MOVES;
const EXXIT_MISS = 'P 1,0';
const EXXIT_FREE = 'F 2,-1';

describe('reviewPly', () => {
  it('grades an Orion placement that hands the opponent an OD-18 win as a blunder, and names another move', () => {
    const orion = getGame('orion');
    const before = stateAfter('orion', 'preset1', ORION_MOVES);
    const losing = orion.parseMove(before, ORION_LOSING);
    if (!losing.ok) throw new Error('fixture: the losing placement is not legal');
    const after = orion.play(before, losing.value);
    expect(after.ok && orion.outcome(after.value)).toMatchObject({ over: true, winner: 1, reason: 'OD-18' });
    for (const seed of [1, 2]) {
      const r = reviewPly('orion', before, ORION_LOSING, ORION_MOVES.length, { seed });
      expect(r).toMatchObject({ side: 0, forced: false, grade: 'blunder', playedChance: 0 });
      expect(r.best).not.toBe(r.played);
      expect(r.loss).toBeGreaterThanOrEqual(15);
      // The better move does not lose at once.
      const best = orion.parseMove(before, r.best);
      expect(best.ok).toBe(true);
      if (best.ok) {
        const next = orion.play(before, best.value);
        expect(next.ok && orion.outcome(next.value).over).toBe(false);
      }
    }
  });

  it('grades an Exxit move that misses a Free as a mistake or a blunder, and the Free as ok', () => {
    const before = stateAfter('exxit', 'short', EXXIT_MOVES);
    for (const seed of [1, 2]) {
      const miss = reviewPly('exxit', before, EXXIT_MISS, EXXIT_MOVES.length, { seed });
      expect(miss.side).toBe(1);
      expect(['mistake', 'blunder']).toContain(miss.grade);
      expect(miss.best).toMatch(/^F /);
      expect(miss.accuracy!).toBeLessThan(70);
      const free = reviewPly('exxit', before, EXXIT_FREE, EXXIT_MOVES.length, { seed });
      expect(['best', 'good']).toContain(free.grade);
      expect(free.loss).toBeLessThan(5);
    }
  });

  it('leaves a forced move ungraded but gives it a chance', () => {
    const exxit = getGame('exxit');
    // Ply 2: Red's only legal move is the compulsory dance from 1,0 (EX-11).
    const before = stateAfter('exxit', 'short', EXXIT_MOVES.slice(0, 2));
    expect(exxit.legalMoves(before)).toHaveLength(1);
    const r = reviewPly('exxit', before, EXXIT_MOVES[2], 2, { seed: 1 });
    expect(r).toMatchObject({ forced: true, grade: null, accuracy: null, loss: 0, played: 'D 1,0 W', best: 'D 1,0 W' });
    expect(r.playedChance).toBeGreaterThan(0);
    expect(r.playedChance).toBeLessThan(100);
  });

  it('grades a missed win in one from 100, though the search returns at once there (nothing to search)', () => {
    const orion = getGame('orion');
    const before = stateAfter('orion', 'preset1', ORION_WIN_IN_ONE);
    const win = orion.legalMoves(before).filter((m) => {
      const n = orion.play(before, m);
      return n.ok && orion.outcome(n.value).winner === orion.toMove(before);
    });
    expect(win).toHaveLength(1);
    const r = reviewPly('orion', before, 'S1 A1', ORION_WIN_IN_ONE.length, { seed: 1 });
    expect(r).toMatchObject({ side: 1, best: orion.formatMove(before, win[0], 'canonical'), bestChance: 100 });
    expect(r).toMatchObject({ grade: 'blunder', accuracy: 0 });
    expect(r.loss).toBeGreaterThanOrEqual(50);
  });

  it('refuses an illegal move', () => {
    const before = stateAfter('exxit', 'short', EXXIT_MOVES);
    expect(() => reviewPly('exxit', before, 'D 5,5 E', 11, { seed: 1 })).toThrow(/not legal/);
    // A long text is cut to 40 characters in the message.
    expect(() => reviewPly('exxit', before, `D 5,5 E${'x'.repeat(60)}`, 11, { seed: 1 })).toThrow(
      `reviewPly: ply 11 "D 5,5 E${'x'.repeat(33)}" is not legal here`,
    );
  });

  it('is deterministic for a seed', () => {
    const before = stateAfter('orion', 'preset1', ORION_MOVES.slice(0, 6));
    // A tenth of the budget: the same search code, and determinism does not depend on the budget's size.
    const budget = { player: 'hard', iterations: 360, visits: 90 } as const;
    const a = reviewPly('orion', before, ORION_MOVES[6], 6, { seed: 5, budget });
    const b = reviewPly('orion', before, ORION_MOVES[6], 6, { seed: 5, budget });
    expect(b).toEqual(a);
  });
});

// Exxit, short, random play: lone legal moves whose outcome is plain (EXXIT_TWO_PASSES, in test/support, and this
// one: after 105 plies Black's only move is the second pass, and Red is ahead).
const RANDOM_LOST = (
  'P 0,0;P 0,1;D 0,0 SE;P 1,-1;P 0,0;D 1,-1 SW;D 0,1 NW;P 1,0;F 0,-1;P 1,-1;P 0,1;D 0,0 SE;D 0,1 NE' +
  ';P 0,0;D 1,0 NW;F 2,-1;P 0,1;D 0,0 SE;P 0,0;D 1,-1 SW;F 1,-2;P 1,0;P 1,-2;P 1,-1;D 1,-2 SE;D 0,0 NE' +
  ';D 1,-1 SE;P 0,0;F 2,-2;P 2,-1;F -1,1;P -1,1;P 0,-1;D 0,0 NW;P 1,-1;D 1,0 NW;P 0,0;D 1,-1 SW' +
  ';D 0,0 NW;F 1,1;D 0,-1 E;D -1,1 NE;P 0,2;D 0,1 SE;D 0,2 NW;D 1,-1 SW;D 0,0 SW;D 2,-1 SW;P 0,0' +
  ';D -1,1 NE;P 2,-2;D 1,-1 NE;F 0,-2;P 0,-2;P 1,-1;D 0,0 NE;D 1,-1 NW;D 2,-2 W;D 1,-2 SE;D 0,1 E' +
  ';D 1,0 NW;D 1,-1 SE;P 2,-1;D 1,0 NE;F 1,-3;D 1,1 NW;P 0,0;D 2,-1 W;D 1,-1 W;D 1,-2 SW;D 0,-1 NW' +
  ';D 0,-2 SE;D 1,0 SW;D 0,0 SE;D 0,1 NW;P 1,0;D 0,-1 SE;D 0,0 NW;D 0,1 NE;F 0,-3;P 1,-2;D 0,-1 NE' +
  ';D 1,0 NW;P -1,-2;D 1,-2 W;P -1,1;P 2,-1;D 1,-1 E;P 0,0;D -1,1 NE;D 0,-2 SE;D 0,0 NW;D 0,-1 NW' +
  ';D -1,-2 NE;D 0,1 SE;D 0,-3 SE;D 0,-1 SE;D 0,-2 SE;D 0,0 NW;D 0,-1 NW;D 0,2 NW;D 0,1 NW;F 1,-4' +
  ';P 1,-2;pass'
).split(';');

describe('chanceAfter', () => {
  it('reads a finished position without a search: 100 for the mover’s win, 0 for a loss, 50 for a draw', () => {
    const budget = { player: 'hard', iterations: 1 } as const;
    const orion = getGame('orion');
    const won = stateAfter('orion', 'preset1', [...ORION_WIN_IN_ONE, 'S1 J2']);
    expect(orion.outcome(won)).toMatchObject({ over: true, winner: 1 });
    expect([chanceAfter(orion, won, 1, budget, 1), chanceAfter(orion, won, 0, budget, 1)]).toEqual([100, 0]);
    // EX-20d on equal scores (the rules test's position): a draw for either side.
    const exxit = getGame('exxit');
    const drawn = move(equalScoresAtTheLastPly(), 'D A E');
    expect(exxit.outcome(drawn)).toMatchObject({ over: true, winner: null, draw: true });
    expect([chanceAfter(exxit, drawn, 0, budget, 1), chanceAfter(exxit, drawn, 1, budget, 1)]).toEqual([50, 50]);
  });
});

describe('a forced move', () => {
  it('that ends the game has the result as its chance: 100 for a win, 0 for a loss', () => {
    // The fixtures as the rules see them: each pass ends the game (EX-20b), Black winning the first, Red the second.
    const exxit = getGame('exxit');
    for (const [moves, winner] of [
      [EXXIT_TWO_PASSES, 1],
      [RANDOM_LOST, 0],
    ] as const)
      expect(exxit.outcome(stateAfter('exxit', 'short', [...moves, 'pass']))).toMatchObject({
        over: true,
        winner,
        reason: 'EX-20b',
      });
    const won = reviewPly('exxit', stateAfter('exxit', 'short', EXXIT_TWO_PASSES), 'pass', 61, { seed: 1 });
    expect(won).toMatchObject({ side: 1, forced: true, playedChance: 100, bestChance: 100, loss: 0, grade: null });
    const lost = reviewPly('exxit', stateAfter('exxit', 'short', RANDOM_LOST), 'pass', 105, { seed: 1 });
    expect(lost).toMatchObject({ side: 1, forced: true, playedChance: 0, loss: 0, grade: null });
  });

  it('is worth the mover’s chance in the position it leaves, after any lone moves that follow it', () => {
    const exxit = getGame('exxit');
    const at26 = stateAfter('exxit', 'short', EXXIT_TWO_PASSES.slice(0, 26));
    const at27 = stateAfter('exxit', 'short', EXXIT_TWO_PASSES.slice(0, 27));
    expect(exxit.legalMoves(at26)).toHaveLength(1);
    expect(exxit.legalMoves(at27)).toHaveLength(1);
    // Ply 27 (Black's lone dance) leaves Red lost: Black's chance is high.
    const black = reviewPly('exxit', at27, EXXIT_TWO_PASSES[27], 27, { seed: 1 });
    expect(black).toMatchObject({ side: 1, forced: true });
    expect(black.playedChance).toBeGreaterThanOrEqual(85);
    // Ply 26 (Red's) is followed by that lone dance: Red's chance is read where Black's was, the other way round.
    const red = reviewPly('exxit', at26, EXXIT_TWO_PASSES[26], 26, { seed: 1 });
    expect(red).toMatchObject({ side: 0, forced: true });
    expect(red.playedChance + black.playedChance).toBeCloseTo(100, 0);
  });
});

describe('reviewGame', () => {
  const moves = [...EXXIT_MOVES, EXXIT_MISS];
  let review: GameReview;
  beforeAll(() => {
    review = reviewGame('exxit', 'short', moves, { seed: 3 });
  });

  it('has a chance per ply plus the start, and counts per side that match the grades', () => {
    expect(review.plies).toHaveLength(moves.length);
    expect(review.chances).toHaveLength(moves.length + 1);
    for (const c of review.chances) expect(c >= 0 && c <= 100).toBe(true);
    for (const side of [0, 1] as const) {
      const mine = review.plies.filter((p) => p.side === side && !p.forced);
      expect(review.sides[side].graded).toBe(mine.length);
      expect(review.sides[side].blunders).toBe(mine.filter((p) => p.grade === 'blunder').length);
      expect(review.sides[side].mistakes).toBe(mine.filter((p) => p.grade === 'mistake').length);
      expect(review.sides[side].inaccuracies).toBe(mine.filter((p) => p.grade === 'inaccuracy').length);
    }
    expect(review.plies.filter((p) => p.forced).map((p) => p.ply)).toContain(2);
    // The last ply is the missed Free: Black's chance after it is low, so side 0's is high.
    expect(review.plies.at(-1)!.grade).toMatch(/mistake|blunder/);
    expect(review.sides[1].accuracy!).toBeLessThan(review.sides[0].accuracy!);
  });

  it('is deterministic for a seed', () => {
    // A tenth of the budget, twice (the full review above costs seconds): the same search code either way.
    const budget = { player: 'hard', iterations: 8000, visits: 0 } as const;
    expect(reviewGame('exxit', 'short', moves, { seed: 3, budget })).toEqual(
      reviewGame('exxit', 'short', moves, { seed: 3, budget }),
    );
  });
});
