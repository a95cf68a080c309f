// The post-game review's grading (issue 20, docs/review.md): each ply is graded from ONE search of the position
// before it, the best root child against the played one (SearchOptions.ensure: MCTS samples both afresh after the
// budget, alpha-beta scores the played move exactly), so the loss is not the difference of two noisy searches. Win chances, thresholds
// and accuracies follow Lichess (Advice.scala, AccuracyPercent.scala), adapted where these games need it.
// Pure: no I/O; seeded; the budget is iterations / nodes, so a seed gives the same review on any machine.
import type { ChildStat, SearchResult } from './ai/mcts.js';
import { sameMoveOf, searchPosition } from './ai/index.js';
import type { SearchPlayer } from './ai/levels.js';
import type { AnyGame, GameId, Side } from './game.js';
import { getGame } from './index.js';
import { replay, replayErrorText } from './replay.js';

export type Grade = 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';
/** The grades a review marks (the others are "ok"). */
export type MarkedGrade = Exclude<Grade, 'best' | 'good'>;

export interface PlyReview {
  /** 0-based index into the game's move log. */
  ply: number;
  /** Who played it (0 = Red / Orange). */
  side: Side;
  /** Canonical text (EX-22 / OD-22). */
  played: string;
  /** Canonical text of the search's best move (the same text as `played` when it was best). */
  best: string;
  /** A forced move (a pass, the only legal move, a compulsory lone dance): not graded. */
  forced: boolean;
  /** The mover's win chance 0..100 after the best move (from the one search of the position before). */
  bestChance: number;
  /** The mover's win chance 0..100 after the played move (same search, the played child given visits). */
  playedChance: number;
  /** max(0, bestChance − playedChance), points (0 when the played move still wins with certainty). */
  loss: number;
  /** null when forced. */
  grade: Grade | null;
  /** Move accuracy 0..100 (Lichess's formula on `loss`), null when forced. */
  accuracy: number | null;
}

export interface SideSummary {
  /** Game accuracy 0..100 (Lichess's mix of a volatility-weighted and a harmonic mean), null with no graded move. */
  accuracy: number | null;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  /** Moves graded (forced ones are not). */
  graded: number;
}

export interface GameReview {
  plies: PlyReview[];
  /** Side 0's (Red / Orange) win chance 0..100: [0] = the start, [i+1] = after ply i. Length = moves + 1. */
  chances: number[];
  sides: [SideSummary, SideSummary];
}

/** The search a review runs on each ply (docs/review.md, "Budget"). */
export interface ReviewBudget {
  /** Whose search: its parameters and heuristics (a level or a frozen reference). */
  player: SearchPlayer;
  /** Iterations (MCTS) or nodes (alpha-beta) of the search of one position. */
  iterations: number;
  /** Visits the played move gets of its own (SearchOptions.ensure; alpha-beta scores it exactly instead). */
  visits: number;
  /**
   * MCTS: `visits` fresh iterations through the best and the played child each, their values read from these alone
   * (SearchOptions.ensure.fresh), rather than the played child brought to `visits` and the two tree means compared.
   */
  fresh?: boolean;
}

export interface ReviewOptions {
  seed: number;
  /** A clock for the level's time cap; absent = the budget alone (deterministic, the review's normal way). */
  now?: () => number;
  /** Another budget than REVIEW_BUDGET's for this game. */
  budget?: ReviewBudget;
}

/**
 * The per-ply budget, chosen so a review of a 60-ply Exxit game or of a whole Orion game costs at most 20 s of CPU
 * and two seeds agree (bench/review.ts measures both; the figures are in docs/review.md).
 */
export const REVIEW_BUDGET: Readonly<Record<GameId, ReviewBudget>> = {
  exxit: { player: 'hard', iterations: 80_000, visits: 0 },
  orion: { player: 'hard', iterations: 3000, visits: 1000, fresh: true },
};
/** A game without a row (registered by a test or an extension): its hard level's search, smaller. */
const DEFAULT_BUDGET: ReviewBudget = { player: 'hard', iterations: 1000, visits: 250 };

/** Lichess's thresholds (Advice.scala: 0.1 / 0.2 / 0.3 of winning chances in [−1, 1]), in points of 0..100. */
export const THRESHOLDS = { inaccuracy: 5, mistake: 10, blunder: 15 } as const;

/** The grade of a non-forced move from its loss; `isBest`: it is the search's own choice. */
export function gradeOf(loss: number, isBest: boolean): Grade {
  if (loss >= THRESHOLDS.blunder) return 'blunder';
  if (loss >= THRESHOLDS.mistake) return 'mistake';
  if (loss >= THRESHOLDS.inaccuracy) return 'inaccuracy';
  return isBest ? 'best' : 'good';
}

/**
 * Lichess's move accuracy for a drop of win chance (AccuracyPercent.fromWinPercents, without its +1 "uncertainty
 * bonus": our loss comes from one search, not two): 103.1668·e^(−0.04354·drop) − 3.1669, clamped to 0..100.
 */
export function moveAccuracy(drop: number): number {
  if (drop <= 0) return 100;
  const raw = 103.1668100711649 * Math.exp(-0.04354415386753951 * drop) - 3.166924740191411;
  return Math.min(100, Math.max(0, raw));
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

/** The mover's chance 0..100 in a child of the root: the search's value, a proof pinned to 100 / 0. */
const chanceOf = (c: ChildStat<unknown>): number =>
  c.proven === 'win' ? 100 : c.proven === 'loss' ? 0 : (c.sample?.value ?? c.value) * 100;

/** Longest chain of lone moves followed before searching (compulsory dances can chain, EX-16; two passes end, EX-20b). */
const CHAIN = 64;

/**
 * The chance of `mover` in a state, for what one search does not measure (below, and the puzzle check): the search's
 * value there.
 */
export function chanceAfter(
  g: AnyGame,
  after: unknown,
  mover: Side,
  budget: Pick<ReviewBudget, 'player' | 'iterations'>,
  seed: number,
  now?: () => number,
): number {
  let s = after;
  // A position with one legal move has no search to read (the search returns at once): follow it.
  for (let i = 0; i < CHAIN && !g.outcome(s).over; i++) {
    const moves = g.legalMoves(s);
    if (moves.length !== 1) break;
    const n = g.play(s, moves[0]);
    if (!n.ok) break;
    s = n.value;
  }
  const o = g.outcome(s);
  if (o.over) return o.draw || o.winner === null ? 50 : o.winner === mover ? 100 : 0;
  const r = searchPosition(g.id, g.position(s), budget.player, seed, now, undefined, undefined, budget.iterations);
  // The best move's value is the position's value for the side to move.
  const v = r.proven === 'win' ? 100 : r.proven === 'loss' ? 0 : r.value * 100;
  return g.toMove(s) === mover ? v : 100 - v;
}

/**
 * Grades one ply: `before` is the position before it (a valid engine state), `played` the move made (any accepted
 * notation). Throws on an illegal move or a finished position (a stored log that does not replay is the caller's
 * error to report).
 */
export function reviewPly(game: GameId, before: unknown, played: string, ply: number, opts: ReviewOptions): PlyReview {
  const g = getGame(game);
  const budget = opts.budget ?? REVIEW_BUDGET[game] ?? DEFAULT_BUDGET;
  const parsed = g.parseMove(before, played);
  if (!parsed.ok) throw new Error(`reviewPly: ply ${ply} "${played.slice(0, 40)}" is not legal here`);
  const move = parsed.value;
  const side = g.toMove(before);
  const text = g.formatMove(before, move, 'canonical');
  const next = g.play(before, move);
  if (!next.ok) throw new Error(`reviewPly: ply ${ply} "${text}" is not legal here`);
  const seed = (opts.seed ^ Math.imul(ply + 1, 0x9e3779b1)) >>> 0;

  // A move the player did not choose (a pass, a lone legal move, a compulsory lone dance, EX-10/EX-11) is not
  // graded, but the chance curve still needs the position it left.
  const legal = g.legalMoves(before);
  if (legal.length <= 1 || g.forcedMove(before) !== null) {
    // A quarter of the budget: summarizeReview reads the next ply's search of the same position when there is one.
    const quarter = { ...budget, iterations: Math.ceil(budget.iterations / 4) };
    const c = round1(chanceAfter(g, next.value, side, quarter, seed, opts.now));
    return {
      ply,
      side,
      played: text,
      best: text,
      forced: true,
      bestChance: c,
      playedChance: c,
      loss: 0,
      grade: null,
      accuracy: null,
    };
  }

  const r: SearchResult<unknown> = searchPosition(
    game,
    g.position(before),
    budget.player,
    seed,
    opts.now,
    { move, visits: budget.visits, ...(budget.fresh ? { fresh: true } : {}) },
    undefined,
    budget.iterations,
  );
  const same = sameMoveOf(game);
  const isBest = same(r.move, move);
  const bestChild = r.children.find((c) => same(c.move, r.move));
  const playedChild = isBest ? bestChild : r.children.find((c) => same(c.move, move));
  // When the search did not run (a win in one the root check found, a single safe move), a child it returns
  // unmeasured (no visits, no proof) gets its value from a search of the position after it: the rare case where
  // the one-search rule cannot hold, since there was no search.
  const measured = (c: ChildStat<unknown> | undefined): c is ChildStat<unknown> =>
    c !== undefined && (c.visits > 0 || c.proven !== null);
  let bestChance: number;
  if (measured(bestChild)) bestChance = chanceOf(bestChild);
  else {
    const after = g.play(before, r.move);
    bestChance = after.ok ? chanceAfter(g, after.value, side, budget, seed, opts.now) : 50;
  }
  const playedChance = isBest
    ? bestChance
    : measured(playedChild)
      ? chanceOf(playedChild)
      : chanceAfter(g, next.value, side, budget, seed, opts.now);
  // A move that still wins with certainty loses nothing (a slower win is no mistake); a position the search proved
  // lost whatever is played has nothing left to lose either.
  const certain = playedChild?.proven === 'win' || playedChance >= 100 || r.proven === 'loss';
  const loss = certain ? 0 : round1(Math.max(0, bestChance - playedChance));
  return {
    ply,
    side,
    played: text,
    best: g.formatMove(before, r.move, 'canonical'),
    forced: false,
    bestChance: round1(bestChance),
    playedChance: round1(playedChance),
    loss,
    grade: gradeOf(loss, isBest),
    accuracy: round1(moveAccuracy(loss)),
  };
}

const std = (xs: number[]): number => {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length);
};

/**
 * Lichess's game accuracy (AccuracyPercent.gameAccuracy) over `chances` (side 0's, one more than the plies): each
 * ply's weight is the standard deviation (clamped 0.5..12) of a window of chances around it (the window's size a
 * tenth of the game, 2..8; the first ones repeat the opening window), and a side's accuracy is the average of the
 * weighted mean and the harmonic mean of its moves' accuracies. Forced plies weigh in the windows, not in the means.
 */
export function gameAccuracy(chances: number[], plies: PlyReview[], side: Side): number | null {
  const n = plies.length;
  if (n === 0) return null;
  const size = Math.min(8, Math.max(2, Math.floor(n / 10)));
  const windows: number[][] = [];
  for (let i = 0; i < Math.min(size, chances.length) - 2; i++) windows.push(chances.slice(0, size));
  for (let i = 0; i + size <= chances.length; i++) windows.push(chances.slice(i, i + size));
  let wSum = 0;
  let wAcc = 0;
  let inv = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const p = plies[i];
    if (p.side !== side || p.accuracy === null) continue;
    const w = Math.min(12, Math.max(0.5, windows[i] ? std(windows[i]) : 0.5));
    wSum += w;
    wAcc += w * p.accuracy;
    // Floored at 1 (lila's Maths.harmonicMean): one 0 % move pulls the mean down without zeroing it.
    inv += 1 / Math.max(1, p.accuracy);
    count++;
  }
  if (count === 0) return null;
  return round1((wAcc / wSum + count / inv) / 2);
}

/**
 * Puts graded plies together: side 0's chance curve and each side's summary. `final`: the game's end pins the last
 * chance (100 / 0 / 50), since the result is known; without it (a review cut short) the last ply's chance stays.
 */
export function summarizeReview(
  game: GameId,
  plies: PlyReview[],
  final: { winner: Side | null; draw: boolean } | null,
): GameReview {
  getGame(game); // an unknown game is the caller's error
  const toSide0 = (side: Side, c: number): number => (side === 0 ? c : round1(100 - c));
  const start = plies.length === 0 ? 50 : plies[0].forced ? 50 : toSide0(plies[0].side, plies[0].bestChance);
  // After a graded ply: its played child's chance (the curve drops where the marks are). After a forced one: the
  // next ply's search of the position it left (a full budget) when the next ply is graded, else its own.
  const chances = [
    start,
    ...plies.map((p, i) => {
      const n = plies[i + 1];
      return p.forced && n && !n.forced && n.ply === p.ply + 1
        ? toSide0(n.side, n.bestChance)
        : toSide0(p.side, p.playedChance);
    }),
  ];
  if (final && plies.length > 0)
    chances[chances.length - 1] = final.draw || final.winner === null ? 50 : final.winner === 0 ? 100 : 0;
  const summary = (side: Side): SideSummary => {
    const mine = plies.filter((p) => p.side === side && p.grade !== null);
    return {
      accuracy: gameAccuracy(chances, plies, side),
      inaccuracies: mine.filter((p) => p.grade === 'inaccuracy').length,
      mistakes: mine.filter((p) => p.grade === 'mistake').length,
      blunders: mine.filter((p) => p.grade === 'blunder').length,
      graded: mine.length,
    };
  };
  return { plies, chances, sides: [summary(0), summary(1)] };
}

/** Replays `moves` from `setup` and reviews every ply (scripts, tests, the bench). Throws on a log that does not replay. */
export function reviewGame(game: GameId, setup: string, moves: string[], opts: ReviewOptions): GameReview {
  const g = getGame(game);
  const r = replay(g, setup, moves);
  if (!r.ok) throw new Error(`reviewGame: ${replayErrorText(r)}`);
  const plies = moves.map((m, i) => reviewPly(game, r.states[i], m, i, opts));
  const o = g.outcome(r.states[r.states.length - 1]);
  return summarizeReview(game, plies, o.over ? { winner: o.winner, draw: o.draw } : null);
}

const MARKED: readonly Grade[] = ['inaccuracy', 'mistake', 'blunder'];
export const isMarked = (g: Grade | null): g is MarkedGrade => g !== null && MARKED.includes(g);

/** The costliest graded moves of a side (largest loss first, only inaccuracy or worse; ties to the earlier), at most n. */
export function costliest(review: GameReview, side: Side, n = 3): PlyReview[] {
  return review.plies
    .filter((p) => p.side === side && isMarked(p.grade))
    .sort((a, b) => b.loss - a.loss || a.ply - b.ply)
    .slice(0, n);
}
