// The puzzle check (issue 20, docs/puzzles.md) on constructed positions: positions of seeded self-play at `medium`
// where the rules say which move is best (a win at once by OD-18, a Free that lays tiles), and one with two.
import { describe, expect, it } from 'vitest';
import { playerParams } from '../../src/engine/ai/levels.js';
import { getGame } from '../../src/engine/index.js';
import { searchPosition } from '../../src/engine/ai/index.js';
import { checkPuzzle, PUZZLE_GAP, puzzleBudget, puzzleFoundBy, screenGap } from '../../src/engine/puzzle.js';
import { replay } from '../../src/engine/replay.js';
import { chanceAfter } from '../../src/engine/review.js';
import { makeRng, randInt } from '../../src/engine/rng.js';
import { EXXIT_FREE, ORION_WIN_IN_ONE } from '../support/puzzle-positions.js';

function stateAfter(game: string, setup: string, moves: string[]): unknown {
  const r = replay(getGame(game), setup, moves);
  if (!r.ok) throw new Error(`fixture does not replay: ${JSON.stringify(r.error)}`);
  return r.states.at(-1);
}

// Orion preset1, 27 plies (ORION_WIN_IN_ONE): Blue to move, and one placement (S1 J2) gives Blue more victory
// conditions (OD-18). Exxit short, 11 plies (EXXIT_FREE): Black to move with no dance (EX-11) and a Free on 2,-1 that
// lays Black tiles (EX-18/19). Both are in test/support/puzzle-positions.ts, which the bot tests' puzzles use too.

// Orion preset1, 15 plies: Blue to move, with two different placements that win at once (S1 J2 and D2 K1 NW).
const ORION_TWO = [
  'P2 C6 N',
  'V3 D6 NE L',
  'V3 A2 NE R',
  'P2 A1 NE',
  'V3 D5 N R',
  'V3 G6 N L',
  'T3 C8 NW',
  'T3 G3 SW',
  'L3 E1 S',
  'T3 G1 S',
  'V3 C2 N R',
  'V3 G4 SE R',
  'T3 I4 N',
  'L3 J1 SW',
  'L3 F6 SW',
];

const small = { player: 'hard', iterations: 1500 } as const;

// Exxit short, random play: Black to move with exactly two legal moves, one much better (P 0,1).
const EXXIT_TWO_MOVES = 'P 0,0;P 1,-1;D 0,0 NE;P 0,0;D 1,-1 SW;P 1,0;F -1,1;P -1,1;P 1,-1;D 0,0 NE;P 0,0;D 1,0 W'.split(
  ';',
);

describe('checkPuzzle', () => {
  it('searches at least ten times a hard move', () => {
    for (const game of ['exxit', 'orion']) {
      expect(puzzleBudget(game).iterations).toBeGreaterThanOrEqual(10 * playerParams(game, 'hard').iterations);
      expect(puzzleBudget(game).player).toBe('hard');
    }
  });

  it('takes an Orion placement that wins at once by OD-18 as a puzzle', () => {
    const c = checkPuzzle('orion', stateAfter('orion', 'preset1', ORION_WIN_IN_ONE), { seed: 1, budget: small });
    expect(c).toMatchObject({ unique: true, best: 'S1 J2', bestChance: 100 });
    expect(c!.second).not.toBe('S1 J2');
    expect(c!.gap).toBeGreaterThanOrEqual(PUZZLE_GAP);
  });

  it('refuses a position with two equally good moves', () => {
    const c = checkPuzzle('orion', stateAfter('orion', 'preset1', ORION_TWO), { seed: 1, budget: small });
    expect(c).toMatchObject({ unique: false, bestChance: 100, secondChance: 100, gap: 0 });
    expect([c!.best, c!.second].sort()).toEqual(['D2 K1 NW', 'S1 J2']);
  });

  it('reads each move’s chance off its own search (Orion, mid-game: nothing proven)', () => {
    const orion = getGame('orion');
    const mid = stateAfter('orion', 'preset1', ORION_TWO.slice(0, 6));
    const c = checkPuzzle('orion', mid, { seed: 1, budget: small })!;
    const round1 = (x: number) => Math.round(x * 10) / 10;
    const first = searchPosition('orion', orion.position(mid), 'hard', 1, undefined, undefined, undefined, 1500);
    expect([first.proven, first.iterations > 0]).toEqual([null, true]);
    expect(c.best).toBe(orion.formatMove(mid, first.move, 'canonical'));
    expect(c.bestChance).toBe(round1(first.value * 100));
    const second = searchPosition('orion', orion.position(mid), 'hard', 1, undefined, undefined, undefined, 1500, [
      first.move,
    ]);
    expect(c.second).toBe(orion.formatMove(mid, second.move, 'canonical'));
    expect(c.secondChance).toBe(round1(second.value * 100));
  });

  it('takes an Exxit Free that lays tiles as a puzzle, deterministically', () => {
    const before = stateAfter('exxit', 'short', EXXIT_FREE);
    const budget = { player: 'hard', iterations: 50_000 } as const;
    const c = checkPuzzle('exxit', before, { seed: 2, budget });
    expect(c).toMatchObject({ unique: true, best: 'F 2,-1' });
    expect(c!.gap).toBeGreaterThanOrEqual(PUZZLE_GAP);
    // Points to one decimal, as stored and shown.
    for (const x of [c!.gap, c!.bestChance, c!.secondChance]) expect(x).toBe(Math.round(x * 10) / 10);
    expect(checkPuzzle('exxit', before, { seed: 2, budget })).toEqual(c);
  });

  it('weighs the two moves of a position that has only two, and has no puzzle once the game is over', () => {
    const exxit = getGame('exxit');
    const two = stateAfter('exxit', 'short', EXXIT_TWO_MOVES);
    expect(
      exxit
        .legalMoves(two)
        .map((m) => exxit.formatMove(two, m, 'canonical'))
        .sort(),
    ).toEqual(['P 0,1', 'P 1,0']);
    const budget = { player: 'hard', iterations: 20_000 } as const;
    const c = checkPuzzle('exxit', two, { seed: 1, budget });
    expect(c).toMatchObject({ best: 'P 0,1', second: 'P 1,0', unique: true });
    expect(c!.gap).toBe(Math.round((c!.bestChance - c!.secondChance) * 10) / 10);
    // The best move's chance is the first search's own value; the second search, left with one move, answers at
    // once, so the position after that move is searched for its chance.
    const round1 = (x: number) => Math.round(x * 10) / 10;
    const first = searchPosition('exxit', exxit.position(two), 'hard', 1, undefined, undefined, undefined, 20_000);
    expect(first.iterations).toBeGreaterThan(0);
    expect(c!.bestChance).toBe(round1(first.value * 100));
    const after = stateAfter('exxit', 'short', [...EXXIT_TWO_MOVES, 'P 1,0']);
    expect(c!.secondChance).toBe(round1(chanceAfter(exxit, after, exxit.toMove(two), budget, 1)));
    expect(c!.secondChance).not.toBe(50);
    expect(screenGap('exxit', two, 1, 1500)).toBeGreaterThan(0);
    const won = stateAfter('orion', 'preset1', [...ORION_WIN_IN_ONE, 'S1 J2']);
    expect(checkPuzzle('orion', won, { seed: 1, budget: small })).toBeNull();
  });

  it('has no puzzle where the move is forced', () => {
    // Ply 2: Red's only legal move is the compulsory dance from 1,0 (EX-11).
    expect(
      checkPuzzle('exxit', stateAfter('exxit', 'short', EXXIT_FREE.slice(0, 2)), { seed: 1, budget: small }),
    ).toBeNull();
  });
});

describe('screenGap (the miner’s cheap look before the check)', () => {
  it('is 0 where there is nothing to choose: a finished game, a forced move', () => {
    const won = stateAfter('orion', 'preset1', [...ORION_WIN_IN_ONE, 'S1 J2']);
    expect(getGame('orion').outcome(won).over).toBe(true);
    expect(screenGap('orion', won, 1, 1500)).toBe(0);
    expect(screenGap('exxit', stateAfter('exxit', 'short', EXXIT_FREE.slice(0, 2)), 1, 1500)).toBe(0);
  });

  it('is 0 when the search had too little budget to weigh two moves', () => {
    // The Exxit Free with a budget of one node: the alpha-beta cut in its first iteration lists the one root move it
    // searched in full.
    const exxit = getGame('exxit');
    const free = stateAfter('exxit', 'short', EXXIT_FREE);
    const r = searchPosition('exxit', exxit.position(free), 'hard', 1, undefined, undefined, undefined, 1);
    expect([r.children.length, r.proven]).toEqual([1, null]);
    expect(screenGap('exxit', free, 1, 1)).toBe(0);
  });

  it('is the full 100 points for a win in one, and a clear gap for the Free, the same for a seed', () => {
    expect(screenGap('orion', stateAfter('orion', 'preset1', ORION_WIN_IN_ONE), 1, 1500)).toBe(100);
    const free = stateAfter('exxit', 'short', EXXIT_FREE);
    const gap = screenGap('exxit', free, 1, 1500);
    expect(gap).toBeGreaterThan(PUZZLE_GAP);
    expect(gap).toBeLessThan(100);
    expect(screenGap('exxit', free, 1, 1500)).toBe(gap);
  });

  it('is 0 where two moves win at once (the root check plays the first without looking further)', () => {
    const g = getGame('orion');
    const winsAtOnce = (s: unknown) =>
      g.legalMoves(s).filter((m) => {
        const next = g.play(s, m);
        return next.ok && g.outcome(next.value).winner === g.toMove(s);
      }).length;
    // The first position of seeded random games with two wins in one for the side to move.
    const rng = makeRng('two-wins');
    let found: unknown = null;
    for (let game = 0; found === null && game < 40; game++) {
      let s = getGame('orion').initial('preset1');
      while (s.ok && !g.outcome(s.value).over) {
        if (winsAtOnce(s.value) > 1) {
          found = s.value;
          break;
        }
        const ms = g.legalMoves(s.value);
        s = g.play(s.value, ms[randInt(rng, ms.length)]);
      }
    }
    expect(found).not.toBeNull();
    expect(screenGap('orion', found, 1, 1500)).toBe(0);
    // A single win in one is still the full 100 (the fixture has one).
    expect(winsAtOnce(stateAfter('orion', 'preset1', ORION_WIN_IN_ONE))).toBe(1);
  });
});

describe('puzzleFoundBy (a puzzle’s difficulty)', () => {
  it('is the weakest level whose own move is the solution, for that seed', () => {
    const orion = stateAfter('orion', 'preset1', ORION_WIN_IN_ONE);
    expect(puzzleFoundBy('orion', orion, 'S1 J2', 1)).toBe('easy');
    const exxit = getGame('exxit');
    const free = stateAfter('exxit', 'short', EXXIT_FREE);
    for (const seed of [1, 2, 3, 4]) {
      const level = puzzleFoundBy('exxit', free, 'F 2,-1', seed);
      expect(level).not.toBeNull();
      const order = ['easy', 'medium', 'hard'] as const;
      // The level found plays the Free with this seed; every weaker one plays something else.
      for (const weaker of order.slice(0, order.indexOf(level!) + 1)) {
        const move = exxit.formatMove(free, searchPosition('exxit', exxit.position(free), weaker, seed).move);
        expect(move === 'F 2,-1', `${weaker}, seed ${seed}`).toBe(weaker === level);
      }
    }
  });

  it('is null when no level plays the move, and refuses a move that is not legal', () => {
    const free = stateAfter('exxit', 'short', EXXIT_FREE);
    expect(puzzleFoundBy('exxit', free, 'P 1,0', 1)).toBeNull();
    expect(() => puzzleFoundBy('exxit', free, 'D 5,5 E', 1)).toThrow(/not legal here/);
    // The text is cut to 40 characters in the message.
    expect(() => puzzleFoundBy('exxit', free, `D 5,5 E${'x'.repeat(60)}`, 1)).toThrow(
      `puzzleFoundBy: "D 5,5 E${'x'.repeat(33)}" is not legal here`,
    );
  });
});
