// /games: the games being played in this server, newest first, with links
// to their threads so anyone can watch. One embed per page of GAMES_SHOWN,
// with Newer / Older buttons (buttons/list.ts) that redraw it.
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  SlashCommandBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { Locale } from '../i18n/catalogue.js';
import type { Msg } from '../i18n/msg.js';
import { check, refuse, sideMsg } from '../match/index.js';
import type { StoredGame } from '../model/index.js';
import type { Command, CommandContext } from './kit/command.js';
import { guildOnly } from './kit/contexts.js';
import { MAX_LIST_PAGE, encodeCustomId } from './kit/custom-id.js';
import { described } from './kit/localize.js';
import { gameLink, type MessagePayload } from './kit/posts.js';
import { fitLines, t } from './kit/text.js';

/** Games per page: one line each, well inside an embed's 4096 characters. */
export const GAMES_SHOWN = 15;
/** Pages offered: each page further reads all the games before it, so the list stops at 150 games. */
export const MAX_PAGES = Math.min(10, MAX_LIST_PAGE + 1);

export const data = guildOnly(described(new SlashCommandBuilder().setName('games'), 'cmd.games.description'));

export const command: Command = {
  data,
  async execute(ctx, i) {
    if (!i.guildId) refuse('common.serverOnly');
    const page = await readPage(ctx, i.guildId, 0);
    return { kind: 'message', ephemeral: false, build: (locale) => gamesPayload(locale, page) };
  },
};

export async function readPage(ctx: CommandContext, guildId: string, page: number) {
  // One more than the page tells whether an older page exists.
  const games = await ctx.store.gameIndex.listActive(guildId, (page + 1) * GAMES_SHOWN + 1);
  return { games, page };
}

function gameLine(locale: Locale, rec: StoredGame): string {
  const c = check(rec);
  // A damaged record is still worth listing (an admin may want to end it); its turn is unknown.
  const turn: Msg = c.ok
    ? {
        key: 'games.toMove',
        params: {
          name: { name: rec.players[c.value.game.toMove(c.value.state)].name },
          side: sideMsg(rec.game, c.value.game.toMove(c.value.state)),
        },
      }
    : { key: 'games.turnUnknown' };
  return t(locale, 'games.line', {
    link: gameLink(locale, rec),
    moves: rec.moves.length,
    turn,
    rated: { key: rec.rated ? 'common.rated' : 'common.casual' },
    since: { time: rec.createdAt },
  });
}

export function gamesPayload(
  locale: Locale,
  { games, page }: Awaited<ReturnType<typeof readPage>>,
): MessagePayload & { content: string; embeds: EmbedBuilder[] } {
  if (games.length === 0)
    return { content: t(locale, 'games.none'), embeds: [], components: [], allowedMentions: { parse: [] } };
  // Games end while someone pages: show the last page that still has games.
  const last = Math.floor((games.length - 1) / GAMES_SHOWN);
  const at = Math.min(page, last);
  const shown = games.slice(at * GAMES_SHOWN, (at + 1) * GAMES_SHOWN);
  const older = games.length > (at + 1) * GAMES_SHOWN && at + 1 < MAX_PAGES;
  const first = at * GAMES_SHOWN + 1;
  const paged = at > 0 || older;
  const embed = new EmbedBuilder()
    .setTitle(t(locale, 'games.title'))
    .setColor(0x2ecc71)
    .setDescription(
      fitLines(
        locale,
        shown.map((g) => gameLine(locale, g)),
        4096,
      ),
    )
    .setFooter({
      text: paged
        ? t(locale, 'games.footerPaged', { page: at + 1, first, last: first + shown.length - 1 })
        : t(locale, 'games.footer'),
    });
  const components: ActionRowBuilder<MessageActionRowComponentBuilder>[] = [];
  if (paged) {
    // A disabled button still needs an id of its own: the page it would show is unique enough.
    components.push(
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(encodeCustomId({ kind: 'list', list: 'games', page: Math.max(0, at - 1) }))
          .setLabel(t(locale, 'games.newer'))
          .setStyle(ButtonStyle.Secondary)
          .setDisabled(at === 0),
        new ButtonBuilder()
          .setCustomId(encodeCustomId({ kind: 'list', list: 'games', page: older ? at + 1 : at }))
          .setLabel(t(locale, 'games.older'))
          .setStyle(ButtonStyle.Secondary)
          .setDisabled(!older),
      ),
    );
  }
  return { content: '', embeds: [embed], components, allowedMentions: { parse: [] } };
}
