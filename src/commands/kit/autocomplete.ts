// Autocomplete of moves: up to 25 legal moves matching what was typed
// (case-insensitive, over the label and canonical forms), prefix matches
// first, in the engine's order (useful moves first), each named with the
// engine's hint (Exxit coordinates, Orion cells).
import type { AnyGame } from '../../engine/index.js';
import { clipText } from './text.js';

/** Discord's limits for autocomplete (at most 25 choices, name and value 1..100). */
export const MAX_CHOICES = 25;
const MAX_CHOICE_TEXT = 100;

export interface MoveChoice {
  name: string;
  value: string;
}

const norm = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();
export const clipChoice = (s: string, n = MAX_CHOICE_TEXT): string => clipText(s, n);

interface Entry {
  name: string;
  value: string;
  keys: string[];
}

function entries(game: AnyGame, state: unknown): Entry[] {
  const legal = game.legalMoves(state);
  // Only 25 show: the engine puts the useful ones first (the order is game knowledge).
  const moves = game.orderMoves ? game.orderMoves(state, legal) : legal;
  return moves.map((m) => {
    const canonical = game.formatMove(state, m, 'canonical');
    const label = game.formatMove(state, m, 'label');
    const hint = game.moveHint(state, m);
    return { name: hint ? `${label}  (${hint})` : label, value: canonical, keys: [norm(label), norm(canonical)] };
  });
}

/** `note` (e.g. "not your turn") prefixes every name. */
export function moveChoices(game: AnyGame, state: unknown, typed: string, note?: string): MoveChoice[] {
  const q = norm(typed);
  const prefix: Entry[] = [];
  const inner: Entry[] = [];
  for (const e of entries(game, state)) {
    if (q === '' || e.keys.some((k) => k.startsWith(q))) prefix.push(e);
    else if (e.keys.some((k) => k.includes(q))) inner.push(e);
    if (prefix.length >= MAX_CHOICES) break;
  }
  return [...prefix, ...inner]
    .slice(0, MAX_CHOICES)
    .map((e) => ({ name: clipChoice(note ? `${note} · ${e.name}` : e.name), value: clipChoice(e.value) }));
}
