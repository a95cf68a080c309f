// Every "Test figures" item of rules/orion-duel.md, as table tests.
import { describe, expect, it } from 'vitest';
import { orion } from '../../../src/engine/orion/index.js';
import { countsByTile, playAll, refusal, start } from './helpers.js';

const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);

describe('empty-board placement counts (OD-9, OD-13, OD-14)', () => {
  it.each([
    ['preset1', { S1: 70, P2: 138, D2: 276, L3: 204, V3: 352, T3: 180 }, 1220],
    ['preset2', { S1: 70, P2: 158, D2: 316, L3: 228, V3: 504, T3: 252 }, 1528],
    ['preset3', { S1: 70, P2: 142, D2: 284, L3: 180, V3: 384, T3: 192 }, 1252],
  ])('%s', (setup, byTile, sum) => {
    const s = start(setup);
    expect(countsByTile(s)).toEqual(byTile);
    expect(total(byTile)).toBe(sum);
    expect(orion.legalMoves(s)).toHaveLength(sum);
  });

  it('the first tile never covers a token (OD-14)', () => {
    const s = start('preset1');
    const tokens = new Set([...s.galaxies, ...s.blackHoles]);
    for (const m of orion.legalMoves(s)) {
      const next = orion.play(s, m);
      expect(next.ok).toBe(true);
      if (next.ok) expect(next.value.placements[0].cells.some((c) => tokens.has(c))).toBe(false);
    }
  });
});

describe('positions a few moves in (preset 1)', () => {
  it('after L3 C7 N; S1 K2 Orange has 1,227 placements and S1 D5 is legal', () => {
    const s = playAll('L3 C7 N; S1 K2');
    expect(orion.summary(s).cells).toEqual({ C5: 'orange', C6: 'orange', C7: 'blue', K2: 'blue' });
    expect(s.toMove).toBe(0);
    expect(countsByTile(s)).toEqual({ S1: 69, P2: 138, D2: 274, L3: 197, V3: 359, T3: 190 });
    expect(orion.legalMoves(s)).toHaveLength(1227);
    expect(refusal(s, 'S1 D5')).toBeNull();
  });

  it('after L3 C7 N; S1 K2; S1 A1 Blue has 1,160; D2 D5 N is legal and S1 D5 is not', () => {
    const s = playAll('L3 C7 N; S1 K2; S1 A1');
    expect(s.toMove).toBe(1);
    expect(orion.legalMoves(s)).toHaveLength(1160);
    expect(countsByTile(s)).toEqual({ S1: 0, P2: 137, D2: 274, L3: 194, V3: 363, T3: 192 });
    expect(refusal(s, 'D2 D5 N')).toBeNull();
    // Blue laid its only S1 on K2 already (OD-3) — and no blue hex touches D5 either (OD-14).
    expect(refusal(s, 'S1 D5')?.rule).toBe('OD-3');
    expect(refusal(s, 'D2 D4 S')).toMatchObject({ rule: 'OD-14', code: 'orion.tokenMustJoin', params: { side: 1 } });
  });
});

describe('endings (preset 1)', () => {
  it('the 18th placement joins the red sides for Blue: 0–1, Blue wins at once (OD-18)', () => {
    const moves =
      'V3 F8 NW R; V3 D3 NE R; T3 C7 SE; P2 B1 NE; L3 G6 SE; D2 I5 NW; V3 H3 S L; V3 E6 N L; P2 C6 NE; D2 H1 SE; D2 C2 NE; D2 J5 NE; L3 J1 S; V3 E10 NE R; L3 C3 SW; T3 H7 SW; T3 G1 S; T3 F4 SE';
    const before = playAll(moves.split(';').slice(0, 17).join(';'));
    expect(orion.outcome(before).over).toBe(false);
    expect(before.vc[0].total).toBe(before.vc[1].total);
    const s = playAll(moves);
    expect(s.ply).toBe(18);
    expect(s.vc[0].total).toBe(0);
    expect(s.vc[1]).toEqual({ constellations: 1, galaxies: 0, blackHoles: 0, total: 1 });
    expect(orion.outcome(s)).toEqual({ over: true, winner: 1, draw: false, reason: 'OD-18' });
    expect(orion.legalMoves(s)).toEqual([]);
    expect(refusal(s, 'S1 F5')).toMatchObject({ rule: 'OD-18', code: 'orion.over' });
  });

  it('Blue to move with three T3 and none fits: Blue loses (OD-20)', () => {
    const s = playAll(
      'D2 I2 SW; D2 C8 N; P2 G8 NE; P2 F3 SE; D2 K1 S; D2 G1 SE; V3 F4 NW R; D2 E8 S; V3 G7 NW L; V3 G5 SE R; V3 G2 SW R; L3 E5 NW; T3 D6 N; V3 C4 NW L; D2 B5 SE; L3 D2 SW; L3 I5 S; S1 G9; S1 A3; V3 H4 SE L; T3 I8 SW; L3 B1 NE; L3 J4 S',
    );
    expect(s.ply).toBe(23);
    expect(s.toMove).toBe(1);
    expect(s.hands[1]).toEqual({ S1: 0, P2: 0, D2: 0, L3: 0, V3: 0, T3: 3 });
    expect(s.vc[0].total).toBe(s.vc[1].total);
    expect(orion.outcome(s)).toEqual({ over: true, winner: 0, draw: false, reason: 'OD-20' });
  });
});
