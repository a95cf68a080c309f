// English: puzzles (issue 20; src/commands/puzzle.ts, the daily post, /stats's line).
export const puzzle = {
  puzzle: {
    cmd: {
      description: 'A puzzle to solve privately: find the best move (one try)',
      game: 'Only this game',
      answer: 'Your move for the puzzle you have open (one try)',
    },
    settings: {
      subcommand: 'Post a daily puzzle in a channel (or turn it off)',
      channel: 'The channel (leave out to turn the daily puzzle off)',
    },
    title: 'Puzzle · {game}',
    prompt:
      '{side} to move: find the best move. One try: answer with `/puzzle answer:` and your move (e.g. `{example}`).',
    info: 'Puzzle rating {rating, number, integer} · your puzzle rating {mine, number, integer}',
    alt: '{game} puzzle: {side} to move',
    solved: 'Right: {move} is the best move.',
    missed: 'Not this time: you played {played}; the best move was {move}.',
    change: 'Your {game} puzzle rating: {before, number, integer} → {after, number, integer}',
    answerAlt: '{game} puzzle: the best move, {move}',
    answerAltMissed: '{game} puzzle: your move {played} and the best move, {move}',
    cooldown: 'You asked for a puzzle just now; try again in {seconds} s.',
    none: 'You have solved or seen every puzzle there is for now. New ones come from finished games: try again later.',
    noneOfGame:
      'You have solved or seen every {game} puzzle there is for now. New ones come from finished games: try again later.',
    answered: 'You have already answered this puzzle: one try each.',
    unknown: 'There is no such puzzle.',
    retryClosed:
      'This puzzle closes the **Retry your mistakes** you had open; the button under the game’s review starts it again.',
    noneOpen: 'You have no puzzle open: ask for one with `/puzzle`.',
    broken: 'This puzzle’s record is damaged; ask for another with `/puzzle`.',
    statsLine: '**Puzzles:** {rating, number, integer} · {solved} of {tries} solved',
    dailyTitle: 'Daily puzzle · {game}',
    dailyBody: '{side} to move: find the best move. Press **Solve** to try it privately (one try).',
    dailyYesterday: 'Yesterday’s answer: {move}',
    solve: 'Solve',
    channelSet: 'A daily puzzle will be posted in {channel}.',
    channelCleared: 'No more daily puzzle in this server.',
    summaryChannel: '**Daily puzzle**: {channel}',
    summaryNone: 'off',
  },
} as const;
