// The life of a tournament as pure steps over its stored record: the start
// (initial order, number of rounds, round 1), the result of a game as the
// pairing sees it, and the advance (close a finished round, pair the next or
// finish). No I/O and no clock (the caller passes `now`), like everything in
// src/match/tournament: the match layer's tournament-*.ts files load, apply
// one of these, and write the result with a compare-and-set, so each step
// happens once however many processes race. The pairing rules themselves are
// the other files of this folder (docs/tournaments.md).
import { getGame, isGameId } from '../../engine/index.js';
import type { Msg } from '../../i18n/msg.js';
import type { StoredGame, StoredTournament, TournamentPairing } from '../../model/index.js';
import {
  applyWithdrawals,
  crosstable,
  defaultSwissRounds,
  drawLots,
  pairSwissRound,
  roundRobinSchedule,
  safeSwissRounds,
  standings,
  TournamentError,
  withdrawnBy,
  type Crosstable,
  type GameRecord,
  type StandingRow,
} from './index.js';

export const MIN_PLAYERS = 3;
export const MAX_PLAYERS = 64;
/** Most Swiss rounds an organiser may ask for (the pairing limit may lower it at the start). */
export const MAX_SWISS_ROUNDS = 12;
/** How often the sweep looks at a running event even when nothing is due (a lost end-of-game call is made up then). */
export const RECHECK_MS = 10 * 60_000;

// ---------------------------------------------------------------------------
// The game of a pairing has a fixed id: 't' + the tournament's id + round and
// board in two base-36 digits each (15 characters; random game ids have 10).
// Two processes opening the same pairing meet at the store's create, which
// refuses the second; the end of a game names its tournament.

const PAIRING_GAME_RE = /^t([0-9a-z]{10})([0-9a-z]{2})([0-9a-z]{2})$/;
const two = (n: number) => n.toString(36).padStart(2, '0');

export function pairingGameId(tournamentId: string, round: number, board: number): string {
  const id = `t${tournamentId}${two(round)}${two(board)}`;
  if (!PAIRING_GAME_RE.test(id)) throw new TypeError('pairing game id: bad tournament id, round or board');
  return id;
}

export function parsePairingGameId(gameId: string): { tournamentId: string; round: number; board: number } | null {
  const m = PAIRING_GAME_RE.exec(gameId);
  return m ? { tournamentId: m[1], round: parseInt(m[2], 36), board: parseInt(m[3], 36) } : null;
}

export const isTournamentGame = (gameId: string): boolean => PAIRING_GAME_RE.test(gameId);

// ---------------------------------------------------------------------------
// Reading a record

export const entrantIds = (t: StoredTournament): string[] => t.players.map((p) => p.id);

export const historyOf = (t: StoredTournament): GameRecord[] =>
  t.pairings.map((p) => ({
    round: p.round,
    first: p.first,
    second: p.second,
    result: p.result,
    ...(p.forfeit ? { forfeit: true } : {}),
  }));

export const roundPairings = (t: StoredTournament, round = t.round): TournamentPairing[] =>
  t.pairings.filter((p) => p.round === round);

/** Everyone who has left, at any round. */
export const leavers = (t: StoredTournament): Set<string> => new Set(t.withdrawals.map((w) => w.player));

/** The event's name, or "Exxit · Swiss". */
export const eventTitle = (t: StoredTournament): Msg =>
  t.name
    ? { key: 'tournament.named', params: { name: { name: t.name } } }
    : {
        key: 'tournament.untitled',
        params: { game: { key: `game.${t.game}.title` }, format: { key: `tournament.format.${t.format}` } },
      };

export const nameOf = (t: StoredTournament, id: string): string => t.players.find((p) => p.id === id)?.name ?? '?';

export function standingsOf(t: StoredTournament): StandingRow[] {
  return standings(t.format, entrantIds(t), historyOf(t), { withdrawn: leavers(t) });
}

export const crossOf = (t: StoredTournament): Crosstable => crosstable(entrantIds(t), historyOf(t));

/** The pairing a player has in the round being played, if any. */
export const pairingOf = (t: StoredTournament, userId: string): TournamentPairing | undefined =>
  roundPairings(t).find((p) => p.first === userId || p.second === userId);

// ---------------------------------------------------------------------------
// The result of a pairing's game

/**
 * What a finished game gives the pairing. Over: the result on the board
 * (a loss on time included). Aborted with no move at all, or ended by an
 * admin: a double forfeit. Aborted after one side moved (that side's opponent
 * never did, in time): a forfeit win for the side that moved.
 */
export function pairingResult(rec: StoredGame): Pick<TournamentPairing, 'result' | 'forfeit'> | null {
  if (rec.status === 'active' || !rec.result) return null;
  if (rec.status === 'over') {
    if (rec.result.draw || rec.result.winner === null) return { result: 'draw' };
    return { result: rec.result.winner === 0 ? 'first' : 'second' };
  }
  if (
    rec.result.reason === 'admin' ||
    rec.result.reason === 'damaged' ||
    rec.result.reason === 'cancelled' ||
    rec.moves.length === 0 ||
    !isGameId(rec.game)
  )
    return { result: 'double-forfeit', forfeit: true };
  const game = getGame(rec.game);
  const st = game.fromJSON(rec.state);
  if (!st.ok) return { result: 'double-forfeit', forfeit: true };
  // The side to move is the one that did not answer.
  return { result: game.toMove(st.value) === 0 ? 'second' : 'first', forfeit: true };
}

// ---------------------------------------------------------------------------
// Steps

/**
 * Rounds of the event for n players: Swiss as asked (or the default), never past the pairing limit; round robin n − 1
 * or n.
 */
export function roundsFor(t: Pick<StoredTournament, 'format' | 'roundsWanted'>, n: number): number {
  if (t.format === 'round-robin') return n % 2 === 0 ? n - 1 : n;
  return Math.max(1, Math.min(t.roundsWanted ?? defaultSwissRounds(n), safeSwissRounds(n)));
}

/**
 * Closes sign-up and pairs round 1. Swiss players are ranked by rating
 * (`ratings`, best first; ties in sign-up order), round-robin numbers are
 * drawn by lot from the event's seed.
 */
export function startEvent(t: StoredTournament, ratings: ReadonlyMap<string, number>, now: number): StoredTournament {
  const order =
    t.format === 'swiss'
      ? t.players
          .map((p, i) => ({ p, i, r: ratings.get(p.id) ?? 0 }))
          .sort((a, b) => b.r - a.r || a.i - b.i)
          .map((x) => x.p)
      : drawLots(entrantIds(t), t.seed).map((id) => t.players.find((p) => p.id === id)!);
  const started: StoredTournament = {
    ...t,
    status: 'running',
    players: order,
    rounds: roundsFor(t, order.length),
    startedAt: now,
    round: 0,
    pairings: [],
    withdrawals: [],
  };
  return advanceEvent(started, now);
}

/**
 * The pairings of round r: Swiss from the results so far, round robin from the Berger tables; byes awarded, leavers'
 * games forfeited.
 */
function pairRound(t: StoredTournament, round: number): TournamentPairing[] {
  let games: GameRecord[];
  if (t.format === 'swiss') {
    games = pairSwissRound({
      players: entrantIds(t),
      history: historyOf(t),
      round,
      withdrawn: withdrawnBy(t.withdrawals, round),
      seed: t.seed,
      rounds: t.rounds ?? undefined,
    }).games;
  } else {
    const scheduled = roundRobinSchedule(entrantIds(t))[round - 1]?.games ?? [];
    // A leaver's games become forfeits, their bye lapses; a bye still standing is awarded now (1 point).
    games = applyWithdrawals(scheduled, t.withdrawals).map((g) => (g.second === null ? { ...g, result: 'first' } : g));
  }
  return games.map((g, i) => ({
    round,
    board: i + 1,
    first: g.first,
    second: g.second,
    result: g.result,
    ...(g.forfeit ? { forfeit: true } : {}),
  }));
}

/** The instant the sweep must look next. */
export function wakeOf(t: StoredTournament, now: number): number | null {
  if (t.status === 'signup') return t.startsAt;
  if (t.status === 'running') return Math.min(t.roundDeadline ?? Infinity, now + RECHECK_MS);
  // The winners' post, or a cancelled event's note and the closing of its games.
  if ((t.status === 'finished' || t.status === 'cancelled') && !t.announced) return now;
  return null;
}

function finish(t: StoredTournament, now: number, endNote: StoredTournament['endNote']): StoredTournament {
  const done: StoredTournament = { ...t, status: 'finished', finishedAt: now, roundDeadline: null, endNote };
  const rows = standingsOf(done);
  // Nobody wins an event that ended before its first round was played out.
  const winners = done.pairings.some((p) => p.result !== null && p.second !== null)
    ? rows.filter((r) => r.rank === 1).map((r) => r.player)
    : [];
  return { ...done, winners, wakeAt: now };
}

/**
 * After results were entered: while the round being played is complete,
 * pair the next one (leavers left out, byes and forfeits entered at once) or
 * finish the event. A round of forfeits only is complete as soon as it is paired.
 */
export function advanceEvent(t: StoredTournament, now: number): StoredTournament {
  let cur = t;
  while (cur.status === 'running') {
    if (cur.round > 0 && roundPairings(cur).some((p) => p.result === null)) break;
    if (cur.round >= (cur.rounds ?? 0)) {
      cur = finish(cur, now, null);
      break;
    }
    const next = cur.round + 1;
    const left = withdrawnBy(cur.withdrawals, next);
    if (cur.players.length - left.size < 2) {
      cur = finish(cur, now, 'too-few-left');
      break;
    }
    let pairs: TournamentPairing[];
    try {
      pairs = pairRound(cur, next);
    } catch (e) {
      if (!(e instanceof TournamentError) || e.code !== 'no-legal-pairing') throw e;
      cur = finish(cur, now, 'no-pairing');
      break;
    }
    cur = { ...cur, round: next, pairings: [...cur.pairings, ...pairs], roundDeadline: now + cur.roundMs };
  }
  return { ...cur, wakeAt: wakeOf(cur, now) };
}

/** Enters results (pairings of the current round by board), then advances. */
export function enterResults(
  t: StoredTournament,
  results: ReadonlyMap<number, Pick<TournamentPairing, 'result' | 'forfeit'>>,
  now: number,
): StoredTournament {
  const pairings = t.pairings.map((p) => {
    const r = p.round === t.round && p.result === null ? results.get(p.board) : undefined;
    return r ? { ...p, result: r.result, ...(r.forfeit ? { forfeit: true } : {}) } : p;
  });
  return advanceEvent({ ...t, pairings }, now);
}

/**
 * A player leaves a running event: no game from the next round on (the game of this round is resigned by the caller).
 */
export function withdraw(t: StoredTournament, userId: string): StoredTournament {
  return { ...t, withdrawals: [...t.withdrawals, { player: userId, round: t.round + 1 }] };
}
