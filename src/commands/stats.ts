// /stats: one player's ratings (this server and global), leaderboard
// positions, record, streak and recent games in this server with links.
// Outside a server that added the bot (DMs, group DMs, servers where only
// the user installed the app) there is no server board: the global one only,
// and the recent games played in such a place.
import { EmbedBuilder, SlashCommandBuilder } from 'discord.js';
import type { GameId } from '../engine/game.js';
import type { Locale } from '../i18n/catalogue.js';
import type { Msg } from '../i18n/msg.js';
import {
  eventTitle,
  GLOBAL_SEASONS,
  isProvisional,
  provisionalRule,
  rankedFilter,
  ratingMsg,
  recordMsg,
  refuse,
  seasonId,
  seasonMsg,
  serverSeasons,
  sideOf,
  streakMsg,
  titleMsg,
  tournamentWins,
} from '../match/index.js';
import { guildScope, seasonScope, type RatingScope, type RatingSnapshot, type StoredGame } from '../model/index.js';
import { isCorruptRecordError } from '../store/types.js';
import type { Command, CommandContext } from './kit/command.js';
import { everywhere } from './kit/contexts.js';
import { gameIds } from './kit/game-options.js';
import { choice, described } from './kit/localize.js';
import { stringOption, userOption } from './kit/options.js';
import { displayName } from './kit/people.js';
import { serverHere } from './kit/place.js';
import { channelUrl, type MessagePayload } from './kit/posts.js';
import { clipText, fitLines, t, text } from './kit/text.js';
import { allGames } from '../engine/index.js';

const RECENT = 5;
/** Games read to find the recent ones of this server (and game): a user's index holds all their games. */
const RECENT_SCAN = 40;

export const data = everywhere(described(new SlashCommandBuilder().setName('stats'), 'cmd.stats.description'))
  .addUserOption((o) => described(o.setName('user'), 'cmd.stats.user'))
  .addStringOption((o) =>
    described(o.setName('game'), 'cmd.stats.game').addChoices(
      ...allGames().map((g) => choice(`game.${g.id}.title`, g.id)),
    ),
  );

export const command: Command = {
  data,
  async execute(ctx, i) {
    const user = userOption(i.options, 'user');
    const game = stringOption(i.options, 'game', { choices: gameIds() });
    if (user?.bot) refuse('stats.bot');
    // The server nickname when Discord sent the member along, as for the caller.
    const who = user
      ? { id: user.id, name: displayName({ user, member: i.options.getMember('user') }) }
      : { id: i.user.id, name: displayName(i) };
    const games = game ? [game] : gameIds();
    const data = await readStats(ctx, { server: serverHere(i), guildId: i.guildId }, who.id, games);
    return { kind: 'message', ephemeral: false, build: (locale) => statsPayload(locale, who, games, data) };
  },
};

interface ScopeLine {
  label: Msg;
  snapshot: RatingSnapshot | null;
  rank: number | null;
  unreadable: boolean;
  /** The same board's current season, when it has one. */
  season?: { id: string; snapshot: RatingSnapshot; rank: number | null } | null;
}

/**
 * `server`: the server that added the bot where /stats runs (null: the global board only); `guildId`: the server it
 * runs in, if any (whose games are the recent ones).
 */
async function readStats(
  ctx: CommandContext,
  where: { server: string | null; guildId: string | null },
  userId: string,
  games: readonly GameId[],
) {
  const now = ctx.now();
  const filter = rankedFilter(now);
  const { server } = where;
  const length = server ? await serverSeasons(ctx, server) : null;
  const seasons = { server: length ? seasonId(length, now) : null, global: seasonId(GLOBAL_SEASONS, now) };
  const perGame = await Promise.all(
    games.map(async (game) => {
      const scopes: [Msg, 'global' | `guild:${string}`, string | null][] = [
        ...(server
          ? [
              [{ key: 'stats.thisServer' }, guildScope(server), seasons.server] as [
                Msg,
                `guild:${string}`,
                string | null,
              ],
            ]
          : []),
        [{ key: 'stats.global' }, 'global', seasons.global],
      ];
      const out: ScopeLine[] = [];
      for (const [label, scope, season] of scopes) {
        try {
          const [s, rank] = await Promise.all([
            ctx.store.ratings.get(game, userId, scope),
            ctx.store.ratings.rank(game, userId, scope, filter),
          ]);
          out.push({
            label,
            snapshot: s,
            rank,
            unreadable: false,
            season: season ? await seasonLine(ctx, game, userId, seasonScope(scope, season), season, filter) : null,
          });
        } catch (e) {
          // One damaged record must not hide the rest of the stats.
          if (!isCorruptRecordError(e)) throw e;
          ctx.log.warn({ err: e, userId, game }, 'corrupt rating record');
          out.push({ label, snapshot: null, rank: null, unreadable: true });
        }
      }
      // The puzzle rating (issue 20): the puzzles' book, apart from the games'.
      const puzzles = await ctx.store.puzzleRatings.get(game, userId, 'global').catch((e: unknown) => {
        if (!isCorruptRecordError(e)) throw e;
        ctx.log.warn({ err: e, userId, game }, 'corrupt puzzle rating record');
        return null;
      });
      return { game, scopes: out, puzzles };
    }),
  );
  // Only this server's games (outside servers: those played outside servers): links elsewhere would not open for the
  // people here.
  const recent = (await ctx.store.gameIndex.listByUser(userId, RECENT_SCAN))
    .filter((g) => g.guildId === where.guildId && games.includes(g.game))
    .slice(0, RECENT);
  const won = server ? await tournamentWins(ctx, userId, server) : [];
  return { now, perGame, recent, won };
}

/** The player's line on the current season's board, or null before their first game of it. */
async function seasonLine(
  ctx: CommandContext,
  game: GameId,
  userId: string,
  scope: RatingScope,
  id: string,
  filter: ReturnType<typeof rankedFilter>,
) {
  const [snapshot, rank] = await Promise.all([
    ctx.store.ratings.get(game, userId, scope),
    ctx.store.ratings.rank(game, userId, scope, filter),
  ]);
  return snapshot.games > 0 ? { id, snapshot, rank } : null;
}

/**
 * "won vs Bob", "lost vs Bob", "draw vs Bob", "in progress vs Bob (move 12)", "aborted vs Bob" — from this player's
 * side.
 */
function outcomeFor(rec: StoredGame, userId: string): Msg {
  const side = sideOf(rec, userId) ?? (rec.players[0].id === userId ? 0 : 1);
  const opp = { name: rec.players[side === 0 ? 1 : 0].name };
  if (rec.status === 'active') return { key: 'stats.outcome.inProgress', params: { opp, moves: rec.moves.length } };
  if (rec.status === 'aborted' || !rec.result) return { key: 'stats.outcome.aborted', params: { opp } };
  if (rec.result.draw || rec.result.winner === null) return { key: 'stats.outcome.draw', params: { opp } };
  return { key: rec.result.winner === side ? 'stats.outcome.won' : 'stats.outcome.lost', params: { opp } };
}

function recentLine(locale: Locale, rec: StoredGame, userId: string): string {
  const title = text(locale, titleMsg(rec.game));
  const link = rec.guildId ? `[${title}](${channelUrl(rec.guildId, rec.channelId)})` : title;
  return t(locale, 'stats.recentLine', {
    link,
    outcome: outcomeFor(rec, userId),
    rated: { key: rec.rated ? 'common.rated' : 'common.casual' },
    when: { time: rec.updatedAt },
    id: { code: rec.id },
  });
}

function statsPayload(
  locale: Locale,
  who: { id: string; name: string },
  games: readonly GameId[],
  d: Awaited<ReturnType<typeof readStats>>,
): MessagePayload {
  const embed = new EmbedBuilder()
    .setTitle(clipText(t(locale, 'stats.title', { name: { name: who.name } }), 256))
    .setColor(0x5865f2);
  const head = [`<@${who.id}>`];
  let anyPlayed = false;
  for (const g of d.perGame) {
    const rows: string[] = [];
    let played = false;
    let streak = 0;
    for (const s of g.scopes) {
      if (s.unreadable) rows.push(t(locale, 'stats.unreadable', { scope: s.label }));
      else if (!s.snapshot || s.snapshot.games === 0) rows.push(t(locale, 'stats.noRated', { scope: s.label }));
      else {
        played = true;
        // The global streak (it counts every rated game); this server's when the global record is unreadable.
        streak = s.snapshot.streak;
        const place: Msg =
          s.rank !== null
            ? { key: 'stats.rank', params: { rank: s.rank } }
            : { key: isProvisional(s.snapshot, d.now) ? 'stats.provisional' : 'stats.unranked' };
        rows.push(
          t(locale, 'stats.scopeLine', {
            scope: s.label,
            rating: ratingMsg(s.snapshot, d.now),
            place,
            games: s.snapshot.games,
            record: recordMsg(s.snapshot),
          }),
        );
        const season = s.season;
        if (season) {
          const seasonPlace: Msg =
            season.rank !== null
              ? { key: 'stats.rank', params: { rank: season.rank } }
              : { key: isProvisional(season.snapshot, d.now) ? 'stats.provisional' : 'stats.unranked' };
          rows.push(
            t(locale, 'season.statsLine', {
              season: seasonMsg(season.id),
              rating: ratingMsg(season.snapshot, d.now),
              place: seasonPlace,
              games: season.snapshot.games,
            }),
          );
        }
      }
    }
    if (played) rows.push(t(locale, 'stats.streak', { streak: streakMsg(streak) }));
    if (g.puzzles && g.puzzles.games > 0) {
      rows.push(
        t(locale, 'puzzle.statsLine', { rating: g.puzzles.rating, solved: g.puzzles.wins, tries: g.puzzles.games }),
      );
      played = true;
    }
    anyPlayed ||= played;
    embed.addFields({ name: text(locale, titleMsg(g.game)), value: clipText(rows.join('\n'), 1024) });
  }
  if (!anyPlayed)
    head.push(
      games.length === 1
        ? t(locale, 'stats.noRatedGamesOf', { game: titleMsg(games[0]) })
        : t(locale, 'stats.noRatedGames'),
    );
  embed.setDescription(head.join('\n'));
  embed.addFields({
    name: t(locale, 'stats.recentTitle'),
    value: d.recent.length
      ? fitLines(
          locale,
          d.recent.map((g) => recentLine(locale, g, who.id)),
          1024,
        )
      : t(locale, 'stats.recentNone'),
  });
  if (d.won.length) {
    embed.addFields({
      name: t(locale, 'tournament.statsTitle'),
      value: fitLines(
        locale,
        d.won.map((tr) =>
          t(locale, 'tournament.statsLine', {
            event: eventTitle(tr),
            when: { time: tr.finishedAt ?? tr.createdAt, style: 'D' },
          }),
        ),
        1024,
      ),
    });
  }
  embed.setFooter({ text: clipText(t(locale, 'stats.footer', { rule: provisionalRule }), 2048) });
  return { embeds: [embed], allowedMentions: { parse: [] } };
}
