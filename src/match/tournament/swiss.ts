// Swiss pairing after the FIDE Dutch system's order of criteria (C.04.3),
// as a maximum-weight matching (edmonds-blossom, matching.ts).
//
// One round, given the players in their initial order (pairing numbers: best
// first), the history and the withdrawn players:
// 1. The active players are ranked by score, then initial order. A score
//    group is the players on one score; groups are counted among the players
//    to pair.
// 2. Bye (odd number of active players): to the lowest-ranked player who has
//    had no bye (players who already won a game by forfeit come last, after
//    FIDE C.04.1.d) such that everyone else can still be paired without a
//    repeat and with as few absolute colour misses (a below) as any
//    candidate allows. No candidate lets the rest be paired:
//    TournamentError 'no-legal-pairing'.
// 3. The others are paired by a maximum-weight perfect matching on the graph
//    of pairs that have not met (played or forfeited: the edge is left out,
//    Dutch C.1). The weights encode, strictly in this order of priority:
//    a. the absolute colour rule (Dutch C.3): fewest players made to reach a
//       colour difference of 3 or the same colour three times running (none
//       whenever some pairing allows it);
//    b. the fewest floats (Dutch C.5): a pair whose scores are k groups apart
//       counts k, one downfloat for each group its higher player leaves;
//    c. the largest score difference of a pair is as small as it can be
//       without breaking (a)–(b) (the smallest limit on the difference under
//       which (a)–(b) are still met, tried in increasing order with light
//       weights; the exact weights are then used on the pairs within it);
//    d. the smallest sum of squared score differences (in half points), then
//       the fewest pairs of unequal scores (Dutch C.6: floaters float by as
//       little as possible);
//    e. the fewest players refused their colour preference, then the fewest
//       refused a strong one (Dutch C.10, C.11; colour.ts);
//    f. within a score group the upper half meets the lower half (1 v
//       g/2+1, 2 v g/2+2, …), and floaters come from the bottom of the
//       higher group and meet the top of the lower one (Dutch B.2, D.1);
//    g. the seed, when given, breaks what is still tied.
//    Each level is scaled past the largest total the levels below can reach,
//    so one integer weight per pair orders the matchings exactly so (the
//    matching is of maximum cardinality first: perfect).
// 4. Boards: by the pair's higher score, then sum of scores, then the
//    higher-ranked player; the first move is given by colour.ts.
import { makeRng, randInt } from '../../engine/rng.js';
import { allocate, type Colour } from './colour.js';
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
  /** The event's number of rounds (the pairing of one round does not depend on it). */
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
  absoluteMiss: number;
  /** Score groups apart (b). */
  floats: number;
  /** Score difference in half points (c). */
  diff: number;
  scoreCost: number;
  /** 1 for a pair of unequal scores. */
  unequal: number;
  preferenceMiss: number;
  balanceMiss: number;
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
  /** How many of the cost levels the exact weights encoded (all of them unless the field is huge). */
  levels: number;
}

export interface PlanOptions {
  /**
   * false: pair as if there were no colour rule at all (levels a and e count for nothing; first moves are still
   * given by colour.ts). For comparisons: what the colour rules cost in score groups.
   */
  colourRules?: boolean;
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
export function planSwissRound(input: SwissInput, options: PlanOptions = {}): SwissPlan {
  const { players, history, round } = input;
  const colourRules = options.colourRules ?? true;
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
  const m = active.length;
  // Whether a pair may meet, and its absolute colour miss, whoever has the bye (null: they have met).
  const colourOf = new Array<ReturnType<typeof allocate> | null | undefined>(m * m);
  const colour = (a: SwissPlayer, b: SwissPlayer) => {
    const k = a.rank * m + b.rank;
    if (colourOf[k] === undefined) {
      colourOf[k] = colourOf[b.rank * m + a.rank] = a.opponents.has(b.id) ? null : allocate(a, b, 0, false);
    }
    return colourOf[k]!;
  };
  const absoluteOf = (a: SwissPlayer, b: SwissPlayer) => (colourRules ? colour(a, b)!.absoluteMiss : 0);

  // 2. The bye: for each candidate in turn (or none), the fewest absolute misses of any pairing of the others;
  // the first candidate with none ends the search, else the first with the fewest is taken (a candidate whose
  // absence leaves players who cannot all be paired is passed over).
  const candidates: (SwissPlayer | null)[] =
    m % 2 === 0
      ? [null]
      : active
          .filter((p) => !p.hadBye)
          .sort((a, b) => Number(a.hadForfeitWin) - Number(b.hadForfeitWin) || b.rank - a.rank);
  let chosen: { bye: SwissPlayer | null; rest: SwissPlayer[]; fewest: number } | null = null;
  for (const candidate of candidates) {
    const rest = active.filter((p) => p !== candidate);
    const edges: LightEdge[] = [];
    for (let i = 0; i < rest.length; i++) {
      for (let j = i + 1; j < rest.length; j++) {
        if (colour(rest[i], rest[j])) edges.push([i, j, 0, absoluteOf(rest[i], rest[j])]);
      }
    }
    const fewest = fewestCost(rest.length, edges);
    if (fewest === null || (chosen && fewest >= chosen.fewest)) continue;
    chosen = { bye: candidate, rest, fewest };
    if (fewest === 0) break;
  }
  if (!chosen) {
    throw new TournamentError(
      'no-legal-pairing',
      m % 2 === 1
        ? `round ${round}: no player can take the bye with everyone else paired without a repeat`
        : `round ${round}: the players cannot all be paired without a repeat`,
    );
  }
  const { bye, rest } = chosen;

  // 3. Score groups among the players to pair, and the full costs of every pair that may meet (plan.cost).
  const groupScores = [...new Set(rest.map((p) => p.score))].sort((x, y) => y - x);
  const groupOf = new Map(groupScores.map((s, g) => [s, g]));
  const groups = groupScores.map((s) => rest.filter((p) => p.score === s));
  const posInGroup = new Map<SwissPlayer, number>();
  for (const g of groups) g.forEach((p, i) => posInGroup.set(p, i));
  const costs = new Array<PairCost | undefined>(m * m);
  const all: [number, number, PairCost][] = [];
  for (let i = 0; i < rest.length; i++) {
    for (let j = i + 1; j < rest.length; j++) {
      const a = rest[i];
      const b = rest[j];
      const col = colour(a, b);
      if (!col) continue;
      const [hi, lo] = a.score >= b.score ? [a, b] : [b, a];
      const gHi = groupOf.get(hi.score)!;
      const gLo = groupOf.get(lo.score)!;
      const diff = Math.round((hi.score - lo.score) * 2);
      const arrangement =
        gHi === gLo
          ? Math.abs(Math.abs(posInGroup.get(a)! - posInGroup.get(b)!) - Math.floor(groups[gHi].length / 2))
          : groups[gHi].length - 1 - posInGroup.get(hi)! + posInGroup.get(lo)!;
      const c: PairCost = {
        absoluteMiss: absoluteOf(a, b),
        floats: gLo - gHi,
        diff,
        scoreCost: diff * diff,
        unequal: diff > 0 ? 1 : 0,
        preferenceMiss: colourRules ? col.preferenceMiss : 0,
        balanceMiss: colourRules ? col.balanceMiss : 0,
        arrangement,
        jitter: rng ? randInt(rng, 4) : 0,
      };
      costs[a.rank * m + b.rank] = costs[b.rank * m + a.rank] = c;
      all.push([i, j, c]);
    }
  }
  const cost = (a: SwissPlayer, b: SwissPlayer) => costs[a.rank * m + b.rank] ?? null;

  // Step (c): the fewest (absolute misses, floats) over all pairs, as one light weight per pair; then the smallest
  // limit on the score difference that still reaches it.
  const floatScale = Math.max(0, ...all.map((e) => e[2].floats)) * Math.floor(rest.length / 2) + 1;
  const light: LightEdge[] = all.map(([i, j, c]) => [i, j, c.diff, c.absoluteMiss * floatScale + c.floats]);
  const fewest = fewestCost(rest.length, light);
  const limits = [...new Set(light.map((e) => e[2]))].sort((x, y) => x - y);
  let limit = limits.at(-1) ?? 0;
  for (const top of limits) {
    const within = light.filter((e) => e[2] <= top);
    if (evenComponents(rest.length, within) && fewestCost(rest.length, within) === fewest) {
      limit = top;
      break;
    }
  }
  const { mates, levels } = solve(
    rest.length,
    all.filter((e) => e[2].diff <= limit),
  );

  // 4. Boards and first moves.
  const pairs = mates
    .map(([i, j]) => [rest[i], rest[j]] as [SwissPlayer, SwissPlayer])
    .sort(
      ([a1, b1], [a2, b2]) =>
        Math.max(a2.score, b2.score) - Math.max(a1.score, b1.score) ||
        a2.score + b2.score - (a1.score + b1.score) ||
        Math.min(a1.rank, b1.rank) - Math.min(a2.rank, b2.rank),
    )
    .map(([a, b], board) => (allocate(a, b, board, flip).aFirst ? [a, b] : [b, a]) as [SwissPlayer, SwissPlayer]);
  return { round, active, bye, rest, cost, pairs, flip, levels };
}

/** [i, j, score difference, cost]. */
type LightEdge = [number, number, number, number];

/** Whether every connected part of the graph has an even number of vertices (needed for a perfect matching). */
function evenComponents(n: number, edges: readonly LightEdge[]): boolean {
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  for (const [i, j] of edges) parent[find(i)] = find(j);
  const size = new Map<number, number>();
  for (let i = 0; i < n; i++) size.set(find(i), (size.get(find(i)) ?? 0) + 1);
  return [...size.values()].every((k) => k % 2 === 0);
}

/** The least total cost of a perfect matching over these edges, or null when none is perfect. */
function fewestCost(n: number, edges: readonly LightEdge[]): number | null {
  if (n === 0) return 0;
  const top = Math.max(0, ...edges.map((e) => e[3])) + 1;
  const mate = maxWeightMatching(
    n,
    edges.map(([i, j, , c]) => [i, j, top - c] as const),
    true,
  );
  if (mate.some((x) => x < 0)) return null;
  const cost = new Map(edges.map(([i, j, , c]) => [i * n + j, c]));
  return matchedPairs(mate).reduce((s, [i, j]) => s + cost.get(i * n + j)!, 0);
}

const LEVELS = [
  'absoluteMiss',
  'floats',
  'scoreCost',
  'unequal',
  'preferenceMiss',
  'balanceMiss',
  'arrangement',
  'jitter',
] as const;

/**
 * The lexicographically best perfect matching of n vertices over these edges (a perfect one exists: the limit was
 * chosen so), and how many levels its weights encoded.
 */
function solve(n: number, edges: readonly [number, number, PairCost][]): { mates: [number, number][]; levels: number } {
  if (n === 0) return { mates: [], levels: LEVELS.length };
  const pairs = Math.floor(n / 2);
  // Drop the lowest levels if the scale would pass what the matching takes exactly (never seen up to 64 players).
  for (let used = LEVELS.length; used >= 1; used--) {
    const unit = new Array<number>(LEVELS.length).fill(0);
    let total = 0; // the largest sum the levels below can reach over a matching
    for (let k = used - 1; k >= 0; k--) {
      unit[k] = total + 1;
      const max = Math.max(0, ...edges.map((e) => e[2][LEVELS[k]]));
      total += unit[k] * max * pairs;
    }
    // Weights from 1 (the worst pair) up: the matching is of maximum cardinality first, so every perfect one
    // beats every other, and among them the sum of the costs is least.
    const costOf = (c: PairCost) => LEVELS.reduce((s, l, k) => s + unit[k] * c[l], 0);
    const maxCost = Math.max(0, ...edges.map((e) => costOf(e[2])));
    if (total + 1 > MAX_MATCHING_WEIGHT) continue;
    const mate = maxWeightMatching(
      n,
      edges.map(([i, j, c]) => [i, j, maxCost + 1 - costOf(c)] as const),
      true,
    );
    if (mate.some((x) => x < 0)) throw new Error('swiss: no perfect matching within the limit');
    return { mates: matchedPairs(mate), levels: used };
  }
  throw new TournamentError('invalid-input', `too many players for exact pairing weights (${n})`);
}
