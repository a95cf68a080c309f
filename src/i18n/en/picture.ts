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
      /** The last move as the footer says it (by the engine's note, `engine.exxit.move.*`), most complete first. */
      move: {
        place: '{side}: {label}',
        dance: '{side}: {label} · sowed {sowed}',
        exitDance: '{side}: {label} · {sown, plural, =0 {} other {sowed {sowed}, }}exit to {prisoners}',
        free: '{side}: {label} · {tiles, plural, one {new tile} other {new tiles}} {cells}',
        pass: '{side} has no move: pass',
      },
      wins: '{name} wins {a}–{b}',
      draw: 'Draw {a}–{b}',
      /** Why the game ended (EX-20), by the engine's end note (`engine.exxit.end.*`). */
      end: {
        stockEmpty: 'stock empty',
        twoPasses: 'two passes',
        repetition: 'third repetition',
        plyLimit: '1,000 plies',
      },
    },
    /** A post-game review's pictures (src/render/review.ts). Move texts ({label}) are notation. */
    review: {
      chart: {
        title: 'Win chance',
        /** A player on the chart, when the name is not the colour: "Alice (Red)". */
        player: '{name} ({side})',
        percent: '{n}%',
        /** Under the move numbers of the chart's axis. */
        moves: 'move',
      },
      grade: { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' },
      /** Under a board with moves drawn on it, next to each move's badge. */
      played: 'Played: {label}',
      better: 'Better: {label}',
    },
    orion: {
      /** Next to each player's total of victory conditions (OD-17). */
      vc: 'VC',
      noTilesLeft: 'no tiles left',
      noTileYet: 'No tile yet',
      wins: '{name} wins',
      draw: 'Draw',
      /** The last tile (`engine.orion.move.place`). */
      move: { place: '{side}: {label}' },
      /** Why the game ended (OD-18–OD-20), by the engine's end note (`engine.orion.end.*`). */
      end: {
        conditions: 'victory conditions {orange}–{blue}',
        tiebreak: 'tiebreak {orange} to {blue}',
        blocked: '{blocked, select, 0 {Orange} other {Blue}} cannot lay a tile',
      },
    },
  },
} as const;
