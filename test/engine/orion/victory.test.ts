// OD-16/OD-17/OD-18/OD-19 counting, on hand-made boards with hand-made tokens.
import { describe, expect, it } from 'vitest';
import { cellIndex, parseCellLabel } from '../../../src/engine/orion/board.js';
import { OrionPosition } from '../../../src/engine/orion/position.js';
import { placementOf } from '../../../src/engine/orion/tiles.js';
import type { OrionMove, OrionState } from '../../../src/engine/orion/types.js';
import { groupsOf, tiebreakScores, victoryConditions } from '../../../src/engine/orion/victory.js';
import { handMade } from './helpers.js';

const L = (labels: string) => labels.split(/\s+/).filter(Boolean).map(parseCellLabel);

function board(orange: string, blue: string, galaxies: string, blackHoles: string, toMove: 0 | 1 = 0): OrionState {
  const cells = new Array(85).fill(-1);
  for (const c of L(orange)) cells[c] = 0;
  for (const c of L(blue)) cells[c] = 1;
  return handMade({ cells, galaxies: L(galaxies), blackHoles: L(blackHoles), toMove });
}

/** Both counts, fast (union-find) and from scratch (flood fill), must agree. */
function vcOf(s: OrionState) {
  const pos = OrionPosition.fromState(s);
  const slow = victoryConditions(groupsOf(s.cells, s.galaxies, s.blackHoles));
  expect([pos.vc(0), pos.vc(1)]).toEqual(slow);
  return slow;
}

const COL_F = 'F1 F2 F3 F4 F5 F6 F7 F8 F9';
const COL_G = 'G1 G2 G3 G4 G5 G6 G7 G8 G9 G10';

describe('OD-17(b) galaxies', () => {
  it.each([
    ['one group of 3', 'F1 F2 F3', 'F1 F2 F3', 0],
    ['one group of 4', 'F1 F2 F3 F4', 'F1 F2 F3 F4', 1],
    ['one group of 7', 'F1 F2 F3 F4 F5 F6 F7', 'F1 F2 F3 F4 F5 F6 F7', 1],
    ['one group of 8', COL_F, 'F1 F2 F3 F4 F5 F6 F7 F8', 2],
    ['two groups of 4', 'F1 F2 F3 F4 F6 F7 F8 F9', 'F1 F2 F3 F4 F6 F7 F8 F9', 2],
    ['two groups of 3 + 1', 'F1 F2 F3 F5 F7 F8 F9', 'F1 F2 F3 F5 F7 F8 F9 A1', 0],
  ])('%s → %i for its owner', (_name, orange, galaxies, points) => {
    const [o, b] = vcOf(board(orange, '', galaxies, ''));
    expect(o.galaxies).toBe(points);
    expect(b.galaxies).toBe(0);
  });
});

describe('OD-17(c) black holes count for the other player', () => {
  it.each([
    ['2 on one group', 'G1 G2', 0],
    ['3 on one group', 'G1 G2 G3', 1],
    ['5 on one group', 'G1 G2 G3 G4 G5', 1],
    ['6 on one group', 'G1 G2 G3 G4 G5 G6', 2],
    ['7 on one group (the reference misses the second point; we do not)', 'G1 G2 G3 G4 G5 G6 G7', 2],
  ])('%s of blue → %i for Orange', (_name, holes, points) => {
    const [o, b] = vcOf(board('', COL_G, '', holes));
    expect(o.blackHoles).toBe(points);
    expect(b.blackHoles).toBe(0);
  });

  it('two blue groups of 3 give Orange 2, two groups of 2 give nothing', () => {
    expect(vcOf(board('', 'G1 G2 G3 G5 G6 G7', '', 'G1 G2 G3 G5 G6 G7'))[0].blackHoles).toBe(2);
    expect(vcOf(board('', 'G1 G2 G4 G5', '', 'G1 G2 G4 G5'))[0].blackHoles).toBe(0);
  });
});

describe('OD-17(a) constellations', () => {
  it('a group touching both sides of a pair scores 1, whichever way it winds', () => {
    const [o, b] = vcOf(board('', `${COL_G} F9 E10`, '', ''));
    expect(b.constellations).toBe(1); // green: G1 (r = -5) to E10 (r = +5)
    expect(o.constellations).toBe(0);
    // Touching two sides of different pairs is nothing.
    expect(vcOf(board('A1 A2 B1', '', '', ''))[0].constellations).toBe(0);
  });

  it('two separate groups touching one side each do not count', () => {
    expect(vcOf(board('G1 G2 G3 G4 G6 G7 G8 G9 G10 F9 E10', '', '', ''))[0].constellations).toBe(0);
  });
});

describe('OD-17 departures and OD-18', () => {
  it('a placement taking a group from 3 to 8 galaxies is credited with both points at once, and wins (OD-18)', () => {
    const s = board('F1 F2 F3 F6 F7 F8', '', 'F1 F2 F3 F4 F5 F6 F7 F8', '');
    const pos = OrionPosition.fromState(s);
    expect(pos.vc(0).galaxies).toBe(0);
    const m: OrionMove = { tile: 'P2', cell: parseCellLabel('F5'), dir: 'N' };
    expect(pos.isLegalId(placementOf(m), 0)).toBe(true);
    pos.playId(placementOf(m));
    expect(pos.vc(0)).toEqual({ constellations: 0, galaxies: 2, blackHoles: 0, total: 2 });
    expect(pos.outcome()).toEqual({ over: true, winner: 0, draw: false, reason: 'OD-18' });
  });

  it('a placement taking a group from 2 to 6 black holes gives the other player 2 at once', () => {
    const s = board('', 'G1 G2 G3 G6 G7 G8', '', 'G1 G2 G4 G5 G7 G8', 1);
    const pos = OrionPosition.fromState(s);
    expect(pos.vc(0).blackHoles).toBe(0);
    const id = placementOf({ tile: 'P2', cell: parseCellLabel('G5'), dir: 'N' });
    expect(pos.isLegalId(id, 1)).toBe(true);
    pos.playId(id);
    expect(pos.vc(0).blackHoles).toBe(2);
    expect(pos.outcome()).toEqual({ over: true, winner: 0, draw: false, reason: 'OD-18' });
  });

  it('the player who did not move can win at once (OD-18)', () => {
    // Blue's chain from G1 to E10 lacks G5; Orange's D2 lays its blue X hex there.
    const s = board('', 'G1 G2 G3 G4 G6 G7 G8 G9 G10 F9 E10', '', '');
    const pos = OrionPosition.fromState(s);
    const id = placementOf({ tile: 'D2', cell: parseCellLabel('G5'), dir: 'SE' });
    expect(pos.isLegalId(id, 0)).toBe(true);
    pos.playId(id);
    expect(pos.vc(1).constellations).toBe(1);
    expect(pos.outcome()).toEqual({ over: true, winner: 1, draw: false, reason: 'OD-18' });
  });

  it('equal victory conditions (1–1) do not end the game', () => {
    const s = board('F1 F2 F3', 'G1 G2 G3 G4 G6 G7 G8 G9 G10 F9 E10', 'F1 F2 F3 F5', '');
    const pos = OrionPosition.fromState(s);
    const id = placementOf({ tile: 'D2', cell: parseCellLabel('G5'), dir: 'NW' }); // blue X on G5, orange on F5
    pos.playId(id);
    expect(pos.vc(0).total).toBe(0);
    expect(pos.vc(1).total).toBe(1);
    const t = OrionPosition.fromState(board('F1 F2 F3 F4', 'G1 G2 G3 G4 G6 G7 G8 G9 G10 F9 E10', 'F1 F2 F3 F4', ''));
    t.playId(placementOf({ tile: 'D2', cell: parseCellLabel('G5'), dir: 'SE' }));
    expect([t.vc(0).total, t.vc(1).total]).toEqual([1, 1]);
    expect(t.outcome().over).toBe(false);
  });
});

describe('OD-19 tiebreak scores', () => {
  it('counts galaxies minus black holes on each colour', () => {
    const s = board('A1 A2 A3', 'K1 K2', 'A1 A2 K1', 'A3 K2 F5');
    expect(tiebreakScores(s.cells, s.galaxies, s.blackHoles)).toEqual([1, 0]);
    expect(OrionPosition.fromState(s).tiebreak()).toEqual([1, 0]);
  });
});

describe('OD-21 order of the end checks', () => {
  const empty = { S1: 0, P2: 0, D2: 0, L3: 0, V3: 0, T3: 0 };
  /** Orange to move with one P2 left, Blue with nothing: the next placement ends the game one way or another. */
  const lastTile = (orange: string, blue: string, galaxies: string, blackHoles: string, ply: number) => {
    const s = board(orange, blue, galaxies, blackHoles);
    s.hands = [{ ...empty, P2: 1 }, { ...empty }];
    s.ply = ply;
    return OrionPosition.fromState(s);
  };
  const p2 = (cell: string) => placementOf({ tile: 'P2', cell: parseCellLabel(cell), dir: 'N' });

  it('OD-18 comes before OD-19 on the last tile', () => {
    const pos = lastTile('F1 F2 F3 F6 F7 F8', '', 'F1 F2 F3 F4 F5 F6 F7 F8', '', 27);
    pos.playId(p2('F5'));
    expect(pos.end).toEqual({ reason: 'OD-18', winner: 0, draw: false });
  });

  it('OD-19 on the last tile when VC are equal: higher score wins, equal draws', () => {
    const win = lastTile('', 'K1', 'F5 A1', 'K1', 27);
    win.playId(p2('F5')); // orange F5, F4: galaxy F5 → Orange 1; black hole K1 → Blue −1
    expect(win.end).toEqual({ reason: 'OD-19', winner: 0, draw: false, tiebreak: [1, -1] });
    const draw = lastTile('', 'K1', 'K1 F5', '', 27);
    draw.playId(p2('F5'));
    expect(draw.end).toEqual({ reason: 'OD-19', winner: null, draw: true, tiebreak: [1, 1] });
    const lose = lastTile('', 'K1', 'K1', 'F5', 27);
    lose.playId(p2('F5'));
    expect(lose.end).toEqual({ reason: 'OD-19', winner: 1, draw: false, tiebreak: [-1, 1] });
  });

  it('OD-18 comes before OD-20, and OD-20 ends a game before the last tile', () => {
    const a = lastTile('F1 F2 F3 F6 F7 F8', '', 'F1 F2 F3 F4 F5 F6 F7 F8', '', 20);
    a.playId(p2('F5'));
    expect(a.end?.reason).toBe('OD-18');
    const b = lastTile('', '', '', '', 20);
    b.playId(p2('F5'));
    expect(b.end).toEqual({ reason: 'OD-20', winner: 0, draw: false });
  });
});

describe('OD-16/OD-17(b) the fast position merging groups', () => {
  // An orange group holding 4 galaxies and another holding 3, one empty cell between them on row 0; Orange's S1 there
  // joins them: 7 galaxies in one group is still one condition (⌊7/4⌋). Both ways round, since the merge's
  // bookkeeping depends on which group the new cell meets first.
  const cellAt = (q: number): number => cellIndex(q, 0);
  it.each([
    ['the four on the left', [-4, -3, -2, -1], [1, 2, 3]],
    ['the four on the right', [1, 2, 3, 4], [-3, -2, -1]],
  ])('%s', (_name, four, three) => {
    const galaxies = [...four, ...three].map(cellAt);
    const cells = new Array(85).fill(-1);
    for (const c of galaxies) cells[c] = 0;
    const pos = OrionPosition.fromState(
      handMade({ cells, galaxies, blackHoles: [], hands: [{ S1: 1 }, { S1: 1 }], ply: 7 }),
    );
    expect(pos.vc(0).galaxies).toBe(1);
    pos.playId(placementOf({ tile: 'S1', cell: cellAt(0) }));
    expect(pos.vc(0)).toMatchObject({ galaxies: 1 });
    expect(groupsOf([...pos.color], galaxies, []).filter((g) => g.color === 0)).toHaveLength(1);
  });
});
