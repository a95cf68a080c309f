// indexHistory (src/match/tournament/history.ts): the one reader of a tournament's records for the pairing and the
// standings. Every record it cannot make sense of is refused in its own words (a stored record may be damaged), and
// a valid history becomes each player's entries in round order.
import { describe, expect, it } from 'vitest';
import { indexHistory, isFinishedGame, isPlayed } from '../../../src/match/tournament/history.js';
import { TournamentError, type GameRecord } from '../../../src/match/tournament/types.js';

const PLAYERS = ['a', 'b', 'c', 'd'];
const game = (g: Partial<GameRecord>): GameRecord => ({ round: 1, first: 'a', second: 'b', result: null, ...g });

describe('indexHistory', () => {
  it.each([
    ['a round below 1', game({ round: 0 }), 'round 0 a–b: round must be a positive integer'],
    ['a fractional round', game({ round: 1.5 }), 'round 1.5 a–b: round must be a positive integer'],
    ['an unknown first player', game({ first: 'x' }), 'round 1 x–b: x is not a player of the event'],
    ['an unknown second player', game({ second: 'y' }), 'round 1 a–y: y is not a player of the event'],
    ['a player against themselves', game({ second: 'a' }), 'round 1 a–a: a player cannot meet themselves'],
    ['an unknown result', game({ result: 'won' as never }), 'round 1 a–b: unknown result won'],
    [
      'a bye lost',
      game({ second: null, result: 'second' }),
      "round 1 a–bye: a bye's result is 'first' (awarded) or null",
    ],
    [
      'a bye forfeited',
      game({ second: null, result: 'first', forfeit: true }),
      'round 1 a–bye: a bye is not a forfeit',
    ],
    [
      'a forfeit drawn',
      game({ result: 'draw', forfeit: true }),
      'round 1 a–b: a forfeit needs a winner or double-forfeit',
    ],
    ['a forfeit still open', game({ forfeit: true }), 'round 1 a–b: a forfeit needs a winner or double-forfeit'],
  ])('refuses %s, in its words', (_what, record, words) => {
    const thrown = (() => {
      try {
        indexHistory(PLAYERS, [record]);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(TournamentError);
    expect((thrown as TournamentError).code).toBe('invalid-input');
    expect((thrown as TournamentError).message).toBe(words);
  });

  it('refuses a second pairing of a player in one round, as first, second or bye', () => {
    const twice = (second: GameRecord) => () => indexHistory(PLAYERS, [game({ result: 'first' }), second]);
    expect(twice(game({ first: 'c', second: 'a' }))).toThrow('round 1 c–a: a has two pairings in round 1');
    expect(twice(game({ first: 'b', second: 'd' }))).toThrow('round 1 b–d: b has two pairings in round 1');
    expect(twice(game({ first: 'b', second: null }))).toThrow('round 1 b–bye: b has two pairings in round 1');
    // The same players in another round are fine.
    expect(() => twice(game({ round: 2, first: 'b', second: 'a' }))()).not.toThrow();
  });

  it('refuses empty and repeated player ids', () => {
    expect(() => indexHistory(['a', ''], [])).toThrow('player ids must be non-empty strings');
    expect(() => indexHistory(['a', 7 as never], [])).toThrow('player ids must be non-empty strings');
    expect(() => indexHistory(['a', 'b', 'a'], [])).toThrow('player a is listed twice');
  });

  it("gives every player their entries in round order, whatever the records' order", () => {
    const entries = indexHistory(PLAYERS, [
      game({ round: 3, first: 'c', second: 'a', result: null }),
      game({ round: 2, first: 'a', second: null, result: 'first' }),
      game({ round: 2, first: 'b', second: 'c', result: 'double-forfeit', forfeit: true }),
      game({ round: 1, first: 'a', second: 'b', result: 'second', forfeit: true }),
      game({ round: 1, first: 'c', second: 'd', result: 'draw' }),
      game({ round: 2, first: 'd', second: null, result: null }),
    ]);
    expect(entries.get('a')).toEqual([
      { round: 1, opponent: 'b', kind: 'forfeit-loss', points: 0, movedFirst: true },
      { round: 2, opponent: null, kind: 'bye', points: 1, movedFirst: null },
      { round: 3, opponent: 'c', kind: 'pending', points: 0, movedFirst: false },
    ]);
    expect(entries.get('b')).toEqual([
      { round: 1, opponent: 'a', kind: 'forfeit-win', points: 1, movedFirst: false },
      { round: 2, opponent: 'c', kind: 'double-forfeit', points: 0, movedFirst: true },
    ]);
    expect(entries.get('c')?.map((e) => [e.round, e.kind, e.points])).toEqual([
      [1, 'draw', 0.5],
      [2, 'double-forfeit', 0],
      [3, 'pending', 0],
    ]);
    // A bye not yet awarded is pending, worth nothing yet.
    expect(entries.get('d')?.map((e) => [e.round, e.opponent, e.kind, e.points])).toEqual([
      [1, 'c', 'draw', 0.5],
      [2, null, 'pending', 0],
    ]);
    expect(indexHistory(['e'], []).get('e')).toEqual([]);
  });

  it('tells games played over the board from the rest', () => {
    const kinds = ['win', 'draw', 'loss', 'forfeit-win', 'forfeit-loss', 'double-forfeit', 'bye', 'pending'] as const;
    expect(kinds.filter(isPlayed)).toEqual(['win', 'draw', 'loss']);
    expect(kinds.filter(isFinishedGame)).toEqual([
      'win',
      'draw',
      'loss',
      'forfeit-win',
      'forfeit-loss',
      'double-forfeit',
    ]);
  });
});
