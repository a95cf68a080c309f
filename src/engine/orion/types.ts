// Orion Duel state and moves as plain data (exact JSON round trip). Rule ids
// refer to docs/rules/orion-duel.md. The renderer and the bot read these.
import type { Side } from '../game.js';

/** OD-5 direction names, clockwise from N (OD-8 "turned 60° right" = next). */
export const ORION_DIRS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
export type OrionDir = (typeof ORION_DIRS)[number];

export const TILE_CODES = ['S1', 'P2', 'D2', 'L3', 'V3', 'T3'] as const;
export type TileCode = (typeof TILE_CODES)[number];

/** OD-8: each player's set. */
export const TILE_COUNTS: Record<TileCode, number> = { S1: 1, P2: 1, D2: 3, L3: 3, V3: 3, T3: 3 };

/**
 * Cells are indexed 0..84 in label order: column A..K (q = -5..5), then from
 * the top of the column (smallest r first). 0 = A1, 84 = K4 (OD-6).
 */
export type CellIndex = number;

export interface OrionMove {
  tile: TileCode;
  /** Anchor cell (OD-8, OD-22). */
  cell: CellIndex;
  /** Omitted for S1. */
  dir?: OrionDir;
  /** V3 only. */
  turn?: 'R' | 'L';
}

export interface OrionPlacement {
  side: Side;
  move: OrionMove;
  /** Cells covered, the X (opponent-colour) hex first where the tile has one. */
  cells: CellIndex[];
  /** Colour laid on each of `cells` (0 orange, 1 blue). */
  colors: Side[];
}

export interface OrionState {
  game: 'orion';
  /** 'preset1' | 'preset2' | 'preset3' | 'random:<seed>' (OD-10, OD-11). */
  layout: string;
  /** Token cells (OD-4, OD-10). */
  galaxies: CellIndex[];
  blackHoles: CellIndex[];
  /** Colour of each of the 85 cells: -1 no tile, 0 orange, 1 blue (OD-15). */
  cells: (-1 | 0 | 1)[];
  /** Index into `placements` of the tile covering each cell, -1 if none. */
  tileAt: number[];
  /** Tiles laid, in order. The last one is the last move. */
  placements: OrionPlacement[];
  /** Tiles left in each player's hand (OD-3). */
  hands: [Record<TileCode, number>, Record<TileCode, number>];
  toMove: Side;
  ply: number;
  /** OD-17 victory conditions by side, with their parts. */
  vc: [OrionVc, OrionVc];
  /** Set when the game has ended (OD-18, OD-19, OD-20). */
  end: { reason: 'OD-18' | 'OD-19' | 'OD-20'; winner: Side | null; draw: boolean; tiebreak?: [number, number] } | null;
}

export interface OrionVc {
  constellations: number;
  galaxies: number;
  blackHoles: number;
  total: number;
}
