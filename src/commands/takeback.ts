// /takeback: asks to take back your last move in the game of this thread
// (match/takeback.ts); the opponent answers with the offer's buttons
// (buttons/takeback.ts). Against the AI it is taken back at once, and the
// board is the answer.
import { SlashCommandBuilder } from 'discord.js';
import { askTakeback, gameLocale, type TakebackAsked } from '../match/index.js';
import type { Command, Reply } from './kit/command.js';
import { everywhere } from './kit/contexts.js';
import { liveInteractionRef } from './kit/interaction-ref.js';
import { described } from './kit/localize.js';
import { takebackOfferPayload } from './kit/posts.js';

/** What asking gives, as the answer: the offer to the opponent, or the board taken back. */
export function askedReply(asked: TakebackAsked): Reply {
  if (asked.kind === 'done') return { kind: 'game', announcement: asked.announcement };
  return {
    kind: 'message',
    ephemeral: false,
    locale: gameLocale(asked.game),
    build: (locale) => takebackOfferPayload(locale, asked.game, asked.offer, asked.moves),
  };
}

export const command: Command = {
  data: everywhere(described(new SlashCommandBuilder().setName('takeback'), 'takeback.cmd.description')),
  async execute(ctx, i) {
    return askedReply(await askTakeback(ctx, { channelId: i.channelId }, i.user.id, liveInteractionRef(i)));
  },
};
