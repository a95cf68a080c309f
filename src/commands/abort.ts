// /abort: ends a game before each side has moved; no result, no rating change.
import { SlashCommandBuilder } from 'discord.js';
import { abort } from '../match/index.js';
import type { Command } from './kit/command.js';
import { everywhere } from './kit/contexts.js';
import { described } from './kit/localize.js';
import { liveInteractionRef } from './kit/interaction-ref.js';

export const command: Command = {
  data: everywhere(described(new SlashCommandBuilder().setName('abort'), 'cmd.abort.description')),
  async execute(ctx, i) {
    return { kind: 'game', announcement: await abort(ctx, i.channelId, i.user.id, liveInteractionRef(i)) };
  },
};
