// How a game write that needs a post is saved: with its post owed (the
// store's annV > shown, and a hint for the announcement sweep) and a deadline,
// and how a failed save reads to the person waiting for it.
import type { UpdateGameResult, UpdateOptions } from '../store/types.js';
import { storeUnavailable } from '../store/unavailable.js';
import type { MatchContext, Origin, Via } from './context.js';
import { refuse } from './refusal.js';

/** Time kept back from a write's deadline for clocks that disagree a little (the bot's, Redis's). */
const CLOCK_SKEW_MS = 100;

/**
 * The options of a write that needs a post: this process owes it, and
 * `reply` (an interaction, or a `Via` naming the one the post may follow in
 * reply mode) may carry it. The write must reach Redis before the store's
 * command timeout, after which its caller hears it failed, and, with a person
 * behind it, before the interaction can no longer be answered. Redis refuses
 * it after that instant ('late'), so it never lands behind its caller's back.
 */
export function writeOptions(ctx: MatchContext, origin?: Origin | Via): UpdateOptions {
  const announce = { owner: ctx.instanceId, reply: origin?.reply ?? null };
  const answerBy = origin && 'answerBy' in origin ? origin.answerBy() : Infinity;
  const deadline = Math.min(Date.now() + ctx.store.commandTimeoutMs, answerBy) - CLOCK_SKEW_MS;
  return { announce, deadline };
}

/**
 * A write someone waits for: a Redis outage or a late write is a refusal
 * that says so (a write that may have happened says that too: the sweep posts
 * it if it did), never a generic error.
 */
export async function savePlayerWrite(p: Promise<UpdateGameResult>): Promise<UpdateGameResult> {
  let res: UpdateGameResult;
  try {
    res = await p;
  } catch (e) {
    const out = storeUnavailable(e);
    if (out === 'unknown') refuse('move.unconfirmed');
    if (out === 'not-sent') refuse('common.storageUnavailable');
    throw e;
  }
  if (!res.ok && res.reason === 'late') refuse('common.storageUnavailable');
  return res;
}
