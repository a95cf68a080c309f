// The interaction a post answers, as the match layer carries it: its token (a
// post left owed by a crash can still answer it) and, while the person who
// acted waits on it, until when it can be answered (Discord: 3 s for the first
// answer, 15 minutes after that).
import type { RepliableInteraction } from 'discord.js';
import { INTERACTION_TTL_MS } from '../../match/announce.js';
import type { LiveInteractionRef } from '../../match/context.js';
import type { InteractionRef } from '../../model/index.js';

const FIRST_ANSWER_MS = 3_000;

/** This interaction as a write stores it, for a post to answer later. */
export function interactionRef(i: RepliableInteraction): InteractionRef {
  return { token: i.token, createdAt: i.createdTimestamp, component: i.isMessageComponent() };
}

/** This interaction while its person waits: a write on their behalf must land before it can no longer be answered. */
export function liveInteractionRef(i: RepliableInteraction): LiveInteractionRef {
  return {
    ...interactionRef(i),
    answerBy: () => i.createdTimestamp + (i.deferred || i.replied ? INTERACTION_TTL_MS : FIRST_ANSWER_MS),
  };
}
