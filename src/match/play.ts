// Playing a move: load the game, check who may move, let the engine parse
// and apply it and every forced move it causes, and write the result with
// compare-and-set on the version. On a conflict the game is reloaded and
// everything re-checked, so a move is never applied twice or to a stale
// position.
import type { AnyGame, Outcome, Side } from '../engine/index.js';
import type { Msg } from '../i18n/msg.js';
import type { GameChanges, StoredGame, UpdateGameResult, UpdateOptions } from '../store/types.js';
import { storeUnavailable } from '../store/unavailable.js';
import { nextClock } from './clock.js';
import type { MatchContext, Origin, Via } from './context.js';
import { moveLine, ruleErrorMsg } from './describe.js';
import { loadActiveGame, loadGameById, rememberChecked, requirePlayer, type LoadedGame } from './games.js';
import { gameEnded } from './over.js';
import { refuse, refuseMsg } from './refusal.js';

/** Forced moves in a row are bounded by the rules (Exxit: two passes end the game); this guards a broken engine. */
const MAX_FORCED = 8;

export interface Advanced {
  state: unknown;
  /** The position before the last ply, when forced moves followed the chosen one. */
  before?: unknown;
  /** Canonical text of every move played (the chosen one, then the forced ones). */
  moves: string[];
  lines: Msg[];
  outcome: Outcome;
}

/** Plays `move`, then every move the rules force after it (a forced pass is stored like any move). */
export function advance(game: AnyGame, state: unknown, move: unknown): Advanced {
  const moves: string[] = [];
  const lines: Msg[] = [];
  let cur = state;
  let next: unknown = move;
  let before: unknown;
  for (let i = 0; next !== null && i <= MAX_FORCED; i++) {
    if (i > 0) before = cur;
    const played = game.play(cur, next);
    if (!played.ok) refuseMsg(ruleErrorMsg(played.error), played.error.rule);
    lines.push(moveLine(game.id, cur, next, played.value));
    moves.push(game.formatMove(cur, next, 'canonical'));
    cur = played.value;
    next = game.outcome(cur).over ? null : game.forcedMove(cur);
  }
  return { state: cur, before, moves, lines, outcome: game.outcome(cur) };
}

/**
 * Who is moving: a player (with the version they saw, from a builder or button), or the AI on the version it thought
 * about.
 */
export type Mover = { userId: string; expectVersion?: number } | { aiSide: Side; expectVersion: number };

export interface Committed {
  loaded: LoadedGame;
  after: StoredGame;
  state: unknown;
  before?: unknown;
  lines: Msg[];
}

/** Time kept back from a commit's deadline for clocks that disagree a little (the bot's, Redis's). */
const CLOCK_SKEW_MS = 100;

/**
 * How a write that needs a post is saved. With an interaction behind it, the
 * write must reach Redis while the player can still be told how it went:
 * before the store's command timeout (after which they hear it failed) and
 * before the interaction can no longer be answered. Redis refuses it after
 * that instant ('late'), so it never happens behind the player's back. A
 * `Via` only names the interaction the post may follow (reply mode's AI).
 */
export function writeOptions(ctx: MatchContext, origin?: Origin | Via): UpdateOptions {
  const announce = { owner: ctx.instanceId, reply: origin?.reply ?? null };
  // Nobody waits on it (the AI's move following a player's answer): no deadline.
  if (!origin || !('answerBy' in origin)) return { announce };
  const deadline = Math.min(Date.now() + ctx.store.commandTimeoutMs, origin.answerBy()) - CLOCK_SKEW_MS;
  return { announce, deadline };
}

/**
 * A write a player waits for: a Redis outage or a late write is a refusal
 * that says so (a write that may have happened says that too: the sweep posts
 * it if it did), never a generic error.
 */
export async function savePlayerWrite(p: Promise<UpdateGameResult>): Promise<UpdateGameResult> {
  let res: UpdateGameResult;
  try {
    res = await p;
  } catch (e) {
    const out = storeUnavailable(e);
    if (out === 'unknown') refuse('move.unconfirmed');
    if (out === 'not-sent') refuse('common.storageUnavailable');
    throw e;
  }
  if (!res.ok && res.reason === 'late') refuse('common.storageUnavailable');
  return res;
}

export async function commitMove(
  ctx: MatchContext,
  where: { channelId: string } | { gameId: string },
  mover: Mover,
  text: string,
  origin?: Origin | Via,
): Promise<Committed> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const g =
      'channelId' in where
        ? await loadActiveGame(ctx, where.channelId, 'userId' in mover ? mover.userId : undefined)
        : await loadGameById(ctx, where.gameId);
    const { rec, game, state } = g;
    let side: Side;
    if ('userId' in mover) {
      side = requirePlayer(g, mover.userId);
      if (mover.expectVersion !== undefined && rec.version !== mover.expectVersion) refuse('move.stale');
    } else {
      if (rec.version !== mover.expectVersion || rec.status !== 'active') refuse('move.aiStale');
      side = mover.aiSide;
    }
    if (game.toMove(state) !== side) {
      const other = rec.players[1 - side];
      refuse(other.bot ? 'move.notYourTurnAi' : 'move.notYourTurn', { name: { name: other.name } });
    }
    const parsed = game.parseMove(state, text);
    if (!parsed.ok) refuseMsg(ruleErrorMsg(parsed.error), parsed.error.rule);
    const adv = advance(game, state, parsed.value);
    const changes: GameChanges = { state: adv.state, appendMoves: adv.moves, drawOffer: null };
    if (adv.outcome.over) {
      changes.status = 'over';
      changes.result = {
        winner: adv.outcome.draw ? null : adv.outcome.winner,
        draw: adv.outcome.draw,
        reason: adv.outcome.reason ?? 'over',
      };
      if (rec.clock) changes.clock = { ...rec.clock, wakeAt: null };
    } else if (rec.clock) {
      // Every applied move (forced and AI moves too) starts the next side's time.
      changes.clock = nextClock(rec.clock, ctx.now());
    }
    const vsAi = rec.players.some((p) => p.bot);
    // A hint before the write (as for owed posts): the AI sweep finds a turn whose process died before it thought.
    if (vsAi) await ctx.store.games.noteAiTurn(rec.id);
    const res = await savePlayerWrite(ctx.store.games.update(rec.id, rec.version, changes, writeOptions(ctx, origin)));
    if (res.ok) {
      rememberChecked(res.game, adv.state);
      if (vsAi && (res.game.status !== 'active' || res.game.players[game.toMove(adv.state)].bot === undefined)) {
        await ctx.store.games
          .dropAiTurn(rec.id)
          .catch((e: unknown) => ctx.log.debug({ err: e, gameId: rec.id }, 'AI-turn hint left for the sweep to drop'));
      }
      gameEnded(ctx, res.game);
      return { loaded: g, after: res.game, state: adv.state, before: adv.before, lines: adv.lines };
    }
    if (res.reason === 'not-found') refuse('game.gone');
    // The version moved on (another process, a double click): a mover with an expected version is now stale.
    ctx.log.debug({ gameId: rec.id, version: rec.version }, 'move conflict; reloading');
  }
  return refuse('move.conflict');
}
