// Data of a tournament as the pairing functions see it: plain values, no I/O.
// The caller (the bot) stores players, the rounds it was given and the results
// it entered; every function here recomputes what it needs from them. The
// records' shapes are the domain model's (src/model/tournament.ts).
import type { TournamentPairing } from '../../model/index.js';

/** A player's id (the bot uses Discord user ids). */
export type PlayerId = string;

/**
 * A pairing as the pairing functions see it: the model's record without its board
 * number (the caller's order). A bye is a record with `second: null`: its `result`
 * is 'first' once the point is awarded (Swiss byes are awarded when the round is
 * paired; round-robin byes when the caller sets it, like any result) and null before that.
 */
export type GameRecord = Omit<TournamentPairing, 'board'>;

export interface Round {
  round: number;
  /** Games in board order, then the bye (if any) last. */
  games: GameRecord[];
}

export type TournamentErrorCode = 'invalid-input' | 'no-legal-pairing';

export class TournamentError extends Error {
  readonly code: TournamentErrorCode;
  constructor(code: TournamentErrorCode, message: string) {
    super(message);
    this.name = 'TournamentError';
    this.code = code;
  }
}
