// What the match layer's leased jobs share (post-game reviews, review.ts; puzzle checks, puzzles.ts): the jobs a
// process has in hand, the keep-alive of a lease, the back-off of a job given back after a failure.
import type { MatchContext } from './context.js';

/**
 * A table of the jobs each process has in hand, by its instance id: a handler's context is the bot's with a logger
 * of its own (bot/router.ts), so the context object itself is not the process.
 */
export function inHandTable(): (ctx: MatchContext) => Set<string> {
  const table = new Map<string, Set<string>>();
  return (ctx) => {
    let s = table.get(ctx.instanceId);
    if (!s) table.set(ctx.instanceId, (s = new Set()));
    return s;
  };
}

/** Extends a lease every third of its length until the returned function is called (a failure is only logged). */
export function keepLease(
  ctx: MatchContext,
  leaseMs: number,
  extend: () => Promise<unknown>,
  what: Record<string, unknown>,
): () => void {
  const timer = setInterval(() => {
    extend().catch((e: unknown) => ctx.log.warn({ err: e, ...what }, 'could not extend a lease'));
  }, leaseMs / 3);
  timer.unref();
  return () => clearInterval(timer);
}

/** When a job given back after its `tries`-th failure is looked at again: 5 s, doubling, 10 minutes at most. */
export const retryDelay = (tries: number): number => Math.min(10 * 60_000, 5_000 * 2 ** Math.max(0, tries - 1));
