// The search on the real engines, with small budgets.
import { describe, expect, it } from 'vitest';
import { chooseMove, searchPosition } from '../../src/engine/ai/index.js';
import { connectionDistance } from '../../src/engine/ai/orion-heuristics.js';
import { search } from '../../src/engine/ai/mcts.js';
import { levelParams } from '../../src/engine/ai/levels.js';
import { getGame, type GameId } from '../../src/engine/index.js';
import type { OrionPosition } from '../../src/engine/orion/position.js';
import { makeRng, randInt } from '../../src/engine/rng.js';
import { must } from './fixtures/games.js';

const small = { ...levelParams('orion', 'easy'), iterations: 60 };

function playText(id: GameId, moves: string, setup?: string): unknown {
  const game = getGame(id);
  let s = must(game.initial(setup));
  for (const t of moves
    .split(';')
    .map((x) => x.trim())
    .filter(Boolean))
    s = must(game.play(s, must(game.parseMove(s, t))));
  return s;
}

describe('search on the real games', () => {
  it('takes an immediate Orion win (rules file ending, OD-18)', () => {
    const before = playText(
      'orion',
      'V3 F8 NW R; V3 D3 NE R; T3 C7 SE; P2 B1 NE; L3 G6 SE; D2 I5 NW; V3 H3 S L; V3 E6 N L; P2 C6 NE; D2 H1 SE; D2 C2 NE; D2 J5 NE; L3 J1 S; V3 E10 NE R; L3 C3 SW; T3 H7 SW; T3 G1 S',
    );
    const game = getGame('orion');
    const r = chooseMove(game, before, 'easy', 3);
    expect(r.proven).toBe('win');
    const after = must(game.play(before, must(game.parseMove(before, r.text))));
    expect(game.outcome(after)).toMatchObject({ over: true, winner: 1 });
  });

  it('deterministic for a seed on both games', () => {
    for (const id of ['exxit', 'orion'] as const) {
      const game = getGame(id);
      const s = must(game.initial());
      const a = search(game.position(s), { ...small, iterations: 80 }, { seed: 11 });
      const b = search(game.position(s), { ...small, iterations: 80 }, { seed: 11 });
      expect(game.formatMove(s, a.move)).toBe(game.formatMove(s, b.move));
      expect(a.top.map((t) => t.visits)).toEqual(b.top.map((t) => t.visits));
    }
  });

  it('always returns a legal move, also near the end, on both games', () => {
    for (const id of ['exxit', 'orion'] as const) {
      const game = getGame(id);
      const rng = makeRng(id);
      for (let g = 0; g < 4; g++) {
        const pos = game.position(must(game.initial()));
        while (!pos.outcome().over) {
          const legal = pos.legalMoves();
          // Random play with a search every few plies, and at every ply near the end.
          const searchNow = id === 'orion' ? pos.ply() % 4 === 0 || pos.ply() > 20 : pos.ply() % 25 === 0;
          if (searchNow) {
            const r = searchPosition(id, pos, 'easy', g * 1000 + pos.ply());
            const key = (m: unknown) => JSON.stringify(m);
            expect(legal.map(key)).toContain(key(r.move));
            pos.play(r.move);
          } else pos.play(legal[randInt(rng, legal.length)]);
        }
      }
    }
  });

  it('measures Orion connection distance on an empty board and after a tile', () => {
    const game = getGame('orion');
    const s0 = must(game.initial('preset1'));
    const p0 = game.position(s0) as OrionPosition;
    expect(connectionDistance(p0.color, 0)).toBe(11); // any pair of opposite sides is 11 cells apart
    const s1 = playText('orion', 'L3 C7 N', 'preset1'); // orange C5, C6 (and a blue C7)
    const p1 = game.position(s1) as OrionPosition;
    expect(connectionDistance(p1.color, 0)).toBe(9);
  });
});
