// Takebacks: a player asks to take back their last move (/takeback, or the
// Takeback button of the board post after it); the opponent accepts or
// declines (the offer's buttons), and the AI accepts at once. Accepted, the
// game goes back to the position before that move — and before everything
// played after it (the opponent's reply, forced passes) — with the asker to
// move again.
//
// Who may: the players of an active game that is not a tournament pairing's;
// casual games and games against the AI always, rated games only where the
// server allows it (/settings takebacks; in DMs rated games never do).
//
// Exactly once: the offer is a field of the record (one per game, so one per
// player), written by compare-and-set; any move clears it (move.ts commit,
// finish.ts). The takeback itself is one compare-and-set write of the earlier
// state, the move log cut to match (the store's truncateMoves, in the same
// Lua script), the clock and the post owed (write.ts), so a takeback and a
// move sent at the same moment leave one of them: the other finds the version
// moved on and is refused (an AI search for the old position too: its write
// carries the version it thought about).
//
// The clock: the asker gets a fresh time per move, not the deadline they had
// before their move. That one may have passed while the offer waited, and a
// takeback must never lose a game on time; the opponent agreed to it, so it
// gives nobody time they were not granted.
import type { AnyGame, Side } from '../engine/index.js';
import { replay } from '../engine/replay.js';
import type { StoredGame, TakebackOffer } from '../model/index.js';
import type { GameChanges } from '../store/types.js';
import { announcement, type Announcement } from './announce.js';
import { nextClock } from './clock.js';
import { declinedKind, type OfferAnswer } from './end.js';
import type { GamePost, LiveInteractionRef, MatchContext } from './context.js';
import { MOVE_LINE, playerParam } from './describe.js';
import { loadActiveGame, loadGameById, quarantine, rememberChecked, requirePlayer, type LoadedGame } from './games.js';
import { afterPost } from './move.js';
import { refuse } from './refusal.js';
import { readSettings } from './settings.js';
import { isTournamentGame } from './tournament/event.js';
import { savePlayerWrite, writeOptions } from './write.js';

/** Conflicts (a reminder, a draw offer written meanwhile) re-checked before a takeback write gives up. */
const ATTEMPTS = 3;

const vsAi = (rec: StoredGame): boolean => rec.players.some((p) => p.bot);

/** Whether this game allows takebacks at all (null), or the refusal key that says why not. */
async function forbidden(
  ctx: MatchContext,
  rec: StoredGame,
): Promise<'takeback.tournament' | 'takeback.ratedOff' | 'takeback.ratedOffHere' | null> {
  if (isTournamentGame(rec.id)) return 'takeback.tournament';
  if (!rec.rated) return null;
  if (!rec.guildId) return 'takeback.ratedOffHere';
  return (await readSettings(ctx, rec.guildId)).takebacks ? null : 'takeback.ratedOff';
}

async function requireAllowed(ctx: MatchContext, rec: StoredGame): Promise<void> {
  const why = await forbidden(ctx, rec);
  if (why) refuse(why);
}

/** What a takeback by `side` goes back to: the position before their last move of their own (not a forced one). */
interface Target {
  /** Moves kept: the log is cut before the asker's move. */
  keep: number;
  /** The position then, the asker to move. */
  state: unknown;
  /** The moves taken back, as stored. */
  moves: string[];
}

async function targetOf(ctx: MatchContext, g: LoadedGame, side: Side): Promise<Target | null> {
  const { rec, game } = g;
  if (rec.moves.length === 0) return null;
  const r = replay(game, rec.setup, rec.moves);
  if (!r.ok) {
    const damage = { detail: `move log does not replay at move ${r.index + 1}` };
    await quarantine(ctx, rec.id, damage.detail, rec.locale);
    return refuse('game.damaged');
  }
  const at = lastOwnMove(game, r.states, side);
  return at === null ? null : { keep: at, state: r.states[at], moves: rec.moves.slice(at) };
}

/** The ply of `side`'s last chosen move (states[i] is the position before ply i), or null when they have none. */
function lastOwnMove(game: AnyGame, states: unknown[], side: Side): number | null {
  for (let i = states.length - 2; i >= 0; i--)
    if (game.toMove(states[i]) === side && game.forcedMove(states[i]) === null) return i;
  return null;
}

export type TakebackAsked =
  /** The offer is written: post it to the opponent with its buttons (offer.version is theirs). */
  | { kind: 'offered'; game: StoredGame; offer: TakebackOffer; moves: string[] }
  /** Against the AI: taken back at once; the board is the answer. */
  | { kind: 'done'; announcement: Announcement };

/**
 * /takeback (`where`: the channel) or the Takeback button of a board post (`where`: the game and the version that
 * post showed; only the player it was drawn for may use it). Refusals: not allowed here, nothing to take back, an
 * offer open already (theirs or the opponent's), a stale button.
 */
export async function askTakeback(
  ctx: MatchContext,
  where: { channelId: string } | { gameId: string; version: number },
  userId: string,
  interaction?: LiveInteractionRef,
): Promise<TakebackAsked> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const g =
      'channelId' in where ? await loadActiveGame(ctx, where.channelId, userId) : await loadGameById(ctx, where.gameId);
    const { rec } = g;
    const side = requirePlayer(g, userId);
    if ('version' in where) {
      if (rec.version !== where.version) refuse('takeback.staleButton');
      const owner = takebackSide(rec, g.game.toMove(g.state));
      if (owner === null) refuse('takeback.staleButton');
      if (owner !== side) refuse('takeback.notYourButton', { name: { name: rec.players[owner].name } });
    }
    await requireAllowed(ctx, rec);
    const open = rec.takebackOffer ?? null;
    if (open?.by === side) refuse('takeback.alreadyOffered');
    if (open) refuse('takeback.answerFirst', { name: { name: rec.players[open.by].name } });
    const target = await targetOf(ctx, g, side);
    if (!target) return refuse('takeback.nothing');
    // The AI accepts at once (AI games are casual; a rated one would have passed the server's gate above).
    if (rec.players[1 - side].bot) {
      const done = await takeBack(ctx, rec, side, target, interaction);
      if (done) return { kind: 'done', announcement: done };
      continue;
    }
    const offer: TakebackOffer = { by: side, ply: rec.moves.length, version: rec.version + 1 };
    const res = await ctx.store.games.update(rec.id, rec.version, { takebackOffer: offer });
    if (res.ok) return { kind: 'offered', game: res.game, offer, moves: target.moves };
    if (res.reason === 'not-found') refuse('game.gone');
  }
  return refuse('game.changedJustNow');
}

export type TakebackAnswer = OfferAnswer<'accepted'>;

/**
 * The Accept / Decline buttons of an offer; `version` is the offer's (TakebackOffer.version). Accept is the
 * opponent's; Decline is the opponent's, or the asker's to withdraw it.
 */
export async function answerTakeback(
  ctx: MatchContext,
  gameId: string,
  version: number,
  userId: string,
  accept: boolean,
  interaction?: LiveInteractionRef,
): Promise<TakebackAnswer> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const g = await loadGameById(ctx, gameId);
    const { rec } = g;
    if (rec.status !== 'active') refuse('game.over');
    const side = requirePlayer(g, userId);
    const offer = rec.takebackOffer ?? null;
    // Any move clears the offer; the length check guards a record written by something that did not.
    if (!offer || offer.version !== version || offer.ply !== rec.moves.length) refuse('takeback.stale');
    if (!accept) {
      const res = await ctx.store.games.update(rec.id, rec.version, { takebackOffer: null });
      if (res.ok) return { kind: declinedKind(side, offer.by), game: res.game };
      if (res.reason === 'not-found') refuse('game.gone');
      continue;
    }
    if (side === offer.by) refuse('takeback.ownOffer');
    // The server may have turned takebacks off in rated games since the offer.
    await requireAllowed(ctx, rec);
    const target = await targetOf(ctx, g, offer.by);
    if (!target) return refuse('takeback.stale');
    const done = await takeBack(ctx, rec, offer.by, target, interaction);
    if (done) return { kind: 'accepted', announcement: done };
  }
  return refuse('game.changedJustNow');
}

/**
 * The takeback's one write: the earlier state and the log cut to match, no offers, the clock restarted for the asker,
 * the post owed. Null on a conflict (the caller reloads and checks everything again).
 */
async function takeBack(
  ctx: MatchContext,
  rec: StoredGame,
  by: Side,
  target: Target,
  interaction?: LiveInteractionRef,
): Promise<Announcement | null> {
  const changes: GameChanges = {
    state: target.state,
    truncateMoves: target.keep,
    takebackOffer: null,
    drawOffer: null,
    takebacks: (rec.takebacks ?? 0) + 1,
    ...(rec.clock ? { clock: nextClock(rec.clock, ctx.now()) } : {}),
  };
  const res = await savePlayerWrite(
    ctx.store.games.update(rec.id, rec.version, changes, writeOptions(ctx, interaction)),
  );
  if (!res.ok) {
    if (res.reason === 'not-found') refuse('game.gone');
    return null;
  }
  const after = res.game;
  rememberChecked(after, target.state);
  // The asker (a person) is to move now: an AI turn noted for the old position has nothing left to do.
  if (vsAi(after))
    await ctx.store.aiTurns
      .drop(after.id)
      .catch((e: unknown) => ctx.log.debug({ err: e, gameId: after.id }, 'AI-turn hint left for the sweep to drop'));
  const line = {
    key: 'takeback.line' as const,
    params: {
      player: playerParam(after.players[by]),
      count: target.moves.length,
      moves: { list: target.moves.map((m) => ({ code: m })) },
    },
  };
  return announcement(ctx, after, target.state, [line], (i) => afterPost(ctx, after, i));
}

/**
 * Who the Takeback button of a board post is for, `next` being the side to move there: in a game between people the
 * player who has just moved (the opponent is to move); against the AI the person, on the post of the AI's reply (their
 * own post is answered within seconds, and a takeback there takes back the reply too). Null: no button.
 */
export function takebackSide(rec: StoredGame, next: Side): Side | null {
  if (rec.status !== 'active' || rec.damaged || isTournamentGame(rec.id)) return null;
  if (vsAi(rec)) return rec.players[next].bot || rec.moves.length < 2 ? null : next;
  return rec.moves.length >= 1 ? ((1 - next) as Side) : null;
}

/**
 * The side whose Takeback button a board post carries (null: none): only a post that shows a move (not the start, a
 * takeback, /board), `next` to move after it; the server's setting is read for a rated game.
 */
export async function takebackButtonFor(ctx: MatchContext, post: GamePost, next: Side): Promise<Side | null> {
  const rec = post.game;
  if (!post.lines.some((l) => l.key === MOVE_LINE)) return null;
  const side = takebackSide(rec, next);
  if (side === null || rec.takebackOffer) return null;
  return (await forbidden(ctx, rec)) ? null : side;
}
