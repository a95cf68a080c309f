// A finished game's consequences for the ratings: Glicko-2 in the store,
// idempotent per game, for the server's boards and its seasons.
import type { StoredGame } from '../model/index.js';
import { postableHere, type MatchContext } from './context.js';
import { seasonsAt } from './seasons.js';

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
