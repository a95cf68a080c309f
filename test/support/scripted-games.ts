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
