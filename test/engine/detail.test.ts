// The closer look of both games (Game.detailNotes, `/board detail:true`)
// over random games (fast-check seeds): every figure agrees with the state
// the engine keeps — Exxit's score is its tiles plus its largest group
// (EX-21), pawns are where the state says; Orion's parts add up to the
// victory conditions, the pairs joined are the constellations (OD-17a), the
// tiles left are the hands (OD-3), the tiebreak is OD-19's at the end.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exxit } from '../../src/engine/exxit/index.js';
import type { ExxitVariant } from '../../src/engine/exxit/types.js';
import { errorText, type Game, type Note, type Result } from '../../src/engine/game.js';
import { orion } from '../../src/engine/orion/index.js';
import { TILE_CODES } from '../../src/engine/orion/types.js';
import { makeRng, randInt } from '../../src/engine/rng.js';
import { propertyRuns } from '../support/property-runs.js';

const of = (notes: Note[], id: string, side?: number) =>
  notes.filter((n) => n.id === id && (side === undefined || n.params.side === side));

/** A seeded random game, every state along it. */
function states<S, M>(g: Game<S, M>, setup: string, seed: number): S[] {
  const rng = makeRng(seed);
  const must = (r: Result<S>): S => {
    if (!r.ok) throw new Error(errorText(r.error));
    return r.value;
  };
  let s = must(g.initial(setup));
  const out = [s];
  for (let ms = g.legalMoves(s); ms.length; ms = g.legalMoves(s)) {
    s = must(g.play(s, ms[randInt(rng, ms.length)]));
    out.push(s);
  }
  return out;
}

describe('Exxit detail notes', () => {
  it('each side: score = tiles + largest group = the kept score; reserve, prisoners and stock as in the state', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom<ExxitVariant>('standard', 'blitz', 'short'), (seed, v) => {
        for (const s of states(exxit, v, seed)) {
          const notes = exxit.detailNotes!(s);
          expect(notes.map((n) => n.id)).toEqual(['exxit.detail.side', 'exxit.detail.side', 'exxit.detail.stock']);
          for (const side of [0, 1] as const) {
            const p = of(notes, 'exxit.detail.side', side)[0].params as Record<string, number>;
            expect(p.score).toBe(s.score[side]);
            expect(p.tiles + p.group).toBe(p.score);
            expect(p.tiles).toBe(s.tiles.filter((t) => t.color === side).length);
            expect(p.group).toBeLessThanOrEqual(p.tiles);
            expect(p.reserve).toBe(s.reserves[side]);
            expect(p.prisoners).toBe(s.prisoners.flatMap((x) => x.stack).filter((x) => x === side).length);
          }
          expect(of(notes, 'exxit.detail.stock')[0].params).toEqual({
            stock: s.stock,
            tiles: s.tiles.length + s.stock,
            cells: s.prisoners.length,
          });
        }
      }),
      { numRuns: propertyRuns(10) },
    );
  });
});

describe('Orion Duel detail notes', () => {
  it('the parts add up to the victory conditions, the joined pairs are the constellations, the hands and the tiebreak agree', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom('preset1', 'preset2', 'preset3', 'random:7'), (seed, setup) => {
        for (const s of states(orion, setup, seed)) {
          const notes = orion.detailNotes!(s);
          for (const side of [0, 1] as const) {
            const c = of(notes, 'orion.detail.conditions', side)[0].params as Record<string, number>;
            const vc = s.vc[side];
            expect([c.total, c.constellations, c.galaxies, c.blackHoles]).toEqual([
              vc.total,
              vc.constellations,
              vc.galaxies,
              vc.blackHoles,
            ]);
            expect(c.purple + c.red + c.green).toBe(vc.constellations);
            const n = of(notes, 'orion.detail.next', side)[0].params as Record<string, number>;
            expect(n.galaxyBest).toBeGreaterThanOrEqual(0);
            expect(n.galaxyBest).toBeLessThan(4);
            expect(n.blackHoleBest).toBeGreaterThanOrEqual(0);
            expect(n.blackHoleBest).toBeLessThan(3);
            const t = of(notes, 'orion.detail.tiles', side)[0].params;
            expect(t.count).toBe(TILE_CODES.reduce((k, code) => k + s.hands[side][code], 0));
            // The typed list names each tile left with its count, nothing else.
            const typed = String(t.tiles).split(' ').filter(Boolean);
            expect(typed.reduce((k, x) => k + (x.includes('×') ? Number(x.split('×')[1]) : 1), 0)).toBe(t.count);
          }
          const tb = of(notes, 'orion.detail.tiebreak')[0].params as Record<string, number>;
          expect(tb.orange).toBe(tb.orangeGalaxies - tb.orangeBlackHoles);
          expect(tb.blue).toBe(tb.blueGalaxies - tb.blueBlackHoles);
          if (s.end?.tiebreak) expect([tb.orange, tb.blue]).toEqual(s.end.tiebreak);
        }
      }),
      { numRuns: propertyRuns(25) },
    );
  });
});
