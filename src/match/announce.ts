// What a change to a game gives the edge to show: the public post (board,
// lines, who is to move or the result) and what to do once it is out.
import type { Msg } from '../i18n/msg.js';
import type { StoredGame } from '../store/types.js';
import type { GamePost, MatchContext } from './context.js';
import { gameLocale } from './games.js';

export interface Announcement {
  post: GamePost;
  /** Runs after the post is out (or failed): archive a finished game's thread, let the AI answer. Never throws. */
  after(): Promise<void>;
}

/** The announcement of a change; `after` defaults to archiving a finished game's thread; `before` as in GamePost. */
export function announcement(ctx: MatchContext, rec: StoredGame, state: unknown, lines: Msg[], after?: () => Promise<void>, before?: unknown): Announcement {
  const post: GamePost = before === undefined ? { kind: 'game', game: rec, state, lines } : { kind: 'game', game: rec, state, lines, before };
  return { post, after: after ?? (() => archiveIfOver(ctx, rec)) };
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

/** Posts an announcement nobody is waiting on (the clock, the AI), then runs its after-work. */
export async function postAnnouncement(ctx: MatchContext, a: Announcement): Promise<void> {
  try {
    await ctx.notifier.post(a.post.game.channelId, a.post);
  } finally {
    await a.after();
  }
}
