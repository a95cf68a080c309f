// The lines that describe what happened in a game, as messages (key and
// parameters; words in src/i18n). Game-specific meaning comes from the
// engine's Notes; nothing here asks which game it is.
import { getGame, type GameId, type Note, type RuleError, type Side } from '../engine/index.js';
import type { Msg, Param } from '../i18n/msg.js';
import type { PlayerRef, StoredGame } from '../model/index.js';
import type { AiWait } from './context.js';

export const titleMsg = (game: GameId): Msg => ({ key: `game.${game}.title` });
export const sideMsg = (game: GameId, side: Side): Msg => ({ key: `game.${game}.side.${side}` });
export const noteMsg = (n: Note): Msg => ({ key: `engine.${n.id}`, params: n.params });

/** A refusal of the engine: `EX-13d: the target stack is taller than yours (2 > 1)`; the words are `refusal.<code>`. */
export const ruleErrorMsg = (e: RuleError): Msg => ({
  key: 'refusal.rule',
  params: { rule: e.rule, text: { key: `refusal.${e.code}`, params: typedParams(e.params) } },
});

/** The engine's text parameters may quote what the player typed: shown as written, never as markdown or a mention. */
const typedParams = (params: RuleError['params']): Record<string, Param> =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? { typed: v } : v]));

export const playerParam = (p: PlayerRef) => ({ player: { id: p.id, name: p.name, bot: p.bot } });

/** "Exxit · Alice vs Bob" (thread names, links). */
export const matchTitle = (game: GameId, players: readonly [PlayerRef, PlayerRef]): Msg => ({
  key: 'game.matchTitle',
  params: { game: titleMsg(game), first: { name: players[0].name }, second: { name: players[1].name } },
});

/** "Exxit · Alice (Red) vs Bob (Black)" at the start of a game. */
export const introLine = (rec: StoredGame): Msg => ({
  key: 'game.intro',
  params: {
    game: titleMsg(rec.game),
    first: { name: rec.players[0].name },
    firstSide: sideMsg(rec.game, 0),
    second: { name: rec.players[1].name },
    secondSide: sideMsg(rec.game, 1),
    setup: setupMsg(rec.game, rec.setup),
  },
});

/** A time per move: whole hours as hours, else minutes. */
export function durationMsg(ms: number): Msg {
  const h = ms / 3_600_000;
  return Number.isInteger(h)
    ? { key: 'common.hours', params: { n: h } }
    : { key: 'common.minutes', params: { n: Math.round(ms / 60_000) } };
}

export const setupMsg = (game: GameId, setup: string): Msg => noteMsg(getGame(game).describeSetup(setup));

/** The key of a move's line (a post that shows a move carries one). */
export const MOVE_LINE = 'move.line';

/** "Red: D B NW (exit dance, X1)". */
export function moveLine(game: GameId, before: unknown, move: unknown, after: unknown): Msg {
  const g = getGame(game);
  return {
    key: MOVE_LINE,
    params: { side: sideMsg(game, g.toMove(before)), what: noteMsg(g.describeMove(before, move, after)) },
  };
}

/** A wait said to people: seconds in fives under two minutes, else whole minutes (rounded up: never promise early). */
export function waitMsg(ms: number): Msg {
  if (ms < 120_000) return { key: 'common.seconds', params: { n: Math.max(5, Math.round(ms / 5_000) * 5) } };
  return { key: 'common.minutes', params: { n: Math.ceil(ms / 60_000) } };
}

/**
 * "@Bob to move (Black). Time per move 24 h · deadline in 23 hours." or "hexmate AI (Black) is thinking…", with how
 * long when its search waits behind others (`wait`).
 */
export function toMoveLine(rec: StoredGame, side: Side, wait?: AiWait): Msg {
  const p = rec.players[side];
  const who = { player: playerParam(p), side: sideMsg(rec.game, side) };
  if (p.bot && wait)
    return { key: 'turn.aiThinkingQueued', params: { ...who, wait: waitMsg(wait.ms), ahead: wait.ahead } };
  if (p.bot) return { key: 'turn.aiThinking', params: who };
  const c = rec.clock;
  if (c?.deadline)
    return {
      key: 'turn.toMoveClock',
      params: { ...who, per: durationMsg(c.perMoveMs), deadline: { time: c.deadline } },
    };
  return { key: 'turn.toMove', params: who };
}

/**
 * Why a game ended when the rules did not end it (the words are `end.<reason>`); any other reason is the game's own.
 */
export const MATCH_REASONS = [
  'resign',
  'draw-agreed',
  'abort',
  'time',
  'timeout',
  'admin',
  'damaged',
  'cancelled',
] as const;
const isRule = (reason: string): boolean => !(MATCH_REASONS as readonly string[]).includes(reason);

/**
 * The result block of a finished game: who won and what decided it (the
 * engine's end note for a rule, our reason otherwise), the score, the rating
 * changes of a rated game, and the game id for /replay.
 */
export function resultLines(rec: StoredGame, state: unknown): Msg[] {
  const r = rec.result;
  if (!r || rec.status === 'active') return [];
  const g = getGame(rec.game);
  const lines: Msg[] = [];
  const why = whyMsg(rec, state, r.reason);
  if (rec.status === 'aborted') {
    lines.push({ key: r.reason === 'time' ? 'result.abortedOnTime' : 'result.aborted' });
  } else if (r.draw || r.winner === null) {
    lines.push({ key: 'result.draw', params: { why } });
  } else if (r.reason === 'time') {
    const l = (1 - r.winner) as Side;
    lines.push({
      key: 'result.winsOnTime',
      params: {
        winner: playerParam(rec.players[r.winner]),
        winnerSide: sideMsg(rec.game, r.winner),
        loser: playerParam(rec.players[l]),
        loserSide: sideMsg(rec.game, l),
      },
    });
  } else {
    lines.push({
      key: 'result.wins',
      params: { winner: playerParam(rec.players[r.winner]), side: sideMsg(rec.game, r.winner), why },
    });
  }
  if (rec.status === 'over' && isRule(r.reason) && state !== undefined) lines.push(...g.scoreNotes(state).map(noteMsg));
  if (r.ratingChanges) {
    for (const c of r.ratingChanges) {
      const p = rec.players.find((x) => x.id === c.userId);
      const before = Math.round(c.global.before.rating);
      const after = Math.round(c.global.after.rating);
      lines.push({
        key: 'result.rating',
        params: { player: p ? playerParam(p) : { user: c.userId }, before, after, delta: after - before },
      });
    }
  } else if (rec.status === 'over' && !rec.rated) lines.push({ key: 'result.casual' });
  // The id is what /replay takes; the final message is where players look for it.
  if (rec.status === 'over') lines.push({ key: 'result.replayHint', params: { id: rec.id } });
  return lines;
}

/** What decided a game: the engine's end note for a rule (the rule's id when the position has none), else our reason. */
function whyMsg(rec: StoredGame, state: unknown, reason: string): Msg {
  if (!isRule(reason)) return { key: `end.${reason}` };
  const n = state === undefined ? null : getGame(rec.game).endNote(state);
  return n ? noteMsg(n) : { key: 'end.rule', params: { rule: reason } };
}

/**
 * The closer look at a position (`/board detail:true`): what the picture
 * leaves out, as the game describes it (its detail notes, else its score).
 */
export function detailLines(game: GameId, state: unknown): Msg[] {
  const g = getGame(game);
  return (g.detailNotes ? g.detailNotes(state) : g.scoreNotes(state)).map(noteMsg);
}

/** The result in one plain line (text files, autocomplete): "Bob (Blue) wins: more victory conditions (OD-18)". */
export function resultSummary(rec: StoredGame, state: unknown): Msg {
  const r = rec.result;
  if (rec.status === 'active' || !r) return { key: 'result.summary.inProgress', params: { moves: rec.moves.length } };
  if (rec.status === 'aborted') return { key: 'result.summary.aborted' };
  const why = whyMsg(rec, state, r.reason);
  if (r.draw || r.winner === null) return { key: 'result.summary.draw', params: { why } };
  return {
    key: 'result.summary.wins',
    params: { winner: { name: rec.players[r.winner].name }, side: sideMsg(rec.game, r.winner), why },
  };
}
