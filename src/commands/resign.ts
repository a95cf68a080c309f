// /resign: the opponent wins (rated games update ratings).
import { SlashCommandBuilder } from 'discord.js';
import { resign } from '../match/index.js';
import type { Command } from './kit/command.js';
import { everywhere } from './kit/contexts.js';
import { described } from './kit/localize.js';
import { liveInteractionRef } from './kit/interaction-ref.js';

export const command: Command = {
  data: everywhere(described(new SlashCommandBuilder().setName('resign'), 'cmd.resign.description')),
  async execute(ctx, i) {
    return { kind: 'game', announcement: await resign(ctx, i.channelId, i.user.id, liveInteractionRef(i)) };
  },
};
