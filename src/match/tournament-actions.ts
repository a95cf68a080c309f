// A tournament's actions: create (with its input checks), and the sign-up
// card's buttons (Join, Leave, Start, Cancel). Each is one compare-and-set
// change of the record (tournament-record.ts); what follows from it (a round
// paired, games opened or closed, the end announced) is the drive's
// (tournament-drive.ts), run in the background.
import { randomInt } from 'node:crypto';
import type { GameId } from '../engine/index.js';
import type { Locale } from '../i18n/catalogue.js';
import type { Msg } from '../i18n/msg.js';
import type { Entrant, StoredTournament, TournamentFormat } from '../model/index.js';
import type { MatchContext } from './context.js';
import { refuse } from './refusal.js';
import { serverClockMs } from './settings.js';
import {
  MAX_PLAYERS,
  MAX_SWISS_ROUNDS,
  MIN_PLAYERS,
  leavers,
  pairingOf,
  startEvent,
  withdraw,
} from './tournament/event.js';
import { drive, seedRatings } from './tournament-drive.js';
import { resignPairing } from './tournament-games.js';
import { loadTournament, mutate } from './tournament-record.js';

/** A round lasts this many moves' worth of the clock unless the organiser says otherwise. */
export const ROUND_MOVES = 20;
/** Open events (sign-up or running) a server may have at once. */
export const MAX_OPEN_EVENTS = 5;
/** Sign-up closes at most this far ahead. */
export const MAX_START_AHEAD_MS = 14 * 24 * 3_600_000;
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
  if (p && p.result === null && p.second !== null) await resignPairing(ctx, t, p, userId);
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
