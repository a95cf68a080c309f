// The challenge sweep: open challenges past their time are marked expired,
// and their card says so (reply mode: the card says so at its next click).
import { postableHere, type MatchContext } from '../context.js';

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
