// What a change to a game gives the edge to show: the public post (board,
// lines, who is to move or the result) and what to do once it is out.
//
// Every write that needs a post is saved with the post owed (the store's
// annV > shown); the post going out marks it shown. A post that fails, or a
// process that dies between saving and posting, leaves it owed, and the
// announcement sweep (reconcile.ts) makes it: nothing saved stays unannounced.
// In reply mode (StoredGame.postable false) there is no channel post: a post
// goes out as an interaction's answer or follow-up, or waits for the next
// interaction in its channel.
import { createHash } from 'node:crypto';
import { getGame } from '../engine/index.js';
import type { Msg } from '../i18n/msg.js';
import type { InteractionRef, StoredGame } from '../model/index.js';
import { postableHere, type AiWait, type GamePost, type MatchContext } from './context.js';
import { gameLocale } from './games.js';

/** Interaction tokens live 15 minutes: answer or follow up an interaction only well within that. */
export const INTERACTION_TTL_MS = 14 * 60_000;

/** Whether an interaction can still carry a post (its token is young enough). */
export const interactionUsable = (r: InteractionRef | null | undefined): r is InteractionRef =>
  !!r && Date.now() - r.createdAt < INTERACTION_TTL_MS;

export interface Announcement {
  post: GamePost;
  /**
   * Runs once the post is out (`delivered`) or has failed. Out: it is noted
   * as shown, then a finished game's thread is archived or the AI answers.
   * Failed: the post stays owed and the sweep takes it over. Never throws.
   * `interaction`: the one the post answered (it went out through it), which
   * the next post (the AI's answer, in reply mode) can follow up.
   */
  after(delivered: boolean, interaction?: InteractionRef): Promise<void>;
}

/** After a delivered post (`interaction`: the one it answered, if any). */
export type Next = (interaction?: InteractionRef) => Promise<void>;

/**
 * The announcement of a change; `next` (after a delivered post) defaults to archiving a finished game's thread;
 * `before` as in GamePost.
 */
export function announcement(
  ctx: MatchContext,
  rec: StoredGame,
  state: unknown,
  lines: Msg[],
  next?: Next,
  before?: unknown,
): Announcement {
  const post: GamePost =
    before === undefined
      ? { kind: 'game', game: rec, state, lines }
      : { kind: 'game', game: rec, state, lines, before };
  const wait = aiWaitFor(ctx, rec, state);
  if (wait) post.aiWait = wait;
  return {
    post,
    async after(delivered, interaction) {
      if (!delivered) return release(ctx, rec);
      await markShown(ctx, rec);
      await (next ?? (() => archiveIfOver(ctx, rec)))(interaction);
    },
  };
}

/** An AI answer later than this is told with its "thinking…" (expert promises 10 s at most; hard, 2 s). */
const AI_WAIT_SHOWN_MS = 15_000;

/**
 * When the AI is to move next and its search would wait behind others, about
 * how long its answer will take, as its lane's queue stands now (the post goes
 * out just before the AI's turn is queued).
 */
function aiWaitFor(ctx: MatchContext, rec: StoredGame, state: unknown): AiWait | undefined {
  if (!ctx.aiWait || rec.status !== 'active' || state === undefined) return undefined;
  const level = rec.players[getGame(rec.game).toMove(state)].bot;
  if (!level) return undefined;
  const wait = ctx.aiWait(rec.game, level);
  return wait && wait.ahead > 0 && wait.ms >= AI_WAIT_SHOWN_MS ? wait : undefined;
}

/** The post of `rec` went out. */
async function markShown(ctx: MatchContext, rec: StoredGame): Promise<void> {
  try {
    await ctx.store.outbox.markShown(rec.id, rec.version, rec.moves.length);
  } catch (e) {
    // The post is out; the sweep will find it still owed and see that its interaction was answered (or post it once
    // more).
    ctx.log.warn({ err: e, gameId: rec.id }, 'could not note the post as shown');
  }
}

/**
 * Reply mode: sends a game's post at most once. There Discord cannot drop a second copy (a follow-up carries no
 * nonce, unlike a channel post), so a process that died after sending but before noting the post shown would have
 * it sent again by the sweep or the next interaction. The owed post is claimed in the store (compare-and-set) just
 * before it is sent, and once claimed it is never sent again: whoever finds it claimed notes it shown instead.
 * At most once rather than at least once: a board lost by a crash at that moment is shown again by /board, a board
 * posted twice cannot be taken back. A send that throws (Discord refused it) gives the claim back, so a failed
 * follow-up stays owed as before. Null when it was claimed before (and is now noted shown): nothing was sent.
 */
export async function sendOnce<T>(
  ctx: MatchContext,
  rec: StoredGame,
  send: () => Promise<T>,
): Promise<{ sent: T } | null> {
  if (!(await ctx.store.outbox.claimReplyPost(rec.id, rec.version))) {
    ctx.log.info({ gameId: rec.id, version: rec.version }, 'reply-mode post claimed before (a crash): not sent again');
    await markShown(ctx, rec);
    return null;
  }
  try {
    return { sent: await send() };
  } catch (e) {
    await ctx.store.outbox
      .releaseReplyPost(rec.id, rec.version)
      .catch((e2: unknown) => ctx.log.warn({ err: e2, gameId: rec.id }, 'could not give the post claim back'));
    throw e;
  }
}

/** A failed post: hand it to the sweep at once rather than when this process is gone. */
async function release(ctx: MatchContext, rec: StoredGame): Promise<void> {
  try {
    const owner = await ctx.store.outbox.owner(rec.id);
    if (owner === ctx.instanceId) await ctx.store.outbox.claim(rec.id, owner, '', false);
  } catch (e) {
    // Still owed: the sweep takes it over once this process's claim looks stale.
    ctx.log.warn({ err: e, gameId: rec.id }, 'could not hand the post over to the sweep');
  }
}

/** A finished game's thread is archived; a channel the game fell back to never is. */
export async function archiveIfOver(ctx: MatchContext, rec: StoredGame): Promise<void> {
  if (rec.status === 'active' || !rec.parentChannelId) return;
  try {
    await ctx.notifier.archive(rec.channelId, { key: 'game.archiveReason' }, gameLocale(rec));
  } catch (e) {
    ctx.log.warn({ err: e, gameId: rec.id }, 'could not archive the game thread');
  }
}

/**
 * The nonce of a game's post: the same for the same event (moves played,
 * status, takebacks so far), whichever process posts it and whichever version
 * it shows, so a post made again after a crash comes back as the first one.
 * A takeback makes the log as long as it once was: its count keeps the board
 * it posts apart from the earlier post of that length. ≤ 25 characters.
 */
export function postNonce(rec: Pick<StoredGame, 'id' | 'moves' | 'status' | 'takebacks'>): string {
  const event = `${rec.id}:${rec.moves.length}:${rec.status}${rec.takebacks ? `:${rec.takebacks}` : ''}`;
  return createHash('sha256').update(event).digest('base64url').slice(0, 25);
}

/**
 * Makes an announcement nobody is waiting on (the clock, the AI, a button's
 * after-work); true when it went out. In the game's channel; in reply mode
 * (the bot cannot post there) as a follow-up of `interaction`, the one the
 * previous post answered, while its token lives — else the post stays owed
 * and the next interaction in that channel shows it (reconcile.ts, takeOwed).
 */
export async function postAnnouncement(
  ctx: MatchContext,
  a: Announcement,
  interaction?: InteractionRef,
): Promise<boolean> {
  const rec = a.post.game;
  let delivered = false;
  let followedUp = false;
  try {
    if (postableHere(rec)) {
      await ctx.notifier.post(rec, a.post, { nonce: postNonce(rec) });
      delivered = true;
    } else if (interactionUsable(interaction)) {
      if (await sendOnce(ctx, rec, () => ctx.notifier.followUp(interaction, a.post))) {
        delivered = true;
        followedUp = true;
      }
    } else {
      ctx.log.debug(
        { gameId: rec.id },
        'reply mode and no interaction to follow: the post waits for the next one in its channel',
      );
    }
  } catch (e) {
    ctx.log.warn(
      { err: e, gameId: rec.id },
      'could not post in the game channel; the announcement sweep will try again',
    );
  }
  // The next post can follow up the same interaction only if this one went out through it.
  await a.after(delivered, followedUp ? interaction : undefined);
  return delivered;
}
