// English: the words drawn on the board pictures (src/render's painters). The
// side names are `game.<id>.side.*`; cell labels, tile codes and move texts
// (`D B NW`, `P2 J2 SE`) are notation and stay as they are.
export const picture = {
  picture: {
    toMove: 'to move',
    winner: 'winner',
    /** "Red: D B NW". */
    move: '{side}: {label}',
    exxit: {
      reserve: 'reserve {n}',
      stock: 'stock',
      noMoveYet: 'No move yet',
      sowed: 'sowed {cells}',
      exitTo: 'exit to {cell}',
      newTiles: '{n, plural, one {new tile} other {new tiles}} {cells}',
      forcedPass: '{side} has no move: pass',
      wins: '{name} wins {a}–{b}',
      draw: 'Draw {a}–{b}',
      reason: {
        stockEmpty: 'stock empty',
        twoPasses: 'two passes',
        repetition: 'third repetition',
        plyLimit: '1,000 plies',
      },
    },
    orion: {
      /** Next to each player's total of victory conditions (OD-17). */
      vc: 'VC',
      noTilesLeft: 'no tiles left',
      noTileYet: 'No tile yet',
      wins: '{name} wins',
      draw: 'Draw',
      reason: {
        conditions: 'victory conditions {a}–{b}',
        tiebreak: 'tiebreak {a}–{b}',
        blocked: '{loser} cannot lay a tile',
      },
    },
  },
} as const;
