// English: the move builder (the Move button's private menus, the preview,
// Confirm / Back) and the words of each game's menu steps (builder.<game>.*,
// the engine's Game.movePaths notes). Move notation and board labels stay as
// players type them in every language.
export const builder = {
  builder: {
    button: { open: 'Move', confirm: 'Confirm', back: 'Back' },
    header: '**Your move** ({side}): choose below. Only legal moves are offered.',
    trail: 'Chosen so far: {steps}',
    hidden:
      '{n, plural, one {# more move is} other {# more moves are}} not listed: type {n, plural, one {it} other {them}} with `/move`.',
    preview:
      'Your move: **{label}** (`{move}`). The board below is the position after it. **Confirm** plays it; **Back** chooses again.',
    previewAlt: '{game} board after the move {move}, not played yet',
    played: 'Played: **{label}** (`{move}`).',
    stale:
      'This move builder was opened on an older position: the game has moved on. Open a new one with the **Move** button of the latest post.',
    oldPost: 'This post shows an older position: the game has moved on. Use the **Move** button of the latest post.',
    gone: 'This choice is not on offer in this position. Open a new move builder with the **Move** button of the latest post.',
    nothing: 'There is nothing for you to choose: the rules play this move for you.',
    chooseMove: 'Choose your move',
    part: '{what} ({first} – {last})',
    count: '{n, plural, one {# move} other {# moves}}',
    notation: '{move}',
    move: '{move}',
    level: { move: 'Choose your move' },
    exxit: {
      level: {
        kind: 'Choose what to do',
        emptyTile: 'Choose an empty tile',
        prisoners: 'Choose a prisoner cell to free',
        stack: 'Choose a stack to dance with',
        direction: 'Choose where {label} dances',
      },
      kind: { place: 'Place a pawn', free: 'Free prisoners', dance: 'Dance', exitDance: 'Exit dance', pass: 'Pass' },
      place: 'place on {label}',
      free: 'free {label} ({tiles, plural, one {# tile laid} other {# tiles laid}})',
      stack: '{label} · {height, plural, one {# pawn} other {# pawns}}',
      dance: 'dance from {label} to {dir}',
      exitDance: 'exit dance from {label} to {dir}',
      pass: 'pass',
    },
    orion: {
      level: {
        tile: 'Choose a tile',
        column: 'Choose a column for {tile}',
        cell: '{tile, select, S1 {Choose the cell of S1} P2 {Choose a cell of P2} other {Choose the cell of {tile}’s X hex (your opponent’s colour)}}',
        orientation: 'Choose how {tile} lies from {cell}',
      },
      tile: '{tile} · {tile, select, S1 {single hex} P2 {two hexes, both yours} D2 {domino} L3 {straight line} V3 {bent line} T3 {triangle} other {tile}} ({left} left)',
      column: 'column {column}',
      cell: '{cell}',
      orientation: '{what} · {cells}',
      move: '{what} · {cells}',
    },
  },
} as const;
