// One game of an engine-tool match or ladder (scripts/engine-match.ts,
// scripts/engine-ladder.ts): two players, each a search level, a frozen
// reference, one-ply greedy or uniform random play, on the engine's fast
// position. Reproducible: every seed derives from the seed and the game number.
import { performance } from 'node:perf_hooks';
import { HEURISTICS, searchPosition } from '../../src/engine/ai/index.js';
import type { Heuristics } from '../../src/engine/ai/mcts.js';
import { isSearchPlayer, type SearchPlayer } from '../../src/engine/ai/levels.js';
import { getGame, type GameId, type Position, type Side } from '../../src/engine/index.js';
import { makeRng, randInt, seedFrom, type Rng } from '../../src/engine/rng.js';
import { ruleErrorText } from '../../src/i18n/rule-error.js';

/** A level, a frozen reference (levels.ts REFERENCES), one-ply greedy or uniform random play. */
export type PlayerSpec = SearchPlayer | 'greedy' | 'random';
export const isPlayerSpec = (x: unknown): x is PlayerSpec => x === 'random' || x === 'greedy' || isSearchPlayer(x);

/**
 * A one-ply player, a floor above random: a move that wins at once, else the move after which the game's evaluation
 * (Exxit: the EX-21 score difference; Orion: the connection race) is best for it, ties at random; a game without an
 * evaluation plays at random among the moves that do not lose at once.
 */
function greedyMove(gameId: GameId, pos: Position<unknown>, rng: Rng): unknown {
  const me = pos.toMove();
  const h = HEURISTICS[gameId] as Heuristics<unknown> | undefined;
  let best: unknown[] = [];
  let bestScore = -Infinity;
  for (const m of pos.legalMoves()) {
    const p = pos.clone();
    p.play(m);
    const o = p.outcome();
    let score = 0.5;
    if (o.over) {
      if (o.winner === me) return m;
      if (o.winner !== null) score = -1;
    } else if (h?.evaluate) {
      const v = h.evaluate(p);
      score = me === 0 ? v : 1 - v;
    }
    if (score > bestScore) {
      bestScore = score;
      best = [m];
    } else if (score === bestScore) best.push(m);
  }
  return best[randInt(rng, best.length)];
}

export interface GameRecord {
  game: number;
  a: PlayerSpec;
  b: PlayerSpec;
  /** The side player a played. */
  aSide: Side;
  winner: Side | null;
  draw: boolean;
  reason: string | null;
  plies: number;
  seconds: number;
  /** Thinking time (ms) and moves, by player [a, b]. */
  ms: [number, number];
  moves: [number, number];
}

/** `random` for Orion: a fresh random layout per game (OD-10). */
export function setupFor(gameId: GameId, setup: string | undefined, seed: number, g: number): string | undefined {
  return gameId === 'orion' && setup === 'random' ? `random:${seed}-${g}` : setup;
}

export function playGame(
  gameId: GameId,
  setup: string | undefined,
  a: PlayerSpec,
  b: PlayerSpec,
  seed: number,
  g: number,
): GameRecord {
  const game = getGame(gameId);
  const start = game.initial(setupFor(gameId, setup, seed, g));
  if (!start.ok) throw new Error(ruleErrorText(start.error));
  const pos = game.position(start.value);
  const aSide: Side = (g % 2) as Side; // colours alternate
  const rng = makeRng(`${seed}:${g}`);
  const ms: [number, number] = [0, 0];
  const moves: [number, number] = [0, 0];
  const t0 = performance.now();
  while (!pos.outcome().over) {
    const who = pos.toMove() === aSide ? 0 : 1;
    const spec = who === 0 ? a : b;
    const t = performance.now();
    let move: unknown;
    if (spec === 'random') {
      const legal = pos.legalMoves();
      move = legal[randInt(rng, legal.length)];
    } else if (spec === 'greedy') {
      move = greedyMove(gameId, pos, rng);
    } else {
      move = searchPosition(gameId, pos, spec, seedFrom(`${seed}:${g}:${pos.ply()}`)).move;
    }
    ms[who] += performance.now() - t;
    moves[who]++;
    pos.play(move);
  }
  const o = pos.outcome();
  return {
    game: g,
    a,
    b,
    aSide,
    winner: o.winner,
    draw: o.draw,
    reason: o.reason,
    plies: pos.ply(),
    seconds: (performance.now() - t0) / 1000,
    ms,
    moves,
  };
}
