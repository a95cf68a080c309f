// The post-game review's post (issue 20): one message in the game's language,
// within Discord's limits (at most 7 embeds and 7 files of the 10 each; an
// embed's description ≤ 4096): a summary embed with each player's accuracy
// and marked moves over the win-chance graph, then one embed per costliest
// move (three per player at most) with its picture — the position before it,
// the move played and the better one drawn. A picture that fails to render
// is left out, never the post.
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { Side } from '../../engine/index.js';
import type { Locale } from '../../i18n/catalogue.js';
import type { Msg } from '../../i18n/msg.js';
import type { ReviewMoment, ReviewPost } from '../../match/context.js';
import { matchTitle, playerParam, sideMsg, titleMsg } from '../../match/describe.js';
import { gameLocale } from '../../match/games.js';
import type { StoredGame, StoredGameReview } from '../../model/index.js';
import type { CommandContext } from './command.js';
import { encodeCustomId } from './custom-id.js';
import { clipText, lines, t, text } from './text.js';

/** The shape of posts.ts's MessagePayload (kept apart: posts.ts dispatches to this file). */
export interface ReviewPayload {
  embeds: EmbedBuilder[];
  files: AttachmentBuilder[];
  components: ActionRowBuilder<MessageActionRowComponentBuilder>[];
  allowedMentions: { users: string[] };
}

type Marked = 'inaccuracy' | 'mistake' | 'blunder';
const MARKED: ReadonlySet<string> = new Set<Marked>(['inaccuracy', 'mistake', 'blunder']);
const isMarked = (g: string | null): g is Marked => g !== null && MARKED.has(g);

/** Embed colours: the summary, then each grade's (as the graph dots them: yellow, orange, red). */
const COLOUR = { summary: 0x5865f2, inaccuracy: 0xe6c229, mistake: 0xf08a24, blunder: 0xd7263d } as const;

/** A player's line: accuracy and counts, or that nothing of theirs was graded. */
function sideLine(rec: StoredGame, review: StoredGameReview, side: Side): Msg {
  const s = review.sides[side];
  const who = { ...playerParam(rec.players[side]), side: sideMsg(rec.game, side) };
  if (s.accuracy === null || s.graded === 0) return { key: 'reviewPost.sideUngraded', params: who };
  return {
    key: 'reviewPost.side',
    params: {
      ...who,
      accuracy: Math.round(s.accuracy),
      inaccuracies: s.inaccuracies,
      mistakes: s.mistakes,
      blunders: s.blunders,
    },
  };
}

/** "Move 14: Alice played `V3 E5 N R`, better was `T3 F5 SW` (blunder, 18 points of win chance lost)". */
function momentMsg(rec: StoredGame, m: ReviewMoment): Msg {
  const p = m.ply;
  const grade: Marked = isMarked(p.grade) ? p.grade : 'inaccuracy';
  return {
    key: 'reviewPost.moment',
    params: {
      move: p.ply + 1,
      ...playerParam(rec.players[p.side]),
      played: { code: p.played },
      better: { code: p.best },
      grade: { key: `reviewPost.grade.${grade}` },
      loss: Math.round(p.loss),
    },
  };
}

const fileName = (rec: StoredGame, what: string): string => `review-${rec.id}-${what}.png`;

/** Draws one picture; a renderer failure leaves it out (logged), never the post. */
async function picture(
  ctx: CommandContext,
  rec: StoredGame,
  name: string,
  alt: string,
  draw: () => Promise<Buffer>,
): Promise<AttachmentBuilder | null> {
  try {
    return new AttachmentBuilder(await draw(), { name, description: clipText(alt, 1024) });
  } catch (e) {
    ctx.log.error({ err: e, gameId: rec.id, picture: name }, 'review picture failed');
    return null;
  }
}

/**
 * Retry your mistakes (buttons/practice.ts): one button for the post when a human player made a mistake or a
 * blunder; whoever presses it gets their own positions, privately (a player without any is told so).
 */
function retryRow(
  locale: Locale,
  rec: StoredGame,
  review: StoredGameReview,
): ActionRowBuilder<MessageActionRowComponentBuilder>[] {
  const any = review.plies.some((p) => (p.grade === 'mistake' || p.grade === 'blunder') && !rec.players[p.side].bot);
  if (!any) return [];
  const button = new ButtonBuilder()
    .setCustomId(encodeCustomId({ kind: 'retry', gameId: rec.id }))
    .setLabel(clipText(t(locale, 'retry.button', {}, { mode: 'plain' }), 80))
    .setStyle(ButtonStyle.Primary);
  return [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(button)];
}

export async function reviewPayload(ctx: CommandContext, post: ReviewPost): Promise<ReviewPayload> {
  const rec = post.game;
  const locale: Locale = gameLocale(rec);
  const players: [string, string] = [rec.players[0].name, rec.players[1].name];
  const review = post.review;
  const moments = [...post.moments[0], ...post.moments[1]];
  const marks = review.plies.flatMap((p) => (isMarked(p.grade) ? [{ ply: p.ply, side: p.side, grade: p.grade }] : []));
  const game = titleMsg(rec.game);

  const [chart, ...shots] = await Promise.all([
    picture(
      ctx,
      rec,
      fileName(rec, 'chart'),
      t(locale, 'reviewPost.chartAlt', { side: sideMsg(rec.game, 0), game }),
      () => ctx.renderWinChart(rec.game, { chances: review.chances, marks }, { locale, players, background: true }),
    ),
    ...moments.map((m) =>
      picture(
        ctx,
        rec,
        fileName(rec, `move-${m.ply.ply + 1}`),
        t(locale, 'reviewPost.momentAlt', {
          move: m.ply.ply + 1,
          game,
          played: m.ply.played,
          better: m.ply.best,
        }),
        () =>
          ctx.renderMoveComparison(
            rec.game,
            m.before,
            { played: m.ply.played, better: m.ply.best },
            { players, locale, background: true },
          ),
      ),
    ),
  ]);

  const summary: Msg[] = [sideLine(rec, review, 0), sideLine(rec, review, 1)];
  if (moments.length === 0) summary.push({ key: 'reviewPost.none' });
  if (chart) summary.push({ key: 'reviewPost.chartNote', params: { side: sideMsg(rec.game, 0) } });
  const head = new EmbedBuilder()
    .setTitle(clipText(t(locale, 'reviewPost.title', { game: matchTitle(rec.game, rec.players) }), 256))
    .setDescription(clipText(lines(locale, summary), 4096))
    .setColor(COLOUR.summary);
  if (chart) head.setImage(`attachment://${chart.name}`);
  const embeds = [head];
  moments.forEach((m, i) => {
    const e = new EmbedBuilder()
      .setDescription(clipText(text(locale, momentMsg(rec, m)), 4096))
      .setColor(COLOUR[isMarked(m.ply.grade) ? m.ply.grade : 'inaccuracy']);
    const shot = shots[i];
    if (shot) e.setImage(`attachment://${shot.name}`);
    embeds.push(e);
  });
  return {
    embeds,
    files: [chart, ...shots].filter((f): f is AttachmentBuilder => f !== null),
    components: retryRow(locale, rec, review),
    allowedMentions: { users: [] },
  };
}
