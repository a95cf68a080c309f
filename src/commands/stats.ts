// /stats: one player's ratings (this server and global), leaderboard
// positions, record, streak and recent games in this server with links.
import { ChatInputCommandInteraction, EmbedBuilder, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import type { Command } from '../bot/command.js';
import type { BotContext } from '../bot/context.js';
import { refuse } from '../bot/errors.js';
import { beforeAnswer, sideOf } from '../bot/match.js';
import { channelUrl, clipText, fitLines, gameTitle, md } from '../bot/messages.js';
import { stringOption, userOption } from '../bot/options.js';
import { PROVISIONAL_RULE, isProvisional, plural, rankedFilter, ratingText, recordText, streakText } from '../bot/standing.js';
import type { GameId } from '../engine/game.js';
import { guildScope, isCorruptRecordError, type RatingScope, type RatingSnapshot, type StoredGame } from '../store/types.js';
import { GAME_CHOICES, displayName } from './shared.js';

const RECENT = 5;
/** Games read to find the recent ones of this server (and game): a user's index holds all their games. */
const RECENT_SCAN = 40;
const GAME_IDS = GAME_CHOICES.map((c) => c.value);

export const data = new SlashCommandBuilder()
  .setName('stats')
  .setDescription('Ratings, record, streak and recent games of a player')
  .setContexts(InteractionContextType.Guild)
  .addUserOption((o) => o.setName('user').setDescription('Whose stats (you when left out)'))
  .addStringOption((o) => o.setName('game').setDescription('Only this game').addChoices(...GAME_CHOICES));

export async function execute(ctx: BotContext, i: ChatInputCommandInteraction): Promise<void> {
  const user = userOption(i.options, 'user');
  const game = stringOption(i.options, 'game', { choices: GAME_IDS });
  if (user?.bot) refuse('bots have no ratings here. The built-in AI is played with `/play-bot`.');
  if (!i.guildId) refuse('stats are shown in servers: use this in a server channel.');
  // The server nickname when Discord sent the member along, as for the caller.
  const who = user ? { id: user.id, name: displayName({ user, member: i.options.getMember('user') }) } : { id: i.user.id, name: displayName(i) };
  const payload = await beforeAnswer(ctx, i, () => stats(ctx, i.guildId!, who, game ? [game] : GAME_IDS));
  await (i.deferred ? i.editReply(payload) : i.reply(payload));
}

async function gameField(ctx: BotContext, game: GameId, guildId: string, userId: string): Promise<{ name: string; value: string; played: boolean }> {
  const now = ctx.now();
  const filter = rankedFilter(now);
  const scopes: [string, RatingScope][] = [
    ['This server', guildScope(guildId)],
    ['Global', 'global'],
  ];
  const lines: string[] = [];
  let played = false;
  let streak = 0;
  for (const [label, scope] of scopes) {
    let s: RatingSnapshot;
    let rank: number | null;
    try {
      [s, rank] = await Promise.all([ctx.store.ratings.get(game, userId, scope), ctx.store.ratings.rank(game, userId, scope, filter)]);
    } catch (e) {
      // One damaged record must not hide the rest of the stats.
      if (!isCorruptRecordError(e)) throw e;
      ctx.log.warn({ err: e, userId, game }, 'corrupt rating record');
      lines.push(`**${label}:** rating record unreadable`);
      continue;
    }
    if (s.games === 0) {
      lines.push(`**${label}:** no rated games`);
      continue;
    }
    played = true;
    // The global streak (it counts every rated game); this server's when the global record is unreadable.
    streak = s.streak;
    const place = rank !== null ? `#${rank}` : isProvisional(s, now) ? 'provisional' : 'unranked';
    lines.push(`**${label}:** ${ratingText(s, now)} · ${place} · ${plural(s.games, 'game')} · ${recordText(s)}`);
  }
  if (played) lines.push(`**Streak:** ${streakText(streak)}`);
  return { name: gameTitle(game), value: clipText(lines.join('\n'), 1024), played };
}

/** "won vs Bob", "lost vs Bob", "draw vs Bob", "in progress vs Bob", "aborted vs Bob" — from this player's side. */
function outcomeFor(rec: StoredGame, userId: string): string {
  const side = sideOf(rec, userId) ?? (rec.players[0].id === userId ? 0 : 1);
  const opp = rec.players[side === 0 ? 1 : 0];
  const vs = `vs ${md(opp.name)}`;
  if (rec.status === 'active') return `in progress ${vs} (move ${rec.moves.length})`;
  if (rec.status === 'aborted' || !rec.result) return `aborted ${vs}`;
  if (rec.result.draw || rec.result.winner === null) return `draw ${vs}`;
  return `${rec.result.winner === side ? 'won' : 'lost'} ${vs}`;
}

function recentLine(rec: StoredGame, userId: string): string {
  const when = Math.floor(rec.updatedAt / 1000);
  const title = gameTitle(rec.game);
  const link = rec.guildId ? `[${title}](${channelUrl(rec.guildId, rec.channelId)})` : title;
  return `${link} · ${outcomeFor(rec, userId)} · ${rec.rated ? 'rated' : 'casual'} · <t:${when}:R> · \`${rec.id}\``;
}

export async function stats(
  ctx: BotContext,
  guildId: string,
  who: { id: string; name: string },
  games: readonly GameId[],
): Promise<{ embeds: EmbedBuilder[]; allowedMentions: { parse: [] } }> {
  const fields = await Promise.all(games.map((g) => gameField(ctx, g, guildId, who.id)));
  // Only this server's games: links elsewhere would not open for the people here.
  const recent = (await ctx.store.games.listByUser(who.id, RECENT_SCAN))
    .filter((g) => g.guildId === guildId && games.includes(g.game))
    .slice(0, RECENT);
  const embed = new EmbedBuilder().setTitle(clipText(`Stats · ${md(who.name)}`, 256)).setColor(0x5865f2);
  const lines = [`<@${who.id}>`];
  if (!fields.some((f) => f.played)) lines.push(games.length === 1 ? `No rated ${gameTitle(games[0])} games yet.` : 'No rated games yet.');
  embed.setDescription(lines.join('\n'));
  for (const f of fields) embed.addFields({ name: f.name, value: f.value });
  embed.addFields({
    name: 'Recent games in this server',
    value: recent.length ? fitLines(recent.map((g) => recentLine(g, who.id)), 1024) : 'None yet. Play one with `/challenge` or `/play-bot`.',
  });
  embed.setFooter({ text: `Rating ± deviation (Glicko-2); "?" marks a provisional rating: ${PROVISIONAL_RULE}.` });
  return { embeds: [embed], allowedMentions: { parse: [] } };
}

export const command: Command = { data, execute };
