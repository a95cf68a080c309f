// The endings a person asks for: resign, an agreed draw, abort, an admin's
// /endgame, a player closing a damaged record. Each ends the game through
// finish.ts; a concurrent change is a refusal (look again, try again).
import type { Side } from '../engine/index.js';
import type { Msg } from '../i18n/msg.js';
import type { StoredGame } from '../model/index.js';
import { isCorruptRecordError } from '../store/types.js';
import type { Announcement } from './announce.js';
import type { LiveInteractionRef, MatchContext } from './context.js';
import { sideMsg } from './describe.js';
import { finish, type Ending } from './finish.js';
import { check, loadActiveGame, loadGameById, requirePlayer, type LoadedGame } from './games.js';
import { refuse } from './refusal.js';
import { isTournamentGame } from './tournament/event.js';

/** Ends an active game for a person waiting on it; a concurrent change or a vanished record is a refusal. */
async function end(
  ctx: MatchContext,
  rec: StoredGame,
  ending: Ending,
  interaction?: LiveInteractionRef,
): Promise<Announcement> {
  const f = await finish(ctx, rec, ending, interaction);
  if (!f.ok) return refuse(f.reason === 'not-found' ? 'game.gone' : 'game.changedJustNow');
  return f.announcement;
}

export async function resign(
  ctx: MatchContext,
  channelId: string,
  userId: string,
  interaction?: LiveInteractionRef,
): Promise<Announcement> {
  const g = await loadActiveGame(ctx, channelId, userId);
  const side = requirePlayer(g, userId);
  const name = { name: g.rec.players[side].name };
  return end(
    ctx,
    g.rec,
    {
      status: 'over',
      result: { winner: (1 - side) as Side, draw: false, reason: 'resign' },
      lines: [{ key: 'end.resigned', params: { name, side: sideMsg(g.rec.game, side) } }],
      state: g.state,
    },
    interaction,
  );
}

/** /abort: only while a side has not moved yet (the engine says what counts as a move of one's own). */
export async function abort(
  ctx: MatchContext,
  channelId: string,
  userId: string,
  interaction?: LiveInteractionRef,
): Promise<Announcement> {
  // A damaged record cannot go on: either of its players may close it, as an admin may with /endgame (no
  // result). In DMs and group DMs nobody else could, and the channel would be held by it for good.
  const damaged = await damagedGameOf(ctx, channelId, userId);
  if (damaged)
    return closeWithoutResult(
      ctx,
      damaged,
      'damaged',
      { key: 'end.closedDamagedBy', params: { user: { user: userId } } },
      interaction,
    );
  const g = await loadActiveGame(ctx, channelId, userId);
  requirePlayer(g, userId);
  // A pairing's result counts for the event: the clock or the round deadline decides an absence.
  if (isTournamentGame(g.rec.id)) refuse('tournament.noAbort');
  if (g.game.eachSideMoved(g.state)) refuse('abort.tooLate');
  return end(
    ctx,
    g.rec,
    {
      status: 'aborted',
      result: { winner: null, draw: false, reason: 'abort' },
      lines: [{ key: 'end.abortedBy', params: { user: { user: userId } } }],
      state: g.state,
    },
    interaction,
  );
}

export type DrawOffer =
  | { kind: 'agreed'; announcement: Announcement }
  | { kind: 'offered'; game: StoredGame; by: Side };

/** /draw: offers a draw, or accepts the opponent's standing offer. */
export async function offerDraw(
  ctx: MatchContext,
  channelId: string,
  userId: string,
  interaction?: LiveInteractionRef,
): Promise<DrawOffer> {
  const g = await loadActiveGame(ctx, channelId, userId);
  const side = requirePlayer(g, userId);
  if (g.rec.players[1 - side].bot) refuse('draw.aiDeclines');
  if (g.rec.drawOffer === side) refuse('draw.alreadyOffered');
  if (g.rec.drawOffer != null) return { kind: 'agreed', announcement: await agreeDraw(ctx, g, interaction) };
  const res = await ctx.store.games.update(g.rec.id, g.rec.version, { drawOffer: side });
  if (!res.ok) refuse('game.changedJustNow');
  return { kind: 'offered', game: res.game, by: side };
}

const agreeDraw = (ctx: MatchContext, g: LoadedGame, interaction?: LiveInteractionRef): Promise<Announcement> =>
  end(
    ctx,
    g.rec,
    {
      status: 'over',
      result: { winner: null, draw: true, reason: 'draw-agreed' },
      lines: [{ key: 'end.drawAgreedLine' }],
      state: g.state,
    },
    interaction,
  );

/**
 * The answer to an offer (a draw, a takeback): Decline, by the opponent or by its maker (withdrawn), leaves the game
 * as the record `game`; Accept (`Done`) changes it and posts the announcement.
 */
export type OfferAnswer<Done extends string> =
  | { kind: 'declined' | 'withdrawn'; game: StoredGame }
  | { kind: Done; announcement: Announcement };

/** Who declined an offer: its maker withdraws it. */
export const declinedKind = (side: Side, offeredBy: Side): 'declined' | 'withdrawn' =>
  side === offeredBy ? 'withdrawn' : 'declined';

export type DrawAnswer = OfferAnswer<'agreed'>;

/**
 * The Accept / Decline buttons of an offer; `version` is the game's when the buttons were drawn (a move since makes
 * them stale).
 */
export async function answerDraw(
  ctx: MatchContext,
  gameId: string,
  version: number,
  userId: string,
  accept: boolean,
  interaction?: LiveInteractionRef,
): Promise<DrawAnswer> {
  const g = await loadGameById(ctx, gameId);
  if (g.rec.status !== 'active') refuse('game.over');
  if (g.rec.version !== version || g.rec.drawOffer == null) refuse('draw.stale');
  const side = requirePlayer(g, userId);
  if (!accept) {
    const res = await ctx.store.games.update(g.rec.id, g.rec.version, { drawOffer: null });
    if (!res.ok) refuse('game.changedJustNow');
    return { kind: declinedKind(side, g.rec.drawOffer), game: res.game };
  }
  if (side === g.rec.drawOffer) refuse('draw.ownOffer');
  return { kind: 'agreed', announcement: await agreeDraw(ctx, g, interaction) };
}

/**
 * /endgame: a server admin closes the active game of a channel with no result
 * and no rating change — a player who vanished, or a damaged record (which
 * the store can still decode; one it cannot decode must be removed by operators).
 */
export async function adminEnd(
  ctx: MatchContext,
  channelId: string,
  adminId: string,
  interaction?: LiveInteractionRef,
): Promise<Announcement> {
  let active: StoredGame | null;
  try {
    active = await ctx.store.channels.active(channelId);
  } catch (e) {
    if (isCorruptRecordError(e)) refuse('endgame.unreadable');
    throw e;
  }
  if (!active) return refuse('endgame.noGame');
  return closeWithoutResult(
    ctx,
    active,
    'admin',
    { key: 'end.endedByAdmin', params: { user: { user: adminId } } },
    interaction,
  );
}

/**
 * The channel's active game when its record is damaged (the engine refuses its state) and `userId` plays in it; else
 * null.
 */
async function damagedGameOf(ctx: MatchContext, channelId: string, userId: string): Promise<StoredGame | null> {
  let rec: StoredGame | null;
  try {
    rec = await ctx.store.channels.active(channelId);
  } catch {
    return null; // undecodable, or the store failed: the usual path says so
  }
  if (!rec || check(rec).ok || !rec.players.some((p) => p.id === userId)) return null;
  return rec;
}

/** Ends an active game with no result and no rating change (an admin's /endgame, a damaged record closed by a player). */
function closeWithoutResult(
  ctx: MatchContext,
  active: StoredGame,
  reason: 'admin' | 'damaged',
  line: Msg,
  interaction?: LiveInteractionRef,
): Promise<Announcement> {
  const c = check(active);
  return end(
    ctx,
    active,
    {
      status: 'aborted',
      result: { winner: null, draw: false, reason },
      lines: c.ok ? [line] : [line, { key: 'endgame.wasDamaged' }],
      ...(c.ok ? { state: c.value.state } : {}),
    },
    interaction,
  );
}
