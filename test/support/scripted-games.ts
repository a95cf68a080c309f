// A short (19-tile) Exxit game found with the engine: 43 plies, six of them forced passes, ending on two passes in a
// row (EX-20b). Played by the bot, menu, replay, French and match-layer move tests.
export const EXXIT_SHORT: readonly string[] = [
  'P 1,0',
  'P 0,1',
  'D 1,0 SW',
  'P 1,-1',
  'P 0,0',
  'D 1,-1 SW',
  'D 0,1 NW',
  'P 1,0',
  'F 0,-1',
  'P 0,1',
  'P 0,-1',
  'D 0,0 NW',
  'D 0,-1 SE',
  'D 1,0 W',
  'D 0,1 NW',
  'P 0,1',
  'P 1,-1',
  'D 0,0 NE',
  'P 0,0',
  'D 0,1 NW',
  'D 1,-1 SW',
  'P 1,-1',
  'D 0,-1 E',
  'P 0,1',
  'D 0,0 SE',
  'P 0,0',
  'D 0,1 NW',
  'F -1,1',
  'D 1,-1 SW',
  'D 0,0 SW',
  'P 0,0',
  'D -1,1 NE',
  'D 0,-1 E',
  'pass',
  'P 1,0',
  'pass',
  'P -1,1',
  'pass',
  'P 0,-1',
  'pass',
  'P 0,1',
  'pass',
  'pass',
];

/**
 * The shortest short (19-tile) Exxit game found by 66,751 random games (2026-12-04): 21 moves chosen, then two forced
 * passes (EX-20b); places, inside and exit dances and a free. Played by tapping in test/web/play.test.ts.
 */
export const EXXIT_QUICK: readonly string[] = [
  'P 1,-1',
  'P 0,1',
  'P 0,0',
  'D 0,1 NW',
  'P 0,1',
  'D 0,0 NE',
  'P 1,0',
  'P 0,0',
  'D 1,-1 SW',
  'P 1,-1',
  'D 1,0 NW',
  'P 1,0',
  'D 0,0 E',
  'D 1,0 NW',
  'P 0,0',
  'F -1,1',
  'P 1,0',
  'D 1,-1 SW',
  'P 1,-1',
  'D 0,0 SE',
  'P 0,0',
  'pass',
  'pass',
];

/**
 * An Orion Duel game (preset 1) won in 7 placements: Orange's line joins the two purple sides (A to K) with Blue's
 * dominoes laying an orange hex in it each time; OD-18, Orange wins. Found greedily with the engine.
 */
export const ORION_QUICK: readonly string[] = [
  'P2 A1 SE',
  'D2 C3 N',
  'L3 C4 NE',
  'D2 F3 N',
  'L3 F4 NE',
  'D2 I3 N',
  'L3 I4 NE',
];

// A seeded random standard Exxit game of 176 plies ending on a third occurrence (EX-20c): 18 positions since the last
// irreversible move, the one seen a third time the 11th of them, so the repetition window has grown past its first
// eight entries. The rules tests replay it; the alpha-beta's tests search its last positions, where the window counts.
export const EXXIT_REPETITION: readonly string[] = (
  'P 0,0|P 1,0|D 0,0 E|P 1,-1|D 1,0 NW|P 1,0|P 0,1|D 1,0 SW|P 0,0|D 0,1 NW|D 0,0 NE|P 1,0|D 1,-1 SE|' +
  'P 0,1|F 0,-1|P 0,-1|P 1,-1|D 1,0 NW|F 1,1|P 0,0|P 1,1|D 1,-1 SE|D 1,0 W|P 2,-2|D 0,0 NW|P 1,0|' +
  'F 0,-2|P 0,-2|P 1,-1|D 0,-1 E|P 0,-1|D 1,-1 W|D 0,-1 NW|F 2,-1|D 0,-2 E|D 1,-2 E|F 3,-2|P 0,-1|' +
  'P 0,-2|D 2,-2 W|D 0,-2 E|P 1,-1|D 1,-2 SW|D 1,-1 NE|P 1,-1|D 1,0 NW|P 3,-2|D 2,-2 E|P 0,0|D 1,-1 SW|' +
  'D 0,0 SE|D 0,-1 SE|F -1,1|D 0,1 NE|D 2,-1 SW|D 1,1 NW|D 1,0 NE|P 1,1|D 3,-2 SW|D 1,-1 SE|D 2,-1 SW|' +
  'F -1,2|D 0,1 E|P 0,-3|P -1,-2|D 0,-3 SW|P 2,-2|P 2,-1|D 2,-2 SE|pass|P -1,2|D 1,0 SW|D 0,1 NW|pass|' +
  'P 0,1|D -1,2 NE|D 0,0 E|D 1,0 NE|P -1,2|D 2,-1 SW|D 0,1 NE|D 1,1 NW|D 2,-1 W|D 1,0 NW|F 1,-3|' +
  'D 1,-1 NW|D 3,-2 W|P 1,-1|D 1,-2 W|D -1,-2 E|D 0,-2 E|F 2,0|D 1,-2 SE|D -1,2 NE|D 2,-2 SW|D 0,0 SW|' +
  'P 0,-1|D 1,-1 W|P 2,-2|D 1,0 SW|D 0,1 W|F -2,-1|D -1,1 SE|P 0,1|D -1,2 NE|D 0,1 NE|D 2,-2 SE|' +
  'D 0,-1 E|P -1,-2|D -1,-1 NW|F 1,-4|D 1,0 NW|D 1,-3 SE|D -1,-2 E|F -1,3|D 1,-2 W|D -1,-2 W|D 0,-2 W|' +
  'F -2,1|D 2,-1 W|D -1,-2 SE|D 1,-1 W|D -1,-1 W|D -2,-1 E|P 2,0|P -2,1|P 1,1|P 1,-2|F -3,-1|P 0,1|' +
  'D 1,1 W|D 0,-1 SE|D 0,1 W|D -1,1 NE|P -2,3|D 0,0 E|P 0,-1|D 2,0 W|D 1,0 NW|D 0,0 NE|D 1,-2 SE|' +
  'D 1,-1 SE|D 0,-1 W|F 1,2|D 1,0 SE|D 0,2 E|D 1,1 SE|P -1,0|D -1,-1 SE|D -1,0 SW|pass|D -2,1 E|' +
  'D 0,1 E|D 1,2 NW|D 1,1 NW|D -2,-2 E|D 1,-1 SE|D 1,0 SW|D 0,-2 W|D 0,1 E|D -1,-2 E|pass|D 1,-2 W|' +
  'D -1,-2 W|D 0,-2 W|pass|D -2,-2 E|D 0,-2 E|D -1,-2 E|pass|D 1,-2 W|D -1,-2 W|D 0,-2 W|pass|' +
  'D -2,-2 E|D 0,-2 E'
).split('|');
