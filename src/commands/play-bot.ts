// /play-bot: a game against the built-in AI in a thread. Unrated: the AI has
// no rating, so these games never touch the leaderboards. A user may have a
// few such games at once (each holds a thread and queues AI work). In reply
// mode (a group DM, a server that has not added the bot) the answer is the
// starting board itself, and the AI's moves follow up the player's answers.
// `expert` thinks up to 10 s a move: offered only where the clock is long.
import { SlashCommandBuilder } from 'discord.js';
import { LEVEL_NAMES } from '../engine/ai/index.js';
import { checkAiCap, checkAiLevel, orderPlayers, setupMsg, startMatch, titleMsg } from '../match/index.js';
import { isRefusal, refuse } from '../match/refusal.js';
import type { AiLevel, PlayerRef } from '../model/index.js';
import type { Command } from './kit/command.js';
import { everywhere } from './kit/contexts.js';
import { addSetupOptions, firstOption, gameOption, readGameOptions } from './kit/game-options.js';
import { serverLocale } from './kit/locale.js';
import { choice, described } from './kit/localize.js';
import { stringOption } from './kit/options.js';
import { interactionRef } from './kit/interaction-ref.js';
import { playerOf, threadable } from './kit/people.js';
import { canPostHere } from './kit/place.js';
import { lines, t } from './kit/text.js';

const base = everywhere(described(new SlashCommandBuilder().setName('play-bot'), 'cmd.playBot.description'))
  .addStringOption((o) => gameOption(o))
  .addStringOption((o) =>
    described(o.setName('level'), 'cmd.playBot.level')
      .setRequired(true)
      .addChoices(...LEVEL_NAMES.map((l) => choice(`cmd.playBot.levelChoice.${l}`, l))),
  )
  .addStringOption(firstOption);

export const data = addSetupOptions(base);

export const command: Command = {
  data,
  startsGame: true,
  async execute(ctx, i) {
    const opts = readGameOptions(i);
    const level: AiLevel = stringOption(i.options, 'level', { required: true, choices: LEVEL_NAMES });
    const human = playerOf(i);
    await checkAiLevel(ctx, i.guildId, level);
    await checkAiCap(ctx, human.id);
    if (!threadable(i) && (await ctx.store.channels.active(i.channelId)))
      refuse(canPostHere(i) && i.inGuild() ? 'challenge.channelBusy' : 'challenge.busyHere');
    const locale = await serverLocale(ctx, i);
    const ai: PlayerRef = {
      id: `ai:${level}`,
      name: t(locale, 'ai.name', { level: { key: `cmd.playBot.levelChoice.${level}` } }),
      bot: level,
    };
    const players = orderPlayers(opts.first, human, ai);
    if (!canPostHere(i)) {
      const { post } = await startMatch(ctx, {
        game: opts.game,
        setup: opts.setup,
        players,
        rated: false,
        guildId: i.guildId,
        channelId: i.channelId,
        messageId: null,
        locale,
        postable: false,
        interaction: interactionRef(i),
      });
      if (post) return { kind: 'game', announcement: post };
    }
    const title = {
      key: 'playBot.card',
      params: {
        game: titleMsg(opts.game),
        first: { name: players[0].name },
        second: { name: players[1].name },
        setup: setupMsg(opts.game, opts.setup),
      },
    } as const;
    return {
      kind: 'message',
      ephemeral: false,
      locale,
      build: (l) => ({ content: lines(l, [title]), allowedMentions: { users: [] } }),
      async after(sent) {
        try {
          await startMatch(ctx, {
            game: opts.game,
            setup: opts.setup,
            players,
            rated: false,
            guildId: i.guildId,
            channelId: i.channelId,
            messageId: sent.messageId,
            locale,
          });
        } catch (e) {
          if (!isRefusal(e)) throw e;
          await sent.edit((l) => ({
            content: lines(l, [title, { key: 'start.couldNot', params: { why: e.msg } }]),
            allowedMentions: { users: [] },
          }));
          await sent.tell(e.msg);
        }
      },
    };
  },
};
