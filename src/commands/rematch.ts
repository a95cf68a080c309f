// The Rematch button on a final message: colours swapped (src/match/challenges.ts).
// In reply mode the click itself shows what comes of it: the new challenge
// card, or the starting board.
import { localeOf } from '../i18n/catalogue.js';
import type { ComponentHandler } from './kit/command.js';
import { recordCard, rematch } from '../match/index.js';
import { interactionRef } from './kit/interaction-ref.js';
import { challengeCard } from './kit/posts.js';
import { t } from './kit/text.js';

export const rematchButton: ComponentHandler<'game'> = {
  kind: 'game',
  actions: ['rematch'],
  ack: () => 'ephemeral',
  async handle(ctx, i, id) {
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
  },
};
