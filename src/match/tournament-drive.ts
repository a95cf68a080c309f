// Driving a tournament: whatever is due is done, once. Close sign-up at its
// time; enter the results of ended games, adjudicate the games still open at
// the round deadline, pair the next round, open its games; post the winners
// (or a cancelled event's note). Every change is a compare-and-set on the
// tournament's version (the steps are the pure tournament/event.ts); the work
// around a change goes to one process at a time through leases, and `drive`
// redoes whatever is missing, so the end-of-game call (ctx.onGameOver), a
// button and the sweep may all meet on one event after a restart or across
// processes. The card is redrawn once per change: here for the drive's own
// changes, by the button's answer for a click's.
import { localeOf } from '../i18n/catalogue.js';
import type { Msg } from '../i18n/msg.js';
import { guildScope, type StoredGame, type StoredTournament, type TournamentPairing } from '../model/index.js';
import { isCorruptRecordError } from '../store/types.js';
import type { MatchContext, TextPost } from './context.js';
import { endOnTime } from './sweeps/clock.js';
import {
  MIN_PLAYERS,
  enterResults,
  eventTitle,
  leavers,
  pairingGameId,
  parsePairingGameId,
  roundPairings,
  startEvent,
} from './tournament/event.js';
import { closeCancelledGames, openGames, readPairing, resignPairing } from './tournament-games.js';
import { mutate, refreshCard } from './tournament-record.js';

/** A process posting the winners holds it this long; the sweep retries after. */
const ANNOUNCE_LEASE_MS = 2 * 60_000;

const isOver = (t: StoredTournament): boolean => t.status === 'finished' || t.status === 'cancelled';

/**
 * Looks at one event and does what is due. Safe to run anywhere, any time,
 * in several processes at once. Returns whether it changed anything.
 */
export async function drive(ctx: MatchContext, id: string): Promise<boolean> {
  let t = await ctx.store.tournaments.get(id);
  if (!t) return false;
  const now = ctx.now();
  let changed = false;
  if (t.status === 'signup' && t.startsAt !== null && now >= t.startsAt) {
    const ratings = await seedRatings(ctx, t);
    const res = await mutate(ctx, id, (x) => {
      if (x.status !== 'signup' || x.startsAt === null || now < x.startsAt) return null;
      if (x.players.length < MIN_PLAYERS)
        return {
          ...x,
          status: 'cancelled',
          endNote: 'too-few-players',
          finishedAt: now,
          announced: false,
          wakeAt: now,
        };
      return startEvent(x, ratings, now);
    });
    t = res.after;
    changed ||= res.changed;
  }
  if (t.status === 'running') {
    const res = await enterDue(ctx, t, now);
    t = res.t;
    changed ||= res.changed;
  }
  // A Leave that landed while a game opened: settle it now rather than at the next look.
  if (t.status === 'running' && (await openGames(ctx, t))) await drive(ctx, id);
  if (t.status === 'cancelled' && !t.announced) await closeCancelledGames(ctx, t);
  // An event that has just ended is drawn by whoever announces it, once.
  if (changed && !isOver(t)) await refreshCard(ctx, id);
  if (isOver(t) && !t.announced) changed = (await announce(ctx, t)) || changed;
  return changed;
}

/**
 * Results of the round being played, and adjudication once its deadline has
 * passed. A pairing with a player who has left is settled at once: their open
 * game as their resignation, a game not opened yet as their forfeit.
 */
async function enterDue(
  ctx: MatchContext,
  t: StoredTournament,
  now: number,
): Promise<{ t: StoredTournament; changed: boolean }> {
  const pending = roundPairings(t).filter((p) => p.result === null);
  const late = t.roundDeadline !== null && now >= t.roundDeadline;
  const out = leavers(t);
  const results = new Map<number, Pick<TournamentPairing, 'result' | 'forfeit'>>();
  for (const p of pending) {
    const gone = [p.first, p.second].filter((x): x is string => x !== null && out.has(x));
    let r = await readPairing(ctx, t, p);
    if (gone.length && r.kind === 'open') {
      // Left while it was opening (or a lost resignation): it ends as theirs now.
      await resignPairing(ctx, t, p, gone[0]);
      r = await readPairing(ctx, t, p);
    }
    if (late && r.kind === 'open') {
      // The round's time is up: the game ends as if its clock ran out; its end is read back.
      await endOnTime(ctx, pairingGameId(t.id, p.round, p.board));
      r = await readPairing(ctx, t, p);
    }
    if (r.kind === 'result') results.set(p.board, r.result);
    // Never opened (or unreadable) and a player has left: their forfeit, now.
    else if (gone.length && r.kind !== 'open') results.set(p.board, leaverForfeit(p, gone));
    // A game that never opened, or whose record is damaged, cannot be played: both forfeit at the deadline.
    else if (late && (r.kind === 'missing' || r.kind === 'stuck'))
      results.set(p.board, { result: 'double-forfeit', forfeit: true });
  }
  if (results.size === 0) return { t, changed: false };
  const round = t.round;
  const res = await mutate(ctx, t.id, (x) =>
    x.status === 'running' && x.round === round ? enterResults(x, results, now) : null,
  );
  return { t: res.after, changed: res.changed };
}

/** The result of a pairing a leaver did not play: a forfeit win for the other, both forfeit if both left. */
function leaverForfeit(p: TournamentPairing, gone: string[]): Pick<TournamentPairing, 'result' | 'forfeit'> {
  if (gone.length > 1) return { result: 'double-forfeit', forfeit: true };
  return { result: gone[0] === p.first ? 'second' : 'first', forfeit: true };
}

/** The players' ratings in this server's all-time board (the Swiss initial order). */
export async function seedRatings(ctx: MatchContext, t: StoredTournament): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  await Promise.all(
    t.players.map(async (p) => {
      try {
        const s = await ctx.store.ratings.get(t.game, p.id, guildScope(t.guildId));
        if (s.games > 0) out.set(p.id, s.rating);
      } catch (e) {
        // A damaged rating only costs a seed: the player is seeded as unrated.
        if (!isCorruptRecordError(e)) throw e;
      }
    }),
  );
  return out;
}

/**
 * The end of an event, once (lease, then the record says so): its card
 * redrawn, then the winners' post or the note of a cancelled event.
 */
async function announce(ctx: MatchContext, t: StoredTournament): Promise<boolean> {
  if (!(await ctx.store.tournaments.lease(t.id, 'announce', ANNOUNCE_LEASE_MS))) return false;
  if (t.status === 'finished')
    await Promise.all(t.winners.map((w) => ctx.store.tournaments.addWin(w, t.id, t.finishedAt ?? ctx.now())));
  await refreshCard(ctx, t.id);
  try {
    if (t.status === 'finished') await ctx.notifier.post(t, { kind: 'tournament', tournament: t, view: 'final' });
    else await ctx.notifier.post(t, cancelNote(t));
  } catch (e) {
    // The card says it too; the post is not retried (it could end up twice).
    ctx.log.error({ err: e, tournamentId: t.id }, 'could not post the end of a tournament');
  }
  await mutate(ctx, t.id, (x) => (x.announced ? null : { ...x, announced: true, wakeAt: null }));
  return true;
}

/** "Winter Swiss was cancelled by @Olga…", pinging the players still in it. */
function cancelNote(t: StoredTournament): TextPost {
  const out = leavers(t);
  const ids = t.players.filter((p) => !out.has(p.id)).map((p) => p.id);
  const players = { list: ids.map((id) => ({ user: id })) };
  const line: Msg =
    t.endNote === 'too-few-players'
      ? {
          key: 'tournament.cancelledTooFew',
          params: { event: eventTitle(t), min: MIN_PLAYERS, n: ids.length, players },
        }
      : {
          key: 'tournament.cancelledBy',
          params: {
            event: eventTitle(t),
            user: { user: t.cancelledBy ?? t.organiser.id },
            started: t.pairings.length > 0 ? 'yes' : 'no',
            n: ids.length,
            players,
          },
        };
  return { kind: 'text', locale: localeOf(t.locale), lines: [line], ping: ids };
}

/** The end-of-game call (ctx.onGameOver): a pairing's game ended, so its event may move on. */
export async function tournamentGameOver(ctx: MatchContext, rec: StoredGame): Promise<void> {
  const ref = parsePairingGameId(rec.id);
  if (ref) await drive(ctx, ref.tournamentId);
}
