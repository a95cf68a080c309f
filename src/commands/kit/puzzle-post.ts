// The puzzle's posts (issue 20): a puzzle given to one player (/puzzle, the daily post's Solve), and a server's daily
// puzzle (public, with its Solve button and the previous day's answer).
import {
  AttachmentBuilder,
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import { getGame, type GameId } from '../../engine/index.js';
import type { Locale } from '../../i18n/catalogue.js';
import type { Msg } from '../../i18n/msg.js';
import { sideMsg, titleMsg, type DailyPuzzlePost, type OpenPuzzle } from '../../match/index.js';
import type { CommandContext } from './command.js';
import { encodeCustomId } from './custom-id.js';
import type { MessagePayload } from './posts.js';
import { clipText, lines, t } from './text.js';

/** An example of the notation: the puzzle's first legal move that is not its solution (no hint). */
function example(open: OpenPuzzle): string {
  const g = getGame(open.puzzle.game);
  const text = g.legalMoves(open.state).map((m) => g.formatMove(open.state, m, 'canonical'));
  return text.find((m) => m !== open.puzzle.solution) ?? text[0] ?? '';
}

/** A puzzle given: its position (no names: a puzzle keeps none), who is to move, the ratings. */
export async function puzzlePayload(
  ctx: CommandContext,
  locale: Locale,
  open: OpenPuzzle,
  mine: number,
  head: Msg[] = [],
): Promise<MessagePayload> {
  const game: GameId = open.puzzle.game;
  const png = await ctx.render(game, open.state, { locale });
  const side = sideMsg(game, open.side);
  return {
    content: lines(locale, [
      ...head,
      { key: 'puzzle.title', params: { game: titleMsg(game) } },
      { key: 'puzzle.prompt', params: { side, example: example(open) } },
      { key: 'puzzle.info', params: { rating: open.puzzle.rating, mine } },
    ]),
    files: [
      new AttachmentBuilder(png, {
        name: `puzzle-${open.puzzle.id}.png`,
        description: clipText(t(locale, 'puzzle.alt', { game: titleMsg(game), side }, { mode: 'plain' }), 1024),
      }),
    ],
    allowedMentions: { parse: [] },
  };
}

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
