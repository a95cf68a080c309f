// /board: reposts the position of this channel's game (or its final
// position), with the game id for /replay. A repost pings nobody and offers
// no buttons: those belong to the original posts. It also asks the AI again
// when its turn was lost (a restart, a failed search).
import { SlashCommandBuilder } from 'discord.js';
import { gameLocale, loadChannelGame, scheduleAi } from '../match/index.js';
import type { Command } from './kit/command.js';
import { everywhere } from './kit/contexts.js';
import { described } from './kit/localize.js';
import { gamePayload } from './kit/posts.js';

export const data = everywhere(described(new SlashCommandBuilder().setName('board'), 'cmd.board.description'));

export const command: Command = {
  data,
  async execute(ctx, i) {
    const g = await loadChannelGame(ctx, i.channelId);
    return {
      kind: 'message',
      ephemeral: false,
      locale: gameLocale(g.rec),
      async build() {
        const post = await gamePayload(ctx, { kind: 'game', game: g.rec, state: g.state, lines: [{ key: 'board.repost', params: { moves: g.rec.moves.length, id: { code: g.rec.id } } }] });
        return { ...post, components: [], allowedMentions: { users: [] } };
      },
      after: (sent) => {
        // In reply mode the AI's move follows this answer.
        scheduleAi(ctx, g.rec, sent.via);
        return Promise.resolve();
      },
    };
  },
};
