// /help: what the bot does, its commands (play, around the games, admins)
// and how to start a first game, privately and in the reader's language,
// with buttons that open each game's lesson (/rules) privately.
import { EmbedBuilder, SlashCommandBuilder } from 'discord.js';
import { allGames } from '../engine/index.js';
import type { MessageKey } from '../i18n/catalogue.js';
import type { Command } from './kit/command.js';
import { everywhere } from './kit/contexts.js';
import { openRulesRow } from './kit/lesson-page.js';
import { described } from './kit/localize.js';
import { clipText, t } from './kit/text.js';

export const data = everywhere(described(new SlashCommandBuilder().setName('help'), 'help.cmd.description'));

const SECTIONS: readonly [MessageKey, MessageKey][] = [
  ['help.firstTitle', 'help.first'],
  ['help.playTitle', 'help.play'],
  ['help.aroundTitle', 'help.around'],
  ['help.adminTitle', 'help.admin'],
];

export const command: Command = {
  data,
  ack: 'ephemeral',
  execute() {
    return Promise.resolve({
      kind: 'message',
      ephemeral: true,
      build(locale) {
        const embed = new EmbedBuilder()
          .setColor(0x5865f2)
          .setTitle(clipText(t(locale, 'help.title'), 256))
          .setDescription(clipText(t(locale, 'help.intro'), 4096))
          .addFields(
            SECTIONS.map(([name, value]) => ({
              name: clipText(t(locale, name), 256),
              value: clipText(t(locale, value), 1024),
            })),
          )
          .setFooter({ text: clipText(t(locale, 'help.footer'), 2048) });
        return {
          content: '',
          embeds: [embed],
          components: openRulesRow(
            locale,
            allGames().map((g) => g.id),
          ),
          allowedMentions: { parse: [] },
        };
      },
    });
  },
};
