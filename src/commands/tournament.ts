// /tournament create | standings; the card's buttons (Join, Leave, Start,
// Cancel) are buttons/tournament.ts. Creating needs Manage Server or the role
// an admin names in /settings tournaments. The event itself runs in
// src/match/tournament-*.ts.
import {
  GuildMemberRoleManager,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
  type Interaction,
} from 'discord.js';
import { localeOf } from '../i18n/catalogue.js';
import {
  checkGameChannel,
  createTournament,
  durationMsg,
  eventTitle,
  findTournament,
  MAX_SWISS_ROUNDS,
  readSettings,
  recordTournamentCard,
  refuse,
} from '../match/index.js';
import { TOURNAMENT_FORMATS } from '../model/index.js';
import { MAX_CHOICES, clipChoice } from './kit/autocomplete.js';
import type { Command, CommandContext, Reply } from './kit/command.js';
import { guildOnly } from './kit/contexts.js';
import { addSetupOptions, CLOCK_CHOICES, clockOption, gameOption, readGameOptions } from './kit/game-options.js';
import { choice, described } from './kit/localize.js';
import { serverLocale } from './kit/locale.js';
import { boolOption, intOption, stringOption } from './kit/options.js';
import { gateChannel, isAdmin, playerOf, threadable } from './kit/people.js';
import { t, text } from './kit/text.js';
import { standingsPayload, tournamentCard } from './kit/tournament-posts.js';
import { readWhen, WHEN_SUGGESTIONS, type When } from './kit/when.js';

const ROUND_CHOICES = Array.from({ length: MAX_SWISS_ROUNDS }, (_, k) => k + 1);
/** How long a round may last, hours (1 h to 14 days). */
export const ROUND_HOURS_CHOICES = [1, 2, 6, 12, 24, 48, 72, 168, 336] as const;
const MAX_NAME = 60;

export const data = guildOnly(described(new SlashCommandBuilder().setName('tournament'), 'tournament.cmd.description'))
  .addSubcommand((s) =>
    addSetupOptions(
      described(s.setName('create'), 'tournament.cmd.create')
        .addStringOption((o) => gameOption(o))
        .addStringOption((o) =>
          described(o.setName('format'), 'tournament.cmd.format')
            .setRequired(true)
            .addChoices(...TOURNAMENT_FORMATS.map((f) => choice(`tournament.cmd.formatChoice.${f}`, f))),
        )
        .addStringOption((o) => described(o.setName('name'), 'tournament.cmd.name').setMaxLength(MAX_NAME))
        .addIntegerOption((o) =>
          described(o.setName('rounds'), 'tournament.cmd.rounds').setMinValue(1).setMaxValue(MAX_SWISS_ROUNDS),
        )
        .addIntegerOption(clockOption)
        .addIntegerOption((o) =>
          described(o.setName('round-hours'), 'tournament.cmd.roundHours').addChoices(
            ...ROUND_HOURS_CHOICES.map((h) => choice('option.hoursChoice', h, { hours: h })),
          ),
        )
        .addBooleanOption((o) => described(o.setName('rated'), 'tournament.cmd.rated'))
        .addStringOption((o) =>
          described(o.setName('starts'), 'tournament.cmd.starts').setMaxLength(40).setAutocomplete(true),
        ),
    ),
  )
  .addSubcommand((s) =>
    described(s.setName('standings'), 'tournament.cmd.standings').addStringOption((o) =>
      described(o.setName('id'), 'tournament.cmd.id').setMaxLength(40).setAutocomplete(true),
    ),
  );

/** Whether a member has a role, from either shape Discord sends (a cached member, or the raw ids). */
function hasRole(i: Interaction, roleId: string): boolean {
  const roles = i.member?.roles;
  if (roles instanceof GuildMemberRoleManager) return roles.cache.has(roleId);
  return Array.isArray(roles) && roles.includes(roleId);
}

async function mayOrganise(ctx: CommandContext, i: ChatInputCommandInteraction, guildId: string): Promise<void> {
  if (isAdmin(i)) return;
  const role = (await readSettings(ctx, guildId)).tournamentRole;
  if (!role || !hasRole(i, role)) refuse('tournament.notAllowed');
}

async function create(ctx: CommandContext, i: ChatInputCommandInteraction, guildId: string): Promise<Reply> {
  await mayOrganise(ctx, i, guildId);
  await checkGameChannel(ctx, guildId, gateChannel(i) ?? i.channelId);
  const opts = readGameOptions(i);
  const format = stringOption(i.options, 'format', { required: true, choices: TOURNAMENT_FORMATS });
  const typed = stringOption(i.options, 'starts', { max: 40 });
  const startsAt = typed === null ? null : (readWhen(typed, ctx.now())?.at ?? null);
  if (typed !== null && startsAt === null) refuse('tournament.startsUnreadable', { typed: { code: typed } });
  const name = stringOption(i.options, 'name', { max: MAX_NAME });
  const tr = await createTournament(ctx, {
    name: name?.trim() || null,
    guildId,
    channelId: i.channelId,
    // Each pairing needs its own thread: a channel where the bot may not open them cannot hold an event.
    threadable: threadable(i) && (i.appPermissions?.has(PermissionFlagsBits.CreatePublicThreads) ?? true),
    organiser: playerOf(i),
    game: opts.game,
    setup: opts.setup,
    format,
    rounds: intOption(i.options, 'rounds', ROUND_CHOICES),
    clockHours: intOption(i.options, 'clock', CLOCK_CHOICES),
    roundHours: intOption(i.options, 'round-hours', ROUND_HOURS_CHOICES),
    rated: boolOption(i.options, 'rated') ?? false,
    startsAt,
    locale: await serverLocale(ctx, i),
  });
  return {
    kind: 'message',
    ephemeral: false,
    locale: localeOf(tr.locale),
    build: (locale) => tournamentCard(tr, locale),
    async after(sent) {
      if (sent.messageId) await recordTournamentCard(ctx, tr.id, sent.messageId);
    },
  };
}

export const command: Command = {
  data,
  async execute(ctx, i) {
    const guildId = i.guildId;
    if (!guildId) return refuse('common.serverOnly');
    const sub = i.options.getSubcommand(false);
    if (sub === 'create') return create(ctx, i, guildId);
    if (sub === 'standings') {
      const tr = await findTournament(ctx, guildId, i.channelId, stringOption(i.options, 'id', { max: 40 }));
      return { kind: 'message', ephemeral: false, build: (locale) => standingsPayload(locale, tr) };
    }
    return refuse('common.unknownCommand');
  },
  async autocomplete(ctx, i) {
    const focused = i.options.getFocused(true);
    const locale = localeOf(i.locale);
    if (focused.name === 'starts') {
      const now = ctx.now();
      const typed = String(focused.value).trim().slice(0, 40);
      // What a value means, in the reader's words: "in 2 h (2h)", "at 2026-12-05 18:00 UTC (…)".
      const offer = (code: string, w: When) => ({
        name: clipChoice(
          w.kind === 'time'
            ? t(
                locale,
                'tournament.cmd.startsAt',
                { when: `${new Date(w.at).toISOString().slice(0, 16).replace('T', ' ')} UTC`, code: { code } },
                { mode: 'plain' },
              )
            : t(
                locale,
                'tournament.cmd.startsIn',
                { when: durationMsg(w.at - now), code: { code } },
                { mode: 'plain' },
              ),
        ),
        value: code,
      });
      const read = typed ? readWhen(typed, now) : null;
      const out = read ? [offer(typed, read)] : [];
      for (const s of WHEN_SUGGESTIONS) {
        if (s === typed || (read && !s.startsWith(typed.toLowerCase()))) continue;
        out.push(offer(s, readWhen(s, now)!));
      }
      return out.slice(0, MAX_CHOICES);
    }
    if (focused.name === 'id' && i.guildId) {
      const typed = String(focused.value).toLowerCase();
      const list = await ctx.store.tournaments.listByGuild(i.guildId, 25);
      return list
        .map((tr) => ({
          name: clipChoice(`${text(locale, eventTitle(tr), { mode: 'plain' })} · ${tr.id}`),
          value: tr.id,
        }))
        .filter((c) => !typed || c.name.toLowerCase().includes(typed))
        .slice(0, MAX_CHOICES);
    }
    return [];
  },
};
