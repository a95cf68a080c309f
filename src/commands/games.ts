// /games: the games being played in this server, newest first, with links
// to their threads so anyone can watch. One embed: the newest GAMES_SHOWN.
import { ChatInputCommandInteraction, EmbedBuilder, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import type { Command } from '../bot/command.js';
import type { BotContext } from '../bot/context.js';
import { refuse } from '../bot/errors.js';
import { beforeAnswer, hydrate } from '../bot/match.js';
import { fitLines, gameLink, md, sideName } from '../bot/messages.js';
import type { Side } from '../engine/game.js';
import type { StoredGame } from '../store/types.js';

/** Games listed: one line each, well inside an embed's 4096 characters. */
export const GAMES_SHOWN = 15;

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

export async function activeGames(ctx: BotContext, guildId: string): Promise<{ content?: string; embeds: EmbedBuilder[]; allowedMentions: { parse: [] } }> {
  // One more than shown tells whether there are more.
  const games = await ctx.store.games.listActive(guildId, GAMES_SHOWN + 1);
  if (games.length === 0) {
    return {
      content: 'No games are being played in this server right now. Start one with `/challenge` or `/play-bot`!',
      embeds: [],
      allowedMentions: { parse: [] },
    };
  }
  const shown = games.slice(0, GAMES_SHOWN);
  const embed = new EmbedBuilder()
    .setTitle('Games in progress')
    .setColor(0x2ecc71)
    .setDescription(fitLines(shown.map(gameLine), 4096))
    .setFooter({
      text: games.length > GAMES_SHOWN ? `The ${GAMES_SHOWN} newest games; more are being played. Open a thread to watch.` : 'Open a thread to watch.',
    });
  return { embeds: [embed], allowedMentions: { parse: [] } };
}

export const command: Command = { data, execute };
