// An alpha-beta search for Exxit (issue 19): negamax with iterative deepening,
// principal-variation windows, a transposition table keyed by an incremental
// Zobrist-style hash, TT-move / killer / history ordering, and a quiescence
// search over the moves that settle a position (compulsory dances, EX-11; frees,
// the only moves that lay tiles and so change the EX-21 score, EX-18/19).
// Exxit is tactical with a modest branching factor (a few dozen places, some
// frees, or a handful of forced dances), where exact minimax beats sampling.
//
// Pure: no I/O, no clock but the injected `now`. The budget is a number of
// nodes (deterministic: same position, same params, same move) plus the
// optional time cap. The search is deterministic by construction, so the seed
// only breaks ties between equal root moves.
import { Board } from '../exxit/board.js';
import { tileNeighbours } from '../exxit/free.js';
import { generate } from '../exxit/legal.js';
import { applyMove, type ExxitPosition } from '../exxit/position.js';
import { scoreOf } from '../exxit/score.js';
import type { ExxitMove } from '../exxit/types.js';
import { makeRng } from '../rng.js';
import { withoutExcluded, type ChildStat, type MoveStat, type SearchOptions, type SearchResult } from './mcts.js';

/** The ideas of the search, each one switchable for the ablation (docs/ai.md). */
export interface AlphaBetaOptions {
  /** Transposition table (hash move ordering and cut-offs across transpositions). */
  tt: boolean;
  /** Killer moves and the history heuristic in move ordering. */
  killers: boolean;
  /** Quiescence search over compulsory dances and frees at the horizon; otherwise the static evaluation. */
  quiescence: boolean;
  /** Quiescence plies (from the horizon) that may try a Free instead of standing pat; later ones only dance. */
  qsFrees: number;
  /** Longest quiescence line: compulsory dances can chain for many plies (EX-16). */
  qsDepth: number;
  /** Forced moves (a single legal move: a lone dance, a pass) do not use up depth. */
  forcedExtension: boolean;
  /** Evaluation terms beyond the EX-21 score difference (exxitPositionalEval). */
  positional: boolean;
  /** Deepest nominal depth (plies) of the iterative deepening. */
  maxDepth: number;
}

export const DEFAULT_ALPHABETA: AlphaBetaOptions = {
  tt: true,
  killers: true,
  quiescence: true,
  qsFrees: 1,
  qsDepth: 12,
  forcedExtension: true,
  positional: true,
  maxDepth: 30,
};

// ---------------------------------------------------------------------------
// Hashing. A Zobrist table over (cell, stack value) pairs would need a key per
// stack content (2^23 per cell); the key is instead a fixed mixing function of
// the pair, XOR-ed over the occupied cells, which keeps Zobrist's property: a
// move updates the hash by XOR-ing out the old key and in the new one of every
// cell it touched (the dance's source and sown cells, a place's cell, a free's
// chain), so a node costs a handful of mixes instead of a pass over the world.
// The repetition window (EX-20c) is keyed too, entry by entry: it holds only
// the positions since the last irreversible move.

function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return x ^ (x >>> 16);
}

/** Key of cell c holding value v (board.ts encoding); 0 for a void so empty cells cost nothing. */
// Stryker disable next-line ArithmeticOperator: a salt added or subtracted is as good a mix (both are bijections).
const cellKey1 = (c: number, v: number): number => (v === 0 ? 0 : mix(Math.imul(c, 0x9e3779b1) ^ mix(v + 0x1234567)));
// Stryker disable next-line ArithmeticOperator: a salt added or subtracted is as good a mix (both are bijections).
const cellKey2 = (c: number, v: number): number => (v === 0 ? 0 : mix(Math.imul(v, 0x85ebca77) ^ mix(c + 0x7654321)));

/** The non-cell part of the position: side, reserves, stock, passes (EX-20b), end. */
function scalarKey1(b: Board): number {
  // Each field lies below its radix, so + or − packs the fields alike, without collisions. (A * made / collides:
  // exxit-hash.test.ts kills those; Stryker's comment ignores them with the rest of the line.)
  // Stryker disable next-line ArithmeticOperator: another packing of the same fields, as good a key
  return mix(b.side + 2 * (b.reserves[0] + 32 * (b.reserves[1] + 32 * (b.stock + 64 * (b.passes + 4 * b.end)))));
}
function scalarKey2(b: Board): number {
  return mix(
    // As scalarKey1's. Here r0 / 2 for r0 * 2 would only make this half collide; the other half tells them apart.
    // Stryker disable next-line ArithmeticOperator: another packing of the same fields, as good a key
    0x51ed27 ^ (b.passes + 4 * (b.end + 8 * (b.stock + 64 * (b.reserves[1] + 32 * (b.reserves[0] * 2 + b.side))))),
  );
}

/**
 * The repetition window (EX-20c: the positions since the last irreversible move, each with how often it occurred).
 * Two boards alike but for their windows may end differently (a third occurrence ends the game), so the window is
 * part of the key: without it the table handed one line's value to another whose history differs.
 */
function windowKey1(b: Board): number {
  let h = 0;
  // Stryker disable next-line ArithmeticOperator: a salt added or subtracted is as good a mix (both are bijections).
  for (let j = 0; j < b.winLen; j++) h ^= mix(b.winHash[j] ^ mix(b.winCount[j] + 0x3c6ef372));
  return h;
}
function windowKey2(b: Board): number {
  let h = 0;
  // Stryker disable next-line ArithmeticOperator: a salt added or subtracted is as good a mix (both are bijections).
  for (let j = 0; j < b.winLen; j++) h ^= mix(Math.imul(b.winHash[j], 0x27d4eb2f) ^ mix(b.winCount[j] + 0x165667b1));
  return h;
}

/** The position's hash pair from scratch (tiles, prisoner cells, the repetition window; the test's reference). */
export function exxitHash(b: Board): [number, number] {
  let h1 = scalarKey1(b) ^ windowKey1(b);
  let h2 = scalarKey2(b) ^ windowKey2(b);
  const cells = b.cells;
  for (let i = 0; i < b.nTiles; i++) {
    const c = b.tiles[i];
    h1 ^= cellKey1(c, cells[c]);
    h2 ^= cellKey2(c, cells[c]);
  }
  for (let i = 0; i < b.nPris; i++) {
    const c = b.pris[i];
    h1 ^= cellKey1(c, cells[c]);
    h2 ^= cellKey2(c, cells[c]);
  }
  return [h1 | 0, h2 | 0];
}

/** The cell a move names (its source for a dance), or -1 for a pass. */
const moveCell = (m: ExxitMove): number => (m.kind === 'pass' ? -1 : m.q + 40 + (m.r + 40) * 80);

/**
 * Plays m on `child` (a copy of `parent`) and returns the child's hash pair from the parent's, touching only the
 * cells the move changed.
 */
export function playHashed(parent: Board, child: Board, m: ExxitMove, h1: number, h2: number): [number, number] {
  h1 ^= scalarKey1(parent) ^ windowKey1(parent);
  h2 ^= scalarKey2(parent) ^ windowKey2(parent);
  applyMove(child, m);
  const pc = parent.cells;
  const cc = child.cells;
  const touch = (c: number): void => {
    h1 ^= cellKey1(c, pc[c]) ^ cellKey1(c, cc[c]);
    h2 ^= cellKey2(c, pc[c]) ^ cellKey2(c, cc[c]);
  };
  if (m.kind === 'dance') {
    touch(moveCell(m));
    for (let i = 0; i < child.nSown; i++) touch(child.sown[i]);
  } else if (m.kind === 'place') touch(moveCell(m));
  else if (m.kind === 'free') for (let i = 0; i < child.nFreed; i++) touch(child.freed[i]);
  h1 ^= scalarKey1(child) ^ windowKey1(child);
  h2 ^= scalarKey2(child) ^ windowKey2(child);
  return [h1 | 0, h2 | 0];
}

/**
 * Copies every field of `src` into `dst`, reusing dst's arrays (a clone without allocation). Only cells in
 * [lo, hi) are copied: the caller passes a range that holds every cell either board may have set.
 */
function copyBoard(dst: Board, src: Board, lo: number, hi: number): void {
  dst.cells.set(src.cells.subarray(lo, hi), lo);
  dst.tiles.set(src.tiles);
  dst.nTiles = src.nTiles;
  dst.pris.set(src.pris);
  dst.prisNo.set(src.prisNo);
  dst.nPris = src.nPris;
  dst.nextPrisoner = src.nextPrisoner;
  dst.reserves.set(src.reserves);
  dst.stock = src.stock;
  dst.side = src.side;
  dst.plies = src.plies;
  dst.passes = src.passes;
  dst.end = src.end;
  dst.variant = src.variant;
  // The EX-20c window: only its first winLen entries matter.
  if (dst.winHash.length !== src.winHash.length) {
    dst.winHash = src.winHash.slice();
    dst.winCount = src.winCount.slice();
    dst.winSnap = src.winSnap.slice();
  } else {
    const n = src.winLen;
    dst.winHash.set(src.winHash.subarray(0, n));
    dst.winCount.set(src.winCount.subarray(0, n));
    dst.winSnap.set(src.winSnap.subarray(0, n * (src.nTiles + 1)));
  }
  dst.winLen = src.winLen;
  dst.nSown = 0;
  dst.nFreed = 0;
}

// ---------------------------------------------------------------------------
// Evaluation, in logits of the win chance of the side to move.

/** Above any reachable score difference (39 tiles, at most 78 points a side). */
const WIN = 1000;

/** A finished game: a win is worth WIN plus the margin, so a sooner or bigger win is preferred. */
function terminalScore(b: Board, ply: number): number {
  const [red, black] = scoreOf(b); // EX-21
  const d = b.side === 0 ? red - black : black - red;
  if (d === 0) return 0;
  return d > 0 ? WIN + d - ply : -WIN + d + ply;
}

/** Logit per point of EX-21 score difference when the score is the whole evaluation (fitted like the weights below). */
export const SCORE_ONLY_SLOPE = 0.24;

/**
 * The evaluation with positional terms, in logits of the side to move's win chance: a logistic regression of game
 * results on features of 6,166 positions of 80 games of seeded self-play (a 3,000-node alpha-beta with 10 % random
 * moves; `scripts/exxit-eval-fit.ts` plays them and fits). The weights say:
 * - a point of score (EX-21) is worth little early and much late, when the stock (EX-20a) is nearly out;
 * - pawns in reserve are moves in hand (EX-17), and a side with none left must pass when it has no dance and no
 *   Free (EX-10): two passes end the game (EX-20b) while the stock is still full;
 * - prisoner cells that can be freed (EX-18) are tiles in waiting for the side to move (the next Free is theirs
 *   unless a dance is compulsory first, EX-11).
 */
export function exxitPositionalEval(b: Board): number {
  const p = b.side;
  const o = 1 - p;
  const [red, black] = scoreOf(b);
  const d = p === 0 ? red - black : black - red;
  let freeable = 0;
  if (b.stock > 0) for (let i = 0; i < b.nPris; i++) if (tileNeighbours(b, b.pris[i]) >= 2) freeable++;
  const out = (b.reserves[p] === 0 ? 1 : 0) - (b.reserves[o] === 0 ? 1 : 0);
  return (0.426 - (0.3 * b.stock) / 35) * d + 0.146 * (b.reserves[p] - b.reserves[o]) - 0.685 * out + 0.236 * freeable;
}

// ---------------------------------------------------------------------------

const EXACT = 0;
const LOWER = 1;
const UPPER = 2;
const TT_BITS = 18;
const MAX_PLY = 96;

class Abort extends Error {}

/**
 * Chooses a move for the side to move of `root` (not over). `nodes` is the deterministic budget: an iteration of
 * the deepening that would pass it is abandoned, and the deepest finished one answers (with any better root move
 * the abandoned one had already proven).
 */
export function alphaBetaExxit(
  root: ExxitPosition,
  params: { iterations: number; timeMs?: number; alphaBeta?: Partial<AlphaBetaOptions> },
  opts: SearchOptions<ExxitMove>,
): SearchResult<ExxitMove> {
  const o: AlphaBetaOptions = { ...DEFAULT_ALPHABETA, ...params.alphaBeta };
  const budget = params.iterations;
  const deadline = params.timeMs !== undefined && opts.now ? opts.now() + params.timeMs : Infinity;
  const rb = root.board;
  const rootMoves = withoutExcluded(generate(rb), opts.exclude, opts.sameMove ?? ((a, b) => a === b));
  // Evaluations are logits of the side to move's win chance (fitted on game results), so the squash is plain.
  const winChance = (s: number): number => (s >= WIN / 2 ? 1 : s <= -WIN / 2 ? 0 : 1 / (1 + Math.exp(-s)));
  if (rootMoves.length === 1)
    return {
      move: rootMoves[0],
      iterations: 0,
      visits: 0,
      value: 0.5,
      proven: null,
      timedOut: false,
      top: [],
      children: [],
    };

  const stack: Board[] = [];
  const boardAt = (ply: number): Board => (stack[ply] ??= new Board(rb));
  // The transposition table: one entry per slot (always replaced), in typed arrays.
  const ttSize = 1 << TT_BITS;
  const ttMask = ttSize - 1;
  const ttKey = new Int32Array(ttSize);
  const ttUsed = new Uint8Array(ttSize);
  const ttDepth = new Int8Array(ttSize);
  const ttFlag = new Uint8Array(ttSize);
  const ttScore = new Float64Array(ttSize);
  const ttMove: (ExxitMove | null)[] = new Array<ExxitMove | null>(ttSize).fill(null);
  // Cells a board at ply k can hold: a move sets cells at most one step from the tiles and prisoners (an exit
  // dance's prisoner cell touches the last sown tile, EX-14; a Free lays a tile on a prisoner cell, EX-18), so
  // every board at ply k lies within k rows of the root's occupied rows.
  let rootLo = Infinity;
  let rootHi = -Infinity;
  for (const c of [...rb.tiles.subarray(0, rb.nTiles), ...rb.pris.subarray(0, rb.nPris)]) {
    rootLo = Math.min(rootLo, c);
    rootHi = Math.max(rootHi, c);
  }
  const rowW = 80;
  const copyAt = (dst: Board, src: Board, ply: number): void =>
    copyBoard(
      dst,
      src,
      Math.max(0, rootLo - (ply + 2) * rowW),
      Math.min(rb.cells.length, rootHi + (ply + 2) * rowW + 1),
    );
  const killers: (ExxitMove | null)[][] = Array.from({ length: MAX_PLY + o.qsDepth + 2 }, () => [null, null]);
  const history = new Map<ExxitMove, number>();
  let nodes = 0;
  let timedOut = false;
  let limit = Infinity; // set per iteration: abort past the budget

  const evaluate = (b: Board): number => {
    if (o.positional) return exxitPositionalEval(b);
    const [red, black] = scoreOf(b);
    return SCORE_ONLY_SLOPE * (b.side === 0 ? red - black : black - red);
  };

  const tick = (): void => {
    nodes++;
    if (nodes > limit) throw new Abort();
    if ((nodes & 1023) === 0 && deadline !== Infinity && opts.now!() >= deadline) {
      timedOut = true;
      throw new Abort();
    }
  };

  /** Orders moves in place: hash move, frees (they score), killers, then history. */
  const order = (moves: ExxitMove[], first: ExxitMove | null, ply: number): ExxitMove[] => {
    if (moves.length < 2) return moves;
    const k = killers[ply];
    const key = (m: ExxitMove): number => {
      if (m === first) return 1e9;
      let s = m.kind === 'free' ? 1e6 : 0;
      if (o.killers) {
        if (m === k[0]) s += 5e5;
        else if (m === k[1]) s += 4e5;
        s += history.get(m) ?? 0;
      }
      return s;
    };
    const keyed = moves.map((m, i) => ({ m, s: key(m), i }));
    keyed.sort((a, b) => b.s - a.s || a.i - b.i);
    return keyed.map((x) => x.m);
  };

  const cutoff = (m: ExxitMove, ply: number, depth: number): void => {
    if (!o.killers || m.kind === 'free') return;
    const k = killers[ply];
    if (k[0] !== m) {
      k[1] = k[0];
      k[0] = m;
    }
    history.set(m, (history.get(m) ?? 0) + depth * depth);
  };

  /** Quiescence: compulsory dances are searched in full (no stand-pat: they must be played), else stand-pat or a Free. */
  function qsearch(b: Board, h1: number, h2: number, alpha: number, beta: number, ply: number, qd: number): number {
    tick();
    if (b.end !== 0) return terminalScore(b, ply);
    const moves = generate(b);
    const forcedDance = moves[0].kind === 'dance';
    let best = -Infinity;
    // Not a forced dance (or too deep for one): stand pat, or try the Frees only.
    const standPat = !forcedDance || qd >= o.qsDepth;
    if (standPat) {
      const stand = evaluate(b);
      if (qd >= o.qsDepth || qd >= o.qsFrees || stand >= beta) return stand;
      if (stand > alpha) alpha = stand;
      best = stand;
    }
    const child = boardAt(ply + 1);
    for (const m of moves) {
      if (standPat && m.kind !== 'free') continue;
      copyAt(child, b, ply);
      const [c1, c2] = playHashed(b, child, m, h1, h2);
      const s = -qsearch(child, c1, c2, -beta, -alpha, ply + 1, qd + 1);
      if (s > best) best = s;
      if (s > alpha) alpha = s;
      if (alpha >= beta) break;
    }
    return best;
  }

  function negamax(b: Board, h1: number, h2: number, depth: number, alpha: number, beta: number, ply: number): number {
    if (b.end !== 0) {
      tick();
      return terminalScore(b, ply);
    }
    if (depth <= 0 || ply >= MAX_PLY) {
      if (o.quiescence) return qsearch(b, h1, h2, alpha, beta, ply, 0);
      tick();
      return evaluate(b);
    }
    tick();
    const alpha0 = alpha;
    let hashMove: ExxitMove | null = null;
    if (o.tt) {
      const i = h1 & ttMask;
      if (ttUsed[i] === 1 && ttKey[i] === h2) {
        hashMove = ttMove[i];
        if (ttDepth[i] >= depth) {
          const sc = ttScore[i];
          const f = ttFlag[i];
          if (f === EXACT || (f === LOWER && sc >= beta) || (f === UPPER && sc <= alpha)) return sc;
        }
      }
    }
    let moves = generate(b);
    // EX-11: a lone legal move (a compulsory dance, a forced pass) is no decision: it does not use up depth.
    const next = moves.length === 1 && o.forcedExtension ? depth : depth - 1;
    moves = order(moves, hashMove, ply);
    const child = boardAt(ply + 1);
    let best = -Infinity;
    let bestMove: ExxitMove | null = null;
    for (let i = 0; i < moves.length; i++) {
      const m = moves[i];
      copyAt(child, b, ply);
      const [c1, c2] = playHashed(b, child, m, h1, h2);
      let s: number;
      if (i === 0) s = -negamax(child, c1, c2, next, -beta, -alpha, ply + 1);
      else {
        // Principal variation: a null window proves the move worse, a full one only when it is not.
        s = -negamax(child, c1, c2, next, -alpha - 0.001, -alpha, ply + 1);
        if (s > alpha && s < beta) {
          // The child board is intact: the subtree searches on deeper boards.
          s = -negamax(child, c1, c2, next, -beta, -alpha, ply + 1);
        }
      }
      if (s > best) {
        best = s;
        bestMove = m;
      }
      if (s > alpha) alpha = s;
      if (alpha >= beta) {
        cutoff(m, ply, depth);
        break;
      }
    }
    if (o.tt) {
      const flag = best <= alpha0 ? UPPER : best >= beta ? LOWER : EXACT;
      const i = h1 & ttMask;
      ttUsed[i] = 1;
      ttKey[i] = h2;
      ttDepth[i] = depth;
      ttFlag[i] = flag;
      ttScore[i] = best;
      ttMove[i] = bestMove;
    }
    return best;
  }

  // Root: each move keeps its latest score; moves within MARGIN of the best get exact scores (meaningful values
  // for a review), the others an upper bound (fail-low). SearchOptions.ensure: the move a player made is searched
  // with a full window at every depth, so its score is exact too and the review's loss is not a bound's.
  const MARGIN = 1;
  const same = opts.sameMove ?? ((a: ExxitMove, b: ExxitMove) => a === b);
  const ensured = opts.ensure && rootMoves.find((m) => same(m, opts.ensure!.move));
  if (opts.ensure && ensured === undefined) throw new Error('search: the move to ensure is not a legal move here');
  const [r1, r2] = exxitHash(rb);
  // Seeded tie-break between root moves of equal score: a fixed shuffle of the first iteration's order.
  const rng = makeRng(opts.seed);
  const rootList = [...rootMoves];
  for (let i = rootList.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [rootList[i], rootList[j]] = [rootList[j], rootList[i]];
  }
  let ordered = order(rootList, null, 0);
  const scores = new Map<ExxitMove, number>();
  const spent = new Map<ExxitMove, number>();
  let bestMove = ordered[0];
  let bestScore = -Infinity;
  for (let depth = 1; depth <= o.maxDepth; depth++) {
    limit = budget;
    let iterBest: ExxitMove | null = null;
    let iterScore = -Infinity;
    const iterScores = new Map<ExxitMove, number>();
    try {
      const child = boardAt(1);
      for (const m of ordered) {
        const before = nodes;
        copyAt(child, rb, 0);
        const [c1, c2] = playHashed(rb, child, m, r1, r2);
        const next = ordered.length === 1 && o.forcedExtension ? depth : depth - 1;
        const floor = iterBest === null || m === ensured ? -Infinity : iterScore - MARGIN;
        const s = -negamax(child, c1, c2, next, -Infinity, -floor, 1);
        iterScores.set(m, s);
        spent.set(m, (spent.get(m) ?? 0) + nodes - before);
        if (s > iterScore) {
          iterScore = s;
          iterBest = m;
        }
      }
    } catch (e) {
      if (!(e instanceof Abort)) throw e;
      // A root move fully searched in the abandoned iteration that beats the finished iteration's best is kept; when
      // no iteration finished, the moves searched in full so far are all there is to answer with.
      const none = scores.size === 0;
      if (iterBest !== null && (none || (iterScore > scores.get(bestMove)! && iterBest !== bestMove))) {
        bestMove = iterBest;
        bestScore = iterScore;
        for (const [m, s] of iterScores) scores.set(m, s);
      }
      break;
    }
    bestMove = iterBest!;
    bestScore = iterScore;
    for (const [m, s] of iterScores) scores.set(m, s);
    // Next iteration: best first, then by this iteration's score.
    ordered = [...ordered].sort((a, b) => (iterScores.get(b) ?? -Infinity) - (iterScores.get(a) ?? -Infinity));
    if (Math.abs(bestScore) >= WIN / 2) break; // a proven result does not change with depth
    if (nodes >= budget) break;
  }
  if (bestScore === -Infinity) bestScore = scores.get(bestMove) ?? 0;
  // Every root move scored, best first (the review reads them; SearchResult.children); the first five are `top`.
  const children: ChildStat<ExxitMove>[] = [...scores.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([move, s]) => ({
      move,
      visits: spent.get(move) ?? 0,
      value: winChance(s),
      proven: s >= WIN / 2 ? 'win' : s <= -WIN / 2 ? 'loss' : null,
    }));
  const top: MoveStat<ExxitMove>[] = children.slice(0, 5).map(({ move, visits, value }) => ({ move, visits, value }));
  const proven: 'win' | 'loss' | null = bestScore >= WIN / 2 ? 'win' : bestScore <= -WIN / 2 ? 'loss' : null;
  return {
    move: bestMove,
    iterations: nodes,
    visits: spent.get(bestMove) ?? 0,
    value: winChance(bestScore),
    proven,
    timedOut,
    top,
    children,
  };
}
