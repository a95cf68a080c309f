// The Rematch button on a final message: colours swapped (src/match/challenges.ts).
import type { ComponentHandler } from './kit/command.js';
import { rematch } from '../match/index.js';
import { t } from './kit/text.js';

export const rematchButton: ComponentHandler<'game'> = {
  kind: 'game',
  ack: () => 'ephemeral',
  async handle(ctx, i, id) {
    const r = await rematch(ctx, id.gameId, id.version, i.user.id);
    return {
      kind: 'message',
      ephemeral: true,
      build: (locale) =>
        r.kind === 'started'
          ? { content: t(locale, 'rematch.started', { channel: { channel: r.game.channelId } }), allowedMentions: { parse: [] } }
          : { content: t(locale, 'rematch.offered', { name: { name: r.to.name }, channel: { channel: r.where } }), allowedMentions: { parse: [] } },
    };
  },
};
