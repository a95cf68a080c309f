// /leaderboard: the best established players of one game, in this server or
// everywhere (product.md "Around the matches"). Provisional players (see
// src/bot/standing.ts) stay off the board; the best few are named below it.
import { ChatInputCommandInteraction, EmbedBuilder, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import type { Command } from '../bot/command.js';
import type { BotContext } from '../bot/context.js';
import { refuse } from '../bot/errors.js';
import { beforeAnswer } from '../bot/match.js';
import { clipText, gameTitle, md } from '../bot/messages.js';
import { stringOption } from '../bot/options.js';
import { PROVISIONAL, PROVISIONAL_RULE, currentRd, isProvisional, plural, rankedFilter, ratingText, recordText } from '../bot/standing.js';
import type { GameId } from '../engine/game.js';
import { guildScope, isCorruptRecordError, type RatingScope } from '../store/types.js';
import { GAME_CHOICES, gameOption } from './shared.js';

/** Rows on the board: one embed, readable on a phone. */
export const BOARD_ROWS = 15;
/** Provisional players named under the board. */
const PROVISIONAL_SHOWN = 5;
const SCOPES = ['server', 'global'] as const;
const GAME_IDS = GAME_CHOICES.map((c) => c.value);

export const data = new SlashCommandBuilder()
  .setName('leaderboard')
  .setDescription('Top players by rating (Glicko-2), in this server or in all servers')
  .setContexts(InteractionContextType.Guild)
  .addStringOption(gameOption)
  .addStringOption((o) =>
    o
      .setName('scope')
      .setDescription('This server (default) or all servers')
      .addChoices({ name: 'this server', value: 'server' }, { name: 'global', value: 'global' }),
  );

export interface LeaderboardPayload {
  content?: string;
  embeds: EmbedBuilder[];
  allowedMentions: { parse: [] };
}

export async function execute(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void> {
  const game = stringOption(i.options, 'game', { required: true, choices: GAME_IDS });
  const scopeName = stringOption(i.options, 'scope', { choices: SCOPES }) ?? 'server';
  if (!i.guildId) refuse('leaderboards are per server: use this in a server channel.');
  const scope: RatingScope = scopeName === 'global' ? 'global' : guildScope(i.guildId!);
  const where = scopeName === 'global' ? 'all servers' : (i.guild?.name ?? 'this server');
  // Reading the board is quick, but a big global board may not be: defer if it takes a while.
  const payload = await beforeAnswer(ctx, i, () => leaderboard(ctx, game, scope, where, i.user.id));
  await (i.deferred ? i.editReply(payload) : i.reply(payload));
}

export async function leaderboard(ctx: BotContext, game: GameId, scope: RatingScope, where: string, viewerId: string): Promise<LeaderboardPayload> {
  const now = ctx.now();
  const filter = rankedFilter(now);
  const [rows, census, best] = await Promise.all([
    ctx.store.ratings.top(game, scope, BOARD_ROWS, filter),
    ctx.store.ratings.census(game, scope, filter),
    // The best-rated players overall, to name the provisional ones among them.
    ctx.store.ratings.top(game, scope, BOARD_ROWS + PROVISIONAL_SHOWN * 4),
  ]);
  const title = `${gameTitle(game)} leaderboard · ${clipText(md(where), 100)}`;
  const provisional = census.players - census.established;
  if (census.players === 0) {
    const here = scope === 'global' ? 'yet' : 'in this server yet';
    return {
      content: `Nobody has played a rated game of ${gameTitle(game)} ${here}. Start one with \`/challenge\` and \`rated:True\` to get on the board!`,
      embeds: [],
      allowedMentions: { parse: [] },
    };
  }
  // Mentions show as names only for members the viewer's app knows: fine here, not on the global board.
  const unranked = best.filter((e) => isProvisional(e, now)).slice(0, PROVISIONAL_SHOWN);
  const names = scope === 'global' ? await userNames(ctx, [...rows, ...unranked].map((e) => e.userId)) : new Map<string, string>();
  const who = (id: string): string => (names.has(id) ? `**${md(names.get(id)!)}**` : `<@${id}>`);
  const lines = rows.map((e) => `**${e.rank}.** ${who(e.userId)} · **${ratingText(e, now)}** · ${plural(e.games, 'game')} · ${recordText(e)}`);
  if (lines.length === 0) {
    lines.push(
      `Nobody is ranked yet: a player needs at least ${PROVISIONAL.minGames} rated games and a deviation of at most ±${PROVISIONAL.maxRd}. Keep playing rated games!`,
    );
  }
  const embed = new EmbedBuilder().setTitle(clipText(title, 256)).setColor(0xf1c40f).setDescription(clipText(lines.join('\n'), 4096));
  if (provisional > 0 && unranked.length > 0) {
    const more = provisional - unranked.length;
    const value = unranked.map((e) => `${who(e.userId)} ${Math.round(e.rating)}? ± ${Math.round(currentRd(e, now))} (${plural(e.games, 'game')})`).join('\n');
    embed.addFields({ name: 'Provisional (not ranked yet)', value: clipText(more > 0 ? `${value}\n…and ${more} more` : value, 1024) });
  }
  // A damaged record of the viewer's leaves their line off; the board itself skips damaged records.
  const viewer = await ctx.store.ratings.rank(game, viewerId, scope, filter).catch((e: unknown) => {
    if (isCorruptRecordError(e)) return null;
    throw e;
  });
  if (viewer !== null && viewer > rows.length) embed.addFields({ name: 'You', value: `#${viewer}` });
  embed.setFooter({
    text: clipText(
      `Glicko-2 rating ± deviation · ${plural(census.established, 'ranked player')} · ${plural(provisional, 'provisional player')} (${PROVISIONAL_RULE})`,
      2048,
    ),
  });
  return { embeds: [embed], allowedMentions: { parse: [] } };
}

/** Display names from the client's cache, else fetched (cached after); a user that cannot be found keeps the mention. */
async function userNames(ctx: BotContext, ids: string[]): Promise<Map<string, string>> {
  const found = await Promise.all(
    ids.map(async (id) => {
      const u = ctx.client.users.cache.get(id) ?? (await ctx.client.users.fetch(id).catch(() => null));
      return u ? ([id, u.displayName || u.username] as const) : null;
    }),
  );
  return new Map(found.filter((x): x is readonly [string, string] => x !== null));
}

export const command: Command = { data, execute };
