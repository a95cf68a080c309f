// Server settings (admins, Manage Server): the default time per move of new
// challenges, the channels where games may start, the language of public
// posts, how long the expert AI may think, and whether rated games allow takebacks. Reads that fail fall back to the
// defaults (logged): a damaged settings record must never stop play.
import type { Locale } from '../i18n/catalogue.js';
import {
  EXPERT_SECONDS_MAX,
  EXPERT_SECONDS_MIN,
  type AiLevel,
  type GuildSettings,
  type SeasonLength,
} from '../model/index.js';
import type { MatchContext } from './context.js';
import { durationMsg } from './describe.js';
import { refuse } from './refusal.js';

/** Most channels an allow-list may hold (keeps the refusal text and the record small). */
export const MAX_CHANNELS = 25;

/** The settings, or the defaults when the record cannot be read (an admin can overwrite it). */
export async function readSettings(ctx: MatchContext, guildId: string): Promise<GuildSettings> {
  try {
    return await ctx.store.settings.get(guildId);
  } catch (e) {
    ctx.log.warn({ err: e, guildId }, 'could not read the server settings; using the defaults');
    return {};
  }
}

/** The server's default time per move, else the bot's (MOVE_TIME_HOURS). */
export async function serverClockMs(ctx: MatchContext, guildId: string | null): Promise<number> {
  if (!guildId) return ctx.settings.moveTimeMs;
  return (await readSettings(ctx, guildId)).clockMs ?? ctx.settings.moveTimeMs;
}

/**
 * The gate for starting a game: where the server keeps a channel list, a game
 * may only start in a listed channel or a thread under one (`where` is the
 * channel, or the thread's parent). Game threads are never gated.
 */
export async function checkGameChannel(ctx: MatchContext, guildId: string | null, where: string): Promise<void> {
  if (!guildId) return;
  const allowed = (await readSettings(ctx, guildId)).channels;
  if (!allowed?.length || allowed.includes(where)) return;
  refuse('settings.gameChannelsOnly', { channels: { list: allowed.map((c) => ({ channel: c })) } });
}

/**
 * The expert AI thinks up to 10 s a move: it is offered where games are slow,
 * a time per move of at least an hour (correspondence's default is 24 h).
 * Games against the AI run no clock of their own (start.ts), so the server's
 * default clock (else the bot's) says what pace the server plays at.
 */
export const EXPERT_MIN_CLOCK_MS = 3_600_000;

/** The gate for a level of the AI: expert only where the clock is long. Other levels are always offered. */
export async function checkAiLevel(ctx: MatchContext, guildId: string | null, level: AiLevel): Promise<void> {
  if (level !== 'expert') return;
  const clockMs = await serverClockMs(ctx, guildId);
  if (clockMs >= EXPERT_MIN_CLOCK_MS) return;
  refuse('playBot.expertNeedsLongClock', {
    max: { key: 'common.seconds', params: { n: EXPERT_SECONDS_MAX } },
    min: durationMsg(EXPERT_MIN_CLOCK_MS),
    clock: durationMsg(clockMs),
  });
}

/** The most ms the expert AI may think per move in this server (its admins' cap, else 10 s). */
export async function expertCapMs(ctx: MatchContext, guildId: string | null): Promise<number> {
  const seconds = guildId ? (await readSettings(ctx, guildId)).expertSeconds : null;
  return (seconds ?? EXPERT_SECONDS_MAX) * 1000;
}

/** Caps the expert AI's thinking per move in this server (null: back to the most, 10 s). */
export async function setExpertSeconds(
  ctx: MatchContext,
  guildId: string,
  seconds: number | null,
): Promise<GuildSettings> {
  if (
    seconds !== null &&
    !(Number.isInteger(seconds) && seconds >= EXPERT_SECONDS_MIN && seconds <= EXPERT_SECONDS_MAX)
  )
    refuse('settings.expertRange', { min: EXPERT_SECONDS_MIN, max: EXPERT_SECONDS_MAX });
  return ctx.store.settings.update(guildId, { expertSeconds: seconds });
}

export const setClock = (ctx: MatchContext, guildId: string, hours: number | null): Promise<GuildSettings> =>
  ctx.store.settings.update(guildId, { clockMs: hours === null ? null : hours * 3_600_000 });

/** Whether rated games here allow takebacks (casual ones always do; tournament games never): match/takeback.ts. */
export const setTakebacks = (ctx: MatchContext, guildId: string, rated: boolean): Promise<GuildSettings> =>
  ctx.store.settings.update(guildId, { takebacks: rated ? true : null });

/** The daily puzzle's channel (issue 20), or none; the daily sweep looks at the servers that have one. */
export async function setPuzzleChannel(
  ctx: MatchContext,
  guildId: string,
  channelId: string | null,
): Promise<GuildSettings> {
  const s = await ctx.store.settings.update(guildId, { puzzleChannel: channelId });
  await ctx.store.puzzles.trackDaily(guildId, channelId !== null);
  return s;
}

export const setLocale = (ctx: MatchContext, guildId: string, locale: Locale | null): Promise<GuildSettings> =>
  ctx.store.settings.update(guildId, { locale });

/** Adds a channel to the list, atomically (two admins at once both land). */
export function addChannel(ctx: MatchContext, guildId: string, channelId: string): Promise<GuildSettings> {
  return ctx.store.settings.modify(guildId, (s) => {
    const current = s.channels ?? [];
    if (current.includes(channelId)) refuse('settings.channelAlreadyListed', { channel: { channel: channelId } });
    if (current.length >= MAX_CHANNELS) refuse('settings.channelListFull', { max: MAX_CHANNELS });
    return { channels: [...current, channelId] };
  });
}

export function removeChannel(ctx: MatchContext, guildId: string, channelId: string): Promise<GuildSettings> {
  return ctx.store.settings.modify(guildId, (s) => {
    const current = s.channels ?? [];
    if (!current.includes(channelId)) refuse('settings.channelNotListed', { channel: { channel: channelId } });
    const rest = current.filter((c) => c !== channelId);
    return { channels: rest.length ? rest : null };
  });
}

export const clearChannels = (ctx: MatchContext, guildId: string): Promise<GuildSettings> =>
  ctx.store.settings.update(guildId, { channels: null });

/** Who may create tournaments besides Manage Server: a role, or nobody else (null). */
export const setTournamentRole = (ctx: MatchContext, guildId: string, roleId: string | null): Promise<GuildSettings> =>
  ctx.store.settings.update(guildId, { tournamentRole: roleId });

/**
 * The server's seasons (null: none) and where their final top 10 goes; the rollover sweep visits servers with seasons.
 */
export async function setSeasons(
  ctx: MatchContext,
  guildId: string,
  length: SeasonLength | null,
  channelId: string | null,
): Promise<GuildSettings> {
  const s = await ctx.store.settings.update(guildId, {
    seasonLength: length,
    seasonChannel: length ? channelId : null,
  });
  await ctx.store.seasons.track(guildId, length !== null);
  return s;
}
