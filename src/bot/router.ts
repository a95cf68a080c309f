// The one place interactions are dispatched: chat commands, autocomplete and
// buttons. Each interaction id is handled at most once (store claim, across
// processes); refusals become one ephemeral reply; anything unexpected is
// logged and answered with a generic error — the process never crashes here.
import type { Interaction } from 'discord.js';
import { commandsByName } from '../commands/index.js';
import { handleChallengeButton } from '../commands/challenge.js';
import { handleDrawButton } from '../commands/draw.js';
import { handleGamesPage } from '../commands/games.js';
import { handleRematchButton } from '../commands/rematch.js';
import { checkGameChannel } from '../commands/settings.js';
import type { BotContext } from './context.js';
import { parseCustomId } from './custom-id.js';
import { UserError } from './errors.js';
import { sentence, tellUser } from './reply.js';

const GENERIC = 'Something went wrong on my side. Use `/board` to see the current position, then try again.';

export async function handleInteraction(ctx: BotContext, i: Interaction): Promise<void> {
  try {
    if (!(await ctx.store.interactions.claim(i.id))) {
      ctx.log.debug({ interactionId: i.id }, 'duplicate interaction ignored');
      return;
    }
    if (!i.inGuild()) {
      if (i.isRepliable()) await tellUser(i, 'hexmate is played in servers: use it in a server channel.');
      else if (i.isAutocomplete()) await i.respond([]);
      return;
    }
    if (i.isAutocomplete()) {
      const cmd = commandsByName.get(i.commandName);
      await (cmd?.autocomplete ? cmd.autocomplete(ctx, i) : i.respond([]));
      return;
    }
    if (i.isChatInputCommand()) {
      const cmd = commandsByName.get(i.commandName);
      if (!cmd) throw new UserError('I do not know this command (the command list may be out of date).');
      // Servers may limit where new games start (/settings channels); game threads are never blocked.
      await checkGameChannel(ctx, i);
      await cmd.execute(ctx, i);
      return;
    }
    if (i.isButton()) {
      const parsed = parseCustomId(i.customId);
      if (!parsed.ok) throw new UserError(parsed.reason);
      const id = parsed.value;
      if (id.kind === 'challenge') await handleChallengeButton(ctx, i, id);
      else if (id.kind === 'list') await handleGamesPage(ctx, i, id.page);
      else if (id.action === 'rematch') await handleRematchButton(ctx, i, id);
      else await handleDrawButton(ctx, i, id);
      return;
    }
    if (i.isRepliable()) await tellUser(i, 'This kind of interaction is not supported.');
  } catch (e) {
    await answerError(ctx, i, e);
  }
}

async function answerError(ctx: BotContext, i: Interaction, e: unknown): Promise<void> {
  const user = e instanceof UserError;
  if (!user) ctx.log.error({ err: e, interactionId: i.id, type: i.type }, 'interaction failed');
  try {
    if (i.isAutocomplete()) {
      if (!i.responded) await i.respond([]);
    } else if (i.isRepliable()) {
      await tellUser(i, user ? sentence((e as Error).message) : GENERIC);
    }
  } catch (e2) {
    ctx.log.warn({ err: e2, interactionId: i.id }, 'could not send the error reply');
  }
}
