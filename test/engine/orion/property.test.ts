// Invariants over many random games (fast-check): tiles are never created or
// lost, every covered cell belongs to one tile, legal moves play, games end,
// replay and JSON are exact, and the fast Position agrees with the pure play
// and with a naive reading of OD-13/OD-14/OD-17.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEIGHBOURS } from '../../../src/engine/orion/board.js';
import { orion } from '../../../src/engine/orion/index.js';
import { OrionPosition } from '../../../src/engine/orion/position.js';
import { PLACEMENTS, PLACEMENT_COUNT, TILE_SIZE, placementOf, shapeCells } from '../../../src/engine/orion/tiles.js';
import { TILE_CODES, TILE_COUNTS, type OrionMove, type OrionState } from '../../../src/engine/orion/types.js';
import { groupsOf, tiebreakScores, victoryConditions } from '../../../src/engine/orion/victory.js';
import { makeRng, randInt } from '../../../src/engine/rng.js';
import { start } from './helpers.js';
import { errorText } from '../../../src/engine/game.js';
import { propertyRuns } from '../../support/property-runs.js';

const SETUPS = fc.oneof(
  fc.constantFrom('preset1', 'preset2', 'preset3'),
  fc.integer({ min: 0, max: 1e6 }).map((n) => `random:${n}`),
);

/** A naive, independent reading of OD-9/OD-13/OD-14: the set of legal placements as sorted keys. */
function naiveLegal(s: OrionState): Set<string> {
  const side = s.toMove;
  const tokens = new Set([...s.galaxies, ...s.blackHoles]);
  const out = new Set<string>();
  TILE_CODES.forEach((tile, kind) => {
    if (s.hands[side][tile] === 0) return;
    for (let a = 0; a < 85; a++)
      for (let d = 0; d < 6; d++)
        for (let t = 0; t < 2; t++) {
          const cells = shapeCells(kind, a, d, t);
          if (!cells || cells.some((c) => s.cells[c] !== -1)) continue;
          const colour = (i: number) => (i === 0 && tile !== 'S1' && tile !== 'P2' ? 1 - side : side);
          let ok = true;
          for (const c of [0, 1]) {
            const mine = cells.filter((_, i) => colour(i) === c);
            if (mine.some((x) => tokens.has(x)) && !mine.some((x) => NEIGHBOURS[x].some((n) => s.cells[n] === c)))
              ok = false;
          }
          if (ok)
            out.add(
              `${tile}:${cells
                .map((c, i) => `${c}/${colour(i)}`)
                .sort()
                .join(',')}`,
            );
        }
  });
  return out;
}
const keyOf = (s: OrionState, m: OrionMove) => {
  const p = PLACEMENTS[placementOf(m)];
  return `${p.tile}:${p.cells
    .map((c, i) => `${c}/${p.isX[i] ? 1 - s.toMove : s.toMove}`)
    .sort()
    .join(',')}`;
};

/** Cheap equality for hot loops (vitest's deep equality is slow on thousands of moves). */
const same = (a: unknown, b: unknown, what: string): void => {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  if (x !== y) expect(x, what).toBe(y);
};
const check = (cond: boolean, what: string): void => {
  if (!cond) expect.fail(what);
};

function checkInvariants(s: OrionState): void {
  // OD-3: 14 tiles per player between hand and board.
  for (const side of [0, 1] as const) {
    for (const t of TILE_CODES) {
      const laid = s.placements.filter((p) => p.side === side && p.move.tile === t).length;
      check(s.hands[side][t] + laid === TILE_COUNTS[t], `OD-3: ${t} of side ${side}`);
    }
  }
  // Every covered cell belongs to exactly one placement, consistent with cells/tileAt.
  const owner = new Array(85).fill(-1);
  s.placements.forEach((p, i) => {
    check(p.cells.length === TILE_SIZE[p.move.tile], 'tile size');
    p.cells.forEach((c, j) => {
      check(owner[c] === -1, 'a cell covered twice');
      owner[c] = i;
      check(s.cells[c] === p.colors[j], 'cell colour');
    });
  });
  same(s.tileAt, owner, 'tileAt');
  for (let c = 0; c < 85; c++) check((s.cells[c] === -1) === (owner[c] === -1), 'covered cells');
  // OD-17 recounted from scratch.
  same(s.vc, victoryConditions(groupsOf(s.cells, s.galaxies, s.blackHoles)), 'OD-17');
  check(s.ply === s.placements.length && s.toMove === s.ply % 2, 'ply/toMove');
}

describe('random games through the pure API', () => {
  it('keep every invariant, and the fast Position agrees at every ply', () => {
    fc.assert(
      fc.property(SETUPS, fc.integer(), (setup, seed) => {
        const rng = makeRng(seed);
        let s = start(setup);
        const pos = orion.position(s);
        const texts: string[] = [];
        let prev = s.vc;
        while (!orion.outcome(s).over) {
          const moves = orion.legalMoves(s);
          check(moves.length > 0, 'no moves but not over');
          check(
            pos.legalMoves().map(placementOf).join() === moves.map(placementOf).join(),
            'Position.legalMoves = legalMoves',
          );
          if (s.ply % 5 === 0)
            same([...moves.map((m) => keyOf(s, m))].sort(), [...naiveLegal(s)].sort(), 'naive OD-13/14');
          // A few of them, and one illegal placement, through play.
          for (let k = 0; k < 3; k++) check(orion.play(s, moves[randInt(rng, moves.length)]).ok, 'a legal move plays');
          const legal = new Set(moves.map(placementOf));
          const other = randInt(rng, PLACEMENT_COUNT);
          if (!legal.has(other)) check(!orion.play(s, PLACEMENTS[other].move).ok, 'an illegal move is refused');
          const m = moves[randInt(rng, moves.length)];
          const before = JSON.stringify(s);
          const r = orion.play(s, m);
          check(JSON.stringify(s) === before, 'play mutated its input');
          if (!r.ok) throw new Error(errorText(r.error));
          texts.push(orion.formatMove(s, m));
          s = r.value;
          pos.play(m);
          checkInvariants(s);
          for (const side of [0, 1] as const)
            for (const k of ['constellations', 'galaxies', 'blackHoles', 'total'] as const)
              check(s.vc[side][k] >= prev[side][k], 'OD-17: VC decreased');
          prev = s.vc;
          same(pos.outcome(), orion.outcome(s), 'outcome');
          check(pos.ply() === s.ply && s.ply <= 28, 'ply');
        }
        expect(orion.legalMoves(s)).toEqual([]);
        // Each way of ending, checked against its rule.
        const e = s.end!;
        if (e.reason === 'OD-18') {
          check(s.vc[0].total !== s.vc[1].total, 'OD-18 needs unequal VC');
          check(e.winner === (s.vc[0].total > s.vc[1].total ? 0 : 1), 'OD-18 winner has more');
        } else {
          check(s.vc[0].total === s.vc[1].total, 'OD-18 first (OD-21)');
          if (e.reason === 'OD-19') {
            const t = tiebreakScores(s.cells, s.galaxies, s.blackHoles);
            same(e.tiebreak, t, 'OD-19 tiebreak');
            check(
              s.ply === 28 && e.draw === (t[0] === t[1]) && (e.draw || e.winner === (t[0] > t[1] ? 0 : 1)),
              'OD-19 result',
            );
          } else {
            check(e.reason === 'OD-20' && s.ply < 28 && naiveLegal(s).size === 0 && e.winner === 1 - s.toMove, 'OD-20');
          }
        }
        expect(pos.legalMoves()).toEqual([]);
        // Replaying the move list gives the same state; JSON round trip is exact.
        let t = start(setup);
        for (const text of texts) {
          const m = orion.parseMove(t, text);
          if (!m.ok) throw new Error(errorText(m.error));
          const r = orion.play(t, m.value);
          if (!r.ok) throw new Error(errorText(r.error));
          t = r.value;
        }
        expect(t).toEqual(s);
        const back = orion.fromJSON(JSON.parse(JSON.stringify(s)));
        expect(back.ok && JSON.stringify(back.value)).toBe(JSON.stringify(s));
        const sum = orion.summary(s);
        expect(sum.over).toBe(true);
      }),
      { numRuns: propertyRuns(50) },
    );
  });
});

describe('random games through the fast Position', () => {
  it('end within 28 plies, with victory conditions matching a flood-fill recount', () => {
    fc.assert(
      fc.property(SETUPS, fc.integer(), (setup, seed) => {
        const rng = makeRng(seed);
        const s0 = start(setup);
        const pos = orion.position(s0) as OrionPosition;
        const ids = new Int16Array(PLACEMENT_COUNT);
        for (;;) {
          const n = pos.legalIds(ids);
          if (pos.ply() % 5 === 2) {
            // The set-based generation agrees with the per-placement mask test.
            const slow: number[] = [];
            for (let id = 0; id < PLACEMENT_COUNT; id++)
              if (pos.hands[pos.side * 6 + PLACEMENTS[id].kind] > 0 && pos.isLegalId(id, pos.side)) slow.push(id);
            check(Array.from(ids.subarray(0, n)).join() === slow.join(), 'legalIds = isLegalId');
            check(pos.end !== null || pos.hasLegal(pos.side) === n > 0, 'hasLegal');
          }
          if (n === 0) break;
          const copy = pos.clone();
          const seen = (p: OrionPosition) =>
            JSON.stringify([p.vc(0), p.vc(1), p.vcTotal(0), p.vcTotal(1), p.tiebreak()]);
          const was = seen(pos);
          const id = ids[randInt(rng, n)];
          pos.playId(id);
          check(copy.ply() === pos.ply() - 1 && seen(copy) === was, 'clone is independent');
          // The same move on the copy gives the same position: nothing of the union-find was shared.
          copy.playId(id);
          check(seen(copy) === seen(pos), 'clone plays alike');
          if (pos.ply() % 3 === 0 || pos.end) {
            const slow = victoryConditions(groupsOf(Array.from(pos.color), s0.galaxies, s0.blackHoles));
            same([pos.vc(0), pos.vc(1)], slow, 'OD-17 fast vs flood fill');
          }
          check(pos.ply() <= 28, 'ply');
        }
        const o = pos.outcome();
        expect(o.over).toBe(true);
        if (o.reason === 'OD-20') expect(pos.hasLegal(pos.toMove())).toBe(false);
        if (o.reason === 'OD-19') expect(pos.ply()).toBe(28);
        expect(pos.tilesLeft(0) + pos.tilesLeft(1)).toBe(28 - pos.ply());
      }),
      { numRuns: propertyRuns(600) },
    );
  });
});

describe('a clone of the fast position', () => {
  it('plays on alone after the original has played another game to its end', () => {
    const rng = makeRng(11);
    const vcs = (p: OrionPosition) => JSON.stringify([p.vc(0), p.vc(1), p.outcome()]);
    for (const setup of ['preset1', 'preset2', 'preset3', 'random:3', 'random:9']) {
      let s = start(setup);
      for (let i = 0; i < 4 && !s.end; i++) {
        const ms = orion.legalMoves(s);
        s = (orion.play(s, ms[randInt(rng, ms.length)]) as { value: OrionState }).value;
      }
      const pos = orion.position(s) as OrionPosition;
      const copy = pos.clone();
      const arrays = (p: OrionPosition) =>
        JSON.stringify(
          [p.sets, p.color, p.hands, p.parent, p.gal, p.bh, p.sideBits, p.galSum, p.bhSum, p.pairs, p.alive, p.hit].map(
            (a) => Array.from(a),
          ),
        );
      const before = arrays(copy);
      // The original goes on to the end: every union of its groups (galaxies, black holes, sides) is made.
      for (let n = pos.legalMoves().length; n > 0 && !pos.outcome().over; n = pos.legalMoves().length)
        pos.play(pos.legalMoves()[randInt(rng, n)]);
      // None of it reached the copy. (A move writes its union-find totals only at the cells it colours, which the
      // copy resets as it colours them in turn, so a shared array of totals would not show in the copy's results
      // below: only here, or in two copies played in turn on the same cells.)
      expect(arrays(copy)).toBe(before);
      // The copy plays another line; at every ply it agrees with a fresh position of the same state.
      while (!s.end) {
        const ms = orion.legalMoves(s);
        const m = ms[randInt(rng, ms.length)];
        s = (orion.play(s, m) as { value: OrionState }).value;
        copy.play(m);
        expect(vcs(copy)).toBe(vcs(orion.position(s) as OrionPosition));
      }
    }
  });
});

describe('every legal move can be played', () => {
  it.each(['preset1', 'preset2', 'random:7'])('at every ply of a random game on %s', (setup) => {
    const rng = makeRng(setup);
    let s = start(setup);
    while (!orion.outcome(s).over) {
      const moves = orion.legalMoves(s);
      for (const m of moves) {
        const r = orion.play(s, m);
        check(r.ok && r.value.ply === s.ply + 1, `${orion.formatMove(s, m)} plays`);
      }
      const r = orion.play(s, moves[randInt(rng, moves.length)]);
      if (!r.ok) throw new Error(errorText(r.error));
      s = r.value;
    }
  });
});
