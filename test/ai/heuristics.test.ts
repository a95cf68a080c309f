// The searches' game knowledge (exxit-heuristics.ts, orion-heuristics.ts) against references written here a
// different way: the Orion connection distance by Bellman–Ford relaxation instead of the 0-1 breadth-first search,
// tied to the rules by OD-17a (a distance of 0 is a constellation); the Exxit evaluation and priors from EX-21's
// score; the playouts' choices from scripted random numbers; the Orion random step's spread over the tiles in hand.
import { describe, expect, it } from 'vitest';
import { evaluateExxit, exxitPlayout, exxitPriors } from '../../src/engine/ai/exxit-heuristics.js';
import {
  connectionDistance,
  evaluateOrion,
  orionPriors,
  orionRandomStep,
  placementScores,
} from '../../src/engine/ai/orion-heuristics.js';
import type { Side } from '../../src/engine/game.js';
import { exxit } from '../../src/engine/exxit/index.js';
import type { ExxitPosition } from '../../src/engine/exxit/position.js';
import { scoreOf } from '../../src/engine/exxit/score.js';
import type { ExxitMove } from '../../src/engine/exxit/types.js';
import { CELL_COUNT } from '../../src/engine/orion/board.js';
import { orion } from '../../src/engine/orion/index.js';
import type { OrionPosition } from '../../src/engine/orion/position.js';
import { KIND_COUNT, PLACEMENTS, placementOf } from '../../src/engine/orion/tiles.js';
import type { OrionMove } from '../../src/engine/orion/types.js';
import { makeRng, randInt, type Rng } from '../../src/engine/rng.js';
import { INF, pairs, referenceConnection, referenceDistances } from './fixtures/orion-paths.js';

const logistic = (slope: number, x: number) => 1 / (1 + Math.exp(-slope * x));

/** Every position of a few random Orion games (seeded), each a fresh copy, the finished ones only when asked. */
function orionPositions(games: number, setup = 'preset1', ends = false): OrionPosition[] {
  const out: OrionPosition[] = [];
  for (let g = 0; g < games; g++) {
    const s = orion.initial(g % 2 ? 'preset2' : setup);
    if (!s.ok) throw new Error('no start');
    const pos = orion.position(s.value) as OrionPosition;
    const rng = makeRng(`heuristics-${g}`);
    while (!pos.outcome().over) {
      out.push(pos.clone());
      const ms = pos.legalMoves();
      pos.play(ms[randInt(rng, ms.length)]);
    }
    if (ends) out.push(pos);
  }
  return out;
}

/** Per empty cell, `me`'s shortest connection through it (INF where none passes). */
function referencePaths(color: Int8Array, me: Side): number[] {
  const out = new Array<number>(CELL_COUNT).fill(INF);
  for (const [a, b] of pairs) {
    const da = referenceDistances(color, me, a);
    const db = referenceDistances(color, me, b);
    for (let c = 0; c < CELL_COUNT; c++)
      if (color[c] === -1 && da[c] < INF && db[c] < INF) out[c] = Math.min(out[c], da[c] + db[c] - 1);
  }
  return out;
}

describe('the Orion heuristics', () => {
  const positions = orionPositions(6);

  it('measure the connection distance as a relaxation over the cells does, for both colours at every ply', () => {
    expect(positions.length).toBeGreaterThan(60);
    for (const pos of positions)
      for (const me of [0, 1] as const)
        expect(connectionDistance(pos.color, me)).toBe(referenceConnection(pos.color, me));
  });

  it('give a distance of 0 exactly when a colour has a constellation (OD-17a)', () => {
    let seen = 0;
    for (const pos of orionPositions(40, 'preset1', true))
      for (const me of [0, 1] as const) {
        const joined = pos.vc(me).constellations > 0;
        expect(connectionDistance(pos.color, me) === 0).toBe(joined);
        if (joined) seen++;
      }
    expect(seen).toBeGreaterThan(0);
  });

  it('count an own cell as free and an opponent cell as a wall', () => {
    const pos = positions[10];
    const me = pos.side;
    const d = connectionDistance(pos.color, me);
    const rng = makeRng('walls');
    const empty = [...pos.color.keys()].filter((c) => pos.color[c] === -1);
    for (let k = 0; k < 20; k++) {
      const c = empty[randInt(rng, empty.length)];
      const mine = pos.color.slice();
      mine[c] = me;
      expect(connectionDistance(mine, me)).toBeLessThanOrEqual(d);
      expect(connectionDistance(mine, me)).toBe(referenceConnection(mine, me));
      const theirs = pos.color.slice();
      theirs[c] = 1 - me;
      expect(connectionDistance(theirs, me)).toBeGreaterThanOrEqual(d);
      expect(connectionDistance(theirs, me)).toBe(referenceConnection(theirs, me));
    }
    // A colour walled off from every side has no connection at all.
    expect(connectionDistance(new Int8Array(CELL_COUNT).fill(1), 0)).toBe(INF);
    expect(connectionDistance(new Int8Array(CELL_COUNT).fill(0), 0)).toBe(0);
  });

  it('evaluate a position as the squashed difference of distances, the side to move worth 1.2 cells', () => {
    for (const pos of positions.slice(0, 40)) {
      const x = referenceConnection(pos.color, 1) - referenceConnection(pos.color, 0) + (pos.side === 0 ? 1.2 : -1.2);
      expect(evaluateOrion(pos)).toBeCloseTo(logistic(0.55, x), 12);
    }
    // The empty board: only the tempo counts, for whoever moves.
    expect(evaluateOrion(positions[0])).toBeCloseTo(logistic(0.55, 1.2), 12);
  });

  it('give each placement the worth of its cells: own hexes on either short connection, X hexes a cost', () => {
    // Random positions, and boards where only the mover has hexes down (its shortest connections run through its own
    // cells, the opponent's through none).
    const handMade = [[], [40, 41], [40, 41, 42, 30]].map((cells) => {
      const pos = positions[0].clone();
      for (const c of cells) pos.color[c] = pos.side;
      return pos;
    });
    for (const pos of [...handMade, ...positions.filter((_, i) => i % 5 === 0)]) {
      const me = pos.side;
      const moves = pos.legalMoves();
      const mine = referencePaths(pos.color, me);
      const theirs = referencePaths(pos.color, (1 - me) as Side);
      const bestMine = Math.min(...mine);
      const bestTheirs = Math.min(...theirs);
      const own = new Float64Array(CELL_COUNT);
      const x = new Float64Array(CELL_COUNT);
      for (let c = 0; c < CELL_COUNT; c++) {
        const g = mine[c] >= INF ? 0 : Math.exp(bestMine - mine[c]);
        const t = theirs[c] >= INF ? 0 : Math.exp(bestTheirs - theirs[c]);
        own[c] = g + 0.8 * t;
        x[c] = -0.8 * t;
      }
      const raw = moves.map((m) => {
        const pl = PLACEMENTS[placementOf(m)];
        return pl.cells.reduce((v, c, k) => v + (pl.isX[k] ? x[c] : own[c]), 0);
      });
      const lo = Math.min(...raw);
      const span = Math.max(...raw) - lo || 1;
      const got = orionPriors(pos, moves);
      expect(got).toHaveLength(moves.length);
      for (const [i, v] of raw.entries()) expect(got[i]).toBeCloseTo((v - lo) / span, 9);
    }
  });

  it('scale placement scores to [0, 1] over the moves, with a base added first; equal scores are all 0', () => {
    const pos = positions[4];
    const moves = pos.legalMoves().slice(0, 5);
    const own = new Float64Array(CELL_COUNT).fill(1);
    const x = new Float64Array(CELL_COUNT).fill(-1);
    const sizes = moves.map((m) => {
      const pl = PLACEMENTS[placementOf(m)];
      return pl.isX.reduce((v, isX) => v + (isX ? -1 : 1), 0);
    });
    const lo = Math.min(...sizes);
    const span = Math.max(...sizes) - lo || 1;
    expect(placementScores(moves, own, x)).toEqual(sizes.map((v) => (v - lo) / span));
    const base = [10, 0, 0, 0, 0];
    const withBase = sizes.map((v, i) => v + base[i]);
    const lo2 = Math.min(...withBase);
    const span2 = Math.max(...withBase) - lo2;
    expect(placementScores(moves, own, x, base)).toEqual(withBase.map((v) => (v - lo2) / span2));
    const flat = new Float64Array(CELL_COUNT);
    expect(placementScores(moves, flat, flat)).toEqual([0, 0, 0, 0, 0]);
  });

  it('step a playout by a legal placement, spread over the tiles in hand as the placements are', () => {
    const start = positions[0];
    const legal = start.legalMoves();
    const byKind = new Array<number>(KIND_COUNT).fill(0);
    for (const m of legal) byKind[PLACEMENTS[placementOf(m)].kind]++;
    const played = new Array<number>(KIND_COUNT).fill(0);
    const rng = makeRng('steps');
    const n = 3000;
    for (let k = 0; k < n; k++) {
      const pos = start.clone();
      expect(orionRandomStep(pos, rng)).toBe(true);
      expect(pos.ply()).toBe(start.ply() + 1);
      const kinds = [...pos.hands.slice(start.side * 6, start.side * 6 + 6)].map(
        (h, i) => start.hands[start.side * 6 + i] - h,
      );
      expect(kinds.reduce((a, b) => a + b, 0)).toBe(1);
      played[kinds.indexOf(1)]++;
    }
    for (let k = 0; k < KIND_COUNT; k++) {
      const expected = (n * byKind[k]) / legal.length;
      expect(Math.abs(played[k] - expected), `kind ${k}`).toBeLessThan(5 * Math.sqrt(expected) + 1);
    }
    // Each step lands on a legal placement, mid-game too.
    for (const pos of positions.filter((_, i) => i % 7 === 3)) {
      const before = new Set(pos.legalMoves().map((m) => JSON.stringify(m)));
      const after = pos.clone();
      if (!orionRandomStep(after, makeRng(pos.ply()))) continue;
      const hit = pos
        .legalMoves()
        .filter((m: OrionMove) => {
          const p = pos.clone();
          p.play(m);
          return p.color.every((v, c) => v === after.color[c]);
        })
        .map((m) => JSON.stringify(m));
      expect(hit.length).toBeGreaterThan(0);
      expect(before.has(hit[0])).toBe(true);
    }
  });

  it('stop a playout when the mover has no tile in hand', () => {
    const pos = positions[8].clone();
    pos.hands.fill(0, pos.side * 6, pos.side * 6 + 6);
    const colours = pos.color.slice();
    expect(orionRandomStep(pos, makeRng(1))).toBe(false);
    expect(pos.color).toEqual(colours);
  });
});

/** Positions of random Exxit games where the mover has a Free and something else. */
function exxitPositions(): ExxitPosition[] {
  const out: ExxitPosition[] = [];
  for (let g = 0; g < 4; g++) {
    const s = exxit.initial('standard');
    if (!s.ok) throw new Error('no start');
    const pos = exxit.position(s.value) as ExxitPosition;
    const rng = makeRng(`exxit-heuristics-${g}`);
    while (!pos.outcome().over) {
      out.push(pos.clone());
      const ms = pos.legalMoves();
      pos.play(ms[randInt(rng, ms.length)]);
    }
  }
  return out;
}

/** A random-number source that answers from a script, then 0. */
const scripted = (...values: number[]): Rng => {
  let i = 0;
  return () => values[i++] ?? 0;
};

describe('the Exxit heuristics', () => {
  const positions = exxitPositions();
  const withFree = positions.filter((p) => {
    const ms = p.legalMoves();
    return ms.some((m) => m.kind === 'free') && ms.some((m) => m.kind !== 'free');
  });

  it('evaluate a position as Red’s squashed score lead (EX-21)', () => {
    let ahead = 0;
    for (const pos of positions.filter((_, i) => i % 3 === 0)) {
      const [red, black] = scoreOf(pos.board);
      if (red !== black) ahead++;
      expect(evaluateExxit(pos)).toBeCloseTo(logistic(0.3, red - black), 12);
    }
    expect(ahead).toBeGreaterThan(0);
  });

  it('give a Free the squashed score it gains at once, and every other move an even 0.5', () => {
    expect(withFree.length).toBeGreaterThan(3);
    let gained = 0;
    for (const pos of withFree.slice(0, 12)) {
      const me = pos.board.side;
      const [a, b] = scoreOf(pos.board);
      const base = me === 0 ? a - b : b - a;
      const moves = pos.legalMoves();
      const priors = exxitPriors(pos, moves);
      for (const [i, m] of moves.entries()) {
        if (m.kind !== 'free') {
          expect(priors[i]).toBe(0.5);
          continue;
        }
        const p = pos.clone();
        p.play(m);
        const [c, d] = scoreOf(p.board);
        const gain = (me === 0 ? c - d : d - c) - base;
        if (gain !== 0) gained++;
        expect(priors[i]).toBeCloseTo(logistic(0.5, gain), 12);
      }
    }
    expect(gained).toBeGreaterThan(0);
    const noFree = positions.find((p) => p.legalMoves().length > 1 && p.legalMoves().every((m) => m.kind !== 'free'))!;
    expect(exxitPriors(noFree, noFree.legalMoves())).toEqual(noFree.legalMoves().map(() => 0.5));
  });

  it('take a Free in a playout three times in four when there is one, else any move', () => {
    const pos = withFree[0];
    const moves = pos.legalMoves();
    const frees = [...moves.keys()].filter((i) => moves[i].kind === 'free');
    // Below 0.75: a Free, chosen by the next number among the Frees only.
    expect(exxitPlayout(pos, moves, scripted(0.74, 0))).toBe(frees[0]);
    expect(exxitPlayout(pos, moves, scripted(0.1, 0.999999))).toBe(frees.at(-1));
    if (frees.length > 1) expect(exxitPlayout(pos, moves, scripted(0, 1 / frees.length))).toBe(frees[1]);
    // At 0.75 and above: any move, by the next number.
    expect(exxitPlayout(pos, moves, scripted(0.75, 0))).toBe(0);
    expect(exxitPlayout(pos, moves, scripted(0.9, 0.999999))).toBe(moves.length - 1);
    // Without a Free: any move, whatever the first number said.
    const others: ExxitMove[] = moves.filter((m) => m.kind !== 'free');
    const rest = [{ kind: 'pass' } as ExxitMove, ...others];
    expect(exxitPlayout(pos, rest, scripted(0.1, 0.999999))).toBe(rest.length - 1);
    // A lone move needs no number.
    let asked = 0;
    const counting: Rng = () => (asked++, 0.5);
    expect(exxitPlayout(pos, [moves[frees[0]]], counting)).toBe(0);
    expect(asked).toBe(1);
    // Over many playouts, the share of Frees is 3/4 plus a quarter's share of chance.
    const rng = makeRng('playouts');
    let taken = 0;
    for (let k = 0; k < 4000; k++) if (moves[exxitPlayout(pos, moves, rng)].kind === 'free') taken++;
    const expected = 4000 * (0.75 + 0.25 * (frees.length / moves.length));
    expect(Math.abs(taken - expected)).toBeLessThan(5 * Math.sqrt(4000 * 0.25));
  });
});
