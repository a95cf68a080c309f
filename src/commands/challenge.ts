// /challenge: the challenge card with Accept / Decline / Cancel (product.md,
// "Playing a match" 1–2). The card's buttons carry the challenge id; every
// transition is an atomic status change in the store (two accepts: one wins).
import { ButtonInteraction, ChatInputCommandInteraction, InteractionContextType, MessageFlags, SlashCommandBuilder } from 'discord.js';
import type { Command } from '../bot/command.js';
import type { BotContext } from '../bot/context.js';
import type { CustomId } from '../bot/custom-id.js';
import { UserError, refuse } from '../bot/errors.js';
import { startMatch } from '../bot/match.js';
import { challengeCard, threadName } from '../bot/messages.js';
import { boolOption, intOption, userOption } from '../bot/options.js';
import { sentence } from '../bot/reply.js';
import { isCorruptRecordError, type PlayerRef, type StoredChallenge, type StoredGame } from '../store/types.js';
import { CLOCK_CHOICES, clockOption, displayName, firstOption, gameOption, layoutOption, tilesOption, orderPlayers, precheckChannel, readGameOptions } from './shared.js';

/** Anti-spam: open challenges per user. */
const MAX_OPEN_CHALLENGES = 5;

export const data = new SlashCommandBuilder()
  .setName('challenge')
  .setDescription('Challenge someone (or anyone) to a game of Exxit or Orion Duel')
  .setContexts(InteractionContextType.Guild)
  .addStringOption(gameOption)
  .addUserOption((o) => o.setName('opponent').setDescription('Who may accept (anyone when left out)'))
  .addBooleanOption((o) => o.setName('rated').setDescription('Rated game (needs an opponent)'))
  .addIntegerOption(tilesOption)
  .addStringOption(layoutOption)
  .addStringOption(firstOption)
  .addIntegerOption(clockOption);

export async function execute(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void> {
  const opts = readGameOptions(i);
  const opponent = userOption(i.options, 'opponent');
  const rated = boolOption(i.options, 'rated') ?? false;
  const clockHours = intOption(i.options, 'clock', CLOCK_CHOICES);
  if (opponent) {
    if (opponent.id === i.user.id) refuse('you cannot challenge yourself.');
    if (opponent.bot) refuse('bots cannot accept challenges. To play the AI use `/play-bot`.');
  }
  if (rated && !opponent) refuse('a rated game needs a human opponent: name one with `opponent:`.');
  await precheckChannel(ctx, i);
  const clockMs = clockHours !== null ? clockHours * 3_600_000 : await serverClockMs(ctx, i.guildId);
  if ((await ctx.store.challenges.countOpenByUser(i.user.id)) >= MAX_OPEN_CHALLENGES) {
    refuse(`you already have ${MAX_OPEN_CHALLENGES} open challenges; cancel one or wait for them to expire.`);
  }
  const challenge = await ctx.store.challenges.create(
    {
      game: opts.game,
      setup: opts.setup,
      options: opts.options,
      challengerId: i.user.id,
      challengerName: displayName(i),
      opponentId: opponent?.id ?? null,
      opponentName: opponent ? opponent.displayName || opponent.username : null,
      rated,
      guildId: i.guildId,
      channelId: i.channelId,
      firstMove: opts.first,
      clockMs,
    },
    { ttlMs: ctx.settings.challengeTtlMs },
  );
  await i.reply(challengeCard(challenge));
  try {
    const msg = await i.fetchReply();
    await ctx.store.challenges.patch(challenge.id, { messageId: msg.id });
  } catch (e) {
    // The card works without it (buttons carry the id); only the expiry sweep needs the message id.
    ctx.log.warn({ err: e, challengeId: challenge.id }, 'could not record the challenge card');
  }
}

/** The server's default time per move (admins), else MOVE_TIME_HOURS. A damaged settings record falls back to the default. */
async function serverClockMs(ctx: BotContext, guildId: string | null): Promise<number> {
  if (!guildId) return ctx.settings.moveTimeMs;
  try {
    return (await ctx.store.settings.get(guildId)).clockMs ?? ctx.settings.moveTimeMs;
  } catch (e) {
    ctx.log.warn({ err: e, guildId }, 'could not read the server settings; default clock');
    return ctx.settings.moveTimeMs;
  }
}

async function loadChallenge(ctx: BotContext, id: string): Promise<StoredChallenge> {
  try {
    const c = await ctx.store.challenges.get(id);
    if (!c) return refuse('this challenge no longer exists.');
    return c;
  } catch (e) {
    if (isCorruptRecordError(e)) refuse('this challenge record is damaged; post a new challenge.');
    throw e;
  }
}

/** Marks an expired challenge and updates its card: the click is answered by that edit plus a note. */
async function expire(ctx: BotContext, i: ButtonInteraction, c: StoredChallenge): Promise<never> {
  const r = await ctx.store.challenges.transition(c.id, 'open', 'expired');
  const rec = r.ok ? r.challenge : { ...c, status: 'expired' as const };
  await i.update(challengeCard(rec));
  await i.followUp({ content: 'This challenge expired.', flags: MessageFlags.Ephemeral });
  throw new HandledError();
}

/** Raised after the interaction was already answered, to stop the handler without a second reply. */
class HandledError extends Error {}

export async function handleChallengeButton(
  ctx: BotContext,
  i: ButtonInteraction,
  id: Extract<CustomId, { kind: 'challenge' }>,
): Promise<void> {
  try {
    await challengeButton(ctx, i, id);
  } catch (e) {
    if (e instanceof HandledError) return;
    throw e;
  }
}

async function challengeButton(ctx: BotContext, i: ButtonInteraction, id: Extract<CustomId, { kind: 'challenge' }>): Promise<void> {
  const c = await loadChallenge(ctx, id.challengeId);
  if (c.status === 'expired') await expire(ctx, i, c);
  if (c.status !== 'open') refuse(`this challenge was ${c.status} already.`);
  const user = i.user.id;
  if (id.action === 'cancel') {
    if (user !== c.challengerId) refuse('only the challenger can cancel this challenge.');
    return closeCard(ctx, i, c, 'cancelled');
  }
  if (id.action === 'decline') {
    if (!c.opponentId || user !== c.opponentId) refuse(c.opponentId ? `this challenge is for <@${c.opponentId}>.` : 'an open challenge cannot be declined.');
    return closeCard(ctx, i, c, 'declined', `Declined by <@${user}>.`);
  }
  if (user === c.challengerId) refuse('you cannot accept your own challenge.');
  if (c.opponentId && user !== c.opponentId) refuse(`this challenge is for <@${c.opponentId}>.`);
  const name = displayName(i);
  const taken = await ctx.store.challenges.take(c.id, { id: user, name });
  if (!taken.ok) {
    if (taken.reason === 'expired') await expire(ctx, i, taken.challenge);
    if (taken.reason === 'not-found') refuse('this challenge no longer exists.');
    refuse(`this challenge was ${taken.reason === 'conflict' ? taken.challenge.status : 'taken'} already.`);
  }
  const accepted = taken.challenge;
  await i.update(challengeCard(accepted, `Accepted by <@${user}>. Good game!`));
  try {
    await startAccepted(ctx, c, { id: user, name }, c.messageId ?? i.message.id);
  } catch (e) {
    // No game came of it: close the challenge and say so on the card (a new one can be posted).
    const why = e instanceof UserError ? e.message : 'something went wrong on my side.';
    await ctx.store.challenges.transition(c.id, 'accepted', 'cancelled').catch(() => undefined);
    await i.editReply(challengeCard({ ...accepted, status: 'cancelled' }, `Could not start: ${why}`)).catch(() => undefined);
    if (!(e instanceof UserError)) throw e; // logged by the router, which tells the user
    await i.followUp({ content: sentence(e.message), flags: MessageFlags.Ephemeral });
  }
}

/** Starts the game of an accepted challenge (players ordered by its first-move option) and records it. */
export async function startAccepted(ctx: BotContext, c: StoredChallenge, accepter: PlayerRef, messageId: string | null): Promise<StoredGame> {
  const challenger: PlayerRef = { id: c.challengerId, name: c.challengerName };
  const players = orderPlayers<PlayerRef>(c.firstMove ?? 'random', challenger, accepter);
  const rematchOf = typeof c.options.rematchOf === 'string' ? c.options.rematchOf : null;
  const game = await startMatch(
    ctx,
    { game: c.game, setup: c.setup, players, rated: c.rated, guildId: c.guildId, channelId: c.channelId, messageId, challengeId: c.id, rematchOf, clockMs: c.clockMs ?? ctx.settings.moveTimeMs },
    threadName(c.game, players),
  );
  await ctx.store.challenges.patch(c.id, { gameId: game.id });
  return game;
}

async function closeCard(ctx: BotContext, i: ButtonInteraction, c: StoredChallenge, to: 'cancelled' | 'declined', note?: string): Promise<void> {
  const r = await ctx.store.challenges.transition(c.id, 'open', to);
  if (!r.ok) {
    if (r.reason === 'expired') await expire(ctx, i, r.challenge);
    refuse(r.reason === 'not-found' ? 'this challenge no longer exists.' : `this challenge was ${r.challenge.status} already.`);
  }
  await i.update(challengeCard(r.challenge, note));
}

export const command: Command = { data, execute };
