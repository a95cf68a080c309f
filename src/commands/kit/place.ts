// Where an interaction happens, as the match layer needs it: whether the bot
// can post in that channel on its own, and which server (if any) has added
// it. Read from the interaction's authorizing installations, so the match
// layer never asks discord.js.
//
// - A server that added the bot (its guild installation authorized the
//   interaction), or the DM with the bot: the bot posts there as it likes.
// - A group DM, a DM between users, a server where only the user installed
//   the app: "reply mode" — the bot is not a member, every channel route is
//   403, and it speaks only by answering interactions (StoredGame.postable).
import { ApplicationIntegrationType, type Interaction, type RepliableInteraction } from 'discord.js';
import type { Announcement } from '../../match/announce.js';
import type { MatchContext } from '../../match/context.js';
import { takeOwed } from '../../match/reconcile.js';
import { followReviewsHere } from '../../match/review.js';
import { interactionRef } from './interaction-ref.js';

/** The installation that authorized the interaction for a guild (a guild id, or "0" in the DM with the bot), if any. */
function guildInstall(i: Interaction): string | undefined {
  const owners = i.authorizingIntegrationOwners as Partial<Record<ApplicationIntegrationType, string>> | undefined;
  return owners?.[ApplicationIntegrationType.GuildInstall];
}

/** Whether the bot can post in the interaction's channel on its own (false: reply mode). */
export function canPostHere(i: Interaction): boolean {
  return guildInstall(i) !== undefined;
}

/**
 * The server that added the bot, where this interaction happens; null elsewhere (DMs, group DMs, servers where only the
 * user installed the app).
 */
export function serverHere(i: Interaction): string | null {
  return i.guildId !== null && guildInstall(i) === i.guildId ? i.guildId : null;
}

/**
 * Reply mode: what this channel's game owes (a loss on time, a post a crash
 * left behind), for this interaction to show first. Never throws: a failure
 * here must not cost the interaction its own answer (the post stays owed).
 */
export async function owedHere(ctx: MatchContext, i: Interaction): Promise<Announcement | null> {
  if (canPostHere(i) || !i.channelId) return null;
  try {
    return await takeOwed(ctx, i.channelId);
  } catch (e) {
    ctx.log.warn({ err: e, interactionId: i.id, channelId: i.channelId }, 'could not look for an owed game post');
    return null;
  }
}

/**
 * Reply mode, once this interaction is answered: the post-game reviews its
 * channel owes follow it up (match/review.ts followReviewsHere). Never throws:
 * a review that cannot be handed over waits for the next interaction.
 */
export async function reviewsHere(ctx: MatchContext, i: RepliableInteraction): Promise<void> {
  if (canPostHere(i) || !i.channelId || !(i.deferred || i.replied)) return;
  try {
    await followReviewsHere(ctx, i.channelId, interactionRef(i));
  } catch (e) {
    ctx.log.warn({ err: e, interactionId: i.id, channelId: i.channelId }, 'could not hand owed reviews an interaction');
  }
}
