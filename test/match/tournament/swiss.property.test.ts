// Swiss over whole events with random results (fast-check): 4–64 players,
// defaultSwissRounds(n) rounds. What is asserted, each round:
// - pairing never fails (the default is within safeSwissRounds);
// - every active player is paired or has the bye, exactly once; withdrawn
//   players never appear; no pair meets twice (forfeits included);
// - a bye only with an odd number of active players, never a second one for
//   anyone, and to the first eligible player, in the documented order (no
//   forfeit win first, then lowest ranked), whose absence leaves the others
//   pairable with the fewest colour clashes any candidate allows;
// - colours: the pairs in which both players absolutely need the same colour
//   (difference ±2 or the same twice running) are as few as any legal
//   pairing allows, and then so are the pairs in which both need the same
//   colour to stay within one (a difference of ±1 included); in every other
//   pair each such need is met, and compatible wishes are both met, else the
//   stronger wish wins (a pair where neither needs a colour may be turned
//   round by the look-ahead);
// - (when every game is played over the board, first moves within one for
//   everyone: swiss.colours.test.ts);
// - scores: the largest score difference in a pair is the smallest possible
//   among pairings with that few clashes (no perfect pairing exists with only
//   smaller differences), and (clashes, largest difference, sum of squared
//   differences) is never worse than a greedy fold's (top down, each player
//   takes the next one not met yet), when the fold pairs everyone;
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
import {
  absoluteNeed,
  balanceNeed,
  colourHistories,
  ids,
  metPairs,
  pairKey,
  randomResult,
  runs,
  scores,
} from './helpers.js';

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

function checkRound(ctx: Ctx, round: number, games: GameRecord[]): void {
  const { players, history, withdrawn } = ctx;
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

  // Byes.
  const byes = games.filter((g) => g.second === null);
  expect(byes).toHaveLength(active.length % 2);
  const hadBye = new Set(history.filter((g) => g.second === null).map((g) => g.first));
  const forfeitWin = new Set(
    history
      .filter((g) => g.forfeit && g.second !== null && (g.result === 'first' || g.result === 'second'))
      .map((g) => (g.result === 'first' ? g.first : g.second!)),
  );
  // Colour clashes: an absolute one outweighs every balance one of the round.
  const need = (p: PlayerId) => absoluteNeed(colours.get(p)!);
  const within = (p: PlayerId) => balanceNeed(colours.get(p)!);
  const heavy = Math.floor(active.length / 2) + 1;
  const clash = (a: PlayerId, b: PlayerId) =>
    (need(a) !== null && need(a) === need(b) ? heavy : 0) + (within(a) !== null && within(a) === within(b) ? 1 : 0);
  const legal = (a: PlayerId, b: PlayerId) => !met.has(pairKey(a, b));
  /**
   * The fewest clashes of any legal pairing of these players (of pairs `allowed` too), or null when none pairs them
   * all.
   */
  const fewest = (people: PlayerId[], allowed = (_a: PlayerId, _b: PlayerId) => true) => {
    const top = 2 * heavy + 2;
    const best = bestPerfect(people, (a, b) => (legal(a, b) && allowed(a, b) ? top - clash(a, b) : null));
    return best === null ? null : (people.length / 2) * top - best;
  };
  const pairs = games.filter((g) => g.second !== null).map((g) => [g.first, g.second!] as [PlayerId, PlayerId]);
  const ours = {
    clashes: pairs.reduce((s, [a, b]) => s + clash(a, b), 0),
    top: Math.max(0, ...pairs.map(([a, b]) => 2 * Math.abs(score.get(a)! - score.get(b)!))),
    squares: pairs.reduce((s, [a, b]) => s + (2 * (score.get(a)! - score.get(b)!)) ** 2, 0),
  };
  if (byes.length) {
    const bye = byes[0];
    expect(bye.result).toBe('first');
    expect(hadBye.has(bye.first)).toBe(false);
    const ranked = [...active].sort((a, b) => score.get(b)! - score.get(a)! || index.get(a)! - index.get(b)!);
    const order = ranked
      .filter((p) => !hadBye.has(p))
      .sort((a, b) => Number(forfeitWin.has(a)) - Number(forfeitWin.has(b)) || ranked.indexOf(b) - ranked.indexOf(a));
    const at = order.indexOf(bye.first);
    // Every candidate before it leaves the others unpairable, or with more clashes; none after it with fewer.
    for (const [k, p] of order.entries()) {
      // (Nobody after it can have fewer than none.)
      if (k === at || (k > at && ours.clashes === 0)) continue;
      const theirs = fewest(active.filter((q) => q !== p));
      if (k < at) expect(theirs === null || theirs > ours.clashes, `${p} could have taken the bye`).toBe(true);
      else if (theirs !== null) expect(theirs, `${p} as the bye would clash less`).toBeGreaterThanOrEqual(ours.clashes);
    }
  }
  const rest = active.filter((p) => !byes.some((b) => b.first === p));

  // Colours: as few clashes as any legal pairing allows; every need met outside a clash.
  for (const [a, b] of pairs) expect(met.has(pairKey(a, b)), `${a}–${b} met before`).toBe(false);
  expect(ours.clashes).toBe(fewest(rest));
  for (const g of games.filter((x) => x.second !== null)) {
    const [a, b] = [g.first, g.second!];
    const pa = preference(colours.get(a)!);
    const pb = preference(colours.get(b)!);
    if (!clash(a, b)) {
      if (within(a)) expect(within(a)).toBe('first');
      if (within(b)) expect(within(b)).toBe('second');
    }
    // A pair in which neither needs a colour may be turned round for the next round's sake (lookahead.ts).
    if (pa.strength <= 1 && pb.strength <= 1) continue;
    if (pa.colour === null || pb.colour === null || pa.colour !== pb.colour) {
      if (pa.colour) expect(pa.colour).toBe('first');
      if (pb.colour) expect(pb.colour).toBe('second');
    } else if (pa.strength > pb.strength) expect(pa.colour).toBe('first');
    else if (pb.strength > pa.strength) expect(pb.colour).toBe('second');
  }

  // Scores: bottleneck given the clashes, then not worse than the greedy fold.
  if (ours.top > 0) {
    const narrower = fewest(rest, (a, b) => 2 * Math.abs(score.get(a)! - score.get(b)!) < ours.top);
    if (narrower !== null) expect(narrower, 'a pairing with smaller differences exists').toBeGreaterThan(ours.clashes);
  }
  const fold = [...rest].sort((a, b) => score.get(b)! - score.get(a)! || index.get(a)! - index.get(b)!);
  const greedy: [PlayerId, PlayerId][] = [];
  const used = new Set<PlayerId>();
  for (const a of fold) {
    if (used.has(a)) continue;
    const b = fold.find((x) => x !== a && !used.has(x) && legal(a, x));
    if (!b) break;
    used.add(a).add(b);
    greedy.push([a, b]);
  }
  if (used.size === rest.length) {
    const theirs = [
      greedy.reduce((s, [a, b]) => s + clash(a, b), 0),
      Math.max(0, ...greedy.map(([a, b]) => 2 * Math.abs(score.get(a)! - score.get(b)!))),
      greedy.reduce((s, [a, b]) => s + (2 * (score.get(a)! - score.get(b)!)) ** 2, 0),
    ];
    const mine = [ours.clashes, ours.top, ours.squares];
    const k = mine.findIndex((x, i) => x !== theirs[i]);
    if (k >= 0) expect(mine[k], `worse than the greedy fold at level ${k}`).toBeLessThan(theirs[k]);
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
    checkRound(ctx, round, games);
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
      { numRuns: runs(30) },
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
