// /move: plays a move in the game of this channel (product.md 3–4). The move
// is validated by the engine and written with compare-and-set before the
// reply is deferred; the board is rendered after, within Discord's 15 minutes.
import { AutocompleteInteraction, ChatInputCommandInteraction, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import type { Command } from '../bot/command.js';
import type { BotContext } from '../bot/context.js';
import { UserError } from '../bot/errors.js';
import { afterPost, announce, beforeAnswer, commitMove, loadActiveGame, settleRatings, sideOf } from '../bot/match.js';
import { moveChoices } from '../bot/moves.js';
import { stringOption } from '../bot/options.js';

export const data = new SlashCommandBuilder()
  .setName('move')
  .setDescription('Play a move in the game of this thread')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) =>
    o.setName('text').setDescription('The move, e.g. D B NW or L3 E5 N (pick from the list)').setRequired(true).setMaxLength(100).setAutocomplete(true),
  );

export async function execute(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void> {
  const text = stringOption(i.options, 'text', { required: true, max: 100 });
  const done = await beforeAnswer(ctx, i, () => commitMove(ctx, { channelId: i.channelId }, { userId: i.user.id }, text));
  const rec = done.after.status === 'active' ? done.after : await settleRatings(ctx, done.after);
  await announce(ctx, i, rec, done.lines, done.state);
  await afterPost(ctx, rec);
}

export async function autocomplete(ctx: BotContext, i: AutocompleteInteraction): Promise<void> {
  const focused = i.options.getFocused(true);
  const typed = typeof focused.value === 'string' ? focused.value.slice(0, 100) : '';
  let g;
  try {
    g = await loadActiveGame(ctx, i.channelId);
  } catch (e) {
    if (e instanceof UserError) return i.respond([]);
    throw e;
  }
  const side = sideOf(g.rec, i.user.id);
  const note = side === null ? 'spectating' : g.game.toMove(g.state) !== side ? 'not your turn' : undefined;
  const choices = moveChoices(g.game, g.state, typed, note);
  if (choices.length === 0 && typed.trim() !== '') {
    // Nothing legal matches: say so, and let the engine explain if they send it anyway.
    const shown = typed.trim().slice(0, 60);
    return i.respond([{ name: `No legal move matches "${shown}"`, value: typed.trim().slice(0, 100) }]);
  }
  await i.respond(choices);
}

export const command: Command = { data, execute, autocomplete };
