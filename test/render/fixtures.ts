// Hand-built positions that follow the state types (no engine needed), for
// the render tests: fixed cells with known contents.
import type { Side } from '../../src/engine/game.js';
import { getGame } from '../../src/engine/index.js';
import { makeRng, randInt } from '../../src/engine/rng.js';
import type { ExxitState, ExxitTile } from '../../src/engine/exxit/types.js';
import { CELLS } from '../../src/engine/orion/board.js';
import type { OrionPlacement, OrionState, TileCode } from '../../src/engine/orion/types.js';
import { errorText } from '../../src/engine/game.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const tileLabel = (i: number): string => (i < 26 ? LETTERS[i] : 'A' + LETTERS[i - 26]);

/** An Exxit position: the core plus `extra` tiles, with given stacks. */
export function exxitState(
  opts: {
    extra?: [number, number, Side][];
    stacks?: Record<string, Side[]>;
    prisoners?: [number, number, Side[]][];
    toMove?: Side;
    last?: ExxitState['last'];
    end?: ExxitState['end'];
    reserves?: [number, number];
    stock?: number;
    score?: [number, number];
  } = {},
): ExxitState {
  const cells: [number, number, Side][] = [[0, 0, 0], [1, 0, 0], [1, -1, 1], [0, 1, 1], ...(opts.extra ?? [])];
  const tiles: ExxitTile[] = cells.map(([q, r, color], i) => ({
    q,
    r,
    color,
    label: tileLabel(i),
    stack: opts.stacks?.[`${q},${r}`] ?? [],
  }));
  const prisoners = (opts.prisoners ?? []).map(([q, r, stack], i) => ({ q, r, stack, label: `X${i + 1}` }));
  return {
    game: 'exxit',
    variant: 'standard',
    toMove: opts.toMove ?? 0,
    ply: 0,
    tiles,
    prisoners,
    nextPrisoner: prisoners.length + 1,
    reserves: opts.reserves ?? [8, 8],
    stock: opts.stock ?? 39 - tiles.length,
    passes: 0,
    seen: {},
    last: opts.last ?? null,
    end: opts.end ?? null,
    score: opts.score ?? [4, 2],
  };
}

const PRESET1 = {
  galaxies: ['B2', 'B6', 'D5', 'F1', 'F9', 'H5', 'J2', 'J6'],
  holes: ['B4', 'D2', 'D8', 'F5', 'H2', 'H8', 'J4'],
};
const idx = (label: string): number => CELLS.findIndex((c) => c.label === label);

/** An Orion position on preset 1 with the given tiles laid (cells by label, colours by side). */
export function orionState(
  placed: { side: Side; tile: TileCode; cells: string[]; colors: Side[] }[] = [],
  end: OrionState['end'] = null,
): OrionState {
  const cells = new Array<-1 | 0 | 1>(85).fill(-1);
  const tileAt = new Array<number>(85).fill(-1);
  const placements: OrionPlacement[] = [];
  const hands: OrionState['hands'] = [
    { S1: 1, P2: 1, D2: 3, L3: 3, V3: 3, T3: 3 },
    { S1: 1, P2: 1, D2: 3, L3: 3, V3: 3, T3: 3 },
  ];
  placed.forEach((p, k) => {
    const list = p.cells.map(idx);
    list.forEach((c, j) => {
      cells[c] = p.colors[j];
      tileAt[c] = k;
    });
    placements.push({
      side: p.side,
      move: { tile: p.tile, cell: list[0], dir: p.tile === 'S1' ? undefined : 'N' },
      cells: list,
      colors: p.colors,
    });
    hands[p.side][p.tile]--;
  });
  const zero = { constellations: 0, galaxies: 0, blackHoles: 0, total: 0 };
  return {
    game: 'orion',
    layout: 'preset1',
    galaxies: PRESET1.galaxies.map(idx),
    blackHoles: PRESET1.holes.map(idx),
    cells,
    tileAt,
    placements,
    hands,
    toMove: (placed.length % 2) as Side,
    ply: placed.length,
    vc: [{ ...zero }, { ...zero }],
    end,
  };
}

/** A random finished game's moves, in canonical text. */
export function randomGame(game: 'exxit' | 'orion', setup: string, seed: number): string[] {
  const g = getGame(game);
  const rng = makeRng(seed);
  const s0 = g.initial(setup);
  if (!s0.ok) throw new Error('setup');
  let s = s0.value;
  const out: string[] = [];
  for (let ms = g.legalMoves(s); ms.length; ms = g.legalMoves(s)) {
    const m = ms[randInt(rng, ms.length)];
    out.push(g.formatMove(s, m));
    const r = g.play(s, m);
    if (!r.ok) throw new Error(errorText(r.error));
    s = r.value;
  }
  return out;
}
