// English: the live game page (issue 21; web/ and src/web).
// Apostrophes: write ’ (a plain ' next to { or } starts an ICU quote).
export const web = {
  web: {
    pageTitle: '{title} · hexmate',
    live: 'Live',
    connecting: 'Connecting…',
    reconnecting: 'Connection lost: reconnecting…',
    toMove: '{player} ({side}) to move',
    clockLeft: '{player} has {hours, number, integer} h {minutes, number, integer} min left for this move',
    clockOut: '{player}’s time for this move is up',
    moves: 'Moves',
    noMoves: 'No move yet.',
    start: 'Start',
    position: 'Position {n} of {total}',
    positionStart: 'Start of the game ({total, plural, one {# move} other {# moves}} played)',
    slider: 'Position in the game',
    previous: 'Previous move',
    next: 'Next move',
    backToLive: 'Back to live',
    boardAlt: 'The board: {title}',
    refused: {
      privateTitle: 'This game is private',
      privateBody: 'It is played in a direct message: only its players can see it, in Discord.',
      missingTitle: 'No such game',
      missingBody: 'There is no game at this address. Check the link.',
      busyTitle: 'Too many requests',
      busyBody: 'Wait a moment and reload the page.',
    },
    pageLink: '-# Watch this game on the web: {url}',
  },
} as const;
