// /leaderboard: the best established players of one game, in this server or
// everywhere. Provisional players (src/match/standing.ts) stay off the
// board; the best few are named below it. Outside a server that added the
// bot only the global board exists (games there count for it alone).
import { EmbedBuilder, SlashCommandBuilder } from 'discord.js';
import type { GameId } from '../engine/game.js';
import type { Locale } from '../i18n/catalogue.js';
import {
  PROVISIONAL,
  boardScope,
  currentRd,
  isProvisional,
  provisionalRule,
  rankedFilter,
  ratingMsg,
  recordMsg,
  refuse,
  seasonMsg,
  serverSeasons,
  titleMsg,
  type SeasonChoice,
} from '../match/index.js';
import { guildScope, type RatingScope } from '../model/index.js';
import { isCorruptRecordError } from '../store/types.js';
import type { Command, CommandContext } from './kit/command.js';
import { everywhere } from './kit/contexts.js';
import { gameIds, gameOption } from './kit/game-options.js';
import { choice, described } from './kit/localize.js';
import { stringOption } from './kit/options.js';
import { serverHere } from './kit/place.js';
import type { MessagePayload } from './kit/posts.js';
import { clipText, t } from './kit/text.js';

/** Rows on the board: one embed, readable on a phone. */
export const BOARD_ROWS = 15;
/** Provisional players named under the board. */
const PROVISIONAL_SHOWN = 5;
const SCOPES = ['server', 'global'] as const;
const SEASONS = ['current', 'previous', 'all-time'] as const satisfies readonly SeasonChoice[];

export const data = everywhere(
  described(new SlashCommandBuilder().setName('leaderboard'), 'cmd.leaderboard.description'),
)
  .addStringOption((o) => gameOption(o))
  .addStringOption((o) =>
    described(o.setName('scope'), 'cmd.leaderboard.scope').addChoices(
      choice('cmd.leaderboard.scopeServer', 'server'),
      choice('cmd.leaderboard.scopeGlobal', 'global'),
    ),
  )
  .addStringOption((o) =>
    described(o.setName('season'), 'season.option').addChoices(...SEASONS.map((c) => choice(`season.choice.${c}`, c))),
  );

export const command: Command = {
  data,
  async execute(ctx, i) {
    const game = stringOption(i.options, 'game', { required: true, choices: gameIds() });
    const server = serverHere(i);
    const scopeName = stringOption(i.options, 'scope', { choices: SCOPES }) ?? (server ? 'server' : 'global');
    const seasonChoice = stringOption(i.options, 'season', { choices: SEASONS }) ?? 'all-time';
    if (scopeName === 'server' && !server) return refuse('leaderboard.noServerBoard');
    const base = scopeName === 'global' || !server ? 'global' : guildScope(server);
    const board = boardScope(
      base,
      seasonChoice,
      base === 'global' || !server ? null : await serverSeasons(ctx, server),
      ctx.now(),
    );
    if (!board) return refuse('season.off');
    const where = scopeName === 'global' ? null : (i.guild?.name ?? null);
    const data = await readBoard(ctx, game, board.scope, i.user.id);
    return {
      kind: 'message',
      ephemeral: false,
      build: (locale) => leaderboardPayload(locale, game, board.scope, where, data, board.season),
    };
  },
};

type Board = Awaited<ReturnType<typeof readBoard>>;

async function readBoard(ctx: CommandContext, game: GameId, scope: RatingScope, viewerId: string) {
  const now = ctx.now();
  const filter = rankedFilter(now);
  const [rows, census, best] = await Promise.all([
    ctx.store.ratings.top(game, scope, BOARD_ROWS, filter),
    ctx.store.ratings.census(game, scope, filter),
    // The best-rated players overall, to name the provisional ones among them.
    ctx.store.ratings.top(game, scope, BOARD_ROWS + PROVISIONAL_SHOWN * 4),
  ]);
  const unranked = best.filter((e) => isProvisional(e, now)).slice(0, PROVISIONAL_SHOWN);
  // Mentions show as names only for members the viewer's app knows: fine here, not on the global board.
  const names = scope.startsWith('global')
    ? await userNames(
        ctx,
        [...rows, ...unranked].map((e) => e.userId),
      )
    : new Map<string, string>();
  // A damaged record of the viewer's leaves their line off; the board itself skips damaged records.
  const viewer = await ctx.store.ratings.rank(game, viewerId, scope, filter).catch((e: unknown) => {
    if (isCorruptRecordError(e)) return null;
    throw e;
  });
  return { now, rows, census, unranked, names, viewer };
}

export function leaderboardPayload(
  locale: Locale,
  game: GameId,
  scope: RatingScope,
  where: string | null,
  b: Board,
  season: string | null = null,
): MessagePayload {
  const { now, rows, census, unranked, names, viewer } = b;
  const provisional = census.players - census.established;
  if (census.players === 0 && season)
    return {
      content: t(locale, 'season.empty', { game: titleMsg(game), season: seasonMsg(season) }),
      allowedMentions: { parse: [] },
    };
  if (census.players === 0) {
    return {
      content: t(locale, scope === 'global' ? 'leaderboard.emptyGlobal' : 'leaderboard.emptyServer', {
        game: titleMsg(game),
      }),
      allowedMentions: { parse: [] },
    };
  }
  const who = (id: string) =>
    names.has(id)
      ? ({ key: 'leaderboard.boldName', params: { name: { name: names.get(id)! } } } as const)
      : { user: id };
  const lines = rows.map((e) =>
    t(locale, 'leaderboard.row', {
      rank: e.rank,
      who: who(e.userId),
      rating: ratingMsg(e, now),
      games: e.games,
      record: recordMsg(e),
    }),
  );
  if (lines.length === 0)
    lines.push(t(locale, 'leaderboard.nobodyRanked', { games: PROVISIONAL.minGames, rd: PROVISIONAL.maxRd }));
  const place = where === null ? ({ key: 'leaderboard.allServers' } as const) : { name: where.slice(0, 100) };
  const title = season
    ? t(locale, 'season.boardTitle', { game: titleMsg(game), where: place, season: seasonMsg(season) })
    : t(locale, 'leaderboard.title', { game: titleMsg(game), where: place });
  const embed = new EmbedBuilder()
    .setTitle(clipText(title, 256))
    .setColor(0xf1c40f)
    .setDescription(clipText(lines.join('\n'), 4096));
  if (provisional > 0 && unranked.length > 0) {
    const more = provisional - unranked.length;
    const value = unranked.map((e) =>
      t(locale, 'leaderboard.provisionalRow', {
        who: who(e.userId),
        rating: Math.round(e.rating),
        rd: Math.round(currentRd(e, now)),
        games: e.games,
      }),
    );
    if (more > 0) value.push(t(locale, 'common.andMore', { n: more }));
    embed.addFields({ name: t(locale, 'leaderboard.provisionalTitle'), value: clipText(value.join('\n'), 1024) });
  }
  if (viewer !== null && viewer > rows.length)
    embed.addFields({ name: t(locale, 'leaderboard.you'), value: `#${viewer}` });
  embed.setFooter({
    text: clipText(
      t(locale, 'leaderboard.footer', { ranked: census.established, provisional, rule: provisionalRule }),
      2048,
    ),
  });
  return { embeds: [embed], allowedMentions: { parse: [] } };
}

/**
 * Display names from the client's cache, else fetched (cached after); a user that cannot be found keeps the mention.
 */
async function userNames(ctx: CommandContext, ids: string[]): Promise<Map<string, string>> {
  const found = await Promise.all(
    ids.map(async (id) => {
      const u = ctx.client.users.cache.get(id) ?? (await ctx.client.users.fetch(id).catch(() => null));
      return u ? ([id, u.displayName || u.username] as const) : null;
    }),
  );
  return new Map(found.filter((x): x is readonly [string, string] => x !== null));
}
