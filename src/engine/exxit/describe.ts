// Exxit for the match layer and the bot: setup options, forced moves and
// what a move, a score or an end means — as Notes (ids and numbers), whose
// words live in the message catalogues. Rule ids: EX-n of the rules file.
import { ok, type Note, type Result, type SetupOption } from '../game.js';
import { refused } from './errors.js';
import { generate } from './legal.js';
import { copyMove } from './moves.js';
import { scratchBoard } from './state.js';
import { labelAt, formatMove } from './notation.js';
import { VARIANT_TILES, type ExxitLastMove, type ExxitMove, type ExxitState, type ExxitVariant } from './types.js';
import { AXIAL_VECTORS } from '../hex.js';

const TILE_CHOICES = [39, 29, 19] as const;

export const EXXIT_OPTIONS: readonly SetupOption[] = [
  { name: 'tiles', type: 'integer', choices: TILE_CHOICES, default: 39 },
];

const VARIANT_OF = new Map<number, ExxitVariant>(Object.entries(VARIANT_TILES).map(([v, n]) => [n, v as ExxitVariant]));

/** EX-3: the tile count picks the variant. */
export function setupFor(values: Readonly<Record<string, string | number>>): Result<string> {
  const tiles = values.tiles ?? 39;
  const variant = typeof tiles === 'number' ? VARIANT_OF.get(tiles) : undefined;
  if (!variant) return refused('EX-3', 'exxit.tileCount', { tiles: String(tiles).slice(0, 20) });
  for (const k of Object.keys(values))
    if (k !== 'tiles') return refused('EX-3', 'exxit.noOption', { option: k.slice(0, 20) });
  return ok(variant);
}

export function describeSetup(setup: string): Note {
  const tiles = VARIANT_TILES[setup as ExxitVariant];
  return { id: 'exxit.setup', params: { tiles: tiles ?? 0, variant: setup } };
}

/** EX-10: a pass is automatic — the only legal move when nothing else is. */
export function forcedMove(s: ExxitState): ExxitMove | null {
  if (s.end) return null;
  const legal = generate(scratchBoard(s, false));
  return legal.length === 1 && legal[0].kind === 'pass' ? copyMove(legal[0]) : null;
}

/**
 * Plies 1 and 2 are always moves of their own: Red starts with no stack on
 * the table, a full reserve and four empty core tiles (EX-2, EX-8), so it
 * must Place (EX-17); Black then has no stack of its own either (only red
 * pawns are on the table) and three empty tiles, so it Places too. A forced
 * pass can only come later, hence "each side has moved" is "two plies".
 */
export const eachSideMoved = (s: ExxitState): boolean => s.ply >= 2;

/**
 * What a move did: place, dance, exit dance (with the new prisoner cell), free (with the tiles laid), pass. Told from
 * the position it left (`after.last`), as lastMoveNote.
 */
export function describeMove(before: ExxitState, m: ExxitMove, after: ExxitState): Note {
  return lastMoveNote(after, after.last ?? { move: m, by: before.toMove, sown: [], freed: [] });
}

/** A cell as people see it in `s`: its label (EX-23), else its coordinates. */
const nameAt = (s: ExxitState, c: { q: number; r: number }): string => labelAt(s, c.q, c.r) ?? `${c.q},${c.r}`;

/**
 * What `last` did, from the position `s` it left (or a forced pass after it left: a pass changes nothing), with the
 * cells by their labels in `s`: the move as typed (`label`), the cells a dance sowed (`sowed`, `sown` of them) and the
 * prisoner cell an exit dance made (EX-13f, EX-14), the tiles a free laid (`cells`, `tiles` of them). A move without
 * its label (a hand-built record) is written from `s`; a free's X-label is gone by then, so by its coordinates.
 */
export function lastMoveNote(s: ExxitState, last: ExxitLastMove): Note {
  const m = last.move;
  const label = last.label ?? formatMove(s, m, m.kind === 'free' ? 'canonical' : 'label');
  const names = (cells: readonly { q: number; r: number }[]): string => cells.map((c) => nameAt(s, c)).join(' ');
  switch (m.kind) {
    case 'pass':
      return { id: 'exxit.move.pass', params: {} };
    case 'place':
      return { id: 'exxit.move.place', params: { label } };
    case 'free':
      return { id: 'exxit.move.free', params: { label, tiles: last.freed.length, cells: names(last.freed) } };
    case 'dance': {
      // An exit dance ends on the prisoner cell it made, where no tile is.
      const end = last.sown[last.sown.length - 1];
      const made = end && !s.tiles.some((t) => t.q === end.q && t.r === end.r);
      const cell = made ? s.prisoners.find((p) => p.q === end.q && p.r === end.r) : undefined;
      const onto = cell ? last.sown.slice(0, -1) : last.sown;
      const sown = { label, sowed: names(onto), sown: onto.length };
      return cell
        ? { id: 'exxit.move.exitDance', params: { ...sown, prisoners: cell.label, count: 1 } }
        : { id: 'exxit.move.dance', params: sown };
    }
  }
}

/** The coordinates behind a label move, so a list shows where it is. */
export function moveHint(m: ExxitMove): string {
  if (m.kind === 'pass') return '';
  return m.kind === 'dance' ? `${m.q},${m.r} → ${m.dir}` : `${m.q},${m.r}`;
}

/** EX-21: tiles of a colour and its largest edge-connected group. */
export function scoreParts(s: ExxitState, side: 0 | 1): { tiles: number; group: number } {
  const mine = new Set(s.tiles.filter((t) => t.color === side).map((t) => `${t.q},${t.r}`));
  const seen = new Set<string>();
  let best = 0;
  for (const start of mine) {
    if (seen.has(start)) continue;
    seen.add(start);
    const todo = [start];
    let n = 0;
    while (todo.length) {
      const [q, r] = todo.pop()!.split(',').map(Number);
      n++;
      for (const [dq, dr] of AXIAL_VECTORS) {
        const k = `${q + dq},${r + dr}`;
        if (mine.has(k) && !seen.has(k)) {
          seen.add(k);
          todo.push(k);
        }
      }
    }
    best = Math.max(best, n);
  }
  return { tiles: mine.size, group: best };
}

export function scoreNotes(s: ExxitState): Note[] {
  const [r, b] = [scoreParts(s, 0), scoreParts(s, 1)];
  return [
    {
      id: 'exxit.score',
      params: {
        red: s.score[0],
        black: s.score[1],
        redTiles: r.tiles,
        redGroup: r.group,
        blackTiles: b.tiles,
        blackGroup: b.group,
      },
    },
  ];
}

/**
 * The closer look (`/board detail:true`): for each side the score and its
 * parts (EX-21), the pawns in reserve (EX-2) and those held prisoner
 * (EX-14); then the stock (EX-4) and the variant.
 */
export function detailNotes(s: ExxitState): Note[] {
  const notes: Note[] = [];
  for (const side of [0, 1] as const) {
    const { tiles, group } = scoreParts(s, side);
    const prisoners = s.prisoners.reduce((n, p) => n + p.stack.filter((x) => x === side).length, 0);
    notes.push({
      id: 'exxit.detail.side',
      params: { side, score: s.score[side], tiles, group, reserve: s.reserves[side], prisoners },
    });
  }
  notes.push({
    id: 'exxit.detail.stock',
    params: { stock: s.stock, tiles: VARIANT_TILES[s.variant], cells: s.prisoners.length },
  });
  return notes;
}

const END_IDS = {
  'EX-20a': 'exxit.end.stockEmpty',
  'EX-20b': 'exxit.end.twoPasses',
  'EX-20c': 'exxit.end.repetition',
  'EX-20d': 'exxit.end.plyLimit',
} as const;

/** EX-20 says what stopped play; EX-21's score always decides. */
export function endNote(s: ExxitState): Note | null {
  if (!s.end) return null;
  return { id: END_IDS[s.end.reason], params: { rule: s.end.reason, red: s.score[0], black: s.score[1] } };
}

export const EXXIT_NOTE_IDS: readonly string[] = [
  'exxit.setup',
  'exxit.move.pass',
  'exxit.move.place',
  'exxit.move.free',
  'exxit.move.dance',
  'exxit.move.exitDance',
  'exxit.score',
  'exxit.detail.side',
  'exxit.detail.stock',
  ...Object.values(END_IDS),
];
