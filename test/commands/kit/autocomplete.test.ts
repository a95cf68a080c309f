// Move text for people: what a move did (engine notes in the catalogue's
// words) and the autocomplete choices.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CHOICES, moveChoices } from '../../../src/commands/kit/autocomplete.js';
import { text } from '../../../src/commands/kit/text.js';
import { allGames, getGame } from '../../../src/engine/index.js';
import { moveLine } from '../../../src/match/describe.js';
import { NEIGHBOURS, cellLabel } from '../../../src/engine/orion/board.js';
import { PLACEMENTS, placementOf } from '../../../src/engine/orion/tiles.js';
import type { OrionMove, OrionState } from '../../../src/engine/orion/types.js';

const exxit = getGame('exxit');
function play(moves: string[]) {
  let s = (exxit.initial('standard') as { ok: true; value: unknown }).value;
  for (const m of moves) {
    const p = exxit.parseMove(s, m);
    if (!p.ok) throw new Error(m);
    s = (exxit.play(s, p.value) as { ok: true; value: unknown }).value;
  }
  return s;
}

describe('moveLine', () => {
  it('names the side, the label form and what the move did (worked opening of the Exxit rules)', () => {
    const s4 = play(['P 0,0', 'P 1,0', 'D 0,0 E', 'P 1,-1']);
    const m = exxit.parseMove(s4, 'D 1,0 NW');
    if (!m.ok) throw new Error('illegal');
    const s5 = (exxit.play(s4, m.value) as { ok: true; value: unknown }).value;
    expect(text('en', moveLine('exxit', s4, m.value, s5))).toBe('Red: D B NW (exit dance, X1)');
    const s0 = play([]);
    const p = exxit.parseMove(s0, 'P A');
    if (!p.ok) throw new Error('illegal');
    expect(
      text('en', moveLine('exxit', s0, p.value, (exxit.play(s0, p.value) as { ok: true; value: unknown }).value)),
    ).toBe('Red: P A (place)');
  });
});

describe('moveChoices', () => {
  const orion = getGame('orion');
  const start = (orion.initial('preset1') as { ok: true; value: unknown }).value;

  it('gives at most 25, prefix matches first, any case, within Discord limits', () => {
    expect(moveChoices(orion, start, '')).toHaveLength(25);
    const t3 = moveChoices(orion, start, 't3 e5');
    expect(t3.length).toBeGreaterThan(0);
    expect(t3.every((c) => c.value.startsWith('T3 E5 '))).toBe(true);
    const inner = moveChoices(orion, start, 'E5 N');
    expect(inner.length).toBeGreaterThan(0);
    expect(inner.every((c) => c.value.includes('E5 N'))).toBe(true);
    expect(moveChoices(orion, start, 'nothing like this')).toEqual([]);
    const noted = moveChoices(orion, start, 'S1', 'x'.repeat(120));
    expect(noted.every((c) => c.name.length <= 100 && c.value.length <= 100)).toBe(true);
  });

  it('with nothing typed, lists useful moves first, not the alphabet: every tile near the centre, then joins', () => {
    const first = moveChoices(orion, start, '').map((c) => c.value);
    expect(first.slice(0, 6).map((v) => v.split(' ')[0])).toEqual(['S1', 'P2', 'D2', 'V3', 'L3', 'T3']);
    expect(first).not.toContain('S1 A1');
    let s = start;
    for (const m of ['V3 F8 NW R', 'V3 D3 NE R'])
      s = (orion.play(s, (orion.parseMove(s, m) as { ok: true; value: unknown }).value) as { ok: true; value: unknown })
        .value;
    // Orange's first choices join its cells (E8 E7, and D3 from Blue's V3) with an orange hex.
    const orange = (s as OrionState).cells.flatMap((v, c) => (v === 0 ? [c] : []));
    expect(orange.map(cellLabel).sort()).toEqual(['D3', 'E7', 'E8']);
    const joins = (value: string) => {
      const p = PLACEMENTS[placementOf((orion.parseMove(s, value) as { ok: true; value: OrionMove }).value)];
      return p.cells.some((c, k) => !p.isX[k] && NEIGHBOURS[c].some((n) => orange.includes(n)));
    };
    expect(
      moveChoices(orion, s, '')
        .slice(0, 10)
        .every((c) => joins(c.value)),
    ).toBe(true);
  });

  it('Exxit: frees before places when both are legal', () => {
    // Black may free X1 or place on C or D; the tile order would list the places first.
    const s = play(['P 1,0', 'P 0,1', 'D 1,0 SW', 'P 1,-1', 'P 0,0', 'D 1,-1 SW', 'D 0,1 NW', 'P 1,0']);
    expect(exxit.legalMoves(s).map((m) => exxit.formatMove(s, m, 'label'))).toEqual(['P C', 'P D', 'F X1']);
    expect(moveChoices(exxit, s, '').map((c) => c.value)).toEqual(['F 0,-1', 'P 1,-1', 'P 0,1']);
  });

  it('Orion: each orientation is named by the cells it covers', () => {
    const l3 = moveChoices(orion, start, 'L3 E5 N').find((c) => c.value === 'L3 E5 N');
    expect(l3).toEqual({ name: 'L3 E5 N  (E5 E4 E3)', value: 'L3 E5 N' });
  });

  it('Exxit: label with coordinates as the name, canonical as the value', () => {
    const s = play(['P 0,0', 'P 1,0', 'D 0,0 E', 'P 1,-1']);
    expect(moveChoices(exxit, s, '')).toEqual([{ name: 'D B NW  (1,0 → NW)', value: 'D 1,0 NW' }]);
    expect(moveChoices(exxit, s, '1,0')).toEqual([{ name: 'D B NW  (1,0 → NW)', value: 'D 1,0 NW' }]);
  });
});

describe('moveChoices with anything typed', () => {
  it('gives at most 25 choices within Discord limits, each a legal move of the position, for every game', () => {
    for (const game of allGames()) {
      // Positions from the start to the middle game, moves chosen by a fixed walk.
      const states: unknown[] = [];
      for (const setup of game.setups) {
        let s = (game.initial(setup.replace('<seed>', '3')) as { ok: true; value: unknown }).value;
        for (let k = 0; k < 12; k++) {
          states.push(s);
          const legal = game.legalMoves(s);
          if (legal.length === 0) break;
          s = (game.play(s, legal[(k * 7919) % legal.length]) as { ok: true; value: unknown }).value;
        }
      }
      const typed = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 30 }),
        fc.string({
          unit: fc.constantFrom(
            'p',
            'D',
            's1',
            'l3',
            'e5',
            ' ',
            ',',
            '0',
            '1',
            '-',
            'n',
            'x',
            '(',
            '\u0000',
            '\n',
            '😀',
          ),
          maxLength: 8,
        }),
        fc.constantFrom('', ' ', 'x'.repeat(100), '\u200b'.repeat(100), '@everyone', '<@1>'),
      );
      fc.assert(
        fc.property(
          fc.constantFrom(...states),
          typed,
          fc.option(fc.constantFrom('not your turn', 'x'.repeat(120)), { nil: undefined }),
          (s, t, note) => {
            const choices = moveChoices(game, s, t, note);
            expect(choices.length).toBeLessThanOrEqual(MAX_CHOICES);
            if (t.trim() === '') expect(choices.length).toBe(Math.min(MAX_CHOICES, game.legalMoves(s).length));
            for (const c of choices) {
              expect(c.name.trim().length).toBeGreaterThan(0);
              expect(c.name.length).toBeLessThanOrEqual(100);
              expect(c.value.length).toBeGreaterThan(0);
              expect(c.value.length).toBeLessThanOrEqual(100);
              expect(game.parseMove(s, c.value).ok, c.value).toBe(true);
            }
          },
        ),
        { numRuns: 150 },
      );
    }
  });
});
