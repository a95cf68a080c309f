// Swiss pairing as a maximum-weight matching (edmonds-blossom, matching.ts).
//
// One round, given the players in their initial order (pairing numbers: best
// first), the history and the withdrawn players:
// 1. The active players are ranked by score, then initial order.
// 2. Bye (odd number of active players): to the lowest-ranked player who has
//    had no bye (players who already won a game by forfeit come last, after
//    FIDE C.04.1.d) such that everyone else can still be paired without a
//    repeat and with the fewest colour clashes of (a) below that any
//    candidate allows. No candidate lets the rest be paired:
//    TournamentError 'no-legal-pairing'.
// 3. The others are paired by a maximum-weight perfect matching on the graph
//    of pairs that have not met (played or forfeited: the edge is left out).
//    The weights encode, strictly in this order of priority:
//    a. colours: first the fewest players made to break an absolute need
//       (first moves differing by 3, or the same three times in a row), then
//       the fewest players whose first moves end up differing by more than
//       one (a player at ±1 who gets the same role again);
//    b. the largest score difference of a pair is as small as it can be
//       without breaking (a) (the smallest limit on the difference under
//       which (a) is still met, tried in increasing order with light
//       weights; the exact weights are then used on the pairs within it);
//    c. the smallest sum of squared score differences (in half points):
//       players meet in their score group, and the few who float, float by
//       as little as possible;
//    d. the fewest colour wishes refused (a strong wish, to even a
//       difference of one, counts 3; a mild one, to alternate, 1);
//    e. within a score group the upper half meets the lower half (1 v
//       g/2+1, 2 v g/2+2, …), and floaters come from the bottom of the
//       higher group and meet the top of the lower one;
//    f. the seed, when given, breaks what is still tied.
//    Each level is scaled past the largest total the levels below can reach,
//    so one integer weight per pair orders the matchings exactly so; a
//    large constant per pair puts the number of pairs first of all.
// 4. Boards: by the pair's higher score, then sum of scores, then the
//    higher-ranked player; the first move is given by colour.ts.
// 5. Unless it is the event's last round: pairs in which neither player
//    needs a colour may be turned round so that the next round can still
//    keep every player within one (lookahead.ts).
import { makeRng, randInt } from '../../engine/rng.js';
import { allocate, type Colour } from './colour.js';
import { orientForNextRound } from './lookahead.js';
import { indexHistory, isPlayed, lastRound, pointsOf } from './history.js';
import { MAX_MATCHING_WEIGHT, matchedPairs, maxWeightMatching } from './matching.js';
import { TournamentError, type GameRecord, type PlayerId, type Round } from './types.js';

export interface SwissInput {
  /** Everyone registered, in initial ranking order (best first); this order breaks ties of score. */
  players: readonly PlayerId[];
  /** All earlier rounds, every game finished. */
  history: readonly GameRecord[];
  /** The round to pair (greater than every round in the history). */
  round: number;
  /** Players who left: they are not paired. */
  withdrawn?: Iterable<PlayerId>;
  /** Draws the first-move lot of round 1 and breaks remaining ties; same seed, same pairing. */
  seed?: string | number;
  /** The event's number of rounds: the last one needs no look-ahead (lookahead.ts). Default: look ahead. */
  rounds?: number;
}

export interface SwissPlayer {
  id: PlayerId;
  /** Index in `players` (the pairing number − 1). */
  index: number;
  score: number;
  /** Colours of the games played over the board, in order. */
  colours: Colour[];
  hadBye: boolean;
  hadForfeitWin: boolean;
  opponents: Set<PlayerId>;
  /** Position in this round's ranking (0 = top). */
  rank: number;
}

/** The cost levels of one candidate pair (see the header); lower is better. */
export interface PairCost {
  /** Score difference in half points. */
  diff: number;
  absoluteMiss: number;
  balanceMiss: number;
  scoreCost: number;
  preferenceCost: number;
  arrangement: number;
  jitter: number;
}

export interface SwissPlan {
  round: number;
  /** Active players in ranking order. */
  active: SwissPlayer[];
  bye: SwissPlayer | null;
  /** The players to pair (active less the bye), in ranking order. */
  rest: SwissPlayer[];
  /** Cost of pairing two players of `rest`, or null when they have met. */
  cost(a: SwissPlayer, b: SwissPlayer): PairCost | null;
  /** The pairs in board order, each [moves first, moves second]. */
  pairs: [SwissPlayer, SwissPlayer][];
  /** The lot for the first move of round 1. */
  flip: boolean;
}

/** ⌈log2 n⌉ + 1 rounds, but never more than `safeSwissRounds(n)`. */
export function defaultSwissRounds(n: number): number {
  if (!Number.isInteger(n) || n < 2) return 0;
  return Math.min(Math.ceil(Math.log2(n)) + 1, safeSwissRounds(n));
}

// Largest number of rounds such that, however the earlier rounds were paired
// (any pairing without repeats and with at most one bye each), the next round
// can still be paired, found by exhaustive search
// (test/match/tournament/safe-rounds-search.ts; the tests repeat it up to 8
// players, 9 was searched from the shell).
const SAFE_SMALL = [0, 0, 1, 3, 3, 3, 3, 5, 5, 5];

/**
 * Rounds that can always be paired for n players, whatever happened before
 * (no withdrawals): exact up to 9 players; for n ≥ 10, ⌊n/2⌋, a lower bound.
 * Proof of the bound: after k ≤ ⌊n/2⌋ − 1 rounds every player has at least
 * n − 1 − k ≥ n/2 possible opponents left (n − 2 − k ≥ (n − 1)/2 among the
 * n − 1 left after any bye when n is odd), and a graph in which every vertex
 * is joined to at least half of the others has a Hamiltonian cycle (Dirac),
 * hence a perfect matching. More rounds may work, but can get stuck.
 */
export function safeSwissRounds(n: number): number {
  if (!Number.isInteger(n) || n < 2) return 0;
  return n < SAFE_SMALL.length ? SAFE_SMALL[n] : Math.floor(n / 2);
}

/** Pairs one Swiss round. Throws TournamentError ('invalid-input', 'no-legal-pairing'). */
export function pairSwissRound(input: SwissInput): Round {
  const plan = planSwissRound(input);
  const games: GameRecord[] = plan.pairs.map(([f, s]) => ({
    round: plan.round,
    first: f.id,
    second: s.id,
    result: null,
  }));
  if (plan.bye) games.push({ round: plan.round, first: plan.bye.id, second: null, result: 'first' });
  return { round: plan.round, games };
}

/** The whole computation behind pairSwissRound, open for tests and explanations. */
export function planSwissRound(input: SwissInput): SwissPlan {
  const { players, history, round } = input;
  const entries = indexHistory(players, history);
  if (!Number.isInteger(round) || round < 1 || round <= lastRound(history)) {
    throw new TournamentError(
      'invalid-input',
      `round ${round} must be a positive integer after every round in the history`,
    );
  }
  const withdrawn = new Set(input.withdrawn ?? []);
  for (const p of withdrawn) {
    if (!entries.has(p)) throw new TournamentError('invalid-input', `withdrawn ${p} is not a player of the event`);
  }
  const active: SwissPlayer[] = [];
  players.forEach((id, index) => {
    const list = entries.get(id)!;
    const pending = list.find((e) => e.kind === 'pending');
    if (pending) throw new TournamentError('invalid-input', `round ${pending.round} of ${id} is not finished`);
    if (withdrawn.has(id)) return;
    active.push({
      id,
      index,
      score: pointsOf(list),
      colours: list.filter((e) => isPlayed(e.kind)).map((e) => (e.movedFirst ? 'first' : 'second')),
      hadBye: list.some((e) => e.kind === 'bye'),
      hadForfeitWin: list.some((e) => e.kind === 'forfeit-win'),
      opponents: new Set(list.flatMap((e) => (e.opponent === null ? [] : [e.opponent]))),
      rank: 0,
    });
  });
  active.sort((a, b) => b.score - a.score || a.index - b.index);
  active.forEach((p, r) => (p.rank = r));

  const rng = input.seed === undefined ? null : makeRng(`${input.seed}|swiss|${round}`);
  const flip = rng ? rng() < 0.5 : false;
  const met = (a: SwissPlayer, b: SwissPlayer) => a.opponents.has(b.id);

  // What a pair is, whoever has the bye: met or not, score difference (half
  // points), colour clash and wish refused.
  const m = active.length;
  const basics = new Array<
    { diff: number; absoluteMiss: number; balanceMiss: number; preferenceCost: number } | null | undefined
  >(m * m);
  const basic = (a: SwissPlayer, b: SwissPlayer) => {
    const k = a.rank * m + b.rank;
    if (basics[k] === undefined) {
      const col = met(a, b) ? null : allocate(a, b, 0, false);
      basics[k] = basics[b.rank * m + a.rank] = col && {
        diff: Math.round(Math.abs(a.score - b.score) * 2),
        absoluteMiss: col.absoluteMiss,
        balanceMiss: col.balanceMiss,
        preferenceCost: col.preferenceCost,
      };
    }
    return basics[k]!;
  };
  // Step (a) as one number per pair: an absolute miss outweighs every balance miss of a round.
  const clashOf = (b: { absoluteMiss: number; balanceMiss: number }) =>
    b.absoluteMiss * (Math.floor(m / 2) + 1) + b.balanceMiss;

  // 2. The bye, and steps (a)–(b) of the pairing. For each bye candidate in
  // turn (or none), the fewest clashes of any pairing of the others; the
  // first candidate with none ends the search, else the first with the
  // fewest is taken (a candidate whose absence leaves players who cannot all
  // be paired is passed over). Then the limits on the score difference are
  // tried in increasing order with light weights (the fewest clashes under
  // each), and the smallest that reaches the fewest is kept.
  const candidates: (SwissPlayer | null)[] =
    active.length % 2 === 0
      ? [null]
      : active
          .filter((p) => !p.hadBye)
          .sort((a, b) => Number(a.hadForfeitWin) - Number(b.hadForfeitWin) || b.rank - a.rank);
  const lightEdges = (rest: SwissPlayer[]) => {
    const light: [number, number, number, number][] = []; // i, j, diff, clash
    for (let i = 0; i < rest.length; i++) {
      for (let j = i + 1; j < rest.length; j++) {
        const b = basic(rest[i], rest[j]);
        if (b) light.push([i, j, b.diff, clashOf(b)]);
      }
    }
    return light;
  };
  let chosen: {
    bye: SwissPlayer | null;
    rest: SwissPlayer[];
    light: [number, number, number, number][];
    fewest: number;
  } | null = null;
  for (const candidate of candidates) {
    const rest = active.filter((p) => p !== candidate);
    const light = lightEdges(rest);
    const fewest = evenComponents(rest.length, light) ? fewestClashes(rest.length, light) : null;
    if (fewest === null || (chosen && fewest >= chosen.fewest)) continue;
    chosen = { bye: candidate, rest, light, fewest };
    if (fewest === 0) break;
  }
  if (!chosen) {
    throw new TournamentError(
      'no-legal-pairing',
      active.length % 2 === 1
        ? `round ${round}: no player can take the bye with everyone else paired without a repeat`
        : `round ${round}: the players cannot all be paired without a repeat`,
    );
  }
  const limits = [...new Set(chosen.light.map((e) => e[2]))].sort((x, y) => x - y);
  let limit = limits.at(-1) ?? 0;
  for (const top of limits) {
    const within = chosen.light.filter((e) => e[2] <= top);
    if (evenComponents(chosen.rest.length, within) && fewestClashes(chosen.rest.length, within) === chosen.fewest) {
      limit = top;
      break;
    }
  }
  const { bye, rest } = chosen;

  // 3. The full costs of every pair that may meet (plan.cost), and the exact
  // solve on those within the limit.
  const groups = new Map<number, SwissPlayer[]>();
  for (const p of rest) {
    const g = groups.get(p.score);
    if (g) g.push(p);
    else groups.set(p.score, [p]);
  }
  const posInGroup = new Map<SwissPlayer, number>();
  for (const g of groups.values()) g.forEach((p, i) => posInGroup.set(p, i));
  const costs = new Array<PairCost | undefined>(m * m);
  const within: [number, number, PairCost][] = [];
  for (let i = 0; i < rest.length; i++) {
    for (let j = i + 1; j < rest.length; j++) {
      const a = rest[i];
      const b = rest[j];
      const base = basic(a, b);
      if (!base) continue;
      let arrangement: number;
      if (base.diff === 0) {
        const g = groups.get(a.score)!.length;
        arrangement = Math.abs(Math.abs(posInGroup.get(a)! - posInGroup.get(b)!) - Math.floor(g / 2));
      } else {
        const [hi, lo] = a.score > b.score ? [a, b] : [b, a];
        arrangement = groups.get(hi.score)!.length - 1 - posInGroup.get(hi)! + posInGroup.get(lo)!;
      }
      const c: PairCost = {
        diff: base.diff,
        absoluteMiss: base.absoluteMiss,
        balanceMiss: base.balanceMiss,
        scoreCost: base.diff * base.diff,
        preferenceCost: base.preferenceCost,
        arrangement,
        jitter: rng ? randInt(rng, 4) : 0,
      };
      costs[a.rank * m + b.rank] = costs[b.rank * m + a.rank] = c;
      if (c.diff <= limit) within.push([i, j, c]);
    }
  }
  const cost = (a: SwissPlayer, b: SwissPlayer) => costs[a.rank * m + b.rank] ?? null;
  const best = solve(rest.length, within)!;

  // 4. Boards and first moves.
  const pairs = best
    .map(([i, j]) => [rest[i], rest[j]] as [SwissPlayer, SwissPlayer])
    .sort(
      ([a1, b1], [a2, b2]) =>
        Math.max(a2.score, b2.score) - Math.max(a1.score, b1.score) ||
        a2.score + b2.score - (a1.score + b1.score) ||
        Math.min(a1.rank, b1.rank) - Math.min(a2.rank, b2.rank),
    )
    .map(([a, b], board) => (allocate(a, b, board, flip).aFirst ? [a, b] : [b, a]) as [SwissPlayer, SwissPlayer]);
  // 5. Free pairs oriented so that the next round can keep everyone within one (lookahead.ts).
  const last = input.rounds !== undefined && round >= input.rounds;
  return { round, active, bye, rest, cost, pairs: last ? pairs : orientForNextRound(active, bye, pairs), flip };
}

/** Whether every connected part of the graph has an even number of vertices (needed for a perfect matching). */
function evenComponents(n: number, edges: readonly (readonly [number, number, ...number[]])[]): boolean {
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  for (const [i, j] of edges) parent[find(i)] = find(j);
  const size = new Map<number, number>();
  for (let i = 0; i < n; i++) size.set(find(i), (size.get(find(i)) ?? 0) + 1);
  return [...size.values()].every((k) => k % 2 === 0);
}

/** The fewest clashes of a perfect matching over these edges [i, j, diff, clash], or null when none is perfect. */
function fewestClashes(n: number, edges: readonly [number, number, number, number][]): number | null {
  const top = Math.max(0, ...edges.map((e) => e[3])) + 1;
  const mate = maxWeightMatching(
    n,
    edges.map(([i, j, , clash]) => [i, j, top - clash] as const),
    true,
  );
  if (mate.some((x) => x < 0)) return null;
  const clash = new Map(edges.map(([i, j, , c]) => [i * n + j, c]));
  return matchedPairs(mate).reduce((s, [i, j]) => s + clash.get(i * n + j)!, 0);
}

const LEVELS = ['absoluteMiss', 'balanceMiss', 'scoreCost', 'preferenceCost', 'arrangement', 'jitter'] as const;

/**
 * The lexicographically best perfect matching of n vertices over these
 * edges, or null when there is no perfect matching.
 */
function solve(n: number, edges: readonly [number, number, PairCost][]): [number, number][] | null {
  if (n === 0) return [];
  const pairs = Math.floor(n / 2);
  // Drop the lowest levels if the scale would pass what the matching takes exactly.
  for (let used = LEVELS.length; used >= 2; used--) {
    const unit = new Array<number>(LEVELS.length).fill(0);
    let total = 0; // the largest sum the levels below can reach over a matching
    for (let k = used - 1; k >= 0; k--) {
      unit[k] = total + 1;
      const max = Math.max(0, ...edges.map((e) => e[2][LEVELS[k]]));
      total += unit[k] * max * pairs;
    }
    const costOf = (c: PairCost) => LEVELS.reduce((s, l, k) => s + unit[k] * c[l], 0);
    const maxCost = Math.max(0, ...edges.map((e) => costOf(e[2])));
    const big = pairs * maxCost + 1;
    if (big + maxCost > MAX_MATCHING_WEIGHT) continue;
    const mate = maxWeightMatching(
      n,
      edges.map(([i, j, c]) => [i, j, big - costOf(c)] as const),
      true,
    );
    return mate.every((m) => m >= 0) ? matchedPairs(mate) : null;
  }
  throw new TournamentError('invalid-input', `too many players for exact pairing weights (${n})`);
}
