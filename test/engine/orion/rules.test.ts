// One table of small positions per rule of rules/orion-duel.md that the other
// files do not name: OD-1, OD-2, OD-4, OD-12, OD-14 (as a table), OD-15.
import { describe, expect, it } from 'vitest';
import { CELLS, cellIndex, parseCellLabel } from '../../../src/engine/orion/board.js';
import { orion } from '../../../src/engine/orion/index.js';
import { whyIllegal } from '../../../src/engine/orion/legal.js';
import { PRESETS, checkLayout } from '../../../src/engine/orion/layout.js';
import { parseMoveText } from '../../../src/engine/orion/notation.js';
import { OrionPosition } from '../../../src/engine/orion/position.js';
import { PLACEMENTS, PLACEMENT_COUNT, placementOf } from '../../../src/engine/orion/tiles.js';
import type { OrionMove, OrionState } from '../../../src/engine/orion/types.js';
import { groupsOf } from '../../../src/engine/orion/victory.js';
import { handMade, playAll, refusal, start } from './helpers.js';
import { errorText, type RuleError } from '../../../src/engine/game.js';
import { refused } from '../refused.js';

const ORANGE = 0;
const BLUE = 1;

/** OD-6, from the rules text: columns A..K of 4 7 8 9 10 9 10 9 8 7 4 cells. */
const SIZES = [4, 7, 8, 9, 10, 9, 10, 9, 8, 7, 4];
const COLUMNS = 'ABCDEFGHIJK'.split('');
const LABELS = COLUMNS.flatMap((col, i) => Array.from({ length: SIZES[i] }, (_, n) => `${col}${n + 1}`));

const texts = (s: OrionState) => orion.legalMoves(s).map((m) => orion.formatMove(s, m));
const tokensOf = (s: OrionState) => {
  const sum = orion.summary(s) as { galaxies: string[]; blackHoles: string[] };
  return { galaxies: sum.galaxies, blackHoles: sum.blackHoles };
};
const cellsOf = (s: OrionState) => orion.summary(s).cells as Record<string, 'orange' | 'blue'>;
const play = (s: OrionState, m: OrionMove): OrionState => {
  const r = orion.play(s, m);
  if (!r.ok) throw new Error(`${orion.formatMove(s, m)}: ${errorText(r.error)}`);
  return r.value;
};

describe('OD-1 Orange moves first', () => {
  it.each(['preset1', 'preset2', 'preset3', 'random:od-1'])(
    "OD-1: %s starts with Orange to move, and the first tile is Orange's",
    (setup) => {
      const s = start(setup);
      expect(orion.toMove(s)).toBe(ORANGE);
      expect(orion.position(s).toMove()).toBe(ORANGE);
      expect(orion.summary(s)).toMatchObject({ toMove: 'orange', ply: 0 });
      // An L3 laid first: Orange's hand loses it; the X hex is blue, the other two orange (OD-8).
      const m = orion.legalMoves(s).find((x) => x.tile === 'L3')!;
      const t = play(s, m);
      expect(t.placements[0]).toMatchObject({ side: ORANGE, colors: [BLUE, ORANGE, ORANGE] });
      expect(t.hands).toEqual([
        { S1: 1, P2: 1, D2: 3, L3: 2, V3: 3, T3: 3 },
        { S1: 1, P2: 1, D2: 3, L3: 3, V3: 3, T3: 3 },
      ]);
      expect(orion.toMove(t)).toBe(BLUE);
    },
  );

  it("OD-1: a stored record whose first tile is Blue's is refused", () => {
    const d = JSON.parse(JSON.stringify(playAll('L3 C7 N')));
    d.placements[0].side = BLUE;
    expect(orion.fromJSON(d)).toMatchObject({
      ok: false,
      error: { code: 'orion.badState', detail: expect.stringMatching(/^placement 1: side 1, but orange was to move/) },
    });
  });
});

describe('OD-2 the 85 cells', () => {
  it('OD-2: every one of the 85 labelled cells takes a tile, and no cell lies beyond them', () => {
    const s = start();
    expect(LABELS).toHaveLength(85);
    expect(s.cells).toHaveLength(85);
    const { galaxies, blackHoles } = tokensOf(s);
    const tokens = new Set([...galaxies, ...blackHoles]);
    // The first tile never covers a token (OD-14): S1 goes on each of the other 70 cells, on its own cell.
    const s1 = new Set<number>();
    for (const label of LABELS) {
      const r = orion.parseMove(s, `S1 ${label}`);
      if (tokens.has(label)) expect(r).toMatchObject({ ok: false, error: { rule: 'OD-14' } });
      else {
        expect(r.ok && orion.formatMove(s, r.value)).toBe(`S1 ${label}`);
        if (r.ok) s1.add(r.value.cell);
      }
    }
    expect(s1.size).toBe(70);
    expect(
      texts(s)
        .filter((t) => t.startsWith('S1 '))
        .sort(),
    ).toEqual(
      LABELS.filter((l) => !tokens.has(l))
        .map((l) => `S1 ${l}`)
        .sort(),
    );
    // One past the end of each column is off the board (the corners are gone: F has 9 cells).
    for (const [i, col] of COLUMNS.entries())
      expect(refusal(s, `S1 ${col}${SIZES[i] + 1}`)).toEqual(
        refused('OD-6', 'orion.noCell', { cell: `${col}${SIZES[i] + 1}` }),
      );
  });
});

describe('OD-4 tokens', () => {
  it.each(['preset1', 'preset2', 'preset3', 'random:1', 'random:od-4'])(
    'OD-4: %s has 8 galaxies and 7 black holes on 15 cells',
    (setup) => {
      const s = start(setup);
      const { galaxies, blackHoles } = tokensOf(s);
      expect([galaxies.length, blackHoles.length]).toEqual([8, 7]);
      expect(new Set([...galaxies, ...blackHoles]).size).toBe(15);
      // The first tile may not cover a token (OD-14): the refusals name 8 galaxies and 7 black holes.
      const errors = LABELS.map((l) => refusal(s, `S1 ${l}`)).filter((e) => e !== null);
      expect(errors).toHaveLength(15);
      expect(errors.every((e) => e.code === 'orion.tokenMustJoin')).toBe(true);
      expect(errors.filter((e) => e.params.galaxies === 1 && e.params.blackHoles === 0)).toHaveLength(8);
      expect(errors.filter((e) => e.params.galaxies === 0 && e.params.blackHoles === 1)).toHaveLength(7);
    },
  );

  it("OD-4: a layout with the seed's 6 black holes, or a galaxy short, is refused", () => {
    const { galaxies, blackHoles } = PRESETS.preset1;
    expect(checkLayout({ galaxies, blackHoles: blackHoles.slice(0, 6) })).toBe('OD-4: 8 galaxies and 7 black holes');
    expect(checkLayout({ galaxies: galaxies.slice(1), blackHoles })).toBe('OD-4: 8 galaxies and 7 black holes');
    expect(checkLayout({ galaxies, blackHoles })).toBeNull();
  });
});

describe('OD-12 the turn', () => {
  // The first ending of the rules' test figures: 18 placements, Blue wins on the last.
  const RECORD =
    'V3 F8 NW R; V3 D3 NE R; T3 C7 SE; P2 B1 NE; L3 G6 SE; D2 I5 NW; V3 H3 S L; V3 E6 N L; P2 C6 NE; D2 H1 SE; D2 C2 NE; D2 J5 NE; L3 J1 S; V3 E10 NE R; L3 C3 SW; T3 H7 SW; T3 G1 S; T3 F4 SE'.split(
      '; ',
    );

  it('OD-12: players alternate, each laying exactly one of their own tiles per turn', () => {
    let s = start();
    const tiles = (h: Record<string, number>) => Object.values(h).reduce((a, b) => a + b, 0);
    RECORD.forEach((text, i) => {
      const mover = i % 2;
      expect(orion.toMove(s)).toBe(mover);
      const m = orion.parseMove(s, text);
      if (!m.ok) throw new Error(`${text}: ${errorText(m.error)}`);
      const t = play(s, m.value);
      expect(t.ply).toBe(i + 1);
      expect(t.placements).toHaveLength(i + 1);
      expect(t.placements[i].side).toBe(mover);
      expect(t.hands[mover]).toEqual({ ...s.hands[mover], [m.value.tile]: s.hands[mover][m.value.tile] - 1 });
      expect(t.hands[1 - mover]).toEqual(s.hands[1 - mover]);
      expect(tiles(t.hands[mover])).toBe(14 - Math.floor(i / 2) - 1);
      if (i < RECORD.length - 1) expect(orion.toMove(t)).toBe(1 - mover);
      s = t;
    });
    expect(orion.outcome(s)).toMatchObject({ over: true, reason: 'OD-18' });
  });

  it('OD-12: there is no pass: every legal move lays a tile, and "pass" is not a move', () => {
    const s = playAll(RECORD.slice(0, 5).join(';'));
    const moves = orion.legalMoves(s);
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) expect(['S1', 'P2', 'D2', 'L3', 'V3', 'T3']).toContain(m.tile); // OD-8
    expect(refusal(s, 'pass')).toMatchObject({ rule: 'OD-22', code: 'orion.cannotRead', params: { text: 'pass' } });
    expect(orion.play(s, { kind: 'pass' } as unknown as OrionMove).ok).toBe(false);
  });

  it('OD-12: a stored record with two tiles in a row by one player is refused', () => {
    const d = JSON.parse(JSON.stringify(playAll(RECORD.slice(0, 3).join(';'))));
    d.placements[2].side = BLUE;
    expect(orion.fromJSON(d)).toMatchObject({
      ok: false,
      error: {
        code: 'orion.badState',
        detail: expect.stringMatching(/^placement 3: side 1, but orange was to move \(OD-12\)/),
      },
    });
  });
});

describe('OD-14 covering a token', () => {
  // Preset 1 (galaxies B2 B6 D5 F1 F9 H5 J2 J6; black holes B4 D2 D8 F5 H2 H8 J4).
  // The mover's O hexes are its colour, the X hex the opponent's: each colour
  // on a token must touch a cell of that colour laid before this move.
  const P1 = 'L3 C7 N; S1 K2'; // orange C5 C6, blue C7 K2; Orange to move
  const P2 = 'L3 C7 N; S1 K2; S1 A1'; // and orange A1; Blue to move
  const P3 = 'L3 C7 N; S1 K2; S1 A1; P2 F7 N'; // and blue F6 F7; Orange to move
  const no = (colour: 'orange' | 'blue', token: string) => {
    const galaxy = token.startsWith('galaxy ');
    const cell = token.split(' ').pop()!;
    return refused('OD-14', 'orion.tokenMustJoin', {
      side: colour === 'orange' ? 0 : 1,
      galaxies: galaxy ? 1 : 0,
      galaxyCells: galaxy ? cell : '',
      blackHoles: galaxy ? 0 : 1,
      blackHoleCells: galaxy ? '' : cell,
    });
  };
  const cases: [string, string, string, RuleError | null][] = [
    // The first tile: nothing to join (OD-14's consequence).
    ['first tile, orange hex on a black hole', 'start', 'S1 F5', no('orange', 'black hole F5')],
    ['first tile, only the blue X hex on a galaxy', 'start', 'D2 D5 N', no('blue', 'galaxy D5')],
    ['the other hex of the same tile does not count', 'start', 'P2 F5 N', no('orange', 'black hole F5')],
    ['next to a token is not on it', 'start', 'S1 E5', null],
    // Orange's own colour (the worked figure), and through the tile's other orange hex.
    ['orange hex on galaxy D5 touches orange C5', P1, 'S1 D5', null],
    ['orange D8 (black hole) joins through D7, which touches C6', P1, 'L3 D6 S', null],
    ['orange D8 and E9 touch only each other', P1, 'P2 D8 SE', no('orange', 'black hole D8')],
    // The X hex, Orange to move: the blue hex needs a blue neighbour.
    ['blue X hex on black hole J4 touches blue K2', P1, 'D2 J4 N', null],
    ['blue X hex on galaxy D5 touches only orange C5', P1, 'D2 D5 N', no('blue', 'galaxy D5')],
    ['orange D5 joins C5 but the blue X hex on F5 joins nothing', P1, 'V3 F5 NW L', no('blue', 'black hole F5')],
    ['both join once blue F6 touches F5', P3, 'V3 F5 NW L', null],
    ['blue F5 joins F6 but orange on galaxy H5 joins nothing', P3, 'V3 F5 NE R', no('orange', 'galaxy H5')],
    // The X hex, Blue to move: the orange hex needs an orange neighbour (the worked figure, and more).
    ['orange X hex on galaxy D5 touches orange C5', P2, 'D2 D5 N', null],
    ['blue hex on galaxy D5 touches no blue', P2, 'D2 D4 S', no('blue', 'galaxy D5')],
    ['orange X hex on black hole B4 touches orange C5', P2, 'D2 B4 N', null],
    ['orange X hex on black hole J4 touches only blue K2', P2, 'D2 J4 N', no('orange', 'black hole J4')],
  ];
  it.each(cases)('OD-14: %s (after %s: %s)', (_name, moves, text, error) => {
    const s = moves === 'start' ? start() : playAll(moves);
    const id = parseMoveText(text);
    if (!id.ok) throw new Error(errorText(id.error));
    const m = PLACEMENTS[id.value].move;
    // The refusal names OD-14 and the colour that fails; the legal list, the
    // fast path's own test and play agree.
    expect(refusal(s, text)).toEqual(error);
    expect(texts(s).includes(orion.formatMove(s, m))).toBe(error === null);
    expect((orion.position(s) as OrionPosition).isLegalId(id.value, s.toMove)).toBe(error === null);
    const r = orion.play(s, m);
    if (error === null) expect(r.ok).toBe(true);
    else expect(r).toMatchObject({ ok: false, error: { rule: 'OD-14' } });
  });
  it('OD-14: a player whose only placements fail on the X hex alone has none, and loses (OD-20)', () => {
    // Hand-made, as in victory.test.ts: orange left of column F, blue from F on,
    // free cells T (2,0) and U (2,1), both tokens (side by side, which OD-10 never
    // lays, but OD-14 is judged per placement), and Z far off. Orange lays its
    // last tile, S1 Z; Blue holds one D2, which fits only on T and U. Either way
    // its O hex (blue) touches blue, and its X hex (orange) touches no orange.
    const [T, U, Z] = [cellIndex(2, 0), cellIndex(2, 1), cellIndex(-3, 0)];
    const cells: number[] = CELLS.map((c) => (c.q < 0 ? ORANGE : BLUE));
    for (const c of [T, U, Z]) cells[c] = -1;
    const pos = OrionPosition.fromState(
      handMade({ cells, galaxies: [T], blackHoles: [U], hands: [{ S1: 1 }, { D2: 1 }], toMove: ORANGE, ply: 20 }),
    );
    const d2 = [placementOf({ tile: 'D2', cell: T, dir: 'S' }), placementOf({ tile: 'D2', cell: U, dir: 'N' })];
    for (const id of d2) expect(pos.isLegalId(id, BLUE)).toBe(false);
    expect(pos.legalIds(new Int16Array(PLACEMENT_COUNT), BLUE)).toBe(0);
    pos.playId(placementOf({ tile: 'S1', cell: Z }));
    expect([pos.vc(ORANGE).total, pos.vc(BLUE).total]).toEqual([0, 0]);
    for (const id of d2)
      expect(whyIllegal(pos, id)).toMatchObject({ rule: 'OD-14', code: 'orion.tokenMustJoin', params: { side: 0 } });
    expect(pos.outcome()).toEqual({ over: true, winner: ORANGE, draw: false, reason: 'OD-20' });
  });
});

describe('OD-14: the refusal names every token a colour would cover off its chain', () => {
  // Hand-made (as above): an empty board whose two galaxies and two black holes lie side by side, which OD-10 never
  // lays but OD-14 judges per placement. Orange's P2 (two orange hexes, no X) over both tokens of a kind touches no
  // orange: refused, and the refusal lists both cells, joined as the catalogues expect ("A, B").
  const [G1, G2, B1, B2] = [cellIndex(0, 0), cellIndex(1, 0), cellIndex(-3, 2), cellIndex(-2, 2)];
  const pos = OrionPosition.fromState(
    handMade({
      cells: new Array(85).fill(-1),
      galaxies: [G1, G2],
      blackHoles: [B1, B2],
      hands: [{ P2: 1 }, { P2: 1 }],
      toMove: ORANGE,
    }),
  );
  const p2Over = (a: number, b: number): number =>
    PLACEMENTS.findIndex(
      (pl) => pl.tile === 'P2' && pl.cells.length === 2 && pl.cells.includes(a) && pl.cells.includes(b),
    );
  const label = (c: number): string => CELLS[c]!.label;
  it.each([
    ['galaxies', G1, G2, { galaxies: 2, galaxyCells: `${label(G1)}, ${label(G2)}`, blackHoles: 0, blackHoleCells: '' }],
    [
      'black holes',
      B1,
      B2,
      { galaxies: 0, galaxyCells: '', blackHoles: 2, blackHoleCells: `${label(B1)}, ${label(B2)}` },
    ],
  ] as const)('two %s', (_kind, a, b, params) => {
    const id = p2Over(a, b);
    expect(id).toBeGreaterThanOrEqual(0);
    expect(whyIllegal(pos, id)).toEqual({
      rule: 'OD-14',
      code: 'orion.tokenMustJoin',
      params: { side: ORANGE, ...params },
    });
    expect(pos.isLegalId(id, ORANGE)).toBe(false);
  });
});

describe('OD-15 covered cells', () => {
  // Each tile covers a token; [cell, colour it takes, tiebreak (OD-19) it gives, a tile over it].
  const cases: [string, string, string, 'orange' | 'blue', [number, number], string][] = [
    ["Orange's own hex on a galaxy", 'L3 C7 N; S1 K2; S1 D5', 'D5', 'orange', [1, 0], 'P2 D6 N'],
    ["Orange's blue X hex on a black hole", 'L3 C7 N; S1 K2; D2 J4 N', 'J4', 'blue', [0, -1], 'P2 J5 N'],
    [
      "Blue's orange X hex on a galaxy (the worked figure)",
      'L3 C7 N; S1 K2; S1 A1; D2 D5 N',
      'D5',
      'orange',
      [1, 0],
      'P2 D6 N',
    ],
    ["Blue's own hex on a black hole", 'L3 C7 N; S1 K2; S1 A1; P2 J4 N', 'J4', 'blue', [0, -1], 'P2 J5 N'],
  ];
  it.each(cases)(
    "OD-15: %s takes the hex's colour for good, and the token stays",
    (_name, moves, cell, colour, tiebreak, over) => {
      let s = playAll(moves);
      const before = tokensOf(start());
      expect(cellsOf(s)[cell]).toBe(colour);
      // The token is still there (the layout does not change), now on that colour.
      expect(tokensOf(s)).toEqual(before);
      expect((orion.position(s) as OrionPosition).tiebreak()).toEqual(tiebreak);
      // Its group (OD-16) is of that colour and holds the token (OD-17).
      const group = groupsOf(s.cells, s.galaxies, s.blackHoles).find((g) => g.cells.includes(parseCellLabel(cell)))!;
      expect(group.color).toBe(colour === 'orange' ? ORANGE : BLUE);
      expect(before.galaxies.includes(cell) ? group.galaxies : group.blackHoles).toBe(1);
      // For good: no tile goes over it, and later tiles never recolour it.
      expect(refusal(s, over)).toEqual(refused('OD-13', 'orion.covered', { cells: '', last: cell, count: 1 }));
      for (let i = 0; i < 6 && !orion.outcome(s).over; i++) {
        s = play(s, orion.legalMoves(s)[0]);
        expect(cellsOf(s)[cell]).toBe(colour);
      }
      expect(tokensOf(s)).toEqual(before);
    },
  );
});
