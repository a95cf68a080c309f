// /abort: ends a game before each side has moved; no result, no rating change.
import { ChatInputCommandInteraction, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import type { Command } from '../bot/command.js';
import type { BotContext } from '../bot/context.js';
import { refuse } from '../bot/errors.js';
import { afterPost, announce, beforeAnswer, endGame, loadActiveGame, requirePlayer } from '../bot/match.js';

export const data = new SlashCommandBuilder()
  .setName('abort')
  .setDescription('Abort the game in this thread (only before each side has moved)')
  .setContexts(InteractionContextType.Guild);

export async function execute(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void> {
  const rec = await beforeAnswer(ctx, i, async () => {
    const g = await loadActiveGame(ctx, i.channelId, i.user.id);
    requirePlayer(g, i.user.id);
    // Moves alternate, so once two are in the log each side has moved.
    if (g.rec.moves.length >= 2) refuse('both sides have moved: the game can no longer be aborted. You can `/resign` or offer a `/draw`.');
    return endGame(ctx, g, 'aborted', { winner: null, draw: false, reason: 'abort' });
  });
  await announce(ctx, i, rec, [`Aborted by <@${i.user.id}>.`]);
  await afterPost(ctx, rec);
}

export const command: Command = { data, execute };
