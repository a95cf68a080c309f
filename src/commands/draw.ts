// /draw: offers a draw (or accepts the opponent's); the opponent answers with
// the buttons, whose custom id carries the game's version: any move since
// makes the offer lapse and the buttons stale.
import { SlashCommandBuilder } from 'discord.js';
import { answerDraw, gameLocale, offerDraw, playerParam, refuse } from '../match/index.js';
import { mayRedraw } from './kit/custom-id.js';
import type { Command, ComponentHandler } from './kit/command.js';
import { everywhere } from './kit/contexts.js';
import { described } from './kit/localize.js';
import { liveInteractionRef } from './kit/interaction-ref.js';
import { drawRow } from './kit/posts.js';
import { t } from './kit/text.js';

export const command: Command = {
  data: everywhere(described(new SlashCommandBuilder().setName('draw'), 'cmd.draw.description')),
  async execute(ctx, i) {
    const done = await offerDraw(ctx, i.channelId, i.user.id, liveInteractionRef(i));
    if (done.kind === 'agreed') return { kind: 'game', announcement: done.announcement };
    const rec = done.game;
    const to = rec.players[1 - done.by];
    return {
      kind: 'message',
      ephemeral: false,
      locale: gameLocale(rec),
      build: (locale) => {
        return {
          content: t(locale, 'draw.offer', { to: playerParam(to), by: playerParam(rec.players[done.by]) }),
          components: [drawRow(locale, rec)],
          allowedMentions: { users: [to.id] },
        };
      },
    };
  },
};

/** Accept draw / Decline on the offer. */
export const drawButtons: ComponentHandler<'game'> = {
  kind: 'game',
  actions: ['draw-accept', 'draw-decline'],
  ack: () => 'update',
  async handle(ctx, i, id) {
    // The answer redraws the offer: never another message the id was forged onto.
    if (!mayRedraw(i.message, id)) refuse('common.badButton');
    const res = await answerDraw(
      ctx,
      id.gameId,
      id.version,
      i.user.id,
      id.action === 'draw-accept',
      liveInteractionRef(i),
    );
    if (res.kind !== 'agreed') {
      const key = res.kind === 'withdrawn' ? 'draw.withdrawnBy' : 'draw.declinedBy';
      return {
        kind: 'update',
        locale: gameLocale(res.game),
        build: (locale) => ({
          content: t(locale, key, { user: { user: i.user.id } }),
          components: [],
          allowedMentions: { users: [] },
        }),
      };
    }
    const a = res.announcement;
    return {
      kind: 'update',
      locale: gameLocale(a.post.game),
      build: (locale) => ({
        content: t(locale, 'draw.agreedBy', { user: { user: i.user.id } }),
        components: [],
        allowedMentions: { users: [] },
      }),
      after: (sent) => sent.announce(a),
    };
  },
};
