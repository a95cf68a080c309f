// Data of a tournament as the pairing functions see it: plain values, no I/O.
// The caller (the bot) stores players, the rounds it was given and the results
// it entered; every function here recomputes what it needs from them.

/** A player's id (the bot uses Discord user ids). */
export type PlayerId = string;

export type Format = 'swiss' | 'round-robin';

/**
 * How a pairing ended. 'first' / 'second': that side won (over the board, or
 * by forfeit when `forfeit` is set). 'double-forfeit': neither played, both
 * score 0.
 */
export type GameResult = 'first' | 'second' | 'draw' | 'double-forfeit';

/**
 * One pairing of one round. `first` moves first. A bye is a record with
 * `second: null`: its `result` is 'first' once the point is awarded (Swiss
 * byes are awarded when the round is paired; round-robin byes when the caller
 * sets it, like any result) and null before that.
 */
export interface GameRecord {
  /** 1-based round number. */
  round: number;
  first: PlayerId;
  /** null = bye. */
  second: PlayerId | null;
  /** null = not finished (or a bye not yet awarded). */
  result: GameResult | null;
  /** The result was decided without a game (a no-show or a withdrawal). */
  forfeit?: boolean;
}

export interface Round {
  round: number;
  /** Games in board order, then the bye (if any) last. */
  games: GameRecord[];
}

/** A player who leaves: from `round` on they play no game. */
export interface Withdrawal {
  player: PlayerId;
  /** The first round the player misses. */
  round: number;
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
