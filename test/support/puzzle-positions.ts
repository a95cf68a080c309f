// Positions of seeded self-play at `medium` where the rules say which move is best (test/engine/puzzle.test.ts finds
// them puzzles): an Orion placement that wins at once (OD-18) and an Exxit Free that lays tiles (EX-18/19).
import { puzzleId, type Puzzle } from '../../src/model/index.js';

export const ORION_WIN_IN_ONE = [
  'P2 C4 N',
  'P2 C6 NE',
  'L3 B3 S',
  'V3 C5 NE R',
  'V3 K1 SW R',
  'V3 F6 N R',
  'L3 H6 N',
  'L3 C7 NW',
  'V3 F2 S L',
  'V3 I4 SE L',
  'L3 K4 NW',
  'T3 I7 N',
  'V3 F7 NE L',
  'L3 F8 NE',
  'T3 D7 NE',
  'T3 E9 S',
  'T3 G9 S',
  'T3 D3 NE',
  'T3 H1 SW',
  'L3 I1 SW',
  'D2 D2 SW',
  'D2 C8 NE',
  'S1 C1',
  'D2 F4 SW',
  'D2 E1 SE',
  'D2 J1 SW',
  'D2 A2 S',
];
export const EXXIT_FREE = [
  'P 1,0',
  'P 0,0',
  'D 1,0 W',
  'P 1,0',
  'D 0,0 E',
  'P 0,0',
  'P 0,1',
  'D 1,0 SW',
  'P 1,0',
  'D 0,1 NE',
  'D 1,0 W',
];

/**
 * Exxit short, random play: after these 61 plies Black's only move is a pass (EX-10), and with Red's pass before it
 * that pass ends the game (EX-20b), Black ahead. At ply 26 Red's lone dance leaves Black a lone dance too (ply 27),
 * after which Red is lost.
 */
export const EXXIT_TWO_PASSES = (
  'P 1,-1;P 0,1;P 0,0;D 0,1 NW;P 1,0;D 0,0 E;P 0,0;P 0,1;D 1,0 SW;P 1,0;D 0,1 NE;D 1,0 NW;P 0,1' +
  ';D 1,-1 SW;P 1,0;P 1,-1;D 0,0 NE;F -1,1;P 0,0;P -1,1;D 0,0 SW;P 0,0;D 1,0 W;F 2,-1;P 2,-1;P -1,2' +
  ';D -1,1 SE;D -1,2 NE;D 0,0 SE;D 1,0 NE;D 1,-1 E;P 0,0;P -1,1;D 0,1 W;D -1,1 NE;D 2,-1 W;F 0,2;P 2,-1' +
  ';P -1,2;P 1,-2;D 1,-1 NW;P 2,-2;D 1,-2 E;D 2,-2 SW;P -1,3;F 0,-1;F 3,-1;P 1,0;P 0,2;D 0,0 SE' +
  ';D -1,2 NE;P 3,-2;D 0,1 NE;D 1,0 NE;P -1,1;F 0,3;P 2,0;D 2,-1 SE;P 0,1;P 1,-2;pass'
).split(';');

/** The two as puzzle records. */
export const testPuzzles = (rating = 1500): Puzzle[] => [
  {
    id: puzzleId('orion', 'preset1', ORION_WIN_IN_ONE),
    game: 'orion',
    setup: 'preset1',
    moves: ORION_WIN_IN_ONE,
    solution: 'S1 J2',
    bestChance: 100,
    secondChance: 50,
    gap: 50,
    rating,
    source: 'mined',
    seed: 1,
  },
  {
    id: puzzleId('exxit', 'short', EXXIT_FREE),
    game: 'exxit',
    setup: 'short',
    moves: EXXIT_FREE,
    solution: 'F 2,-1',
    bestChance: 69.1,
    secondChance: 41.8,
    gap: 27.3,
    rating,
    source: 'mined',
    seed: 1,
  },
];
