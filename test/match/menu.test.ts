// The move builder's menus (src/match/menu.ts) over real positions of both
// games: every view fits Discord (≤ 4 menus of ≤ 25 options, short codes),
// offers only what leads to a legal move, reaches every legal move exactly
// once, and Back returns where the player came from; anything else is refused.
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { text } from '../../src/commands/kit/text.js';
import { errorText, getGame, type AnyGame, type RuleError } from '../../src/engine/index.js';
import { makeRng, randInt } from '../../src/engine/rng.js';
import { hasMessage } from '../../src/i18n/catalogue.js';
import { builder as en } from '../../src/i18n/en/builder.js';
import { builder as fr } from '../../src/i18n/fr/builder.js';
import type { Msg } from '../../src/i18n/msg.js';
import { advance } from '../../src/match/move.js';
import { CODE_RE, MAX_STEPS, menuView, type MenuView } from '../../src/match/menu.js';
import { tictactoe } from '../ai/fixtures/games.js';
import { EXXIT_SHORT } from '../support/scripted-games.js';

const must = <T>(r: { ok: true; value: T } | { ok: false; error: RuleError }): T => {
  if (!r.ok) throw new Error(errorText(r.error));
  return r.value;
};

function play(game: AnyGame, setup: string, moves: string[]): unknown {
  let s = must(game.initial(setup));
  for (const m of moves) s = must(game.play(s, must(game.parseMove(s, m))));
  return s;
}

/** Positions of a seeded random game, forced moves played as the bot plays them. */
function randomGame(game: AnyGame, setup: string, seed: number): unknown[] {
  const rng = makeRng(seed);
  const out: unknown[] = [];
  let s = must(game.initial(setup));
  while (!game.outcome(s).over) {
    out.push(s);
    const legal = game.legalMoves(s);
    s = advance(game, s, legal[randInt(rng, legal.length)]).state;
  }
  return out;
}

const words = (m: Msg): string => {
  expect(hasMessage('en', m.key), m.key).toBe(true);
  return text('en', m);
};

interface Walk {
  moves: string[];
  shapes: Set<string>;
}

/** Every view reachable from the first one, checked; returns the moves reached and the kinds of view seen. */
function walk(game: AnyGame, state: unknown): Walk {
  const moves: string[] = [];
  const shapes = new Set<string>();
  const visit = (v: MenuView, from: string[] | null) => {
    if (v.kind === 'none') throw new Error('nothing to choose');
    expect(v.back).toEqual(from);
    expect(v.path.length).toBeLessThanOrEqual(MAX_STEPS);
    if (v.kind === 'move') {
      moves.push(v.text);
      words(v.label);
      // The view of the move's path is the same move (Confirm and a reload see what the preview showed).
      expect(menuView(game, state, v.path)).toMatchObject({ kind: 'move', text: v.text });
      return;
    }
    expect(v.menus.length).toBeGreaterThanOrEqual(1);
    expect(v.menus.length).toBeLessThanOrEqual(4); // five rows, one for the buttons
    const values = v.menus.flatMap((m) => m.options.map((o) => o.value));
    expect(new Set(values).size).toBe(values.length);
    v.trail.forEach(words);
    shapes.add(v.menus.length > 1 ? (v.menus[0].placeholder.key === 'builder.part' ? 'split' : 'groups') : 'one');
    for (const m of v.menus) {
      expect(m.options.length).toBeGreaterThanOrEqual(1);
      expect(m.options.length).toBeLessThanOrEqual(25);
      expect(words(m.placeholder).length).toBeLessThanOrEqual(150);
      for (const o of m.options) {
        expect(words(o.label).length).toBeLessThanOrEqual(100);
        expect(words(o.description).length).toBeLessThanOrEqual(100);
        const codes = o.value.split('.');
        expect(codes.every((c) => CODE_RE.test(c))).toBe(true);
        const next = menuView(game, state, [...v.path, ...codes]);
        expect(next).not.toBeNull();
        visit(next!, v.path);
      }
    }
  };
  visit(menuView(game, state, [])!, null);
  return { moves, shapes };
}

function checkPosition(game: AnyGame, state: unknown): Walk {
  const w = walk(game, state);
  const legal = game.legalMoves(state).map((m) => game.formatMove(state, m, 'canonical'));
  expect([...w.moves].sort()).toEqual([...legal].sort());
  return w;
}

describe('menuView', () => {
  it('Exxit: random 39-tile games, every position: only legal moves, each once, within Discord’s limits', () => {
    const exxit = getGame('exxit');
    const shapes = new Set<string>();
    for (const seed of [1, 2])
      for (const s of randomGame(exxit, 'standard', seed))
        for (const k of checkPosition(exxit, s).shapes) shapes.add(k);
    // One menu, a menu per group (place / free), and a step split over two menus (more than 25 empty tiles).
    expect(shapes).toEqual(new Set(['one', 'groups', 'split']));
  });

  it('Orion Duel: positions of a random game, the whole tree of menus', () => {
    const orion = getGame('orion');
    const positions = randomGame(orion, 'random:11', 3);
    for (const k of [0, 9, 20, positions.length - 1]) checkPosition(orion, positions[k]);
  }, 60_000);

  it('Exxit: kinds first, then the stack and the direction; labels say what a move does', () => {
    const exxit = getGame('exxit');
    // The worked opening: the only move is shown at once, with nowhere to go back to.
    expect(menuView(exxit, play(exxit, 'standard', ['P 0,0', 'P 1,0', 'D 0,0 E', 'P 1,-1']), [])).toMatchObject({
      kind: 'move',
      path: ['d', 'B', 'NW'],
      back: null,
      text: 'D 1,0 NW',
      typed: 'D B NW',
      label: { key: 'builder.exxit.exitDance', params: { label: 'B', dir: 'NW' } },
    });
    const start = menuView(exxit, must(exxit.initial('standard')), []);
    if (start?.kind !== 'menus') throw new Error('menus expected');
    expect(start.path).toEqual(['p']); // the only kind, chosen for the player
    expect(start.menus.map((m) => words(m.placeholder))).toEqual(['Choose an empty tile']);
    expect(start.menus[0].options.map((o) => [words(o.label), words(o.description)])).toEqual([
      ['place on A', 'P A  (0,0)'],
      ['place on B', 'P B  (1,0)'],
      ['place on C', 'P C  (1,-1)'],
      ['place on D', 'P D  (0,1)'],
    ]);
  });

  it('Orion Duel: tile → column → cell → orientation named by its cells; Back one step at a time', () => {
    const orion = getGame('orion');
    const s = must(orion.initial('preset1'));
    const at = (path: string[]) => {
      const v = menuView(orion, s, path);
      if (v?.kind !== 'menus') throw new Error(`menus expected at ${path.join('.')}`);
      return v;
    };
    expect(at([]).menus[0].options.map((o) => o.value)).toEqual(['S1', 'P2', 'D2', 'L3', 'V3', 'T3']);
    expect(at(['L3']).menus[0].options.map((o) => o.value)).toEqual([...'ABCDEFGHIJK']);
    expect(at(['L3', 'E'])).toMatchObject({
      back: ['L3'],
      trail: [{ key: 'builder.orion.tile' }, { key: 'builder.orion.column' }],
    });
    const orient = at(['L3', 'E', 'E5']);
    expect(orient.back).toEqual(['L3', 'E']);
    expect(orient.menus[0].options.map((o) => words(o.label))).toEqual([
      'N · E5 E4 E3',
      'NE · E5 F4 G4',
      'S · E5 E6 E7',
      'NW · E5 D4 C3',
    ]);
    expect(menuView(orion, s, ['L3', 'E', 'E5', 'N'])).toMatchObject({
      kind: 'move',
      text: 'L3 E5 N',
      back: ['L3', 'E', 'E5'],
    });
    // The V3 names its bend with the orientation: "N R".
    expect(at(['V3', 'F', 'F8']).menus[0].options.map((o) => o.value)).toContain('NWR');
  });

  it('refuses paths it does not offer, and has nothing to offer when the rules move', () => {
    const orion = getGame('orion');
    const s = must(orion.initial('preset1'));
    for (const bad of [['XX'], ['L3', 'Z'], ['L3', 'E', 'E5', 'N', 'N'], ['L3', 'E', 'E5', 'R'], ['E'], ['L3', 'E5']])
      expect(menuView(orion, s, bad), bad.join('.')).toBeNull();
    const after = play(orion, 'preset1', ['L3 E5 N']);
    expect(menuView(orion, after, ['L3', 'E', 'E5', 'N'])).toBeNull();
    // Exxit: a forced pass (the bot plays it) and a finished game offer nothing.
    const exxit = getGame('exxit');
    // The scripted short game's first 33 plies: the side to move then has to pass.
    const pass = play(exxit, 'short', EXXIT_SHORT.slice(0, 33));
    expect(exxit.forcedMove(pass)).not.toBeNull();
    expect(menuView(exxit, pass, [])).toEqual({ kind: 'none' });
  });

  it('a game without movePaths gets one list of its moves', () => {
    const s = must(tictactoe.initial());
    const v = menuView(tictactoe as AnyGame, s, []);
    if (v?.kind !== 'menus') throw new Error('menus expected');
    expect(v.menus).toHaveLength(1);
    expect(v.menus[0].options.map((o) => o.label)).toEqual(
      [...'012345678'].map((c) => ({ key: 'builder.move', params: { move: c } })),
    );
    expect(menuView(tictactoe as AnyGame, s, ['4'])).toMatchObject({ kind: 'move', text: '4', back: [] });
  });

  it('the French words have the English keys and parse', () => {
    const flat = (o: object, p = ''): [string, string][] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'string' ? [[`${p}${k}`, v] as [string, string]] : flat(v as object, `${p}${k}.`),
      );
    const keys = flat(fr).map(([k]) => k);
    expect(keys).toEqual(flat(en).map(([k]) => k));
    for (const k of keys) expect(hasMessage('en', k), k).toBe(true);
    for (const [, v] of flat(fr))
      expect(() => new IntlMessageFormat(v, 'fr', undefined, { ignoreTag: true })).not.toThrow();
  });
});
