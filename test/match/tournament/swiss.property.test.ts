// Swiss over whole events with random results (fast-check): 4–64 players,
// defaultSwissRounds(n) rounds. What is asserted, each round:
// - pairing never fails (the default is within safeSwissRounds);
// - every active player is paired or has the bye, exactly once; withdrawn
//   players never appear; no pair meets twice (forfeits included);
// - a bye only with an odd number of active players, never a second one for
//   anyone, and to the first eligible player, in the documented order (no
//   forfeit win first, then lowest ranked), whose absence leaves the others
//   pairable with the fewest absolute colour misses any candidate allows;
// - the absolute colour rule: the pairs in which both players need the same
//   colour absolutely (difference ±2 or the same twice running) are as few as
//   any legal pairing allows (none whenever one allows none);
// - score groups: the floats (score groups crossed, summed over the pairs)
//   are the fewest of any pairing with that few absolute misses; against the
//   same pairing with the colour rules off, never fewer, and when that one
//   breaks no absolute rule, the same floats and as many games between equal
//   scores;
// - colours within a pair: compatible wishes are both met, else the stronger
//   wish wins;
// - the same input gives the same pairing.
// The checks use the scores and colour needs computed from the history here
// (helpers.ts), and the matching library, tested on its own, as oracle.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRng } from '../../../src/engine/rng.js';
import { preference } from '../../../src/match/tournament/colour.js';
import {
  defaultSwissRounds,
  pairSwissRound,
  type GameRecord,
  type PlayerId,
} from '../../../src/match/tournament/index.js';
import { maxWeightMatching, type WeightedEdge } from '../../../src/match/tournament/matching.js';
import { planSwissRound, type SwissInput } from '../../../src/match/tournament/swiss.js';
import { absoluteNeed, colourHistories, ids, metPairs, pairKey, randomResult, runs, scores } from './helpers.js';

interface Ctx {
  players: PlayerId[];
  history: GameRecord[];
  withdrawn: Set<PlayerId>;
}

/**
 * Max-weight perfect matching value over `people` with per-pair weight (null = not allowed), or null if none is
 * perfect.
 */
function bestPerfect(people: PlayerId[], weight: (a: PlayerId, b: PlayerId) => number | null): number | null {
  const edges: WeightedEdge[] = [];
  for (let i = 0; i < people.length; i++) {
    for (let j = i + 1; j < people.length; j++) {
      const w = weight(people[i], people[j]);
      if (w !== null) edges.push([i, j, w]);
    }
  }
  const mate = maxWeightMatching(people.length, edges, true);
  if (mate.some((m) => m < 0)) return null;
  let total = 0;
  mate.forEach((m, i) => {
    if (m > i) total += weight(people[i], people[m])!;
  });
  return total;
}

function checkRound(ctx: Ctx, input: SwissInput, games: GameRecord[]): void {
  const { players, history, withdrawn } = ctx;
  const round = input.round;
  const active = players.filter((p) => !withdrawn.has(p));
  const score = scores(players, history);
  const colours = colourHistories(players, history);
  const met = metPairs(history);
  const index = new Map(players.map((p, i) => [p, i]));

  // Everyone active once; nobody else.
  const seen = games.flatMap((g) => (g.second === null ? [g.first] : [g.first, g.second]));
  expect([...seen].sort()).toEqual([...active].sort());
  expect(games.every((g) => g.round === round)).toBe(true);
  expect(games.filter((g) => g.second !== null).every((g) => g.result === null)).toBe(true);

  const byes = games.filter((g) => g.second === null);
  expect(byes).toHaveLength(active.length % 2);
  const need = (p: PlayerId) => absoluteNeed(colours.get(p)!);
  const absolute = (a: PlayerId, b: PlayerId) => (need(a) !== null && need(a) === need(b) ? 1 : 0);
  const legal = (a: PlayerId, b: PlayerId) => !met.has(pairKey(a, b));
  const pairs = games.filter((g) => g.second !== null).map((g) => [g.first, g.second!] as [PlayerId, PlayerId]);
  const rest = active.filter((p) => !byes.some((b) => b.first === p));
  // Score groups of the players to pair: a pair k groups apart floats k times.
  const groupScores = [...new Set(rest.map((p) => score.get(p)!))].sort((x, y) => y - x);
  const floats = (a: PlayerId, b: PlayerId) =>
    Math.abs(groupScores.indexOf(score.get(a)!) - groupScores.indexOf(score.get(b)!));
  /** The least total of `cost` over legal pairings of these players, or null when none pairs them all. */
  const least = (people: PlayerId[], cost: (a: PlayerId, b: PlayerId) => number, top: number) => {
    const best = bestPerfect(people, (a, b) => (legal(a, b) ? top - cost(a, b) : null));
    return best === null ? null : (people.length / 2) * top - best;
  };
  const ours = {
    absolute: pairs.reduce((s, [a, b]) => s + absolute(a, b), 0),
    floats: pairs.reduce((s, [a, b]) => s + floats(a, b), 0),
    equal: pairs.filter(([a, b]) => score.get(a) === score.get(b)).length,
  };

  // Byes: every candidate before it leaves the others unpairable, or with more absolute misses; none after it fewer.
  if (byes.length) {
    const bye = byes[0];
    expect(bye.result).toBe('first');
    const hadBye = new Set(history.filter((g) => g.second === null).map((g) => g.first));
    expect(hadBye.has(bye.first)).toBe(false);
    const forfeitWin = new Set(
      history
        .filter((g) => g.forfeit && g.second !== null && (g.result === 'first' || g.result === 'second'))
        .map((g) => (g.result === 'first' ? g.first : g.second!)),
    );
    const ranked = [...active].sort((a, b) => score.get(b)! - score.get(a)! || index.get(a)! - index.get(b)!);
    const order = ranked
      .filter((p) => !hadBye.has(p))
      .sort((a, b) => Number(forfeitWin.has(a)) - Number(forfeitWin.has(b)) || ranked.indexOf(b) - ranked.indexOf(a));
    const at = order.indexOf(bye.first);
    for (const [k, p] of order.entries()) {
      if (k === at || (k > at && ours.absolute === 0)) continue;
      const theirs = least(
        active.filter((q) => q !== p),
        absolute,
        2,
      );
      if (k < at) expect(theirs === null || theirs > ours.absolute, `${p} could have taken the bye`).toBe(true);
      else if (theirs !== null) expect(theirs, `${p} as the bye would miss less`).toBeGreaterThanOrEqual(ours.absolute);
    }
  }

  // No repeat; the fewest absolute misses; then the fewest floats.
  for (const [a, b] of pairs) expect(met.has(pairKey(a, b)), `${a}–${b} met before`).toBe(false);
  expect(ours.absolute).toBe(least(rest, absolute, 2));
  const scale = rest.length * groupScores.length + 1;
  const lex = least(rest, (a, b) => absolute(a, b) * scale + floats(a, b), 2 * scale);
  expect(ours.absolute * scale + ours.floats).toBe(lex);

  // Against the same round paired with no colour rule at all.
  const off = planSwissRound(input, { colourRules: false }).pairs.map(([a, b]) => [a.id, b.id] as const);
  const offFloats = off.reduce((s, [a, b]) => s + floats(a, b), 0);
  expect(ours.floats).toBeGreaterThanOrEqual(offFloats);
  if (off.every(([a, b]) => absolute(a, b) === 0)) {
    expect(ours.floats).toBe(offFloats);
    expect(ours.equal).toBe(off.filter(([a, b]) => score.get(a) === score.get(b)).length);
  }

  // Colours within each pair (colour.ts): compatible wishes both met, else the stronger one.
  for (const [a, b] of pairs) {
    const pa = preference(colours.get(a)!);
    const pb = preference(colours.get(b)!);
    if (pa.colour === null || pb.colour === null || pa.colour !== pb.colour) {
      if (pa.colour) expect(pa.colour).toBe('first');
      if (pb.colour) expect(pb.colour).toBe('second');
    } else if (pa.strength > pb.strength) expect(pa.colour).toBe('first');
    else if (pb.strength > pa.strength) expect(pb.colour).toBe('second');
  }
}

/** Plays a whole event; `leave` says who withdraws before a round. */
function playEvent(
  n: number,
  resultSeed: number,
  seed: string | undefined,
  leave: (ctx: Ctx, round: number, rng: () => number) => void,
): Ctx {
  const ctx: Ctx = { players: ids(n), history: [], withdrawn: new Set() };
  const rng = makeRng(resultSeed);
  const rounds = defaultSwissRounds(n);
  for (let round = 1; round <= rounds; round++) {
    leave(ctx, round, rng);
    const input = { players: ctx.players, history: ctx.history, round, withdrawn: ctx.withdrawn, seed, rounds };
    const { games } = pairSwissRound(input);
    checkRound(ctx, input, games);
    if (round === rounds) expect(pairSwissRound(input).games).toEqual(games);
    for (const g of games) ctx.history.push(g.second === null ? g : { ...g, ...randomResult(rng) });
  }
  // Over the event: at most one bye each, no pair twice.
  const byes = ctx.history.filter((g) => g.second === null).map((g) => g.first);
  expect(new Set(byes).size).toBe(byes.length);
  const pairs = ctx.history.filter((g) => g.second !== null).map((g) => pairKey(g.first, g.second!));
  expect(new Set(pairs).size).toBe(pairs.length);
  return ctx;
}

const seedArb = fc.option(fc.string({ maxLength: 6 }), { nil: undefined });

describe('Swiss events with random results', () => {
  it('4–64 players over the default rounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 64 }), fc.integer(), seedArb, (n, resultSeed, seed) => {
        playEvent(n, resultSeed, seed, () => {});
      }),
      { numRuns: runs(15) },
    );
  });

  it('small fields (4–12 players), where repeats bind hardest', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 12 }), fc.integer(), seedArb, (n, resultSeed, seed) => {
        playEvent(n, resultSeed, seed, () => {});
      }),
      { numRuns: runs(60) },
    );
  });

  it('with withdrawals: leavers are never paired again, the rest always are', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 64 }), fc.integer(), seedArb, (n, resultSeed, seed) => {
        const rounds = defaultSwissRounds(n);
        const left: PlayerId[] = [];
        const ctx = playEvent(n, resultSeed, seed, (c, round, rng) => {
          if (round === 1) return;
          for (const p of c.players) {
            const active = c.players.length - c.withdrawn.size;
            // Keep at least 2·rounds players: then every round can be paired (safeSwissRounds).
            if (!c.withdrawn.has(p) && active - 1 >= 2 * rounds && rng() < 0.08) {
              c.withdrawn.add(p);
              left.push(p);
            }
          }
        });
        // The leavers' last round is before they left.
        for (const p of left) expect(ctx.history.some((g) => g.first === p || g.second === p)).toBe(true);
      }),
      { numRuns: runs(15) },
    );
  });
});
