// What a change to a game gives the edge to show: the public post (board,
// lines, who is to move or the result) and what to do once it is out.
//
// Every write that needs a post is saved with the post owed (the store's
// annV > shown); the post going out marks it shown. A post that fails, or a
// process that dies between saving and posting, leaves it owed, and the
// announcement sweep (reconcile.ts) makes it: nothing saved stays unannounced.
import { createHash } from 'node:crypto';
import type { Msg } from '../i18n/msg.js';
import type { StoredGame } from '../store/types.js';
import type { GamePost, MatchContext } from './context.js';
import { gameLocale } from './games.js';

export interface Announcement {
  post: GamePost;
  /**
   * Runs once the post is out (`delivered`) or has failed. Out: it is noted
   * as shown, then a finished game's thread is archived or the AI answers.
   * Failed: the post stays owed and the sweep takes it over. Never throws.
   */
  after(delivered: boolean): Promise<void>;
}

/** The announcement of a change; `next` (after a delivered post) defaults to archiving a finished game's thread; `before` as in GamePost. */
export function announcement(ctx: MatchContext, rec: StoredGame, state: unknown, lines: Msg[], next?: () => Promise<void>, before?: unknown): Announcement {
  const post: GamePost = before === undefined ? { kind: 'game', game: rec, state, lines } : { kind: 'game', game: rec, state, lines, before };
  return {
    post,
    async after(delivered) {
      if (!delivered) return release(ctx, rec);
      await markShown(ctx, rec);
      await (next ?? (() => archiveIfOver(ctx, rec)))();
    },
  };
}

/** The post of `rec` went out. */
async function markShown(ctx: MatchContext, rec: StoredGame): Promise<void> {
  try {
    await ctx.store.games.markShown(rec.id, rec.version, rec.moves.length);
  } catch (e) {
    // The post is out; the sweep will find it still owed and see that its interaction was answered (or post it once more).
    ctx.log.warn({ err: e, gameId: rec.id }, 'could not note the post as shown');
  }
}

/** A failed post: hand it to the sweep at once rather than when this process is gone. */
async function release(ctx: MatchContext, rec: StoredGame): Promise<void> {
  try {
    const owner = await ctx.store.games.announcementOwner(rec.id);
    if (owner === ctx.instanceId) await ctx.store.games.claimAnnouncement(rec.id, owner, '', false);
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
 * status), whichever process posts it and whichever version it shows, so a
 * post made again after a crash comes back as the first one. ≤ 25 characters.
 */
export function postNonce(rec: Pick<StoredGame, 'id' | 'moves' | 'status'>): string {
  return createHash('sha256').update(`${rec.id}:${rec.moves.length}:${rec.status}`).digest('base64url').slice(0, 25);
}

/** Posts an announcement in the game's channel (nobody waits on it: the clock, the AI, a button's after-work); true when it went out. */
export async function postAnnouncement(ctx: MatchContext, a: Announcement): Promise<boolean> {
  let delivered = false;
  try {
    await ctx.notifier.post(a.post.game.channelId, a.post, { nonce: postNonce(a.post.game) });
    delivered = true;
  } catch (e) {
    ctx.log.warn({ err: e, gameId: a.post.game.id }, 'could not post in the game channel; the announcement sweep will try again');
  }
  await a.after(delivered);
  return delivered;
}
