// Tournaments run by the bot: the sign-up card (Join / Leave / Start /
// Cancel), then one game thread per pairing and round, results entered as
// games end, the next round paired when one is complete, adjudication at the
// round deadline, and the winners announced at the end.
//
// Everything is in the store, and every change is a compare-and-set on the
// tournament's version (tournament-flow.ts computes the step): joining twice
// is one entry, a round is paired once, a result entered once. The work
// around a change (opening a pairing's game, posting the winners) goes to one
// process at a time through leases, and `drive` redoes whatever is missing,
// so the end-of-game call (ctx.onGameOver), a button and the sweep may all
// meet on one event after a restart or across processes.
import { randomInt } from 'node:crypto';
import type { GameId } from '../engine/index.js';
import { localeOf, type Locale } from '../i18n/catalogue.js';
import type { Msg } from '../i18n/msg.js';
import {
  guildScope,
  isCorruptRecordError,
  type Entrant,
  type StoredGame,
  type StoredTournament,
  type TournamentFormat,
  type TournamentPairing,
} from '../store/types.js';
import { announcement, postAnnouncement } from './announce.js';
import type { MatchContext, TextPost } from './context.js';
import { resign } from './end.js';
import { check } from './games.js';
import { gameEnded } from './over.js';
import { isRefusal, refuse } from './refusal.js';
import { serverClockMs } from './settings.js';
import { startMatch } from './start.js';
import { endOnTime } from './sweeps.js';
import {
  MAX_PLAYERS,
  MAX_SWISS_ROUNDS,
  MIN_PLAYERS,
  RECHECK_MS,
  enterResults,
  eventTitle,
  pairingGameId,
  pairingOf,
  pairingResult,
  parsePairingGameId,
  roundPairings,
  startEvent,
  wakeOf,
  withdraw,
  leavers,
} from './tournament-flow.js';

/** A round lasts this many moves' worth of the clock unless the organiser says otherwise. */
export const ROUND_MOVES = 20;
/** Open events (sign-up or running) a server may have at once. */
export const MAX_OPEN_EVENTS = 5;
/** Sign-up closes at most this far ahead. */
export const MAX_START_AHEAD_MS = 14 * 24 * 3_600_000;
/**
 * A process opening a pairing's game holds it this long; another process
 * (or a retry after a failure, which may have posted the pairing already)
 * comes back after it: the regular look of the sweep.
 */
const OPEN_LEASE_MS = RECHECK_MS;
/** A process posting the winners holds it this long; the sweep retries after. */
const ANNOUNCE_LEASE_MS = 2 * 60_000;

export interface TournamentInput {
  name: string | null;
  guildId: string;
  channelId: string;
  /** Whether the channel can hold the games' threads. */
  threadable: boolean;
  organiser: Entrant;
  game: GameId;
  setup: string;
  format: TournamentFormat;
  rounds: number | null;
  clockHours: number | null;
  roundHours: number | null;
  rated: boolean;
  startsAt: number | null;
  locale: Locale;
}

export async function createTournament(ctx: MatchContext, c: TournamentInput): Promise<StoredTournament> {
  if (!c.threadable) refuse('tournament.needsThreads');
  if (c.format === 'round-robin' && c.rounds !== null) refuse('tournament.roundsRoundRobin');
  if (c.rounds !== null && (c.rounds < 1 || c.rounds > MAX_SWISS_ROUNDS))
    refuse('tournament.roundsRange', { max: MAX_SWISS_ROUNDS });
  const now = ctx.now();
  if (c.startsAt !== null && (c.startsAt < now || c.startsAt > now + MAX_START_AHEAD_MS))
    refuse('tournament.startsRange');
  const clockMs = c.clockHours !== null ? c.clockHours * 3_600_000 : await serverClockMs(ctx, c.guildId);
  const roundMs = c.roundHours !== null ? c.roundHours * 3_600_000 : clockMs * ROUND_MOVES;
  if (roundMs < clockMs) refuse('tournament.roundShorterThanClock');
  const open = (await ctx.store.tournaments.listByGuild(c.guildId, 50)).filter(
    (t) => t.status === 'signup' || t.status === 'running',
  );
  if (open.length >= MAX_OPEN_EVENTS) refuse('tournament.tooMany', { max: MAX_OPEN_EVENTS });
  return ctx.store.tournaments.create({
    name: c.name,
    guildId: c.guildId,
    channelId: c.channelId,
    messageId: null,
    organiser: c.organiser,
    game: c.game,
    setup: c.setup,
    format: c.format,
    roundsWanted: c.rounds,
    rounds: null,
    clockMs,
    roundMs,
    rated: c.rated,
    locale: c.locale,
    status: 'signup',
    startsAt: c.startsAt,
    startedAt: null,
    finishedAt: null,
    players: [],
    withdrawals: [],
    round: 0,
    roundDeadline: null,
    pairings: [],
    seed: randomInt(1, 2 ** 31 - 1),
    winners: [],
    endNote: null,
    announced: false,
    wakeAt: c.startsAt,
  });
}

/** Loads a tournament; a damaged record is a refusal, a missing one too. */
export async function loadTournament(ctx: MatchContext, id: string): Promise<StoredTournament> {
  try {
    return (await ctx.store.tournaments.get(id)) ?? refuse('tournament.gone');
  } catch (e) {
    if (isCorruptRecordError(e)) refuse('tournament.damaged');
    throw e;
  }
}

/**
 * Read-modify-write with compare-and-set: `change` sees the current record and
 * returns the next one, or null for no change (it may throw a refusal). A
 * concurrent write makes it run again on the new record.
 */
export async function mutate(
  ctx: MatchContext,
  id: string,
  change: (t: StoredTournament) => StoredTournament | null,
): Promise<{ before: StoredTournament; after: StoredTournament; changed: boolean }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const before = await loadTournament(ctx, id);
    const next = change(before);
    if (!next) return { before, after: before, changed: false };
    const res = await ctx.store.tournaments.update(id, before.version, next);
    if (res.ok) return { before, after: res.tournament, changed: true };
    if (res.reason === 'not-found') refuse('tournament.gone');
  }
  return refuse('tournament.busy');
}

/** Records the card's message once posted (the card is then edited as the event goes). */
export async function recordTournamentCard(ctx: MatchContext, id: string, messageId: string): Promise<void> {
  try {
    await mutate(ctx, id, (t) => (t.messageId ? null : { ...t, messageId }));
  } catch (e) {
    // The buttons carry the id and work without it; only the live updates of the card need it.
    ctx.log.warn({ err: e, tournamentId: id }, 'could not record the tournament card');
  }
}

/** Redraws the card from the latest record (best effort: the next change draws it again). */
export async function refreshCard(ctx: MatchContext, id: string): Promise<void> {
  try {
    const t = await ctx.store.tournaments.get(id);
    if (t?.messageId) await ctx.notifier.edit(t, t.messageId, { kind: 'tournament', tournament: t, view: 'card' });
  } catch (e) {
    ctx.log.warn({ err: e, tournamentId: id }, 'could not update the tournament card');
  }
}

/** What a click on a card did: the card to show now and a private note for the one who clicked. */
export interface TournamentChange {
  tournament: StoredTournament;
  tell?: Msg;
}

const isOrganiser = (t: StoredTournament, userId: string, admin: boolean) => admin || t.organiser.id === userId;

export async function joinTournament(ctx: MatchContext, id: string, player: Entrant): Promise<TournamentChange> {
  let already = false;
  const { after } = await mutate(ctx, id, (t) => {
    if (t.status !== 'signup') refuse('tournament.signupClosed');
    already = t.players.some((p) => p.id === player.id);
    if (already) return null;
    if (t.players.length >= MAX_PLAYERS) refuse('tournament.full', { max: MAX_PLAYERS });
    return { ...t, players: [...t.players, player] };
  });
  return { tournament: after, tell: already ? { key: 'tournament.alreadyIn' } : undefined };
}

export async function leaveTournament(ctx: MatchContext, id: string, userId: string): Promise<TournamentChange> {
  const { after, changed } = await mutate(ctx, id, (t) => {
    if (!t.players.some((p) => p.id === userId)) refuse('tournament.notIn');
    if (t.status === 'signup') return { ...t, players: t.players.filter((p) => p.id !== userId) };
    if (t.status !== 'running') refuse('tournament.over');
    if (leavers(t).has(userId)) refuse('tournament.leftAlready');
    return withdraw(t, userId);
  });
  if (changed && after.status === 'running') {
    await resignCurrentGame(ctx, after, userId);
    // A game of theirs not opened yet counts as their forfeit at once (and is never opened).
    ctx.background(`tournament ${id}`, () => drive(ctx, id));
  }
  return { tournament: after, tell: after.status === 'running' ? { key: 'tournament.youLeft' } : undefined };
}

/** A leaver's game of the round being played ends as their resignation (the end-of-game call enters it). */
async function resignCurrentGame(ctx: MatchContext, t: StoredTournament, userId: string): Promise<void> {
  const p = pairingOf(t, userId);
  if (!p || p.result !== null || p.second === null) return;
  try {
    const rec = await ctx.store.games.get(pairingGameId(t.id, p.round, p.board));
    if (rec?.status !== 'active') return;
    await postAnnouncement(ctx, await resign(ctx, rec.channelId, userId));
  } catch (e) {
    // Not fatal: the round deadline ends the game on time.
    if (!isRefusal(e)) ctx.log.warn({ err: e, tournamentId: t.id }, 'could not resign the game of a player who left');
  }
}

/** Start: the organiser (or an admin) closes sign-up; round 1 is paired and its games open. */
export async function startTournament(
  ctx: MatchContext,
  id: string,
  userId: string,
  admin: boolean,
): Promise<TournamentChange> {
  const t0 = await loadTournament(ctx, id);
  if (!isOrganiser(t0, userId, admin)) refuse('tournament.organiserOnly', { user: { user: t0.organiser.id } });
  const ratings = await seedRatings(ctx, t0);
  const { after } = await mutate(ctx, id, (t) => {
    if (t.status !== 'signup') refuse('tournament.startedAlready');
    if (t.players.length < MIN_PLAYERS) refuse('tournament.tooFew', { min: MIN_PLAYERS, n: t.players.length });
    return startEvent(t, ratings, ctx.now());
  });
  ctx.background(`tournament ${id}`, () => drive(ctx, id));
  return { tournament: after };
}

/**
 * Cancel, in sign-up or while running: the organiser (or an admin) ends the
 * event. Its open games end with no result and no rating change, and a note
 * goes to the channel; `drive` does both, once, and the sweep makes them up
 * after a crash (the record keeps `announced: false` until the note is out).
 */
export async function cancelTournament(
  ctx: MatchContext,
  id: string,
  userId: string,
  admin: boolean,
): Promise<TournamentChange> {
  const t0 = await loadTournament(ctx, id);
  mayCancel(t0, userId, admin);
  const now = ctx.now();
  const { after } = await mutate(ctx, id, (t) => {
    mayCancel(t, userId, admin);
    return {
      ...t,
      status: 'cancelled',
      endNote: 'cancelled',
      cancelledBy: userId,
      finishedAt: now,
      roundDeadline: null,
      announced: false,
      wakeAt: now,
    };
  });
  ctx.background(`tournament ${id}`, () => drive(ctx, id));
  return { tournament: after };
}

/** Refuses a Cancel by anyone but the organiser or an admin, or of an event that is over. */
export function mayCancel(t: StoredTournament, userId: string, admin: boolean): void {
  if (!isOrganiser(t, userId, admin)) refuse('tournament.organiserOnly', { user: { user: t.organiser.id } });
  if (t.status !== 'signup' && t.status !== 'running') refuse('tournament.over');
}

/** The players' ratings in this server's all-time board (the Swiss initial order). */
async function seedRatings(ctx: MatchContext, t: StoredTournament): Promise<Map<string, number>> {
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

// ---------------------------------------------------------------------------
// Driving the event: whatever is due is done, once.

type Reading =
  | { kind: 'result'; result: Pick<TournamentPairing, 'result' | 'forfeit'> }
  | { kind: 'open' }
  | { kind: 'missing' }
  | { kind: 'stuck' };

/** Where one pairing's game stands. */
async function readPairing(ctx: MatchContext, t: StoredTournament, p: TournamentPairing): Promise<Reading> {
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

/**
 * Looks at one event and does what is due: close sign-up at its time; enter
 * the results of ended games (the end-of-game call, or a sweep making up a
 * lost one), adjudicate games still open at the round deadline, pair the next
 * round, open its games; post the winners. Safe to run anywhere, any time,
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
  if (t.status === 'running') await openGames(ctx, t);
  if (t.status === 'cancelled' && !t.announced) await closeCancelledGames(ctx, t);
  if (changed) await refreshCard(ctx, id);
  if ((t.status === 'finished' || t.status === 'cancelled') && !t.announced)
    changed = (await announce(ctx, t)) || changed;
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
      await resignLeaver(ctx, t, p, gone[0]);
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

/** A leaver's open game ends as their resignation (its end is entered like any other). */
async function resignLeaver(
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
async function closeCancelledGames(ctx: MatchContext, t: StoredTournament): Promise<void> {
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
    const res = await ctx.store.games.update(rec.id, rec.version, {
      status: 'aborted',
      result: { winner: null, draw: false, reason: 'cancelled' },
      drawOffer: null,
      clock: rec.clock ? { ...rec.clock, wakeAt: null } : undefined,
    });
    if (!res.ok) continue; // a move landed meanwhile: look again
    gameEnded(ctx, res.game);
    const c = check(res.game);
    await postAnnouncement(
      ctx,
      announcement(ctx, res.game, c.ok ? c.value.state : undefined, [
        { key: 'tournament.gameCancelled', params: { event: eventTitle(t) } },
      ]),
    );
    return;
  }
  ctx.log.warn(
    { tournamentId: t.id, gameId },
    'a game of a cancelled tournament kept changing; the next sweep closes it',
  );
}

/** Opens the games of the round being played that are not open yet (one process per pairing, by lease). */
async function openGames(ctx: MatchContext, t: StoredTournament): Promise<void> {
  if (t.roundDeadline !== null && ctx.now() >= t.roundDeadline) return;
  for (const p of roundPairings(t)) {
    if (p.result !== null || p.second === null) continue;
    try {
      await openGame(ctx, t, p);
    } catch (e) {
      ctx.log.error({ err: e, tournamentId: t.id, round: p.round, board: p.board }, 'could not open a tournament game');
    }
  }
}

async function openGame(ctx: MatchContext, t: StoredTournament, p: TournamentPairing): Promise<void> {
  const gameId = pairingGameId(t.id, p.round, p.board);
  if ((await readPairing(ctx, t, p)).kind !== 'missing') return;
  if (!(await ctx.store.tournaments.lease(t.id, `open-${p.round}-${p.board}`, OPEN_LEASE_MS))) return;
  // Opened by another process between the look and the lease?
  if ((await readPairing(ctx, t, p)).kind !== 'missing') return;
  // Still to be played? (Cancelled, or a player left and it was forfeited, meanwhile.)
  if (!stillToPlay(await ctx.store.tournaments.get(t.id), p)) return;
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
  else if (!stillToPlay(latest, p)) await drive(ctx, t.id);
}

/** Whether a pairing is still to be played in this record: the event running, no result, nobody of it gone. */
function stillToPlay(t: StoredTournament | null, p: TournamentPairing): boolean {
  if (t?.status !== 'running') return false;
  const q = t.pairings.find((x) => x.round === p.round && x.board === p.board);
  const out = leavers(t);
  return !!q && q.result === null && !out.has(q.first) && (q.second === null || !out.has(q.second));
}

const entrant = (t: StoredTournament, id: string): Entrant => t.players.find((p) => p.id === id) ?? { id, name: '?' };

/** The winners' post, or the note of a cancelled event, once (lease, then the record says so). */
async function announce(ctx: MatchContext, t: StoredTournament): Promise<boolean> {
  if (!(await ctx.store.tournaments.lease(t.id, 'announce', ANNOUNCE_LEASE_MS))) return false;
  if (t.status === 'finished')
    await Promise.all(t.winners.map((w) => ctx.store.tournaments.addWin(w, t.id, t.finishedAt ?? ctx.now())));
  try {
    if (t.status === 'finished') await ctx.notifier.post(t, { kind: 'tournament', tournament: t, view: 'final' });
    else await ctx.notifier.post(t, cancelNote(t));
  } catch (e) {
    // The card says it too; the post is not retried (it could end up twice).
    ctx.log.error({ err: e, tournamentId: t.id }, 'could not post the end of a tournament');
  }
  await mutate(ctx, t.id, (x) => (x.announced ? null : { ...x, announced: true, wakeAt: null }));
  await refreshCard(ctx, t.id);
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

/**
 * The tournament sweep: every event due (sign-up closing, a round deadline,
 * the regular look that makes up a lost end-of-game call, winners to post).
 * Returns how many events this process changed.
 */
export async function sweepTournaments(ctx: MatchContext, limit = 20): Promise<number> {
  const now = ctx.now();
  let acted = 0;
  for (const id of await ctx.store.tournaments.due(now, limit)) {
    try {
      if (await drive(ctx, id)) acted++;
      const t = await ctx.store.tournaments.get(id);
      // Nothing moved: look again at the next instant that matters.
      const next = t ? wakeOf(t, now) : null;
      if (t && next !== null && t.status !== 'finished')
        await ctx.store.tournaments.snooze(id, Math.max(next, now + 1000));
    } catch (e) {
      ctx.log.error({ err: e, tournamentId: id }, 'tournament sweep failed for an event');
      // A damaged record must not come back every sweep.
      if (isCorruptRecordError(e)) await ctx.store.tournaments.snooze(id, now + RECHECK_MS);
    }
  }
  return acted;
}

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
  id ??= await ctx.store.games
    .byChannel(channelId)
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
