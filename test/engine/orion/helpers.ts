// Shared helpers for the Orion Duel tests.
import { errorText, type RuleError } from '../../../src/engine/game.js';
import { orion } from '../../../src/engine/orion/index.js';
import type { OrionState } from '../../../src/engine/orion/types.js';

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
