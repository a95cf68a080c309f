// The move builder (src/match/menu.ts) at its edges, on made-up games whose moves split into paths chosen here: the
// engine's paths refused when they break the builder's contract (one per move, 1 to 6 short codes, none shared, none
// the start of another), and Discord's limits met exactly at their edges (4 menus, 25 options), with the moves that
// do not fit counted, labels shortened only where they stay distinct, and paths the builder never offered refused.
import { describe, expect, it } from 'vitest';
import type { AnyGame, MovePath, Note } from '../../src/engine/index.js';
import { MENU_OPTIONS, MENUS, menuView, type MenuView } from '../../src/match/menu.js';
import { tictactoe } from '../ai/fixtures/games.js';

const note = (id: string): Note => ({ id, params: {} });

/** A game of `n` moves (0 … n-1) whose move i takes the path `paths(i)` (codes, each step noted by its code). */
function madeUp(n: number, paths: (i: number) => string[]): AnyGame {
  const movePaths = (_s: unknown, moves: readonly unknown[]): MovePath[] =>
    moves.map((m) => {
      const codes = paths(m as number);
      return {
        steps: codes.map((code, k) => ({ level: note(`level${k}`), code, note: note(`step.${code}`) })),
        note: note(`move.${m as number}`),
      };
    });
  return {
    ...(tictactoe as unknown as AnyGame),
    legalMoves: () => Array.from({ length: n }, (_, i) => i),
    outcome: () => ({ over: false, winner: null, draw: false, reason: null }),
    forcedMove: () => null,
    formatMove: (_s: unknown, m: unknown) => `m${m as number}`,
    moveHint: () => '',
    movePaths,
  } as AnyGame;
}

/** The view at `path` of a fresh state (the builder caches by state object). */
const view = (game: AnyGame, path: string[] = []): MenuView | null => menuView(game, {}, path);

const menusOf = (v: MenuView | null) => {
  if (v?.kind !== 'menus') throw new Error(`menus expected, got ${JSON.stringify(v)}`);
  return v;
};

describe('the engine’s paths, checked', () => {
  it('one path per move, of 1 to 6 short codes, none shared and none the start of another', () => {
    const wrongCount = { ...madeUp(3, (i) => [`a${i}`]) } as AnyGame;
    const paths = (st: unknown, moves: readonly unknown[]) => wrongCount.movePaths!(st, moves);
    for (const drop of [1, -1]) {
      const g = {
        ...wrongCount,
        movePaths: (s: unknown, moves: readonly unknown[]) => {
          const all = paths(s, moves);
          return drop > 0 ? all.slice(1) : [...all, all[0]];
        },
      } as AnyGame;
      expect(() => view(g)).toThrow(/paths for 3 moves/);
    }
    expect(() => view(madeUp(2, () => []))).toThrow(/bad path/);
    expect(() => view(madeUp(2, (i) => ['a', 'b', 'c', 'd', 'e', 'f', `g${i}`]))).toThrow(/bad path/);
    expect(menusOf(view(madeUp(2, (i) => ['a', 'b', 'c', 'd', 'e', `f${i}`]))).menus).toHaveLength(1);
    expect(() => view(madeUp(2, (i) => [`a-${i}`]))).toThrow(/bad path/);
    expect(() => view(madeUp(2, () => ['same']))).toThrow(/share a path/);
    expect(() => view(madeUp(2, (i) => (i === 0 ? ['a'] : ['a', 'b'])))).toThrow(/start of another/);
    expect(() => view(madeUp(3, (i) => (i === 0 ? ['a', 'b'] : i === 1 ? ['a', 'b', 'c'] : ['z'])))).toThrow(
      /start of another/,
    );
  });
});

describe('Discord’s limits, at their edges', () => {
  it('four groups that each fit: a menu per group; a fifth group: one menu of the moves', () => {
    const four = menusOf(view(madeUp(8, (i) => [`g${i % 4}`, `m${i}`])));
    expect(four.menus).toHaveLength(MENUS);
    expect(four.menus.map((m) => m.placeholder)).toEqual(
      [0, 1, 2, 3].map((g) => ({ key: `builder.step.g${g}`, params: {} })),
    );
    const five = menusOf(view(madeUp(10, (i) => [`g${i % 5}`, `m${i}`])));
    expect(five.menus).toHaveLength(1);
    expect(five.menus[0].options).toHaveLength(10);
  });

  it('25 choices of a first step in one menu named by its level; more are split into parts, four menus at most', () => {
    const fit = menusOf(view(madeUp(50, (i) => [`s${Math.floor(i / 2)}`, `m${i}`])));
    expect(fit.menus).toHaveLength(1);
    expect(fit.menus[0].options).toHaveLength(MENU_OPTIONS);
    expect(fit.menus[0].placeholder).toEqual({ key: 'builder.level0', params: {} });
    expect(fit.hidden).toBe(0);
    const split = menusOf(view(madeUp(52, (i) => [`s${Math.floor(i / 2)}`, `m${i}`])));
    expect(split.menus.map((m) => m.options.length)).toEqual([25, 1]);
    expect(split.menus[0].placeholder).toMatchObject({ key: 'builder.part', params: { first: 's0', last: 's24' } });
    // 110 first steps: four menus of 25, and the moves under the ten left out are counted.
    const over = menusOf(view(madeUp(220, (i) => [`s${Math.floor(i / 2)}`, `m${i}`])));
    expect(over.menus).toHaveLength(MENUS);
    expect(over.hidden).toBe(20);
  });

  it('names a move by its last step once the first is known, unless two would read the same', () => {
    const distinct = menusOf(view(madeUp(4, (i) => [`g${i % 2}`, `m${i}`])));
    expect(distinct.menus[0].options.map((o) => o.label)).toEqual([
      { key: 'builder.step.m0', params: {} },
      { key: 'builder.step.m2', params: {} },
    ]);
    // Under one first step (skipped for the player), the last steps alone.
    const under = menusOf(view(madeUp(3, (i) => ['only', `m${i}`])));
    expect(under.path).toEqual(['only']);
    expect(under.menus[0].options.map((o) => o.label)).toEqual(
      [0, 1, 2].map((i) => ({ key: `builder.step.m${i}`, params: {} })),
    );
    // Two that would read the same (both end on the same step): the whole moves.
    const same = menusOf(view(madeUp(4, (i) => [`g${i % 2}`, `m${i}`, 'end'])));
    expect(same.menus[0].options.map((o) => o.label)).toEqual(
      [0, 2].map((i) => ({ key: `builder.move.${i}`, params: {} })),
    );
    // Nothing known yet: the whole move.
    const flat = menusOf(view(madeUp(3, (i) => [`m${i}`])));
    expect(flat.menus[0].options.map((o) => o.label)).toEqual(
      [0, 1, 2].map((i) => ({ key: `builder.move.${i}`, params: {} })),
    );
  });
});

describe('paths the builder did not offer', () => {
  it('a path past a move, or stopping inside the one move a first step leads to, is refused', () => {
    // 30 moves, each its own first step: the first step is chosen first (more than a menu holds), then the move.
    const g = madeUp(30, (i) => [`s${i}`, `m${i}`, `x${i}`]);
    expect(menusOf(view(g)).menus[0].options[3].value).toBe('s3');
    expect(view(g, ['s3'])).toMatchObject({ kind: 'move', move: 3, path: ['s3', 'm3', 'x3'], back: [] });
    expect(view(g, ['s3', 'm3', 'x3'])).toMatchObject({ kind: 'move', move: 3 });
    expect(view(g, ['s3', 'm3'])).toBeNull();
    expect(view(g, ['s3', 'm3', 'x3', 'more'])).toBeNull();
    expect(view(g, ['s3', 'm4', 'x4'])).toBeNull();
    // Few moves: each option is a whole move, and only whole moves are taken.
    const few = madeUp(4, (i) => [`g${i % 2}`, `m${i}`, `x${i}`]);
    expect(view(few, ['g0', 'm0', 'x0'])).toMatchObject({ kind: 'move', move: 0 });
    expect(view(few, ['g0', 'm0'])).toBeNull();
    expect(view(few, ['g0', 'm0', 'x0', 'more'])).toBeNull();
  });
});

describe('the menus’ shape at their edges', () => {
  it('a group of exactly 25 moves still gets a menu of its own beside another group', () => {
    // Two groups, of 25 and 1: 26 moves in all, more than one menu holds, but each group fits one.
    const v = menusOf(view(madeUp(26, (i) => (i < 25 ? ['g0', `m${i}`] : ['g1', `m${i}`]))));
    expect(v.menus.map((m) => m.options.length)).toEqual([25, 1]);
    expect(v.menus.map((m) => m.placeholder)).toEqual([
      { key: 'builder.step.g0', params: {} },
      { key: 'builder.step.g1', params: {} },
    ]);
  });

  it('two groups that fit, one of a single move: a menu per group', () => {
    const v = menusOf(view(madeUp(3, (i) => [`g${i === 2 ? 1 : 0}`, `m${i}`])));
    expect(v.menus.map((m) => m.options.length)).toEqual([2, 1]);
  });

  it('exactly 25 moves in five groups: one menu of the moves, not a choice of groups', () => {
    const v = menusOf(view(madeUp(25, (i) => [`g${i % 5}`, `m${i}`])));
    expect(v.menus).toHaveLength(1);
    expect(v.menus[0].options).toHaveLength(25);
    // Each option a whole move (its group and its move), none a group alone.
    expect(v.menus[0].options.every((o) => /^g\d\.m\d+$/.test(o.value))).toBe(true);
  });

  it('one menu of moves of unequal length is “Choose your move”; all one step, the level’s words', () => {
    const mixed = menusOf(view(madeUp(5, (i) => (i < 4 ? [`s${i}`] : [`s${i}`, 'x']))));
    expect(mixed.menus[0].placeholder).toEqual({ key: 'builder.chooseMove' });
    const even = menusOf(view(madeUp(5, (i) => [`s${i}`])));
    expect(even.menus[0].placeholder).toEqual({ key: 'builder.level0', params: {} });
  });

  it('a path with one bad code among good ones is refused', () => {
    expect(() => view(madeUp(2, (i) => [`a${i}`, 'b-c']))).toThrow(/bad path/);
  });
});

describe('a game without paths of its own', () => {
  it('lists every move in one menu under the plain “Choose your move” level, each labelled by its notation', () => {
    const v = menusOf(menuView(tictactoe as unknown as AnyGame, { cells: Array(9).fill(null), toMove: 0, ply: 0 }, []));
    expect(v.menus).toHaveLength(1);
    expect(v.menus[0].placeholder).toEqual({ key: 'builder.level.move', params: {} });
    expect(v.menus[0].options).toHaveLength(9);
    expect(v.menus[0].options[0].label).toMatchObject({ key: 'builder.move' });
  });
});
