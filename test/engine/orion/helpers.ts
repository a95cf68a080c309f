// Shared helpers for the Orion Duel tests.
import { errorText, type RuleError } from '../../../src/engine/game.js';
import { orion } from '../../../src/engine/orion/index.js';
import { TILE_COUNTS, type OrionState } from '../../../src/engine/orion/types.js';

export function start(setup = 'preset1'): OrionState {
  const s = orion.initial(setup);
  if (!s.ok) throw new Error(errorText(s.error));
  return s.value;
}

/** Plays `A; B; C` (OD-22 text) from `setup`, failing loudly on a refused move. */
export function playAll(moves: string, setup = 'preset1'): OrionState {
  let s = start(setup);
  for (const text of moves
    .split(';')
    .map((t) => t.trim())
    .filter(Boolean)) {
    const m = orion.parseMove(s, text);
    if (!m.ok) throw new Error(`${text}: ${errorText(m.error)}`);
    const next = orion.play(s, m.value);
    if (!next.ok) throw new Error(`${text}: ${errorText(next.error)}`);
    s = next.value;
  }
  return s;
}

export function countsByTile(s: OrionState): Record<string, number> {
  const by: Record<string, number> = { S1: 0, P2: 0, D2: 0, L3: 0, V3: 0, T3: 0 };
  for (const m of orion.legalMoves(s)) by[m.tile]++;
  return by;
}

/** The refusal of a move text (rule, code, parameters), or null when it is legal. */
export const refusal = (s: OrionState, text: string): RuleError | null => {
  const r = orion.parseMove(s, text);
  return r.ok ? null : r.error;
};

type Hand = OrionState['hands'][number];

/**
 * A hand-made state on a `test` layout: tokens anywhere (even side by side, which OD-10 never lays: the rules are
 * judged per placement), `cells` coloured as given (-1 empty), the victory conditions left for the position to count.
 * Hands: the full set each (OD-3) unless given, a given hand holding only the tiles it names.
 */
export function handMade(o: {
  cells: readonly number[];
  galaxies: readonly number[];
  blackHoles: readonly number[];
  hands?: [Partial<Hand>, Partial<Hand>];
  toMove?: 0 | 1;
  ply?: number;
}): OrionState {
  const none: Hand = { S1: 0, P2: 0, D2: 0, L3: 0, V3: 0, T3: 0 };
  const zero = { constellations: 0, galaxies: 0, blackHoles: 0, total: 0 };
  return {
    game: 'orion',
    layout: 'test',
    galaxies: [...o.galaxies],
    blackHoles: [...o.blackHoles],
    cells: [...o.cells] as OrionState['cells'],
    tileAt: new Array(85).fill(-1),
    placements: [],
    hands: o.hands
      ? [
          { ...none, ...o.hands[0] },
          { ...none, ...o.hands[1] },
        ]
      : [{ ...TILE_COUNTS }, { ...TILE_COUNTS }],
    toMove: o.toMove ?? 0,
    ply: o.ply ?? 0,
    vc: [zero, zero],
    end: null,
  };
}
