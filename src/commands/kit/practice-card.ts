// The private screens of a practice session (issue 20) that are not the
// builder's own: what a position asks (its words, its picture, Skip and Done
// beside the builder's menus), an answer's verdict with the answer drawn
// (the review's move comparison: the answer and the best move) and Next /
// Done, and the summary. The buttons are encoded through the custom-id
// registry (their kind is commands/buttons/practice.ts).
import {
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  type MessageActionRowComponentBuilder,
  ActionRowBuilder,
} from 'discord.js';
import type { Locale } from '../../i18n/catalogue.js';
import type { Msg } from '../../i18n/msg.js';
import { titleMsg, type BuilderPosition, type PracticeAnswered } from '../../match/index.js';
import { practiceScore, type PracticeItem, type PracticeSession } from '../../model/index.js';
import type { CommandContext } from './command.js';
import { encodeCustomId } from './custom-id.js';
import type { MessagePayload, Row } from './posts.js';
import { clipText, t, text } from './text.js';

type Step = 'next' | 'skip' | 'done';

function stepButton(locale: Locale, s: PracticeSession, action: Step, style: ButtonStyle): ButtonBuilder {
  return new ButtonBuilder()
    .setCustomId(encodeCustomId({ kind: 'practice', sessionId: s.id, version: s.version, action }))
    .setLabel(clipText(t(locale, `practice.button.${action}`, {}, { mode: 'plain' }), 80))
    .setStyle(style);
}

const row = (...c: MessageActionRowComponentBuilder[]): Row =>
  new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(...c);

/** "Move 14: you played …" — what the item asks, in its kind's words. */
function askMsg(s: PracticeSession, item: PracticeItem): Msg {
  return {
    key: `practice.position.${s.kind}`,
    params: {
      game: titleMsg(item.game),
      n: s.index + 1,
      total: s.items.length,
      move: (item.ply ?? 0) + 1,
      played: { code: item.played ?? '' },
    },
  };
}

/** Draws one picture; a renderer failure costs the picture (logged), never the screen. */
async function picture(
  ctx: CommandContext,
  name: string,
  alt: string,
  draw: () => Promise<Buffer>,
): Promise<AttachmentBuilder[]> {
  try {
    return [new AttachmentBuilder(await draw(), { name, description: clipText(alt, 1024) })];
  } catch (e) {
    ctx.log.error({ err: e, picture: name }, 'practice picture failed');
    return [];
  }
}

/** What the builder adds on a practice position: the question and the position above, Skip and Done below. */
export interface BuilderExtras {
  head: string[];
  files: AttachmentBuilder[];
  buttons: ButtonBuilder[];
}

/** A practice builder screen's extras (`menus`: the screen of menus, which shows the position; the preview has its own). */
export async function practiceExtras(
  ctx: CommandContext,
  locale: Locale,
  pos: BuilderPosition,
  menus: boolean,
): Promise<BuilderExtras> {
  const s = pos.session;
  const item = s?.items[s.index];
  if (!s || !item) return { head: [], files: [], buttons: [] };
  const head = [text(locale, askMsg(s, item))];
  if (!menus) return { head, files: [], buttons: [] };
  const files = await picture(
    ctx,
    `practice-${s.id}-${s.index + 1}.png`,
    t(locale, 'practice.positionAlt', { game: titleMsg(item.game), move: (item.ply ?? 0) + 1 }),
    () => ctx.render(item.game, pos.state, { players: pos.players, locale }),
  );
  return {
    head,
    files,
    buttons: [stepButton(locale, s, 'skip', ButtonStyle.Secondary), stepButton(locale, s, 'done', ButtonStyle.Danger)],
  };
}

function verdictMsg(a: PracticeAnswered): Msg {
  const answer = { code: a.item.answer ?? '' };
  const best = { code: a.item.best };
  const loss = a.verdict.loss;
  if (a.verdict.found)
    return a.item.answer === a.item.best || loss === null
      ? { key: 'practice.found', params: { answer } }
      : { key: 'practice.foundClose', params: { answer, best, loss } };
  return loss === null
    ? { key: 'practice.missed', params: { answer, best } }
    : { key: 'practice.missedLoss', params: { answer, best, loss } };
}

/** An answer's verdict: the words, the answer and the best move drawn on the position, Next and Done. */
export async function answerPayload(ctx: CommandContext, locale: Locale, a: PracticeAnswered): Promise<MessagePayload> {
  const item = a.item;
  const answer = item.answer ?? '';
  const same = answer === item.best;
  const files = await picture(
    ctx,
    `practice-${a.session.id}-${a.index + 1}-answer.png`,
    t(locale, 'practice.answerAlt', { game: titleMsg(item.game), answer, best: item.best }),
    () =>
      ctx.renderMoveComparison(
        item.game,
        a.before,
        same ? { better: item.best } : { played: answer, better: item.best },
        {
          players: item.players ?? undefined,
          locale,
        },
      ),
  );
  const last = a.index + 1 >= a.session.items.length;
  const lines = [text(locale, askMsg(a.session, item)), text(locale, verdictMsg(a))];
  if (a.note) lines.push(text(locale, a.note));
  if (!last) lines.push(t(locale, 'practice.nextHint'));
  return {
    content: clipText(lines.join('\n')),
    files,
    attachments: [],
    components: [
      row(
        stepButton(locale, a.session, 'next', ButtonStyle.Primary),
        stepButton(locale, a.session, 'done', ButtonStyle.Secondary),
      ),
    ],
    allowedMentions: { parse: [] },
  };
}

/** The end of a session: how many were found. */
export function summaryPayload(locale: Locale, s: PracticeSession): MessagePayload {
  return {
    content: clipText(t(locale, 'practice.summary', practiceScore(s))),
    files: [],
    attachments: [],
    components: [],
    allowedMentions: { parse: [] },
  };
}
