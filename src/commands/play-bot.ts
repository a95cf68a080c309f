// /play-bot: a game against the built-in AI in a thread. Unrated: the AI has
// no rating, so these games never touch the leaderboards.
import { ChatInputCommandInteraction, InteractionContextType, MessageFlags, SlashCommandBuilder } from 'discord.js';
import type { Command } from '../bot/command.js';
import type { BotContext } from '../bot/context.js';
import { UserError } from '../bot/errors.js';
import { startMatch } from '../bot/match.js';
import { gameTitle, md, setupText, threadName } from '../bot/messages.js';
import { stringOption } from '../bot/options.js';
import { sentence } from '../bot/reply.js';
import type { AiLevel, PlayerRef } from '../store/types.js';
import { displayName, firstOption, gameOption, layoutOption, tilesOption, orderPlayers, precheckChannel, readGameOptions } from './shared.js';

const LEVELS = ['easy', 'medium', 'hard'] as const;

export const data = new SlashCommandBuilder()
  .setName('play-bot')
  .setDescription('Play Exxit or Orion Duel against the built-in AI (unrated)')
  .setContexts(InteractionContextType.Guild)
  .addStringOption(gameOption)
  .addStringOption((o) =>
    o.setName('level').setDescription('How strong the AI plays').setRequired(true).addChoices(...LEVELS.map((l) => ({ name: l, value: l }))),
  )
  .addStringOption(firstOption)
  .addIntegerOption(tilesOption)
  .addStringOption(layoutOption);

export async function execute(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void> {
  const opts = readGameOptions(i);
  const level: AiLevel = stringOption(i.options, 'level', { required: true, choices: LEVELS });
  await precheckChannel(ctx, i);
  const human: PlayerRef = { id: i.user.id, name: displayName(i) };
  const ai: PlayerRef = { id: `ai:${level}`, name: `hexmate AI (${level})`, bot: level };
  const players = orderPlayers(opts.first, human, ai);
  const title = `**${gameTitle(opts.game)}** · ${md(players[0].name)} vs ${md(players[1].name)} · ${setupText(opts.game, opts.setup)} · unrated`;
  await i.reply({ content: title, allowedMentions: { users: [] } });
  const card = await i.fetchReply();
  try {
    await startMatch(
      ctx,
      { game: opts.game, setup: opts.setup, players, rated: false, guildId: i.guildId, channelId: i.channelId, messageId: card.id },
      threadName(opts.game, players),
    );
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    await i.editReply({ content: `${title}\nCould not start: ${e.message}` }).catch(() => undefined);
    await i.followUp({ content: sentence(e.message), flags: MessageFlags.Ephemeral });
  }
}

export const command: Command = { data, execute };
