// At most one bye each in Swiss, as a table case (the random property test finds it only by chance): the
// lowest-ranked player had the bye two rounds ago, and the others could be paired without a repeat around a
// second bye, so a rule that gives the bye to the lowest-ranked player, or that only skips last round's bye,
// hands them a second one. Only the public pairing function.
import { describe, expect, it } from 'vitest';
import { pairSwissRound, type GameRecord } from '../../../src/match/tournament/index.js';

const g = (round: number, first: string, second: string | null, result: GameRecord['result']): GameRecord => ({
  round,
  first,
  second,
  result,
});

describe('Swiss byes, at most one each', () => {
  // Five players (first named moves first):
  //   R1  p5 bye   p1–p3 1–0   p2–p4 1–0
  //   R2  p4 bye   p5–p1 0–1   p3–p2 1–0
  // Points: p1 2; p2, p3, p4, p5 1 each, in that order (the initial ranking breaks the tie): p5 is the lowest and
  // p4 next, but both have had a bye. p1, p2, p4, p5 could still be paired around a second bye for p5 (p1–p2,
  // p4–p5 have not met), so only the one-bye rule stops it: the bye goes to p3, the lowest of the others, and
  // p1, p2, p4, p5 meet new opponents.
  const players = ['p1', 'p2', 'p3', 'p4', 'p5'];
  const history: GameRecord[] = [
    g(1, 'p5', null, 'first'),
    g(1, 'p1', 'p3', 'first'),
    g(1, 'p2', 'p4', 'first'),
    g(2, 'p4', null, 'first'),
    g(2, 'p5', 'p1', 'second'),
    g(2, 'p3', 'p2', 'first'),
  ];
  const met = new Set(history.filter((x) => x.second).map((x) => [x.first, x.second].sort().join('-')));

  it.each([undefined, 3])('skip whoever had one, in any earlier round (rounds: %s)', (rounds) => {
    const r = pairSwissRound({ players, history, round: 3, rounds });
    expect(r.games.at(-1)).toEqual({ round: 3, first: 'p3', second: null, result: 'first' });
    const pairs = r.games.slice(0, -1).map((x) => [x.first, x.second].sort().join('-'));
    expect(pairs).toHaveLength(2);
    expect(new Set(pairs.flatMap((p) => p.split('-')))).toEqual(new Set(['p1', 'p2', 'p4', 'p5']));
    expect(pairs.filter((p) => met.has(p))).toEqual([]);
  });
});
