// /endgame: a server admin (Manage Server) ends the active game of this
// channel with no result and no rating change (product.md "Admins: end a stuck
// game"): a player who vanished, or a record the engine refuses to continue.
import { ChatInputCommandInteraction, InteractionContextType, MessageFlags, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import type { Command } from '../bot/command.js';
import type { BotContext } from '../bot/context.js';
import { UserError, refuse } from '../bot/errors.js';
import { afterPost, announce, beforeAnswer, hydrate } from '../bot/match.js';
import { isCorruptRecordError } from '../store/types.js';

export const data = new SlashCommandBuilder()
  .setName('endgame')
  .setDescription('Admins: end the game in this channel with no result (ratings unchanged)')
  .setContexts(InteractionContextType.Guild)
  // Hidden from members without Manage Server; checked again below (server overrides can widen it).
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild);

export async function execute(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void> {
  if (!i.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) refuse('only members with the Manage Server permission can end a game.');
  const rec = await beforeAnswer(ctx, i, async () => {
    let active;
    try {
      active = await ctx.store.games.activeByChannel(i.channelId);
    } catch (e) {
      // Unreadable even by the store: nothing here can safely rewrite it.
      if (isCorruptRecordError(e)) refuse('the game record of this channel cannot be read at all; the bot operators must remove it from the store.');
      throw e;
    }
    if (!active) return refuse('there is no game in progress in this channel.');
    const res = await ctx.store.games.update(active.id, active.version, {
      status: 'aborted',
      result: { winner: null, draw: false, reason: 'admin' },
      drawOffer: null,
    });
    if (!res.ok) refuse('the game changed just now; try again.');
    return res.game;
  });
  const lines = [`Ended by an admin, <@${i.user.id}>.`];
  let state: unknown;
  try {
    state = hydrate(rec).state;
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    // A record the engine refuses: say so without a board.
    await i.reply({ content: `${lines[0]} The game record was damaged; the game is closed with no result and no rating change.`, flags: MessageFlags.SuppressNotifications });
    await afterPost(ctx, rec);
    return;
  }
  await announce(ctx, i, rec, lines, state);
  await afterPost(ctx, rec);
}

export const command: Command = { data, execute };
