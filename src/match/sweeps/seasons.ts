// The end-of-season sweep: a server's season that has just ended gets its
// final top 10 of each game in the channel its admin chose, once.
import { allGames } from '../../engine/index.js';
import { localeOf } from '../../i18n/catalogue.js';
import type { Msg } from '../../i18n/msg.js';
import { guildScope, seasonScope } from '../../model/index.js';
import type { MatchContext } from '../context.js';
import { previousSeason, SEASON_TOP, seasonId, seasonMsg, topLines } from '../seasons.js';
import { readSettings } from '../settings.js';
import { rankedFilter } from '../standing.js';

/**
 * How long a process holds a season's post (past any post's time, retries
 * included, so another process never posts it meanwhile), and when a failed
 * post is tried again.
 */
const ROLLOVER_LEASE_MS = 10 * 60_000;
const ROLLOVER_RETRY_MS = 5 * 60_000;

/**
 * The end-of-season sweep: for every server that keeps seasons and has a
 * channel for them, the season just ended gets its final top 10 of each
 * game, posted once across processes: a lease hands the post to one process,
 * and the season is marked done only once the post is out, so a failed post
 * is tried again (after `retryMs`) instead of lost. Returns how many posts
 * this process made.
 */
export async function sweepSeasons(ctx: MatchContext, opts: { retryMs?: number } = {}): Promise<number> {
  const now = ctx.now();
  let posted = 0;
  for (const guildId of await ctx.store.seasons.guilds()) {
    let leased: string | null = null;
    try {
      const s = await readSettings(ctx, guildId);
      if (!s.seasonLength) {
        await ctx.store.seasons.track(guildId, false);
        continue;
      }
      if (!s.seasonChannel) continue;
      const ended = previousSeason(s.seasonLength, seasonId(s.seasonLength, now));
      if (!(await ctx.store.seasons.leaseRollover(guildId, ended, ROLLOVER_LEASE_MS))) continue;
      leased = ended;
      const lines: Msg[] = [
        { key: 'season.over', params: { season: seasonMsg(ended), next: seasonMsg(seasonId(s.seasonLength, now)) } },
      ];
      let any = false;
      for (const g of allGames()) {
        const rows = await ctx.store.ratings.top(
          g.id,
          seasonScope(guildScope(guildId), ended),
          SEASON_TOP,
          rankedFilter(now),
        );
        if (!rows.length) continue;
        any = true;
        lines.push(...topLines(g.id, rows, now));
      }
      // A season nobody finished ranked in ends quietly (a server that just turned seasons on, an idle one).
      if (any) {
        await ctx.notifier.post(
          { channelId: s.seasonChannel },
          { kind: 'text', locale: localeOf(s.locale), lines, ping: [] },
        );
        posted++;
      }
      leased = null;
      await ctx.store.seasons.finishRollover(guildId, ended);
    } catch (e) {
      ctx.log.warn({ err: e, guildId }, 'season rollover failed for a server; it is tried again later');
      // Not posted: let the lease end soon, so a later sweep (any process) tries again.
      if (leased)
        await ctx.store.seasons
          .retryRollover(guildId, leased, opts.retryMs ?? ROLLOVER_RETRY_MS)
          .catch((err: unknown) => ctx.log.warn({ err, guildId }, 'could not shorten the season lease'));
    }
  }
  return posted;
}
