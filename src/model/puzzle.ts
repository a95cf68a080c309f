// Puzzles (issue 20, docs/puzzles.md): a position where one move is clearly best (the engine's checkPuzzle), with
// nothing of the game it came from but the moves: no names, no ids of players, servers or channels. The shipped set
// (data/puzzles/<game>.json) and the pool in the store hold the same record.
import { z } from 'zod';
import { finite, gameId, int, isRecordId } from './parts.js';

/** A move's text as a record carries it (canonical notation, EX-22 / OD-22; the engine checks it on replay). */
const moveText = z.string().min(1).max(40);

export const puzzleSchema = z.object({
  /** [0-9a-z]{4,32}: travels in custom ids. A hash of the position, so one position is one puzzle. */
  id: z.string().refine(isRecordId, 'not a record id'),
  game: gameId,
  /** The position: the game's setup and the moves from it (replayed by the engine; the puzzle's side is to move). */
  setup: z.string().min(1).max(80),
  moves: z.array(moveText).max(1000),
  /** The best move, canonical. */
  solution: moveText,
  /** The mover's win chance 0..100 after the solution and after the second best, from the check's deep searches. */
  bestChance: finite,
  secondChance: finite,
  gap: finite,
  /** The puzzle's own Glicko-2 rating (players' puzzle ratings are rated against it); its start is the difficulty. */
  rating: finite,
  /** Where it came from: mined from AI self-play (with the mining seed) or a finished game's review. */
  source: z.enum(['mined', 'game']),
  seed: int.nonnegative(),
});
export type Puzzle = z.infer<typeof puzzleSchema>;

/**
 * A puzzle check's job (issue 20): a finished game's candidate, recorded when its review is graded and checked once
 * by the process holding its lease (src/store/puzzle-checks.ts). `checked`: the verdict is in (the puzzle to add);
 * `added`, `rejected`, `failed`: over (kept a day, then gone). The game's id stays here only while the job lives.
 */
export const PUZZLE_CHECK_STATUSES = ['queued', 'running', 'checked', 'added', 'rejected', 'failed'] as const;
export type PuzzleCheckStatus = (typeof PUZZLE_CHECK_STATUSES)[number];

export const puzzleCheckJobSchema = z
  .object({
    gameId: z.string().refine(isRecordId, 'not a record id'),
    /** The candidate's ply: the position before it, `moves` (as many), is the puzzle's. */
    ply: int.nonnegative(),
    game: gameId,
    setup: z.string().min(1).max(80),
    moves: z.array(moveText).max(1000),
    /** The check's seed: the same in whichever process checks it. */
    seed: int.nonnegative(),
    status: z.enum(PUZZLE_CHECK_STATUSES),
    createdAt: finite,
    /** The process checking it ('' for none), and until when it may (ms since epoch). */
    owner: z.string(),
    leaseUntil: finite,
    /** How many times a process has taken it up (a candidate that keeps failing is given up). */
    tries: int.nonnegative(),
    /** The confirmed puzzle, once checked. */
    puzzle: puzzleSchema.nullable(),
  })
  .refine((j) => j.moves.length === j.ply, { message: 'moves: not as many as the ply', path: ['moves'] });
export type PuzzleCheckJob = z.infer<typeof puzzleCheckJobSchema>;

/** A shipped set's file: data/puzzles/<game>.json (npm run puzzles:mine). */
export const puzzleFileSchema = z.object({
  game: gameId,
  /** How the set was mined (docs/puzzles.md). */
  mined: z.object({
    seed: int.nonnegative(),
    games: int.nonnegative(),
    checked: int.nonnegative(),
    cpuSeconds: finite,
    date: z.string().max(40),
  }),
  puzzles: z.array(puzzleSchema),
});
export type PuzzleFile = z.infer<typeof puzzleFileSchema>;

/**
 * A puzzle's id: a hash (FNV-1a, two lanes) of its position, so the same position found twice — by mining and in a
 * game, or in two games — is one puzzle.
 */
export function puzzleId(game: string, setup: string, moves: readonly string[]): string {
  const text = `${game}|${setup}|${moves.join(';')}`;
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  return `${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}`.padStart(8, '0');
}

/** A puzzle's starting rating from how strong a search has to be to find it (the mining and the games' candidates). */
export function initialPuzzleRating(foundBy: 'easy' | 'medium' | 'hard' | null): number {
  return foundBy === 'easy' ? 1200 : foundBy === 'medium' ? 1500 : foundBy === 'hard' ? 1800 : 2100;
}
