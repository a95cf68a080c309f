// The one place interactions are dispatched: chat commands, autocomplete and
// components. Each interaction id is handled at most once (store claim,
// across processes); handlers return a Reply that answer.ts sends; refusals
// become one private reply in the reader's language; anything unexpected is
// logged and answered with a generic error — the process never crashes here.
import type { AutocompleteInteraction, Interaction, RepliableInteraction } from 'discord.js';
import { buttonOf } from '../commands/buttons/index.js';
import { commandsByName, serverCommands } from '../commands/index.js';
import type { Ack, CommandContext, Reply } from '../commands/kit/command.js';
import { parseCustomId } from '../commands/kit/custom-id.js';
import { gateChannel } from '../commands/kit/people.js';
import { owedHere, reviewsHere, serverHere } from '../commands/kit/place.js';
import { checkGameChannel } from '../match/settings.js';
import { isRefusal, refuse } from '../match/refusal.js';
import { storeUnavailable } from '../store/unavailable.js';
import { Answer } from './answer.js';
import { observeInteraction } from './metrics.js';

export async function handleInteraction(base: CommandContext, i: Interaction): Promise<void> {
  // Every line logged while handling it names the interaction (the handlers add the game); the rest is the bot's
  // context.
  const ctx: CommandContext = Object.create(base, {
    log: { value: base.log.child({ interactionId: i.id }) },
  }) as CommandContext;
  if (i.isAutocomplete()) return autocomplete(ctx, i);
  if (!i.isRepliable()) return;
  const seen = observeInteraction(ctx, i);
  const ack = ackOf(i);
  const answer = new Answer(ctx, i, ack);
  // Everything below may read Redis before answering: under the early-deferral guard.
  answer.guard();
  try {
    if (!(await ctx.store.interactions.claim(i.id))) {
      answer.cancel();
      ctx.log.debug('duplicate interaction ignored');
      return seen('duplicate');
    }
    // Where the bot cannot post (a group DM...), this answer first shows what the channel's game owes.
    answer.owed = await owedHere(ctx, i);
    await answer.send(await dispatch(ctx, i));
    seen('ok');
  } catch (e) {
    await answerError(ctx, i, answer, e);
    seen(isRefusal(e) ? 'refused' : 'error');
  }
  // Answered: a review the channel owes (reply mode) can follow it up now.
  await reviewsHere(ctx, i);
}

function ackOf(i: RepliableInteraction): Ack {
  if (i.isChatInputCommand()) return commandsByName.get(i.commandName)?.ack ?? 'public';
  if (i.isMessageComponent()) {
    const parsed = parseCustomId(i.customId);
    return parsed.ok ? buttonOf(parsed.value).ack(parsed.value) : 'ephemeral';
  }
  return 'ephemeral';
}

async function dispatch(ctx: CommandContext, i: RepliableInteraction): Promise<Reply> {
  if (i.isChatInputCommand()) {
    const cmd = commandsByName.get(i.commandName);
    if (!cmd) return refuse('common.unknownCommand');
    // Offered in servers that added the bot only (an outdated registration could bring them elsewhere).
    if (serverCommands.has(cmd.data.name) && !serverHere(i)) refuse('common.serverOnly');
    // Servers may limit where new games start (/settings channels); game threads are never blocked.
    if (cmd.startsGame) await checkGameChannel(ctx, i.guildId, gateChannel(i) ?? i.channelId);
    return cmd.execute(ctx, i);
  }
  if (i.isButton() || i.isStringSelectMenu()) {
    const parsed = parseCustomId(i.customId);
    if (!parsed.ok) return refuse(parsed.reason);
    return buttonOf(parsed.value).handle(ctx, i, parsed.value);
  }
  return refuse('common.unsupported');
}

async function autocomplete(ctx: CommandContext, i: AutocompleteInteraction): Promise<void> {
  const seen = observeInteraction(ctx, i);
  try {
    if (!(await ctx.store.interactions.claim(i.id))) return seen('duplicate');
    const cmd = commandsByName.get(i.commandName);
    const choices = cmd?.autocomplete ? await cmd.autocomplete(ctx, i) : [];
    await i.respond(choices);
    seen('ok');
  } catch (e) {
    ctx.log.error({ err: e }, 'autocomplete failed');
    // An empty list still answers the interaction; Discord shows "no options".
    if (!i.responded)
      await i.respond([]).catch((e2: unknown) => ctx.log.warn({ err: e2 }, 'could not answer the autocomplete'));
    seen('error');
  }
}

async function answerError(ctx: CommandContext, i: RepliableInteraction, answer: Answer, e: unknown): Promise<void> {
  // Redis down or silent: said plainly (nothing was done), logged as an outage, not as a bug.
  const outage = isRefusal(e) ? null : storeUnavailable(e);
  if (outage) ctx.log.warn({ err: e, type: i.type, outcome: outage }, 'game storage unavailable');
  else if (!isRefusal(e)) ctx.log.error({ err: e, type: i.type }, 'interaction failed');
  try {
    if (isRefusal(e)) await answer.tell(e.msg, e.rule);
    else await answer.tell({ key: outage ? 'common.storageUnavailable' : 'common.somethingWrong' });
  } catch (e2) {
    ctx.log.warn({ err: e2 }, 'could not send the error reply');
  }
}
