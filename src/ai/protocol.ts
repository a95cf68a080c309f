// Messages between the AI pool (main thread) and its workers.
import type { GameId } from '../engine/game.js';
import type { Level } from '../engine/ai/levels.js';
import type { StoredPlyReview } from '../model/index.js';

/** A search for the AI's move. */
export interface AiJob {
  kind?: 'search';
  id: number;
  game: GameId;
  state: unknown;
  level: Level;
  seed: number;
  /** A time cap below the level's own (a server's limit on expert), ms. */
  timeMs?: number;
}

/** One ply of a post-game review (issue 20): the position before it and the move played, graded in one search. */
export interface ReviewPlyJob {
  kind: 'review';
  id: number;
  game: GameId;
  /** The position before the ply (engine JSON). */
  state: unknown;
  played: string;
  ply: number;
  seed: number;
}

/** A puzzle candidate (issue 20): the engine's puzzle check of a position, and the weakest level that finds it. */
export interface PuzzleCheckJob {
  kind: 'puzzle';
  id: number;
  game: GameId;
  /** The position (engine JSON). */
  state: unknown;
  seed: number;
}

/** A puzzle check's answer: null when the position is no puzzle (forced, or not clearly best). */
export type PuzzleVerdict = {
  solution: string;
  bestChance: number;
  secondChance: number;
  gap: number;
  foundBy: 'easy' | 'medium' | 'hard' | null;
} | null;

export type WorkerJob = AiJob | ReviewPlyJob | PuzzleCheckJob;

/** What a background worker did to its thread's OS priority (Linux: nice 19), said once it is ready. */
export interface PriorityReport {
  lowered: boolean;
  detail: string;
}

export interface AiAnswer {
  /** Canonical move text (EX-22 / OD-22). */
  move: string;
  iterations: number;
  /** Visits and mean value (for the side to move, 0..1) of the chosen move. */
  visits: number;
  value: number;
  /** Search time inside the worker. */
  ms: number;
}

export type WorkerMessage =
  | { type: 'ready'; priority?: PriorityReport }
  | ({ type: 'result'; id: number; ok: true } & AiAnswer)
  | { type: 'result'; id: number; ok: false; error: string }
  | { type: 'review'; id: number; ok: true; review: StoredPlyReview }
  | { type: 'puzzle'; id: number; ok: true; verdict: PuzzleVerdict };
