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
import {
  isCorruptRecordError,
  type FirstMove,
  type PendingReply,
  type PlayerRef,
  type StoredChallenge,
  type StoredGame,
} from '../store/types.js';
import type { Announcement } from './announce.js';
import { isNotPostable, postableHere, type MatchContext } from './context.js';
import { ruleErrorMsg } from './describe.js';
import { loadGameById, sideOf } from './games.js';
import { isRefusal, refuse, refuseMsg } from './refusal.js';
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
  if (!c.threadable && (await ctx.store.games.activeByChannel(c.channelId)))
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

async function loadChallenge(ctx: MatchContext, id: string): Promise<StoredChallenge> {
  try {
    const c = await ctx.store.challenges.get(id);
    return c ?? refuse('challenge.gone');
  } catch (e) {
    if (isCorruptRecordError(e)) refuse('challenge.damaged');
    throw e;
  }
}

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
 * `reply`: the click, which shows the start in reply mode).
 */
export async function acceptChallenge(
  ctx: MatchContext,
  id: string,
  accepter: PlayerRef,
  cardId: string | null,
  reply?: PendingReply,
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
    reply,
  );
}

/** Starts the game of a taken challenge; if it cannot start, the challenge is closed and the card says why. */
async function startAccepted(
  ctx: MatchContext,
  c: StoredChallenge,
  accepter: PlayerRef,
  messageId: string | null,
  note: Msg,
  reply?: PendingReply,
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
      reply: reply ?? null,
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

/**
 * Open challenges past their time: mark them expired and say so on the card (reply mode: the card says so at its next
 * click).
 */
export async function sweepChallenges(ctx: MatchContext): Promise<number> {
  const ids = await ctx.store.challenges.dueExpired(ctx.now(), 50);
  let n = 0;
  for (const id of ids) {
    try {
      const r = await ctx.store.challenges.transition(id, 'open', 'expired');
      const c = r.ok ? r.challenge : r.reason === 'expired' ? r.challenge : null;
      if (!c?.messageId || !postableHere(c)) continue;
      await ctx.notifier.edit(c, c.messageId, { kind: 'challenge', challenge: { ...c, status: 'expired' } });
      n++;
    } catch (e) {
      ctx.log.warn({ err: e, challengeId: id }, 'could not expire a challenge card');
    }
  }
  return n;
}

// ---------------------------------------------------------------------------
// Rematch: colours swapped. Against the AI the new game starts at once.
// Against a person the first click posts a challenge to the other player; if
// the other player clicks Rematch too, that challenge is taken and the game
// starts. The rematch challenge has a fixed id per game (`rm<gameId>`), so
// the store's atomic create and take settle two clicks at once.

const rematchId = (gameId: string): string | undefined => (/^[0-9a-z]{4,30}$/.test(gameId) ? `rm${gameId}` : undefined);

export type RematchResult =
  /** `post`: reply mode's starting board, for the click to show. */
  | { kind: 'started'; game: StoredGame; post: Announcement | null }
  /** `posted` false: reply mode, the click shows the card. */
  | { kind: 'offered'; challenge: StoredChallenge; to: PlayerRef; where: string; posted: boolean };

/** The Rematch button; `version` is the game's when the final post was drawn; `reply`: the click. */
export async function rematch(
  ctx: MatchContext,
  gameId: string,
  version: number,
  userId: string,
  reply?: PendingReply,
): Promise<RematchResult> {
  const { rec } = await loadGameById(ctx, gameId);
  if (rec.status === 'active') refuse('rematch.stillPlaying');
  if (rec.version !== version) refuse('rematch.stale');
  const side = sideOf(rec, userId);
  if (side === null) return refuse('rematch.notAPlayer');
  const me = rec.players[side];
  const other = rec.players[side === 0 ? 1 : 0];
  const where = rec.parentChannelId ?? rec.channelId;
  if (other.bot) return rematchAi(ctx, rec, userId, where, reply);

  const cid = rematchId(rec.id);
  const existing = cid ? await ctx.store.challenges.get(cid) : null;
  if (existing) return answerExisting(ctx, existing, me, reply);
  let challenge: StoredChallenge;
  try {
    challenge = await ctx.store.challenges.create(
      {
        id: cid,
        game: rec.game,
        setup: rec.setup,
        options: { rematchOf: rec.id },
        challengerId: me.id,
        challengerName: me.name,
        opponentId: other.id,
        opponentName: other.name,
        rated: rec.rated,
        guildId: rec.guildId,
        channelId: where,
        // Colours swapped: whoever moved second now moves first.
        firstMove: side === 0 ? 'opponent' : 'challenger',
        clockMs: rec.clock?.perMoveMs ?? null,
        locale: rec.locale ?? null,
        ...(postableHere(rec) ? {} : { postable: false }),
      },
      { ttlMs: ctx.settings.challengeTtlMs },
    );
  } catch (e) {
    // Both players clicked at the same moment: the other's challenge won; take it.
    const now = cid ? await ctx.store.challenges.get(cid) : null;
    if (now) return answerExisting(ctx, now, me, reply);
    throw e;
  }
  // Reply mode: the card is the click's answer (the command records it).
  if (!postableHere(rec)) return { kind: 'offered', challenge, to: other, where, posted: false };
  const cardId = await ctx.notifier.post({ channelId: where }, { kind: 'challenge', challenge });
  await recordCard(ctx, challenge.id, cardId);
  return { kind: 'offered', challenge: { ...challenge, messageId: cardId }, to: other, where, posted: true };
}

/** The rematch challenge exists: ours (refuse), or the other player's (take it and start). */
async function answerExisting(
  ctx: MatchContext,
  c: StoredChallenge,
  me: PlayerRef,
  reply?: PendingReply,
): Promise<RematchResult> {
  if (c.challengerId === me.id)
    refuse(
      c.status === 'open' ? 'rematch.askedAlready' : c.status === 'expired' ? 'rematch.expired' : 'rematch.closed',
    );
  if (c.status !== 'open') refuse(c.status === 'expired' ? 'rematch.expired' : 'rematch.closed');
  const taken = await ctx.store.challenges.take(c.id, me);
  if (!taken.ok) refuse(taken.reason === 'not-found' ? 'rematch.gone' : 'rematch.closed');
  const change = await startAccepted(
    ctx,
    taken.challenge,
    me,
    c.messageId,
    { key: 'rematch.acceptedBoth', params: { user: { user: me.id } } },
    reply,
  );
  // Reply mode: the card stays as it was; a click on it says the rematch is closed.
  if (c.messageId && postableHere(c)) {
    try {
      await ctx.notifier.edit(c, c.messageId, { kind: 'challenge', challenge: change.challenge, note: change.note });
    } catch (e) {
      if (isNotPostable(e)) ctx.log.info({ challengeId: c.id }, 'cannot edit the rematch card here');
      else ctx.log.warn({ err: e, challengeId: c.id }, 'could not edit the rematch card');
    }
  }
  if (!change.game) return refuseMsg(change.tell ?? { key: 'common.somethingWrong' });
  return { kind: 'started', game: change.game, post: change.post ?? null };
}

async function rematchAi(
  ctx: MatchContext,
  rec: StoredGame,
  userId: string,
  where: string,
  reply?: PendingReply,
): Promise<RematchResult> {
  // The cap first: a rematch it refuses must not use up the once-per-game slot below.
  await checkAiCap(ctx, userId);
  // One AI rematch per game and player: a second click is refused rather than opening a second game.
  if ((await ctx.store.interactions.cooldown(`rematch:${rec.id}:${userId}`, 24 * 3_600_000)) > 0)
    refuse('rematch.startedAlready');
  const swapped: [PlayerRef, PlayerRef] = [rec.players[1], rec.players[0]];
  const locale = localeOf(rec.locale);
  const postable = postableHere(rec);
  // Reply mode: no card (nowhere to open a thread); the click shows the starting board.
  const cardId = postable
    ? await ctx.notifier.post(
        { channelId: where },
        {
          kind: 'text',
          locale,
          lines: [
            {
              key: 'rematch.aiCard',
              params: {
                game: { key: `game.${rec.game}.title` },
                first: { name: swapped[0].name },
                second: { name: swapped[1].name },
              },
            },
          ],
          ping: [],
        },
      )
    : null;
  const { game, post } = await startMatch(ctx, {
    game: rec.game,
    setup: rec.setup,
    players: swapped,
    rated: false,
    guildId: rec.guildId,
    channelId: where,
    messageId: cardId,
    locale,
    rematchOf: rec.id,
    postable,
    reply: reply ?? null,
  });
  return { kind: 'started', game, post };
}

/** The per-user cap on active games against the AI. */
export async function checkAiCap(ctx: MatchContext, userId: string): Promise<void> {
  const games = await ctx.store.games.listActiveByUser(userId);
  if (games.filter((g) => g.players.some((p) => p.bot)).length >= ctx.settings.maxAiGames)
    refuse('playBot.tooMany', { max: ctx.settings.maxAiGames });
}
