// How a game write that needs a post is saved: with its post owed (the
// store's annV > shown, and a hint for the announcement sweep) and a deadline,
// and how a failed save reads to the person waiting for it.
import type { UpdateGameResult, UpdateOptions } from '../store/types.js';
import { storeUnavailable } from '../store/unavailable.js';
import type { InteractionRef } from '../model/index.js';
import type { LiveInteractionRef, MatchContext } from './context.js';
import { refuse } from './refusal.js';

/** Time kept back from a write's deadline for clocks that disagree a little (the bot's, Redis's). */
const CLOCK_SKEW_MS = 100;

/**
 * The options of a write that needs a post: this process owes it, and
 * `interaction`, the one the post answers, is stored with it (the sweep may
 * still answer it after a crash). The write must reach Redis before the
 * store's command timeout, after which its caller hears it failed, and, with
 * a person waiting on the interaction (live), before it can no longer be
 * answered. Redis refuses it after that instant ('late'), so it never lands
 * behind its caller's back.
 */
export function writeOptions(ctx: MatchContext, interaction?: InteractionRef | LiveInteractionRef): UpdateOptions {
  const announce = { owner: ctx.instanceId, interaction: interaction ?? null };
  const answerBy = interaction && 'answerBy' in interaction ? interaction.answerBy() : Infinity;
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
