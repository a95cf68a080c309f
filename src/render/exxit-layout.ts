// Where things are on the Exxit picture (EX-5: pointy hexes): its size, the
// header's cards, the board area, and the layout that maps cells to pixels.
// The world grows in every direction, so the hex size follows it and the
// world always fills the board area.
import type { Side } from '../engine/game.js';
import type { ExxitState } from '../engine/exxit/types.js';
import { AXIAL_VECTORS } from '../engine/hex.js';
import { MARGIN } from './card.js';
import { FOOTER_H } from './footer.js';
import { axialToPixel, type Point } from './hexdraw.js';
import { PICTURE_WIDTH } from './theme.js';

export const EXXIT_WIDTH = PICTURE_WIDTH;
export const EXXIT_HEIGHT = 672;
export const CARD_H = 64;
const HEADER_H = MARGIN + CARD_H + MARGIN;
/** The board area: everything between header and footer (a square). */
export const EXXIT_BOARD_AREA = { x: 4, y: HEADER_H, w: EXXIT_WIDTH - 8, h: EXXIT_HEIGHT - HEADER_H - FOOTER_H };
export const STOCK_W = 80;
export const CARD_W = (EXXIT_WIDTH - 4 * MARGIN - STOCK_W) / 2;
/** Where a player's card is in the header, and the centre of its pawn icon. */
export function exxitCard(side: Side): { x: number; y: number; w: number; h: number; icon: Point } {
  const x = side === 0 ? MARGIN : EXXIT_WIDTH - MARGIN - CARD_W;
  return { x, y: MARGIN, w: CARD_W, h: CARD_H, icon: { x: x + 19, y: MARGIN + 21 } };
}
/** Hexes no larger than this (the opening: four tiles), in px. */
const MAX_HEX = 74;
/** How much of a void-ring hex must stay in frame beyond its centre, in hex radii. */
const RING_KEEP = 0.35;

export interface ExxitLayout {
  /** Hex circumradius in px. */
  size: number;
  /** Pixel centre of a cell (q, r). */
  center(q: number, r: number): Point;
}

/** A cell the frame must hold; a `ring` cell (void) only needs its centre part in frame. */
export interface FrameCell {
  q: number;
  r: number;
  ring?: boolean;
}

const key = (q: number, r: number): string => `${q},${r}`;

/** The void cells next to the world (drawn faintly, so exits can be seen). */
export function voidRing(s: ExxitState): { q: number; r: number }[] {
  const taken = new Set<string>();
  for (const c of s.tiles) taken.add(key(c.q, c.r));
  for (const c of s.prisoners) taken.add(key(c.q, c.r));
  const ring = new Map<string, { q: number; r: number }>();
  for (const c of s.tiles) {
    for (const [dq, dr] of AXIAL_VECTORS) {
      const k = key(c.q + dq, c.r + dr);
      if (!taken.has(k)) ring.set(k, { q: c.q + dq, r: c.r + dr });
    }
  }
  return [...ring.values()];
}

/**
 * Maps cells to pixels so that the whole world and its prisoners fit the
 * board area, with at least the inner part of every void-ring hex, centred,
 * as large as fits up to MAX_HEX. `fit` adds cells to keep in frame (a replay
 * fits every frame's world, so the picture does not jump from ply to ply).
 */
export function exxitLayout(s: ExxitState, fit: readonly FrameCell[] = []): ExxitLayout {
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  const add = (c: { q: number; r: number }, hx: number, hy: number): void => {
    const p = axialToPixel(c.q, c.r, 1, 'pointy');
    minX = Math.min(minX, p.x - hx);
    maxX = Math.max(maxX, p.x + hx);
    minY = Math.min(minY, p.y - hy);
    maxY = Math.max(maxY, p.y + hy);
  };
  // A pointy hex of radius 1 reaches sqrt(3)/2 sideways and 1 up and down.
  const HX = Math.sqrt(3) / 2;
  for (const c of [...s.tiles, ...s.prisoners]) add(c, HX, 1);
  for (const c of voidRing(s)) add(c, RING_KEEP, RING_KEEP);
  for (const c of fit) add(c, c.ring ? RING_KEEP : HX, c.ring ? RING_KEEP : 1);
  if (minX > maxX) {
    minX = -HX;
    maxX = HX;
    minY = -1;
    maxY = 1;
  }
  const a = EXXIT_BOARD_AREA;
  const fitSize = Math.min(MAX_HEX, (a.w - 8) / (maxX - minX), (a.h - 8) / (maxY - minY));
  // Whole pixels: an even step between columns and a whole one between rows
  // (rows a fraction of a pixel closer than exact), so every cell centre is
  // on a pixel and the cells can be stamped from one drawing each.
  const colStep = 2 * Math.max(1, Math.floor((Math.sqrt(3) * fitSize) / 2));
  const size = colStep / Math.sqrt(3);
  const rowStep = Math.floor(1.5 * size);
  const sx = (minX + maxX) / 2;
  const sy = (minY + maxY) / 2;
  const cx = Math.round(a.x + a.w / 2 - sx * size);
  const cy = Math.round(a.y + a.h / 2 - (sy / 1.5) * rowStep);
  return {
    size,
    center(q, r) {
      return { x: cx + colStep * q + (colStep / 2) * r, y: cy + rowStep * r };
    },
  };
}

/** Every cell any of the states shows (world and prisoners; void ring cells flagged): the frame of a replay. */
export function exxitFilmFrame(states: readonly ExxitState[]): FrameCell[] {
  const all = new Map<string, FrameCell>();
  for (const s of states) {
    for (const c of voidRing(s)) if (!all.has(key(c.q, c.r))) all.set(key(c.q, c.r), { q: c.q, r: c.r, ring: true });
    for (const c of [...s.tiles, ...s.prisoners]) all.set(key(c.q, c.r), { q: c.q, r: c.r });
  }
  return [...all.values()];
}
