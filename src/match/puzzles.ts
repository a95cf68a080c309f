// Puzzles (issue 20, docs/puzzles.md): the pool's start (the shipped set, data/puzzles) and the puzzles finished
// games give. A review that has just been graded names its candidates — mistakes and blunders where the best move
// looked clearly better than the one played — and each is confirmed by the engine's puzzle check in the AI's
// background lane (below moves and AI turns), then added to the pool. A puzzle keeps only the position: no names.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { PUZZLE_GAP } from '../engine/puzzle.js';
import {
  initialPuzzleRating,
  puzzleFileSchema,
  puzzleId,
  type Puzzle,
  type StoredGame,
  type StoredPlyReview,
} from '../model/index.js';
import type { MatchContext } from './context.js';

/** Candidates checked per finished game at most (each check is two deep searches). */
export const CANDIDATES_PER_GAME = 3;

/** The plies of a graded review worth a puzzle check, costliest first. */
export function puzzleCandidates(plies: readonly StoredPlyReview[]): StoredPlyReview[] {
  return plies
    .filter((p) => (p.grade === 'mistake' || p.grade === 'blunder') && p.bestChance - p.playedChance >= PUZZLE_GAP)
    .sort((a, b) => b.loss - a.loss || a.ply - b.ply)
    .slice(0, CANDIDATES_PER_GAME);
}

/** The seed of a candidate's check: the same for the same game and ply, whichever process checks it. */
const seedOf = (gameId: string, ply: number): number =>
  createHash('sha256').update(`puzzle:${gameId}:${ply}`).digest().readUInt32LE(0);

/**
 * Checks a graded game's candidates one after the other in the background lane and adds those that pass to the pool;
 * returns how many were added. Never throws (logged): a lost candidate is only a puzzle fewer.
 */
export async function puzzlesFromGame(
  ctx: MatchContext,
  rec: StoredGame,
  plies: readonly StoredPlyReview[],
  states: readonly unknown[],
): Promise<number> {
  const lane = ctx.review;
  if (!lane?.checkPuzzle) return 0;
  let added = 0;
  for (const c of puzzleCandidates(plies)) {
    try {
      const seed = seedOf(rec.id, c.ply);
      const verdict = await lane.checkPuzzle(rec.game, states[c.ply], seed);
      if (!verdict) continue;
      const moves = rec.moves.slice(0, c.ply);
      const puzzle: Puzzle = {
        id: puzzleId(rec.game, rec.setup, moves),
        game: rec.game,
        setup: rec.setup,
        moves,
        solution: verdict.solution,
        bestChance: verdict.bestChance,
        secondChance: verdict.secondChance,
        gap: verdict.gap,
        rating: initialPuzzleRating(verdict.foundBy),
        source: 'game',
        seed,
      };
      added += await ctx.store.puzzles.add([puzzle]);
    } catch (e) {
      ctx.log.warn({ err: e, gameId: rec.id, ply: c.ply }, 'puzzle candidate not checked');
    }
  }
  if (added > 0) ctx.log.info({ gameId: rec.id, added }, 'puzzles from a finished game');
  return added;
}

/** Where the shipped set is: data/puzzles at the repository's (or the image's) root, beside src/ and dist/. */
const SHIPPED = new URL('../../data/puzzles/', import.meta.url);

/** The shipped puzzle set (npm run puzzles:mine), validated; a file that does not validate is left out (logged). */
export function shippedPuzzles(log?: MatchContext['log'], dir: URL = SHIPPED): Puzzle[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    log?.warn({ dir: dir.pathname }, 'no shipped puzzle set');
    return [];
  }
  return files.flatMap((f) => {
    try {
      return puzzleFileSchema.parse(JSON.parse(readFileSync(new URL(f, dir), 'utf8'))).puzzles;
    } catch (e) {
      log?.error({ err: e, file: f }, 'shipped puzzle file does not validate: left out');
      return [];
    }
  });
}

/** Puts the shipped set in the pool (what it has already stays): a new install has puzzles from the first minute. */
export async function seedPuzzlePool(ctx: MatchContext): Promise<number> {
  const added = await ctx.store.puzzles.add(shippedPuzzles(ctx.log));
  if (added > 0) ctx.log.info({ added }, 'shipped puzzles added to the pool');
  return added;
}
