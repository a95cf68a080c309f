// Token layouts: the three presets of OD-11 and seeded random layouts (OD-10).
import { makeRng, randInt } from '../rng.js';
import { CELL_COUNT, cellDistance, parseCellLabel } from './board.js';
import type { CellIndex } from './types.js';

export interface Layout {
  galaxies: CellIndex[];
  blackHoles: CellIndex[];
}

const cellsOf = (labels: string): CellIndex[] => labels.split(' ').map(parseCellLabel);

// OD-11
export const PRESETS: Record<'preset1' | 'preset2' | 'preset3', Layout> = {
  preset1: { galaxies: cellsOf('B2 B6 D5 F1 F9 H5 J2 J6'), blackHoles: cellsOf('B4 D2 D8 F5 H2 H8 J4') },
  preset2: { galaxies: cellsOf('A1 A4 D5 F1 F9 H5 K1 K4'), blackHoles: cellsOf('B1 B4 B7 F5 J1 J4 J7') },
  preset3: { galaxies: cellsOf('A2 D2 D6 D9 H1 H4 H8 K3'), blackHoles: cellsOf('B6 C4 E8 F5 G3 I5 J2') },
};

export const GALAXY_COUNT = 8; // OD-4
export const BLACK_HOLE_COUNT = 7;

/** A random seed in a setup name: letters, digits, '-' and '_', 1..64 long. */
const SEED_RE = /^random:([A-Za-z0-9_-]{1,64})$/;

/** OD-10 constraints; returns the first broken one, or null. */
export function checkLayout(l: Layout): string | null {
  const all = [...l.galaxies, ...l.blackHoles];
  if (l.galaxies.length !== GALAXY_COUNT || l.blackHoles.length !== BLACK_HOLE_COUNT)
    return 'OD-4: 8 galaxies and 7 black holes';
  if (all.some((c) => !Number.isInteger(c) || c < 0 || c >= CELL_COUNT)) return 'OD-10: a token is off the board';
  if (new Set(all).size !== all.length) return 'OD-10: two tokens share a cell';
  for (let i = 0; i < l.galaxies.length; i++)
    for (let j = i + 1; j < l.galaxies.length; j++)
      if (cellDistance(l.galaxies[i], l.galaxies[j]) < 3) return 'OD-10: two galaxies closer than 3';
  for (let i = 0; i < l.blackHoles.length; i++)
    for (let j = i + 1; j < l.blackHoles.length; j++)
      if (cellDistance(l.blackHoles[i], l.blackHoles[j]) < 3) return 'OD-10: two black holes closer than 3';
  for (const g of l.galaxies)
    for (const b of l.blackHoles) if (cellDistance(g, b) < 2) return 'OD-10: a black hole next to a galaxy';
  return null;
}

/**
 * OD-10: a random layout reproducible from its seed. Tokens are drawn one at a
 * time among the cells still allowed; a dead end restarts with the same stream,
 * so the result depends on the seed alone.
 */
export function randomLayout(seed: string): Layout {
  const rng = makeRng(`orion-layout:${seed}`);
  // About 1 draw in 30 hits a dead end; 10,000 in a row never happens, but the
  // loop stays bounded (and deterministic) all the same.
  for (let attempt = 0; attempt < 10_000; attempt++) {
    const galaxies: CellIndex[] = [];
    const blackHoles: CellIndex[] = [];
    let chosen = -1;
    /** Draws one cell among those `ok` allows into `chosen`; false at a dead end. */
    const pick = (ok: (c: number) => boolean): boolean => {
      const free: number[] = [];
      for (let c = 0; c < CELL_COUNT; c++) if (ok(c)) free.push(c);
      if (free.length === 0) return false;
      chosen = free[randInt(rng, free.length)];
      return true;
    };
    let dead = false;
    for (let i = 0; i < GALAXY_COUNT && !dead; i++) {
      if (!pick((c) => !galaxies.includes(c) && galaxies.every((g) => cellDistance(g, c) >= 3))) dead = true;
      else galaxies.push(chosen);
    }
    for (let i = 0; i < BLACK_HOLE_COUNT && !dead; i++) {
      const ok = (c: number): boolean =>
        blackHoles.every((b) => cellDistance(b, c) >= 3) && galaxies.every((g) => cellDistance(g, c) >= 2);
      if (!pick(ok)) dead = true;
      else blackHoles.push(chosen);
    }
    if (!dead) return { galaxies: galaxies.sort((a, b) => a - b), blackHoles: blackHoles.sort((a, b) => a - b) };
  }
  return { galaxies: [...PRESETS.preset1.galaxies], blackHoles: [...PRESETS.preset1.blackHoles] };
}

/** The layout of a setup name, or null when the name is not a setup (OD-10, OD-11). */
export function layoutOf(setup: string): Layout | null {
  if (setup === 'preset1' || setup === 'preset2' || setup === 'preset3') {
    const p = PRESETS[setup];
    return { galaxies: [...p.galaxies], blackHoles: [...p.blackHoles] };
  }
  const m = SEED_RE.exec(setup);
  return m ? randomLayout(m[1]) : null;
}
