// /move: plays a move in the game of this channel. The engine validates it,
// the store writes it with compare-and-set, and the reply is the new board
// (in the game's language); an illegal move is refused privately with its rule.
// Precedence (docs/review.md, "Retry your mistakes"): a game of this channel
// where the user plays comes first, always; anywhere else, a practice position
// waiting for the user's answer (match/practice.ts) is answered, privately;
// with neither, the game's refusals as before.
import { SlashCommandBuilder } from 'discord.js';
import { localeOf } from '../i18n/catalogue.js';
import {
  answerPractice,
  loadActiveGame,
  playMove,
  sideOf,
  waitingPractice,
  type LoadedGame,
  type MatchContext,
} from '../match/index.js';
import { isRefusal } from '../match/refusal.js';
import { clipChoice, moveChoices } from './kit/autocomplete.js';
import type { Command } from './kit/command.js';
import { described } from './kit/localize.js';
import { stringOption } from './kit/options.js';
import { t } from './kit/text.js';
import { everywhere } from './kit/contexts.js';
import { liveInteractionRef } from './kit/interaction-ref.js';
import { answerPayload } from './kit/practice-card.js';

export const data = everywhere(
  described(new SlashCommandBuilder().setName('move'), 'cmd.move.description'),
).addStringOption((o) =>
  described(o.setName('text'), 'cmd.move.text').setRequired(true).setMaxLength(100).setAutocomplete(true),
);

/** The channel's active game, or null when it has none (or it cannot be read: playMove says why). */
async function gameHere(ctx: MatchContext, channelId: string): Promise<LoadedGame | null> {
  try {
    return await loadActiveGame(ctx, channelId);
  } catch (e) {
    if (isRefusal(e)) return null;
    throw e;
  }
}

/**
 * The user's practice position /move answers here: one waiting, and no game of theirs in this channel. The session
 * is read first (one small read, usually empty), so a move in a game pays no second load of its game.
 */
async function practiceHere(ctx: MatchContext, channelId: string, userId: string, known?: LoadedGame | null) {
  const p = await waitingPractice(ctx, userId);
  if (!p) return null;
  const g = known === undefined ? await gameHere(ctx, channelId) : known;
  return g && sideOf(g.rec, userId) !== null ? null : p;
}

export const command: Command = {
  data,
  async execute(ctx, i) {
    const text = stringOption(i.options, 'text', { required: true, max: 100 });
    if (await practiceHere(ctx, i.channelId, i.user.id)) {
      const a = await answerPractice(ctx, i.user.id, text);
      return { kind: 'message', ephemeral: true, build: (locale) => answerPayload(ctx, locale, a) };
    }
    return {
      kind: 'game',
      announcement: await playMove(ctx, { channelId: i.channelId }, { userId: i.user.id }, text, liveInteractionRef(i)),
    };
  },
  async autocomplete(ctx, i) {
    const focused = i.options.getFocused(true);
    const typed = typeof focused.value === 'string' ? focused.value.slice(0, 100) : '';
    const g = await gameHere(ctx, i.channelId);
    const p = await practiceHere(ctx, i.channelId, i.user.id, g);
    const locale = localeOf(i.locale);
    if (p) return moveChoices(p.game, p.before, typed);
    if (!g) return [];
    const side = sideOf(g.rec, i.user.id);
    const note =
      side === null
        ? t(locale, 'move.choices.spectating')
        : g.game.toMove(g.state) !== side
          ? t(locale, 'move.choices.notYourTurn')
          : undefined;
    const choices = moveChoices(g.game, g.state, typed, note);
    if (choices.length === 0 && typed.trim() !== '') {
      // Nothing legal matches: say so, and let the engine explain if they send it anyway.
      return [
        {
          name: clipChoice(
            t(locale, 'move.choices.noMatch', { typed: clipChoice(typed.trim(), 60) }, { mode: 'plain' }),
          ),
          value: clipChoice(typed.trim()),
        },
      ];
    }
    return choices;
  },
};
