// Swiss pairing: worked cases (round 1, score groups, byes, first moves,
// withdrawals, impossible rounds, input errors, determinism).
import { describe, expect, it } from 'vitest';
import { TournamentError, pairSwissRound, type GameRecord } from '../../../src/match/tournament/index.js';
import { planSwissRound } from '../../../src/match/tournament/swiss.js';
import { makeRng } from '../../../src/engine/rng.js';
import { absoluteNeed, colourDiffs, colourHistories, ids, randomResult } from './helpers.js';

const show = (games: GameRecord[]) => games.map((g) => `${g.first}-${g.second ?? 'bye'}`).join(' ');
const g = (
  round: number,
  first: string,
  second: string | null,
  result: GameRecord['result'],
  forfeit?: boolean,
): GameRecord => (forfeit ? { round, first, second, result, forfeit } : { round, first, second, result });

describe('round 1', () => {
  it('pairs the top half against the bottom half, first moves alternating by board', () => {
    const r = pairSwissRound({ players: ids(8), history: [], round: 1 });
    expect(r.round).toBe(1);
    expect(show(r.games)).toBe('p1-p5 p6-p2 p3-p7 p8-p4');
    expect(r.games.every((x) => x.result === null && x.round === 1)).toBe(true);
  });

  it('gives the bye to the lowest seed with an odd number, already scored', () => {
    const r = pairSwissRound({ players: ids(7), history: [], round: 1 });
    expect(show(r.games)).toBe('p1-p4 p5-p2 p3-p6 p7-bye');
    expect(r.games.at(-1)).toEqual({ round: 1, first: 'p7', second: null, result: 'first' });
  });

  it('draws the first move of board 1 by lot from the seed', () => {
    const seeds = Array.from({ length: 20 }, (_, i) => `event-${i}`);
    const flips = seeds.map((seed) => planSwissRound({ players: ids(8), history: [], round: 1, seed }).flip);
    expect(new Set(flips)).toEqual(new Set([true, false]));
    const seed = seeds[flips.indexOf(true)];
    expect(show(pairSwissRound({ players: ids(8), history: [], round: 1, seed }).games)).toBe(
      'p5-p1 p2-p6 p7-p3 p4-p8',
    );
  });
});

describe('later rounds', () => {
  const players = ids(8);
  const round1: GameRecord[] = [
    g(1, 'p1', 'p5', 'first'),
    g(1, 'p6', 'p2', 'second'),
    g(1, 'p3', 'p7', 'first'),
    g(1, 'p8', 'p4', 'second'),
  ];

  it('pairs winners with winners and losers with losers, everyone alternating', () => {
    const r = pairSwissRound({ players, history: round1, round: 2 });
    const winners = new Set(['p1', 'p2', 'p3', 'p4']);
    for (const x of r.games) expect(winners.has(x.first)).toBe(winners.has(x.second!));
    // p1, p3, p6, p8 moved first in round 1: now they all move second.
    const firsts = new Set(r.games.map((x) => x.first));
    expect(firsts).toEqual(new Set(['p2', 'p4', 'p5', 'p7']));
  });

  it('never repeats a pair, also one decided by forfeit; the bottom then floats', () => {
    // Three rounds of four players: after 1–2 and 3–4 (round 1), 1–3 and 2–4 (round 2), only 1–4 and 2–3 are left.
    const four = ids(4);
    const h: GameRecord[] = [
      g(1, 'p1', 'p3', 'first'),
      g(1, 'p4', 'p2', 'second', true),
      g(2, 'p2', 'p1', 'draw'),
      g(2, 'p3', 'p4', 'first'),
    ];
    const r = pairSwissRound({ players: four, history: h, round: 3 });
    expect(new Set(r.games.map((x) => [x.first, x.second].sort().join('-')))).toEqual(new Set(['p1-p4', 'p2-p3']));
  });

  it('does not pair withdrawn players, and refuses unknown ones', () => {
    const r = pairSwissRound({ players, history: round1, round: 2, withdrawn: ['p2', 'p7'] });
    const seen = r.games.flatMap((x) => [x.first, x.second]);
    expect(seen).not.toContain('p2');
    expect(seen).not.toContain('p7');
    expect(r.games).toHaveLength(3);
    expect(() => pairSwissRound({ players, history: round1, round: 2, withdrawn: ['p9'] })).toThrow(/not a player/);
  });

  it('is deterministic and leaves its input alone', () => {
    const input = { players: [...players], history: round1.map((x) => ({ ...x })), round: 2, seed: 'cup' };
    const copy = structuredClone(input);
    const a = pairSwissRound(input);
    expect(pairSwissRound(input)).toEqual(a);
    expect(input).toEqual(copy);
  });
});

describe('byes', () => {
  it('go to the lowest-ranked player who has not had one', () => {
    const players = ids(5);
    const h: GameRecord[] = [g(1, 'p1', 'p3', 'first'), g(1, 'p4', 'p2', 'second'), g(1, 'p5', null, 'first')];
    // Scores: p1 1, p2 1, p5 1 (bye), p3 0, p4 0. Lowest: p4 (0, seed 4), then p3.
    const r = pairSwissRound({ players, history: h, round: 2 });
    expect(r.games.at(-1)).toMatchObject({ first: 'p4', second: null, result: 'first' });
    // With p3 and p4 withdrawn, p1, p2 and p5 are level on 1 point and p5 is lowest, but p5 had the bye: p2.
    const r2 = pairSwissRound({ players, history: h, round: 2, withdrawn: ['p3', 'p4'] });
    expect(show(r2.games)).toBe('p5-p1 p2-bye');
  });

  it('go first to players without a forfeit win (FIDE C.04.1.d)', () => {
    const players = ids(5);
    const h: GameRecord[] = [g(1, 'p3', 'p1', 'first'), g(1, 'p2', 'p4', 'second', true), g(1, 'p5', null, 'first')];
    // Scores: p3 1, p4 1 (by forfeit), p5 1 (bye), p1 0, p2 0: the lowest, p2, takes it.
    expect(pairSwissRound({ players, history: h, round: 2 }).games.at(-1)!.first).toBe('p2');
    // Without p1 and p2: p3, p4, p5 on 1 point; p5 had the bye; p4 is lower than p3 but won by forfeit.
    const r = pairSwissRound({ players, history: h, round: 2, withdrawn: ['p1', 'p2'] });
    expect(r.games.at(-1)!.first).toBe('p3');
  });

  it('go to a higher-ranked player when the lowest cannot leave the others pairable', () => {
    // Six players; rounds 1–3 between the halves {p1,p2,p3} and {p4,p5,p6}, the first half winning every game.
    const players = ids(6);
    const h: GameRecord[] = [];
    const B = ['p4', 'p5', 'p6'];
    for (let r = 0; r < 3; r++) ['p1', 'p2', 'p3'].forEach((a, i) => h.push(g(r + 1, a, B[(i + r) % 3], 'first')));
    // p6 leaves. p4 and p5 are the lowest, but either one on the bye would leave the other with nobody
    // new to meet: the bye goes to the lowest of the top half, p3.
    const r = pairSwissRound({ players, history: h, round: 4, withdrawn: ['p6'] });
    expect(r.games.at(-1)).toMatchObject({ first: 'p3', second: null, result: 'first' });
    expect(new Set(r.games.slice(0, -1).map((x) => [x.first, x.second].sort().join('-')))).toEqual(
      new Set(['p1-p2', 'p4-p5']),
    );
  });
  it('pass over the lowest players when their bye would leave only pairings that break the absolute colour rule', () => {
    // Seven players after four rounds (p7, p6, p2 and p3 have had the bye). Scores: p7 4, p6 3, p1 p3 p4 p5 2, p2 1.
    // The candidates, lowest first: p5, p4, p1. First moves so far: p4 S S F F and p6 S F F must move second next,
    // p5 F F S S and p3 F S S must move first. With p5 on the bye, p4 has only p6 left to meet: one of them would move
    // the same way three times running. With p4 on the bye, p5 has only p3 left: the same. With p1 on the bye,
    // everyone keeps the rule.
    const players = ids(7);
    const h: GameRecord[] = [
      g(1, 'p1', 'p4', 'first'),
      g(1, 'p5', 'p2', 'first'),
      g(1, 'p3', 'p6', 'first'),
      g(1, 'p7', null, 'first'),
      g(2, 'p5', 'p1', 'first'),
      g(2, 'p7', 'p3', 'first'),
      g(2, 'p2', 'p4', 'second'),
      g(2, 'p6', null, 'first'),
      g(3, 'p7', 'p5', 'first'),
      g(3, 'p6', 'p1', 'first'),
      g(3, 'p4', 'p3', 'first'),
      g(3, 'p2', null, 'first'),
      g(4, 'p4', 'p7', 'second'),
      g(4, 'p6', 'p5', 'first'),
      g(4, 'p1', 'p2', 'first'),
      g(4, 'p3', null, 'first'),
    ];
    const r = pairSwissRound({ players, history: h, round: 5 });
    expect(r.games.at(-1)).toMatchObject({ first: 'p1', second: null, result: 'first' });
    const before = colourHistories(players, h);
    for (const x of r.games.slice(0, -1)) {
      for (const [p, c] of [
        [x.first, 'first'],
        [x.second!, 'second'],
      ] as const)
        expect(absoluteNeed(before.get(p)!) ?? c, `${p} moves ${c}`).toBe(c);
    }
    expect(show(r.games)).toBe('p7-p6 p5-p4 p3-p2 p1-bye');
  });
});

describe('the Dutch order of criteria (FIDE C.04.3), worked by hand', () => {
  const players = ids(8);
  const round1: GameRecord[] = [
    g(1, 'p1', 'p5', 'first'),
    g(1, 'p6', 'p2', 'second'),
    g(1, 'p3', 'p7', 'first'),
    g(1, 'p8', 'p4', 'first'),
  ];

  it('score groups before first-move balance: the winners meet each other although three of them moved first', () => {
    // Winners p1, p3, p8 moved first (each prefers second, strongly: a difference of +1), p2 moved second. Holding
    // everyone within one would pair two winners with losers; the Dutch system pairs the 1-point bracket in itself
    // (C.5), S1 {p1, p2} against S2 {p3, p8} (B.2): every pairing of the bracket refuses one preference (C.10), so
    // the first, 1–3 and 2–8. p1 and p3 both want second: same strength, same history, so the higher-ranked p1
    // gets it (E.4). The losers likewise: 4–6 and 5–7, where p5 (higher than p7) gets the first move it wants.
    // (Colours first, as before, gave p2-p1 p4-p3 p5-p8 p7-p6: two games between 1 and 0 points.)
    const r = pairSwissRound({ players, history: round1, round: 2 });
    expect(show(r.games)).toBe('p3-p1 p2-p8 p4-p6 p5-p7');
  });

  it('the absolute rule before score groups: two leaders who both moved first twice do not meet', () => {
    const six = ids(6);
    const h: GameRecord[] = [
      g(1, 'p1', 'p4', 'first'),
      g(1, 'p2', 'p5', 'first'),
      g(1, 'p6', 'p3', 'second'),
      g(2, 'p1', 'p6', 'first'),
      g(2, 'p2', 'p3', 'first'),
      g(2, 'p4', 'p5', 'second'),
    ];
    // p1 and p2 lead on 2 points, both after two first moves: a game between them would give one of them a third
    // (C.3). Both float down instead, and nobody breaks the rule.
    const r = pairSwissRound({ players: six, history: h, round: 3 });
    const pairs = new Set(r.games.map((x) => [x.first, x.second].sort().join('-')));
    expect(pairs.has('p1-p2')).toBe(false);
    expect(r.games.find((x) => x.second === 'p1' || x.first === 'p1')!.second).toBe('p1');
    expect(r.games.find((x) => x.second === 'p2' || x.first === 'p2')!.second).toBe('p2');
  });

  it('a floater floats by as little as it can: the leader meets a 1-point player, not the last (C.6)', () => {
    const h: GameRecord[] = [
      ...round1.map((x) => ({ ...x, result: x.first === 'p8' ? ('second' as const) : x.result })),
      g(2, 'p3', 'p1', 'second'),
      g(2, 'p4', 'p2', 'second'),
      g(2, 'p5', 'p7', 'second'),
      g(2, 'p8', 'p6', 'second'),
    ];
    // Scores: p1 and p2 2, p3 p4 p6 p7 1, p5 and p8 0. With p2 and p8 gone, p1 is alone on 2 points and p5 alone on
    // 0: p1 meeting p5 directly would float one player two groups, p1 and p5 each meeting a 1-point player floats
    // two players one group each; the same number of floats, with the smaller score difference.
    const r = pairSwissRound({ players, history: h, round: 3, withdrawn: ['p2', 'p8'] });
    const one = new Set(['p3', 'p4', 'p6', 'p7']);
    const opponent = (p: string) =>
      r.games.map((x) => (x.first === p ? x.second : x.second === p ? x.first : null)).find(Boolean)!;
    expect(one.has(opponent('p1'))).toBe(true);
    expect(one.has(opponent('p5'))).toBe(true);
  });

  it('cannot keep first moves within one with forfeits: four players, round 2 forfeited, round 3 forced', () => {
    const four = ids(4);
    const h: GameRecord[] = [
      g(1, 'p1', 'p3', 'first'),
      g(1, 'p4', 'p2', 'first'),
      g(2, 'p2', 'p1', 'double-forfeit', true),
      g(2, 'p3', 'p4', 'double-forfeit', true),
    ];
    // Only p1–p4 and p2–p3 are left (everyone else met): both pairs need the same first move.
    const r3 = pairSwissRound({ players: four, history: h, round: 3 }).games;
    expect(new Set(r3.map((x) => [x.first, x.second].sort().join('-')))).toEqual(new Set(['p1-p4', 'p2-p3']));
    const played = r3.map((x) => ({ ...x, result: 'first' as const }));
    const after = colourDiffs(four, [...h, ...played]);
    expect([...after.values()].map(Math.abs).sort()).toEqual([0, 0, 2, 2]);
  });
});

describe('weights', () => {
  it('encode every level exactly for 64 players over 7 rounds with draws (below 2^50)', () => {
    const players = ids(64);
    const rng = makeRng(7);
    const history: GameRecord[] = [];
    for (let round = 1; round <= 7; round++) {
      const plan = planSwissRound({ players, history, round, seed: 'w' });
      expect(plan.levels, `round ${round}`).toBe(8);
      for (const [f, s] of plan.pairs) history.push({ round, first: f.id, second: s.id, ...randomResult(rng) });
    }
  });
});

describe('impossible rounds', () => {
  it('refuses, with no-legal-pairing, a round 4 for 6 players after three rounds between two halves', () => {
    const players = ids(6);
    // Halves {p1,p2,p3} and {p4,p5,p6} met across in rounds 1–3: left are two triangles.
    const h: GameRecord[] = [];
    const B = ['p4', 'p5', 'p6'];
    for (let r = 0; r < 3; r++) ['p1', 'p2', 'p3'].forEach((a, i) => h.push(g(r + 1, a, B[(i + r) % 3], 'draw')));
    const attempt = () => pairSwissRound({ players, history: h, round: 4 });
    expect(attempt).toThrow(TournamentError);
    expect(attempt).toThrow(expect.objectContaining({ code: 'no-legal-pairing' }));
    // An even field: nobody needs the bye, the pairs themselves are impossible.
    expect(attempt).toThrow('round 4: the players cannot all be paired without a repeat');
  });

  it('refuses a fourth round for 3 players: everyone has had the bye', () => {
    const h: GameRecord[] = [
      g(1, 'p1', 'p2', 'first'),
      g(1, 'p3', null, 'first'),
      g(2, 'p3', 'p1', 'first'),
      g(2, 'p2', null, 'first'),
      g(3, 'p2', 'p3', 'first'),
      g(3, 'p1', null, 'first'),
    ];
    expect(() => pairSwissRound({ players: ids(3), history: h, round: 4 })).toThrow(
      expect.objectContaining({ code: 'no-legal-pairing' }),
    );
    // An odd field: it is the bye that cannot be given.
    expect(() => pairSwissRound({ players: ids(3), history: h, round: 4 })).toThrow(
      'round 4: no player can take the bye with everyone else paired without a repeat',
    );
  });

  it('pairs a lone active player as a bye, and nobody as an empty round', () => {
    expect(pairSwissRound({ players: ids(3), history: [], round: 1, withdrawn: ['p1', 'p2'] }).games).toEqual([
      g(1, 'p3', null, 'first'),
    ]);
    expect(pairSwissRound({ players: ids(2), history: [], round: 1, withdrawn: ['p1', 'p2'] }).games).toEqual([]);
  });
});

describe('input errors', () => {
  const players = ids(4);
  const cases: [string, Parameters<typeof pairSwissRound>[0], RegExp][] = [
    [
      'an unfinished game',
      { players, history: [g(1, 'p1', 'p2', null), g(1, 'p3', 'p4', 'first')], round: 2 },
      /not finished/,
    ],
    [
      'a round already in the history',
      { players, history: [g(2, 'p1', 'p2', 'first')], round: 2 },
      /after every round/,
    ],
    ['a stranger in the history', { players, history: [g(1, 'p1', 'x', 'first')], round: 2 }, /not a player/],
    [
      'a player twice in a round',
      { players, history: [g(1, 'p1', 'p2', 'first'), g(1, 'p1', 'p3', 'first')], round: 2 },
      /two pairings/,
    ],
    ['a bye with a loss', { players, history: [g(1, 'p1', null, 'second')], round: 2 }, /bye/],
    ['a duplicate player', { players: ['p1', 'p1'], history: [], round: 1 }, /twice/],
  ];
  it.each(cases)('refuses %s', (_, input, message) => {
    expect(() => pairSwissRound(input)).toThrow(message);
    expect(() => pairSwissRound(input)).toThrow(expect.objectContaining({ code: 'invalid-input' }));
  });
});
