// Withdrawals turned into results. A player who leaves plays no game from the
// round they miss on: each of their unfinished games from that round on is a
// forfeit win for the opponent, or a double forfeit when the opponent has left
// too by that round; their byes not yet awarded lapse. Finished games are kept
// as they are. The output depends only on the history and the set of
// withdrawals (not their order), and applying it again changes nothing. Best
// use: store the real results and the withdrawals, and derive the forfeits
// each time; a forfeit once stored is a finished game, so a later withdrawal of
// its winner no longer turns it into a double forfeit.
import type { Withdrawal } from '../../model/index.js';
import type { GameRecord, PlayerId } from './types.js';
import { TournamentError } from './types.js';

export function applyWithdrawals(history: readonly GameRecord[], withdrawals: readonly Withdrawal[]): GameRecord[] {
  const from = new Map<PlayerId, number>();
  for (const w of withdrawals) {
    if (!Number.isInteger(w.round) || w.round < 1) {
      throw new TournamentError('invalid-input', `withdrawal of ${w.player}: round must be a positive integer`);
    }
    from.set(w.player, Math.min(w.round, from.get(w.player) ?? Infinity));
  }
  const out = (p: PlayerId, round: number) => (from.get(p) ?? Infinity) <= round;
  const result: GameRecord[] = [];
  for (const g of history) {
    if (g.result !== null) {
      result.push(g);
      continue;
    }
    if (g.second === null) {
      if (!out(g.first, g.round)) result.push(g);
      continue;
    }
    const a = out(g.first, g.round);
    const b = out(g.second, g.round);
    if (a && b) result.push({ ...g, result: 'double-forfeit', forfeit: true });
    else if (a) result.push({ ...g, result: 'second', forfeit: true });
    else if (b) result.push({ ...g, result: 'first', forfeit: true });
    else result.push(g);
  }
  return result;
}

/** The players withdrawn by (at or before) `round`. */
export function withdrawnBy(withdrawals: readonly Withdrawal[], round: number): Set<PlayerId> {
  return new Set(withdrawals.filter((w) => w.round <= round).map((w) => w.player));
}
