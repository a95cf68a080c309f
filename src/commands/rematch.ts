// The Rematch button on a final message: colours swapped. Against a person it
// posts a new challenge to them; against the AI the new game starts at once.
// The card goes to the channel the game's thread hangs on, so the new game
// gets a thread of its own.
import { ButtonInteraction, MessageFlags } from 'discord.js';
import type { BotContext } from '../bot/context.js';
import type { CustomId } from '../bot/custom-id.js';
import { refuse } from '../bot/errors.js';
import { loadGameById, sendToChannel, sideOf, startMatch } from '../bot/match.js';
import { challengeCard, gameTitle, md, threadName } from '../bot/messages.js';
import type { PlayerRef } from '../store/types.js';

export async function handleRematchButton(ctx: BotContext, i: ButtonInteraction, id: Extract<CustomId, { kind: 'game' }>): Promise<void> {
  const g = await loadGameById(ctx, id.gameId);
  const rec = g.rec;
  if (rec.status === 'active') refuse('this game is still being played.');
  if (rec.version !== id.version) refuse('this button is out of date.');
  const side = sideOf(rec, i.user.id);
  if (side === null) refuse('only the players of this game can ask for a rematch.');
  const me = rec.players[side!];
  const other = rec.players[side === 0 ? 1 : 0];
  if ((await ctx.store.interactions.cooldown(`rematch:${rec.id}:${i.user.id}`, ctx.settings.challengeTtlMs)) > 0) {
    refuse('you have asked for this rematch already.');
  }
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const where = rec.parentChannelId ?? rec.channelId;
  const swapped: [PlayerRef, PlayerRef] = [rec.players[1], rec.players[0]];
  if (other.bot) {
    const card = await sendToChannel(ctx, where, {
      content: `Rematch: **${gameTitle(rec.game)}** · ${md(swapped[0].name)} vs ${md(swapped[1].name)} (colours swapped).`,
      allowedMentions: { users: [] },
    });
    const game = await startMatch(
      ctx,
      { game: rec.game, setup: rec.setup, players: swapped, rated: false, guildId: rec.guildId, channelId: where, messageId: card.id, rematchOf: rec.id },
      threadName(rec.game, swapped),
    );
    await i.editReply({ content: `Rematch started in <#${game.channelId}>.` });
    return;
  }
  const challenge = await ctx.store.challenges.create(
    {
      game: rec.game,
      setup: rec.setup,
      options: { rematchOf: rec.id },
      challengerId: me.id,
      challengerName: me.name,
      opponentId: other.id,
      opponentName: other.name,
      rated: rec.rated,
      guildId: rec.guildId,
      channelId: where,
      // Colours swapped: whoever moved second now moves first.
      firstMove: side === 0 ? 'opponent' : 'challenger',
      clockMs: null,
    },
    { ttlMs: ctx.settings.challengeTtlMs },
  );
  const card = await sendToChannel(ctx, where, challengeCard(challenge));
  await ctx.store.challenges.patch(challenge.id, { messageId: card.id });
  await i.editReply({ content: `Rematch offered to ${md(other.name)} in <#${where}>.` });
}
