// /draw: offers a draw (or accepts the opponent's); the opponent answers with
// the buttons (buttons/game.ts), whose custom id carries the game's version:
// any move since makes the offer lapse and the buttons stale.
import { SlashCommandBuilder } from 'discord.js';
import { gameLocale, offerDraw, playerParam } from '../match/index.js';
import type { Command } from './kit/command.js';
import { everywhere } from './kit/contexts.js';
import { described } from './kit/localize.js';
import { liveInteractionRef } from './kit/interaction-ref.js';
import { drawRow } from './kit/posts.js';
import { t } from './kit/text.js';

export const command: Command = {
  data: everywhere(described(new SlashCommandBuilder().setName('draw'), 'cmd.draw.description')),
  async execute(ctx, i) {
    const done = await offerDraw(ctx, i.channelId, i.user.id, liveInteractionRef(i));
    if (done.kind === 'agreed') return { kind: 'game', announcement: done.announcement };
    const rec = done.game;
    const to = rec.players[1 - done.by];
    return {
      kind: 'message',
      ephemeral: false,
      locale: gameLocale(rec),
      build: (locale) => {
        return {
          content: t(locale, 'draw.offer', { to: playerParam(to), by: playerParam(rec.players[done.by]) }),
          components: [drawRow(locale, rec)],
          allowedMentions: { users: [to.id] },
        };
      },
    };
  },
};
