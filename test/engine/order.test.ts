// Game.orderMoves: the legal moves, useful ones first, for lists that show
// only some (autocomplete shows 25). A permutation, cheap, and with the
// order the games promise: Exxit exit dances, dances, frees, then places;
// Orion placements that join the player's groups or cover tokens the right
// way first, central ones first otherwise, spread across the tiles.
import { describe, expect, it } from 'vitest';
import { getGame, type AnyGame } from '../../src/engine/index.js';
import { must, randomPositions } from '../support/random-games.js';
import { CELLS, NEIGHBOURS, parseCellLabel } from '../../src/engine/orion/board.js';
import { groupsOf } from '../../src/engine/orion/victory.js';
import { PLACEMENTS, placementOf } from '../../src/engine/orion/tiles.js';
import type { OrionMove, OrionState } from '../../src/engine/orion/types.js';
import type { ExxitMove } from '../../src/engine/exxit/types.js';

const texts = (game: AnyGame, s: unknown, moves: readonly unknown[]) =>
  moves.map((m) => game.formatMove(s, m, 'canonical'));

describe('orderMoves', () => {
  it('is a permutation of the legal moves (both games, random games)', () => {
    for (const [id, setup] of [
      ['exxit', 'standard'],
      ['orion', 'random:5'],
    ] as const) {
      const g = getGame(id);
      for (const s of randomPositions(g, setup, 9)) {
        const legal = g.legalMoves(s);
        const ordered = g.orderMoves!(s, legal);
        expect([...texts(g, s, ordered)].sort()).toEqual([...texts(g, s, legal)].sort());
      }
    }
  });

  it('Exxit: frees before places, more tiles laid first; the board’s label order within a kind', () => {
    const exxit = getGame('exxit');
    let checked = 0;
    for (const seed of [1, 2, 3]) {
      for (const s of randomPositions(exxit, 'standard', seed)) {
        const legal = exxit.legalMoves(s) as ExxitMove[];
        const kinds = new Set(legal.map((m) => m.kind));
        if (!(kinds.has('free') && kinds.has('place'))) continue;
        const ordered = exxit.orderMoves!(s, legal) as ExxitMove[];
        const firstPlace = ordered.findIndex((m) => m.kind === 'place');
        expect(ordered.slice(firstPlace).every((m) => m.kind === 'place')).toBe(true);
        expect(ordered.slice(0, firstPlace).every((m) => m.kind === 'free')).toBe(true);
        const tiles = ordered.slice(0, firstPlace).map((m) => {
          const after = must(exxit.play(s, m)) as { last: { freed: unknown[] } };
          return after.last.freed.length;
        });
        expect(tiles).toEqual([...tiles].sort((a, b) => b - a));
        expect(ordered.slice(firstPlace)).toEqual(legal.filter((m) => m.kind === 'place'));
        // Within a kind, the order the moves were given in, whatever it is.
        const reversed = [...legal].reverse();
        const again = exxit.orderMoves!(s, reversed) as ExxitMove[];
        expect(again.slice(firstPlace)).toEqual(reversed.filter((m) => m.kind === 'place'));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('Orion: the opening offers every tile near the centre; later, moves that join your groups come first', () => {
    const orion = getGame('orion');
    const start = must(orion.initial('preset1')) as OrionState;
    const first = orion.orderMoves!(start, orion.legalMoves(start)) as OrionMove[];
    expect(new Set(first.slice(0, 6).map((m) => m.tile))).toEqual(new Set(['S1', 'P2', 'D2', 'L3', 'V3', 'T3']));
    const dist = (m: OrionMove) =>
      Math.max(
        ...PLACEMENTS[placementOf(m)].cells.map(
          (c) => (Math.abs(CELLS[c].q) + Math.abs(CELLS[c].r) + Math.abs(CELLS[c].q + CELLS[c].r)) / 2,
        ),
      );
    expect(first.slice(0, 25).every((m) => dist(m) <= 2)).toBe(true);

    let s: OrionState = start;
    for (const t of ['V3 F8 NW R', 'V3 D3 NE R', 'T3 C7 SE'])
      s = must(orion.play(s, must(orion.parseMove(s, t)))) as OrionState;
    const me = s.toMove;
    const ordered = orion.orderMoves!(s, orion.legalMoves(s)) as OrionMove[];
    const touchesMine = (c: number) => NEIGHBOURS[c].some((n) => s.cells[n] === me);
    const joins = (m: OrionMove) => {
      const p = PLACEMENTS[placementOf(m)];
      return p.cells.some((c, k) => !p.isX[k] && touchesMine(c));
    };
    expect(ordered.slice(0, 10).every(joins)).toBe(true);
    expect(new Set(ordered.slice(0, 25).map((m) => m.tile)).size).toBeGreaterThanOrEqual(5);
    // A galaxy under your own hex counts for you (OD-17b): S1 on the galaxy F9, next to Blue's F8, before any S1 that
    // only joins.
    const tokens = new Set([...s.galaxies, ...s.blackHoles]);
    const s1 = (c: number) => ordered.findIndex((m) => m.tile === 'S1' && m.cell === c);
    const onGalaxy = s1(parseCellLabel('F9'));
    const onlyJoins = ordered.findIndex((m) => m.tile === 'S1' && touchesMine(m.cell) && !tokens.has(m.cell));
    expect(onGalaxy).toBeGreaterThanOrEqual(0);
    expect(onlyJoins).toBeGreaterThan(onGalaxy);
    // A black hole under your own hex counts for the opponent (OD-17c): S1 on D2, next to Blue's E3, is not a useful
    // move.
    const cleanJoin = (m: OrionMove) => joins(m) && PLACEMENTS[placementOf(m)].cells.every((c) => !tokens.has(c));
    expect(s1(parseCellLabel('D2'))).toBeGreaterThan(ordered.findLastIndex(cleanJoin));
  });

  it('Orion Duel: among moves on no token, more of your groups joined first (within a tile), then none joined', () => {
    const orion = getGame('orion');
    let s = must(orion.initial('preset1')) as OrionState;
    for (const t of ['V3 F8 NW R', 'V3 D3 NE R', 'T3 C7 SE', 'D2 I2 SW', 'L3 E5 NW'])
      s = must(orion.play(s, must(orion.parseMove(s, t)))) as OrionState;
    const me = s.toMove;
    const group = new Int16Array(85).fill(-1);
    groupsOf(s.cells, s.galaxies, s.blackHoles)
      .filter((g) => g.color === me)
      .forEach((g, k) => g.cells.forEach((c) => (group[c] = k)));
    const tokens = new Set([...s.galaxies, ...s.blackHoles]);
    const ordered = orion.orderMoves!(s, orion.legalMoves(s)) as OrionMove[];
    // Groups of mine that a move's own hexes (not its X hexes, OD-15) touch; null for a move on a token.
    const joined = ordered.map((m) => {
      const p = PLACEMENTS[placementOf(m)];
      if (p.cells.some((c) => tokens.has(c))) return null;
      const j = new Set<number>();
      p.cells.forEach((c, k) => {
        if (!p.isX[k]) for (const n of NEIGHBOURS[c]) if (group[n] >= 0) j.add(group[n]);
      });
      return j.size;
    });
    expect(new Set(joined.filter((n) => n !== null && n >= 2)).size).toBeGreaterThanOrEqual(1);
    for (const tile of ['S1', 'P2', 'D2', 'L3', 'V3', 'T3']) {
      const counts = joined.filter((n, i) => n !== null && ordered[i].tile === tile) as number[];
      expect(counts, tile).toEqual([...counts].sort((a, b) => b - a));
    }
    const lastJoin = joined.findLastIndex((n) => n !== null && n > 0);
    const firstLone = joined.findIndex((n) => n === 0);
    expect(lastJoin).toBeLessThan(firstLone);
    // An X hex on a galaxy gives it to the opponent (OD-15, OD-17b): such a move, joining nothing, comes after the
    // moves of its tile that join nothing and cover no token.
    const galaxies = new Set(s.galaxies);
    const xOnGalaxyOnly = (m: OrionMove) => {
      const p = PLACEMENTS[placementOf(m)];
      return (
        p.cells.every((c, k) => !tokens.has(c) || (p.isX[k] && galaxies.has(c))) &&
        p.cells.some((c, k) => p.isX[k] && galaxies.has(c)) &&
        p.cells.every((c, k) => p.isX[k] || NEIGHBOURS[c].every((n) => group[n] < 0))
      );
    };
    let pairs = 0;
    for (const tile of ['S1', 'P2', 'D2', 'L3', 'V3', 'T3']) {
      const firstBad = ordered.findIndex((m) => m.tile === tile && xOnGalaxyOnly(m));
      const lastLone = ordered.findLastIndex((m, i) => m.tile === tile && joined[i] === 0);
      if (firstBad < 0 || lastLone < 0) continue;
      expect(firstBad, tile).toBeGreaterThan(lastLone);
      pairs++;
    }
    expect(pairs).toBeGreaterThanOrEqual(3);
  });
});
