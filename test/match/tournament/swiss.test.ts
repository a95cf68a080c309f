// Swiss pairing: worked cases (round 1, score groups, byes, first moves,
// withdrawals, impossible rounds, input errors, determinism).
import { describe, expect, it } from 'vitest';
import { TournamentError, pairSwissRound, type GameRecord } from '../../../src/match/tournament/index.js';
import { planSwissRound } from '../../../src/match/tournament/swiss.js';
import { colourDiffs, ids } from './helpers.js';

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
});

describe('first moves within one', () => {
  const diffs = (players: string[], h: GameRecord[]) => colourDiffs(players, h);
  const play = (games: GameRecord[], result: GameRecord['result']) =>
    games.map((x) => (x.second === null ? x : { ...x, result }));

  // Eight players, found by trying every sequence of results: after round 3 (every game won by the
  // first mover), three players who must move second in round 4 have all met the only two who must
  // move first and have not met them — unless round 3's first moves were chosen with round 4 in mind.
  const players = ids(8);
  const h2: GameRecord[] = [
    g(1, 'p1', 'p5', 'draw'),
    g(1, 'p6', 'p2', 'first'),
    g(1, 'p3', 'p7', 'first'),
    g(1, 'p8', 'p4', 'first'),
    g(2, 'p5', 'p8', 'draw'),
    g(2, 'p2', 'p3', 'second'),
    g(2, 'p4', 'p6', 'first'),
    g(2, 'p7', 'p1', 'first'),
  ];

  it('the trap: round 3 oriented by the wishes alone leaves no round 4 within one', () => {
    // As the event's last round, round 3 is not looked beyond.
    const r3 = play(pairSwissRound({ players, history: h2, round: 3, rounds: 3 }).games, 'first');
    expect(show(r3)).toBe('p3-p8 p5-p4 p6-p7 p1-p2');
    const r4 = pairSwissRound({ players, history: [...h2, ...r3], round: 4, rounds: 4 }).games;
    const after = diffs(players, [...h2, ...r3, ...play(r4, 'first')]);
    expect(Math.max(...[...after.values()].map(Math.abs))).toBe(2);
  });

  it('the look-ahead turns free pairs of round 3 round, and round 4 keeps everyone within one', () => {
    const r3 = play(pairSwissRound({ players, history: h2, round: 3, rounds: 4 }).games, 'first');
    // The same pairs as above, some turned round.
    expect(new Set(r3.map((x) => [x.first, x.second].sort().join('-')))).toEqual(
      new Set(['p3-p8', 'p4-p5', 'p6-p7', 'p1-p2']),
    );
    expect(show(r3)).not.toBe('p3-p8 p5-p4 p6-p7 p1-p2');
    const r4 = pairSwissRound({ players, history: [...h2, ...r3], round: 4, rounds: 4 }).games;
    for (const d of diffs(players, [...h2, ...r3, ...play(r4, 'first')]).values())
      expect(Math.abs(d)).toBeLessThanOrEqual(1);
  });

  it('cannot be promised with forfeits: four players, round 2 forfeited, round 3 forced between two who moved first', () => {
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
    const after = diffs(four, [...h, ...play(r3, 'first')]);
    expect([...after.values()].map(Math.abs).sort()).toEqual([0, 0, 2, 2]);
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
