// What a tournament looks like on Discord: the card (terms, status, players,
// the standings image, the buttons), the winners' post, and the standings
// table handed to the painter with its words in the reader's language.
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import { localeOf, type Locale } from '../../i18n/catalogue.js';
import type { Msg } from '../../i18n/msg.js';
import { durationMsg, setupMsg } from '../../match/describe.js';
import {
  crossOf,
  eventTitle,
  leavers,
  MAX_PLAYERS,
  MIN_PLAYERS,
  nameOf,
  standingsOf,
} from '../../match/tournament/event.js';
import type { StandingRow } from '../../match/tournament/index.js';
import { renderStandingsPooled } from '../../render/pool.js';
import { MAX_GRID_PLAYERS, type StandingsTable } from '../../render/standings.js';
import type { StoredTournament } from '../../model/index.js';
import type { TournamentAction } from '../buttons/tournament.js';
import { encodeCustomId } from './custom-id.js';
import { clipText, lines, t, text } from './text.js';

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

/** The shape of posts.ts's MessagePayload (kept apart: posts.ts dispatches to this file). */
export interface TournamentPayload {
  content?: string;
  embeds?: EmbedBuilder[];
  components?: Row[];
  files?: AttachmentBuilder[];
  allowedMentions: { users?: string[]; parse?: [] };
}

/** "2½", "½", "3". */
export function pointsText(n: number): string {
  const whole = Math.floor(n + 1e-9);
  const half = n - whole >= 0.5 - 1e-9;
  return half ? `${whole > 0 ? whole : ''}½` : String(whole);
}

const tiebreakText = (locale: Locale, n: number | null): string =>
  n === null ? '–' : n.toLocaleString(locale === 'en' ? 'en-US' : locale, { maximumFractionDigits: 2 });

const CROSS: Record<string, string> = {
  win: '1',
  draw: '½',
  loss: '0',
  'forfeit-win': '+',
  'forfeit-loss': '−',
  'double-forfeit': '−',
  pending: '·',
};

/** The table of the painter, in the reader's language; rows in standings order. */
export function standingsTable(
  locale: Locale,
  tr: StoredTournament,
  rows: StandingRow[] = standingsOf(tr),
): StandingsTable {
  const swiss = tr.format === 'swiss';
  const out = leavers(tr);
  const label = (k: Parameters<typeof t>[1]) => t(locale, k);
  const name = (id: string) =>
    out.has(id) ? t(locale, 'tournament.table.left', { name: nameOf(tr, id) }, { mode: 'plain' }) : nameOf(tr, id);
  const winners = new Set(tr.status === 'finished' ? tr.winners : []);
  const table: StandingsTable = {
    title: text(locale, eventTitle(tr), { mode: 'plain' }),
    subtitle:
      tr.status === 'finished'
        ? label('tournament.table.final')
        : t(locale, 'tournament.table.afterRound', { round: completedRounds(tr), rounds: tr.rounds ?? 0 }),
    columns: [
      { label: label('tournament.table.rank'), align: 'right' },
      { label: label('tournament.table.player'), align: 'left', flex: true },
      { label: label('tournament.table.points'), align: 'right' },
      { label: label('tournament.table.games'), align: 'right' },
      ...(swiss
        ? [
            { label: label('tournament.table.buchholz'), align: 'right' as const },
            { label: label('tournament.table.sonnebornBerger'), align: 'right' as const },
          ]
        : [
            { label: label('tournament.table.headToHead'), align: 'right' as const },
            { label: label('tournament.table.sonnebornBerger'), align: 'right' as const },
          ]),
    ],
    rows: rows.map((r) => ({
      cells: [
        String(r.rank),
        name(r.player),
        pointsText(r.points),
        String(r.games),
        ...(swiss
          ? [tiebreakText(locale, r.tiebreaks.buchholz), tiebreakText(locale, r.tiebreaks.sonnebornBerger)]
          : [
              r.tiebreaks.headToHead === null ? '–' : pointsText(r.tiebreaks.headToHead),
              tiebreakText(locale, r.tiebreaks.sonnebornBerger),
            ]),
      ],
      dim: out.has(r.player),
      mark: winners.has(r.player),
    })),
    footer: label(swiss ? 'tournament.table.footerSwiss' : 'tournament.table.footerRoundRobin'),
  };
  if (!swiss && tr.players.length <= MAX_GRID_PLAYERS) {
    const cross = crossOf(tr);
    const order = rows.map((r) => cross.players.indexOf(r.player));
    table.grid = {
      title: label('tournament.table.crosstable'),
      rowLabels: order.map((i, k) => `${k + 1} ${nameOf(tr, cross.players[i])}`),
      colLabels: order.map((_, k) => String(k + 1)),
      cells: order.map((i, a) =>
        order.map((j, b) => (a === b ? '' : (CROSS[cross.cells[i][j][0]?.outcome ?? ''] ?? ''))),
      ),
    };
  } else if (!swiss) {
    table.footer = `${table.footer} · ${t(locale, 'tournament.table.crossTooBig', { max: MAX_GRID_PLAYERS })}`;
  }
  return table;
}

/** Rounds whose every pairing has a result. */
function completedRounds(tr: StoredTournament): number {
  let done = 0;
  for (let r = 1; r <= tr.round; r++)
    if (tr.pairings.filter((p) => p.round === r).every((p) => p.result !== null)) done = r;
  return done;
}

/** The standings image and its alt text (the rows in words, for screen readers). */
export async function standingsFile(locale: Locale, tr: StoredTournament): Promise<AttachmentBuilder> {
  const rows = standingsOf(tr);
  const png = await renderStandingsPooled(standingsTable(locale, tr, rows));
  const alt = t(
    locale,
    'tournament.card.altText',
    {
      event: eventTitle(tr),
      rows: rows
        .slice(0, 32)
        .map((r) =>
          t(
            locale,
            'tournament.card.altRow',
            { rank: r.rank, name: { name: nameOf(tr, r.player) }, points: pointsText(r.points) },
            { mode: 'plain' },
          ),
        )
        .join('; '),
    },
    { mode: 'plain' },
  );
  return new AttachmentBuilder(png, { name: `standings-${tr.id}.png`, description: clipText(alt, 1024) });
}

const hasPlay = (tr: StoredTournament) => tr.status !== 'signup' && tr.pairings.length > 0;

function statusLines(tr: StoredTournament): Msg[] {
  switch (tr.status) {
    case 'signup':
      return [
        { key: 'tournament.card.signupOpen', params: { min: MIN_PLAYERS, max: MAX_PLAYERS } },
        tr.startsAt
          ? { key: 'tournament.card.startsAt', params: { time: { time: tr.startsAt } } }
          : { key: 'tournament.card.startsOnClick' },
      ];
    case 'running': {
      const out: Msg[] = [
        {
          key: 'tournament.card.running',
          params: { round: tr.round, rounds: tr.rounds ?? tr.round, deadline: { time: tr.roundDeadline ?? 0 } },
        },
      ];
      const bye = tr.pairings.find((p) => p.round === tr.round && p.second === null);
      if (bye) out.push({ key: 'tournament.card.bye', params: { user: { user: bye.first } } });
      if (tr.roundsWanted && tr.rounds && tr.rounds < tr.roundsWanted)
        out.push({
          key: 'tournament.card.roundsReduced',
          params: { rounds: tr.rounds, wanted: tr.roundsWanted, n: tr.players.length },
        });
      return out;
    }
    case 'finished': {
      const out: Msg[] = tr.winners.length
        ? [
            {
              key: 'tournament.card.finished',
              params: { winners: tr.winners.length, names: { list: tr.winners.map((w) => ({ user: w })) } },
            },
          ]
        : [{ key: 'tournament.card.finishedNoWinner' }];
      if (tr.endNote)
        out.push({ key: `tournament.card.endNote.${tr.endNote}`, params: { round: tr.round, min: MIN_PLAYERS } });
      return out;
    }
    case 'cancelled':
      return [
        {
          key: `tournament.card.endNote.${tr.endNote ?? 'cancelled'}`,
          params: { round: tr.round, min: MIN_PLAYERS, user: { user: tr.cancelledBy ?? tr.organiser.id } },
        },
      ];
  }
}

function buttons(locale: Locale, tr: StoredTournament): Row[] {
  const button = (action: Exclude<TournamentAction, 'cancel-confirm'>, style: ButtonStyle) =>
    new ButtonBuilder()
      .setCustomId(encodeCustomId({ kind: 'tournament', tournamentId: tr.id, action }))
      .setLabel(t(locale, `tournament.card.${action}`))
      .setStyle(style);
  const row = new ActionRowBuilder<MessageActionRowComponentBuilder>();
  if (tr.status === 'signup') {
    row.addComponents(
      button('join', ButtonStyle.Success),
      button('leave', ButtonStyle.Secondary),
      button('start', ButtonStyle.Primary),
      button('cancel', ButtonStyle.Danger),
    );
  } else if (tr.status === 'running') {
    row.addComponents(button('leave', ButtonStyle.Secondary), button('cancel', ButtonStyle.Danger));
  } else {
    return [];
  }
  return [row];
}

/** The card: edited live as players join and games end. */
export async function tournamentCard(
  tr: StoredTournament,
  locale: Locale = localeOf(tr.locale),
): Promise<TournamentPayload> {
  const terms: Msg = {
    key: 'tournament.card.terms',
    params: {
      format: { key: `tournament.format.${tr.format}` },
      rounds:
        (tr.rounds ?? tr.roundsWanted)
          ? { key: 'tournament.card.rounds', params: { n: tr.rounds ?? tr.roundsWanted ?? 0 } }
          : { key: 'tournament.card.roundsLater' },
      setup: setupMsg(tr.game, tr.setup),
      rated: { key: tr.rated ? 'common.rated' : 'common.casual' },
      per: durationMsg(tr.clockMs),
      round: durationMsg(tr.roundMs),
    },
  };
  const out = leavers(tr);
  const players = tr.players.length
    ? tr.players
        .map((p) => (out.has(p.id) ? t(locale, 'tournament.card.playerLeft', { user: { user: p.id } }) : `<@${p.id}>`))
        .join(', ')
    : t(locale, 'tournament.card.playersNone');
  const description = [
    lines(locale, [
      terms,
      { key: 'tournament.card.organiser', params: { user: { user: tr.organiser.id } } },
      ...statusLines(tr),
    ]),
    '',
    `**${t(locale, 'tournament.card.playersTitle', { n: tr.players.length })}**`,
    players,
  ].join('\n');
  const embed = new EmbedBuilder()
    .setTitle(clipText(t(locale, 'tournament.card.title', { event: eventTitle(tr) }), 256))
    .setDescription(clipText(description, 4096))
    .setColor(tr.status === 'signup' ? 0x5865f2 : tr.status === 'running' ? 0x2ecc71 : 0x4f545c)
    .setFooter({ text: t(locale, 'tournament.card.footer', { id: tr.id }, { mode: 'plain' }) });
  const files = hasPlay(tr) ? [await standingsFile(locale, tr)] : [];
  if (files.length) embed.setImage(`attachment://standings-${tr.id}.png`);
  return { content: '', embeds: [embed], components: buttons(locale, tr), files, allowedMentions: { parse: [] } };
}

/** The winners' post at the end, with the final standings; it pings the winners. */
export async function finalPost(
  tr: StoredTournament,
  locale: Locale = localeOf(tr.locale),
): Promise<TournamentPayload> {
  const best = standingsOf(tr).find((r) => r.rank === 1);
  const content = tr.winners.length
    ? t(locale, 'tournament.final.won', {
        event: eventTitle(tr),
        winners: { list: tr.winners.map((w) => ({ user: w })) },
        n: tr.winners.length,
        points: pointsText(best?.points ?? 0),
      })
    : t(locale, 'tournament.final.noWinner', { event: eventTitle(tr) });
  return {
    content: clipText(content),
    files: hasPlay(tr) ? [await standingsFile(locale, tr)] : [],
    allowedMentions: { users: tr.winners },
  };
}

/** /tournament standings: the table and a line naming the event. */
export async function standingsPayload(locale: Locale, tr: StoredTournament): Promise<TournamentPayload> {
  return {
    content: t(locale, 'tournament.standingsNote', { event: eventTitle(tr), id: { code: tr.id } }),
    files: [await standingsFile(locale, tr)],
    allowedMentions: { parse: [] },
  };
}
