// The one way a game ends, however it ends: the rules after a move, a
// resignation, an agreed draw, an abort, the clock, an admin or a player
// closing a damaged record, a tournament's cancel or round deadline.
//
// `finish` is one compare-and-set write of the end (status, result, no draw
// or takeback offer, no clock wake-up) with its post owed and a deadline (write.ts), so a
// crash between the write and the post leaves the post to the announcement
// sweep, never lost. The consequences are reached from here: the end-of-game
// call (over.ts: tournaments), then the ratings and seasons (ratings.ts) as
// the final post is built. The caller makes the post: the answer of the
// interaction behind it, or postAnnouncement when nobody waits.
import type { Msg } from '../i18n/msg.js';
import type { GameResult, InteractionRef, StoredGame } from '../model/index.js';
import type { GameChanges } from '../store/types.js';
import { announcement, type Announcement } from './announce.js';
import type { LiveInteractionRef, MatchContext } from './context.js';
import { check, rememberChecked } from './games.js';
import { gameEnded } from './over.js';
import { settleRatings } from './ratings.js';
import { queueReview } from './review.js';
import { savePlayerWrite, writeOptions } from './write.js';

export interface Ending {
  status: 'over' | 'aborted';
  result: Omit<GameResult, 'ratingChanges'>;
  /** What the final post says happened ("Alice resigned.", the moves that ended it). */
  lines: Msg[];
  /** The game's state at its end, checked (the loaded one, or a move's); absent: read from the record (if it can be). */
  state?: unknown;
  /**
   * The move that ended the game, written with its end: the moves played (the chosen one, then the forced ones; `state`
   * is the position after them) and the position before the last one when there are several.
   */
  move?: { moves: string[]; before?: unknown };
}

export type Finished =
  | { ok: true; game: StoredGame; announcement: Announcement }
  | { ok: false; reason: 'conflict' | 'not-found' };

/**
 * Ends `rec` (active, at its version) as `ending` says. A concurrent change or
 * a missing record changes nothing ({ok: false}); a store outage or a late
 * write is a refusal that says so (savePlayerWrite). `interaction`: the one
 * the post answers (live: a person waiting on it now).
 */
export async function finish(
  ctx: MatchContext,
  rec: StoredGame,
  ending: Ending,
  interaction?: InteractionRef | LiveInteractionRef,
): Promise<Finished> {
  const changes: GameChanges = {
    status: ending.status,
    result: ending.result,
    drawOffer: null,
    takebackOffer: null,
    clock: rec.clock ? { ...rec.clock, wakeAt: null } : undefined,
  };
  if (ending.move) {
    changes.state = ending.state;
    changes.appendMoves = ending.move.moves;
  }
  const res = await savePlayerWrite(
    ctx.store.games.update(rec.id, rec.version, changes, writeOptions(ctx, interaction)),
  );
  if (!res.ok) return { ok: false, reason: res.reason === 'not-found' ? 'not-found' : 'conflict' };
  if (ending.state !== undefined) rememberChecked(res.game, ending.state);
  gameEnded(ctx, res.game);
  const a = await finalAnnouncement(ctx, res.game, ending.lines, ending.state, ending.move?.before, interaction);
  return { ok: true, game: a.post.game, announcement: a };
}

/**
 * The final post of a game that has ended, with its ratings settled and its review queued (again, idempotently, when
 * the announcement sweep builds an owed one: what a crash after the end's write lost is made up here). `state`: the
 * game's, when the caller has it checked already; `interaction`: the one that ended it (reply mode: the review
 * follows it up).
 */
export async function finalAnnouncement(
  ctx: MatchContext,
  rec: StoredGame,
  lines: Msg[],
  state?: unknown,
  before?: unknown,
  interaction?: InteractionRef,
): Promise<Announcement> {
  const final = await settleRatings(ctx, rec);
  await queueReview(ctx, final, interaction);
  if (state !== undefined) return announcement(ctx, final, state, lines, undefined, before);
  const c = check(final);
  return announcement(ctx, final, c.ok ? c.value.state : undefined, lines);
}
