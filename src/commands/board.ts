// /board: reposts the position of this channel's game (or its final position).
import { ChatInputCommandInteraction, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import type { Command } from '../bot/command.js';
import type { BotContext } from '../bot/context.js';
import { refuse } from '../bot/errors.js';
import { gamePost, hydrate, scheduleAi } from '../bot/match.js';

export const data = new SlashCommandBuilder()
  .setName('board')
  .setDescription('Show the board of the game in this thread')
  .setContexts(InteractionContextType.Guild);

export async function execute(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void> {
  const rec = (await ctx.store.games.activeByChannel(i.channelId)) ?? (await ctx.store.games.byChannel(i.channelId));
  if (!rec) refuse('there is no game in this channel. Start one with `/challenge` or `/play-bot`.');
  const g = hydrate(rec!);
  await i.deferReply();
  const post = await gamePost(ctx, g.rec, [`Move ${g.rec.moves.length}. Game \`${g.rec.id}\` (for \`/replay\`).`]);
  // A repost pings nobody and offers no buttons: those belong to the original posts.
  await i.editReply({ content: post.content, files: post.files, components: [], allowedMentions: { users: [] } });
  // If the AI's turn was lost to a restart, this picks it up again.
  scheduleAi(ctx, g.rec);
}

export const command: Command = { data, execute };
