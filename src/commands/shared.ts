// Option helpers shared by /challenge and /play-bot: which game, its setup,
// who moves first. Checked here so a forged payload gets a clear refusal.
import { randomInt } from 'node:crypto';
import { ChannelType, type ChatInputCommandInteraction, type SlashCommandIntegerOption, type SlashCommandStringOption } from 'discord.js';
import { getGame, type GameId } from '../engine/index.js';
import type { BotContext } from '../bot/context.js';
import { refuse } from '../bot/errors.js';
import { intOption, stringOption } from '../bot/options.js';
import type { FirstMove } from '../store/types.js';

export const GAME_CHOICES = [
  { name: 'Exxit', value: 'exxit' },
  { name: 'Orion Duel', value: 'orion' },
] as const;
export const TILE_CHOICES = [39, 29, 19] as const;
export const LAYOUT_CHOICES = ['random', 'preset1', 'preset2', 'preset3'] as const;
export const FIRST_CHOICES = ['random', 'me', 'them'] as const;
/** Correspondence time per move, hours (product.md 6). */
export const CLOCK_CHOICES = [1, 6, 12, 24, 48, 72] as const;

// The setup options /challenge and /play-bot both take, defined once.
export const gameOption = (o: SlashCommandStringOption) => o.setName('game').setDescription('Which game').setRequired(true).addChoices(...GAME_CHOICES);
export const tilesOption = (o: SlashCommandIntegerOption) =>
  o.setName('tiles').setDescription('Exxit: tiles in the game').addChoices(...TILE_CHOICES.map((t) => ({ name: `${t}`, value: t })));
export const layoutOption = (o: SlashCommandStringOption) =>
  o
    .setName('layout')
    .setDescription('Orion Duel: token layout')
    .addChoices(...LAYOUT_CHOICES.map((l) => ({ name: l === 'random' ? 'random' : l.replace('preset', 'preset '), value: l })));
export const firstOption = (o: SlashCommandStringOption) =>
  o.setName('first').setDescription('Who moves first').addChoices(...FIRST_CHOICES.map((f) => ({ name: f, value: f })));

export const clockOption = (o: SlashCommandIntegerOption) =>
  o
    .setName('clock')
    .setDescription('Time per move in hours (default: the server setting, else 24)')
    .addChoices(...CLOCK_CHOICES.map((h) => ({ name: `${h} h`, value: h })));

const EXXIT_SETUP: Record<number, string> = { 39: 'standard', 29: 'blitz', 19: 'short' };

export interface GameOptions {
  game: GameId;
  setup: string;
  options: Record<string, string | number>;
  first: FirstMove;
}

/** game, tiles (Exxit EX-3), layout (Orion OD-10/OD-11), first. */
export function readGameOptions(i: ChatInputCommandInteraction): GameOptions {
  const game = stringOption(i.options, 'game', { required: true, choices: ['exxit', 'orion'] as const });
  const tiles = intOption(i.options, 'tiles', TILE_CHOICES);
  const layout = stringOption(i.options, 'layout', { choices: LAYOUT_CHOICES });
  const firstOpt = stringOption(i.options, 'first', { choices: FIRST_CHOICES }) ?? 'random';
  const first: FirstMove = firstOpt === 'me' ? 'challenger' : firstOpt === 'them' ? 'opponent' : 'random';
  if (game === 'exxit') {
    if (layout !== null) refuse('`layout` is an Orion Duel option; Exxit takes `tiles` (39, 29 or 19).');
    const t = tiles ?? 39;
    return { game, setup: EXXIT_SETUP[t], options: { tiles: t }, first };
  }
  if (tiles !== null) refuse('`tiles` is an Exxit option; Orion Duel takes `layout` (random or preset1–3).');
  const l = layout ?? 'random';
  // OD-10: a random layout must be reproducible from a seed stored with the game.
  const setup = l === 'random' ? `random:${randomInt(1, 2 ** 31 - 1)}` : l;
  const init = getGame('orion').initial(setup);
  if (!init.ok) refuse(`unknown layout \`${l}\` (${init.error.rule}: ${init.error.message}).`);
  return { game, setup, options: { layout: l }, first };
}

/** Index 0 moves first (EX-1 Red, OD-1 Orange). */
export function orderPlayers<T>(first: FirstMove, challenger: T, other: T): [T, T] {
  const challengerFirst = first === 'challenger' || (first === 'random' && randomInt(2) === 0);
  return challengerFirst ? [challenger, other] : [other, challenger];
}

/** Where a thread cannot be opened the game would share the channel: refuse early when one is running there. */
export async function precheckChannel(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void> {
  const type = i.channel?.type;
  const threadable = type === ChannelType.GuildText || type === ChannelType.GuildAnnouncement;
  if (threadable) return;
  if (await ctx.store.games.activeByChannel(i.channelId)) {
    refuse('a game is being played here already. Challenge from a text channel, where each game gets its own thread.');
  }
}

export const displayName = (i: { user: { displayName: string; username: string }; member?: unknown }): string => {
  const m = i.member as { displayName?: unknown; nick?: unknown } | null | undefined;
  if (m && typeof m.displayName === 'string' && m.displayName) return m.displayName;
  if (m && typeof m.nick === 'string' && m.nick) return m.nick;
  return i.user.displayName || i.user.username;
};
