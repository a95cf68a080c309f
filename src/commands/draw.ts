// /draw: offers a draw; the opponent answers with the buttons (custom id with
// the game's version: any move since makes the offer lapse and the buttons stale).
import { ButtonInteraction, ChatInputCommandInteraction, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import type { Command } from '../bot/command.js';
import type { BotContext } from '../bot/context.js';
import type { CustomId } from '../bot/custom-id.js';
import { refuse } from '../bot/errors.js';
import { afterPost, announce, beforeAnswer, endGame, gamePost, loadActiveGame, loadGameById, requirePlayer, sendToChannel, settleRatings, type LoadedGame } from '../bot/match.js';
import { drawRow, playerTag } from '../bot/messages.js';
import type { StoredGame } from '../store/types.js';

export const data = new SlashCommandBuilder()
  .setName('draw')
  .setDescription('Offer a draw (or accept the one offered to you)')
  .setContexts(InteractionContextType.Guild);

async function agree(ctx: BotContext, g: LoadedGame): Promise<StoredGame> {
  const over = await endGame(ctx, g, 'over', { winner: null, draw: true, reason: 'draw-agreed' });
  return settleRatings(ctx, over);
}

export async function execute(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void> {
  const done = await beforeAnswer(ctx, i, async () => {
    const g = await loadActiveGame(ctx, i.channelId, i.user.id);
    const side = requirePlayer(g, i.user.id);
    const other = g.rec.players[side === 0 ? 1 : 0];
    if (other.bot) refuse('the AI does not take draw offers. You can `/resign`, or `/abort` before each side has moved.');
    if (g.rec.drawOffer === side) refuse('you have offered a draw already; it stands until the next move.');
    // The opponent offered first: /draw accepts it.
    if (g.rec.drawOffer !== null && g.rec.drawOffer !== undefined) return { kind: 'agreed' as const, agreed: await agree(ctx, g) };
    const res = await ctx.store.games.update(g.rec.id, g.rec.version, { drawOffer: side });
    if (!res.ok) refuse('the position changed just now; try again.');
    return { kind: 'offered' as const, offered: res.game, by: g.rec.players[side], to: other };
  });
  if (done.kind === 'agreed') {
    await announce(ctx, i, done.agreed, ['Draw agreed.']);
    await afterPost(ctx, done.agreed);
    return;
  }
  const payload = {
    content: `${playerTag(done.to)}, ${playerTag(done.by)} offers a draw. The offer lapses with the next move.`,
    components: [drawRow(done.offered)],
    allowedMentions: { users: [done.to.id] },
  };
  await (i.deferred ? i.editReply(payload) : i.reply(payload));
}

export async function handleDrawButton(ctx: BotContext, i: ButtonInteraction, id: Extract<CustomId, { kind: 'game' }>): Promise<void> {
  const g = await loadGameById(ctx, id.gameId);
  if (g.rec.status !== 'active') refuse('this game is over.');
  if (g.rec.version !== id.version || g.rec.drawOffer === null || g.rec.drawOffer === undefined) {
    refuse('this draw offer is no longer valid: the game has moved on.');
  }
  const side = requirePlayer(g, i.user.id);
  if (id.action === 'draw-decline') {
    const res = await ctx.store.games.update(g.rec.id, g.rec.version, { drawOffer: null });
    if (!res.ok) refuse('the position changed just now; try again.');
    const what = side === g.rec.drawOffer ? 'withdrawn' : 'declined';
    await i.update({ content: `Draw offer ${what} by <@${i.user.id}>.`, components: [], allowedMentions: { users: [] } });
    return;
  }
  if (side === g.rec.drawOffer) refuse('you cannot accept your own draw offer.');
  const rec = await agree(ctx, g);
  await i.update({ content: `Draw agreed by <@${i.user.id}>.`, components: [], allowedMentions: { users: [] } });
  await sendToChannel(ctx, rec.channelId, await gamePost(ctx, rec, ['Draw agreed.']));
  await afterPost(ctx, rec);
}

export const command: Command = { data, execute };
