// The Rematch button on a final message: colours swapped. Against the AI the
// new game starts at once. Against a person the first click posts a challenge
// to the other player; if the other player clicks Rematch too, that challenge
// is taken and the game starts directly. The rematch challenge has a fixed id
// per game (`rm<gameId>`), so the store's atomic create and take settle two
// clicks at once: one rematch per game, never two.
// Cards go to the channel the game's thread hangs on, so the new game gets a
// thread of its own.
import { ButtonInteraction, MessageFlags } from 'discord.js';
import type { BotContext } from '../bot/context.js';
import type { CustomId } from '../bot/custom-id.js';
import { UserError, refuse } from '../bot/errors.js';
import { loadGameById, sendToChannel, sideOf, startMatch } from '../bot/match.js';
import { challengeCard, gameTitle, md, threadName } from '../bot/messages.js';
import type { PlayerRef, StoredChallenge, StoredGame } from '../store/types.js';
import { startAccepted } from './challenge.js';

const rematchId = (gameId: string): string | undefined => (/^[0-9a-z]{4,30}$/.test(gameId) ? `rm${gameId}` : undefined);

export async function handleRematchButton(ctx: BotContext, i: ButtonInteraction, id: Extract<CustomId, { kind: 'game' }>): Promise<void> {
  const g = await loadGameById(ctx, id.gameId);
  const rec = g.rec;
  if (rec.status === 'active') refuse('this game is still being played.');
  if (rec.version !== id.version) refuse('this button is out of date.');
  const side = sideOf(rec, i.user.id);
  if (side === null) refuse('only the players of this game can ask for a rematch.');
  const me = rec.players[side];
  const other = rec.players[side === 0 ? 1 : 0];
  const where = rec.parentChannelId ?? rec.channelId;
  if (other.bot) return rematchAi(ctx, i, rec, where);

  const cid = rematchId(rec.id);
  const existing = cid ? await ctx.store.challenges.get(cid) : null;
  if (existing) return answerExisting(ctx, i, existing, me);
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  let challenge: StoredChallenge;
  try {
    challenge = await ctx.store.challenges.create(
      {
        id: cid,
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
        // Same time per move as the game just played.
        clockMs: rec.clock?.perMoveMs ?? null,
      },
      { ttlMs: ctx.settings.challengeTtlMs },
    );
  } catch (e) {
    // Both players clicked at the same moment: the other's challenge won; take it.
    const now = cid ? await ctx.store.challenges.get(cid) : null;
    if (now) return answerExisting(ctx, i, now, me);
    throw e;
  }
  const card = await sendToChannel(ctx, where, challengeCard(challenge));
  await ctx.store.challenges.patch(challenge.id, { messageId: card.id });
  await i.editReply({ content: `Rematch offered to ${md(other.name)} in <#${where}>.` });
}

/** The rematch challenge exists: ours (refuse), or the other player's (take it and start). */
async function answerExisting(ctx: BotContext, i: ButtonInteraction, c: StoredChallenge, me: PlayerRef): Promise<void> {
  const closed = (): never => refuse(c.status === 'expired' ? 'this rematch offer expired.' : `this rematch was ${c.status} already.`);
  if (c.challengerId === me.id) {
    if (c.status === 'open') refuse('you have asked for this rematch already.');
    closed();
  }
  if (c.status !== 'open') closed();
  if (!i.deferred) await i.deferReply({ flags: MessageFlags.Ephemeral });
  const taken = await ctx.store.challenges.take(c.id, { id: me.id, name: me.name });
  if (!taken.ok) refuse(taken.reason === 'not-found' ? 'this rematch no longer exists.' : `this rematch was ${taken.challenge.status} already.`);
  try {
    const game = await startAccepted(ctx, taken.challenge, me, c.messageId);
    await editCard(ctx, taken.challenge, `Accepted by <@${me.id}> (both asked for a rematch). Good game!`);
    await i.editReply({ content: `Rematch started in <#${game.channelId}>.` });
  } catch (e) {
    const why = e instanceof UserError ? e.message : 'something went wrong on my side.';
    await ctx.store.challenges.transition(c.id, 'accepted', 'cancelled').catch(() => undefined);
    await editCard(ctx, { ...taken.challenge, status: 'cancelled' }, `Could not start: ${why}`);
    throw e;
  }
}

async function editCard(ctx: BotContext, c: StoredChallenge, note: string): Promise<void> {
  if (!c.messageId) return;
  try {
    const ch = await ctx.client.channels.fetch(c.channelId);
    if (ch?.isTextBased()) await ch.messages.edit(c.messageId, challengeCard(c, note));
  } catch (e) {
    ctx.log.warn({ err: e, challengeId: c.id }, 'could not edit the rematch card');
  }
}

async function rematchAi(ctx: BotContext, i: ButtonInteraction, rec: StoredGame, where: string): Promise<void> {
  // One AI rematch per game and player: a second click is refused rather than opening a second game.
  if ((await ctx.store.interactions.cooldown(`rematch:${rec.id}:${i.user.id}`, 24 * 3_600_000)) > 0) {
    refuse('you have started this rematch already.');
  }
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const swapped: [PlayerRef, PlayerRef] = [rec.players[1], rec.players[0]];
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
}
