// /settings: server admins (Manage Server) set the default time per move of
// new /challenge games and limit where games may be started (product.md
// "Around the matches", Admins). Everything is answered ephemerally.
import {
  ApplicationCommandOptionType,
  ChannelType,
  ChatInputCommandInteraction,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from 'discord.js';
import type { Command } from '../bot/command.js';
import type { BotContext } from '../bot/context.js';
import { refuse } from '../bot/errors.js';
import { hoursText } from '../bot/messages.js';
import { intOption } from '../bot/options.js';
import { isCorruptRecordError, type GuildSettings } from '../store/types.js';
import { CLOCK_CHOICES } from './shared.js';

/** Most channels an allow-list may hold (keeps the refusal text and the record small). */
export const MAX_CHANNELS = 25;
/** The commands that start a new game: only these obey the channel list (game threads never do). */
export const GAME_STARTERS: ReadonlySet<string> = new Set(['challenge', 'play-bot']);

const HOUR = 3_600_000;
const HOURS_VALUES = [0, ...CLOCK_CHOICES] as const;

export const data = new SlashCommandBuilder()
  .setName('settings')
  .setDescription('Admins: this server’s default clock and the channels where games may start')
  .setContexts(InteractionContextType.Guild)
  // Hidden from members without Manage Server; checked again at runtime (server overrides can widen it).
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
  .addSubcommand((s) => s.setName('show').setDescription('Show this server’s settings'))
  .addSubcommand((s) =>
    s
      .setName('clock')
      .setDescription('Default time per move of new /challenge games')
      .addIntegerOption((o) =>
        o
          .setName('hours')
          .setDescription('Hours per move, or the bot default')
          .setRequired(true)
          .addChoices({ name: 'bot default', value: 0 }, ...CLOCK_CHOICES.map((h) => ({ name: `${h} h`, value: h }))),
      ),
  )
  .addSubcommandGroup((g) =>
    g
      .setName('channels')
      .setDescription('Channels where /challenge and /play-bot may be used (all when the list is empty)')
      .addSubcommand((s) =>
        s
          .setName('add')
          .setDescription('Allow games to start in a channel')
          .addChannelOption((o) => o.setName('channel').setDescription('A text channel').setRequired(true).addChannelTypes(ChannelType.GuildText)),
      )
      .addSubcommand((s) =>
        s
          .setName('remove')
          .setDescription('Remove a channel from the list')
          .addChannelOption((o) => o.setName('channel').setDescription('A text channel').setRequired(true).addChannelTypes(ChannelType.GuildText)),
      )
      .addSubcommand((s) => s.setName('clear').setDescription('Allow games in every channel again')),
  );

export async function execute(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void> {
  if (!i.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) refuse('only members with the Manage Server permission can change the bot’s settings.');
  const guildId = i.guildId;
  if (!guildId) return refuse('settings belong to a server: use this command in a server channel.');
  const group = i.options.getSubcommandGroup(false);
  const sub = i.options.getSubcommand(false);
  let text: string;
  if (group === null && sub === 'show') {
    text = describe(ctx, await read(ctx, guildId));
  } else if (group === null && sub === 'clock') {
    const hours = intOption(i.options, 'hours', HOURS_VALUES);
    if (hours === null) return refuse('`hours` is required.');
    const s = await ctx.store.settings.update(guildId, { clockMs: hours === 0 ? null : hours * HOUR });
    text = hours === 0 ? `New challenges now use the bot default clock.\n${describe(ctx, s)}` : `New challenges now get ${hours} h per move unless they set \`clock\`.\n${describe(ctx, s)}`;
  } else if (group === 'channels' && (sub === 'add' || sub === 'remove')) {
    const channelId = textChannelOption(i, guildId);
    const current = (await read(ctx, guildId)).channels ?? [];
    if (sub === 'add') {
      if (current.includes(channelId)) return refuse(`<#${channelId}> is already on the list.`);
      if (current.length >= MAX_CHANNELS) refuse(`the list already holds ${MAX_CHANNELS} channels, the most it may; remove one first.`);
      const s = await ctx.store.settings.update(guildId, { channels: [...current, channelId] });
      text = `Games may now start in <#${channelId}>.\n${describe(ctx, s)}`;
    } else {
      if (!current.includes(channelId)) return refuse(`<#${channelId}> is not on the list.`);
      const rest = current.filter((c) => c !== channelId);
      const s = await ctx.store.settings.update(guildId, { channels: rest.length ? rest : null });
      text = `Removed <#${channelId}>.\n${describe(ctx, s)}`;
    }
  } else if (group === 'channels' && sub === 'clear') {
    const s = await ctx.store.settings.update(guildId, { channels: null });
    text = `Games may start in every channel again.\n${describe(ctx, s)}`;
  } else {
    return refuse('unknown `/settings` subcommand (the command list may be out of date).');
  }
  await i.reply({ content: text, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

/** The channel option, re-checked: Discord filters the picker, but a forged payload may name anything. */
function textChannelOption(i: ChatInputCommandInteraction, guildId: string): string {
  const o = i.options.get('channel', false);
  if (!o || o.type !== ApplicationCommandOptionType.Channel || typeof o.value !== 'string') return refuse('the option `channel` is required.');
  const ch = o.channel;
  if (!ch) return refuse('I could not find that channel.');
  if (ch.type !== ChannelType.GuildText) refuse('only text channels of this server can be on the list (not threads, voice or forum channels).');
  const chGuild = (ch as { guildId?: unknown }).guildId;
  if (typeof chGuild === 'string' && chGuild !== guildId) refuse('that channel is not in this server.');
  return o.value;
}

/** The settings, or the defaults when the record is damaged (an admin can overwrite it). */
async function read(ctx: BotContext, guildId: string): Promise<GuildSettings> {
  try {
    return await ctx.store.settings.get(guildId);
  } catch (e) {
    if (!isCorruptRecordError(e)) throw e;
    ctx.log.warn({ err: e, guildId }, 'damaged server settings; showing defaults');
    return {};
  }
}

function describe(ctx: BotContext, s: GuildSettings): string {
  const clock = s.clockMs ? `${hoursText(s.clockMs)} (this server’s setting)` : `${hoursText(ctx.settings.moveTimeMs)} (bot default)`;
  const channels = s.channels?.length ? s.channels.map((c) => `<#${c}>`).join(', ') : 'all channels';
  return `**Time per move** for new challenges: ${clock}\n**Games may start in**: ${channels}`;
}

/**
 * The gate for commands that start a game (router): where the server keeps a
 * channel list, a game may only start in a listed channel or a thread under
 * one. A settings record that cannot be read blocks nothing.
 */
export async function checkGameChannel(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void> {
  if (!i.guildId || !GAME_STARTERS.has(i.commandName)) return;
  let allowed: string[] | null | undefined;
  try {
    allowed = (await ctx.store.settings.get(i.guildId)).channels;
  } catch (e) {
    ctx.log.warn({ err: e, guildId: i.guildId }, 'could not read the server settings; channels not limited');
    return;
  }
  if (!allowed?.length) return;
  const ch = i.channel;
  const where = ch?.isThread() && ch.parentId ? ch.parentId : i.channelId;
  if (allowed.includes(where)) return;
  refuse(`games can only be started in ${allowed.map((c) => `<#${c}>`).join(', ')} on this server.`);
}

export const command: Command = { data, execute };
