// The buttons of takebacks (match/takeback.ts): Takeback on a board post
// (kit/posts.ts draws it for the player who may ask from that post; its id
// carries the game's version then) and Accept / Decline on the offer (/takeback
// or Takeback posts it; their id carries the offer's version, so an older
// offer's buttons are stale).
import { answerTakeback, askTakeback, gameLocale, refuse } from '../../match/index.js';
import { defineButton, type CommandContext, type Reply } from '../kit/command.js';
import { carriedIds, gameActionFields, type GameActionId, mayRedraw } from '../kit/custom-id.js';
import { liveInteractionRef } from '../kit/interaction-ref.js';
import { t } from '../kit/text.js';
import { askedReply } from '../takeback.js';
import type { ButtonInteraction, StringSelectMenuInteraction } from 'discord.js';

type TakebackButtonId = GameActionId<'takeback', 'takeback-ask' | 'takeback-accept' | 'takeback-decline'>;
type Click = ButtonInteraction | StringSelectMenuInteraction;

export const takeback = defineButton<TakebackButtonId>({
  id: {
    ...gameActionFields('takeback', { 'takeback-ask': 'a', 'takeback-accept': 'y', 'takeback-decline': 'n' }),
    prefix: 'tb',
    // An answer redraws its offer: only the message of that very offer (not the board's Takeback, nor an older offer).
    target: (id) => (id.action === 'takeback-ask' ? `${id.gameId}:ask` : `${id.gameId}:offer:${id.version}`),
  },
  // Takeback posts the offer (or, against the AI, the board) as a new message; an answer redraws the offer.
  ack: (id) => (id.action === 'takeback-ask' ? 'public' : 'update'),
  handle: async (ctx, i, id) =>
    id.action === 'takeback-ask'
      ? askedReply(await askTakeback(ctx, { gameId: id.gameId, version: id.version }, i.user.id, liveInteractionRef(i)))
      : answer(ctx, i, id),
});

async function answer(ctx: CommandContext, i: Click, id: TakebackButtonId): Promise<Reply> {
  // The answer redraws the offer: never another message the id was forged onto, nor one without buttons (an offer
  // keeps its buttons until it is answered: one without them was answered already, or is not an offer).
  if (carriedIds(i.message).length === 0) refuse('takeback.stale');
  if (!mayRedraw(i.message, id, true)) refuse('common.badButton');
  const accept = id.action === 'takeback-accept';
  const res = await answerTakeback(ctx, id.gameId, id.version, i.user.id, accept, liveInteractionRef(i));
  const key =
    res.kind === 'accepted'
      ? 'takeback.acceptedBy'
      : res.kind === 'withdrawn'
        ? 'takeback.withdrawnBy'
        : 'takeback.declinedBy';
  const game = res.kind === 'accepted' ? res.announcement.post.game : res.game;
  return {
    kind: 'update',
    locale: gameLocale(game),
    build: (locale) => ({
      content: t(locale, key, { user: { user: i.user.id } }),
      components: [],
      allowedMentions: { users: [] },
    }),
    // Accepted: the board goes out after the redrawn offer (in reply mode, as a follow-up of this click).
    ...(res.kind === 'accepted' ? { after: (sent) => sent.announce(res.announcement) } : {}),
  };
}
