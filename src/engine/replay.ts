// Replaying a move list from a setup: shared by the engine and render tools,
// the replay GIF and the bot (a stored move log must replay to its state).
import { errorText, type AnyGame, type RuleError } from './game.js';

/** Splits "m1; m2; ..." into trimmed moves, ignoring empty segments. */
export function splitMoves(text: string): string[] {
  return text
    .split(';')
    .map((m) => m.trim())
    .filter((m) => m.length > 0);
}

export type ReplayResult =
  | { ok: true; states: unknown[]; moves: unknown[] }
  | { ok: false; error: RuleError; index: number; text: string };

/**
 * Plays `moves` (any accepted notation) from `setup`. On success `states` has
 * moves.length + 1 entries (the start included). On failure `index` is the
 * 0-based position of the refused move (-1 for a bad setup).
 */
export function replay(game: AnyGame, setup: string | undefined, moves: readonly string[]): ReplayResult {
  const start = game.initial(setup);
  if (!start.ok) return { ok: false, error: start.error, index: -1, text: setup ?? '' };
  const states: unknown[] = [start.value];
  const played: unknown[] = [];
  let state = start.value;
  for (let i = 0; i < moves.length; i++) {
    const parsed = game.parseMove(state, moves[i]);
    if (!parsed.ok) return { ok: false, error: parsed.error, index: i, text: moves[i] };
    const next = game.play(state, parsed.value);
    if (!next.ok) return { ok: false, error: next.error, index: i, text: moves[i] };
    state = next.value;
    states.push(state);
    played.push(parsed.value);
  }
  return { ok: true, states, moves: played };
}

/**
 * `move 3 "D 0,0 W": EX-13b: ...` (1-based, as people count). The engine has
 * no words: tools pass the catalogue's (`ruleErrorText` of src/i18n); the
 * default is the language-independent `errorText`.
 */
export function replayErrorText(
  r: Extract<ReplayResult, { ok: false }>,
  ruleText: (e: RuleError) => string = errorText,
): string {
  const what = r.index < 0 ? `setup "${r.text}"` : `move ${r.index + 1} "${r.text}"`;
  return `${what}: ${ruleText(r.error)}`;
}
