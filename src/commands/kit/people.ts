// Who acted and where, read from an interaction.
import { ChannelType, PermissionFlagsBits, type Interaction } from 'discord.js';
import type { PlayerRef } from '../../model/index.js';

/** The server nickname when Discord sends the member, else the global display name, else the username. */
export const displayName = (i: { user: { displayName: string; username: string }; member?: unknown }): string => {
  const m = i.member as { displayName?: unknown; nick?: unknown } | null | undefined;
  if (m && typeof m.displayName === 'string' && m.displayName) return m.displayName;
  if (m && typeof m.nick === 'string' && m.nick) return m.nick;
  return i.user.displayName || i.user.username;
};

export const playerOf = (i: Parameters<typeof displayName>[0] & { user: { id: string } }): PlayerRef => ({
  id: i.user.id,
  name: displayName(i),
});

/** Whether the interaction's channel can hold a game thread (text and announcement channels). */
export function threadable(i: Interaction): boolean {
  const type = i.channel?.type;
  return type === ChannelType.GuildText || type === ChannelType.GuildAnnouncement;
}

/** The channel a server's channel list is checked against: a thread counts as its parent. */
export function gateChannel(i: Interaction): string | null {
  const ch = i.channel;
  return ch?.isThread() && ch.parentId ? ch.parentId : i.channelId;
}

/** A server admin (Manage Server): may start or cancel any tournament. */
export const isAdmin = (i: Interaction): boolean => !!i.memberPermissions?.has(PermissionFlagsBits.ManageGuild);
