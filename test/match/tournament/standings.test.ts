// Standings and tiebreaks on small events computed by hand, and the crosstable.
import { describe, expect, it } from 'vitest';
import { crosstable, standings, type GameRecord } from '../../../src/match/tournament/index.js';

const g = (
  round: number,
  first: string,
  second: string | null,
  result: GameRecord['result'],
  forfeit?: boolean,
): GameRecord => (forfeit ? { round, first, second, result, forfeit } : { round, first, second, result });

describe('Swiss: Buchholz and Sonneborn–Berger with a bye, a forfeit and a withdrawal', () => {
  // Five players, three rounds (first named moves first):
  //   R1  A–B 1–0   C–D ½–½   E bye
  //   R2  E–A 0–1   B–C 1–0 by forfeit (C did not play)   D bye
  //   R3  A–D ½–½   B–E 1–0   C has left (no record)
  // Points: A 2½, B 2, C ½, D 2, E 1. Rounds so far: 3.
  //
  // Adjusted scores (a player as somebody's opponent): C's round 3 is an
  // absence followed by nothing: counted as a draw, so C counts 1; the
  // others count their points.
  //
  // Own unplayed rounds count as a game against a dummy with the player's own
  // score, at most the scheduled opponent's adjusted score (forfeits) or
  // ½ × 3 = 1½ (byes, absences); the result is the points the round gave.
  //   A: B 2 (won), E 1 (won), D 2 (drew)          BH 5    SB 2 + 1 + 1 = 4
  //   B: A 2½ (lost); forfeit win: dummy min(2, C 1) = 1 (won); E 1 (won)
  //                                                 BH 4½   SB 0 + 1 + 1 = 2
  //   C: D 2 (drew); forfeit loss: dummy min(½, B 2) = ½ (lost);
  //      absent: dummy min(½, 1½) = ½ (0)            BH 3    SB 1
  //   D: C 1 (drew); bye: dummy min(2, 1½) = 1½ (won); A 2½ (drew)
  //                                                 BH 5    SB ½ + 1½ + 1¼ = 3¼
  //   E: bye: dummy min(1, 1½) = 1 (won); A 2½ (lost); B 2 (lost)
  //                                                 BH 5½   SB 1
  // Order: A 2½; D and B on 2, D ahead on Buchholz (5 to 4½); E 1; C ½.
  const players = ['A', 'B', 'C', 'D', 'E'];
  const history: GameRecord[] = [
    g(1, 'A', 'B', 'first'),
    g(1, 'C', 'D', 'draw'),
    g(1, 'E', null, 'first'),
    g(2, 'E', 'A', 'second'),
    g(2, 'B', 'C', 'first', true),
    g(2, 'D', null, 'first'),
    g(3, 'A', 'D', 'draw'),
    g(3, 'B', 'E', 'first'),
  ];
  const rows = standings('swiss', players, history, { withdrawn: ['C'] });
  const by = new Map(rows.map((r) => [r.player, r]));

  it('ranks by points, Buchholz, Sonneborn–Berger', () => {
    expect(rows.map((r) => [r.rank, r.player, r.points])).toEqual([
      [1, 'A', 2.5],
      [2, 'D', 2],
      [3, 'B', 2],
      [4, 'E', 1],
      [5, 'C', 0.5],
    ]);
  });

  it.each([
    ['A', 5, 4],
    ['B', 4.5, 2],
    ['C', 3, 1],
    ['D', 5, 3.25],
    ['E', 5.5, 1],
  ])('%s: Buchholz %d, Sonneborn–Berger %d', (p, bh, sb) => {
    expect(by.get(p)!.tiebreaks).toEqual({ buchholz: bh, sonnebornBerger: sb, headToHead: null });
  });

  it('counts games, byes and forfeits, and flags the withdrawn', () => {
    expect(by.get('A')).toMatchObject({ games: 3, played: 3, wins: 2, draws: 1, losses: 0, byes: 0, withdrawn: false });
    expect(by.get('B')).toMatchObject({ games: 3, played: 2, wins: 1, losses: 1, forfeitWins: 1, forfeitLosses: 0 });
    expect(by.get('C')).toMatchObject({ games: 2, played: 1, draws: 1, forfeitLosses: 1, withdrawn: true });
    expect(by.get('D')).toMatchObject({ games: 3, played: 2, draws: 2, byes: 1 });
  });

  it('counts an absence as a draw for the opponents only when the player never played again', () => {
    // C misses round 2 but plays round 3: the absence stays 0 in C's adjusted score.
    const h: GameRecord[] = [
      g(1, 'A', 'C', 'second'),
      g(1, 'B', 'D', 'draw'),
      g(2, 'A', 'B', 'draw'),
      g(3, 'C', 'B', 'second'),
    ];
    const r = new Map(standings('swiss', ['A', 'B', 'C', 'D'], h).map((x) => [x.player, x]));
    // C: 1 point, counted 1 for A. D: ½ + absent in rounds 2 and 3 (never played again): ½ + ½ + ½ = 1½ for B.
    expect(r.get('A')!.tiebreaks.buchholz).toBe(1 + 2.5); // C 1, B 2½
    expect(r.get('B')!.tiebreaks.buchholz).toBe(1.5 + 1 + 1); // D 1½, A 1, C 1
  });

  it('ignores unfinished games and refuses a history it cannot read', () => {
    const r = standings('swiss', ['A', 'B'], [g(1, 'A', 'B', null)]);
    expect(r.map((x) => [x.rank, x.player, x.points, x.games])).toEqual([
      [1, 'A', 0, 0],
      [1, 'B', 0, 0],
    ]);
    expect(() => standings('swiss', ['A'], [g(1, 'A', 'Z', 'first')])).toThrow(/not a player/);
  });
});

describe('round robin: head-to-head, then Sonneborn–Berger', () => {
  // Four players: A beats B and D, loses to C; B beats C and D; D beats C.
  // Points: A 2, B 2, D 1, C 1.
  // A and B: A won their game (head-to-head 1 to 0). C and D: D won (1 to 0).
  // Sonneborn–Berger (sum of beaten opponents' points, half of drawn ones'):
  //   A: B 2 + D 1 = 3   B: C 1 + D 1 = 2   C: A 2 = 2   D: C 1 = 1
  // So head-to-head puts D above C although C has the better SB.
  const players = ['A', 'B', 'C', 'D'];
  const history: GameRecord[] = [
    g(1, 'A', 'D', 'first'),
    g(1, 'B', 'C', 'first'),
    g(2, 'D', 'C', 'first'),
    g(2, 'A', 'B', 'first'),
    g(3, 'B', 'D', 'first'),
    g(3, 'C', 'A', 'first'),
  ];

  it('ranks A, B, D, C', () => {
    const rows = standings('round-robin', players, history);
    expect(
      rows.map((r) => [
        r.rank,
        r.player,
        r.points,
        r.tiebreaks.headToHead,
        r.tiebreaks.sonnebornBerger,
        r.tiebreaks.buchholz,
      ]),
    ).toEqual([
      [1, 'A', 2, 1, 3, null],
      [2, 'B', 2, 0, 2, null],
      [3, 'D', 1, 1, 1, null],
      [4, 'C', 1, 0, 2, null],
    ]);
  });

  it('shares the rank when nothing separates players (a cycle among three)', () => {
    // A beats B, B beats C, C beats A, all beat D: three on 2, head-to-head 1 each, SB 2 each.
    const h: GameRecord[] = [
      g(1, 'A', 'D', 'first'),
      g(1, 'B', 'C', 'first'),
      g(2, 'D', 'C', 'second'),
      g(2, 'A', 'B', 'first'),
      g(3, 'B', 'D', 'first'),
      g(3, 'C', 'A', 'first'),
    ];
    const rows = standings('round-robin', players, h);
    expect(rows.map((r) => [r.rank, r.player, r.tiebreaks.headToHead, r.tiebreaks.sonnebornBerger])).toEqual([
      [1, 'A', 1, 2],
      [1, 'B', 1, 2],
      [1, 'C', 1, 2],
      [4, 'D', null, 0],
    ]);
  });

  it('leaves head-to-head out while the tied players have not all met', () => {
    const rows = standings(
      'round-robin',
      players,
      history.filter((x) => x.round === 1),
    );
    expect(rows.map((r) => [r.rank, r.player, r.points, r.tiebreaks.headToHead])).toEqual([
      [1, 'A', 1, null],
      [1, 'B', 1, null],
      [3, 'C', 0, null],
      [3, 'D', 0, null],
    ]);
  });

  it('counts forfeits as games and byes as a point with no opponent', () => {
    // Three players, one bye each (Berger: 2–3 / 1–2 / 3–1, byes 1, 3, 2). B forfeits to A.
    const h: GameRecord[] = [
      g(1, 'B', 'C', 'first'),
      g(1, 'A', null, 'first'),
      g(2, 'A', 'B', 'first', true),
      g(2, 'C', null, 'first'),
      g(3, 'C', 'A', 'draw'),
      g(3, 'B', null, 'first'),
    ];
    // A: bye 1 + forfeit win 1 + draw ½ = 2½; B: win 1 + bye 1 = 2; C: bye 1 + draw ½ = 1½.
    // SB: A: B 2 (forfeit counts) + ½ × C 1½ = 2¾; B: C 1½; C: ½ × A 2½ = 1¼.
    const rows = standings('round-robin', ['A', 'B', 'C'], h);
    expect(rows.map((r) => [r.player, r.points, r.tiebreaks.sonnebornBerger, r.games, r.played])).toEqual([
      ['A', 2.5, 2.75, 3, 1],
      ['B', 2, 1.5, 3, 1],
      ['C', 1.5, 1.25, 3, 2],
    ]);
  });
});

describe('crosstable', () => {
  it('lays out every result from each row player’s side', () => {
    const players = ['A', 'B', 'C'];
    const h: GameRecord[] = [
      g(1, 'B', 'C', 'first'),
      g(1, 'A', null, 'first'),
      g(2, 'A', 'B', 'second', true),
      g(2, 'C', null, null),
      g(3, 'C', 'A', null),
    ];
    const t = crosstable(players, h);
    expect(t.players).toEqual(players);
    expect(t.points).toEqual([1, 2, 0]);
    expect(t.byes).toEqual([[1], [], []]); // C's round-2 bye is not awarded yet
    expect(t.cells[0][0]).toEqual([]);
    expect(t.cells[0][1]).toEqual([{ round: 2, movedFirst: true, outcome: 'forfeit-loss', points: 0 }]);
    expect(t.cells[1][0]).toEqual([{ round: 2, movedFirst: false, outcome: 'forfeit-win', points: 1 }]);
    expect(t.cells[1][2]).toEqual([{ round: 1, movedFirst: true, outcome: 'win', points: 1 }]);
    expect(t.cells[2][1]).toEqual([{ round: 1, movedFirst: false, outcome: 'loss', points: 0 }]);
    expect(t.cells[2][0]).toEqual([{ round: 3, movedFirst: true, outcome: 'pending', points: null }]);
    expect(t.cells[0][2]).toEqual([{ round: 3, movedFirst: false, outcome: 'pending', points: null }]);
  });
});
