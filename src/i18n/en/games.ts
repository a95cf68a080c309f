// English: the games' names, sides and setup options, and the engine's Notes
// (what a move, a score or an end means), by game. Exxit move notation and
// board labels stay as players type them in every language.
export const games = {
  game: {
    exxit: {
      title: 'Exxit',
      side: { 0: 'Red', 1: 'Black' },
      option: {
        tiles: 'Exxit: tiles in the game',
        tilesChoice: { 39: '39 (standard)', 29: '29 (blitz)', 19: '19 (short)' },
      },
    },
    orion: {
      title: 'Orion Duel',
      side: { 0: 'Orange', 1: 'Blue' },
      option: {
        layout: 'Orion Duel: where the galaxies and black holes are',
        layoutChoice: { random: 'random', preset1: 'preset 1', preset2: 'preset 2', preset3: 'preset 3' },
      },
    },
  },
  engine: {
    exxit: {
      setup: '{tiles} tiles ({variant})',
      move: {
        place: '{label} (place)',
        dance: '{label} (dance)',
        exitDance: '{label} (exit dance, {prisoners})',
        free: '{label} (free, {tiles, plural, one {# tile} other {# tiles}} laid)',
        pass: 'passes (no legal move, EX-10)',
      },
      score:
        'Score (EX-21): Red {red} · Black {black} (tiles + largest group: Red {redTiles} + {redGroup}, Black {blackTiles} + {blackGroup})',
      detail: {
        side: '{side, select, 0 {Red} other {Black}}: {score, plural, one {# point} other {# points}} = {tiles, plural, one {# tile} other {# tiles}} + {group} for the largest group (EX-21) · {reserve, plural, one {# pawn} other {# pawns}} in reserve · {prisoners, plural, =0 {no pawn} one {# pawn} other {# pawns}} held prisoner',
        stock:
          'Stock: {stock, plural, =0 {empty} one {# tile left} other {# tiles left}} of {tiles} (EX-4) · {cells, plural, =0 {no prisoner cell} one {# prisoner cell} other {# prisoner cells}}',
      },
      end: {
        stockEmpty: 'on points, Red {red} to Black {black}: the last tile left the stock, EX-20a',
        twoPasses: 'on points, Red {red} to Black {black}: two passes in a row, neither player could move, EX-20b',
        repetition: 'on points, Red {red} to Black {black}: the same position came up a third time, EX-20c',
        plyLimit: 'on points, Red {red} to Black {black}: 1,000 moves were played, EX-20d',
      },
    },
    orion: {
      setup: {
        preset: 'preset layout {n}',
        random: 'random layout',
      },
      move: { place: '{label}' },
      score:
        'Victory conditions (OD-17): Orange {orange} (constellations {orangeConstellations}, galaxies {orangeGalaxies}, black holes {orangeBlackHoles}) · Blue {blue} (constellations {blueConstellations}, galaxies {blueGalaxies}, black holes {blueBlackHoles})',
      tiebreak: 'Tiebreak (OD-19, galaxies minus black holes on cells of each colour): Orange {orange} · Blue {blue}',
      detail: {
        conditions:
          '{side, select, 0 {Orange} other {Blue}}: {total, plural, one {# victory condition} other {# victory conditions}} (OD-17) = {constellations} {constellations, plural, one {constellation} other {constellations}} (purple sides {purple, plural, =1 {joined} other {not joined}}, red {red, plural, =1 {joined} other {not joined}}, green {green, plural, =1 {joined} other {not joined}}) + {galaxies} for galaxies + {blackHoles} for black holes',
        next: '{side, select, 0 {Orange} other {Blue}}, next points: {galaxies, plural, =2 {galaxies at their most (2)} other {a galaxy point for a group holding 4 galaxies (best group: {galaxyBest} of 4)}} · {blackHoles, plural, =2 {black holes at their most (2)} other {a black-hole point for {side, select, 0 {a Blue} other {an Orange}} group holding 3 black holes (best group: {blackHoleBest} of 3)}}',
        tiles:
          '{side, select, 0 {Orange} other {Blue}}: {count, plural, =0 {no tile left} one {# tile left} other {# tiles left}} (OD-3){count, plural, =0 {} other {: {tiles}}}',
        tiebreak:
          'Tiebreak as the board stands (OD-19, galaxies minus black holes on cells of each colour): Orange {orangeGalaxies} − {orangeBlackHoles} = {orange} · Blue {blueGalaxies} − {blueBlackHoles} = {blue}',
      },
      end: {
        conditions: 'more victory conditions, Orange {orange} to Blue {blue}, OD-18',
        tiebreak:
          'all 28 tiles are down with equal victory conditions, and the tiebreak decides: Orange {orange} to Blue {blue}, OD-19',
        blocked: '{blocked, select, 0 {Orange} other {Blue}} could not lay any of their tiles anywhere, OD-20',
      },
    },
  },
} as const;
