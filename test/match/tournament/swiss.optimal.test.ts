// Up to 12 players, the Swiss pairing is checked against every possible
// pairing of the round: it must be the best in the documented order
// (swiss.ts, step 3): fewest absolute colour misses, then fewest floats (score
// groups crossed), then the smallest largest score difference, then the
// smallest sum of squared differences, then the fewest pairs of unequal
// scores, then colour preferences refused (any, then strong ones), then the
// half-against-half arrangement, then the seed's tie-break. And the bye,
// against every possible bye (fewest absolute misses left to the others).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRng } from '../../../src/engine/rng.js';
import { defaultSwissRounds, type GameRecord } from '../../../src/match/tournament/index.js';
import { preference } from '../../../src/match/tournament/colour.js';
import { planSwissRound, type SwissPlan, type SwissPlayer } from '../../../src/match/tournament/swiss.js';
import { ids, randomResult, runs } from './helpers.js';

type Objective = number[];

function objective(plan: SwissPlan, pairs: [SwissPlayer, SwissPlayer][]): Objective {
  const o: Objective = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (const [a, b] of pairs) {
    const c = plan.cost(a, b)!;
    o[0] += c.absoluteMiss;
    o[1] += c.floats;
    o[2] = Math.max(o[2], c.diff);
    o[3] += c.scoreCost;
    o[4] += c.unequal;
    o[5] += c.preferenceMiss;
    o[6] += c.balanceMiss;
    o[7] += c.arrangement;
    o[8] += c.jitter;
  }
  return o;
}

/** The fewest absolute colour misses over every pairing of `people`, or null when none pairs them all. */
function fewestAbsolute(plan: SwissPlan, people: SwissPlayer[]): number | null {
  let best: number | null = null;
  for (const p of allPairings(plan, people)) {
    const misses = p.reduce(
      (s, [a, b]) =>
        s +
        Number(
          preference(a.colours).colour === preference(b.colours).colour &&
            preference(a.colours).strength === 3 &&
            preference(b.colours).strength === 3,
        ),
      0,
    );
    if (best === null || misses < best) best = misses;
  }
  return best;
}

const less = (a: Objective, b: Objective) => {
  const k = a.findIndex((x, i) => x !== b[i]);
  return k >= 0 && a[k] < b[k];
};

/** Every perfect pairing of `people` without a repeat. */
function* allPairings(plan: SwissPlan, people: SwissPlayer[]): Generator<[SwissPlayer, SwissPlayer][]> {
  if (people.length === 0) {
    yield [];
    return;
  }
  const [a, ...others] = people;
  for (let i = 0; i < others.length; i++) {
    if (!plan.cost(a, others[i])) continue;
    for (const rest of allPairings(plan, [...others.slice(0, i), ...others.slice(i + 1)]))
      yield [[a, others[i]], ...rest];
  }
}

describe('Swiss pairing is optimal (exhaustive, up to 12 players)', () => {
  it('in every round of random events', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 12 }),
        fc.integer(),
        fc.option(fc.string({ maxLength: 4 }), { nil: undefined }),
        (n, resultSeed, seed) => {
          const players = ids(n);
          const rng = makeRng(resultSeed);
          const history: GameRecord[] = [];
          for (let round = 1; round <= defaultSwissRounds(n); round++) {
            const plan = planSwissRound({ players, history, round, seed });
            // The bye: the first candidate (no forfeit win first, then lowest ranked) that leaves the rest
            // pairable with the fewest absolute colour misses of any candidate.
            if (plan.active.length % 2 === 1) {
              const forfeitWinners = new Set(plan.active.filter((p) => p.hadForfeitWin).map((p) => p.id));
              const order = plan.active
                .filter((p) => !p.hadBye)
                .sort((a, b) => Number(forfeitWinners.has(a.id)) - Number(forfeitWinners.has(b.id)) || b.rank - a.rank);
              const misses = order.map((c) =>
                fewestAbsolute(
                  plan,
                  plan.active.filter((p) => p !== c),
                ),
              );
              const least = Math.min(...misses.filter((x) => x !== null));
              expect(plan.bye).toBe(order[misses.indexOf(least)]);
            } else expect(plan.bye).toBeNull();

            let best: Objective | null = null;
            let count = 0;
            for (const p of allPairings(plan, plan.rest)) {
              count++;
              const o = objective(plan, p);
              if (best === null || less(o, best)) best = o;
            }
            expect(count).toBeGreaterThan(0);
            expect(objective(plan, plan.pairs)).toEqual(best);

            for (const [f, s] of plan.pairs) history.push({ round, first: f.id, second: s.id, ...randomResult(rng) });
            if (plan.bye) history.push({ round, first: plan.bye.id, second: null, result: 'first' });
          }
        },
      ),
      { numRuns: runs(25) },
    );
  });
});
