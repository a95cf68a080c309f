// The move builder's menus, as data: from a position and the choices made so
// far (a path of short codes), what to show next — select menus that offer
// only what still leads to a legal move, or the one move chosen. Pure and
// deterministic: the same position and path always give the same view, so a
// path in a custom id is all the builder needs to carry (no state kept).
// The engine says how its moves split into steps (Game.movePaths); the
// rules here only fit them to Discord's limits.
import type { AnyGame, MovePath, Note } from '../engine/index.js';
import type { Msg } from '../i18n/msg.js';

/** Options per select menu (Discord). */
export const MENU_OPTIONS = 25;
/** Select menus per message: five rows, one kept for the buttons. */
export const MENUS = 4;
/** Steps of a move's path (custom ids must hold them: 6 × 5 characters at most). */
export const MAX_STEPS = 6;
export const CODE_RE = /^[0-9A-Za-z]{1,4}$/;
export const PATH_SEP = '.';

export interface MenuOption {
  /** The codes this option adds to the path, joined by PATH_SEP. */
  value: string;
  label: Msg;
  description: Msg;
}

export interface Menu {
  placeholder: Msg;
  options: MenuOption[];
}

interface Shown {
  /** The choices that lead here (including the ones made for the player when only one was possible). */
  path: string[];
  /** The view the Back button returns to; null at the first view. */
  back: string[] | null;
}

export type MenuView =
  | (Shown & {
      kind: 'menus';
      menus: Menu[];
      /** What was chosen so far, in words. */
      trail: Msg[];
      /** Moves left out (more than the menus hold: only a game without movePaths). */
      hidden: number;
    })
  /** `text`: canonical notation (what Confirm plays); `typed`: the label form players type (D B NW). */
  | (Shown & { kind: 'move'; move: unknown; text: string; typed: string; label: Msg })
  /** Nothing to choose: the game is over or the rules play the move (a forced pass). */
  | { kind: 'none' };

interface Entry {
  move: unknown;
  path: MovePath;
  codes: string[];
  typed: string;
  /** The label form with the engine's hint, as autocomplete names it (D B NW  (1,0 → NW)). */
  notation: string;
}

const stepMsg = (n: Note): Msg => ({ key: `builder.${n.id}`, params: n.params });
const notationMsg = (e: Entry): Msg => ({ key: 'builder.notation', params: { move: e.notation } });

/** A game without movePaths: every move in one list, coded by its index. */
function plainPaths(game: AnyGame, state: unknown, moves: readonly unknown[]): MovePath[] {
  return moves.map((m, i) => {
    const what: Note = { id: 'move', params: { move: game.formatMove(state, m, 'label') } };
    return { steps: [{ level: { id: 'level.move', params: {} }, code: i.toString(36), note: what }], note: what };
  });
}

/** States are never mutated: the entries of one state object are computed once (a cache, nothing more). */
const cache = new WeakMap<object, Entry[]>();

function entries(game: AnyGame, state: unknown): Entry[] {
  const known = typeof state === 'object' && state !== null ? cache.get(state) : undefined;
  if (known) return known;
  const out = computeEntries(game, state);
  if (typeof state === 'object' && state !== null) cache.set(state, out);
  return out;
}

function computeEntries(game: AnyGame, state: unknown): Entry[] {
  if (game.outcome(state).over || game.forcedMove(state) !== null) return [];
  const moves = game.legalMoves(state);
  const paths = game.movePaths ? game.movePaths(state, moves) : plainPaths(game, state, moves);
  if (paths.length !== moves.length)
    throw new Error(`${game.id}.movePaths: ${paths.length} paths for ${moves.length} moves`);
  const out = moves.map((move, i) => {
    const path = paths[i];
    const codes = path.steps.map((s) => s.code);
    if (codes.length < 1 || codes.length > MAX_STEPS || !codes.every((c) => CODE_RE.test(c))) {
      throw new Error(`${game.id}.movePaths: bad path ${JSON.stringify(codes)}`);
    }
    const label = game.formatMove(state, move, 'label');
    const hint = game.moveHint(state, move);
    return { move, path, codes, typed: label, notation: hint ? `${label}  (${hint})` : label };
  });
  // One path per move, none the beginning of another: otherwise a choice could not say which move it means.
  const seen = new Set(out.map((e) => e.codes.join(PATH_SEP) + PATH_SEP));
  if (seen.size !== out.length) throw new Error(`${game.id}.movePaths: two moves share a path`);
  for (const e of out)
    for (let k = 1; k < e.codes.length; k++)
      if (seen.has(e.codes.slice(0, k).join(PATH_SEP) + PATH_SEP))
        throw new Error(`${game.id}.movePaths: a path is the start of another`);
  return out;
}

interface Node {
  depth: number;
  path: string[];
  entries: Entry[];
  /** Each option's codes, for walking a path down from here. */
  options: string[][];
  menus: Menu[];
  hidden: number;
}

function groupsAt(list: Entry[], depth: number): Entry[][] {
  const groups = new Map<string, Entry[]>();
  for (const e of list) {
    const code = e.codes[depth];
    const g = groups.get(code);
    if (g) g.push(e);
    else groups.set(code, [e]);
  }
  return [...groups.values()];
}

const lastNote = (e: Entry): Note => e.path.steps[e.path.steps.length - 1].note;

/**
 * The moves of one menu. `known`: steps the reader already sees (chosen, or
 * the menu's own group). Once the first step is known a move is named by its
 * last step ("N · E5 E4 E3" under L3), unless two would read the same;
 * otherwise by the whole move ("L3 N · E5 E4 E3").
 */
function leafOptions(list: Entry[], depth: number, known: number): MenuOption[] {
  const short = known >= 1 && new Set(list.map((e) => JSON.stringify(lastNote(e)))).size === list.length;
  return list.map((e) => ({
    value: e.codes.slice(depth).join(PATH_SEP),
    label: stepMsg(short ? lastNote(e) : e.path.note),
    description: notationMsg(e),
  }));
}

/** The view at `path` (entries share its codes): skips steps with one choice, then fits the choices into the menus. */
function nodeAt(list: Entry[], depth: number, path: string[]): Node | { leaf: Entry } {
  let d = depth;
  let p = path;
  while (list.length > 1 && list.every((e) => e.codes[d] === list[0].codes[d])) {
    p = [...p, list[0].codes[d]];
    d++;
  }
  if (list.length === 1) return { leaf: list[0] };
  const groups = groupsAt(list, d);
  let menus: Menu[];
  let hidden = 0;
  if (groups.length <= MENUS && groups.every((g) => g.length <= MENU_OPTIONS) && groups.some((g) => g.length > 1)) {
    // Few groups that each fit: one menu per group ("Place a pawn…", "Free prisoners…"), the moves in it.
    menus = groups.map((g) => ({ placeholder: stepMsg(g[0].path.steps[d].note), options: leafOptions(g, d, d + 1) }));
  } else if (list.length <= MENU_OPTIONS) {
    // The level's words when every option is that one last step ("Choose an empty tile"), else "Choose your move".
    const oneStep = list.every((e) => e.codes.length === d + 1);
    menus = [
      {
        placeholder: oneStep ? stepMsg(list[0].path.steps[d].level) : { key: 'builder.chooseMove' },
        options: leafOptions(list, d, d),
      },
    ];
  } else {
    // Choose this step first; several menus when it has more than one holds.
    const options = groups.map(
      (g): MenuOption => ({
        value: g[0].codes[d],
        label: stepMsg(g[0].path.steps[d].note),
        description: { key: 'builder.count', params: { n: g.length } },
      }),
    );
    const level = stepMsg(list[0].path.steps[d].level);
    menus = [];
    for (let k = 0; k < options.length && menus.length < MENUS; k += MENU_OPTIONS) {
      const part = options.slice(k, k + MENU_OPTIONS);
      const placeholder: Msg =
        options.length <= MENU_OPTIONS
          ? level
          : { key: 'builder.part', params: { what: level, first: part[0].value, last: part[part.length - 1].value } };
      menus.push({ placeholder, options: part });
    }
    const shown = new Set(menus.flatMap((m) => m.options.map((o) => o.value)));
    hidden = groups.filter((g) => !shown.has(g[0].codes[d])).reduce((n, g) => n + g.length, 0);
  }
  return {
    depth: d,
    path: p,
    entries: list,
    options: menus.flatMap((m) => m.options.map((o) => o.value.split(PATH_SEP))),
    menus,
    hidden,
  };
}

const startsWith = (a: readonly string[], b: readonly string[]): boolean =>
  b.length <= a.length && b.every((x, i) => a[i] === x);

/**
 * What to show after the choices `path`, or null when the path is not one the
 * builder offers in this position (a forged or outdated custom id).
 */
export function menuView(game: AnyGame, state: unknown, path: readonly string[]): MenuView | null {
  const all = entries(game, state);
  if (all.length === 0) return { kind: 'none' };
  let list = all;
  let depth = 0;
  let at: string[] = [];
  let back: string[] | null = null;
  for (;;) {
    const n = nodeAt(list, depth, at);
    if ('leaf' in n) {
      // The one move left: the path is where it was reached from, or the whole move.
      const e = n.leaf;
      if (!startsWith(e.codes, path) || (path.length > at.length && path.length < e.codes.length)) return null;
      const text = game.formatMove(state, e.move, 'canonical');
      return { kind: 'move', path: e.codes, back, move: e.move, text, typed: e.typed, label: stepMsg(e.path.note) };
    }
    // The requested view is this one (the path may stop before the steps skipped for the player).
    if (startsWith(n.path, path)) {
      const trail = n.entries[0].path.steps.slice(0, n.depth).map((s) => stepMsg(s.note));
      return { kind: 'menus', path: n.path, back, trail, menus: n.menus, hidden: n.hidden };
    }
    if (!startsWith(path, n.path)) return null;
    const next = n.options.find((o) => startsWith(path, [...n.path, ...o]));
    if (!next) return null;
    back = n.path;
    at = [...n.path, ...next];
    list = n.entries.filter((e) => startsWith(e.codes, at));
    depth = at.length;
  }
}
