// What a change to a game gives the edge to show: the public post (board,
// lines, who is to move or the result) and what to do once it is out
// (archive a finished game's thread, let the AI answer).
import type { Msg } from '../i18n/msg.js';
import type { StoredGame } from '../store/types.js';
import type { GamePost, MatchContext } from './context.js';
import { scheduleAi } from './ai.js';

export interface Announcement {
  post: GamePost;
  /** Runs after the post is out (or failed): archive, AI turn. Never throws. */
  after(): Promise<void>;
}

export function announcement(ctx: MatchContext, rec: StoredGame, state: unknown, lines: Msg[]): Announcement {
  return {
    post: { kind: 'game', game: rec, state, lines },
    after: () => afterPost(ctx, rec),
  };
}

/** Everything after a post: archive a finished game's thread, else let the AI answer if it is to move. */
export async function afterPost(ctx: MatchContext, rec: StoredGame): Promise<void> {
  if (rec.status !== 'active') {
    // A thread the game fell back from (played in the channel itself) is never archived.
    if (!rec.parentChannelId) return;
    try {
      await ctx.notifier.archive(rec.channelId);
    } catch (e) {
      ctx.log.warn({ err: e, gameId: rec.id }, 'could not archive the game thread');
    }
    return;
  }
  scheduleAi(ctx, rec);
}
