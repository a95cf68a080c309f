// The levels' table (levels.ts) and what searchPosition takes from it: names players may pick, expert as hard with a
// larger budget, a game without a row of its own, and a server's time cap that lowers a level's and never raises it.
import { describe, expect, it } from 'vitest';
import { searchPosition } from '../../src/engine/ai/index.js';
import {
  EXPERT_TIME_MS,
  isLevel,
  isReference,
  isSearchPlayer,
  LEVEL_NAMES,
  levelParams,
  playerParams,
  REFERENCE_NAMES,
  REFERENCES,
} from '../../src/engine/ai/levels.js';
import { getGame, type GameId } from '../../src/engine/index.js';

describe('the level names', () => {
  it('are the four levels; a reference is a search player but not a level', () => {
    for (const l of LEVEL_NAMES) expect([isLevel(l), isSearchPlayer(l), isReference(l)]).toEqual([true, true, false]);
    for (const r of REFERENCE_NAMES)
      expect([isLevel(r), isSearchPlayer(r), isReference(r)]).toEqual([false, true, true]);
    for (const x of ['Easy', 'impossible', '', null, 3, undefined, ['easy']])
      expect([isLevel(x), isSearchPlayer(x), isReference(x)]).toEqual([false, false, false]);
  });
});

describe('the parameters of a level', () => {
  it('expert is hard with sixteen times its budget and a 10-second cap', () => {
    for (const game of ['exxit', 'orion'] as const) {
      const hard = levelParams(game, 'hard');
      expect(levelParams(game, 'expert')).toEqual({
        ...hard,
        iterations: hard.iterations * 16,
        timeMs: EXPERT_TIME_MS,
      });
    }
  });

  it('grow from easy to hard in budget', () => {
    for (const game of ['exxit', 'orion'] as const) {
      const [easy, medium, hard] = (['easy', 'medium', 'hard'] as const).map((l) => levelParams(game, l).iterations);
      expect(easy).toBeLessThan(medium);
      expect(medium).toBeLessThan(hard);
    }
  });

  it('a game without a row (a test’s or an extension’s) gets plain UCT with random playouts', () => {
    const other = 'tictactoe' as GameId;
    for (const level of LEVEL_NAMES) {
      const p = levelParams(other, level);
      expect(p).toMatchObject({
        usePriors: false,
        useEvaluation: false,
        usePlayoutPolicy: false,
        playoutDepth: Infinity,
      });
      expect(p.algorithm).toBeUndefined();
    }
    expect(levelParams(other, 'expert').iterations).toBe(16 * levelParams(other, 'hard').iterations);
    expect(playerParams(other, 'ref-2026-12')).toEqual(levelParams(other, 'hard'));
    expect(playerParams('orion', 'ref-2026-12')).toEqual(REFERENCES['ref-2026-12'].orion);
    expect(playerParams('exxit', 'medium')).toEqual(levelParams('exxit', 'medium'));
  });
});

describe('a server’s time cap (searchPosition timeMs)', () => {
  // Exxit's hard level is an alpha-beta that reads the clock every so many nodes; a clock that moves `step` ms a read.
  const exxit = getGame('exxit');
  const init = exxit.initial('short');
  if (!init.ok) throw new Error('fixture: the short setup');
  const start = exxit.position(init.value);
  const clock = (step: number) => {
    let t = 0;
    return () => (t += step);
  };
  const nodes = (step: number, timeMs?: number) =>
    searchPosition('exxit', start, 'hard', 1, clock(step), undefined, timeMs, 20_000).iterations;

  it('lowers the level’s cap', () => {
    // 1 ms a read: the level's 1.5 s is never reached, the budget is.
    expect(nodes(1)).toBeGreaterThanOrEqual(20_000);
    expect(nodes(1, 5)).toBeLessThan(20_000);
  });

  it('never raises it', () => {
    // 100 ms a read: the level's 1.5 s stops the search before its budget, whatever the cap asked.
    expect(nodes(100)).toBeLessThan(20_000);
    expect(nodes(100, 100_000)).toBe(nodes(100));
  });
});
