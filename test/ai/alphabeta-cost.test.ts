// What the Exxit alpha-beta's move ordering and windows are for: fewer nodes to finish the same depth.
// alphabeta-minimax.test.ts checks the values the search finds with each idea on or off; a broken ordering (the hash
// move not first, Frees not first, the order reversed, the root not re-sorted by the last iteration) or a window that
// re-searches every move finds the same values and only costs more, so the values cannot see it. Here the cost is
// counted: the search's node count, deterministic (no clock), on middlegame positions of seeded random games.
//
// Two kinds of check. Each idea must save a share of the nodes against the same search without it (about half the
// share measured when this was written). And the cost of each configuration must not grow by more than 15 % over the
// count measured then (2026-12-07): a regression bound, as chess engines keep a node count of a fixed search in every
// commit. A change that makes the search cheaper, or a change to the move generator's order, moves these counts: write
// the new figures down (the test prints them when it fails) after checking the search's strength (docs/ai.md).
import { describe, expect, it } from 'vitest';
import { type AlphaBetaOptions, alphaBetaExxit, DEFAULT_ALPHABETA } from '../../src/engine/ai/exxit-alphabeta.js';
import { exxit } from '../../src/engine/exxit/index.js';
import type { ExxitPosition } from '../../src/engine/exxit/position.js';
import { makeRng, randInt } from '../../src/engine/rng.js';

/** A standard game's position after `plies` random moves, played on until the mover has at least 8 moves. */
function middlegame(seed: number, plies: number): ExxitPosition {
  const s = exxit.initial('standard');
  if (!s.ok) throw new Error('no start');
  const pos = exxit.position(s.value) as ExxitPosition;
  const rng = makeRng(seed);
  for (let i = 0; i < plies || pos.legalMoves().length < 8; i++) {
    const ms = pos.legalMoves();
    pos.play(ms[randInt(rng, ms.length)]);
  }
  expect(pos.outcome().over).toBe(false);
  return pos;
}

const positions = [
  [1, 20],
  [2, 30],
  [4, 25],
  [5, 35],
  [6, 45],
  [7, 28],
  [8, 33],
  [9, 40],
  [10, 22],
].map(([seed, plies]) => middlegame(seed, plies));

const DEPTH = 4;

/** Nodes to finish depth 4 on each position, with these ideas. */
function cost(ideas: Partial<AlphaBetaOptions>): number[] {
  const alphaBeta = { ...DEFAULT_ALPHABETA, maxDepth: DEPTH, ...ideas };
  return positions.map((p) => alphaBetaExxit(p.clone(), { iterations: 1e9, alphaBeta }, { seed: 1 }).iterations);
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The nine positions' nodes at depth 4, measured on 2026-12-07. */
const MEASURED = {
  all: 20_835,
  noTable: 27_500,
  noKillers: 22_186,
  neither: 29_945,
};
const CONFIGS: Record<keyof typeof MEASURED, Partial<AlphaBetaOptions>> = {
  all: {},
  noTable: { tt: false },
  noKillers: { killers: false },
  neither: { tt: false, killers: false },
};

describe('the Exxit alpha-beta’s cost to a fixed depth', () => {
  it('is lower with the transposition table: its hash move first and its bounds (at least 12 % in all)', () => {
    const all = cost({});
    const noTable = cost({ tt: false });
    expect(sum(all)).toBeLessThanOrEqual(0.88 * sum(noTable));
    // Not one position may cost more with the table than without it.
    for (const [i, n] of all.entries()) expect(n, `position ${i}`).toBeLessThanOrEqual(noTable[i]);
  });

  it('is lower with killers and history, the table off (at least 4 % in all)', () => {
    expect(sum(cost({ tt: false }))).toBeLessThanOrEqual(0.96 * sum(cost({ tt: false, killers: false })));
  });

  it.each(Object.keys(MEASURED) as (keyof typeof MEASURED)[])('has not grown by more than 15 %: %s', (name) => {
    const nodes = cost(CONFIGS[name]);
    expect(sum(nodes), `${name}: ${nodes.join(', ')}`).toBeLessThanOrEqual(1.15 * MEASURED[name]);
  });
});
