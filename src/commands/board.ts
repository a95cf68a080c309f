// /board: reposts the position of this channel's game (or its final
// position), with the game id for /replay. A repost pings nobody and offers
// no buttons: those belong to the original posts. It also asks the AI again
// when its turn was lost (a restart, a failed search).
// /board detail:true answers privately, in the reader's language, with what
// the picture leaves out (the engine's detail notes: the score's parts,
// reserves, tiles left, how near the next point is).
import { EmbedBuilder, SlashCommandBuilder } from 'discord.js';
import type { Locale } from '../i18n/catalogue.js';
import type { Msg } from '../i18n/msg.js';
import {
  detailLines,
  gameLocale,
  loadChannelGame,
  matchTitle,
  resultSummary,
  scheduleAi,
  setupMsg,
  sideMsg,
  type LoadedGame,
} from '../match/index.js';
import type { Command, Sent } from './kit/command.js';
import { everywhere } from './kit/contexts.js';
import { described } from './kit/localize.js';
import { boolOption } from './kit/options.js';
import { gamePayload, type MessagePayload } from './kit/posts.js';
import { clipText, fitLines, t, text } from './kit/text.js';

export const data = everywhere(
  described(new SlashCommandBuilder().setName('board'), 'cmd.board.description').addBooleanOption((o) =>
    described(o.setName('detail'), 'cmd.board.detail'),
  ),
);

export const command: Command = {
  data,
  async execute(ctx, i) {
    const detail = boolOption(i.options, 'detail') ?? false;
    const g = await loadChannelGame(ctx, i.channelId);
    const after = (sent: Sent) => {
      // In reply mode the AI's move follows this answer.
      scheduleAi(ctx, g.rec, sent.interaction);
      return Promise.resolve();
    };
    if (detail) return { kind: 'message', ephemeral: true, build: (locale) => detailPayload(locale, g), after };
    return {
      kind: 'message',
      ephemeral: false,
      locale: gameLocale(g.rec),
      async build() {
        const post = await gamePayload(ctx, {
          kind: 'game',
          game: g.rec,
          state: g.state,
          lines: [{ key: 'board.repost', params: { moves: g.rec.moves.length, id: { code: g.rec.id } } }],
        });
        return { ...post, components: [], allowedMentions: { users: [] } };
      },
      after,
    };
  },
};

/**
 * The private closer look: the game, its setup, the move count and whose turn (or the result), then the game's own
 * figures.
 */
function detailPayload(locale: Locale, { rec, game, state }: LoadedGame): MessagePayload {
  const side = game.toMove(state);
  const turn: Msg =
    rec.status === 'active'
      ? { key: 'games.toMove', params: { name: { name: rec.players[side].name }, side: sideMsg(rec.game, side) } }
      : resultSummary(rec, state);
  const head = t(locale, 'board.detail.head', {
    setup: setupMsg(rec.game, rec.setup),
    moves: rec.moves.length,
    state: turn,
  });
  const body = detailLines(rec.game, state).map((m) => text(locale, m));
  const embed = new EmbedBuilder()
    .setColor(0x5865f2)
    .setTitle(
      clipText(t(locale, 'board.detail.title', { match: matchTitle(rec.game, rec.players) }, { mode: 'plain' }), 256),
    )
    .setDescription(fitLines(locale, body.length ? [head, '', ...body] : [head], 4096))
    .setFooter({ text: clipText(t(locale, 'board.detail.footer', { id: rec.id }, { mode: 'plain' }), 2048) });
  return { content: '', embeds: [embed], components: [], allowedMentions: { parse: [] } };
}
