// The interaction behind a write, as the match layer needs it: its token (a
// post left owed by a crash can still answer it) and until when it can be
// answered (Discord: 3 s for the first answer, 15 minutes after that).
import type { RepliableInteraction } from 'discord.js';
import type { Origin } from '../../match/context.js';

const FIRST_ANSWER_MS = 3_000;
/** Interaction tokens last 15 minutes; keep a minute back. */
const TOKEN_MS = 14 * 60_000;

export function originOf(i: RepliableInteraction): Origin {
  return {
    reply: { token: i.token, createdAt: i.createdTimestamp, component: i.isMessageComponent() },
    answerBy: () => i.createdTimestamp + (i.deferred || i.replied ? TOKEN_MS : FIRST_ANSWER_MS),
  };
}
