// /games: the games being played in this server, newest first, with links
// to their threads so anyone can watch. One embed per page of GAMES_SHOWN,
// with Newer / Older buttons (custom id `hx1:l:g:<page>`) that redraw it.
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonInteraction,
  ButtonStyle,
  ChatInputCommandInteraction,
  EmbedBuilder,
  InteractionContextType,
  SlashCommandBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { Command } from '../bot/command.js';
import type { BotContext } from '../bot/context.js';
import { MAX_LIST_PAGE, encodeCustomId } from '../bot/custom-id.js';
import { refuse } from '../bot/errors.js';
import { beforeAnswer, hydrate } from '../bot/match.js';
import { fitLines, gameLink, md, sideName } from '../bot/messages.js';
import type { Side } from '../engine/game.js';
import type { StoredGame } from '../store/types.js';

/** Games per page: one line each, well inside an embed's 4096 characters. */
export const GAMES_SHOWN = 15;
/** Pages offered: each page further reads all the games before it, so the list stops at 150 games. */
const MAX_PAGES = Math.min(10, MAX_LIST_PAGE + 1);

export const data = new SlashCommandBuilder()
  .setName('games')
  .setDescription('Games being played in this server, with links to watch them')
  .setContexts(InteractionContextType.Guild);

export async function execute(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void> {
  if (!i.guildId) refuse('use this in a server channel.');
  const payload = await beforeAnswer(ctx, i, () => activeGames(ctx, i.guildId!));
  await (i.deferred ? i.editReply(payload) : i.reply(payload));
}

function gameLine(rec: StoredGame): string {
  let turn: string;
  try {
    const g = hydrate(rec);
    const side = g.game.toMove(g.state) as Side;
    turn = `${md(rec.players[side].name)} to move (${sideName(rec, side)})`;
  } catch {
    // A damaged record is still worth listing (an admin may want to end it); its turn is unknown.
    turn = 'turn unknown (damaged record)';
  }
  const since = `<t:${Math.floor(rec.createdAt / 1000)}:R>`;
  return `${gameLink(rec)} · move ${rec.moves.length} · ${turn} · ${rec.rated ? 'rated' : 'casual'} · started ${since}`;
}

type GamesPayload = {
  content: string;
  embeds: EmbedBuilder[];
  components: ActionRowBuilder<MessageActionRowComponentBuilder>[];
  allowedMentions: { parse: [] };
};

export async function activeGames(ctx: BotContext, guildId: string, page = 0): Promise<GamesPayload> {
  // One more than the page tells whether an older page exists.
  const games = await ctx.store.games.listActive(guildId, (page + 1) * GAMES_SHOWN + 1);
  if (games.length === 0) {
    return {
      content: 'No games are being played in this server right now. Start one with `/challenge` or `/play-bot`!',
      embeds: [],
      components: [],
      allowedMentions: { parse: [] },
    };
  }
  // Games end while someone pages: show the last page that still has games.
  const last = Math.floor((games.length - 1) / GAMES_SHOWN);
  const at = Math.min(page, last);
  const shown = games.slice(at * GAMES_SHOWN, (at + 1) * GAMES_SHOWN);
  const older = games.length > (at + 1) * GAMES_SHOWN && at + 1 < MAX_PAGES;
  const first = at * GAMES_SHOWN + 1;
  const embed = new EmbedBuilder()
    .setTitle('Games in progress')
    .setColor(0x2ecc71)
    .setDescription(fitLines(shown.map(gameLine), 4096))
    .setFooter({
      text: `${at > 0 || older ? `Page ${at + 1} · games ${first}–${first + shown.length - 1}, newest first · ` : ''}Open a thread to watch.`,
    });
  const components: ActionRowBuilder<MessageActionRowComponentBuilder>[] = [];
  if (at > 0 || older) {
    // A disabled button still needs an id of its own: the page it would show is unique enough.
    components.push(
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(encodeCustomId({ kind: 'list', list: 'games', page: Math.max(0, at - 1) }))
          .setLabel('Newer')
          .setStyle(ButtonStyle.Secondary)
          .setDisabled(at === 0),
        new ButtonBuilder()
          .setCustomId(encodeCustomId({ kind: 'list', list: 'games', page: older ? at + 1 : at }))
          .setLabel('Older')
          .setStyle(ButtonStyle.Secondary)
          .setDisabled(!older),
      ),
    );
  }
  return { content: '', embeds: [embed], components, allowedMentions: { parse: [] } };
}

/** Newer / Older: redraws the list at that page, for everyone (the list is public). */
export async function handleGamesPage(ctx: BotContext, i: ButtonInteraction, page: number): Promise<void> {
  if (!i.guildId) refuse('use this in a server channel.');
  if (page >= MAX_PAGES) refuse(`the list stops after ${MAX_PAGES * GAMES_SHOWN} games.`);
  await i.update(await activeGames(ctx, i.guildId!, page));
}

export const command: Command = { data, execute };
