// Messages between the AI pool (main thread) and its workers.
import type { GameId } from '../engine/game.js';
import type { Level } from '../engine/ai/levels.js';

export interface AiJob {
  id: number;
  game: GameId;
  state: unknown;
  level: Level;
  seed: number;
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
  | { type: 'ready' }
  | ({ type: 'result'; id: number; ok: true } & AiAnswer)
  | { type: 'result'; id: number; ok: false; error: string };
