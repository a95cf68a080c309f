// First moves balanced within one (docs/tournaments.md, "First move"): when
// every game is played over the board and nobody leaves, every player has
// moved first and second as often as each other, give or take one, after
// every round. Asserted where it is established: for an even number of
// players (a proof, in the docs) over whole events of 4–64 players with
// results from several models (a first-move edge up to the first mover
// winning every game); for 5 and 7 players over every possible sequence of
// results. (Forfeits can break it: swiss.test.ts shows how; the pairing then
// breaks it as little as possible: swiss.property.test.ts.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRng } from '../../../src/engine/rng.js';
import { defaultSwissRounds, pairSwissRound, type GameRecord } from '../../../src/match/tournament/index.js';
import { colourDiffs, ids, runs } from './helpers.js';

type Result = Pick<GameRecord, 'result'>;
const MODELS: ((r: () => number) => Result)[] = [
  (r) => ({ result: r() < 0.45 ? 'first' : r() < 0.82 ? 'second' : 'draw' }),
  () => ({ result: 'first' }),
  (r) => ({ result: r() < 0.8 ? 'first' : 'second' }),
  (r) => ({ result: r() < 0.6 ? 'draw' : r() < 0.5 ? 'first' : 'second' }),
];

const widest = (players: string[], history: GameRecord[]) =>
  Math.max(0, ...[...colourDiffs(players, history).values()].map(Math.abs));

describe('first moves within one, every game played', () => {
  it('an even number of players (4–64), whole events, results with and without a first-move edge', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 32 }),
        fc.integer(),
        fc.option(fc.string({ maxLength: 6 }), { nil: undefined }),
        fc.integer({ min: 0, max: MODELS.length - 1 }),
        (half, resultSeed, seed, model) => {
          const n = 2 * half;
          const players = ids(n);
          const rounds = defaultSwissRounds(n);
          const rng = makeRng(resultSeed);
          const history: GameRecord[] = [];
          for (let round = 1; round <= rounds; round++) {
            const { games } = pairSwissRound({ players, history, round, seed, rounds });
            for (const g of games) history.push(g.second === null ? g : { ...g, ...MODELS[model](rng) });
            expect(widest(players, history), `${n} players, round ${round}`).toBeLessThanOrEqual(1);
          }
        },
      ),
      { numRuns: runs(40) },
    );
  });

  it('the sizes where it binds hardest (8, 10 and 18 players), more often', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(8, 10, 18),
        fc.integer(),
        fc.integer({ min: 0, max: MODELS.length - 1 }),
        (n, resultSeed, model) => {
          const players = ids(n);
          const rounds = defaultSwissRounds(n);
          const rng = makeRng(resultSeed);
          const history: GameRecord[] = [];
          for (let round = 1; round <= rounds; round++) {
            for (const g of pairSwissRound({ players, history, round, rounds }).games)
              history.push(g.second === null ? g : { ...g, ...MODELS[model](rng) });
            expect(widest(players, history)).toBeLessThanOrEqual(1);
          }
        },
      ),
      { numRuns: runs(60) },
    );
  });

  /** Every sequence of results (from `outcomes`) over the default rounds: the widest difference ever reached. */
  function everySequence(n: number, outcomes: GameRecord['result'][]): { sequences: number; widest: number } {
    const players = ids(n);
    const rounds = defaultSwissRounds(n);
    let sequences = 0;
    let most = 0;
    const walk = (round: number, history: GameRecord[]) => {
      const games = pairSwissRound({ players, history, round, rounds }).games;
      const played = games.filter((g) => g.second !== null);
      // Colours do not depend on the results: the last round needs one look.
      const count = round === rounds ? 1 : outcomes.length ** played.length;
      for (let c = 0; c < count; c++) {
        let x = c;
        const next = [...history, ...games.filter((g) => g.second === null)];
        for (const g of played) {
          next.push({ ...g, result: outcomes[x % outcomes.length] });
          x = Math.floor(x / outcomes.length);
        }
        most = Math.max(most, widest(players, next));
        if (round === rounds) sequences++;
        else walk(round + 1, next);
      }
    };
    walk(1, []);
    return { sequences, widest: most };
  }

  it('5 players (byes), every sequence of wins, draws and losses', () => {
    expect(everySequence(5, ['first', 'second', 'draw'])).toEqual({ sequences: 81, widest: 1 });
  });

  it('7 players (byes), every sequence of decisive results', () => {
    expect(everySequence(7, ['first', 'second'])).toEqual({ sequences: 512, widest: 1 });
  });
});
