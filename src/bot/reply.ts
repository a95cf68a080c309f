// Answering an interaction once, whatever state it is in (fresh, deferred, replied).
import { MessageFlags, type RepliableInteraction } from 'discord.js';
import { clipText } from './messages.js';

/** An ephemeral message to the user who acted. A public deferral is removed first so no "thinking…" stays behind. */
export async function tellUser(i: RepliableInteraction, text: string): Promise<void> {
  const content = clipText(text);
  const payload = { content, flags: MessageFlags.Ephemeral as const, allowedMentions: { parse: [] } };
  if (i.deferred && !i.replied) {
    const ephemeralDeferral = i.ephemeral === true;
    if (ephemeralDeferral) {
      await i.editReply({ content, allowedMentions: { parse: [] } });
      return;
    }
    await i.deleteReply().catch(() => undefined);
    await i.followUp(payload);
    return;
  }
  if (i.replied) {
    await i.followUp(payload);
    return;
  }
  await i.reply(payload);
}

/** Refusals are written as clauses ("it is not your turn…"); shown alone they start with a capital. */
export const sentence = (s: string): string => (s.length ? s.charAt(0).toUpperCase() + s.slice(1) : s);
