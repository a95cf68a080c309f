// What the bot needs on a server, as an invite URL, and the link with which a
// user adds the app to their account (to play in DMs, group DMs and servers
// that have not added the bot). The README's number is checked against this
// list by test/invite.test.ts.
import { OAuth2Scopes, PermissionFlagsBits, PermissionsBitField } from 'discord.js';

/**
 * Each permission, and where it is used. Not asked for: Read Message History
 * (the bot never reads messages: it only has the Guilds intent, answers
 * interactions and edits its own posts by id) and Manage Messages.
 */
export const BOT_PERMISSIONS = {
  /** See the channel: fetch it, post the challenge card's thread there. */
  ViewChannel: PermissionFlagsBits.ViewChannel,
  /** Post in the channel where a thread cannot be opened, and edit the challenge cards. */
  SendMessages: PermissionFlagsBits.SendMessages,
  /** Open a game's public thread on its challenge card (src/bot/match.ts openThread). */
  CreatePublicThreads: PermissionFlagsBits.CreatePublicThreads,
  /** Post the boards, pings and the final message in the game's thread. */
  SendMessagesInThreads: PermissionFlagsBits.SendMessagesInThreads,
  /** The board PNGs and replay GIFs. */
  AttachFiles: PermissionFlagsBits.AttachFiles,
  /** The challenge cards, /stats, /leaderboard, /games embeds. */
  EmbedLinks: PermissionFlagsBits.EmbedLinks,
  /** Archive a finished game's thread. */
  ManageThreads: PermissionFlagsBits.ManageThreads,
} as const;

/** The permission integer of the invite URL. */
export function botPermissions(): bigint {
  return new PermissionsBitField(Object.values(BOT_PERMISSIONS)).bitfield;
}

/** The invite URL: the bot and its slash commands, with exactly the permissions above. */
export function inviteUrl(clientId: string): string {
  const scopes = [OAuth2Scopes.Bot, OAuth2Scopes.ApplicationsCommands].join('%20');
  return `https://discord.com/oauth2/authorize?client_id=${clientId}&scope=${scopes}&permissions=${botPermissions()}`;
}

/**
 * The user-install link: the app on a person's account, its commands with
 * them in DMs, group DMs and any server (no bot, no permissions: it answers
 * interactions only). Needs "User Install" in the application's Installation settings.
 */
export function userInstallUrl(clientId: string): string {
  return `https://discord.com/oauth2/authorize?client_id=${clientId}&integration_type=1&scope=${OAuth2Scopes.ApplicationsCommands}`;
}
