// The daily puzzle (issue 20, docs/puzzles.md): every server with a puzzle channel (/settings puzzle-channel) gets one
// puzzle a day (UTC), posted once across processes: the day's puzzle is chosen once (the first choice stays), one
// process at a time holds the post (a lease that ends by itself if it dies), the post carries a nonce (a second send
// after a crash returns the first message), and the day is marked posted with its message. The next day's post gives
// the previous day's answer.
import { allGames } from '../../engine/index.js';
import { replay } from '../../engine/replay.js';
import { getGame } from '../../engine/index.js';
import { localeOf } from '../../i18n/catalogue.js';
import { createHash } from 'node:crypto';
import type { MatchContext } from '../context.js';
import { readSettings } from '../settings.js';

/** How long a process holds a server's daily post (the post's time and a retry or two). */
const DAILY_LEASE_MS = 2 * 60_000;
const DAY_MS = 86_400_000;
/** The day's puzzle is near this rating (a middle one); the server's own "player" keeps it from repeating. */
const DAILY_RATING = 1500;

/** YYYY-MM-DD (UTC) of an instant. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Who "sees" a server's daily puzzles in the pool: none repeats for that server. */
const dailyViewer = (guildId: string): string => `daily-${guildId}`;

const dailyNonce = (guildId: string, day: string): string =>
  createHash('sha256').update(`daily-puzzle:${guildId}:${day}`).digest('base64url').slice(0, 25);

/** Posts the day's puzzle where it is owed; returns how many this process posted. */
export async function sweepDailyPuzzles(ctx: MatchContext): Promise<number> {
  const now = ctx.now();
  const day = utcDay(now);
  const yesterday = utcDay(now - DAY_MS);
  let posted = 0;
  for (const guildId of await ctx.store.puzzles.dailyGuilds()) {
    try {
      const s = await readSettings(ctx, guildId);
      if (!s.puzzleChannel) {
        await ctx.store.puzzles.trackDaily(guildId, false);
        continue;
      }
      if ((await ctx.store.puzzles.daily(guildId, day))?.messageId) continue;
      if (!(await ctx.store.puzzles.leaseDaily(guildId, day, ctx.instanceId, DAILY_LEASE_MS))) continue;
      // Read again under the lease: another process may have posted between the two reads.
      let today = await ctx.store.puzzles.daily(guildId, day);
      if (today?.messageId) continue;
      if (!today) {
        const games = allGames();
        const first = Math.floor(now / DAY_MS) % games.length;
        let chosen = null;
        for (let k = 0; k < games.length && !chosen; k++)
          chosen = await ctx.store.puzzles.pick(
            games[(first + k) % games.length].id,
            dailyViewer(guildId),
            DAILY_RATING,
          );
        if (!chosen) continue;
        await ctx.store.puzzles.see(dailyViewer(guildId), chosen.id);
        today = await ctx.store.puzzles.chooseDaily(guildId, day, chosen.id);
      }
      const puzzle = await ctx.store.puzzles.get(today.puzzleId);
      if (!puzzle) continue;
      const r = replay(getGame(puzzle.game), puzzle.setup, puzzle.moves);
      if (!r.ok) continue;
      const before = await ctx.store.puzzles.daily(guildId, yesterday).catch(() => null);
      const prev = before ? await ctx.store.puzzles.get(before.puzzleId).catch(() => null) : null;
      const messageId = await ctx.notifier.post(
        { channelId: s.puzzleChannel },
        {
          kind: 'daily-puzzle',
          locale: localeOf(s.locale),
          puzzle,
          state: r.states[r.states.length - 1],
          yesterday: prev ? { game: prev.game, solution: prev.solution } : null,
        },
        { nonce: dailyNonce(guildId, day) },
      );
      await ctx.store.puzzles.postedDaily(guildId, day, messageId);
      posted++;
    } catch (e) {
      // The lease ends by itself: a later sweep (any process) tries again.
      ctx.log.warn({ err: e, guildId }, 'daily puzzle not posted for a server; tried again later');
    }
  }
  return posted;
}
