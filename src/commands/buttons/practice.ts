// The buttons of practice sessions (issue 20, match/practice.ts): Retry your
// mistakes on a review post (its id carries the game: pressed by a player, it
// starts their session privately), and Next / Skip / Done on a session's
// private screens (their id carries the session and the version they were
// drawn at: a later write makes them stale, refused privately, nothing
// changed). The position screens are the practice builder's (build.ts).
import { MessageFlags, type ButtonInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { Locale } from '../../i18n/catalogue.js';
import {
  builderScreen,
  practiceBuilder,
  refuse,
  startRetry,
  stepPractice,
  type PracticeStep,
} from '../../match/index.js';
import type { PracticeSession } from '../../model/index.js';
import { defineButton, type CommandContext } from '../kit/command.js';
import { codes, COUNT_RE, gameRefFields, type GameRefId, isCount, isRef } from '../kit/custom-id.js';
import { userLocale } from '../kit/locale.js';
import { practiceExtras, summaryPayload } from '../kit/practice-card.js';
import type { MessagePayload } from '../kit/posts.js';
import { drawScreen } from './build.js';

/** A session's screen as it stands: its waiting position with the builder, or its summary once it is over. */
async function sessionScreen(
  ctx: CommandContext,
  i: ButtonInteraction | StringSelectMenuInteraction,
  s: PracticeSession,
): Promise<(locale: Locale) => MessagePayload> {
  if (s.status === 'done') return (locale) => summaryPayload(locale, s);
  const screen = await builderScreen(ctx, practiceBuilder, { gameId: s.id, at: s.version }, i.user.id, []);
  const payload = await drawScreen(ctx, { kind: 'practiceBuild', extras: practiceExtras }, screen, userLocale(i));
  return () => payload;
}

type PracticeId = { kind: 'practice'; sessionId: string; version: number; action: PracticeStep };
const steps = codes<PracticeStep>({ next: 'n', skip: 's', done: 'd' });

export const practice = defineButton<PracticeId>({
  id: {
    kind: 'practice',
    prefix: 'pr',
    fields: 3,
    encode: (id) => {
      if (!(isRef(id.sessionId) && isCount(id.version))) throw new Error('custom id: bad practice id');
      return [id.sessionId, String(id.version), steps.write(id.action)];
    },
    decode: ([ref, version, code]) => {
      const action = steps.read(code);
      return isRef(ref) && COUNT_RE.test(version) && action
        ? { kind: 'practice', sessionId: ref, version: Number(version), action }
        : null;
    },
    target: (id) => id.sessionId,
  },
  ack: () => 'update',
  async handle(ctx, i, id) {
    // A session's screens are private: a step forged onto a public message would redraw it for everyone.
    if (!i.message.flags.has(MessageFlags.Ephemeral)) return refuse('common.badButton');
    const s = await stepPractice(ctx, i.user.id, { sessionId: id.sessionId, version: id.version }, id.action);
    return { kind: 'update', build: await sessionScreen(ctx, i, s) };
  },
});

/** Retry your mistakes, on a game's review post (kit/review-post.ts draws it). */
export const retry = defineButton<GameRefId<'retry'>>({
  id: { ...gameRefFields('retry'), prefix: 'rt' },
  ack: () => 'ephemeral',
  async handle(ctx, i, id) {
    const s = await startRetry(ctx, id.gameId, i.user.id);
    return { kind: 'message', ephemeral: true, build: await sessionScreen(ctx, i, s) };
  },
});
