// Pure state functions over the fast position: the setup (OD-10, OD-11) and
// laying a tile (OD-12..OD-21). Plain JSON in, fresh plain JSON out.
import { ok, type Result, type Side } from '../game.js';
import { refused } from './errors.js';
import { CELL_COUNT } from './board.js';
import { placementIdOf, whyIllegal } from './legal.js';
import { layoutOf } from './layout.js';
import { OrionPosition } from './position.js';
import { PLACEMENTS, PLACEMENT_COUNT } from './tiles.js';
import { TILE_COUNTS, type OrionMove, type OrionState, type OrionVc, type TileCode } from './types.js';

const fullHand = (): Record<TileCode, number> => ({ ...TILE_COUNTS });
const zeroVc = (): OrionVc => ({ constellations: 0, galaxies: 0, blackHoles: 0, total: 0 });

export function initialState(setup: string): Result<OrionState> {
  const layout = typeof setup === 'string' ? layoutOf(setup) : null;
  if (!layout)
    return refused('OD-11', 'orion.unknownSetup', {
      setup: String(setup).slice(0, 40),
      setups: 'preset1, preset2, preset3, random:<seed>',
      seedMax: 64,
    });
  return ok({
    game: 'orion',
    layout: setup,
    galaxies: layout.galaxies,
    blackHoles: layout.blackHoles,
    cells: new Array(CELL_COUNT).fill(-1),
    tileAt: new Array(CELL_COUNT).fill(-1),
    placements: [],
    hands: [fullHand(), fullHand()],
    toMove: 0,
    ply: 0,
    vc: [zeroVc(), zeroVc()],
    end: null,
  });
}

/** Cached fast positions of states this process made or read (states are never mutated). */
const cache = new WeakMap<OrionState, OrionPosition>();

export function positionOf(s: OrionState): OrionPosition {
  let p = cache.get(s);
  if (!p) {
    p = OrionPosition.fromState(s);
    cache.set(s, p);
  }
  return p.clone();
}

/** The game is over: the error every move attempt gets then. */
export function gameOverError(s: OrionState): Result<never> {
  const e = s.end!;
  return refused(e.reason, 'orion.over', { winner: e.draw || e.winner === null ? 'none' : e.winner });
}

/** Placement id of a legal move of `s`, or the rule it breaks. */
export function checkMove(s: OrionState, m: unknown): Result<number> {
  if (s.end) return gameOverError(s);
  const id = placementIdOf(m);
  if (typeof id !== 'number') return { ok: false, error: id };
  const why = whyIllegal(positionOf(s), id);
  return why ? { ok: false, error: why } : ok(id);
}

/** Lays legal placement `id` on `s`: a fresh state; `s` is untouched. */
export function applyId(s: OrionState, id: number): OrionState {
  const pos = positionOf(s);
  const side: Side = s.toMove;
  pos.playId(id);
  const pl = PLACEMENTS[id];
  const colors = pl.isX.map((x) => (x ? 1 - side : side) as Side);
  const index = s.placements.length;
  const cells = [...s.cells];
  const tileAt = [...s.tileAt];
  pl.cells.forEach((c, i) => {
    cells[c] = colors[i];
    tileAt[c] = index;
  });
  const hands: OrionState['hands'] = [{ ...s.hands[0] }, { ...s.hands[1] }];
  hands[side][pl.tile]--;
  const next: OrionState = {
    game: 'orion',
    layout: s.layout,
    galaxies: [...s.galaxies],
    blackHoles: [...s.blackHoles],
    cells,
    tileAt,
    placements: [...s.placements, { side, move: { ...pl.move }, cells: [...pl.cells], colors }],
    hands,
    toMove: pos.side,
    ply: pos.plies,
    vc: [pos.vc(0), pos.vc(1)],
    end: pos.end ? copyEnd(pos.end) : null,
  };
  cache.set(next, pos);
  return next;
}

export function playState(s: OrionState, m: OrionMove): Result<OrionState> {
  const id = checkMove(s, m);
  return id.ok ? ok(applyId(s, id.value)) : id;
}

export function legalIdsOf(s: OrionState): number[] {
  if (s.end) return [];
  const pos = positionOf(s);
  const out = new Int16Array(PLACEMENT_COUNT);
  const n = pos.legalIds(out);
  return Array.from(out.subarray(0, n));
}

export const copyEnd = (e: NonNullable<OrionState['end']>): NonNullable<OrionState['end']> =>
  e.tiebreak ? { ...e, tiebreak: [e.tiebreak[0], e.tiebreak[1]] } : { ...e };
