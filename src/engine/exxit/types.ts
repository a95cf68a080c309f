// Exxit state and moves as plain data (exact JSON round trip). Rule ids refer
// to docs/rules/exxit.md. The renderer and the bot read these fields.
import type { Side } from '../game.js';

/** EX-5 direction names, in this order. */
export const EXXIT_DIRS = ['E', 'NE', 'NW', 'W', 'SW', 'SE'] as const;
export type ExxitDir = (typeof EXXIT_DIRS)[number];

export type ExxitVariant = 'standard' | 'blitz' | 'short';

/** EX-3: tiles per variant, core included. */
export const VARIANT_TILES: Record<ExxitVariant, number> = { standard: 39, blitz: 29, short: 19 };

export type ExxitMove =
  | { kind: 'place'; q: number; r: number }
  | { kind: 'dance'; q: number; r: number; dir: ExxitDir }
  | { kind: 'free'; q: number; r: number }
  | { kind: 'pass' };

/** A tile on the table (EX-6 "tile"). */
export interface ExxitTile {
  q: number;
  r: number;
  /** Colour of the tile's face: 0 red, 1 black. */
  color: Side;
  /** EX-23 permanent label: A, B, ... Z, AA ... */
  label: string;
  /** Pawns bottom to top (EX-9), each a Side. Empty array: an empty tile. */
  stack: Side[];
}

/** A prisoner cell (EX-6): no tile, one or more pawns. */
export interface ExxitPrisoner {
  q: number;
  r: number;
  /** EX-23 label X1, X2, ... never reused. */
  label: string;
  stack: Side[];
}

/** What the last move did, for the picture and the message. */
export interface ExxitLastMove {
  move: ExxitMove;
  by: Side;
  /** Dance: the cells that received a pawn, in sowing order (the last may be the new prisoner cell). */
  sown: { q: number; r: number }[];
  /** Free: the cells freed (tiles laid), in chain order (EX-18, EX-19). */
  freed: { q: number; r: number }[];
  /** The move in EX-23 labels as they were before it (`F X1`, `D B NW`); set by the engine. */
  label?: string;
}

export interface ExxitState {
  game: 'exxit';
  variant: ExxitVariant;
  toMove: Side;
  /** Plies played, passes included (EX-10). */
  ply: number;
  /** Tiles in the order they were laid (EX-23 label order). */
  tiles: ExxitTile[];
  /** Prisoner cells in creation order. */
  prisoners: ExxitPrisoner[];
  /** Next X-label number (EX-23: numbers are never reused). */
  nextPrisoner: number;
  /** Pawns in reserve, by side (EX-2). */
  reserves: [number, number];
  /** Tiles not yet on the table (EX-4). */
  stock: number;
  /** Consecutive passes just played (EX-20b). */
  passes: number;
  /**
   * EX-20c: occurrences of each position, keyed by an exact engine-private key.
   * Holds only the positions since the last Place, Free or exit dance: those
   * moves are irreversible, so no earlier position can occur again.
   */
  seen: Record<string, number>;
  last: ExxitLastMove | null;
  /** Set when the game has ended (EX-20); scores per EX-21 are in `score`. */
  end: { reason: 'EX-20a' | 'EX-20b' | 'EX-20c' | 'EX-20d'; winner: Side | null; draw: boolean } | null;
  /** EX-21 score by side, kept current after every move. */
  score: [number, number];
}
