// Orion Duel for the match layer and the bot: setup options and what a
// move, the victory conditions or an end mean — as Notes (ids and numbers),
// whose words live in the message catalogues. Rule ids: OD-n.
import { ok, type Note, type Result, type SetupOption } from '../game.js';
import { refused } from './errors.js';
import { SIDES, cellLabel, pairMask } from './board.js';
import { formatMove } from './notation.js';
import { PLACEMENTS, placementOf } from './tiles.js';
import { TILE_CODES, type OrionMove, type OrionState } from './types.js';
import { groupsOf, tiebreakScores } from './victory.js';

const LAYOUTS = ['random', 'preset1', 'preset2', 'preset3'] as const;

export const ORION_OPTIONS: readonly SetupOption[] = [
  { name: 'layout', type: 'string', choices: LAYOUTS, default: 'random' },
];

/** OD-10/OD-11: a preset, or a random layout reproducible from the seed kept in the setup name. */
export function setupFor(values: Readonly<Record<string, string | number>>, seed: number): Result<string> {
  const layout = values.layout ?? 'random';
  for (const k of Object.keys(values))
    if (k !== 'layout') return refused('OD-10', 'orion.noOption', { option: k.slice(0, 20) });
  if (layout === 'random') return ok(`random:${Math.abs(Math.trunc(seed)) || 1}`);
  if (typeof layout === 'string' && (LAYOUTS as readonly string[]).includes(layout)) return ok(layout);
  return refused('OD-11', 'orion.unknownLayout', { layout: String(layout).slice(0, 20), layouts: LAYOUTS.join(', ') });
}

export function describeSetup(setup: string): Note {
  const preset = /^preset([1-3])$/.exec(setup);
  return preset
    ? { id: 'orion.setup.preset', params: { n: Number(preset[1]) } }
    : { id: 'orion.setup.random', params: {} };
}

/** OD-13: every turn is a placement; there are no passes. */
export const eachSideMoved = (s: OrionState): boolean => s.ply >= 2;

export function describeMove(_before: OrionState, m: OrionMove): Note {
  return { id: 'orion.move.place', params: { label: formatMove(m) } };
}

/** The cells a placement covers, X hex first (OD-8): what an orientation means on the board. */
export function moveHint(m: OrionMove): string {
  const id = placementOf(m);
  return id < 0 ? '' : PLACEMENTS[id].cells.map(cellLabel).join(' ');
}

export function scoreNotes(s: OrionState): Note[] {
  const [o, b] = s.vc;
  const notes: Note[] = [
    {
      id: 'orion.score',
      params: {
        orange: o.total,
        orangeConstellations: o.constellations,
        orangeGalaxies: o.galaxies,
        orangeBlackHoles: o.blackHoles,
        blue: b.total,
        blueConstellations: b.constellations,
        blueGalaxies: b.galaxies,
        blueBlackHoles: b.blackHoles,
      },
    },
  ];
  if (s.end?.tiebreak)
    notes.push({ id: 'orion.tiebreak', params: { orange: s.end.tiebreak[0], blue: s.end.tiebreak[1] } });
  return notes;
}

/** A hand as typed (OD-3, OD-22): `S1 P2 D2×3 L3`, the used-up tiles left out. */
export function handText(hand: OrionState['hands'][0]): string {
  return TILE_CODES.filter((c) => hand[c] > 0)
    .map((c) => (hand[c] > 1 ? `${c}×${hand[c]}` : c))
    .join(' ');
}

/**
 * The closer look (`/board detail:true`): for each side the victory
 * conditions with their parts — which pairs of sides are joined (OD-17a) —
 * how near the next galaxy point (the best own group, of 4, OD-17b) and the
 * next black-hole point (the opponent's best group, of 3, OD-17c) are, and
 * the tiles left (OD-3); then the tiebreak as the board stands (OD-19).
 */
export function detailNotes(s: OrionState): Note[] {
  const groups = groupsOf(s.cells, s.galaxies, s.blackHoles);
  const notes: Note[] = [];
  for (const side of [0, 1] as const) {
    const vc = s.vc[side];
    let pairs = 0;
    let galaxyBest = 0;
    let blackHoleBest = 0;
    for (const g of groups) {
      if (g.color === side) {
        pairs |= pairMask(g.sides);
        galaxyBest = Math.max(galaxyBest, g.galaxies % 4);
      } else blackHoleBest = Math.max(blackHoleBest, g.blackHoles % 3);
    }
    const joined = Object.fromEntries(SIDES.map((p, i) => [p.color, (pairs >> i) & 1]));
    const left = TILE_CODES.reduce((n, c) => n + s.hands[side][c], 0);
    notes.push(
      {
        id: 'orion.detail.conditions',
        params: {
          side,
          total: vc.total,
          constellations: vc.constellations,
          ...joined,
          galaxies: vc.galaxies,
          blackHoles: vc.blackHoles,
        },
      },
      {
        id: 'orion.detail.next',
        params: { side, galaxies: vc.galaxies, galaxyBest, blackHoles: vc.blackHoles, blackHoleBest },
      },
      { id: 'orion.detail.tiles', params: { side, count: left, tiles: handText(s.hands[side]) } },
    );
  }
  const on = (side: 0 | 1, cells: readonly number[]) => cells.filter((c) => s.cells[c] === side).length;
  const [orange, blue] = tiebreakScores(s.cells, s.galaxies, s.blackHoles);
  notes.push({
    id: 'orion.detail.tiebreak',
    params: {
      orange,
      orangeGalaxies: on(0, s.galaxies),
      orangeBlackHoles: on(0, s.blackHoles),
      blue,
      blueGalaxies: on(1, s.galaxies),
      blueBlackHoles: on(1, s.blackHoles),
    },
  });
  return notes;
}

/** OD-18 victory conditions, OD-19 the tiebreak of a full board, OD-20 a blocked player (the side to move). */
export function endNote(s: OrionState): Note | null {
  const e = s.end;
  if (!e) return null;
  if (e.reason === 'OD-18')
    return { id: 'orion.end.conditions', params: { rule: e.reason, orange: s.vc[0].total, blue: s.vc[1].total } };
  if (e.reason === 'OD-19')
    return {
      id: 'orion.end.tiebreak',
      params: { rule: e.reason, orange: e.tiebreak?.[0] ?? 0, blue: e.tiebreak?.[1] ?? 0 },
    };
  return { id: 'orion.end.blocked', params: { rule: e.reason, blocked: s.toMove } };
}

export const ORION_NOTE_IDS: readonly string[] = [
  'orion.setup.preset',
  'orion.setup.random',
  'orion.move.place',
  'orion.score',
  'orion.tiebreak',
  'orion.detail.conditions',
  'orion.detail.next',
  'orion.detail.tiles',
  'orion.detail.tiebreak',
  'orion.end.conditions',
  'orion.end.tiebreak',
  'orion.end.blocked',
];
