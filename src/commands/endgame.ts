// /endgame: a server admin (Manage Server) ends the active game of this
// channel with no result and no rating change: a player who vanished, or a
// record the engine refuses to continue (quarantined games point here).
import { PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import { adminEnd, refuse } from '../match/index.js';
import type { Command } from './kit/command.js';
import { guildOnly } from './kit/contexts.js';
import { described } from './kit/localize.js';
import { liveInteractionRef } from './kit/interaction-ref.js';

export const command: Command = {
  data: guildOnly(described(new SlashCommandBuilder().setName('endgame'), 'cmd.endgame.description'))
    // Hidden from members without Manage Server; checked again below (server overrides can widen it).
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild),
  async execute(ctx, i) {
    if (!i.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) refuse('endgame.notAdmin');
    return { kind: 'game', announcement: await adminEnd(ctx, i.channelId, i.user.id, liveInteractionRef(i)) };
  },
};
