// Where a command is offered (Discord's installation types and interaction
// contexts). Play is offered everywhere the app can be: servers that added the
// bot, and — through a user install — the DM with the bot, group DMs and DMs,
// and servers that have not added it. Server administration is offered only
// in servers that added the bot.
import { ApplicationIntegrationType, InteractionContextType } from 'discord.js';

interface Placeable<B> {
  setContexts(...c: InteractionContextType[]): B;
  setIntegrationTypes(...t: ApplicationIntegrationType[]): B;
}

/** Commands of play: guild and user installs; servers, the DM with the bot, group DMs and DMs. */
export const everywhere = <B extends Placeable<B>>(b: B): B =>
  b
    .setIntegrationTypes(ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall)
    .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel);

/**
 * Commands of a server that added the bot (settings, tournaments, its games, admins): the guild install, in servers
 * only.
 */
export const guildOnly = <B extends Placeable<B>>(b: B): B =>
  b.setIntegrationTypes(ApplicationIntegrationType.GuildInstall).setContexts(InteractionContextType.Guild);

/**
 * Whether a registered command is offered only in servers that added the bot (the router refuses it elsewhere, should
 * Discord deliver it).
 */
export const isServerCommand = (body: { integration_types?: readonly number[] }): boolean =>
  !(body.integration_types ?? [ApplicationIntegrationType.GuildInstall]).includes(
    ApplicationIntegrationType.UserInstall,
  );
