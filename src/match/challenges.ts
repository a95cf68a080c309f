// Challenges: the card with Accept / Decline / Cancel, its expiry, and the
// Rematch button of a finished game. Every transition is an atomic status
// change in the store (two accepts: one wins, one is refused). In reply mode
// (the bot cannot post in the channel) the card is the /challenge answer and
// is never edited but by a click on it; the starting board goes out through
// the click that started the game (CardChange.post).
import { randomInt } from 'node:crypto';
import { getGame, type GameId } from '../engine/index.js';
import { localeOf, type Locale } from '../i18n/catalogue.js';
import type { Msg } from '../i18n/msg.js';
import type { FirstMove, InteractionRef, PlayerRef, StoredChallenge, StoredGame } from '../model/index.js';
import type { Announcement } from './announce.js';
import { postableHere, type MatchContext } from './context.js';
import { ruleErrorMsg } from './describe.js';
import { isRefusal, loadOrRefuse, refuse, refuseMsg } from './refusal.js';
import { serverClockMs } from './settings.js';
import { startMatch } from './start.js';

/** Index 0 moves first (EX-1 Red, OD-1 Orange). */
export function orderPlayers<T>(first: FirstMove, challenger: T, other: T): [T, T] {
  const challengerFirst = first === 'challenger' || (first === 'random' && randomInt(2) === 0);
  return challengerFirst ? [challenger, other] : [other, challenger];
}

/** The setup for the options people chose; the engine refuses what its game does not take. */
export function setupOf(game: GameId, values: Readonly<Record<string, string | number>>): string {
  const r = getGame(game).setupFor(values, randomInt(1, 2 ** 31 - 1));
  if (!r.ok) refuseMsg(ruleErrorMsg(r.error), r.error.rule);
  return r.value;
}

export interface ChallengeInput {
  game: GameId;
  setup: string;
  options: Record<string, string | number>;
  challenger: PlayerRef;
  opponent: PlayerRef | null;
  rated: boolean;
  guildId: string | null;
  channelId: string;
  /** Whether the channel can hold threads; where it cannot, the game would share it. */
  threadable: boolean;
  first: FirstMove;
  /** Chosen time per move in hours, or null for the server's default. */
  clockHours: number | null;
  locale: Locale;
  /** false: reply mode (StoredGame.postable). */
  postable: boolean;
}

export async function createChallenge(ctx: MatchContext, c: ChallengeInput): Promise<StoredChallenge> {
  if (c.opponent?.id === c.challenger.id) refuse('challenge.self');
  if (c.rated && !c.opponent) refuse('challenge.ratedNeedsOpponent');
  if (!c.threadable && (await ctx.store.channels.active(c.channelId)))
    refuse(c.postable && c.guildId ? 'challenge.channelBusy' : 'challenge.busyHere');
  const clockMs = c.clockHours !== null ? c.clockHours * 3_600_000 : await serverClockMs(ctx, c.guildId);
  if ((await ctx.store.challenges.countOpenByUser(c.challenger.id)) >= ctx.settings.maxOpenChallenges) {
    refuse('challenge.tooMany', { max: ctx.settings.maxOpenChallenges });
  }
  return ctx.store.challenges.create(
    {
      game: c.game,
      setup: c.setup,
      options: c.options,
      challengerId: c.challenger.id,
      challengerName: c.challenger.name,
      opponentId: c.opponent?.id ?? null,
      opponentName: c.opponent?.name ?? null,
      rated: c.rated,
      guildId: c.guildId,
      channelId: c.channelId,
      firstMove: c.first,
      clockMs,
      locale: c.locale,
      ...(c.postable ? {} : { postable: false }),
    },
    { ttlMs: ctx.settings.challengeTtlMs },
  );
}

/** Records the card's message once it is posted (the expiry sweep edits it). */
export async function recordCard(ctx: MatchContext, challengeId: string, messageId: string): Promise<void> {
  try {
    await ctx.store.challenges.patch(challengeId, { messageId });
  } catch (e) {
    // The card works without it (its buttons carry the id); only the expiry sweep needs it.
    ctx.log.warn({ err: e, challengeId }, 'could not record the challenge card');
  }
}

const loadChallenge = (ctx: MatchContext, id: string): Promise<StoredChallenge> =>
  loadOrRefuse(ctx.store.challenges.get(id), 'challenge.gone', 'challenge.damaged');

/** What a click on a card did: the card to show now, and a private note for the one who clicked. */
export interface CardChange {
  challenge: StoredChallenge;
  note?: Msg;
  /** For the clicker only (e.g. "This challenge expired.", why a game could not start). */
  tell?: Msg;
  game?: StoredGame;
  /** Reply mode: the starting board, for the click to show (Started.post). */
  post?: Announcement | null;
}

const closedMsg = (c: StoredChallenge): Msg => ({ key: `challenge.statusWord.${c.status}` });

async function expire(ctx: MatchContext, c: StoredChallenge): Promise<CardChange> {
  const r = await ctx.store.challenges.transition(c.id, 'open', 'expired');
  return { challenge: r.ok ? r.challenge : { ...c, status: 'expired' }, tell: { key: 'challenge.expiredTell' } };
}

export async function cancelChallenge(ctx: MatchContext, id: string, userId: string): Promise<CardChange> {
  const c = await loadChallenge(ctx, id);
  if (c.status === 'expired') return expire(ctx, c);
  if (c.status !== 'open') refuse('challenge.closedAlready', { status: closedMsg(c) });
  if (userId !== c.challengerId) refuse('challenge.onlyChallengerCancels');
  return close(ctx, c, 'cancelled');
}

export async function declineChallenge(ctx: MatchContext, id: string, userId: string): Promise<CardChange> {
  const c = await loadChallenge(ctx, id);
  if (c.status === 'expired') return expire(ctx, c);
  if (c.status !== 'open') refuse('challenge.closedAlready', { status: closedMsg(c) });
  if (!c.opponentId) refuse('challenge.openCannotDecline');
  if (userId !== c.opponentId) refuse('challenge.forSomeoneElse', { user: { user: c.opponentId } });
  return close(ctx, c, 'declined', { key: 'challenge.declinedBy', params: { user: { user: userId } } });
}

async function close(
  ctx: MatchContext,
  c: StoredChallenge,
  to: 'cancelled' | 'declined',
  note?: Msg,
): Promise<CardChange> {
  const r = await ctx.store.challenges.transition(c.id, 'open', to);
  if (!r.ok) {
    if (r.reason === 'expired') return expire(ctx, r.challenge);
    if (r.reason === 'not-found') refuse('challenge.gone');
    refuse('challenge.closedAlready', { status: closedMsg(r.challenge) });
  }
  return { challenge: r.challenge, note };
}

/**
 * Accept: take the challenge (one accept wins), then start the game on its card (`cardId`: the clicked message;
 * `interaction`: the click, which shows the start in reply mode).
 */
export async function acceptChallenge(
  ctx: MatchContext,
  id: string,
  accepter: PlayerRef,
  cardId: string | null,
  interaction?: InteractionRef,
): Promise<CardChange> {
  const c = await loadChallenge(ctx, id);
  if (c.status === 'expired') return expire(ctx, c);
  if (c.status !== 'open') refuse('challenge.closedAlready', { status: closedMsg(c) });
  if (accepter.id === c.challengerId) refuse('challenge.ownAccept');
  if (c.opponentId && accepter.id !== c.opponentId)
    refuse('challenge.forSomeoneElse', { user: { user: c.opponentId } });
  const taken = await ctx.store.challenges.take(c.id, accepter);
  if (!taken.ok) {
    if (taken.reason === 'expired') return expire(ctx, taken.challenge);
    if (taken.reason === 'not-found') refuse('challenge.gone');
    refuse('challenge.closedAlready', { status: closedMsg(taken.challenge) });
  }
  return startAccepted(
    ctx,
    taken.challenge,
    accepter,
    c.messageId ?? cardId,
    { key: 'challenge.acceptedBy', params: { user: { user: accepter.id } } },
    interaction,
  );
}

/** Starts the game of a taken challenge; if it cannot start, the challenge is closed and the card says why. */
export async function startAccepted(
  ctx: MatchContext,
  c: StoredChallenge,
  accepter: PlayerRef,
  messageId: string | null,
  note: Msg,
  interaction?: InteractionRef,
): Promise<CardChange> {
  const challenger: PlayerRef = { id: c.challengerId, name: c.challengerName };
  const players = orderPlayers<PlayerRef>(c.firstMove ?? 'random', challenger, accepter);
  const rematchOf = typeof c.options.rematchOf === 'string' ? c.options.rematchOf : null;
  try {
    const { game, post } = await startMatch(ctx, {
      game: c.game,
      setup: c.setup,
      players,
      rated: c.rated,
      guildId: c.guildId,
      channelId: c.channelId,
      messageId,
      locale: localeOf(c.locale),
      challengeId: c.id,
      rematchOf,
      clockMs: c.clockMs ?? ctx.settings.moveTimeMs,
      postable: postableHere(c),
      interaction: interaction ?? null,
    });
    await ctx.store.challenges
      .patch(c.id, { gameId: game.id })
      .catch((e: unknown) =>
        ctx.log.warn({ err: e, challengeId: c.id, gameId: game.id }, 'could not link the challenge to its game'),
      );
    return { challenge: c, note, game, post };
  } catch (e) {
    // No game came of it: close the challenge (a new one can be posted) and say why.
    const why: Msg = isRefusal(e) ? e.msg : { key: 'common.somethingWrong' };
    if (!isRefusal(e)) ctx.log.error({ err: e, challengeId: c.id }, 'could not start an accepted challenge');
    await ctx.store.challenges
      .transition(c.id, 'accepted', 'cancelled')
      .catch((e2: unknown) => ctx.log.warn({ err: e2, challengeId: c.id }, 'could not close the challenge'));
    return {
      challenge: { ...c, status: 'cancelled' },
      note: { key: 'challenge.couldNotStart', params: { why } },
      tell: why,
    };
  }
}
