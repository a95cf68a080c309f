// Exxit (rules: docs/rules/exxit.md) behind the Game interface. The pure
// functions load the state into the fast board, apply the shared rule code
// and write a new state: the rules exist once.
import { ok, type Game, type Outcome, type Result } from '../game.js';
import { EXXIT_ERROR_CODES, refused } from './errors.js';
import { check } from './explain.js';
import { generate } from './legal.js';
import { copyMove } from './moves.js';
import { formatMove, readMove, resolveLabel } from './notation.js';
import { applyMove, ExxitPosition, setupBoard } from './position.js';
import { boardFromState, scratchBoard, lastMoveOf, stateFromBoard } from './state.js';
import { summarize } from './summary.js';
import * as describe from './describe.js';
import { EXXIT_LESSONS, ruleTopic } from './lessons.js';
import * as menu from './menu.js';
import type { ExxitMove, ExxitState, ExxitVariant } from './types.js';
import { validateState } from './validate.js';
import { plainJson } from '../plain.js';

export type { ExxitMove, ExxitState } from './types.js';

const SETUPS = ['standard', 'blitz', 'short'] as const;

function play(s: ExxitState, m: ExxitMove): Result<ExxitState> {
  const b = scratchBoard(s);
  const c = check(b, m);
  if ('error' in c) return { ok: false, error: c.error };
  const label = formatMove(s, c.move, 'label');
  applyMove(b, c.move);
  return ok(stateFromBoard(b, lastMoveOf(b, c.move, s.toMove, label)));
}

function parseMove(s: ExxitState, text: string): Result<ExxitMove> {
  const b = scratchBoard(s, false);
  if (b.end !== 0) {
    const c = check(b, { kind: 'pass' });
    if ('error' in c) return { ok: false, error: c.error };
  }
  const read = readMove(text);
  if (!read.ok) return read;
  const t = read.value;
  let move: ExxitMove;
  if (t.kind === 'pass') move = { kind: 'pass' };
  else {
    const at = 'label' in t.at ? resolveLabel(s, t.at.label) : ok(t.at);
    if (!at.ok) return at;
    const { q, r } = at.value;
    move = t.kind === 'dance' ? { kind: 'dance', q, r, dir: t.dir } : { kind: t.kind, q, r };
  }
  const c = check(b, move);
  if ('error' in c) return { ok: false, error: c.error };
  return ok(copyMove(c.move));
}

function outcome(s: ExxitState): Outcome {
  if (!s.end) return { over: false, winner: null, draw: false, reason: null };
  return { over: true, winner: s.end.winner, draw: s.end.draw, reason: s.end.reason };
}

export const exxit: Game<ExxitState, ExxitMove> = {
  id: 'exxit',
  title: 'Exxit',
  sides: ['red', 'black'],
  setups: SETUPS,
  defaultSetup: 'standard',
  initial(setup = 'standard') {
    if (!(SETUPS as readonly string[]).includes(setup))
      return refused('EX-3', 'exxit.unknownSetup', { setup: String(setup).slice(0, 40), setups: SETUPS.join(', ') });
    return ok(stateFromBoard(setupBoard(setup as ExxitVariant), null));
  },
  toMove: (s) => s.toMove,
  ply: (s) => s.ply,
  legalMoves: (s) => generate(scratchBoard(s, false)).map(copyMove),
  play,
  outcome,
  parseMove,
  formatMove: (s, m, style) => formatMove(s, m, style),
  summary: (s) => summarize(s, generate(scratchBoard(s, false))),
  fromJSON: (data) => {
    const plain = plainJson(data);
    return plain.ok
      ? validateState(plain.value)
      : refused('EX-22', 'exxit.badState', {}, 'the stored state is not JSON');
  },
  position: (s) => new ExxitPosition(boardFromState(s)),
  options: describe.EXXIT_OPTIONS,
  setupFor: (values) => describe.setupFor(values),
  describeSetup: describe.describeSetup,
  forcedMove: describe.forcedMove,
  eachSideMoved: describe.eachSideMoved,
  describeMove: describe.describeMove,
  moveHint: (_s, m) => describe.moveHint(m),
  scoreNotes: describe.scoreNotes,
  endNote: describe.endNote,
  detailNotes: describe.detailNotes,
  noteIds: describe.EXXIT_NOTE_IDS,
  errorCodes: EXXIT_ERROR_CODES,
  lessons: EXXIT_LESSONS,
  ruleTopic,
  movePaths: menu.movePaths,
  orderMoves: menu.orderMoves,
};
