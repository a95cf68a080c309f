// Shared by the tournament tests: ids, random results, and small checks
// computed here from the history alone (not through the code under test).
import type { Rng } from '../../../src/engine/rng.js';
import type { GameRecord, PlayerId } from '../../../src/match/tournament/index.js';

export const ids = (n: number, prefix = 'p') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

/** A random result: mostly decisive, some draws, a few forfeits and double forfeits. */
export function randomResult(rng: Rng): Pick<GameRecord, 'result' | 'forfeit'> {
  const x = rng();
  if (x < 0.43) return { result: 'first' };
  if (x < 0.86) return { result: 'second' };
  if (x < 0.95) return { result: 'draw' };
  if (x < 0.97) return { result: 'first', forfeit: true };
  if (x < 0.99) return { result: 'second', forfeit: true };
  return { result: 'double-forfeit', forfeit: true };
}

/** Points per player: win/bye/forfeit win 1, draw ½, else 0. */
export function scores(players: readonly PlayerId[], history: readonly GameRecord[]): Map<PlayerId, number> {
  const s = new Map(players.map((p) => [p, 0]));
  const add = (p: PlayerId, x: number) => s.set(p, s.get(p)! + x);
  for (const g of history) {
    if (g.result === null) continue;
    if (g.second === null) add(g.first, 1);
    else if (g.result === 'first') add(g.first, 1);
    else if (g.result === 'second') add(g.second, 1);
    else if (g.result === 'draw') {
      add(g.first, 0.5);
      add(g.second, 0.5);
    }
  }
  return s;
}

/** Colours of the games played over the board, per player, in round order. */
export function colourHistories(
  players: readonly PlayerId[],
  history: readonly GameRecord[],
): Map<PlayerId, ('first' | 'second')[]> {
  const h = new Map(players.map((p) => [p, [] as ('first' | 'second')[]]));
  for (const g of [...history].sort((a, b) => a.round - b.round)) {
    if (g.second === null || g.result === null || g.forfeit || g.result === 'double-forfeit') continue;
    h.get(g.first)!.push('first');
    h.get(g.second)!.push('second');
  }
  return h;
}

export const pairKey = (a: PlayerId, b: PlayerId) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Pairs that have met (played or forfeited). */
export function metPairs(history: readonly GameRecord[]): Set<string> {
  return new Set(history.filter((g) => g.second !== null).map((g) => pairKey(g.first, g.second!)));
}

/** The colour a player must have to avoid a difference of 3 or three in a row, if any. */
export function absoluteNeed(h: readonly ('first' | 'second')[]): 'first' | 'second' | null {
  const d = h.filter((c) => c === 'first').length - h.filter((c) => c === 'second').length;
  if (d >= 2) return 'second';
  if (d <= -2) return 'first';
  if (h.length >= 2 && h[h.length - 1] === h[h.length - 2]) return h[h.length - 1] === 'first' ? 'second' : 'first';
  return null;
}

/** First moves minus second moves per player, over the games played over the board. */
export function colourDiffs(players: readonly PlayerId[], history: readonly GameRecord[]): Map<PlayerId, number> {
  return new Map(
    [...colourHistories(players, history)].map(([p, h]) => [
      p,
      h.filter((c) => c === 'first').length - h.filter((c) => c === 'second').length,
    ]),
  );
}

/** fast-check run counts: kept small for the suite; HEXMATE_PROPERTY_RUNS=20 multiplies them for a long run. */
export { propertyRuns as runs } from '../../support/property-runs.js';
