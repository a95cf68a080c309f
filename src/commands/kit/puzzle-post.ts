// A server's daily puzzle post (issue 20): public, with its Solve button and the previous day's answer.
import {
  AttachmentBuilder,
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import { getGame, type GameId } from '../../engine/index.js';
import type { Msg } from '../../i18n/msg.js';
import { sideMsg, titleMsg, type DailyPuzzlePost } from '../../match/index.js';
import type { CommandContext } from './command.js';
import { encodeCustomId } from './custom-id.js';
import type { MessagePayload } from './posts.js';
import { clipText, lines, t } from './text.js';

/** A server's daily puzzle: the position, who is to move, Solve, and yesterday's answer. */
export async function dailyPuzzlePayload(ctx: CommandContext, post: DailyPuzzlePost): Promise<MessagePayload> {
  const { locale, puzzle } = post;
  const game: GameId = puzzle.game;
  const side = sideMsg(game, getGame(game).toMove(post.state));
  const png = await ctx.render(game, post.state, { locale });
  const solve = new ButtonBuilder()
    .setCustomId(encodeCustomId({ kind: 'puzzle', puzzleId: puzzle.id }))
    .setLabel(clipText(t(locale, 'puzzle.solve', {}, { mode: 'plain' }), 80))
    .setStyle(ButtonStyle.Primary);
  return {
    content: lines(locale, [
      { key: 'puzzle.dailyTitle', params: { game: titleMsg(game) } },
      { key: 'puzzle.dailyBody', params: { side } },
      ...(post.yesterday
        ? [{ key: 'puzzle.dailyYesterday', params: { move: { code: post.yesterday.solution } } } as Msg]
        : []),
    ]),
    files: [
      new AttachmentBuilder(png, {
        name: `puzzle-${puzzle.id}.png`,
        description: clipText(t(locale, 'puzzle.alt', { game: titleMsg(game), side }, { mode: 'plain' }), 1024),
      }),
    ],
    components: [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(solve)],
    allowedMentions: { parse: [] },
  };
}
