// Monte Carlo tree search over the engine's mutable Position (game.ts), one
// search for both games. Pure: no I/O; the only clock is an optional `now`
// the caller passes for a time cap. With the same seed and no time cap the
// result is identical run after run.
//
// UCT with three additions that matter for these games:
// - progressive widening: Orion has ~1,200 moves a ply, so a node opens its
//   children one at a time (best prior first) as its visit count grows;
// - progressive bias: a heuristic prior that fades as a child gains visits;
// - a light MCTS-Solver: a move that wins at once is proven and always taken,
//   one that loses at once is never chosen while another exists.
// Playouts may be cut off after a number of plies and scored by a per-game
// evaluation (heuristics.ts), since Exxit games can last hundreds of plies.
import type { Outcome, Position, Side } from '../game.js';
import { makeRng, randInt, type Rng } from '../rng.js';
import type { AlphaBetaOptions } from './exxit-alphabeta.js';

/** Game knowledge handed to the search (one module per game; rules stay in the engines). */
export interface Heuristics<M> {
  /** Chance in [0, 1] that side 0 wins from a position that is not over. */
  evaluate?(pos: Position<M>): number;
  /** A prior in [0, 1] per move (same order): widening order and progressive bias. */
  priors?(pos: Position<M>, moves: M[]): number[];
  /** Index of the playout move to play; default uniform. */
  playout?(pos: Position<M>, moves: M[], rng: Rng): number;
  /**
   * Plays one uniformly random legal move without listing them all (a fast
   * path for games with many moves); false when it could not, and the search
   * then lists the moves itself.
   */
  randomStep?(pos: Position<M>, rng: Rng): boolean;
}

export interface SearchParams {
  /** Iteration budget (the deterministic part of the budget). */
  iterations: number;
  /** Optional wall-clock cap in ms; needs `now` in SearchOptions. */
  timeMs?: number;
  /** UCT exploration constant. */
  exploration: number;
  /** Plies of playout before a cut-off evaluation; Infinity plays to the end. */
  playoutDepth: number;
  /** Children allowed at a node = ceil(base + factor * visits^exponent); omit for full expansion. */
  widening?: { base: number; factor: number; exponent: number };
  /** Weight of the prior in the progressive-bias term prior * w / (visits + 1). */
  priorWeight: number;
  /** Use heuristics.priors (move ordering and bias). */
  usePriors: boolean;
  /** Use heuristics.playout instead of uniform random playouts. */
  usePlayoutPolicy: boolean;
  /** Use heuristics.evaluate at cut-off (otherwise a cut-off playout counts 0.5). */
  useEvaluation: boolean;
  /** Check every root move for an immediate win / loss before searching. */
  rootCheck: boolean;
  /**
   * Visits a leaf needs before it lists its moves and opens children (default
   * 1); higher saves move generation and priors on rarely revisited leaves.
   */
  expandThreshold?: number;
  /**
   * The search to run (index.ts dispatches): the default 'mcts' is this file; 'alphabeta' (Exxit only,
   * exxit-alphabeta.ts) reads `iterations` as its node budget and `alphaBeta` as its switches.
   */
  algorithm?: 'mcts' | 'alphabeta';
  alphaBeta?: Partial<AlphaBetaOptions>;
}

export interface SearchOptions<M> {
  seed: number | string;
  heuristics?: Heuristics<M>;
  /** Millisecond clock for params.timeMs (e.g. performance.now); absent = no time cap. */
  now?: () => number;
  /**
   * For the post-game review: after the budget, one root move (a move a player made) gets more iterations of its
   * own until it has `visits`, so its value is measured in the same tree as the best move's. The answer (`move`,
   * `top`) is the budgeted search's, as without it; `children` and `iterations` include the extra visits. A move the
   * solver proved needs none; the time cap, when given, stops them too. Throws if the move is not legal.
   */
  ensure?: {
    move: M;
    visits: number;
    /**
     * Instead: when the move is not the answer, the answer's child and the move's each get `visits` iterations of
     * their own after the budget, in turn, and report their mean over these alone (`ChildStat.sample`). The most
     * visited child's mean is optimistic — the search chose it for its lucky samples, and a move it left early keeps
     * its unlucky ones — so the difference of two such means overstates a move's loss; fresh samples of both do not.
     */
    fresh?: boolean;
  };
  /** How `ensure.move` is matched with the root's moves; default `===` (index.ts passes the game's equality). */
  sameMove?: (a: M, b: M) => boolean;
  /**
   * Root moves left out (matched with `sameMove`): the puzzle check (puzzle.ts) reads the second best move as the
   * best of the others. Throws when no move is left.
   */
  exclude?: readonly M[];
}

export interface MoveStat<M> {
  move: M;
  visits: number;
  /** Mean reward for the side to move at the root, in [0, 1]. */
  value: number;
}

/** A root move as the search left it (SearchResult.children). */
export interface ChildStat<M> extends MoveStat<M> {
  /** 'win' / 'loss' for the side to move at the root when the solver (or the root check) proved the move. */
  proven: 'win' | 'loss' | null;
  /** SearchOptions.ensure.fresh: the iterations run through this child after the budget, and their mean reward. */
  sample?: { visits: number; value: number };
}

export interface SearchResult<M> {
  move: M;
  /** Iterations run (each one selection + expansion + playout + backup). */
  iterations: number;
  /** Visits of the chosen root child. */
  visits: number;
  /** Its mean reward for the side to move, in [0, 1] (1 = sure win). */
  value: number;
  /** 'win' / 'loss' when the solver proved the root, else null. */
  proven: 'win' | 'loss' | null;
  /** Whether the time cap stopped the search before the iteration budget. */
  timedOut: boolean;
  /** The most visited root moves, best first (at most 5). */
  top: MoveStat<M>[];
  /**
   * Every root move the search opened, in the order of `top` (proven wins, then visits), then the moves the root
   * check proved lost at once (0 visits). Visits add up to `iterations`. With progressive widening, moves never
   * opened are absent.
   */
  children: ChildStat<M>[];
}

/** Proof status of a node, seen from the side that played into it. */
const WIN = 1;
const LOSS = -1;

class Node<M> {
  children: Node<M>[] = [];
  /** All legal moves, best prior first; null until the node is first expanded. */
  moves: M[] | null = null;
  priors: number[] | null = null;
  /** Index in `moves` of the next child to open. */
  next = 0;
  visits = 0;
  /** Sum of rewards for `mover`. */
  value = 0;
  proven: 0 | 1 | -1 = 0;
  terminal: Outcome | null = null;
  constructor(
    readonly move: M | null,
    readonly parent: Node<M> | null,
    /** The side that played `move` (for the root: the side not to move). */
    readonly mover: Side,
    readonly prior: number,
  ) {}
}

/** The root's moves without SearchOptions.exclude's; throws when none is left (a finished game has none either). */
export function withoutExcluded<M>(moves: M[], exclude: readonly M[] | undefined, same: (a: M, b: M) => boolean): M[] {
  const left = exclude && exclude.length > 0 ? moves.filter((m) => !exclude.some((x) => same(m, x))) : moves;
  if (left.length === 0) {
    throw new Error(
      moves.length === 0 ? 'search: the game is over, there is no move to choose' : 'search: every move is excluded',
    );
  }
  return left;
}

/** Reward in [0,1] for side 0 of a finished game. */
const rewardOf = (o: Outcome): number => (o.draw || o.winner === null ? 0.5 : o.winner === 0 ? 1 : 0);

const other = (s: Side): Side => (s === 0 ? 1 : 0);

export function search<M>(root: Position<M>, params: SearchParams, opts: SearchOptions<M>): SearchResult<M> {
  const rng = makeRng(opts.seed);
  const h = opts.heuristics ?? {};
  // The time cap counts from here: the root check and move ordering are part of the answer's time.
  const deadline = params.timeMs !== undefined && opts.now ? opts.now() + params.timeMs : Infinity;
  const same = opts.sameMove ?? ((a: M, b: M) => a === b);
  const rootMoves = withoutExcluded(root.legalMoves(), opts.exclude, same);
  const me = root.toMove();
  // The search's own instance of the ensured move.
  const ensured = opts.ensure && rootMoves.find((m) => same(m, opts.ensure!.move));
  if (opts.ensure && ensured === undefined) throw new Error('search: the move to ensure is not a legal move here');
  /** Root moves the root check proved lost at once. */
  const lost: M[] = [];
  const lostStats = (): ChildStat<M>[] => lost.map((move) => ({ move, visits: 0, value: 0, proven: 'loss' }));
  const only = (move: M, proven: 'win' | 'loss' | null = null): SearchResult<M> => ({
    move,
    iterations: 0,
    visits: 0,
    value: proven === 'win' ? 1 : 0.5,
    proven,
    timedOut: false,
    top: [],
    children:
      proven === 'loss'
        ? lostStats()
        : [{ move, visits: 0, value: proven === 'win' ? 1 : 0.5, proven }, ...lostStats()],
  });
  if (rootMoves.length === 1) return only(rootMoves[0]);

  let candidates = rootMoves;
  if (params.rootCheck) {
    // A move that wins at once is played; moves that lose at once are dropped
    // (Orion OD-18 can hand the opponent the win on one's own placement).
    const safe: M[] = [];
    for (const m of rootMoves) {
      const p = root.clone();
      p.play(m);
      const o = p.outcome();
      if (o.over && o.winner === me) return only(m, 'win');
      if (!(o.over && o.winner === other(me))) safe.push(m);
      else lost.push(m);
    }
    if (safe.length === 0) return only(rootMoves[0], 'loss');
    if (safe.length === 1) return only(safe[0]);
    candidates = safe;
  }

  const rootNode = new Node<M>(null, null, other(me), 0);
  initMoves(rootNode, root, candidates);

  let iterations = 0;
  let timedOut = false;
  while (iterations < params.iterations && rootNode.proven === 0) {
    if ((iterations & 15) === 0 && deadline !== Infinity && opts.now!() >= deadline && iterations > 0) {
      timedOut = true;
      break;
    }
    iterate(rootNode, root.clone());
    iterations++;
  }

  const kids = rootNode.children;
  let best: Node<M> | undefined = kids.find((c) => c.proven === WIN);
  if (!best) {
    const alive = kids.filter((c) => c.proven !== LOSS);
    const pool = alive.length > 0 ? alive : kids;
    // Robust child: most visits, ties to the higher mean.
    for (const c of pool) {
      if (!best || c.visits > best.visits || (c.visits === best.visits && mean(c) > mean(best))) best = c;
    }
  }
  if (!best) return only(candidates[0]);
  const byRank = (a: Node<M>, b: Node<M>): number =>
    Number(b.proven === WIN) - Number(a.proven === WIN) || b.visits - a.visits;
  const top = [...kids]
    .sort(byRank)
    .slice(0, 5)
    .map((c) => ({ move: c.move as M, visits: c.visits, value: mean(c) }));
  const answer = {
    move: best.move as M,
    visits: best.visits,
    value: best.proven === WIN ? 1 : mean(best),
    proven: rootNode.proven === LOSS ? 'win' : rootNode.proven === WIN ? 'loss' : null,
  } as const;
  const samples = new Map<Node<M>, { visits: number; sum: number }>();
  if (ensured !== undefined && !lost.includes(ensured)) {
    if (!opts.ensure!.fresh) ensureVisits(ensured, opts.ensure!.visits);
    else if (ensured !== best.move) sampleBoth(best, openChild(ensured), opts.ensure!.visits);
  }
  const children = [...kids].sort(byRank).map((c): ChildStat<M> => {
    const stat: ChildStat<M> = {
      move: c.move as M,
      visits: c.visits,
      value: mean(c),
      proven: c.proven === WIN ? 'win' : c.proven === LOSS ? 'loss' : null,
    };
    const f = samples.get(c);
    if (f && f.visits > 0) stat.sample = { visits: f.visits, value: f.sum / f.visits };
    return stat;
  });
  return { ...answer, iterations, timedOut, top, children: [...children, ...lostStats()] };

  /** SearchOptions.ensure.fresh: `visits` iterations through each of two root children in turn, their rewards kept. */
  function sampleBoth(a: Node<M>, b: Node<M>, visits: number): void {
    for (const n of [a, b]) samples.set(n, { visits: 0, sum: 0 });
    for (let k = 0; k < visits; k++) {
      for (const n of [a, b]) {
        if (n.proven !== 0 || n.terminal) continue;
        if ((iterations & 15) === 0 && deadline !== Infinity && opts.now!() >= deadline) {
          timedOut = true;
          return;
        }
        const reward = iterate(rootNode, root.clone(), n);
        iterations++;
        const f = samples.get(n)!;
        f.visits++;
        f.sum += me === 0 ? reward : 1 - reward;
      }
    }
  }

  /** SearchOptions.ensure: iterations through the root child `move` until it has `visits` (opened first if need be). */
  function ensureVisits(move: M, visits: number): void {
    const child = openChild(move);
    while (child.visits < visits && child.proven === 0 && !child.terminal) {
      if ((iterations & 15) === 0 && deadline !== Infinity && opts.now!() >= deadline) {
        timedOut = true;
        return;
      }
      iterate(rootNode, root.clone(), child);
      iterations++;
    }
  }

  /** The root child of `move`, opened as the expansion would (after the children already open) if need be. */
  function openChild(move: M): Node<M> {
    let child = kids.find((c) => c.move === move);
    if (!child) {
      // Open it as the expansion would, after the children already open.
      const moves = rootNode.moves!;
      const i = moves.indexOf(move, rootNode.next);
      const j = rootNode.next++;
      [moves[i], moves[j]] = [moves[j], moves[i]];
      if (rootNode.priors) [rootNode.priors[i], rootNode.priors[j]] = [rootNode.priors[j], rootNode.priors[i]];
      child = new Node<M>(move, rootNode, me, rootNode.priors ? rootNode.priors[j] : 0);
      kids.push(child);
      const p = root.clone();
      p.play(move);
      const o = p.outcome();
      if (o.over) {
        child.terminal = o;
        if (o.winner === me) child.proven = WIN;
        else if (o.winner !== null) child.proven = LOSS;
        if (child.proven !== 0) propagateProof(child);
      }
    }
    return child;
  }

  function mean(n: Node<M>): number {
    return n.visits === 0 ? 0.5 : n.value / n.visits;
  }

  /** Fills a node's move list, best prior first; ties (or no priors) in a seeded random order. */
  function initMoves(node: Node<M>, pos: Position<M>, given?: M[]): void {
    const moves = given ?? pos.legalMoves();
    const n = moves.length;
    const order = new Array<number>(n);
    for (let i = 0; i < n; i++) order[i] = i;
    for (let i = n - 1; i > 0; i--) {
      const j = randInt(rng, i + 1);
      const t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    if (params.usePriors && h.priors && n > 1) {
      const pr = h.priors(pos, moves);
      // Sort by prior, best first, ties in shuffled order: one numeric key per
      // move (prior quantised, then shuffled rank) in a typed array is far
      // cheaper than a comparator sort over ~1,200 Orion moves.
      const keys = new Float64Array(n);
      for (let k = 0; k < n; k++) keys[k] = Math.round((1 - Math.min(1, Math.max(0, pr[order[k]] || 0))) * 1e6) * n + k;
      keys.sort();
      const sorted = new Array<number>(n);
      for (let k = 0; k < n; k++) sorted[k] = order[keys[k] % n];
      node.priors = sorted.map((i) => pr[i]);
      node.moves = sorted.map((i) => moves[i]);
      return;
    }
    node.moves = order.map((i) => moves[i]);
  }

  function allowedChildren(node: Node<M>): number {
    const total = node.moves!.length;
    const w = params.widening;
    if (!w) return total;
    return Math.min(total, Math.ceil(w.base + w.factor * Math.pow(node.visits, w.exponent)));
  }

  /** UCT with progressive bias; null when every open child is a proven loss (then open another one). */
  function select(node: Node<M>): Node<M> | null {
    const logN = Math.log(node.visits + 1);
    let best: Node<M> | null = null;
    let bestScore = -Infinity;
    for (const c of node.children) {
      if (c.proven === WIN) return c;
      if (c.proven === LOSS) continue;
      const q = c.visits === 0 ? 0.5 : c.value / c.visits;
      const score =
        q + params.exploration * Math.sqrt(logN / (c.visits + 1)) + (params.priorWeight * c.prior) / (c.visits + 1);
      if (score > bestScore) {
        bestScore = score;
        best = c;
      }
    }
    if (best === null && node.next >= node.moves!.length) return node.children[0] ?? null;
    return best;
  }

  /** After a child was proven, settles its parent when that follows (MCTS-Solver). */
  function propagateProof(child: Node<M>): void {
    let c: Node<M> | null = child;
    while (c && c.parent) {
      const p: Node<M> = c.parent;
      if (c.proven === WIN) {
        // The side to move at p has a winning move: whoever moved into p loses.
        p.proven = LOSS;
      } else if (c.proven === LOSS) {
        const allOpen = p.moves !== null && p.next >= p.moves.length;
        if (!allOpen || !p.children.every((k) => k.proven === LOSS)) return;
        p.proven = WIN;
      } else return;
      c = p;
    }
  }

  /** One iteration; its reward for side 0. */
  function iterate(rootN: Node<M>, pos: Position<M>, through?: Node<M>): number {
    let node = rootN;
    if (through) {
      // SearchOptions.ensure: this iteration goes through a given root child.
      node = through;
      pos.play(through.move as M);
    }
    // Selection: descend while the node may not open another child.
    for (;;) {
      if (node.terminal || node.proven !== 0) break;
      if (node.moves === null) {
        if (node !== rootN && node.visits < (params.expandThreshold ?? 1)) break; // playout from this leaf
        initMoves(node, pos);
      }
      const sel = node.next < allowedChildren(node) ? null : select(node);
      if (sel === null && node.next < node.moves!.length) {
        // Expansion.
        const i = node.next++;
        const m = node.moves![i];
        const child = new Node<M>(m, node, pos.toMove(), node.priors ? node.priors[i] : 0);
        node.children.push(child);
        pos.play(m);
        const o = pos.outcome();
        if (o.over) {
          child.terminal = o;
          if (o.winner === child.mover) child.proven = WIN;
          else if (o.winner !== null) child.proven = LOSS;
          if (child.proven !== 0) propagateProof(child);
        }
        node = child;
        break;
      }
      if (sel === null) break; // no move at all (cannot happen for a position that is not over)
      node = sel;
      pos.play(node.move as M);
    }

    // Simulation.
    let reward: number; // for side 0
    if (node.terminal) reward = rewardOf(node.terminal);
    else if (node.proven !== 0) reward = (node.proven === WIN) === (node.mover === 0) ? 1 : 0;
    else reward = playout(pos);

    // Backup.
    for (let n: Node<M> | null = node; n; n = n.parent) {
      n.visits++;
      n.value += n.mover === 0 ? reward : 1 - reward;
    }
    return reward;
  }

  function playout(pos: Position<M>): number {
    for (let d = 0; d < params.playoutDepth; d++) {
      const o = pos.outcome();
      if (o.over) return rewardOf(o);
      const policy = params.usePlayoutPolicy && h.playout !== undefined;
      if (!policy && h.randomStep && h.randomStep(pos, rng)) continue;
      const moves = pos.legalMoves();
      if (moves.length === 0) return rewardOf(pos.outcome());
      const i = policy ? h.playout!(pos, moves, rng) : randInt(rng, moves.length);
      pos.play(moves[i]);
    }
    const o = pos.outcome();
    if (o.over) return rewardOf(o);
    return params.useEvaluation && h.evaluate ? h.evaluate(pos) : 0.5;
  }
}
