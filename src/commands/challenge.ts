// /challenge: the challenge card with Accept / Decline / Cancel. The card's
// buttons carry the challenge id; every transition is an atomic status change
// in the store (two accepts: one game). In reply mode (a group DM, a server
// that has not added the bot) the game stays in the channel and Accept shows
// the starting board as a follow-up of the click.
import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import {
  acceptChallenge,
  cancelChallenge,
  createChallenge,
  declineChallenge,
  recordCard,
  refuse,
  type CardChange,
} from '../match/index.js';
import type { Command, ComponentHandler, Reply } from './kit/command.js';
import { everywhere } from './kit/contexts.js';
import { mayRedraw } from './kit/custom-id.js';
import {
  addSetupOptions,
  CLOCK_CHOICES,
  clockOption,
  firstOption,
  gameOption,
  readGameOptions,
} from './kit/game-options.js';
import { described } from './kit/localize.js';
import { boolOption, intOption, userOption } from './kit/options.js';
import { interactionRef } from './kit/interaction-ref.js';
import { displayName, playerOf, threadable } from './kit/people.js';
import { canPostHere } from './kit/place.js';
import { challengeCard } from './kit/posts.js';
import { serverLocale } from './kit/locale.js';
import { localeOf } from '../i18n/catalogue.js';

const base = everywhere(described(new SlashCommandBuilder().setName('challenge'), 'cmd.challenge.description'))
  .addStringOption((o) => gameOption(o))
  .addUserOption((o) => described(o.setName('opponent'), 'cmd.challenge.opponent'))
  .addBooleanOption((o) => described(o.setName('rated'), 'cmd.challenge.rated'));

export const data = addSetupOptions(base).addStringOption(firstOption).addIntegerOption(clockOption);

export const command: Command = {
  data,
  startsGame: true,
  async execute(ctx, i) {
    const opts = readGameOptions(i);
    const opponent = userOption(i.options, 'opponent');
    const rated = boolOption(i.options, 'rated') ?? false;
    const clockHours = intOption(i.options, 'clock', CLOCK_CHOICES);
    if (opponent?.bot) refuse('challenge.botOpponent');
    // Nobody else can see the DM with the bot.
    if (i.context === InteractionContextType.BotDM) refuse('challenge.botDm');
    const challenge = await createChallenge(ctx, {
      game: opts.game,
      setup: opts.setup,
      options: opts.options,
      challenger: playerOf(i),
      opponent: opponent
        ? { id: opponent.id, name: displayName({ user: opponent, member: i.options.getMember('opponent') }) }
        : null,
      rated,
      guildId: i.guildId,
      channelId: i.channelId,
      threadable: threadable(i),
      first: opts.first,
      clockHours,
      locale: await serverLocale(ctx, i),
      postable: canPostHere(i),
    });
    return {
      kind: 'message',
      ephemeral: false,
      build: () => challengeCard({ challenge }),
      async after(sent) {
        if (sent.messageId) await recordCard(ctx, challenge.id, sent.messageId);
      },
    };
  },
};

const cardReply = (change: CardChange): Reply => ({
  kind: 'update',
  locale: localeOf(change.challenge.locale),
  build: () => challengeCard({ challenge: change.challenge, note: change.note }),
  tell: change.tell,
  // Reply mode: the starting board follows the redrawn card.
  after: change.post ? (sent) => sent.announce(change.post!) : undefined,
});

/** Accept / Decline / Cancel on a card. */
export const challengeButtons: ComponentHandler<'challenge'> = {
  kind: 'challenge',
  ack: () => 'update',
  async handle(ctx, i, id) {
    // The answer redraws the card (and an accepted one starts its thread): never another message the id was forged
    // onto.
    if (!mayRedraw(i.message, id)) refuse('common.badButton');
    if (id.action === 'cancel') return cardReply(await cancelChallenge(ctx, id.challengeId, i.user.id));
    if (id.action === 'decline') return cardReply(await declineChallenge(ctx, id.challengeId, i.user.id));
    return cardReply(await acceptChallenge(ctx, id.challengeId, playerOf(i), i.message.id, interactionRef(i)));
  },
};
