// Orion Duel for the match layer and the bot: setup options and what a
// move, the victory conditions or an end mean — as Notes (ids and numbers),
// whose words live in the message catalogues. Rule ids: OD-n.
import { ok, type Note, type Result, type SetupOption } from '../game.js';
import { refused } from './errors.js';
import { cellLabel } from './board.js';
import { formatMove } from './notation.js';
import { PLACEMENTS, placementOf } from './tiles.js';
import type { OrionMove, OrionState } from './types.js';

const LAYOUTS = ['random', 'preset1', 'preset2', 'preset3'] as const;

export const ORION_OPTIONS: readonly SetupOption[] = [{ name: 'layout', type: 'string', choices: LAYOUTS, default: 'random' }];

/** OD-10/OD-11: a preset, or a random layout reproducible from the seed kept in the setup name. */
export function setupFor(values: Readonly<Record<string, string | number>>, seed: number): Result<string> {
  const layout = values.layout ?? 'random';
  for (const k of Object.keys(values)) if (k !== 'layout') return refused('OD-10', 'orion.noOption', { option: k.slice(0, 20) });
  if (layout === 'random') return ok(`random:${Math.abs(Math.trunc(seed)) || 1}`);
  if (typeof layout === 'string' && (LAYOUTS as readonly string[]).includes(layout)) return ok(layout);
  return refused('OD-11', 'orion.unknownLayout', { layout: String(layout).slice(0, 20), layouts: LAYOUTS.join(', ') });
}

export function describeSetup(setup: string): Note {
  const preset = /^preset([1-3])$/.exec(setup);
  return preset ? { id: 'orion.setup.preset', params: { n: Number(preset[1]) } } : { id: 'orion.setup.random', params: {} };
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
  if (s.end?.tiebreak) notes.push({ id: 'orion.tiebreak', params: { orange: s.end.tiebreak[0], blue: s.end.tiebreak[1] } });
  return notes;
}

/** OD-18 victory conditions, OD-19 the tiebreak of a full board, OD-20 a blocked player (the side to move). */
export function endNote(s: OrionState): Note | null {
  const e = s.end;
  if (!e) return null;
  if (e.reason === 'OD-18') return { id: 'orion.end.conditions', params: { rule: e.reason, orange: s.vc[0].total, blue: s.vc[1].total } };
  if (e.reason === 'OD-19') return { id: 'orion.end.tiebreak', params: { rule: e.reason, orange: e.tiebreak?.[0] ?? 0, blue: e.tiebreak?.[1] ?? 0 } };
  return { id: 'orion.end.blocked', params: { rule: e.reason, blocked: s.toMove } };
}

export const ORION_NOTE_IDS: readonly string[] = [
  'orion.setup.preset',
  'orion.setup.random',
  'orion.move.place',
  'orion.score',
  'orion.tiebreak',
  'orion.end.conditions',
  'orion.end.tiebreak',
  'orion.end.blocked',
];
