// Standings with tiebreaks, and the crosstable.
//
// Points: win 1, draw ½, loss 0, bye 1, forfeit win 1, forfeit loss 0,
// double forfeit 0 for both. Unfinished games count for nothing yet.
//
// Swiss: points, then Buchholz, then Sonneborn–Berger, with unplayed rounds
// handled as in FIDE C.07 (2024–2026) article 16, simplified to what the
// bot can produce:
// - a player's unplayed rounds are their byes, forfeit wins, forfeit losses,
//   double forfeits, and rounds with no record at all (after a withdrawal);
// - as someone's opponent, a player counts with their score, except that each
//   round they were absent from and after which they never played again
//   (withdrawal) counts as a draw (½) instead of 0 ("adjusted score");
// - in their own tiebreaks, each unplayed round counts as a game against a
//   dummy opponent whose score is the player's own score, but at most the
//   scheduled opponent's adjusted score for a forfeit, and at most ½ × the
//   rounds so far for a bye or an absence; the result against the dummy is
//   the points the round gave (bye 1, forfeit win 1, else 0).
// Buchholz = sum of the (adjusted) scores of the opponents and dummies;
// Sonneborn–Berger = sum of result × that score.
//
// Round robin: points, then head-to-head, then Sonneborn–Berger (FIDE C.07's
// order for round robins, direct encounter first). Forfeits count as games
// (FIDE C.07 article 15.2: pairings fixed in advance); a bye has no opponent
// and adds nothing to Sonneborn–Berger. Head-to-head applies within a group of
// players level on points once every two of them have a result against each
// other: the points scored in those games; before that it is null.
//
// Players still level after all of it share the rank and are listed in the
// order given.
import { indexHistory, isFinishedGame, isPlayed, lastRound, pointsOf, type Entry, type EntryKind } from './history.js';
import type { TournamentFormat } from '../../model/index.js';
import type { GameRecord, PlayerId } from './types.js';

export interface Tiebreaks {
  /** Swiss only (null in a round robin). */
  buchholz: number | null;
  sonnebornBerger: number;
  /** Round robin only; null in a Swiss, or while the players level on points have not all met. */
  headToHead: number | null;
}

export interface StandingRow {
  /** 1-based; players level on points and every tiebreak share it. */
  rank: number;
  player: PlayerId;
  points: number;
  /** Rounds with a result: games played, forfeits and byes. */
  games: number;
  /** Games played over the board. */
  played: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  forfeitWins: number;
  /** Forfeit losses, double forfeits included. */
  forfeitLosses: number;
  tiebreaks: Tiebreaks;
  withdrawn: boolean;
}

export interface StandingsOptions {
  /** Flags these players as withdrawn in the rows (their results are as in the history). */
  withdrawn?: Iterable<PlayerId>;
}

const count = (list: readonly Entry[], ...kinds: EntryKind[]) => list.filter((e) => kinds.includes(e.kind)).length;

export function standings(
  format: TournamentFormat,
  players: readonly PlayerId[],
  history: readonly GameRecord[],
  options: StandingsOptions = {},
): StandingRow[] {
  const entries = indexHistory(players, history);
  const withdrawn = new Set(options.withdrawn ?? []);
  const points = new Map(players.map((p) => [p, pointsOf(entries.get(p)!)]));
  const tb =
    format === 'swiss'
      ? swissTiebreaks(players, entries, points, lastRound(history))
      : roundRobinTiebreaks(players, entries, points);

  const rows: StandingRow[] = players.map((p) => {
    const list = entries.get(p)!;
    return {
      rank: 0,
      player: p,
      points: points.get(p)!,
      games: list.filter((e) => e.kind !== 'pending').length,
      played: list.filter((e) => isPlayed(e.kind)).length,
      wins: count(list, 'win'),
      draws: count(list, 'draw'),
      losses: count(list, 'loss'),
      byes: count(list, 'bye'),
      forfeitWins: count(list, 'forfeit-win'),
      forfeitLosses: count(list, 'forfeit-loss', 'double-forfeit'),
      tiebreaks: tb.get(p)!,
      withdrawn: withdrawn.has(p),
    };
  });
  const order = new Map(players.map((p, i) => [p, i]));
  const keys = (r: StandingRow) => [
    r.points,
    r.tiebreaks.headToHead ?? 0,
    r.tiebreaks.buchholz ?? 0,
    r.tiebreaks.sonnebornBerger,
  ];
  const cmp = (a: StandingRow, b: StandingRow) => {
    const ka = keys(a);
    const kb = keys(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i] - ka[i];
    return 0;
  };
  rows.sort((a, b) => cmp(a, b) || order.get(a.player)! - order.get(b.player)!);
  rows.forEach((r, i) => (r.rank = i > 0 && cmp(rows[i - 1], r) === 0 ? rows[i - 1].rank : i + 1));
  return rows;
}

function swissTiebreaks(
  players: readonly PlayerId[],
  entries: Map<PlayerId, Entry[]>,
  points: Map<PlayerId, number>,
  rounds: number,
): Map<PlayerId, Tiebreaks> {
  // Each player's rounds 1..rounds: an entry, or null when absent.
  const byRound = new Map<PlayerId, (Entry | null)[]>();
  for (const p of players) {
    const slots = new Array<Entry | null>(rounds).fill(null);
    for (const e of entries.get(p)!) slots[e.round - 1] = e;
    byRound.set(p, slots);
  }
  const voluntary = (e: Entry | null) => e === null || e.kind === 'forfeit-loss' || e.kind === 'double-forfeit';
  const adjusted = new Map<PlayerId, number>();
  for (const p of players) {
    const slots = byRound.get(p)!;
    let extra = 0;
    slots.forEach((e, r) => {
      if (e === null && slots.slice(r + 1).every(voluntary)) extra += 0.5;
    });
    adjusted.set(p, points.get(p)! + extra);
  }
  const out = new Map<PlayerId, Tiebreaks>();
  for (const p of players) {
    const own = points.get(p)!;
    let bh = 0;
    let sb = 0;
    for (const e of byRound.get(p)!) {
      if (e !== null && e.kind === 'pending') continue;
      if (e !== null && isPlayed(e.kind)) {
        const s = adjusted.get(e.opponent!)!;
        bh += s;
        sb += e.points * s;
        continue;
      }
      const cap = e !== null && isFinishedGame(e.kind) ? adjusted.get(e.opponent!)! : 0.5 * rounds;
      const dummy = Math.min(own, cap);
      bh += dummy;
      sb += (e?.points ?? 0) * dummy;
    }
    out.set(p, { buchholz: bh, sonnebornBerger: sb, headToHead: null });
  }
  return out;
}

function roundRobinTiebreaks(
  players: readonly PlayerId[],
  entries: Map<PlayerId, Entry[]>,
  points: Map<PlayerId, number>,
): Map<PlayerId, Tiebreaks> {
  const out = new Map<PlayerId, Tiebreaks>();
  for (const p of players) {
    let sb = 0;
    for (const e of entries.get(p)!) if (isFinishedGame(e.kind)) sb += e.points * points.get(e.opponent!)!;
    out.set(p, { buchholz: null, sonnebornBerger: sb, headToHead: null });
  }
  const groups = new Map<number, PlayerId[]>();
  for (const p of players) groups.set(points.get(p)!, [...(groups.get(points.get(p)!) ?? []), p]);
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const inGroup = new Set(group);
    const h2h = new Map<PlayerId, number>();
    let complete = true;
    for (const p of group) {
      const met = new Set<PlayerId>();
      let s = 0;
      for (const e of entries.get(p)!) {
        if (!isFinishedGame(e.kind) || !inGroup.has(e.opponent!)) continue;
        met.add(e.opponent!);
        s += e.points;
      }
      if (met.size !== group.length - 1) complete = false;
      h2h.set(p, s);
    }
    if (complete) for (const p of group) out.get(p)!.headToHead = h2h.get(p)!;
  }
  return out;
}

// ---------------------------------------------------------------------------
// Crosstable

export interface CrossCell {
  round: number;
  /** Whether the row player moved first. */
  movedFirst: boolean;
  outcome: Exclude<EntryKind, 'bye'>;
  /** The row player's points; null while pending. */
  points: number | null;
}

export interface Crosstable {
  /** Rows and columns, in the order given. */
  players: PlayerId[];
  /** cells[i][j]: what player i did against player j, in round order (empty: not paired). */
  cells: CrossCell[][][];
  /** The rounds of each player's awarded byes. */
  byes: number[][];
  points: number[];
}

export function crosstable(players: readonly PlayerId[], history: readonly GameRecord[]): Crosstable {
  const entries = indexHistory(players, history);
  const index = new Map(players.map((p, i) => [p, i]));
  const cells: CrossCell[][][] = players.map(() => players.map(() => []));
  const byes: number[][] = players.map(() => []);
  players.forEach((p, i) => {
    for (const e of entries.get(p)!) {
      if (e.opponent === null) {
        if (e.kind === 'bye') byes[i].push(e.round);
        continue;
      }
      cells[i][index.get(e.opponent)!].push({
        round: e.round,
        movedFirst: e.movedFirst!,
        outcome: e.kind as Exclude<EntryKind, 'bye'>,
        points: e.kind === 'pending' ? null : e.points,
      });
    }
  });
  return { players: [...players], cells, byes, points: players.map((p) => pointsOf(entries.get(p)!)) };
}
