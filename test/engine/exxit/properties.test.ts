// Property tests over random games (fast-check seeds, seeded move choice).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exxit } from '../../../src/engine/exxit/index.js';
import type { ExxitPosition } from '../../../src/engine/exxit/position.js';
import { heightOf, isTile, pawnsOf } from '../../../src/engine/exxit/board.js';
import { makeRng, randInt } from '../../../src/engine/rng.js';
import type { ExxitMove, ExxitState, ExxitVariant } from '../../../src/engine/exxit/types.js';
import { VARIANT_TILES } from '../../../src/engine/exxit/types.js';

const variant = fc.constantFrom<ExxitVariant>('standard', 'blitz', 'short');
import { init } from './helpers.js';
import { propertyRuns } from '../../support/property-runs.js';
const start = (v: ExxitVariant) => init(v);
const text = (ms: ExxitMove[], s: ExxitState) => ms.map((m) => exxit.formatMove(s, m)).sort();

/** Pawns by colour in a state: reserves + stacks + prisoners (EX-2). */
function pawnCount(s: ExxitState): [number, number] {
  const n: [number, number] = [s.reserves[0], s.reserves[1]];
  for (const x of [...s.tiles, ...s.prisoners]) for (const p of x.stack) n[p]++;
  return n;
}

/** An independent EX-20c oracle: the position by colours, straight from the state. */
const positionOf = (s: ExxitState) =>
  JSON.stringify([
    s.toMove,
    s.tiles.map((t) => [t.q, t.r, t.color, t.stack]).sort(),
    s.prisoners.map((p) => [p.q, p.r, p.stack]).sort(),
    s.reserves,
    s.stock,
  ]);

describe('fast path over hundreds of random games (new ones every run)', () => {
  it('keeps pawns and tiles, ends every game, always offers a move', () => {
    fc.assert(
      fc.property(fc.integer(), variant, (seed, v) => {
        const rng = makeRng(seed);
        const pos = exxit.position(start(v)) as ExxitPosition;
        const b = pos.board;
        let broken = '';
        for (;;) {
          const ms = pos.legalMoves();
          if (pos.outcome().over) {
            if (ms.length !== 0) broken = 'moves after the end';
            break;
          }
          if (ms.length === 0) broken = 'no legal move while playing';
          if (broken) break;
          pos.play(ms[randInt(rng, ms.length)]);
          // EX-2: 8 pawns per colour; EX-3: tiles + stock = total; EX-6: prisoner cells hold pawns.
          const n = [b.reserves[0], b.reserves[1]];
          const cells = [...b.tiles.subarray(0, b.nTiles), ...b.pris.subarray(0, b.nPris)];
          for (const c of cells) {
            const v0 = b.cells[c];
            for (let i = 0; i < heightOf(v0); i++) n[(pawnsOf(v0) >>> i) & 1]++;
            if (!isTile(v0) && heightOf(v0) === 0) broken = 'empty prisoner cell';
          }
          if (n[0] !== 8 || n[1] !== 8) broken = `pawns ${n.join(',')}`;
          if (b.nTiles + b.stock !== VARIANT_TILES[v]) broken = 'tiles + stock';
          if (pos.ply() > 1000) broken = 'past the cap';
        }
        expect(broken).toBe('');
        const o = pos.outcome();
        expect(o.over).toBe(true);
        expect(['EX-20a', 'EX-20b', 'EX-20c', 'EX-20d']).toContain(o.reason);
      }),
      { numRuns: propertyRuns(800) },
    );
  });
});

describe('pure API against the fast path', () => {
  it('agree move by move; states are valid, round-trip through JSON and replay exactly', () => {
    fc.assert(
      fc.property(fc.integer(), variant, (seed, v) => {
        const rng = makeRng(seed);
        let s = start(v);
        const pos = exxit.position(s);
        const record: string[] = [];
        const labels: string[] = [];
        const seen = new Map<string, number>([[positionOf(s), 1]]);
        let ply = 0;
        for (;;) {
          const ms = exxit.legalMoves(s);
          expect(text(ms, s)).toEqual(text(pos.legalMoves(), s));
          expect(exxit.outcome(s)).toEqual(pos.outcome());
          expect(pos.toMove()).toBe(s.toMove);
          expect(pos.ply()).toBe(s.ply);
          if (ms.length === 0) break;
          // Every legal move can be played (checked on some plies to keep the suite quick).
          if (ply % 10 === 0) for (const m of ms) expect(exxit.play(s, m).ok).toBe(true);
          const m = ms[randInt(rng, ms.length)];
          record.push(exxit.formatMove(s, m));
          labels.push(exxit.formatMove(s, m, 'label'));
          const r = exxit.play(s, m);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          pos.play(pos.legalMoves().find((x) => exxit.formatMove(s, x) === record.at(-1))!);
          s = r.value;
          ply++;
          expect(pawnCount(s)).toEqual([8, 8]);
          expect(s.tiles.length + s.stock).toBe(VARIANT_TILES[v]);
          // EX-20c against the independent oracle.
          const k = positionOf(s);
          const count = (seen.get(k) ?? 0) + 1;
          seen.set(k, count);
          if (count >= 3)
            expect(s.end?.reason === 'EX-20c' || s.end?.reason === 'EX-20a' || s.end?.reason === 'EX-20b').toBe(true);
          else expect(s.end?.reason).not.toBe('EX-20c');
          if (ply % 5 === 0 || s.end) {
            const json = JSON.parse(JSON.stringify(s));
            expect(json).toEqual(s);
            expect(exxit.fromJSON(json)).toEqual({ ok: true, value: s });
          }
        }
        expect(exxit.outcome(s).over).toBe(true);
        // Replaying the record (canonical and label forms) gives the same state.
        for (const list of [record, labels]) {
          let t = start(v);
          for (const x of list) {
            const m = exxit.parseMove(t, x);
            expect(m.ok).toBe(true);
            if (!m.ok) return;
            t = (exxit.play(t, m.value) as { value: ExxitState }).value;
          }
          expect(t).toEqual(s);
        }
      }),
      { numRuns: propertyRuns(25) },
    );
  });

  it('a position taken mid-game continues exactly like the pure state', () => {
    fc.assert(
      fc.property(fc.integer(), variant, fc.integer({ min: 0, max: 80 }), (seed, v, cut) => {
        const rng = makeRng(seed);
        let s = start(v);
        for (let i = 0; i < cut && !s.end; i++) {
          const ms = exxit.legalMoves(s);
          s = (exxit.play(s, ms[randInt(rng, ms.length)]) as { value: ExxitState }).value;
        }
        const pos = exxit.position(JSON.parse(JSON.stringify(s)));
        const copy = pos.clone();
        const cutState = s;
        // Every array of the copy's board, to see that none is shared with the original's (a move writes the
        // cells, tiles, prisoner cells, reserves, repetition window and what it sowed and freed).
        const b = (copy as ExxitPosition).board;
        const arrays = () =>
          JSON.stringify(
            [b.cells, b.tiles, b.pris, b.prisNo, b.reserves, b.winHash, b.winCount, b.winSnap, b.sown, b.freed].map(
              (a) => Array.from(a),
            ),
          );
        const before = arrays();
        while (!s.end) {
          const ms = exxit.legalMoves(s);
          expect(text(pos.legalMoves(), s)).toEqual(text(ms, s));
          const m = ms[randInt(rng, ms.length)];
          pos.play(pos.legalMoves().find((x) => exxit.formatMove(s, x) === exxit.formatMove(s, m))!);
          s = (exxit.play(s, m) as { value: ExxitState }).value;
        }
        expect(pos.outcome()).toEqual(exxit.outcome(s));
        expect(pos.ply()).toBe(s.ply);
        // The clone was left alone.
        expect(arrays()).toBe(before);
        expect(copy.ply()).toBe(cutState.ply);
        expect(text(copy.legalMoves(), cutState)).toEqual(text(exxit.legalMoves(cutState), cutState));
      }),
      { numRuns: propertyRuns(100) },
    );
  });
});
