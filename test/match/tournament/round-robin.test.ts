// Round robin: the Berger tables, balance of first moves, byes, withdrawals.
import { describe, expect, it } from 'vitest';
import {
  applyWithdrawals,
  drawLots,
  roundRobinSchedule,
  standings,
  withdrawnBy,
  type GameRecord,
} from '../../../src/match/tournament/index.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
const show = (g: GameRecord) => `${g.first}-${g.second ?? 'bye'}`;

// FIDE C.05 Annex 1 (Berger tables), white (first move) on the left.
const TABLES: Record<number, string[]> = {
  4: ['1-4 2-3', '4-3 1-2', '2-4 3-1'],
  6: ['1-6 2-5 3-4', '6-4 5-3 1-2', '2-6 3-1 4-5', '6-5 1-4 2-3', '3-6 4-2 5-1'],
  8: [
    '1-8 2-7 3-6 4-5',
    '8-5 6-4 7-3 1-2',
    '2-8 3-1 4-7 5-6',
    '8-6 7-5 1-4 2-3',
    '3-8 4-2 5-1 6-7',
    '8-7 1-6 2-5 3-4',
    '4-8 5-3 6-2 7-1',
  ],
  10: [
    '1-10 2-9 3-8 4-7 5-6',
    '10-6 7-5 8-4 9-3 1-2',
    '2-10 3-1 4-9 5-8 6-7',
    '10-7 8-6 9-5 1-4 2-3',
    '3-10 4-2 5-1 6-9 7-8',
    '10-8 9-7 1-6 2-5 3-4',
    '4-10 5-3 6-2 7-1 8-9',
    '10-9 1-8 2-7 3-6 4-5',
    '5-10 6-4 7-3 8-2 9-1',
  ],
};

describe('roundRobinSchedule', () => {
  it.each(Object.keys(TABLES).map(Number))(
    'reproduces the Berger table for %i players, boards and first moves included',
    (n) => {
      expect(roundRobinSchedule(ids(n)).map((r) => r.games.map(show).join(' '))).toEqual(TABLES[n]);
    },
  );

  it('with an odd number, the highest number of the table is the bye (5 players = the 6-player table)', () => {
    const rounds = roundRobinSchedule(ids(5)).map((r) => r.games.map(show).join(' '));
    expect(rounds).toEqual(['2-5 3-4 1-bye', '5-3 1-2 4-bye', '3-1 4-5 2-bye', '1-4 2-3 5-bye', '4-2 5-1 3-bye']);
  });

  for (let n = 3; n <= 16; n++) {
    it(`${n} players: every pair once, nobody twice in a round, ${n % 2 ? 'one bye a round and one each' : 'no bye'}, first moves balanced`, () => {
      const players = ids(n).map((x) => `p${x}`);
      const rounds = roundRobinSchedule(players);
      const N = n + (n % 2);
      expect(rounds.map((r) => r.round)).toEqual(Array.from({ length: N - 1 }, (_, i) => i + 1));

      const pairs = new Map<string, number>();
      const byes = new Map<string, number>();
      const firsts = new Map(players.map((p) => [p, 0]));
      for (const r of rounds) {
        const seen = r.games.flatMap((g) => (g.second === null ? [g.first] : [g.first, g.second]));
        expect(new Set(seen).size).toBe(seen.length); // nobody twice
        expect([...seen].sort()).toEqual([...players].sort()); // everybody once
        const roundByes = r.games.filter((g) => g.second === null);
        expect(roundByes).toHaveLength(n % 2);
        if (roundByes.length) expect(r.games.at(-1)!.second).toBeNull(); // bye last
        for (const g of r.games) {
          expect(g.result).toBeNull();
          if (g.second === null) {
            byes.set(g.first, (byes.get(g.first) ?? 0) + 1);
            continue;
          }
          const key = [g.first, g.second].sort().join('|');
          pairs.set(key, (pairs.get(key) ?? 0) + 1);
          firsts.set(g.first, firsts.get(g.first)! + 1);
        }
      }
      expect(pairs.size).toBe((n * (n - 1)) / 2);
      expect([...pairs.values()].every((c) => c === 1)).toBe(true);
      if (n % 2) expect(players.map((p) => byes.get(p))).toEqual(players.map(() => 1));
      else expect(byes.size).toBe(0);

      const counts = [...firsts.values()];
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      // The exact split: odd n, everyone first in half of their n − 1 games;
      // even n, half the players n/2 and half n/2 − 1.
      if (n % 2) expect(counts.every((c) => c === (n - 1) / 2)).toBe(true);
      else {
        expect(counts.filter((c) => c === n / 2)).toHaveLength(n / 2);
        expect(counts.filter((c) => c === n / 2 - 1)).toHaveLength(n / 2);
      }
    });
  }

  it('refuses fewer than 2 players and duplicate ids', () => {
    expect(() => roundRobinSchedule(['a'])).toThrow(/at least 2/);
    expect(() => roundRobinSchedule(['a', 'b', 'a'])).toThrow(/twice/);
  });
});

describe('drawLots', () => {
  it('is a permutation fixed by the seed', () => {
    const players = ids(12);
    const a = drawLots(players, 'spring cup');
    expect([...a].sort()).toEqual([...players].sort());
    expect(drawLots(players, 'spring cup')).toEqual(a);
    expect(drawLots(players, 'autumn cup')).not.toEqual(a);
    expect(players).toEqual(ids(12)); // input untouched
  });
});

describe('applyWithdrawals on a round robin', () => {
  const players = ['a', 'b', 'c', 'd', 'e'];
  const schedule = roundRobinSchedule(players).flatMap((r) => r.games);
  // Rounds 1 and 2 are played (first mover wins), byes awarded.
  const played = schedule.map((g) => (g.round <= 2 ? { ...g, result: 'first' as const } : g));

  it("turns a leaver's remaining games into forfeit wins for the opponents and drops their future bye", () => {
    const out = applyWithdrawals(played, [{ player: 'c', round: 3 }]);
    expect(out.filter((g) => g.round <= 2)).toEqual(played.filter((g) => g.round <= 2)); // finished games kept
    const cLater = out.filter((g) => g.round >= 3 && (g.first === 'c' || g.second === 'c'));
    expect(cLater.length).toBeGreaterThan(0);
    for (const g of cLater) {
      expect(g.second).not.toBeNull();
      expect(g.forfeit).toBe(true);
      expect(g.result).toBe(g.first === 'c' ? 'second' : 'first');
    }
    // Other games are untouched.
    expect(out.filter((g) => g.round >= 3 && g.first !== 'c' && g.second !== 'c').every((g) => g.result === null)).toBe(
      true,
    );
    // c's bye (in the 5-player table: round 5) lapses.
    expect(schedule.some((g) => g.first === 'c' && g.second === null && g.round === 5)).toBe(true);
    expect(out.some((g) => g.first === 'c' && g.second === null)).toBe(false);
  });

  it('makes a game between two leavers a double forfeit, in any order of withdrawals, and is idempotent', () => {
    const w = [
      { player: 'b', round: 3 },
      { player: 'd', round: 4 },
    ];
    const out = applyWithdrawals(played, w);
    expect(applyWithdrawals(played, [...w].reverse())).toEqual(out);
    expect(applyWithdrawals(out, w)).toEqual(out);
    // Berger numbers a..e = 1..5: b–d is in round 5 (2 + 4 ≡ 5 + 1 mod 5), after both left.
    expect(out.find((g) => [g.first, g.second].sort().join() === 'b,d')).toMatchObject({
      round: 5,
      result: 'double-forfeit',
      forfeit: true,
    });
    // d–e is in round 3, before d left: still to be played.
    expect(out.find((g) => [g.first, g.second].sort().join() === 'd,e')).toMatchObject({ round: 3, result: null });
    // b–c (round 4) is c's forfeit win; b's bye (round 3) lapses.
    const bc = out.find((g) => [g.first, g.second].sort().join() === 'b,c')!;
    expect(bc).toMatchObject({ round: 4, forfeit: true, result: bc.first === 'c' ? 'first' : 'second' });
    expect(out.some((g) => g.first === 'b' && g.second === null)).toBe(false);
  });

  it('withdrawnBy lists who has left by a round', () => {
    const w = [
      { player: 'b', round: 3 },
      { player: 'd', round: 4 },
    ];
    expect(withdrawnBy(w, 2)).toEqual(new Set());
    expect(withdrawnBy(w, 3)).toEqual(new Set(['b']));
    expect(withdrawnBy(w, 9)).toEqual(new Set(['b', 'd']));
    expect(() => applyWithdrawals(played, [{ player: 'b', round: 0 }])).toThrow(/positive integer/);
  });

  it('scores the forfeits in the standings', () => {
    const out = applyWithdrawals(played, [{ player: 'c', round: 3 }]).map((g) =>
      g.result !== null ? g : { ...g, result: g.second === null ? ('first' as const) : ('draw' as const) },
    );
    const rows = standings('round-robin', players, out, { withdrawn: ['c'] });
    const c = rows.find((r) => r.player === 'c')!;
    expect(c.withdrawn).toBe(true);
    expect(c.forfeitLosses).toBe(out.filter((g) => g.forfeit && (g.first === 'c' || g.second === 'c')).length);
    // c (Berger 3) was to meet a in round 3 and b in round 4; d and e were met in rounds 1 and 2.
    const by = new Map(rows.map((r) => [r.player, r]));
    expect(c.forfeitLosses).toBe(2);
    expect([
      by.get('a')!.forfeitWins,
      by.get('b')!.forfeitWins,
      by.get('d')!.forfeitWins,
      by.get('e')!.forfeitWins,
    ]).toEqual([1, 1, 0, 0]);
    expect(c.byes).toBe(0); // the round-5 bye lapsed
    expect(c.games).toBe(4); // 2 played, 2 forfeited
  });
});
