// Reading a history: validation, and each player's rounds as entries.
import { TournamentError, type GameRecord, type PlayerId } from './types.js';

/** What one round was for one player. */
export type EntryKind =
  | 'win'
  | 'draw'
  | 'loss'
  | 'forfeit-win'
  | 'forfeit-loss'
  | 'double-forfeit'
  | 'bye'
  /** A game not finished yet, or a bye not yet awarded: counts for nothing. */
  | 'pending';

export interface Entry {
  round: number;
  /** The opponent (scheduled opponent for forfeits), null for a bye. */
  opponent: PlayerId | null;
  kind: EntryKind;
  points: number;
  /** Whether the player had the first move; null for a bye. */
  movedFirst: boolean | null;
}

export const POINTS: Record<EntryKind, number> = {
  win: 1,
  draw: 0.5,
  loss: 0,
  'forfeit-win': 1,
  'forfeit-loss': 0,
  'double-forfeit': 0,
  bye: 1,
  pending: 0,
};

/** A game played over the board (it counts for colours and for opponents' tiebreaks as a game). */
export const isPlayed = (k: EntryKind): boolean => k === 'win' || k === 'draw' || k === 'loss';
/** A finished round with an opponent, played or not. */
export const isFinishedGame = (k: EntryKind): boolean => k !== 'pending' && k !== 'bye';

const RESULTS = new Set(['first', 'second', 'draw', 'double-forfeit']);

export function checkPlayers(players: readonly PlayerId[]): void {
  const seen = new Set<PlayerId>();
  for (const p of players) {
    if (typeof p !== 'string' || p.length === 0)
      throw new TournamentError('invalid-input', `player ids must be non-empty strings`);
    if (seen.has(p)) throw new TournamentError('invalid-input', `player ${p} is listed twice`);
    seen.add(p);
  }
}

function entryKinds(g: GameRecord): [EntryKind, EntryKind] {
  if (g.result === null) return ['pending', 'pending'];
  if (g.result === 'double-forfeit') return ['double-forfeit', 'double-forfeit'];
  if (g.result === 'draw') return ['draw', 'draw'];
  const ff = g.forfeit === true;
  const w: EntryKind = ff ? 'forfeit-win' : 'win';
  const l: EntryKind = ff ? 'forfeit-loss' : 'loss';
  return g.result === 'first' ? [w, l] : [l, w];
}

/**
 * Validates the history against the player list and returns, for every
 * player (also those with no record), their entries in round order.
 */
export function indexHistory(players: readonly PlayerId[], history: readonly GameRecord[]): Map<PlayerId, Entry[]> {
  checkPlayers(players);
  const byPlayer = new Map<PlayerId, Entry[]>(players.map((p) => [p, []]));
  const busy = new Set<string>();
  const bad = (g: GameRecord, why: string) =>
    new TournamentError('invalid-input', `round ${g.round} ${g.first}–${g.second ?? 'bye'}: ${why}`);
  for (const g of history) {
    if (!Number.isInteger(g.round) || g.round < 1) throw bad(g, 'round must be a positive integer');
    if (!byPlayer.has(g.first)) throw bad(g, `${g.first} is not a player of the event`);
    if (g.second !== null && !byPlayer.has(g.second)) throw bad(g, `${g.second} is not a player of the event`);
    if (g.first === g.second) throw bad(g, 'a player cannot meet themselves');
    if (g.result !== null && !RESULTS.has(g.result)) throw bad(g, `unknown result ${String(g.result)}`);
    if (g.second === null) {
      if (g.result !== null && g.result !== 'first') throw bad(g, "a bye's result is 'first' (awarded) or null");
      if (g.forfeit) throw bad(g, 'a bye is not a forfeit');
    } else if (g.forfeit && g.result !== 'first' && g.result !== 'second' && g.result !== 'double-forfeit') {
      throw bad(g, 'a forfeit needs a winner or double-forfeit');
    }
    for (const p of g.second === null ? [g.first] : [g.first, g.second]) {
      const key = `${g.round}\u0000${p}`;
      if (busy.has(key)) throw bad(g, `${p} has two pairings in round ${g.round}`);
      busy.add(key);
    }
    if (g.second === null) {
      const kind: EntryKind = g.result === 'first' ? 'bye' : 'pending';
      byPlayer.get(g.first)!.push({ round: g.round, opponent: null, kind, points: POINTS[kind], movedFirst: null });
    } else {
      const [k1, k2] = entryKinds(g);
      byPlayer
        .get(g.first)!
        .push({ round: g.round, opponent: g.second, kind: k1, points: POINTS[k1], movedFirst: true });
      byPlayer
        .get(g.second)!
        .push({ round: g.round, opponent: g.first, kind: k2, points: POINTS[k2], movedFirst: false });
    }
  }
  for (const list of byPlayer.values()) list.sort((a, b) => a.round - b.round);
  return byPlayer;
}

export const pointsOf = (entries: readonly Entry[]): number => entries.reduce((s, e) => s + e.points, 0);

/** The highest round number in the history (0 for none). */
export const lastRound = (history: readonly GameRecord[]): number => history.reduce((m, g) => Math.max(m, g.round), 0);
