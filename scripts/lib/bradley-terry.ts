// Elo ratings with error bars from a round robin's results (the engine tool's
// ladder, docs/ai.md "Strength table"): a maximum-likelihood Bradley–Terry fit
// on the Elo scale, P(i beats j) = 1 / (1 + 10^((r_j - r_i) / 400)).
//
// Choices, and why:
// - Draws count as half a win and half a loss (the score Elo itself counts).
//   A draw model (Davidson, Rao–Kupper) needs a draw parameter, and these
//   games draw in 0–2 % of games: too few to estimate it. Half-wins make a
//   draw as uncertain as a coin flip, so the intervals err on the wide side.
// - The prior: one virtual draw in every pairing that played (as BayesElo's
//   virtual draws). Without it a player who won every game has no finite
//   maximum; with it the posterior is strictly concave and its maximum finite.
//   It pulls ratings towards each other by about one game's worth, which
//   fades as the games grow.
// - The anchor: one player's rating is fixed (the ladder fixes the frozen
//   reference at 0), since only differences are identified. Every interval is
//   then the uncertainty of a player's difference to the anchor, whose own
//   interval is empty.
// - Intervals: ±1.96 standard errors from the observed Fisher information,
//   the inverse of minus the Hessian of the log-posterior at its maximum.
// The fit is Newton's method with step halving on a concave function: it
// needs no seed and gives the same numbers for the same results.

/** Results of player a against player b (indices), from a's side. */
export interface PairResult {
  a: number;
  b: number;
  wins: number;
  draws: number;
  losses: number;
}

export interface FitOptions {
  /** The player whose rating is fixed. */
  anchor: number;
  /** Its rating (default 0). */
  anchorRating?: number;
  /** Virtual draws added to every pairing that played (default 1); 0 is the plain maximum likelihood. */
  virtualDraws?: number;
}

export interface Fit {
  /** Elo per player. */
  ratings: number[];
  /** Standard error per player, Elo (0 for the anchor). */
  se: number[];
  /** The 95 % interval per player, Elo. */
  lower: number[];
  upper: number[];
  /** Newton steps taken. */
  steps: number;
}

/** Elo points per natural-log unit of odds. */
const ELO = 400 / Math.LN10;
const Z95 = 1.959963984540054;

/** log σ(z), without overflow for large |z|. */
const logSigmoid = (z: number): number => (z >= 0 ? -Math.log1p(Math.exp(-z)) : z - Math.log1p(Math.exp(z)));

interface Pair {
  a: number;
  b: number;
  /** a's score (wins + half the draws, real and virtual) and games (real and virtual). */
  score: number;
  games: number;
}

function pairsOf(n: number, results: readonly PairResult[], virtualDraws: number): Pair[] {
  const pairs: Pair[] = [];
  for (const r of results) {
    if (r.a === r.b || r.a < 0 || r.b < 0 || r.a >= n || r.b >= n) throw new Error(`bad pairing ${r.a}–${r.b}`);
    const games = r.wins + r.draws + r.losses;
    if (games === 0) continue;
    pairs.push({ a: r.a, b: r.b, score: r.wins + r.draws / 2 + virtualDraws / 2, games: games + virtualDraws });
  }
  return pairs;
}

/** The log-posterior (the log-likelihood with the virtual draws) of Elo ratings; the fit maximises it. */
export function logLikelihood(ratings: readonly number[], results: readonly PairResult[], virtualDraws = 1): number {
  let ll = 0;
  for (const p of pairsOf(ratings.length, results, virtualDraws)) {
    const z = (ratings[p.a] - ratings[p.b]) / ELO;
    ll += p.score * logSigmoid(z) + (p.games - p.score) * logSigmoid(-z);
  }
  return ll;
}

/** Solves m·x = v for a small symmetric positive definite m (Gaussian elimination with partial pivoting). */
function solve(m: number[][], v: number[]): number[] {
  const k = v.length;
  const a = m.map((row, i) => [...row, v[i]]);
  for (let c = 0; c < k; c++) {
    let p = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r;
    [a[c], a[p]] = [a[p], a[c]];
    if (a[c][c] === 0) throw new Error('singular information matrix: some player is not connected to the others');
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = a[r][c] / a[c][c];
      for (let j = c; j <= k; j++) a[r][j] -= f * a[c][j];
    }
  }
  return a.map((row, i) => row[k] / row[i]);
}

/**
 * Whether the maximum is finite (Zermelo, Ford): every player reaches every other along "scored at least half a point
 * against" links, i.e. no group of players lost every game it played against the rest. Virtual draws link both ways.
 */
function finite(n: number, pairs: readonly Pair[]): boolean {
  // scored[i] holds j when i scored against j.
  const scored = Array.from({ length: n }, () => new Set<number>());
  const conceded = Array.from({ length: n }, () => new Set<number>());
  const link = (i: number, j: number): void => void (scored[i].add(j), conceded[j].add(i));
  for (const p of pairs) {
    if (p.score > 0) link(p.a, p.b);
    if (p.score < p.games) link(p.b, p.a);
  }
  const reach = (edges: Set<number>[]): number => {
    const seen = new Set([0]);
    const stack = [0];
    while (stack.length > 0)
      for (const j of edges[stack.pop()!])
        if (!seen.has(j)) {
          seen.add(j);
          stack.push(j);
        }
    return seen.size;
  };
  return reach(scored) === n && reach(conceded) === n;
}

/** The maximum of the log-posterior over n players, with its 95 % intervals. */
export function fitBradleyTerry(n: number, results: readonly PairResult[], opts: FitOptions): Fit {
  const virtualDraws = opts.virtualDraws ?? 1;
  const anchorRating = opts.anchorRating ?? 0;
  if (n < 2) throw new Error('a rating needs two players at least');
  if (!Number.isInteger(opts.anchor) || opts.anchor < 0 || opts.anchor >= n) throw new Error('bad anchor');
  const pairs = pairsOf(n, results, virtualDraws);
  if (!finite(n, pairs))
    throw new Error(
      virtualDraws > 0
        ? 'every player must be linked to the others by games'
        : 'no finite maximum: some players lost every game against the others (add virtual draws)',
    );
  // Free parameters: every player but the anchor, in natural-log units of odds.
  const free = Array.from({ length: n }, (_, i) => i).filter((i) => i !== opts.anchor);
  const at = new Map(free.map((p, k) => [p, k]));
  const x = new Array<number>(n).fill(0);
  const posterior = (y: readonly number[]): number =>
    logLikelihood(
      y.map((v) => v * ELO),
      results,
      virtualDraws,
    );

  /** Gradient and minus the Hessian over the free parameters (the observed information). */
  function derivatives(y: readonly number[]): { grad: number[]; info: number[][] } {
    const k = free.length;
    const grad = new Array<number>(k).fill(0);
    const info = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    for (const p of pairs) {
      const prob = 1 / (1 + Math.exp(-(y[p.a] - y[p.b])));
      const g = p.score - p.games * prob;
      const w = p.games * prob * (1 - prob);
      const ia = at.get(p.a);
      const ib = at.get(p.b);
      if (ia !== undefined) {
        grad[ia] += g;
        info[ia][ia] += w;
      }
      if (ib !== undefined) {
        grad[ib] -= g;
        info[ib][ib] += w;
      }
      if (ia !== undefined && ib !== undefined) {
        info[ia][ib] -= w;
        info[ib][ia] -= w;
      }
    }
    return { grad, info };
  }

  let steps = 0;
  for (;;) {
    const { grad, info } = derivatives(x);
    if (Math.max(...grad.map(Math.abs)) < 1e-9) break;
    if (steps >= 100) throw new Error('the rating fit did not converge');
    const delta = solve(info, grad);
    const before = posterior(x);
    let t = 1;
    for (;;) {
      const y = [...x];
      free.forEach((p, k) => (y[p] += t * delta[k]));
      if (posterior(y) >= before || t < 1e-6) {
        for (const p of free) x[p] = y[p];
        break;
      }
      t /= 2;
    }
    steps++;
  }

  const { info } = derivatives(x);
  const se = new Array<number>(n).fill(0);
  free.forEach((p, k) => {
    const unit = free.map((_, j) => (j === k ? 1 : 0));
    se[p] = Math.sqrt(solve(info, unit)[k]) * ELO;
  });
  const ratings = x.map((v) => anchorRating + v * ELO);
  return {
    ratings,
    se,
    lower: ratings.map((r, i) => r - Z95 * se[i]),
    upper: ratings.map((r, i) => r + Z95 * se[i]),
    steps,
  };
}
