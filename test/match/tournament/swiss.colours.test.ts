// The absolute colour rules (docs/tournaments.md, "First move"): nobody's
// first and second moves differ by 3, nobody has the same role three games
// running. The pairing puts them before score groups, so they hold whenever
// any pairing of the round allows it (swiss.property.test.ts checks that
// against an oracle). Here, where every game is played over the board and
// nobody leaves: over whole events of 4–64 players with results from several
// models (a first-move edge up to the first mover winning every game), and
// for 5 and 7 players over every possible sequence of results. (Forfeits
// can force a break: swiss.test.ts shows one.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRng } from '../../../src/engine/rng.js';
import { defaultSwissRounds, pairSwissRound, type GameRecord } from '../../../src/match/tournament/index.js';
import { colourDiffs, colourHistories, ids, runs } from './helpers.js';

type Result = Pick<GameRecord, 'result'>;
const MODELS: ((r: () => number) => Result)[] = [
  (r) => ({ result: r() < 0.45 ? 'first' : r() < 0.82 ? 'second' : 'draw' }),
  () => ({ result: 'first' }),
  (r) => ({ result: r() < 0.8 ? 'first' : 'second' }),
  (r) => ({ result: r() < 0.6 ? 'draw' : r() < 0.5 ? 'first' : 'second' }),
];

const widest = (players: string[], history: GameRecord[]) =>
  Math.max(0, ...[...colourDiffs(players, history).values()].map(Math.abs));
/** Whether someone had the same role in three games running. */
const threeRunning = (players: string[], history: GameRecord[]) =>
  [...colourHistories(players, history).values()].some((h) =>
    h.some((c, k) => k >= 2 && c === h[k - 1] && c === h[k - 2]),
  );

describe('the absolute colour rules, every game played', () => {
  it('4–64 players, whole events, results with and without a first-move edge', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 64 }),
        fc.integer(),
        fc.option(fc.string({ maxLength: 6 }), { nil: undefined }),
        fc.integer({ min: 0, max: MODELS.length - 1 }),
        (n, resultSeed, seed, model) => {
          const players = ids(n);
          const rounds = defaultSwissRounds(n);
          const rng = makeRng(resultSeed);
          const history: GameRecord[] = [];
          for (let round = 1; round <= rounds; round++) {
            const { games } = pairSwissRound({ players, history, round, seed, rounds });
            for (const g of games) history.push(g.second === null ? g : { ...g, ...MODELS[model](rng) });
            expect(widest(players, history), `${n} players, round ${round}`).toBeLessThanOrEqual(2);
            expect(threeRunning(players, history), `${n} players, round ${round}`).toBe(false);
          }
        },
      ),
      { numRuns: runs(40) },
    );
  });

  it('small fields (5–10 players), where few opponents are left, more often', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 10 }),
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
            expect(widest(players, history)).toBeLessThanOrEqual(2);
            expect(threeRunning(players, history)).toBe(false);
          }
        },
      ),
      { numRuns: runs(60) },
    );
  });

  /** Every sequence of results (from `outcomes`) over the default rounds: the widest difference ever reached. */
  function everySequence(
    n: number,
    outcomes: GameRecord['result'][],
  ): { sequences: number; widest: number; threeRunning: boolean } {
    const players = ids(n);
    const rounds = defaultSwissRounds(n);
    let sequences = 0;
    let most = 0;
    let three = false;
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
        three ||= threeRunning(players, next);
        if (round === rounds) sequences++;
        else walk(round + 1, next);
      }
    };
    walk(1, []);
    return { sequences, widest: most, threeRunning: three };
  }

  it('5 players (byes), every sequence of wins, draws and losses', () => {
    expect(everySequence(5, ['first', 'second', 'draw'])).toMatchObject({ sequences: 81, threeRunning: false });
    expect(everySequence(5, ['first', 'second', 'draw']).widest).toBeLessThanOrEqual(2);
  });

  it('7 players (byes), every sequence of decisive results', () => {
    const seven = everySequence(7, ['first', 'second']);
    expect(seven).toMatchObject({ sequences: 512, threeRunning: false });
    expect(seven.widest).toBeLessThanOrEqual(2);
  });
});
