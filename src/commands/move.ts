// /move: plays a move in the game of this channel. The engine validates it,
// the store writes it with compare-and-set, and the reply is the new board
// (in the game's language); an illegal move is refused privately with its rule.
import { SlashCommandBuilder } from 'discord.js';
import { localeOf } from '../i18n/catalogue.js';
import { loadActiveGame, playMove, sideOf } from '../match/index.js';
import { isRefusal } from '../match/refusal.js';
import { clipChoice, moveChoices } from './kit/autocomplete.js';
import type { Command } from './kit/command.js';
import { described } from './kit/localize.js';
import { stringOption } from './kit/options.js';
import { t } from './kit/text.js';
import { everywhere } from './kit/contexts.js';
import { liveInteractionRef } from './kit/interaction-ref.js';

export const data = everywhere(
  described(new SlashCommandBuilder().setName('move'), 'cmd.move.description'),
).addStringOption((o) =>
  described(o.setName('text'), 'cmd.move.text').setRequired(true).setMaxLength(100).setAutocomplete(true),
);

export const command: Command = {
  data,
  async execute(ctx, i) {
    const text = stringOption(i.options, 'text', { required: true, max: 100 });
    return {
      kind: 'game',
      announcement: await playMove(ctx, { channelId: i.channelId }, { userId: i.user.id }, text, liveInteractionRef(i)),
    };
  },
  async autocomplete(ctx, i) {
    const focused = i.options.getFocused(true);
    const typed = typeof focused.value === 'string' ? focused.value.slice(0, 100) : '';
    let g;
    try {
      g = await loadActiveGame(ctx, i.channelId);
    } catch (e) {
      if (isRefusal(e)) return [];
      throw e;
    }
    const locale = localeOf(i.locale);
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
