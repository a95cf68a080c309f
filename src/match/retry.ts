// "Retry your mistakes" (issue 20): the review post's button starts, for the
// player who pressed it, a practice session of the positions before each of
// their mistakes and blunders in that game, in order (practice.ts runs it;
// practice-kinds.ts judges the answers).
import type { PracticeItem, PracticeSession } from '../model/index.js';
import type { MatchContext } from './context.js';
import { loadGameById, sideOf } from './games.js';
import { startPractice } from './practice.js';
import { refuse } from './refusal.js';

/** The grades a retry asks again (inaccuracies are left out: issue 20). */
const RETRIED: ReadonlySet<string> = new Set(['mistake', 'blunder']);
/** At most this many positions in one session (the model's limit). */
const MAX_ITEMS = 100;

/** Starts `userId`'s retry of game `gameId`; refuses a non-player, a game without review, a player without mistakes. */
export async function startRetry(ctx: MatchContext, gameId: string, userId: string): Promise<PracticeSession> {
  const g = await loadGameById(ctx, gameId);
  const rec = g.rec;
  const side = sideOf(rec, userId);
  if (side === null) return refuse('retry.notPlayer');
  const job = await ctx.store.reviews.get(gameId).catch(() => null);
  if (!job?.review) return refuse('retry.noReview');
  const items: PracticeItem[] = job.review.plies
    .filter((p) => p.side === side && p.grade !== null && RETRIED.has(p.grade) && p.ply <= rec.moves.length)
    .sort((a, b) => a.ply - b.ply)
    .slice(0, MAX_ITEMS)
    .map((p) => ({
      game: rec.game,
      setup: rec.setup,
      moves: rec.moves.slice(0, p.ply),
      best: p.best,
      ply: p.ply,
      played: p.played,
      players: [rec.players[0].name, rec.players[1].name],
      outcome: 'pending',
      answer: null,
      loss: null,
    }));
  if (items.length === 0) return refuse('retry.none');
  return startPractice(ctx, { kind: 'retry', userId, source: rec.id, items });
}
