// Damaged Exxit states: every legal move of an accepted one plays. Arbitrary
// move text and JSON for every game: test/engine/fuzz.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exxit } from '../../../src/engine/exxit/index.js';
import type { ExxitState } from '../../../src/engine/exxit/types.js';
import { init, move } from './helpers.js';
import { propertyRuns } from '../../support/property-runs.js';

function midgame(): ExxitState {
  let s = init();
  for (const t of ['P 0,0', 'P 1,0', 'D 0,0 E', 'P 1,-1', 'D 1,0 NW', 'P 0,1']) s = move(s, t);
  return s;
}

/** Every path to a value inside a JSON tree. */
function paths(x: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof x !== 'object' || x === null) return [at];
  const out: (string | number)[][] = [at];
  for (const [k, v] of Object.entries(x)) out.push(...paths(v, [...at, Array.isArray(x) ? Number(k) : k]));
  return out;
}

describe('fuzz', () => {
  it('fromJSON refuses or accepts a damaged state, never throws, and what it accepts plays', () => {
    const base = midgame();
    const all = paths(base).filter((p) => p.length > 0);
    fc.assert(
      fc.property(fc.constantFrom(...all), fc.jsonValue({ maxDepth: 2 }), (path, value) => {
        const s = JSON.parse(JSON.stringify(base));
        let o = s;
        for (const k of path.slice(0, -1)) o = o[k];
        o[path[path.length - 1]] = value;
        const r = exxit.fromJSON(s);
        if (r.ok) {
          for (const m of exxit.legalMoves(r.value)) expect(exxit.play(r.value, m).ok).toBe(true);
          expect(exxit.fromJSON(JSON.parse(JSON.stringify(r.value)))).toEqual(r);
        }
      }),
      { numRuns: propertyRuns(1500) },
    );
  });

  it('fromJSON gives back plain JSON: -0 read from a record is 0 (seed 1647251175 found it)', () => {
    const s = JSON.parse(JSON.stringify(midgame()));
    s.toMove = -0;
    const r = exxit.fromJSON(s);
    expect(r.ok).toBe(true);
    if (r.ok) expect(Object.is((r.value as { toMove: number }).toMove, -0)).toBe(false);
  });
});
