// The AI-turn sweep: AI turns nobody is taking (a process that died while
// thinking, a start or a move whose after-work was lost). Every process runs
// it (and resumeAi once at start); the AI-turn lease makes one of them think.
import { isCorruptRecordError } from '../../store/types.js';
import type { MatchContext } from '../context.js';
import { quarantine } from '../games.js';
import { aiToMove, aiTurn, scheduleAi } from '../move.js';

/** An AI turn noted this long ago and not being thought about is taken up by the AI sweep. */
const AI_TURN_GRACE_MS = 5_000;

export async function sweepAiTurns(ctx: MatchContext, graceMs = AI_TURN_GRACE_MS): Promise<number> {
  const ids = await ctx.store.aiTurns.noted(Date.now() - graceMs);
  let taken = 0;
  for (const id of ids) {
    try {
      const rec = await ctx.store.games.get(id);
      if (!rec || aiToMove(rec) === null) {
        await ctx.store.aiTurns.drop(id);
        continue;
      }
      const holder = await ctx.store.aiTurns.holder(id);
      // A live process is thinking (this one included): leave it.
      if (holder !== null && (holder === ctx.instanceId || (await ctx.store.processes.alive(holder)))) continue;
      ctx.background(`ai ${id}`, () => aiTurn(ctx, id, holder));
      taken++;
    } catch (e) {
      if (isCorruptRecordError(e)) await quarantine(ctx, id, e.message);
      else ctx.log.error({ err: e, gameId: id }, 'AI sweep failed for a game');
    }
  }
  return taken;
}

/** After a restart: games where the AI is to move get their move (games from before the AI-turn index too). */
export async function resumeAi(ctx: MatchContext): Promise<void> {
  const games = await ctx.store.gameIndex.listActive(null, 500);
  for (const g of games) if (g.players.some((p) => p.bot)) scheduleAi(ctx, g);
}
