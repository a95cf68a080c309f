// What every handler gets: the Discord client, the store, a logger, settings,
// and the pieces tests may swap (renderer, AI, clock). No game state lives
// here: games are loaded from the store on every interaction.
import type { Client } from 'discord.js';
import type { Logger } from 'pino';
import type { GameId } from '../engine/game.js';
import type { AiLevel, Store } from '../store/types.js';

export type RenderBoard = (game: GameId, state: unknown, opts?: { players?: [string, string] }) => Promise<Buffer>;
export type RenderReplay = (game: GameId, setup: string, moves: string[], opts?: { players?: [string, string] }) => Promise<Buffer>;
export type ThinkMove = (game: GameId, state: unknown, level: AiLevel, seed: number) => Promise<string>;

export interface BotSettings {
  /** How long a challenge may be accepted, ms (CHALLENGE_TTL_MINUTES). */
  challengeTtlMs: number;
  /** How often expired challenge cards are swept, ms (0 = never). */
  sweepIntervalMs: number;
  /** Default time per move, ms (MOVE_TIME_HOURS), when neither the challenge nor the server sets one. */
  moveTimeMs: number;
  /** How often due game clocks are swept (reminders, loss on time), ms (0 = never). */
  clockSweepIntervalMs: number;
}

export interface BotContext {
  client: Client;
  store: Store;
  log: Logger;
  settings: BotSettings;
  render: RenderBoard;
  /** Replay GIFs (/replay): drawn in the render worker threads (src/render/pool.ts). */
  renderReplay: RenderReplay;
  thinkMove: ThinkMove;
  now(): number;
  /** Runs work after the interaction was answered (AI moves); errors are logged, stop() waits for it. */
  background(label: string, work: () => Promise<unknown>): void;
}
