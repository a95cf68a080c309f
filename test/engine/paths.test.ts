// Game.movePaths: each legal move as the menu choices of the move builder. The builder (src/match/menu.ts) trusts
// the paths to form a tree: one question per node, one option per code, every move at a leaf of its own. These
// are the engine's promises, checked on random games of both; the words each step carries are checked against
// what the move does when played.
import { describe, expect, it } from 'vitest';
import { getGame, type MovePath } from '../../src/engine/index.js';
import { must, randomPositions } from '../support/random-games.js';
import type { ExxitMove, ExxitState } from '../../src/engine/exxit/types.js';
import type { OrionMove, OrionState } from '../../src/engine/orion/types.js';

const key = (x: unknown) => JSON.stringify(x);

/** The tree promises: throws with the first broken one (plain checks: `expect` per step would cost seconds here). */
function checkTree(paths: MovePath[], moves: string[]): void {
  const fail = (why: string) => {
    throw new Error(why);
  };
  const leaves = new Map<string, string>();
  const questions = new Map<string, string>();
  const options = new Map<string, string>();
  paths.forEach((p, i) => {
    if (p.steps.length < 1 || p.steps.length > 6) fail(`${moves[i]}: ${p.steps.length} steps`);
    const codes = p.steps.map((s) => s.code);
    for (const c of codes) if (!/^[0-9A-Za-z]{1,4}$/.test(c)) fail(`${moves[i]}: code ${c}`);
    const full = codes.join('.');
    if (leaves.has(full)) fail(`two moves at ${full}: ${leaves.get(full)} and ${moves[i]}`);
    leaves.set(full, moves[i]);
    p.steps.forEach((step, d) => {
      const prefix = codes.slice(0, d).join('.');
      // One question at each node, whichever move is asked about.
      const q = questions.get(prefix);
      if (q === undefined) questions.set(prefix, key(step.level));
      else if (key(step.level) !== q) fail(`two questions after "${prefix}": ${q} and ${key(step.level)}`);
      // One option per code: the same code under the same node says the same.
      const here = `${prefix}|${step.code}`;
      const o = options.get(here);
      if (o === undefined) options.set(here, key(step.note));
      else if (key(step.note) !== o) fail(`option ${here} says ${o} and ${key(step.note)}`);
    });
  });
  // No move's path ends where another's goes on: the builder stops at the first leaf.
  for (const full of leaves.keys()) if (questions.has(full)) fail(`${full} is a move and a menu`);
}

describe('movePaths', () => {
  it.each([
    ['exxit', 'standard', 1],
    ['exxit', 'short', 2],
    ['orion', 'preset2', 3],
    ['orion', 'random:11', 4],
  ] as const)(
    '%s %s: the paths of every position of a random game form a tree of the legal moves',
    (id, setup, seed) => {
      const g = getGame(id);
      let n = 0;
      for (const s of randomPositions(g, setup, seed)) {
        const legal = g.legalMoves(s);
        const paths = g.movePaths!(s, legal);
        expect(paths).toHaveLength(legal.length);
        checkTree(
          paths,
          legal.map((m) => g.formatMove(s, m, 'canonical')),
        );
        n++;
      }
      expect(n).toBeGreaterThan(8);
    },
  );

  it('Exxit: each step says what the move does (kind, stack and its height, exit or not, tiles a free lays)', () => {
    const g = getGame('exxit');
    const seen = new Set<string>();
    for (const seed of [5, 6]) {
      for (const raw of randomPositions(g, 'standard', seed)) {
        const s = raw as ExxitState;
        const legal = g.legalMoves(s) as ExxitMove[];
        const paths = g.movePaths!(s, legal);
        legal.forEach((m, i) => {
          const p = paths[i];
          const after = must(g.play(s, m)) as ExxitState;
          const ids = p.steps.map((x) => x.note.id);
          // What each step asks (the builder's question above its options).
          const levels = p.steps.map((x) => x.level.id);
          if (m.kind === 'pass') {
            expect(p.steps.map((x) => x.code)).toEqual(['n']);
            expect([ids, levels]).toEqual([['exxit.kind.pass'], ['exxit.level.kind']]);
            expect(p.note.id).toBe('exxit.pass');
          } else if (m.kind === 'place') {
            const tile = s.tiles.find((t) => t.q === m.q && t.r === m.r)!;
            expect(p.steps.map((x) => x.code)).toEqual(['p', tile.label]);
            expect(ids).toEqual(['exxit.kind.place', 'exxit.place']);
            expect(levels).toEqual(['exxit.level.kind', 'exxit.level.emptyTile']);
            expect(p.note.params).toEqual({ label: tile.label });
          } else if (m.kind === 'free') {
            const cell = s.prisoners.find((c) => c.q === m.q && c.r === m.r)!;
            expect(p.steps.map((x) => x.code)).toEqual(['f', cell.label]);
            expect(ids).toEqual(['exxit.kind.free', 'exxit.free']);
            expect(levels).toEqual(['exxit.level.kind', 'exxit.level.prisoners']);
            // The tiles the chain lays (EX-18/19), as playing it lays them.
            expect(p.note.params).toEqual({ label: cell.label, tiles: after.tiles.length - s.tiles.length });
          } else {
            const tile = s.tiles.find((t) => t.q === m.q && t.r === m.r)!;
            // An exit dance leaves a new prisoner cell (EX-13f, EX-14); an inside dance none.
            const exit = after.prisoners.length > s.prisoners.length;
            const kind = exit ? 'exitDance' : 'dance';
            expect(p.steps.map((x) => x.code)).toEqual(['d', tile.label, m.dir]);
            expect(ids).toEqual([`exxit.kind.${kind}`, 'exxit.stack', `exxit.${kind}`]);
            expect(levels).toEqual(['exxit.level.kind', 'exxit.level.stack', 'exxit.level.direction']);
            expect(p.steps[1].note.params).toEqual({ label: tile.label, height: tile.stack.length });
            expect(p.steps[2].level).toEqual({ id: 'exxit.level.direction', params: { label: tile.label } });
            expect(p.note).toEqual({ id: `exxit.${kind}`, params: { label: tile.label, dir: m.dir } });
          }
          seen.add(m.kind === 'dance' ? (after.prisoners.length > s.prisoners.length ? 'exit' : 'dance') : m.kind);
        });
      }
    }
    // Every kind was met, so none of the branches above went unchecked.
    expect([...seen].sort()).toEqual(['dance', 'exit', 'free', 'pass', 'place']);
  });

  it('Orion Duel: tile (with how many are left) → column → cell → orientation named by the cells it covers', () => {
    const g = getGame('orion');
    const s = must(g.initial('preset1')) as OrionState;
    const legal = g.legalMoves(s) as OrionMove[];
    const paths = g.movePaths!(s, legal);
    const pathOf = (text: string) => paths[legal.findIndex((m) => g.formatMove(s, m, 'canonical') === text)];
    expect(pathOf('L3 E5 N')).toEqual({
      steps: [
        {
          level: { id: 'orion.level.tile', params: {} },
          code: 'L3',
          note: { id: 'orion.tile', params: { tile: 'L3', left: s.hands[0].L3 } },
        },
        {
          level: { id: 'orion.level.column', params: { tile: 'L3' } },
          code: 'E',
          note: { id: 'orion.column', params: { column: 'E' } },
        },
        {
          level: { id: 'orion.level.cell', params: { tile: 'L3' } },
          code: 'E5',
          note: { id: 'orion.cell', params: { cell: 'E5' } },
        },
        {
          level: { id: 'orion.level.orientation', params: { tile: 'L3', cell: 'E5' } },
          code: 'N',
          note: { id: 'orion.orientation', params: { what: 'N', cells: 'E5 E4 E3' } },
        },
      ],
      note: { id: 'orion.move', params: { what: 'L3 N', cells: 'E5 E4 E3' } },
    });
    // A bent tile names its bend with the orientation, and its code drops the space.
    const v3 = legal
      .map((m, i) => [g.formatMove(s, m, 'canonical'), paths[i]] as const)
      .find(([t]) => /^V3 \S+ \S+ [LR]$/.test(t))!;
    const [, cell, dir, turn] = v3[0].split(' ');
    expect(v3[1].steps.map((x) => x.code)).toEqual(['V3', cell[0], cell, `${dir}${turn}`]);
    expect(v3[1].note.params.what).toBe(`V3 ${dir} ${turn}`);
    // The one-hex tile has no orientation: three steps.
    const s1 = legal.findIndex((m) => g.formatMove(s, m, 'canonical').startsWith('S1 '));
    const cellS1 = g.formatMove(s, legal[s1], 'canonical').split(' ')[1];
    expect(paths[s1].steps.map((x) => x.code)).toEqual(['S1', cellS1[0], cellS1]);
    expect(paths[s1].note).toEqual({ id: 'orion.move', params: { what: 'S1', cells: cellS1 } });
    // A move that is no placement is a caller's bug, not a menu: it throws rather than name a wrong tile.
    expect(() => g.movePaths!(s, [{ tile: 'S1', cell: 85 }])).toThrow('orion menu: not a placement');
    // What each covers is what playing it covers.
    legal.forEach((m, i) => {
      const after = must(g.play(s, m)) as OrionState;
      const covered = after.cells.flatMap((c, k) => (c >= 0 && s.cells[k] < 0 ? [k] : []));
      expect(String(paths[i].note.params.cells).split(' ')).toHaveLength(covered.length);
    });
  });
});
