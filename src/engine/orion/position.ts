// The mutable fast path (game.ts Position). Legal-move generation works on
// placement sets (one bit per precomputed placement, tiles.ts): the placements
// no covered cell blocks (OD-13) and, per colour, those that touch a cell of
// that colour (OD-14), both updated as cells are coloured; a legal move list is
// a few dozen word operations plus the bits read out. Groups for the victory
// conditions (OD-16, OD-17) are a union-find; then the end checks (OD-18..21).
// The pure functions of index.ts run on this same code.
import type { Outcome, Position, Side } from '../game.js';
import { CELL_COUNT, NEIGHBOURS, SIDE_BITS, pairMask } from './board.js';
import {
  KIND_COUNT,
  ADJ_MASK as ADJ_MASK_,
  CELL_MASK as CELL_MASK_,
  M_O,
  M_X,
  MASKS,
  KILL as KILL_,
  KIND_SET as KIND_SET_,
  KIND_W0,
  KIND_W1,
  MOVES as MOVES_,
  NEAR_O as NEAR_O_,
  NEAR_X as NEAR_X_,
  PW,
  PLACEMENTS,
  PLACEMENT_COUNT,
  STRIDE,
  placementOf,
} from './tiles.js';
import { TILE_CODES, type CellIndex, type OrionMove, type OrionState, type OrionVc } from './types.js';

/** Per token layout, shared by every position of a game. */
export interface LayoutInfo {
  galaxies: readonly CellIndex[];
  blackHoles: readonly CellIndex[];
  isGalaxy: Uint8Array;
  isBlackHole: Uint8Array;
  /** Per placement: bit 0 an O hex lies on a token, bit 1 the X hex does (OD-14). */
  tokenFlags: Uint8Array;
  /** The same as placement sets (PW words): O hex on a token, X hex on a token. */
  tokO: Int32Array;
  tokX: Int32Array;
}

const layoutCache = new Map<string, LayoutInfo>();

export function layoutInfo(galaxies: readonly CellIndex[], blackHoles: readonly CellIndex[]): LayoutInfo {
  const key = `${galaxies.join(',')}/${blackHoles.join(',')}`;
  let info = layoutCache.get(key);
  if (info) return info;
  const isGalaxy = new Uint8Array(CELL_COUNT);
  const isBlackHole = new Uint8Array(CELL_COUNT);
  const tok = new Int32Array(3);
  for (const g of galaxies) isGalaxy[g] = 1;
  for (const b of blackHoles) isBlackHole[b] = 1;
  for (const c of [...galaxies, ...blackHoles]) tok[c >> 5] |= 1 << (c & 31);
  const tokenFlags = new Uint8Array(PLACEMENT_COUNT);
  for (let id = 0; id < PLACEMENT_COUNT; id++) {
    const b = id * STRIDE;
    let f = 0;
    for (let w = 0; w < 3; w++) {
      if (MASKS[b + M_O + w] & tok[w]) f |= 1;
      if (MASKS[b + M_X + w] & tok[w]) f |= 2;
    }
    tokenFlags[id] = f;
  }
  const tokO = new Int32Array(PW);
  const tokX = new Int32Array(PW);
  for (let id = 0; id < PLACEMENT_COUNT; id++) {
    if (tokenFlags[id] & 1) tokO[id >> 5] |= 1 << (id & 31);
    if (tokenFlags[id] & 2) tokX[id >> 5] |= 1 << (id & 31);
  }
  info = { galaxies: [...galaxies], blackHoles: [...blackHoles], isGalaxy, isBlackHole, tokenFlags, tokO, tokX };
  if (layoutCache.size > 256) layoutCache.clear(); // random layouts: keep memory bounded
  layoutCache.set(key, info);
  return info;
}

// Module-local aliases of the hot tables (an imported binding may be read
// through a getter under some loaders).
const CELL_MASK = CELL_MASK_;
const ADJ_MASK = ADJ_MASK_;
const MOVES = MOVES_;
const KILL = KILL_;
const KIND_SET = KIND_SET_;
const NEAR_O = NEAR_O_;
const NEAR_X = NEAR_X_;

export const TOTAL_TILES = 28;
/** Every placement id. */
const ALL_SET = new Int32Array(PW);
for (let id = 0; id < PLACEMENT_COUNT; id++) ALL_SET[id >> 5] |= 1 << (id & 31);
const scratch = new Int16Array(PLACEMENT_COUNT);

export type EndInfo = NonNullable<OrionState['end']>;

export class OrionPosition implements Position<OrionMove> {
  /** Occupied cells (words 0..2), then orange cells (3..5), then blue cells (6..8). */
  readonly sets: Int32Array;
  /** -1 empty, 0 orange, 1 blue (OD-15). */
  readonly color: Int8Array;
  /** hands[side * 6 + kind] (OD-3). */
  readonly hands: Int8Array;
  // Union-find over covered cells (OD-16), with per-root totals.
  readonly parent: Int8Array;
  readonly gal: Uint8Array;
  readonly bh: Uint8Array;
  readonly sideBits: Uint8Array;
  /** Per colour: Σ⌊galaxies/4⌋, Σ⌊black holes/3⌋ over its groups, and the joined constellation pairs (bit mask). */
  readonly galSum: Int32Array;
  readonly bhSum: Int32Array;
  readonly pairs: Int32Array;
  /** Placements no covered cell blocks (OD-13; a placement set, PW words). */
  readonly alive: Int32Array;
  /**
   * OD-14 support, placement sets kept as cells are coloured: at c * PW,
   * placements whose O hexes touch a colour-c cell; at (2 + c) * PW, those
   * whose X hex does. Cells never lose their colour, so these only grow.
   */
  readonly hit: Int32Array;
  side: Side;
  plies: number;
  end: EndInfo | null;

  /** An empty board (no tiles in hand yet), or a copy of `from`. */
  constructor(
    readonly layout: LayoutInfo,
    from?: OrionPosition,
  ) {
    this.sets = from ? from.sets.slice() : new Int32Array(9);
    this.color = from ? from.color.slice() : new Int8Array(CELL_COUNT).fill(-1);
    this.hands = from ? from.hands.slice() : new Int8Array(12);
    this.parent = from ? from.parent.slice() : new Int8Array(CELL_COUNT);
    this.gal = from ? from.gal.slice() : new Uint8Array(CELL_COUNT);
    this.bh = from ? from.bh.slice() : new Uint8Array(CELL_COUNT);
    this.sideBits = from ? from.sideBits.slice() : new Uint8Array(CELL_COUNT);
    this.galSum = from ? from.galSum.slice() : new Int32Array(2);
    this.bhSum = from ? from.bhSum.slice() : new Int32Array(2);
    this.pairs = from ? from.pairs.slice() : new Int32Array(2);
    this.alive = (from ? from.alive : ALL_SET).slice();
    this.hit = from ? from.hit.slice() : new Int32Array(4 * PW);
    this.side = from ? from.side : 0;
    this.plies = from ? from.plies : 0;
    this.end = from ? from.end : null;
  }

  /** Rebuilds the fast position of a (valid) state. */
  static fromState(s: OrionState): OrionPosition {
    const p = new OrionPosition(layoutInfo(s.galaxies, s.blackHoles));
    for (let side = 0; side < 2; side++)
      for (let k = 0; k < KIND_COUNT; k++) p.hands[side * 6 + k] = s.hands[side][TILE_CODES[k]];
    for (let c = 0; c < CELL_COUNT; c++) if (s.cells[c] >= 0) p.addCell(c, s.cells[c] as Side);
    p.side = s.toMove;
    p.plies = s.ply;
    p.end = s.end
      ? { ...s.end, ...(s.end.tiebreak ? { tiebreak: [...s.end.tiebreak] as [number, number] } : {}) }
      : null;
    return p;
  }

  clone(): OrionPosition {
    return new OrionPosition(this.layout, this);
  }

  toMove(): Side {
    return this.side;
  }
  ply(): number {
    return this.plies;
  }

  /** OD-13 + OD-14 for placement `id` laid by `side`, against the current board. */
  isLegalId(id: number, side: Side): boolean {
    if (this.end) return false;
    const s = this.sets;
    const c = id * 3;
    if ((CELL_MASK[c] & s[0]) | (CELL_MASK[c + 1] & s[1]) | (CELL_MASK[c + 2] & s[2])) return false; // OD-13
    const f = this.layout.tokenFlags[id];
    if (f === 0) return true;
    // OD-14: each colour on a token must touch a pre-existing hex of that colour.
    const a = id * 6;
    const own = 3 + side * 3;
    const opp = 6 - side * 3;
    if (f & 1 && !((ADJ_MASK[a] & s[own]) | (ADJ_MASK[a + 1] & s[own + 1]) | (ADJ_MASK[a + 2] & s[own + 2])))
      return false;
    if (f & 2 && !((ADJ_MASK[a + 3] & s[opp]) | (ADJ_MASK[a + 4] & s[opp + 1]) | (ADJ_MASK[a + 5] & s[opp + 2])))
      return false;
    return true;
  }

  /**
   * Writes the legal placement ids of `side` into `out`, in id order, and
   * returns how many: a full enumeration (OD-20), word by word over sets.
   */
  legalIds(out: Int16Array, side: Side = this.side): number {
    if (this.end) return 0;
    const alive = this.alive;
    const hit = this.hit;
    const hO = side * PW; // O hexes are the mover's colour
    const hX = (3 - side) * PW; // the X hex is the opponent's
    const tokO = this.layout.tokO;
    const tokX = this.layout.tokX;
    let n = 0;
    for (let k = 0; k < KIND_COUNT; k++) {
      if (this.hands[side * 6 + k] <= 0) continue; // OD-3
      const kb = k * PW;
      for (let w = KIND_W0[k], last = KIND_W1[k]; w <= last; w++) {
        // OD-13 (alive) and OD-14 (a token hex of colour c touches a colour-c cell).
        let x = alive[w] & KIND_SET[kb + w] & ~((tokO[w] & ~hit[hO + w]) | (tokX[w] & ~hit[hX + w]));
        const base = w << 5;
        while (x !== 0) {
          const low = x & -x;
          out[n++] = base + 31 - Math.clz32(low);
          x ^= low;
        }
      }
    }
    return n;
  }

  /** OD-20: whether `side` has any legal placement at all. */
  hasLegal(side: Side): boolean {
    const alive = this.alive;
    const hit = this.hit;
    const hO = side * PW;
    const hX = (3 - side) * PW;
    const tokO = this.layout.tokO;
    const tokX = this.layout.tokX;
    for (let k = 0; k < KIND_COUNT; k++) {
      if (this.hands[side * 6 + k] <= 0) continue;
      const kb = k * PW;
      for (let w = KIND_W0[k], last = KIND_W1[k]; w <= last; w++)
        if (alive[w] & KIND_SET[kb + w] & ~((tokO[w] & ~hit[hO + w]) | (tokX[w] & ~hit[hX + w]))) return true;
    }
    return false;
  }

  legalMoves(): OrionMove[] {
    const ids = scratch;
    const n = this.legalIds(ids);
    const out = new Array<OrionMove>(n);
    for (let i = 0; i < n; i++) out[i] = MOVES[ids[i]];
    return out;
  }

  play(m: OrionMove): void {
    const id = placementOf(m);
    if (id < 0) throw new Error('OrionPosition.play: malformed move');
    this.playId(id);
  }

  /** Lays placement `id` for the side to move (must be legal), then runs the end checks (OD-21). */
  playId(id: number): void {
    const side = this.side;
    const pl = PLACEMENTS[id];
    this.hands[side * 6 + pl.kind]--;
    const cells = pl.cells;
    for (let i = 0; i < cells.length; i++) this.addCell(cells[i], (pl.isX[i] ? 1 - side : side) as Side);
    this.plies++;
    this.side = (1 - side) as Side;
    this.end = this.checkEnd();
  }

  /** OD-15/OD-16: colours a cell and merges it with its same-coloured neighbours. */
  private addCell(c: number, col: Side): void {
    this.color[c] = col;
    const w = c >> 5;
    const bit = 1 << (c & 31);
    this.sets[w] |= bit;
    this.sets[3 + col * 3 + w] |= bit;
    // OD-13: placements over c are dead; OD-14: placements touching c gain a colour-`col` neighbour.
    const alive = this.alive;
    const hit = this.hit;
    const cb = c * PW;
    const ob = col * PW;
    const xb = (2 + col) * PW;
    for (let i = 0; i < PW; i++) {
      alive[i] &= ~KILL[cb + i];
      hit[ob + i] |= NEAR_O[cb + i];
      hit[xb + i] |= NEAR_X[cb + i];
    }
    this.parent[c] = c;
    this.gal[c] = this.layout.isGalaxy[c];
    this.bh[c] = this.layout.isBlackHole[c];
    this.sideBits[c] = SIDE_BITS[c];
    this.pairs[col] |= pairMask(SIDE_BITS[c]);
    const nb = NEIGHBOURS[c];
    for (let i = 0; i < nb.length; i++) if (this.color[nb[i]] === col) this.union(c, nb[i], col);
  }

  private find(c: number): number {
    const parent = this.parent;
    while (parent[c] !== c) {
      parent[c] = parent[parent[c]];
      c = parent[c];
    }
    return c;
  }

  private union(a: number, b: number, col: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return;
    // OD-17: Σ⌊g/4⌋ and Σ⌊b/3⌋ over groups, updated for the merge.
    this.galSum[col] += ((this.gal[ra] + this.gal[rb]) >> 2) - (this.gal[ra] >> 2) - (this.gal[rb] >> 2);
    const bha = this.bh[ra];
    const bhb = this.bh[rb];
    this.bhSum[col] += (((bha + bhb) / 3) | 0) - ((bha / 3) | 0) - ((bhb / 3) | 0);
    this.parent[rb] = ra;
    this.gal[ra] += this.gal[rb];
    this.bh[ra] = bha + bhb;
    this.sideBits[ra] |= this.sideBits[rb];
    this.pairs[col] |= pairMask(this.sideBits[ra]);
  }

  /** OD-17: victory conditions of `side`. */
  vc(side: Side): OrionVc {
    const p = this.pairs[side];
    const constellations = (p & 1) + ((p >> 1) & 1) + ((p >> 2) & 1);
    const galaxies = Math.min(2, this.galSum[side]);
    const blackHoles = Math.min(2, this.bhSum[1 - side]); // counts the opponent's groups
    return { constellations, galaxies, blackHoles, total: constellations + galaxies + blackHoles };
  }

  vcTotal(side: Side): number {
    const p = this.pairs[side];
    return (
      (p & 1) + ((p >> 1) & 1) + ((p >> 2) & 1) + Math.min(2, this.galSum[side]) + Math.min(2, this.bhSum[1 - side])
    );
  }

  /** OD-19: galaxies minus black holes on cells of each colour. */
  tiebreak(): [number, number] {
    const t: [number, number] = [0, 0];
    for (const g of this.layout.galaxies) if (this.color[g] >= 0) t[this.color[g]]++;
    for (const b of this.layout.blackHoles) if (this.color[b] >= 0) t[this.color[b]]--;
    return t;
  }

  /** OD-21: OD-18, then OD-19 when no tile is left, then OD-20 for the player to move. */
  private checkEnd(): EndInfo | null {
    const v0 = this.vcTotal(0);
    const v1 = this.vcTotal(1);
    if (v0 !== v1) return { reason: 'OD-18', winner: v0 > v1 ? 0 : 1, draw: false };
    if (this.plies >= TOTAL_TILES) {
      const tiebreak = this.tiebreak();
      const draw = tiebreak[0] === tiebreak[1];
      return { reason: 'OD-19', winner: draw ? null : tiebreak[0] > tiebreak[1] ? 0 : 1, draw, tiebreak };
    }
    if (!this.hasLegal(this.side)) return { reason: 'OD-20', winner: (1 - this.side) as Side, draw: false };
    return null;
  }

  outcome(): Outcome {
    const e = this.end;
    return e
      ? { over: true, winner: e.winner, draw: e.draw, reason: e.reason }
      : { over: false, winner: null, draw: false, reason: null };
  }

  tilesLeft(side: Side): number {
    let n = 0;
    for (let k = 0; k < KIND_COUNT; k++) n += this.hands[side * 6 + k];
    return n;
  }
}
