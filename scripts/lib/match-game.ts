// One game of an engine-tool match (scripts/engine-match.ts): two players,
// each a search level or uniform random play, on the engine's fast position.
// Reproducible: every seed derives from the match seed and the game number.
import { performance } from 'node:perf_hooks';
import { searchPosition } from '../../src/engine/ai/index.js';
import { isSearchPlayer, type SearchPlayer } from '../../src/engine/ai/levels.js';
import { getGame, type GameId, type Side } from '../../src/engine/index.js';
import { makeRng, randInt, seedFrom } from '../../src/engine/rng.js';
import { ruleErrorText } from '../../src/i18n/rule-error.js';

/** A level, a frozen reference (levels.ts REFERENCES) or uniform random play. */
export type PlayerSpec = SearchPlayer | 'random';
export const isPlayerSpec = (x: unknown): x is PlayerSpec => x === 'random' || isSearchPlayer(x);

export interface GameRecord {
  game: number;
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
