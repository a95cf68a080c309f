// Tournaments (Swiss and round robin): pairing, first move, byes, withdrawals,
// standings and crosstable as pure functions over plain data. No I/O, no
// clock: the caller stores what these return. Rules: docs/tournaments.md.
export type { Format, GameRecord, GameResult, PlayerId, Round, Withdrawal, TournamentErrorCode } from './types.js';
export { TournamentError } from './types.js';
export { roundRobinSchedule, drawLots } from './round-robin.js';
export { pairSwissRound, defaultSwissRounds, safeSwissRounds, type SwissInput } from './swiss.js';
export { applyWithdrawals, withdrawnBy } from './withdrawals.js';
export { standings, crosstable, type StandingRow, type StandingsOptions, type Tiebreaks, type Crosstable, type CrossCell } from './standings.js';
