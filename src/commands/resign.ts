// /resign: the opponent wins (rated games update ratings).
import { ChatInputCommandInteraction, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import type { Command } from '../bot/command.js';
import type { BotContext } from '../bot/context.js';
import { afterPost, announce, beforeAnswer, endGame, loadActiveGame, requirePlayer, settleRatings } from '../bot/match.js';
import { md, sideName } from '../bot/messages.js';

export const data = new SlashCommandBuilder()
  .setName('resign')
  .setDescription('Resign the game in this thread')
  .setContexts(InteractionContextType.Guild);

export async function execute(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void> {
  const { g, side, over } = await beforeAnswer(ctx, i, async () => {
    const g = await loadActiveGame(ctx, i.channelId, i.user.id);
    const side = requirePlayer(g, i.user.id);
    const over = await endGame(ctx, g, 'over', { winner: side === 0 ? 1 : 0, draw: false, reason: 'resign' });
    return { g, side, over };
  });
  const rec = await settleRatings(ctx, over);
  await announce(ctx, i, rec, [`${md(g.rec.players[side].name)} (${sideName(rec, side)}) resigns.`]);
  await afterPost(ctx, rec);
}

export const command: Command = { data, execute };
