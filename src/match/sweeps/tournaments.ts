// The tournament sweep: every event due (sign-up closing, a round deadline,
// the regular look that makes up a lost end-of-game call, winners to post)
// is driven (tournament-drive.ts), then snoozed to its next instant.
import { isCorruptRecordError } from '../../store/types.js';
import type { MatchContext } from '../context.js';
import { RECHECK_MS, wakeOf } from '../tournament/event.js';
import { drive } from '../tournament-drive.js';

/** Returns how many events this process changed. */
export async function sweepTournaments(ctx: MatchContext, limit = 20): Promise<number> {
  const now = ctx.now();
  let acted = 0;
  for (const id of await ctx.store.tournaments.due(now, limit)) {
    try {
      if (await drive(ctx, id)) acted++;
      const t = await ctx.store.tournaments.get(id);
      // Nothing moved: look again at the next instant that matters.
      const next = t ? wakeOf(t, now) : null;
      if (t && next !== null && t.status !== 'finished')
        await ctx.store.tournaments.snooze(id, Math.max(next, now + 1000));
    } catch (e) {
      ctx.log.error({ err: e, tournamentId: id }, 'tournament sweep failed for an event');
      // A damaged record must not come back every sweep.
      if (isCorruptRecordError(e)) await ctx.store.tournaments.snooze(id, now + RECHECK_MS);
    }
  }
  return acted;
}
