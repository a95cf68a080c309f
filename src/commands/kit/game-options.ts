// The options that choose a game and its setup, shared by /challenge,
// /play-bot and the boards: built from the engine's registry, so a new game
// brings its own options and no command changes. Checked on the way in, so
// a forged payload gets a clear refusal.
import type { ChatInputCommandInteraction, SlashCommandIntegerOption, SlashCommandStringOption } from 'discord.js';
import { allGames, type GameId, type SetupOption } from '../../engine/index.js';
import { refuse } from '../../match/refusal.js';
import { setupOf } from '../../match/challenges.js';
import type { FirstMove } from '../../model/index.js';
import { choice, described } from './localize.js';
import { intOption, stringOption } from './options.js';

export const gameIds = (): GameId[] => allGames().map((g) => g.id);

export const gameOption = (o: SlashCommandStringOption, required = true) =>
  described(o.setName('game'), 'option.game')
    .setRequired(required)
    .addChoices(...allGames().map((g) => choice(`game.${g.id}.title`, g.id)));

/** Each setup option name once, with the game that declares it (two games may not give one name two meanings). */
export function setupOptions(): { game: GameId; option: SetupOption }[] {
  const seen = new Map<string, { game: GameId; option: SetupOption }>();
  for (const g of allGames()) {
    for (const option of g.options) {
      const other = seen.get(option.name);
      if (other && other.option.type !== option.type)
        throw new Error(`setup option "${option.name}" means two things (${other.game}, ${g.id})`);
      if (!other) seen.set(option.name, { game: g.id, option });
    }
  }
  return [...seen.values()];
}

type Builder = {
  addIntegerOption(f: (o: SlashCommandIntegerOption) => SlashCommandIntegerOption): Builder;
  addStringOption(f: (o: SlashCommandStringOption) => SlashCommandStringOption): Builder;
};

/** Adds every game's setup options (Exxit `tiles`, Orion `layout`) to a command. */
export function addSetupOptions<B extends Builder>(b: B): B {
  for (const { game, option } of setupOptions()) {
    const key = `game.${game}.option.${option.name}` as const;
    const choices = option.choices.map((v) => choice(`game.${game}.option.${option.name}Choice.${String(v)}`, v));
    if (option.type === 'integer')
      b.addIntegerOption((o) =>
        described(o.setName(option.name), key).addChoices(...(choices as { name: string; value: number }[])),
      );
    else
      b.addStringOption((o) =>
        described(o.setName(option.name), key).addChoices(...(choices as { name: string; value: string }[])),
      );
  }
  return b;
}

export const FIRST_CHOICES = ['random', 'me', 'them'] as const;

export const firstOption = (o: SlashCommandStringOption) =>
  described(o.setName('first'), 'option.first').addChoices(
    ...FIRST_CHOICES.map((f) => choice(`option.firstChoice.${f}`, f)),
  );

export interface GameOptions {
  game: GameId;
  setup: string;
  options: Record<string, string | number>;
  first: FirstMove;
}

/** The game, its setup from the options it takes (others refused), and who moves first. */
export function readGameOptions(i: ChatInputCommandInteraction): GameOptions {
  const game = stringOption(i.options, 'game', { required: true, choices: gameIds() });
  const values: Record<string, string | number> = {};
  for (const { option } of setupOptions()) {
    const v =
      option.type === 'integer'
        ? intOption(i.options, option.name, option.choices as number[])
        : stringOption(i.options, option.name, { choices: option.choices as string[] });
    if (v === null) continue;
    const owner = allGames().find((g) => g.id === game)!;
    if (!owner.options.some((o) => o.name === option.name)) {
      refuse('option.notForGame', { name: { code: option.name }, game: { key: `game.${game}.title` } });
    }
    values[option.name] = v;
  }
  const firstOpt = stringOption(i.options, 'first', { choices: FIRST_CHOICES }) ?? 'random';
  const first: FirstMove = firstOpt === 'me' ? 'challenger' : firstOpt === 'them' ? 'opponent' : 'random';
  return { game, setup: setupOf(game, values), options: values, first };
}

/** Correspondence time per move, hours (product: 1 h to 3 days). */
export const CLOCK_CHOICES = [1, 6, 12, 24, 48, 72] as const;

export const clockOption = (o: SlashCommandIntegerOption) =>
  described(o.setName('clock'), 'option.clock').addChoices(
    ...CLOCK_CHOICES.map((h) => choice('option.hoursChoice', h, { hours: h })),
  );
