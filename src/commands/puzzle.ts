// /puzzle [game] [answer] (issue 20, docs/puzzles.md): a puzzle to solve privately, near the player's puzzle rating
// among those they have not seen; `answer:` is their one try at the puzzle they have open, answered with the solution
// drawn on the position (the review's move-comparison picture) and their puzzle rating's change. Everything private.
import { AttachmentBuilder, SlashCommandBuilder } from 'discord.js';
import { getGame, type GameId } from '../engine/index.js';
import type { Locale } from '../i18n/catalogue.js';
import {
  builderScreen,
  practiceBuilder,
  sideMsg,
  type OpenPuzzle,
  answerPractice,
  givePuzzle,
  loadPractice,
  puzzleRating,
  puzzleChangeMsg,
  ratePuzzleAnswer,
  refuse,
  titleMsg,
} from '../match/index.js';
import { waitingItem, type PlayerRatingChange } from '../model/index.js';
import type { Command, CommandContext } from './kit/command.js';
import { everywhere } from './kit/contexts.js';
import { gameIds } from './kit/game-options.js';
import { choice, described } from './kit/localize.js';
import { stringOption } from './kit/options.js';
import { serverHere } from './kit/place.js';
import type { MessagePayload } from './kit/posts.js';
import { clipText, lines, t } from './kit/text.js';
import { drawScreen } from './buttons/build.js';
import { userLocale } from './kit/locale.js';
import { practiceExtras } from './kit/practice-card.js';
import { allGames } from '../engine/index.js';

export const data = everywhere(described(new SlashCommandBuilder().setName('puzzle'), 'puzzle.cmd.description'))
  .addStringOption((o) =>
    described(o.setName('game'), 'puzzle.cmd.game').addChoices(
      ...allGames().map((g) => choice(`game.${g.id}.title`, g.id)),
    ),
  )
  .addStringOption((o) => described(o.setName('answer'), 'puzzle.cmd.answer').setMaxLength(40));

export const command: Command = {
  data,
  ack: 'ephemeral',
  async execute(ctx, i) {
    const game = stringOption(i.options, 'game', { choices: gameIds() });
    const answer = stringOption(i.options, 'answer', { max: 40 });
    if (answer !== null) {
      // The puzzle session (practice.ts): answered once, by compare-and-set; the rating follows (the kind's rules).
      const s = await loadPractice(ctx, i.user.id);
      if (!s || s.kind !== 'puzzle') return refuse('puzzle.noneOpen');
      if (!waitingItem(s)) return refuse('puzzle.answered');
      const res = await answerPractice(ctx, i.user.id, answer);
      const rated = await ratePuzzleAnswer(ctx, i.user.id, res.session.source, res.verdict.found);
      const shown: Answered = {
        game: res.item.game,
        before: res.before,
        played: res.item.answer ?? answer,
        solution: res.item.best,
        solved: res.verdict.found,
        change: rated.change,
      };
      return { kind: 'message', ephemeral: true, build: (locale) => answerPayload(ctx, locale, shown) };
    }
    const open = await givePuzzle(ctx, i.user.id, game, serverHere(i));
    const mine = await puzzleRating(ctx, open.puzzle.game, i.user.id);
    const payload = await puzzleScreen(ctx, i.user.id, userLocale(i), open, mine.rating);
    return { kind: 'message', ephemeral: true, build: () => payload };
  },
};

/** An example of the notation: the puzzle's first legal move that is not its solution (no hint). */
function example(open: OpenPuzzle): string {
  const g = getGame(open.puzzle.game);
  const text = g.legalMoves(open.state).map((m) => g.formatMove(open.state, m, 'canonical'));
  return text.find((m) => m !== open.puzzle.solution) ?? text[0] ?? '';
}

/**
 * A puzzle given (/puzzle, the daily post's Solve): the practice session's builder screen (the position, the menus,
 * Skip and Done: answered like a retry, or with /move or `answer:`), under who is to move and the ratings. A puzzle
 * keeps no names.
 */
export async function puzzleScreen(
  ctx: CommandContext,
  userId: string,
  locale: Locale,
  open: OpenPuzzle,
  mine: number,
): Promise<MessagePayload> {
  const game = open.puzzle.game;
  const s = open.session;
  const screen = await builderScreen(ctx, practiceBuilder, { gameId: s.id, at: s.version }, userId, []);
  const payload = await drawScreen(ctx, { kind: 'practiceBuild', extras: practiceExtras }, screen, locale);
  const head = lines(locale, [
    { key: 'puzzle.title', params: { game: titleMsg(game) } },
    { key: 'puzzle.prompt', params: { side: sideMsg(game, open.side), example: example(open) } },
    { key: 'puzzle.info', params: { rating: open.puzzle.rating, mine } },
    ...(open.closedRetry ? [{ key: 'puzzle.retryClosed' } as const] : []),
  ]);
  return { ...payload, content: clipText(`${head}\n${payload.content ?? ''}`), allowedMentions: { parse: [] } };
}

interface Answered {
  game: GameId;
  before: unknown;
  played: string;
  solution: string;
  solved: boolean;
  change: PlayerRatingChange;
}

/** The answer: right or not, the solution drawn on the position (with the move played when it was another). */
async function answerPayload(ctx: CommandContext, locale: Locale, res: Answered): Promise<MessagePayload> {
  const game = res.game;
  const move = { code: res.solution };
  const played = { code: res.played };
  const png = await ctx.renderMoveComparison(
    game,
    res.before,
    res.solved ? { better: res.solution } : { played: res.played, better: res.solution },
    { locale },
  );
  const alt = res.solved
    ? t(locale, 'puzzle.answerAlt', { game: titleMsg(game), move }, { mode: 'plain' })
    : t(locale, 'puzzle.answerAltMissed', { game: titleMsg(game), move, played }, { mode: 'plain' });
  return {
    content: lines(locale, [
      res.solved ? { key: 'puzzle.solved', params: { move } } : { key: 'puzzle.missed', params: { move, played } },
      puzzleChangeMsg(game, res.change),
    ]),
    files: [new AttachmentBuilder(png, { name: 'puzzle-answer.png', description: clipText(alt, 1024) })],
    allowedMentions: { parse: [] },
  };
}
