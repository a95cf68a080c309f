// Move text for people: autocomplete choices and the "Red: D B NW (exit dance,
// X1)" line. Reads the engine interface and state fields only; no rules here.
import type { AnyGame, GameId } from '../engine/game.js';
import type { ExxitMove, ExxitState } from '../engine/exxit/types.js';
import type { OrionState } from '../engine/orion/types.js';

/** Discord's limits for autocomplete (API: at most 25 choices, name and value 1..100). */
export const MAX_CHOICES = 25;
const MAX_CHOICE_TEXT = 100;

export interface MoveChoice {
  name: string;
  value: string;
}

const norm = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();
const clip = (s: string, n = MAX_CHOICE_TEXT): string => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

/** Exxit: `D B NW  (1,0 → NW)`; the coordinates show where the label is. */
function exxitName(label: string, m: ExxitMove): string {
  switch (m.kind) {
    case 'pass':
      return 'pass  (forced: no legal move)';
    case 'dance':
      return `${label}  (${m.q},${m.r} → ${m.dir})`;
    default:
      return `${label}  (${m.q},${m.r})`;
  }
}

interface Entry {
  name: string;
  value: string;
  keys: string[];
}

function entries(game: AnyGame, state: unknown): Entry[] {
  const out: Entry[] = [];
  for (const m of game.legalMoves(state)) {
    const canonical = game.formatMove(state, m, 'canonical');
    const label = game.formatMove(state, m, 'label');
    const name = game.id === 'exxit' ? exxitName(label, m as ExxitMove) : label;
    out.push({ name, value: canonical, keys: [norm(label), norm(canonical)] });
  }
  return out;
}

/**
 * Up to 25 legal moves matching what was typed (case-insensitive, over label
 * and canonical forms): prefix matches first, then substring matches, each in
 * the engine's order. `note` (e.g. "not your turn") prefixes every name.
 */
export function moveChoices(game: AnyGame, state: unknown, typed: string, note?: string): MoveChoice[] {
  const q = norm(typed);
  const all = entries(game, state);
  const prefix: Entry[] = [];
  const inner: Entry[] = [];
  for (const e of all) {
    if (q === '' || e.keys.some((k) => k.startsWith(q))) prefix.push(e);
    else if (e.keys.some((k) => k.includes(q))) inner.push(e);
    if (prefix.length >= MAX_CHOICES) break;
  }
  const picked = [...prefix, ...inner].slice(0, MAX_CHOICES);
  return picked.map((e) => ({ name: clip(note ? `${note} · ${e.name}` : e.name), value: clip(e.value) }));
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * "Red: D B NW (exit dance, X1)". `before` is the position the move was
 * played in (labels are read there), `after` the position it produced.
 */
export function describeMove(game: AnyGame, before: unknown, move: unknown, after: unknown): string {
  const side = game.toMove(before);
  const who = cap(game.sides[side]);
  const label = game.formatMove(before, move, 'label');
  if (game.id !== 'exxit') return `${who}: ${label}`;
  const m = move as ExxitMove;
  const a = after as ExxitState;
  const b = before as ExxitState;
  switch (m.kind) {
    case 'pass':
      return `${who} passes (no legal move, EX-10)`;
    case 'dance': {
      const created = a.prisoners.filter((p) => !b.prisoners.some((o) => o.label === p.label));
      return created.length > 0
        ? `${who}: ${label} (exit dance, ${created.map((p) => p.label).join(', ')})`
        : `${who}: ${label} (dance)`;
    }
    case 'free': {
      const n = a.last?.freed.length ?? 1;
      return `${who}: ${label} (free, ${n} tile${n === 1 ? '' : 's'} laid)`;
    }
    default:
      return `${who}: ${label} (place)`;
  }
}

/** The result line: "Blue wins (OD-18)", "Draw (EX-21)". */
export function scoreLines(gameId: GameId, state: unknown, sides: readonly [string, string]): string[] {
  if (gameId === 'exxit') {
    const s = state as ExxitState;
    return [`Score (EX-21): ${cap(sides[0])} ${s.score[0]} · ${cap(sides[1])} ${s.score[1]}`];
  }
  const s = state as OrionState;
  const vc = (i: 0 | 1): string => {
    const v = s.vc[i];
    return `${cap(sides[i])} ${v.total} (constellations ${v.constellations}, galaxies ${v.galaxies}, black holes ${v.blackHoles})`;
  };
  const lines = [`Victory conditions (OD-17): ${vc(0)} · ${vc(1)}`];
  if (s.end?.tiebreak) {
    lines.push(`Tiebreak (OD-19): ${cap(sides[0])} ${s.end.tiebreak[0]} · ${cap(sides[1])} ${s.end.tiebreak[1]}`);
  }
  return lines;
}

/**
 * The move list of a game for /replay: "12. Black: D B NW (D 1,0 NW)", one
 * line per ply. Labels are read in the position each move was played in, so
 * the log is replayed through the engine; where that fails (a damaged log)
 * the stored canonical text is shown as it is.
 */
export function moveList(game: AnyGame, setup: string, moves: readonly string[]): string[] {
  const width = String(moves.length).length;
  const start = game.initial(setup);
  let state: unknown = start.ok ? start.value : null;
  return moves.map((text, k) => {
    const n = String(k + 1).padStart(width);
    if (state === null) return `${n}. ${text}`;
    const who = cap(game.sides[game.toMove(state)]);
    const parsed = game.parseMove(state, text);
    if (!parsed.ok) {
      state = null;
      return `${n}. ${who}: ${text}`;
    }
    const label = game.formatMove(state, parsed.value, 'label');
    const next = game.play(state, parsed.value);
    state = next.ok ? next.value : null;
    return label === text ? `${n}. ${who}: ${label}` : `${n}. ${who}: ${label}  (${text})`;
  });
}
