// The buttons of a game's posts: Accept draw / Decline on a draw offer (/draw
// posts it) and Rematch on a final post (kit/posts.ts draws both). The id
// carries the game's version when drawn: any change since (a move, the offer
// lapsing) makes the button stale.
import type { ButtonInteraction, StringSelectMenuInteraction } from 'discord.js';
import { localeOf } from '../../i18n/catalogue.js';
import { answerDraw, gameLocale, recordCard, refuse, rematch } from '../../match/index.js';
import { defineButton, type CommandContext, type Reply } from '../kit/command.js';
import { gameActionFields, type GameActionId, mayRedraw } from '../kit/custom-id.js';
import { interactionRef, liveInteractionRef } from '../kit/interaction-ref.js';
import { challengeCard } from '../kit/posts.js';
import { t } from '../kit/text.js';

type GameButtonId = GameActionId<'game', 'draw-accept' | 'draw-decline' | 'rematch'>;
type Click = ButtonInteraction | StringSelectMenuInteraction;

export const game = defineButton<GameButtonId>({
  id: {
    ...gameActionFields('game', { 'draw-accept': 'da', 'draw-decline': 'dd', rematch: 'rm' }),
    prefix: 'g',
    target: (id) => id.gameId,
  },
  // The answer to a draw offer redraws it; Rematch answers privately unless it posts a card or a board.
  ack: (id) => (id.action === 'rematch' ? 'ephemeral' : 'update'),
  handle: (ctx, i, id) => (id.action === 'rematch' ? rematchClick(ctx, i, id) : drawAnswer(ctx, i, id)),
});

async function drawAnswer(ctx: CommandContext, i: Click, id: GameButtonId): Promise<Reply> {
  // The answer redraws the offer: never another message the id was forged onto.
  if (!mayRedraw(i.message, id)) refuse('common.badButton');
  const res = await answerDraw(
    ctx,
    id.gameId,
    id.version,
    i.user.id,
    id.action === 'draw-accept',
    liveInteractionRef(i),
  );
  if (res.kind !== 'agreed') {
    const key = res.kind === 'withdrawn' ? 'draw.withdrawnBy' : 'draw.declinedBy';
    return {
      kind: 'update',
      locale: gameLocale(res.game),
      build: (locale) => ({
        content: t(locale, key, { user: { user: i.user.id } }),
        components: [],
        allowedMentions: { users: [] },
      }),
    };
  }
  const a = res.announcement;
  return {
    kind: 'update',
    locale: gameLocale(a.post.game),
    build: (locale) => ({
      content: t(locale, 'draw.agreedBy', { user: { user: i.user.id } }),
      components: [],
      allowedMentions: { users: [] },
    }),
    after: (sent) => sent.announce(a),
  };
}

/**
 * Rematch, colours swapped (src/match/challenges.ts). In reply mode the click itself shows what comes of it: the new
 * challenge card, or the starting board.
 */
async function rematchClick(ctx: CommandContext, i: Click, id: GameButtonId): Promise<Reply> {
  const r = await rematch(ctx, id.gameId, id.version, i.user.id, interactionRef(i));
  if (r.kind === 'started' && r.post) return { kind: 'game', announcement: r.post };
  if (r.kind === 'offered' && !r.posted) {
    const challenge = r.challenge;
    return {
      kind: 'message',
      ephemeral: false,
      locale: localeOf(challenge.locale),
      build: () => challengeCard({ challenge }),
      async after(sent) {
        if (sent.messageId) await recordCard(ctx, challenge.id, sent.messageId);
      },
    };
  }
  return {
    kind: 'message',
    ephemeral: true,
    build: (locale) =>
      r.kind === 'started'
        ? {
            content: t(locale, 'rematch.started', { channel: { channel: r.game.channelId } }),
            allowedMentions: { parse: [] },
          }
        : {
            content: t(locale, 'rematch.offered', { name: { name: r.to.name }, channel: { channel: r.where } }),
            allowedMentions: { parse: [] },
          },
  };
}
