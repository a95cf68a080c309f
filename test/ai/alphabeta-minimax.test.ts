// The Exxit alpha-beta (exxit-alphabeta.ts) against plain minimax written here: no windows, no table, no move
// ordering, on the same evaluation (exxitPositionalEval, or the EX-21 score alone) and the same value of a finished
// game (a win worth 1000 plus the margin, less the plies to it). At a fixed depth, with or without its table, killers
// and history, the search must find the minimax value; a root move it reports close to the best (within its margin
// of 1) carries its exact value, any other an upper bound; the quiescence search is minimax over compulsory dances
// (EX-11) and, at its first ply, the Frees (EX-18) or standing pat.
import { describe, expect, it } from 'vitest';
import {
  alphaBetaExxit,
  DEFAULT_ALPHABETA,
  exxitPositionalEval,
  type AlphaBetaOptions,
} from '../../src/engine/ai/exxit-alphabeta.js';
import type { Board } from '../../src/engine/exxit/board.js';
import { exxit } from '../../src/engine/exxit/index.js';
import type { ExxitPosition } from '../../src/engine/exxit/position.js';
import { scoreOf } from '../../src/engine/exxit/score.js';
import type { ExxitMove, ExxitVariant } from '../../src/engine/exxit/types.js';
import { makeRng, randInt } from '../../src/engine/rng.js';
import { EXXIT_REPETITION } from '../support/scripted-games.js';

const WIN = 1000;
const key = (m: ExxitMove) => JSON.stringify(m);

/** The mover's EX-21 score lead. */
function lead(b: Board): number {
  const [red, black] = scoreOf(b);
  return b.side === 0 ? red - black : black - red;
}

function terminal(b: Board, ply: number): number {
  const d = lead(b);
  return d === 0 ? 0 : d > 0 ? WIN + d - ply : -WIN + d + ply;
}

const child = (pos: ExxitPosition, m: ExxitMove): ExxitPosition => {
  const p = pos.clone();
  p.play(m);
  return p;
};

/** Minimax in negamax form, the alpha-beta's rules of depth (a lone move costs none) and of the horizon. */
function reference(o: AlphaBetaOptions) {
  // Without the positional terms, 0.24 logit a point of lead (the fitted slope the search documents).
  const evaluate = (b: Board) => (o.positional ? exxitPositionalEval(b) : 0.24 * lead(b));
  const quiet = (pos: ExxitPosition, ply: number, qd: number): number => {
    const b = pos.board;
    if (b.end !== 0) return terminal(b, ply);
    const moves = pos.legalMoves();
    const standPat = moves[0].kind !== 'dance' || qd >= o.qsDepth;
    let best = -Infinity;
    if (standPat) {
      best = evaluate(b);
      if (qd >= o.qsDepth || qd >= o.qsFrees) return best;
    }
    for (const m of moves) {
      if (standPat && m.kind !== 'free') continue;
      best = Math.max(best, -quiet(child(pos, m), ply + 1, qd + 1));
    }
    return best;
  };
  const value = (pos: ExxitPosition, depth: number, ply: number): number => {
    const b = pos.board;
    if (b.end !== 0) return terminal(b, ply);
    if (depth <= 0) return o.quiescence ? quiet(pos, ply, 0) : evaluate(b);
    const moves = pos.legalMoves();
    const next = moves.length === 1 && o.forcedExtension ? depth : depth - 1;
    let best = -Infinity;
    for (const m of moves) best = Math.max(best, -value(child(pos, m), next, ply + 1));
    return best;
  };
  const at = (pos: ExxitPosition, depth: number): Map<string, number> =>
    new Map(pos.legalMoves().map((m) => [key(m), -value(child(pos, m), depth - 1, 1)]));
  /**
   * Each root move's value at the deepest depth the search reaches: `depth`, or the first depth whose best move is a
   * proven result (the deepening stops there: it does not change with depth).
   */
  return (pos: ExxitPosition, depth: number): Map<string, number> => {
    for (let d = 1; ; d++) {
      const values = at(pos, d);
      if (d >= depth || Math.abs(Math.max(...values.values())) >= WIN / 2) return values;
    }
  };
}

const chance = (s: number) => (s >= WIN / 2 ? 1 : s <= -WIN / 2 ? 0 : 1 / (1 + Math.exp(-s)));

/** Positions of seeded random games with a real choice (more than one move), some near the end. */
function positions(variant: ExxitVariant, seed: number, every: number): ExxitPosition[] {
  const s = exxit.initial(variant);
  if (!s.ok) throw new Error('no start');
  const pos = exxit.position(s.value) as ExxitPosition;
  const rng = makeRng(seed);
  const out: ExxitPosition[] = [];
  while (!pos.outcome().over) {
    const ms = pos.legalMoves();
    if (ms.length > 1 && pos.ply() % every === every - 1) out.push(pos.clone());
    pos.play(ms[randInt(rng, ms.length)]);
  }
  return out;
}

/** The last plies with a choice of seeded random games: finished games within the search's reach. */
function endgames(games: number): ExxitPosition[] {
  const out: ExxitPosition[] = [];
  for (let g = 0; g < games; g++) {
    const s = exxit.initial('short');
    if (!s.ok) throw new Error('no start');
    const pos = exxit.position(s.value) as ExxitPosition;
    const rng = makeRng(`endgame-${g}`);
    const seen: ExxitPosition[] = [];
    while (!pos.outcome().over) {
      const ms = pos.legalMoves();
      if (ms.length > 1) seen.push(pos.clone());
      pos.play(ms[randInt(rng, ms.length)]);
    }
    out.push(...seen.slice(-3));
  }
  return out;
}

const base: AlphaBetaOptions = { ...DEFAULT_ALPHABETA, maxDepth: 2 };

/** Checks one search against the reference: the best value, exact scores near it, upper bounds elsewhere. */
function agrees(pos: ExxitPosition, o: AlphaBetaOptions, want: Map<string, number>, seed: number): void {
  const r = alphaBetaExxit(pos.clone(), { iterations: 5_000_000, alphaBeta: o }, { seed });
  const best = Math.max(...want.values());
  expect(r.value).toBeCloseTo(chance(best), 9);
  // The move is one of the best, a proven win among the quickest and biggest (its raw value, not the chance).
  expect(want.get(key(r.move))).toBeCloseTo(best, 9);
  expect(r.proven).toBe(best >= WIN / 2 ? 'win' : best <= -WIN / 2 ? 'loss' : null);
  expect(r.children.map((c) => key(c.move)).sort()).toEqual([...want.keys()].sort());
  const proof = (v: number) => (v >= WIN / 2 ? 'win' : v <= -WIN / 2 ? 'loss' : null);
  for (const c of r.children) {
    const v = want.get(key(c.move))!;
    const exact = chance(v);
    // Within the margin of the best: exact; below it, at least the move's value (a bound from above).
    if (v > best - 1) {
      expect(c.value, key(c.move)).toBeCloseTo(exact, 9);
      expect(c.proven, key(c.move)).toBe(proof(v));
    } else expect(c.value, key(c.move)).toBeGreaterThanOrEqual(exact - 1e-9);
    // A proof is worth exactly 1 or 0; a bound proves a loss only when the move loses.
    if (c.proven !== null) expect(c.value).toBe(c.proven === 'win' ? 1 : 0);
    if (c.proven === 'loss') expect(v).toBeLessThanOrEqual(-WIN / 2);
    // The nodes each root move took, all of them counted once.
    expect(c.visits).toBeGreaterThan(0);
  }
  expect(r.children.reduce((n, c) => n + c.visits, 0)).toBeLessThanOrEqual(r.iterations);
  // Best first; `top` is the first five.
  for (let i = 1; i < r.children.length; i++) expect(r.children[i].value).toBeLessThanOrEqual(r.children[i - 1].value);
  expect(r.top).toEqual(r.children.slice(0, 5).map(({ move, visits, value }) => ({ move, visits, value })));
  expect(r.move).toBe(r.children[0].move);
}

describe('the Exxit alpha-beta against minimax', () => {
  const some = [...positions('standard', 5, 11), ...positions('short', 8, 9)];

  it('finds the minimax value at depths 1 and 2, with and without its table, killers and history', () => {
    expect(some.length).toBeGreaterThan(10);
    for (const [i, pos] of some.entries())
      for (const depth of [1, 2]) {
        const o = { ...base, maxDepth: depth };
        const want = reference(o)(pos, depth);
        agrees(pos, o, want, i);
        agrees(pos, { ...o, tt: false, killers: false }, want, i + 1);
      }
  });

  it('near the end, prefers the quickest and biggest win, and puts off a loss', () => {
    let proven = 0;
    for (const [i, pos] of endgames(6).entries())
      for (const depth of [2, 3]) {
        const o = { ...base, maxDepth: depth };
        const want = reference(o)(pos, depth);
        const values = [...want.values()];
        // Wins (or losses) of different lengths or margins to choose between.
        if (values.filter((v) => Math.abs(v) >= WIN / 2 && v !== Math.max(...values)).length > 0) proven++;
        agrees(pos, o, want, i);
        agrees(pos, { ...o, tt: false, killers: false }, want, i);
      }
    expect(proven).toBeGreaterThan(3);
  });

  it('between wins at once takes the biggest margin, between losses at once the smallest, on either side', () => {
    /** The margins (the mover's EX-21 lead) of the games `pos`'s moves end; null when a move does not end it. */
    const endings = (pos: ExxitPosition): number[] | null => {
      const me = pos.board.side;
      const out: number[] = [];
      for (const m of pos.legalMoves()) {
        const p = child(pos, m);
        if (!p.outcome().over) return null;
        const [red, black] = scoreOf(p.board);
        out.push(me === 0 ? red - black : black - red);
      }
      return out;
    };
    const wins = (pos: ExxitPosition) =>
      new Set(
        pos
          .legalMoves()
          .map((m) => child(pos, m))
          .filter((p) => p.outcome().over)
          .map((p) => -lead(p.board))
          .filter((d) => d > 0),
      );
    const lossesOnly = (pos: ExxitPosition) => {
      const e = endings(pos);
      return e !== null && e.every((d) => d < 0) && new Set(e).size > 1;
    };
    // From the endgames' seeded games: two wins at once of different margins; every move a loss at once, of different
    // margins; a move after which every reply is such a loss (the opponent's choice, two plies down).
    const found = { wins: 0, losses: 0, replies: 0 };
    const chosen: ExxitPosition[] = [];
    for (let g = 0; g < 200 && chosen.length < 9; g++) {
      const s = exxit.initial('short');
      if (!s.ok) throw new Error('no start');
      const pos = exxit.position(s.value) as ExxitPosition;
      const rng = makeRng(`endgame-${g}`);
      while (!pos.outcome().over) {
        const ms = pos.legalMoves();
        const kind =
          ms.length < 2
            ? null
            : wins(pos).size > 1
              ? 'wins'
              : lossesOnly(pos)
                ? 'losses'
                : ms.some((m) => lossesOnly(child(pos, m)))
                  ? 'replies'
                  : null;
        if (kind && found[kind] < 3) {
          found[kind]++;
          chosen.push(pos.clone());
        }
        pos.play(ms[randInt(rng, ms.length)]);
      }
    }
    expect(found).toEqual({ wins: 3, losses: 3, replies: 3 });
    for (const [i, pos] of chosen.entries())
      for (const depth of [1, 2]) {
        const o = { ...base, maxDepth: depth };
        agrees(pos, o, reference(o)(pos, depth), i);
      }
  });

  it('where the repetition window counts: the last positions of a game that ends on a third occurrence (EX-20c)', () => {
    const start = exxit.initial('standard');
    if (!start.ok) throw new Error('no start');
    let state = start.value;
    const last: ExxitPosition[] = [];
    for (const [ply, text] of EXXIT_REPETITION.entries()) {
      const pos = exxit.position(state) as ExxitPosition;
      if (ply >= EXXIT_REPETITION.length - 26 && pos.legalMoves().length > 1) last.push(pos);
      const m = exxit.parseMove(state, text);
      if (!m.ok) throw new Error(`not legal: ${text}`);
      const next = exxit.play(state, m.value);
      if (!next.ok) throw new Error(`not legal: ${text}`);
      state = next.value;
    }
    expect(exxit.outcome(state).reason).toBe('EX-20c');
    for (const [i, p] of last.entries()) {
      for (const depth of [1, 2, 3]) {
        const o = { ...base, maxDepth: depth };
        const want = reference(o)(p, depth);
        agrees(p, o, want, i);
      }
    }
    // Nine positions with a choice, four of them with a window past its first eight entries (the search's lines,
    // through compulsory dances that cost no depth, lengthen it past sixteen and to the third occurrence).
    expect(last.length).toBe(9);
    expect(last.filter((p) => p.board.winLen > 8)).toHaveLength(4);
  });

  it('gives a move to ensure (the review’s: the move a player made) its exact value, however poor', () => {
    let bounded = 0;
    for (const [i, pos] of some.entries()) {
      const o = { ...base, maxDepth: 2 };
      const want = reference(o)(pos, 2);
      // The worst move: without ensure, a bound from above at most.
      const worst = pos.legalMoves().reduce((a, b) => (want.get(key(b))! < want.get(key(a))! ? b : a));
      const plain = alphaBetaExxit(pos.clone(), { iterations: 5_000_000, alphaBeta: o }, { seed: i });
      if (plain.children.find((c) => c.move === worst)!.value > chance(want.get(key(worst))!) + 1e-9) bounded++;
      const r = alphaBetaExxit(
        pos.clone(),
        { iterations: 5_000_000, alphaBeta: o },
        { seed: i, ensure: { move: worst, visits: 1 } },
      );
      expect(r.children.find((c) => c.move === worst)!.value, `position ${i}`).toBeCloseTo(
        chance(want.get(key(worst))!),
        9,
      );
      expect(r.move).toBe(plain.move);
    }
    expect(bounded).toBeGreaterThan(1);
  });

  it('with a short quiescence (Frees for no ply, one or two; compulsory dances cut after one or two plies)', () => {
    const variants: Partial<AlphaBetaOptions>[] = [
      { maxDepth: 1, qsDepth: 1, qsFrees: 2 },
      { maxDepth: 1, qsDepth: 2, qsFrees: 0 },
      { maxDepth: 2, qsDepth: 2, qsFrees: 2 },
    ];
    for (const [i, pos] of some.filter((_, k) => k % 2 === 1).entries())
      for (const v of variants) {
        const o = { ...base, ...v };
        agrees(pos, o, reference(o)(pos, o.maxDepth), i);
      }
  });

  it('at depth 3, and with the horizon settled by the score alone, or without quiescence or the forced extension', () => {
    const variants: Partial<AlphaBetaOptions>[] = [
      { maxDepth: 3 },
      { maxDepth: 2, positional: false },
      { maxDepth: 2, quiescence: false },
      { maxDepth: 2, forcedExtension: false },
      { maxDepth: 1, qsFrees: 2 },
    ];
    for (const [i, pos] of some.filter((_, k) => k % 3 === 0).entries())
      for (const v of variants) {
        const o = { ...base, ...v };
        agrees(pos, o, reference(o)(pos, o.maxDepth), i);
      }
  });
});

describe('the positional evaluation', () => {
  it('is the fitted mix of score lead, reserves, a side out of pawns and the cells a Free may take (EX-17/18/21)', () => {
    let withFrees = 0;
    for (const pos of [...positions('standard', 11, 3), ...positions('short', 12, 2)]) {
      const b = pos.board;
      const moves = pos.legalMoves();
      // Away from a compulsory dance, the cells a Free may take are the legal Frees (EX-18), none once the stock is out.
      if (moves[0].kind === 'dance') continue;
      const freeable = moves.filter((m) => m.kind === 'free').length;
      if (freeable > 0) withFrees++;
      const me = b.side;
      const them = 1 - me;
      const out = (b.reserves[me] === 0 ? 1 : 0) - (b.reserves[them] === 0 ? 1 : 0);
      const want =
        (0.426 - (0.3 * b.stock) / 35) * lead(b) +
        0.146 * (b.reserves[me] - b.reserves[them]) -
        0.685 * out +
        0.236 * freeable;
      expect(exxitPositionalEval(b), `ply ${pos.ply()}`).toBeCloseTo(want, 9);
    }
    expect(withFrees).toBeGreaterThan(5);
  });
});
