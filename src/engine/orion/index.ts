// Orion Duel behind the common Game interface (game.ts). Rules: OD-1..OD-22
// of docs/rules/orion-duel.md.
import { ok, type Game, type Outcome, type Result } from '../game.js';
import { MOVE_FORM, ORION_ERROR_CODES, refused } from './errors.js';
import { CELL_COUNT, cellLabel } from './board.js';
import { fromJSON } from './json.js';
import { plainJson } from '../plain.js';
import { whyIllegal } from './legal.js';
import { formatMove, parseMoveText } from './notation.js';
import { gameOverError, initialState, legalIdsOf, playState, positionOf } from './state.js';
import { PLACEMENTS } from './tiles.js';
import type { OrionMove, OrionState } from './types.js';
import * as describe from './describe.js';
import { ORION_LESSONS, ruleTopic } from './lessons.js';
import * as menu from './menu.js';

export const ORION_SETUPS = ['preset1', 'preset2', 'preset3', 'random:<seed>'] as const;
const NAMES = ['orange', 'blue'] as const;

function outcome(s: OrionState): Outcome {
  const e = s.end;
  return e
    ? { over: true, winner: e.winner, draw: e.draw, reason: e.reason }
    : { over: false, winner: null, draw: false, reason: null };
}

function parseMove(s: OrionState, text: string): Result<OrionMove> {
  if (s.end) return gameOverError(s);
  if (typeof text !== 'string') return refused('OD-22', 'orion.notText', { form: MOVE_FORM });
  const id = parseMoveText(text);
  if (!id.ok) return id;
  const why = whyIllegal(positionOf(s), id.value);
  return why ? { ok: false, error: why } : ok({ ...PLACEMENTS[id.value].move });
}

/** The engine tool's `show` JSON. */
function summary(s: OrionState): Record<string, unknown> {
  const o = outcome(s);
  const covered: Record<string, 'orange' | 'blue'> = {};
  for (let c = 0; c < CELL_COUNT; c++) {
    const v = s.cells[c];
    if (v !== -1) covered[cellLabel(c)] = NAMES[v];
  }
  const last = s.placements[s.placements.length - 1];
  return {
    game: 'orion',
    layout: s.layout,
    toMove: NAMES[s.toMove],
    ply: s.ply,
    over: o.over,
    winner: o.winner === null ? null : NAMES[o.winner],
    draw: o.draw,
    reason: o.reason,
    vc: { orange: s.vc[0].total, blue: s.vc[1].total },
    vcDetail: { orange: { ...s.vc[0] }, blue: { ...s.vc[1] } },
    tilesLeft: { orange: { ...s.hands[0] }, blue: { ...s.hands[1] } },
    galaxies: s.galaxies.map(cellLabel),
    blackHoles: s.blackHoles.map(cellLabel),
    cells: covered,
    tiebreak: s.end?.tiebreak ? { orange: s.end.tiebreak[0], blue: s.end.tiebreak[1] } : null,
    lastMove: last ? formatMove(last.move) : null,
    moves: s.placements.map((p) => formatMove(p.move)),
    legalMoves: s.end ? 0 : legalIdsOf(s).length,
  };
}

export const orion: Game<OrionState, OrionMove> = {
  id: 'orion',
  title: 'Orion Duel',
  sides: ['orange', 'blue'],
  setups: ORION_SETUPS,
  defaultSetup: 'preset1',
  initial: (setup = 'preset1') => initialState(setup),
  toMove: (s) => s.toMove,
  ply: (s) => s.ply,
  legalMoves: (s) => legalIdsOf(s).map((id) => ({ ...PLACEMENTS[id].move })),
  play: (s, m) => playState(s, m),
  outcome,
  parseMove,
  formatMove: (_s, m) => formatMove(m),
  summary,
  fromJSON: (data) => {
    const plain = plainJson(data);
    return plain.ok ? fromJSON(plain.value) : refused('OD-22', 'orion.badState', {}, 'the stored state is not JSON');
  },
  position: (s) => positionOf(s),
  options: describe.ORION_OPTIONS,
  setupFor: describe.setupFor,
  describeSetup: describe.describeSetup,
  forcedMove: () => null,
  eachSideMoved: describe.eachSideMoved,
  describeMove: describe.describeMove,
  moveHint: (_s, m) => describe.moveHint(m),
  scoreNotes: describe.scoreNotes,
  endNote: describe.endNote,
  detailNotes: describe.detailNotes,
  noteIds: describe.ORION_NOTE_IDS,
  errorCodes: ORION_ERROR_CODES,
  lessons: ORION_LESSONS,
  ruleTopic,
  movePaths: menu.movePaths,
  orderMoves: menu.orderMoves,
};

export type { OrionMove, OrionState } from './types.js';
