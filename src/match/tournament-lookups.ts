// Tournaments as other commands look them up: the event /tournament
// standings shows, and the events a player won (/stats).
import type { StoredTournament } from '../model/index.js';
import { isCorruptRecordError } from '../store/types.js';
import type { MatchContext } from './context.js';
import { refuse } from './refusal.js';
import { parsePairingGameId } from './tournament/event.js';
import { loadTournament } from './tournament-record.js';

/**
 * The event `/tournament standings` shows: by id (this server's), else that of this pairing's thread, else the newest
 * of this channel, else of the server.
 */
export async function findTournament(
  ctx: MatchContext,
  guildId: string,
  channelId: string,
  id: string | null,
): Promise<StoredTournament> {
  // In a pairing's thread: that game's event.
  id ??= await ctx.store.channels
    .latest(channelId)
    .then((g) => (g ? (parsePairingGameId(g.id)?.tournamentId ?? null) : null))
    .catch((e: unknown) => {
      // A damaged game record here only loses the hint: the channel's newest event is shown.
      if (!isCorruptRecordError(e)) throw e;
      return null;
    });
  if (id) {
    const t = await loadTournament(ctx, id);
    if (t.guildId !== guildId) refuse('tournament.gone');
    return t;
  }
  const list = await ctx.store.tournaments.listByGuild(guildId, 25);
  return list.find((t) => t.channelId === channelId) ?? list[0] ?? refuse('tournament.noneHere');
}

/** Events a player won in this server, newest first (for /stats). */
export async function tournamentWins(
  ctx: MatchContext,
  userId: string,
  guildId: string,
  limit = 5,
): Promise<StoredTournament[]> {
  const out: StoredTournament[] = [];
  for (const id of await ctx.store.tournaments.wins(userId, 25)) {
    try {
      const t = await ctx.store.tournaments.get(id);
      if (t?.guildId === guildId) out.push(t);
    } catch (e) {
      // A damaged event only drops out of this list (/stats still answers); its own sweep and card say more.
      if (!isCorruptRecordError(e)) throw e;
      ctx.log.warn({ err: e, tournamentId: id }, 'unreadable tournament skipped in a player’s wins');
    }
    if (out.length >= limit) break;
  }
  return out;
}
