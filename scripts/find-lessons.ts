// Finds the positions of the rules lessons (src/engine/*/lessons.ts) by
// seeded random playouts: for each topic, the shortest game prefix whose last
// position shows the point. The move lists it prints were frozen as data.
// (The setup lessons have no moves, and Orion's entering-a-move lesson was
// laid by hand: they are not searched.)
//   npm run -s find-lessons -- [exxit|orion] [--topic T] [--games N] [--seed K]
// Same arguments, same output: the playouts use the engine's seeded PRNG.
import { exxit, type ExxitMove, type ExxitState } from '../src/engine/exxit/index.js';
import { orion, type OrionMove, type OrionState } from '../src/engine/orion/index.js';
import type { AnyGame } from '../src/engine/game.js';
import { makeRng, randInt, type Rng } from '../src/engine/rng.js';
import { UsageError, intArg, parse } from './lib/args.js';
import { ruleErrorText } from '../src/i18n/rule-error.js';

/** A position reached by a playout: the state, the one before, the moves so far. */
interface Node<S> {
  state: S;
  prev: S | null;
  moves: string[];
}

interface Target<S, M> {
  topic: string;
  setup: string;
  /** True when the position shows the point of the topic. */
  shows(n: Node<S>): boolean;
  /** Picks the next move of a playout (default: uniform). */
  policy?(s: S, legal: M[], rng: Rng): M;
  /** Stops a playout early (default: when the game is over). */
  maxPly?: number;
  /** Ranks the positions that show the point: lower is better (default: the ply). */
  cost?(n: Node<S>): number;
  /** Playouts to try when --games is not given (default 200). */
  games?: number;
}

// ---- Exxit -------------------------------------------------------------

const DIRS: Record<string, [number, number]> = {
  E: [1, 0],
  NE: [1, -1],
  NW: [0, -1],
  W: [-1, 0],
  SW: [-1, 1],
  SE: [0, 1],
};
const tileAt = (s: ExxitState, q: number, r: number) => s.tiles.find((t) => t.q === q && t.r === r);

/** The dance that made `n` (from its previous state): lifted height, target index t, prisoners made. */
function danceFacts(n: Node<ExxitState>): { height: number; t: number; prisoners: number } | null {
  const m = n.state.last?.move;
  if (!n.prev || !m || m.kind !== 'dance') return null;
  const height = tileAt(n.prev, m.q, m.r)!.stack.length;
  const [dq, dr] = DIRS[m.dir];
  let t = 1;
  for (; ; t++) {
    const c = tileAt(n.prev, m.q + t * dq, m.r + t * dr);
    if (!c || c.stack.length > 0) break;
  }
  const madePrisoners = n.state.prisoners.length > n.prev.prisoners.length;
  const prisoners = madePrisoners ? n.state.prisoners[n.state.prisoners.length - 1].stack.length : 0;
  return { height, t, prisoners };
}

const lastKind = (s: ExxitState): ExxitMove['kind'] | null => s.last?.move.kind ?? null;
const mixedStacks = (s: ExxitState): number => s.tiles.filter((t) => new Set(t.stack).size === 2).length;
const emptyTiles = (s: ExxitState, color: 0 | 1): number =>
  s.tiles.filter((t) => t.color === color && t.stack.length === 0).length;

/** Size of the largest group of tiles of one colour (EX-21). */
function largestGroup(s: ExxitState, color: 0 | 1): number {
  const mine = new Set(s.tiles.filter((t) => t.color === color).map((t) => `${t.q},${t.r}`));
  const seen = new Set<string>();
  let best = 0;
  for (const start of mine) {
    if (seen.has(start)) continue;
    let size = 0;
    const todo = [start];
    seen.add(start);
    while (todo.length) {
      const [q, r] = todo.pop()!.split(',').map(Number);
      size++;
      for (const [dq, dr] of Object.values(DIRS)) {
        const k = `${q + dq},${r + dr}`;
        if (mine.has(k) && !seen.has(k)) {
          seen.add(k);
          todo.push(k);
        }
      }
    }
    best = Math.max(best, size);
  }
  return best;
}

const EXXIT_TARGETS: Target<ExxitState, ExxitMove>[] = [
  {
    topic: 'goal-and-end',
    setup: 'short',
    shows: (n) => n.state.end?.reason === 'EX-20a' && !n.state.end.draw,
  },
  {
    topic: 'reading-the-board',
    setup: 'standard',
    shows: (n) =>
      !n.state.end &&
      n.state.ply >= 16 &&
      n.state.prisoners.length >= 2 &&
      mixedStacks(n.state) >= 2 &&
      n.state.tiles.some((t) => t.stack.length >= 3) &&
      emptyTiles(n.state, 0) > 0 &&
      emptyTiles(n.state, 1) > 0,
  },
  {
    topic: 'place',
    setup: 'standard',
    shows: (n) =>
      !n.state.end &&
      lastKind(n.state) === 'place' &&
      n.state.ply >= 10 &&
      n.state.prisoners.length >= 1 &&
      mixedStacks(n.state) >= 1,
  },
  {
    topic: 'dance',
    setup: 'standard',
    // An inside dance of 3 or more pawns whose target is not the next cell:
    // a pawn on an empty tile, one on the target, one beyond.
    shows: (n) => {
      const f = danceFacts(n);
      return !!f && f.prisoners === 0 && f.height >= 3 && f.t >= 2 && f.height > f.t;
    },
  },
  {
    topic: 'exit-dance',
    setup: 'standard',
    // Sows at least one pawn inside, then two or more leave the world together.
    shows: (n) => {
      const f = danceFacts(n);
      return !!f && f.prisoners >= 2 && f.height - f.prisoners >= 1;
    },
  },
  {
    topic: 'free-and-chain',
    setup: 'standard',
    shows: (n) => lastKind(n.state) === 'free' && n.state.last!.freed.length >= 3,
  },
  {
    topic: 'pass',
    setup: 'standard',
    shows: (n) => !n.state.end && lastKind(n.state) === 'pass',
  },
  {
    topic: 'scoring',
    setup: 'standard',
    // A finished game in which each colour has tiles outside its largest group.
    games: 300,
    shows: (n) =>
      !!n.state.end &&
      !n.state.end.draw &&
      [0, 1].every((c) => largestGroup(n.state, c as 0 | 1) < n.state.tiles.filter((t) => t.color === c).length),
  },
];

// ---- Orion -------------------------------------------------------------

const coveredCount = (s: OrionState, tokens: number[]) => tokens.filter((c) => s.cells[c] !== -1).length;

const ORION_TARGETS: Target<OrionState, OrionMove>[] = [
  {
    topic: 'goal-and-end',
    setup: 'preset1',
    // The mover hands the win to the opponent (OD-18 counts both sides).
    shows: (n) =>
      n.state.end?.reason === 'OD-18' && n.state.end.winner !== n.state.placements[n.state.placements.length - 1].side,
  },
  {
    topic: 'reading-the-board',
    setup: 'preset1',
    shows: (n) =>
      !n.state.end &&
      n.state.ply >= 10 &&
      coveredCount(n.state, n.state.galaxies) >= 2 &&
      coveredCount(n.state, n.state.blackHoles) >= 2,
  },
  {
    topic: 'tiles',
    setup: 'preset1',
    // The first six tiles, one of each shape, none touching another.
    shows: (n) => n.state.ply === 6 && new Set(n.state.placements.map((p) => p.move.tile)).size === 6,
    policy: oneOfEachApart,
    maxPly: 6,
  },
  {
    topic: 'placement-and-tokens',
    setup: 'preset1',
    // The last tile covers tokens with both of its colours.
    shows: (n) => {
      const p = n.state.placements[n.state.placements.length - 1];
      if (!p || n.state.end) return false;
      const tokens = [...n.state.galaxies, ...n.state.blackHoles];
      const onToken = p.cells.map((c, i) => (tokens.includes(c) ? p.colors[i] : -1)).filter((c) => c >= 0);
      return new Set(onToken).size === 2;
    },
  },
  {
    topic: 'constellations',
    setup: 'preset1',
    // The mover joins two opposite sides and wins by that alone.
    shows: (n) => {
      const e = n.state.end;
      if (e?.reason !== 'OD-18' || e.winner !== n.state.placements[n.state.placements.length - 1].side) return false;
      return n.state.vc[e.winner].constellations === 1 && n.state.vc[e.winner].total === 1;
    },
  },
  {
    topic: 'galaxies',
    setup: 'preset1',
    shows: (n) => n.state.vc[0].galaxies + n.state.vc[1].galaxies >= 1,
    policy: galaxyGreedy,
  },
  {
    topic: 'black-holes',
    setup: 'preset1',
    shows: (n) => n.state.vc[0].blackHoles + n.state.vc[1].blackHoles >= 1,
    policy: blackHoleGreedy,
  },
  {
    topic: 'blocking',
    setup: 'preset1',
    shows: (n) => n.state.end?.reason === 'OD-20',
  },
  {
    topic: 'tiebreak',
    setup: 'preset1',
    shows: (n) => n.state.end?.reason === 'OD-19' && !n.state.end.draw,
    // Prefer a clear margin, then a board with tokens on both colours.
    cost: (n) => -Math.abs(n.state.end!.tiebreak![0] - n.state.end!.tiebreak![1]),
  },
];

/** A shape not laid yet, on cells that touch no tile. */
function oneOfEachApart(s: OrionState, legal: OrionMove[], rng: Rng): OrionMove {
  const used = new Set(s.placements.map((p) => p.move.tile));
  const coords = orionCoords();
  const near = (c: number) => {
    const [q, r] = coords.of[c];
    return NEIGHBOUR_VECTORS.some(([dq, dr]) => {
      const n = coords.at.get(`${q + dq},${r + dr}`);
      return n !== undefined && s.cells[n] !== -1;
    });
  };
  const fits = legal.filter((m) => {
    if (used.has(m.tile)) return false;
    const r = orion.play(s, m);
    return r.ok && r.value.placements[r.value.placements.length - 1].cells.every((c) => !near(c));
  });
  const pool = fits.length > 0 ? fits : legal;
  return pool[randInt(rng, pool.length)];
}

/** Size of the best galaxy group of `side` if it laid `m` (a greedy playout toward OD-17b). */
function galaxyGreedy(s: OrionState, legal: OrionMove[], rng: Rng): OrionMove {
  return greedy(s, legal, rng, (next) => bestTokens(next, s.toMove, next.galaxies));
}
/** Toward OD-17c: the mover piles black holes on one opponent group. */
function blackHoleGreedy(s: OrionState, legal: OrionMove[], rng: Rng): OrionMove {
  return greedy(s, legal, rng, (next) => bestTokens(next, (1 - s.toMove) as 0 | 1, next.blackHoles));
}
function greedy(s: OrionState, legal: OrionMove[], rng: Rng, score: (next: OrionState) => number): OrionMove {
  if (rng() < 0.3) return legal[randInt(rng, legal.length)];
  let best: OrionMove[] = [];
  let bestScore = -Infinity;
  for (const m of legal) {
    const r = orion.play(s, m);
    if (!r.ok) continue;
    const v = score(r.value);
    if (v > bestScore) [best, bestScore] = [[m], v];
    else if (v === bestScore) best.push(m);
  }
  return best[randInt(rng, best.length)];
}
/** Most tokens of a list in one group of `side`'s colour. */
function bestTokens(s: OrionState, side: 0 | 1, tokens: number[]): number {
  const seen = new Set<number>();
  let best = 0;
  for (const start of tokens) {
    if (s.cells[start] !== side || seen.has(start)) continue;
    const group = floodFill(s, start);
    group.forEach((c) => seen.add(c));
    best = Math.max(best, tokens.filter((t) => group.has(t)).length);
  }
  return best;
}
const NEIGHBOUR_VECTORS = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];
function floodFill(s: OrionState, start: number): Set<number> {
  const coords = orionCoords();
  const colour = s.cells[start];
  const group = new Set([start]);
  const todo = [start];
  while (todo.length) {
    const c = todo.pop()!;
    const [q, r] = coords.of[c];
    for (const [dq, dr] of NEIGHBOUR_VECTORS) {
      const n = coords.at.get(`${q + dq},${r + dr}`);
      if (n !== undefined && s.cells[n] === colour && !group.has(n)) {
        group.add(n);
        todo.push(n);
      }
    }
  }
  return group;
}
let coordCache: { of: [number, number][]; at: Map<string, number> } | null = null;
function orionCoords() {
  if (coordCache) return coordCache;
  const of: [number, number][] = [];
  const at = new Map<string, number>();
  const corners = new Set(['0,-5', '5,-5', '5,0', '0,5', '-5,5', '-5,0']);
  for (let q = -5; q <= 5; q++)
    for (let r = -5; r <= 5; r++)
      if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= 5 && !corners.has(`${q},${r}`)) {
        at.set(`${q},${r}`, of.length);
        of.push([q, r]);
      }
  coordCache = { of, at };
  return coordCache;
}

// ---- the search --------------------------------------------------------

function search<S, M>(
  game: AnyGame,
  target: Target<S, M>,
  games: number,
  seed: number,
): { node: Node<S>; seed: number } | null {
  let best: { node: Node<S>; seed: number; cost: number } | null = null;
  for (let g = 0; g < games; g++) {
    const rng = makeRng(seed + g);
    const start = game.initial(target.setup);
    if (!start.ok) throw new UsageError(ruleErrorText(start.error));
    let node: Node<S> = { state: start.value as S, prev: null, moves: [] };
    for (;;) {
      if (target.shows(node)) {
        const cost = target.cost ? target.cost(node) * 1000 + node.moves.length : node.moves.length;
        if (!best || cost < best.cost) best = { node, seed: seed + g, cost };
        break;
      }
      if (best && !target.cost && node.moves.length >= best.cost) break;
      const legal = game.legalMoves(node.state) as M[];
      if (legal.length === 0 || node.moves.length >= (target.maxPly ?? 2000)) break;
      const m = target.policy ? target.policy(node.state, legal, rng) : legal[randInt(rng, legal.length)];
      const next = game.play(node.state, m);
      if (!next.ok) throw new Error(ruleErrorText(next.error));
      node = { state: next.value as S, prev: node.state, moves: [...node.moves, game.formatMove(node.state, m)] };
    }
  }
  return best;
}

function main(argv: string[]): number {
  const { values, positionals } = parse(argv, {
    topic: { type: 'string' },
    games: { type: 'string' },
    seed: { type: 'string' },
  });
  const games = values.games === undefined ? null : intArg('games', values.games, 1);
  const seed = values.seed === undefined ? 1 : intArg('seed', values.seed, 0);
  const which = positionals[0] ?? 'both';
  const plan: [AnyGame, Target<never, never>[]][] = [];
  if (which === 'exxit' || which === 'both') plan.push([exxit, EXXIT_TARGETS as Target<never, never>[]]);
  if (which === 'orion' || which === 'both') plan.push([orion, ORION_TARGETS as Target<never, never>[]]);
  if (plan.length === 0) throw new UsageError(`unknown game "${which}"`);
  for (const [game, targets] of plan)
    for (const t of targets) {
      if (values.topic && values.topic !== t.topic) continue;
      const tries = games ?? t.games ?? 200;
      const found = search(game, t, tries, seed);
      if (!found) {
        process.stdout.write(`${game.id} ${t.topic}: not found in ${tries} playouts from seed ${seed}\n`);
        continue;
      }
      const o = game.outcome(found.node.state);
      process.stdout.write(
        `${game.id} ${t.topic} (${t.setup}, seed ${found.seed}, ${found.node.moves.length} plies${o.over ? `, ${o.reason}` : ''}):\n  ${found.node.moves.join('; ')}\n`,
      );
    }
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  process.stderr.write(`${e.message}\nusage: find-lessons [exxit|orion] [--topic T] [--games N] [--seed K]\n`);
  process.exitCode = 2;
}
