// A tournament (Swiss or round robin, run by the bot): its entrants, rounds,
// pairings and results. The pairing and the standings are pure functions of
// these records (src/match/tournament).
import { z } from 'zod';
import { finite, gameId, int, isRecordId, locale } from './parts.js';

const id = z.string().min(1).max(100);

export const TOURNAMENT_FORMATS = ['swiss', 'round-robin'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];

const entrantSchema = z.object({ id, name: z.string().max(200) });
export type Entrant = z.infer<typeof entrantSchema>;

/**
 * How a pairing ended. 'first' / 'second': that side won (over the board, or
 * by forfeit when `forfeit` is set). 'double-forfeit': neither played, both
 * score 0.
 */
const PAIRING_RESULTS = ['first', 'second', 'draw', 'double-forfeit'] as const;

/**
 * One pairing of one round. `first` moves first; `second: null` is a bye: its
 * `result` is 'first' once the point is awarded. The game of a pairing has a
 * fixed id (src/match/tournament-flow.ts), so it is never opened twice and
 * needs no link here.
 */
const pairingSchema = z.object({
  /** 1-based round number. */
  round: int.positive(),
  /** 1-based, board order. */
  board: int.positive(),
  first: id,
  second: id.nullable(),
  /** null while the game is on (or not opened yet, or a bye not yet awarded). */
  result: z.enum(PAIRING_RESULTS).nullable(),
  /** Decided without a game over the board (absence, withdrawal). */
  forfeit: z.boolean().optional(),
});
export type TournamentPairing = z.infer<typeof pairingSchema>;

/** A player who leaves: from `round` (the first round they miss) on they play no game. */
const withdrawalSchema = z.object({ player: id, round: int.positive() });
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** Why a tournament ended early: no legal pairing, too few players left, too few signed up, or cancelled. */
const END_NOTES = ['no-pairing', 'too-few-left', 'too-few-players', 'cancelled'] as const;

export const tournamentSchema = z.object({
  /** 10 chars base36, like a game id. */
  id: z.string().refine(isRecordId, 'not a record id'),
  /** The compare-and-set counter: +1 on every write. */
  version: int.positive(),
  name: z.string().max(100).nullable(),
  guildId: id,
  /** Where the card is and the pairings' threads are opened. */
  channelId: id,
  /** The card, once posted. */
  messageId: id.nullable(),
  organiser: entrantSchema,
  game: gameId,
  setup: z.string().max(100),
  format: z.enum(TOURNAMENT_FORMATS),
  /** Rounds the organiser asked for (Swiss), or null for the default. */
  roundsWanted: int.positive().nullable(),
  /** Rounds of the event, fixed at the start. */
  rounds: int.positive().nullable(),
  /** Time per move of every game, ms. */
  clockMs: finite.positive(),
  /** How long a round may last, ms; a game still open then is adjudicated. */
  roundMs: finite.positive(),
  rated: z.boolean(),
  locale: locale.nullable(),
  status: z.enum(['signup', 'running', 'finished', 'cancelled']),
  createdAt: finite,
  /** When sign-up closes and the event starts by itself; null: on the organiser's Start. */
  startsAt: finite.nullable(),
  startedAt: finite.nullable(),
  finishedAt: finite.nullable(),
  /** Sign-up order; from the start, the initial ranking (pairing numbers). */
  players: z.array(entrantSchema).max(64),
  withdrawals: z.array(withdrawalSchema),
  /** The round being played (0 before the start). */
  round: int.nonnegative(),
  roundDeadline: finite.nullable(),
  pairings: z.array(pairingSchema).max(64 * 63),
  /** Lot and tie-breaks of the pairing. */
  seed: int,
  /** Rank 1 at the end (several when level on everything). */
  winners: z.array(id),
  /** Why it ended early, if it did. */
  endNote: z.enum(END_NOTES).nullable(),
  /** The winners' announcement (or the note of a cancelled event) was posted. */
  announced: z.boolean(),
  /** Who cancelled the event (the organiser or an admin); absent otherwise and on older records. */
  cancelledBy: id.optional(),
  /** The next instant the tournament sweep must look at it, or null. */
  wakeAt: finite.nullable(),
});
export type StoredTournament = z.infer<typeof tournamentSchema>;
