// The buttons of a tournament card (kit/tournament-posts.ts draws them):
// Join, Leave, Start, and Cancel, which asks first on a private message whose
// button confirms.
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type MessageActionRowComponentBuilder } from 'discord.js';
import { localeOf } from '../../i18n/catalogue.js';
import {
  cancelTournament,
  eventTitle,
  joinTournament,
  leaveTournament,
  loadTournament,
  mayCancel,
  refreshCard,
  refuse,
  roundPairings,
  startTournament,
  type TournamentChange,
} from '../../match/index.js';
import type { StoredTournament } from '../../model/index.js';
import { defineButton, type CommandContext, type Reply } from '../kit/command.js';
import { codes, encodeCustomId, isRef, mayRedraw } from '../kit/custom-id.js';
import { isAdmin, playerOf } from '../kit/people.js';
import { t } from '../kit/text.js';
import { tournamentCard } from '../kit/tournament-posts.js';

/** `cancel` asks privately; `cancel-confirm` (on that private message) cancels. */
export type TournamentAction = 'join' | 'leave' | 'start' | 'cancel' | 'cancel-confirm';
const actions = codes<TournamentAction>({ join: 'j', leave: 'l', start: 's', cancel: 'x', 'cancel-confirm': 'cx' });
type TournamentButtonId = { kind: 'tournament'; tournamentId: string; action: TournamentAction };

export const tournament = defineButton<TournamentButtonId>({
  id: {
    kind: 'tournament',
    prefix: 't',
    fields: 2,
    encode: (id) => {
      if (!isRef(id.tournamentId)) throw new Error('custom id: bad tournament id');
      return [id.tournamentId, actions.write(id.action)];
    },
    decode: ([ref, code]) => {
      const action = actions.read(code);
      return isRef(ref) && action ? { kind: 'tournament', tournamentId: ref, action } : null;
    },
    target: (id) => id.tournamentId,
  },
  ack: (id) => (id.action === 'cancel' ? 'ephemeral' : 'update'),
  async handle(ctx, i, id) {
    // The answer redraws the card: never another message the id was forged onto.
    if (!mayRedraw(i.message, id)) refuse('common.badButton');
    switch (id.action) {
      case 'join':
        return cardReply(ctx, await joinTournament(ctx, id.tournamentId, playerOf(i)));
      case 'leave':
        return cardReply(ctx, await leaveTournament(ctx, id.tournamentId, i.user.id));
      case 'start':
        return cardReply(ctx, await startTournament(ctx, id.tournamentId, i.user.id, isAdmin(i)));
      case 'cancel':
        return askCancel(ctx, id.tournamentId, i.user.id, isAdmin(i));
      case 'cancel-confirm': {
        // The card is another message: the drive redraws it (no buttons now) as it announces the end.
        await cancelTournament(ctx, id.tournamentId, i.user.id, isAdmin(i));
        return {
          kind: 'update',
          build: (locale) => ({
            content: t(locale, 'tournament.cancelDone'),
            components: [],
            allowedMentions: { parse: [] },
          }),
        };
      }
    }
  },
});

function cardReply(ctx: CommandContext, change: TournamentChange): Reply {
  let drawn = change.tournament;
  return {
    kind: 'update',
    locale: localeOf(change.tournament.locale),
    // The newest record: another click may have landed since this one's write.
    build: async (locale) => {
      drawn = (await latest(ctx, change.tournament)) ?? change.tournament;
      return tournamentCard(drawn, locale);
    },
    tell: change.tell,
    // A drive's redraw may have landed before this answer did: once it is in, the card catches up.
    after: () => refreshCard(ctx, drawn.id, drawn.version),
  };
}

async function latest(ctx: CommandContext, tr: StoredTournament): Promise<StoredTournament | null> {
  try {
    const now = await ctx.store.tournaments.get(tr.id);
    return now && now.version >= tr.version ? now : null;
  } catch (e) {
    // The card is redrawn from the record just written instead.
    ctx.log.warn({ err: e, tournamentId: tr.id }, 'could not re-read the tournament');
    return null;
  }
}

/**
 * Cancel asks first, privately (it ends every open game of a running event):
 * a refusal for anyone but the organiser or an admin, else what it will do
 * and a button that does it.
 */
async function askCancel(ctx: CommandContext, tournamentId: string, userId: string, admin: boolean): Promise<Reply> {
  const tr = await loadTournament(ctx, tournamentId);
  mayCancel(tr, userId, admin);
  const open =
    tr.status === 'running' ? roundPairings(tr).filter((p) => p.second !== null && p.result === null).length : 0;
  return {
    kind: 'message',
    ephemeral: true,
    build: (locale) => ({
      content: t(locale, 'tournament.cancelAsk', {
        event: eventTitle(tr),
        started: tr.status === 'running' ? 'yes' : 'no',
        open,
      }),
      components: [
        new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
          new ButtonBuilder()
            .setCustomId(encodeCustomId({ kind: 'tournament', tournamentId, action: 'cancel-confirm' }))
            .setLabel(t(locale, 'tournament.cancelConfirm'))
            .setStyle(ButtonStyle.Danger),
        ),
      ],
      allowedMentions: { parse: [] },
    }),
  };
}
