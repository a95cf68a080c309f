// Ending a game outside the rules (resign, agreed draw, abort, an admin, the
// clock) with compare-and-set, rating settlement, and the final post.
import type { Side } from '../engine/index.js';
import type { Msg } from '../i18n/msg.js';
import type { GameResult, StoredGame } from '../store/types.js';
import { announcement, postAnnouncement, type Announcement } from './announce.js';
import { postableHere, type MatchContext, type Origin } from './context.js';
import { sideMsg } from './describe.js';
import { check, loadActiveGame, loadGameById, requirePlayer, type LoadedGame } from './games.js';
import { gameEnded } from './over.js';
import { savePlayerWrite, writeOptions } from './play.js';
import { seasonsAt } from './seasons.js';
import { isTournamentGame } from './tournament-flow.js';
import { refuse } from './refusal.js';

/** Ends an active game with CAS; a concurrent change is a refusal (look again, try again). */
export async function endGame(
  ctx: MatchContext,
  g: LoadedGame,
  status: 'over' | 'aborted',
  result: GameResult,
  origin?: Origin,
): Promise<StoredGame> {
  const changes = {
    status,
    result,
    drawOffer: null,
    clock: g.rec.clock ? { ...g.rec.clock, wakeAt: null } : undefined,
  };
  const res = await savePlayerWrite(
    ctx.store.games.update(g.rec.id, g.rec.version, changes, writeOptions(ctx, origin)),
  );
  if (!res.ok) return refuse(res.reason === 'not-found' ? 'game.gone' : 'game.changedJustNow');
  gameEnded(ctx, res.game);
  return res.game;
}

/**
 * The server whose boards a game counts for: the game's, where the server has
 * added the bot; none (the global board only) for games in DMs, group DMs and
 * servers where only a player installed the app.
 */
export const ratingGuild = (rec: Pick<StoredGame, 'guildId' | 'postable'>): string | null =>
  postableHere(rec) ? rec.guildId : null;

/** Rated human games: Glicko-2 via the store (idempotent per game), recorded on the game for the final post. */
export async function settleRatings(ctx: MatchContext, rec: StoredGame): Promise<StoredGame> {
  if (!rec.rated || rec.status !== 'over' || !rec.result || rec.players.some((p) => p.bot)) return rec;
  // Settled already (an owed final post built again): nothing to apply, and no new version to make its Rematch button
  // stale.
  if (rec.result.ratingChanges) return rec;
  try {
    const now = ctx.now();
    const guildId = ratingGuild(rec);
    const out = await ctx.store.ratings.applyResult(
      rec.game,
      rec.id,
      guildId,
      [rec.players[0].id, rec.players[1].id],
      { winner: rec.result.winner, draw: rec.result.draw },
      now,
      await seasonsAt(ctx, guildId, now),
    );
    const result = { ...rec.result, ratingChanges: out.players };
    const res = await ctx.store.games.update(rec.id, rec.version, { result });
    return res.ok ? res.game : { ...rec, result };
  } catch (e) {
    // The game stays over; the ratings are applied idempotently by the next attempt (none is scheduled: logged for
    // operators).
    ctx.log.error({ err: e, gameId: rec.id }, 'rating update failed');
    return rec;
  }
}

/** The final post of a game that has just ended, with its ratings settled. */
export async function finalAnnouncement(
  ctx: MatchContext,
  rec: StoredGame,
  lines: Msg[],
  state?: unknown,
  before?: unknown,
): Promise<Announcement> {
  const final = await settleRatings(ctx, rec);
  if (state !== undefined) return announcement(ctx, final, state, lines, undefined, before);
  const c = check(final);
  return announcement(ctx, final, c.ok ? c.value.state : undefined, lines);
}

/** Posts the end of a game nobody is waiting on (clock), then archives. */
export async function announceEnd(ctx: MatchContext, rec: StoredGame, lines: Msg[]): Promise<void> {
  await postAnnouncement(ctx, await finalAnnouncement(ctx, rec, lines));
}

export async function resign(
  ctx: MatchContext,
  channelId: string,
  userId: string,
  origin?: Origin,
): Promise<Announcement> {
  const g = await loadActiveGame(ctx, channelId, userId);
  const side = requirePlayer(g, userId);
  const over = await endGame(ctx, g, 'over', { winner: (1 - side) as Side, draw: false, reason: 'resign' }, origin);
  return finalAnnouncement(
    ctx,
    over,
    [{ key: 'end.resigned', params: { name: { name: g.rec.players[side].name }, side: sideMsg(g.rec.game, side) } }],
    g.state,
  );
}

/** /abort: only while a side has not moved yet (the engine says what counts as a move of one's own). */
export async function abort(
  ctx: MatchContext,
  channelId: string,
  userId: string,
  origin?: Origin,
): Promise<Announcement> {
  // A damaged record cannot go on: either of its players may close it, as an admin may with /endgame (no
  // result). In DMs and group DMs nobody else could, and the channel would be held by it for good.
  const damaged = await damagedGameOf(ctx, channelId, userId);
  if (damaged)
    return closeWithoutResult(
      ctx,
      damaged,
      'damaged',
      [{ key: 'end.closedDamagedBy', params: { user: { user: userId } } }],
      origin,
    );
  const g = await loadActiveGame(ctx, channelId, userId);
  requirePlayer(g, userId);
  // A pairing's result counts for the event: the clock or the round deadline decides an absence.
  if (isTournamentGame(g.rec.id)) refuse('tournament.noAbort');
  if (g.game.eachSideMoved(g.state)) refuse('abort.tooLate');
  const rec = await endGame(ctx, g, 'aborted', { winner: null, draw: false, reason: 'abort' }, origin);
  return announcement(ctx, rec, g.state, [{ key: 'end.abortedBy', params: { user: { user: userId } } }]);
}

export type DrawOffer =
  | { kind: 'agreed'; announcement: Announcement }
  | { kind: 'offered'; game: StoredGame; by: Side };

/** /draw: offers a draw, or accepts the opponent's standing offer. */
export async function offerDraw(
  ctx: MatchContext,
  channelId: string,
  userId: string,
  origin?: Origin,
): Promise<DrawOffer> {
  const g = await loadActiveGame(ctx, channelId, userId);
  const side = requirePlayer(g, userId);
  if (g.rec.players[1 - side].bot) refuse('draw.aiDeclines');
  if (g.rec.drawOffer === side) refuse('draw.alreadyOffered');
  if (g.rec.drawOffer != null) return { kind: 'agreed', announcement: await agreeDraw(ctx, g, origin) };
  const res = await ctx.store.games.update(g.rec.id, g.rec.version, { drawOffer: side });
  if (!res.ok) refuse('game.changedJustNow');
  return { kind: 'offered', game: res.game, by: side };
}

async function agreeDraw(ctx: MatchContext, g: LoadedGame, origin?: Origin): Promise<Announcement> {
  const over = await endGame(ctx, g, 'over', { winner: null, draw: true, reason: 'draw-agreed' }, origin);
  return finalAnnouncement(ctx, over, [{ key: 'end.drawAgreedLine' }], g.state);
}

export type DrawAnswer =
  | { kind: 'declined' | 'withdrawn'; game: StoredGame }
  | { kind: 'agreed'; announcement: Announcement };

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
  origin?: Origin,
): Promise<DrawAnswer> {
  const g = await loadGameById(ctx, gameId);
  if (g.rec.status !== 'active') refuse('game.over');
  if (g.rec.version !== version || g.rec.drawOffer == null) refuse('draw.stale');
  const side = requirePlayer(g, userId);
  if (!accept) {
    const res = await ctx.store.games.update(g.rec.id, g.rec.version, { drawOffer: null });
    if (!res.ok) refuse('game.changedJustNow');
    return { kind: side === g.rec.drawOffer ? 'withdrawn' : 'declined', game: res.game };
  }
  if (side === g.rec.drawOffer) refuse('draw.ownOffer');
  return { kind: 'agreed', announcement: await agreeDraw(ctx, g, origin) };
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
  origin?: Origin,
): Promise<Announcement> {
  let active: StoredGame | null;
  try {
    active = await ctx.store.games.activeByChannel(channelId);
  } catch (e) {
    if (e instanceof Error && e.name === 'CorruptRecordError') refuse('endgame.unreadable');
    throw e;
  }
  if (!active) return refuse('endgame.noGame');
  return closeWithoutResult(
    ctx,
    active,
    'admin',
    [{ key: 'end.endedByAdmin', params: { user: { user: adminId } } }],
    origin,
  );
}

/**
 * The channel's active game when its record is damaged (the engine refuses its state) and `userId` plays in it; else
 * null.
 */
async function damagedGameOf(ctx: MatchContext, channelId: string, userId: string): Promise<StoredGame | null> {
  let rec: StoredGame | null;
  try {
    rec = await ctx.store.games.activeByChannel(channelId);
  } catch {
    return null; // undecodable, or the store failed: the usual path says so
  }
  if (!rec || check(rec).ok || !rec.players.some((p) => p.id === userId)) return null;
  return rec;
}

/**
 * Ends an active game with no result and no rating change (an admin's /endgame, a damaged record closed by a player).
 */
async function closeWithoutResult(
  ctx: MatchContext,
  active: StoredGame,
  reason: 'admin' | 'damaged',
  lines: Msg[],
  origin?: Origin,
): Promise<Announcement> {
  const changes = {
    status: 'aborted' as const,
    result: { winner: null, draw: false, reason },
    drawOffer: null,
    clock: active.clock ? { ...active.clock, wakeAt: null } : undefined,
  };
  const res = await savePlayerWrite(
    ctx.store.games.update(active.id, active.version, changes, writeOptions(ctx, origin)),
  );
  if (!res.ok) refuse('game.changedJustNow');
  gameEnded(ctx, res.game);
  const c = check(res.game);
  if (!c.ok) lines.push({ key: 'endgame.wasDamaged' });
  return announcement(ctx, res.game, c.ok ? c.value.state : undefined, lines);
}
