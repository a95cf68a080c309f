// The games of a tournament's pairings: where each stands, opening the
// round's games (one process per pairing, by lease), a leaver's game ended
// as their resignation, and the open games of a cancelled event closed. Each
// game ends through finish.ts like any other; its end comes back to the
// drive through the end-of-game call (ctx.onGameOver).
import { localeOf } from '../i18n/catalogue.js';
import type { Entrant, StoredGame, StoredTournament, TournamentPairing } from '../model/index.js';
import { isCorruptRecordError } from '../store/types.js';
import { postAnnouncement } from './announce.js';
import type { MatchContext } from './context.js';
import { resign } from './end.js';
import { finish } from './finish.js';
import { isRefusal } from './refusal.js';
import { startMatch } from './start.js';
import { RECHECK_MS, eventTitle, leavers, pairingGameId, pairingResult, roundPairings } from './tournament/event.js';

/**
 * A process opening a pairing's game holds it this long; another process
 * (or a retry after a failure, which may have posted the pairing already)
 * comes back after it: the regular look of the sweep.
 */
const OPEN_LEASE_MS = RECHECK_MS;

export type Reading =
  | { kind: 'result'; result: Pick<TournamentPairing, 'result' | 'forfeit'> }
  | { kind: 'open' }
  | { kind: 'missing' }
  | { kind: 'stuck' };

/** Where one pairing's game stands. */
export async function readPairing(ctx: MatchContext, t: StoredTournament, p: TournamentPairing): Promise<Reading> {
  let rec: StoredGame | null;
  try {
    rec = await ctx.store.games.get(pairingGameId(t.id, p.round, p.board));
  } catch (e) {
    if (!isCorruptRecordError(e)) throw e;
    return { kind: 'stuck' };
  }
  if (!rec) return { kind: 'missing' };
  const r = pairingResult(rec);
  if (r) return { kind: 'result', result: r };
  return rec.damaged ? { kind: 'stuck' } : { kind: 'open' };
}

/** A leaver's open game ends as their resignation (its end is entered like any other). */
export async function resignPairing(
  ctx: MatchContext,
  t: StoredTournament,
  p: TournamentPairing,
  userId: string,
): Promise<void> {
  try {
    const rec = await ctx.store.games.get(pairingGameId(t.id, p.round, p.board));
    if (rec?.status === 'active') await postAnnouncement(ctx, await resign(ctx, rec.channelId, userId));
  } catch (e) {
    // A refusal: it ended or moved meanwhile (the next look reads it again); the deadline ends it at worst.
    if (!isRefusal(e))
      ctx.log.warn(
        { err: e, tournamentId: t.id, round: p.round, board: p.board },
        'could not resign the game of a player who left',
      );
  }
}

/** The open games of a cancelled event end with no result. */
export async function closeCancelledGames(ctx: MatchContext, t: StoredTournament): Promise<void> {
  for (const p of roundPairings(t)) {
    if (p.result !== null || p.second === null) continue;
    try {
      await closeCancelledGame(ctx, t, pairingGameId(t.id, p.round, p.board));
    } catch (e) {
      ctx.log.error(
        { err: e, tournamentId: t.id, round: p.round, board: p.board },
        'could not close a game of a cancelled tournament',
      );
    }
  }
}

/** Ends one game of a cancelled event: aborted (no result, no rating change), with a note in its thread. */
async function closeCancelledGame(ctx: MatchContext, t: StoredTournament, gameId: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const rec = await ctx.store.games.get(gameId);
    if (rec?.status !== 'active') return;
    const f = await finish(ctx, rec, {
      status: 'aborted',
      result: { winner: null, draw: false, reason: 'cancelled' },
      lines: [{ key: 'tournament.gameCancelled', params: { event: eventTitle(t) } }],
    });
    if (f.ok) {
      await postAnnouncement(ctx, f.announcement);
      return;
    }
    // A move landed meanwhile: look again.
  }
  ctx.log.warn(
    { tournamentId: t.id, gameId },
    'a game of a cancelled tournament kept changing; the next sweep closes it',
  );
}

/**
 * Opens the games of the round being played that are not open yet. True when
 * the event changed while one opened (a Leave that landed meanwhile): the
 * caller looks at it again rather than at the next sweep.
 */
export async function openGames(ctx: MatchContext, t: StoredTournament): Promise<boolean> {
  if (t.roundDeadline !== null && ctx.now() >= t.roundDeadline) return false;
  let again = false;
  for (const p of roundPairings(t)) {
    if (p.result !== null || p.second === null) continue;
    try {
      again = (await openGame(ctx, t, p)) || again;
    } catch (e) {
      ctx.log.error({ err: e, tournamentId: t.id, round: p.round, board: p.board }, 'could not open a tournament game');
    }
  }
  return again;
}

async function openGame(ctx: MatchContext, t: StoredTournament, p: TournamentPairing): Promise<boolean> {
  const gameId = pairingGameId(t.id, p.round, p.board);
  if ((await readPairing(ctx, t, p)).kind !== 'missing') return false;
  if (!(await ctx.store.tournaments.lease(t.id, `open-${p.round}-${p.board}`, OPEN_LEASE_MS))) return false;
  // Opened by another process between the look and the lease?
  if ((await readPairing(ctx, t, p)).kind !== 'missing') return false;
  // Still to be played? (Cancelled, or a player left and it was forfeited, meanwhile.)
  if (!stillToPlay(await ctx.store.tournaments.get(t.id), p)) return false;
  const players: [Entrant, Entrant] = [entrant(t, p.first), entrant(t, p.second!)];
  const locale = localeOf(t.locale);
  const messageId = await ctx.notifier.post(t, {
    kind: 'text',
    locale,
    lines: [
      {
        key: 'tournament.pairingPost',
        params: {
          event: eventTitle(t),
          round: p.round,
          rounds: t.rounds ?? p.round,
          board: p.board,
          first: { user: players[0].id },
          second: { user: players[1].id },
          deadline: { time: t.roundDeadline ?? ctx.now() },
        },
      },
    ],
    ping: players.map((x) => x.id),
  });
  await startMatch(ctx, {
    id: gameId,
    game: t.game,
    setup: t.setup,
    players,
    rated: t.rated,
    guildId: t.guildId,
    channelId: t.channelId,
    messageId,
    locale,
    clockMs: t.clockMs,
  });
  // A Cancel or a Leave that landed while it opened: settle it now rather than at the next look.
  const latest = await ctx.store.tournaments.get(t.id);
  if (latest?.status === 'cancelled') await closeCancelledGame(ctx, latest, gameId);
  else if (!stillToPlay(latest, p)) return true;
  return false;
}

/** Whether a pairing is still to be played in this record: the event running, no result, nobody of it gone. */
function stillToPlay(t: StoredTournament | null, p: TournamentPairing): boolean {
  if (t?.status !== 'running') return false;
  const q = t.pairings.find((x) => x.round === p.round && x.board === p.board);
  const out = leavers(t);
  return !!q && q.result === null && !out.has(q.first) && (q.second === null || !out.has(q.second));
}

const entrant = (t: StoredTournament, id: string): Entrant => t.players.find((p) => p.id === id) ?? { id, name: '?' };
