// /challenge: posts the challenge card with Accept / Decline / Cancel, whose
// clicks are buttons/challenge.ts. In reply mode (a group DM, a server that
// has not added the bot) the game stays in the channel.
import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { createChallenge, recordCard, refuse } from '../match/index.js';
import type { Command } from './kit/command.js';
import { everywhere } from './kit/contexts.js';
import {
  addSetupOptions,
  CLOCK_CHOICES,
  clockOption,
  firstOption,
  gameOption,
  readGameOptions,
} from './kit/game-options.js';
import { described } from './kit/localize.js';
import { boolOption, intOption, userOption } from './kit/options.js';
import { displayName, playerOf, threadable } from './kit/people.js';
import { canPostHere } from './kit/place.js';
import { challengeCard } from './kit/posts.js';
import { serverLocale } from './kit/locale.js';

const base = everywhere(described(new SlashCommandBuilder().setName('challenge'), 'cmd.challenge.description'))
  .addStringOption((o) => gameOption(o))
  .addUserOption((o) => described(o.setName('opponent'), 'cmd.challenge.opponent'))
  .addBooleanOption((o) => described(o.setName('rated'), 'cmd.challenge.rated'));

export const data = addSetupOptions(base).addStringOption(firstOption).addIntegerOption(clockOption);

export const command: Command = {
  data,
  startsGame: true,
  async execute(ctx, i) {
    const opts = readGameOptions(i);
    const opponent = userOption(i.options, 'opponent');
    const rated = boolOption(i.options, 'rated') ?? false;
    const clockHours = intOption(i.options, 'clock', CLOCK_CHOICES);
    if (opponent?.bot) refuse('challenge.botOpponent');
    // Nobody else can see the DM with the bot.
    if (i.context === InteractionContextType.BotDM) refuse('challenge.botDm');
    const challenge = await createChallenge(ctx, {
      game: opts.game,
      setup: opts.setup,
      options: opts.options,
      challenger: playerOf(i),
      opponent: opponent
        ? { id: opponent.id, name: displayName({ user: opponent, member: i.options.getMember('opponent') }) }
        : null,
      rated,
      guildId: i.guildId,
      channelId: i.channelId,
      threadable: threadable(i),
      first: opts.first,
      clockHours,
      locale: await serverLocale(ctx, i),
      postable: canPostHere(i),
    });
    return {
      kind: 'message',
      ephemeral: false,
      build: () => challengeCard({ challenge }),
      async after(sent) {
        if (sent.messageId) await recordCard(ctx, challenge.id, sent.messageId);
      },
    };
  },
};
