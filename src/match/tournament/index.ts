// Tournaments (Swiss and round robin): pairing, first move, byes, withdrawals,
// standings and crosstable as pure functions over plain data. No I/O, no
// clock: the caller stores what these return. Rules: docs/tournaments.md.
export type { GameRecord, PlayerId } from './types.js';
export { TournamentError } from './types.js';
export { roundRobinSchedule, drawLots } from './round-robin.js';
export { pairSwissRound, defaultSwissRounds, safeSwissRounds } from './swiss.js';
export { applyWithdrawals, withdrawnBy } from './withdrawals.js';
export { standings, crosstable, type StandingRow, type Crosstable } from './standings.js';
