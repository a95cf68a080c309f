// /settings: server admins (Manage Server) set the default time per move of
// new /challenge games, the language of the bot's public posts (a game keeps
// the language it started in), limit where games may be started, cap how
// long the expert AI thinks per move, and say whether rated games allow takebacks.
// Answered privately. Channel changes are atomic (src/match/settings.ts).
import {
  ApplicationCommandOptionType,
  ChannelType,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { localeOf, type Locale } from '../i18n/catalogue.js';
import {
  addChannel,
  clearChannels,
  readSettings,
  refuse,
  removeChannel,
  setClock,
  setExpertSeconds,
  setLocale,
  setPuzzleChannel,
  setSeasons,
  setTakebacks,
  setTournamentRole,
} from '../match/index.js';
import type { Msg } from '../i18n/msg.js';
import { EXPERT_SECONDS_MAX, EXPERT_SECONDS_MIN, type GuildSettings } from '../model/index.js';
import type { Command, CommandContext } from './kit/command.js';
import { guildOnly } from './kit/contexts.js';
import { CLOCK_CHOICES } from './kit/game-options.js';
import { choice, described } from './kit/localize.js';
import { intOption, stringOption } from './kit/options.js';
import { lines } from './kit/text.js';

const HOURS_VALUES = [0, ...CLOCK_CHOICES] as const;
/** `server`: no choice of ours, the server's preferred locale on Discord. */
const LANGUAGES = ['fr', 'en', 'server'] as const;
const SEASON_CHOICES = ['off', 'monthly', 'quarterly'] as const;
const TAKEBACK_CHOICES = ['on', 'off'] as const;
/** Every whole number of seconds the expert AI may be capped to (Discord checks the range; this re-checks it). */
const EXPERT_SECONDS = Array.from(
  { length: EXPERT_SECONDS_MAX - EXPERT_SECONDS_MIN + 1 },
  (_, k) => EXPERT_SECONDS_MIN + k,
);

const channelOption = (o: import('discord.js').SlashCommandChannelOption) =>
  described(o.setName('channel'), 'cmd.settings.channel').setRequired(true).addChannelTypes(ChannelType.GuildText);

export const data = guildOnly(described(new SlashCommandBuilder().setName('settings'), 'cmd.settings.description'))
  // Hidden from members without Manage Server; checked again at run time (server overrides can widen it).
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
  .addSubcommand((s) => described(s.setName('show'), 'cmd.settings.show'))
  .addSubcommand((s) =>
    described(s.setName('clock'), 'cmd.settings.clock').addIntegerOption((o) =>
      described(o.setName('hours'), 'cmd.settings.hours')
        .setRequired(true)
        .addChoices(
          choice('cmd.settings.botDefault', 0),
          ...CLOCK_CHOICES.map((h) => choice('option.hoursChoice', h, { hours: h })),
        ),
    ),
  )
  .addSubcommand((s) =>
    described(s.setName('expert'), 'cmd.settings.expert').addIntegerOption((o) =>
      described(o.setName('seconds'), 'cmd.settings.seconds')
        .setRequired(true)
        .setMinValue(EXPERT_SECONDS_MIN)
        .setMaxValue(EXPERT_SECONDS_MAX),
    ),
  )
  .addSubcommand((s) =>
    described(s.setName('language'), 'cmd.settings.language').addStringOption((o) =>
      described(o.setName('language'), 'cmd.settings.languageOption')
        .setRequired(true)
        .addChoices(...LANGUAGES.map((l) => choice(`cmd.settings.languageChoice.${l}`, l))),
    ),
  )
  .addSubcommandGroup((g) =>
    described(g.setName('channels'), 'cmd.settings.channels')
      .addSubcommand((s) => described(s.setName('add'), 'cmd.settings.channelsAdd').addChannelOption(channelOption))
      .addSubcommand((s) =>
        described(s.setName('remove'), 'cmd.settings.channelsRemove').addChannelOption(channelOption),
      )
      .addSubcommand((s) => described(s.setName('clear'), 'cmd.settings.channelsClear')),
  )
  .addSubcommand((s) =>
    described(s.setName('tournaments'), 'season.settings.tournaments').addRoleOption((o) =>
      described(o.setName('role'), 'season.settings.role'),
    ),
  )
  .addSubcommand((s) =>
    described(s.setName('takebacks'), 'takeback.settings.subcommand').addStringOption((o) =>
      described(o.setName('rated'), 'takeback.settings.rated')
        .setRequired(true)
        .addChoices(...TAKEBACK_CHOICES.map((c) => choice(`takeback.settings.ratedChoice.${c}`, c))),
    ),
  )
  .addSubcommand((s) =>
    described(s.setName('puzzle-channel'), 'puzzle.settings.subcommand').addChannelOption((o) =>
      described(o.setName('channel'), 'puzzle.settings.channel').addChannelTypes(ChannelType.GuildText),
    ),
  )
  .addSubcommand((s) =>
    described(s.setName('seasons'), 'season.settings.seasons')
      .addStringOption((o) =>
        described(o.setName('length'), 'season.settings.length')
          .setRequired(true)
          .addChoices(...SEASON_CHOICES.map((c) => choice(`season.settings.lengthChoice.${c}`, c))),
      )
      .addChannelOption((o) =>
        described(o.setName('channel'), 'season.settings.channel').addChannelTypes(ChannelType.GuildText),
      ),
  );

export const command: Command = {
  data,
  ack: 'ephemeral',
  async execute(ctx, i) {
    if (!i.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) refuse('settings.notAdmin');
    const guildId = i.guildId;
    if (!guildId) return refuse('common.serverOnly');
    const group = i.options.getSubcommandGroup(false);
    const sub = i.options.getSubcommand(false);
    let head: Msg | null = null;
    let s: GuildSettings;
    if (group === null && sub === 'show') {
      s = await readSettings(ctx, guildId);
    } else if (group === null && sub === 'clock') {
      const hours = intOption(i.options, 'hours', HOURS_VALUES);
      if (hours === null) return refuse('option.required', { name: { code: 'hours' } });
      s = await setClock(ctx, guildId, hours === 0 ? null : hours);
      head = hours === 0 ? { key: 'settings.clockDefault' } : { key: 'settings.clockSet', params: { hours } };
    } else if (group === null && sub === 'expert') {
      const seconds = intOption(i.options, 'seconds', EXPERT_SECONDS);
      if (seconds === null) return refuse('option.required', { name: { code: 'seconds' } });
      // The most is the default: stored as no setting, so a later change of the default reaches this server.
      s = await setExpertSeconds(ctx, guildId, seconds === EXPERT_SECONDS_MAX ? null : seconds);
      head = { key: 'settings.expertSet', params: { seconds } };
    } else if (group === null && sub === 'language') {
      const language = stringOption(i.options, 'language', { required: true, choices: LANGUAGES });
      s = await setLocale(ctx, guildId, language === 'server' ? null : language);
      head =
        language === 'server'
          ? { key: 'settings.languageDefault', params: { language: languageName(localeOf(i.guildLocale)) } }
          : { key: 'settings.languageSet', params: { language: languageName(language) } };
    } else if (group === 'channels' && (sub === 'add' || sub === 'remove')) {
      const channelId = textChannelOption(i, guildId);
      s = sub === 'add' ? await addChannel(ctx, guildId, channelId) : await removeChannel(ctx, guildId, channelId);
      head = {
        key: sub === 'add' ? 'settings.channelAdded' : 'settings.channelRemoved',
        params: { channel: { channel: channelId } },
      };
    } else if (group === 'channels' && sub === 'clear') {
      s = await clearChannels(ctx, guildId);
      head = { key: 'settings.channelsCleared' };
    } else if (group === null && sub === 'tournaments') {
      const role = roleOption(i, guildId);
      s = await setTournamentRole(ctx, guildId, role?.id ?? null);
      head = role
        ? { key: 'season.settings.roleSet', params: { name: { name: role.name } } }
        : { key: 'season.settings.roleCleared' };
    } else if (group === null && sub === 'takebacks') {
      const rated = stringOption(i.options, 'rated', { required: true, choices: TAKEBACK_CHOICES }) === 'on';
      s = await setTakebacks(ctx, guildId, rated);
      head = { key: rated ? 'takeback.settings.setOn' : 'takeback.settings.setOff' };
    } else if (group === null && sub === 'puzzle-channel') {
      const channelId = i.options.get('channel', false) ? textChannelOption(i, guildId) : null;
      s = await setPuzzleChannel(ctx, guildId, channelId);
      head = channelId
        ? { key: 'puzzle.channelSet', params: { channel: { channel: channelId } } }
        : { key: 'puzzle.channelCleared' };
    } else if (group === null && sub === 'seasons') {
      const length = stringOption(i.options, 'length', { required: true, choices: SEASON_CHOICES });
      const channelId = i.options.get('channel', false) ? textChannelOption(i, guildId) : null;
      s = await setSeasons(ctx, guildId, length === 'off' ? null : length, channelId);
      head =
        length === 'off'
          ? { key: 'season.settings.seasonsOff' }
          : { key: 'season.settings.seasonsSet', params: { length: { key: `season.settings.${length}` } } };
    } else {
      return refuse('settings.unknownSubcommand');
    }
    const discordLocale = localeOf(i.guildLocale);
    const roleName = s.tournamentRole ? (i.guild?.roles.cache.get(s.tournamentRole)?.name ?? s.tournamentRole) : null;
    return {
      kind: 'message',
      ephemeral: true,
      build: (locale) => ({
        content: describe(ctx, locale, s, head, roleName, discordLocale),
        allowedMentions: { parse: [] },
      }),
    };
  },
};

/** The channel option, re-checked: Discord filters the picker, but a forged payload may name anything. */
function textChannelOption(i: ChatInputCommandInteraction, guildId: string): string {
  const o = i.options.get('channel', false);
  if (!o || o.type !== ApplicationCommandOptionType.Channel || typeof o.value !== 'string')
    return refuse('option.required', { name: { code: 'channel' } });
  const ch = o.channel;
  if (!ch) return refuse('settings.channelNotFound');
  if (ch.type !== ChannelType.GuildText) refuse('settings.textChannelsOnly');
  const chGuild = (ch as { guildId?: unknown }).guildId;
  if (typeof chGuild === 'string' && chGuild !== guildId) refuse('settings.otherServer');
  return o.value;
}

/** The role option, re-checked like the channel: it must be a role of this server. */
function roleOption(i: ChatInputCommandInteraction, guildId: string): { id: string; name: string } | null {
  const o = i.options.get('role', false);
  if (!o) return null;
  if (o.type !== ApplicationCommandOptionType.Role || typeof o.value !== 'string' || !o.role)
    return refuse('option.wrongType', { name: { code: 'role' } });
  const roleGuild = (o.role as { guild?: { id?: unknown } }).guild?.id;
  if (typeof roleGuild === 'string' && roleGuild !== guildId) refuse('settings.otherServer');
  return { id: o.value, name: o.role.name };
}

const languageName = (l: Locale): Msg => ({ key: `settings.languageName.${l}` });

function describe(
  ctx: CommandContext,
  locale: Locale,
  s: GuildSettings,
  head: Msg | null,
  roleName: string | null,
  discordLocale: Locale,
): string {
  const clock: Msg = s.clockMs
    ? { key: 'settings.clockServer', params: { hours: s.clockMs / 3_600_000 } }
    : { key: 'settings.clockBot', params: { hours: ctx.settings.moveTimeMs / 3_600_000 } };
  const expert: Msg = s.expertSeconds
    ? { key: 'settings.expertServer', params: { seconds: s.expertSeconds } }
    : { key: 'settings.expertBot', params: { seconds: EXPERT_SECONDS_MAX } };
  const channels: Msg = s.channels?.length
    ? { key: 'settings.channelsSome', params: { channels: { list: s.channels.map((c) => ({ channel: c })) } } }
    : { key: 'settings.channelsAll' };
  const language: Msg = s.locale
    ? { key: 'settings.languageServer', params: { language: languageName(localeOf(s.locale)) } }
    : { key: 'settings.languageDiscord', params: { language: languageName(discordLocale) } };
  const who: Msg = roleName
    ? { key: 'season.settings.whoRole', params: { name: { name: roleName } } }
    : { key: 'season.settings.whoManage' };
  const seasons: Msg = !s.seasonLength
    ? { key: 'season.settings.seasonsNone' }
    : s.seasonChannel
      ? {
          key: 'season.settings.seasonsWith',
          params: { length: { key: `season.settings.${s.seasonLength}` }, channel: { channel: s.seasonChannel } },
        }
      : { key: 'season.settings.seasonsNoChannel', params: { length: { key: `season.settings.${s.seasonLength}` } } };
  return lines(locale, [
    ...(head ? [head] : []),
    { key: 'settings.summaryClock', params: { clock } },
    { key: 'settings.summaryExpert', params: { expert } },
    { key: 'settings.summaryLanguage', params: { language } },
    { key: 'settings.summaryChannels', params: { channels } },
    { key: 'season.settings.summaryRole', params: { who } },
    { key: 'season.settings.summarySeasons', params: { seasons } },
    {
      key: 'puzzle.summaryChannel',
      params: { channel: s.puzzleChannel ? { channel: s.puzzleChannel } : { key: 'puzzle.summaryNone' } },
    },
    {
      key: 'takeback.settings.summary',
      params: { takebacks: { key: s.takebacks ? 'takeback.settings.summaryOn' : 'takeback.settings.summaryOff' } },
    },
  ]);
}
