// Axial hex geometry shared by both games (EX-5, OD-5). Both rule files use
// axial (q, r) with the same six unit vectors; only their names differ.

export interface Hex {
  q: number;
  r: number;
}

/** The six axial unit vectors, in Exxit's direction order E, NE, NW, W, SW, SE (EX-5). */
export const AXIAL_VECTORS: readonly (readonly [number, number])[] = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

export const hexDistance = (a: Hex, b: Hex): number => {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
};
