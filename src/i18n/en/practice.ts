// English: practice sessions (issue 20) — Retry your mistakes now, puzzles later
// (src/commands/kit/practice-card.ts, src/commands/buttons/practice.ts).
// Apostrophes: write ’ (a plain ' next to { or } starts an ICU quote).
export const practice = {
  practice: {
    button: { next: 'Next', skip: 'Skip', done: 'Done' },
    /** What the waiting position asks, by the session's kind. */
    position: {
      retry:
        '**Retry your mistakes** · {game} · position {n} of {total}\nMove {move}: you played {played} here. Find a better move with the menus below or `/move`.',
      puzzle: '**Puzzle** · {game}\nFind the best move (one try), with the menus below or `/move`.',
    },
    found: '**Found!** {answer} is the best move here.',
    foundClose: '**Found!** {answer} is within {loss, number, integer} points of win chance of the best move ({best}).',
    missed: '**Not this time.** You answered {answer}; better was {best}.',
    missedLoss:
      '**Not this time.** You answered {answer} ({loss, number, integer} points of win chance lost); better was {best}.',
    nextHint: 'Press **Next** for the next position.',
    summary: '**Done.** You found {found} of {total}.',
    positionAlt: '{game} position before move {move}',
    answerAlt: '{game}: {answer} answered, {best} better',
    none: 'You have no practice position waiting. Use `/move` in your game’s thread to play there.',
    stale: 'This practice message is out of date: your session has moved on (or a newer one replaced it).',
    damaged: 'Your practice session was damaged and has been closed. Start it again.',
    over: 'This practice session is over.',
    answered: 'This position is already answered: press **Next**.',
    notAnswered: 'Answer this position first, or press **Skip**.',
    judgeFailed: 'The engine could not judge your answer just now. Nothing was recorded: try again in a moment.',
  },
  retry: {
    button: 'Retry your mistakes',
    notPlayer: 'Only the players of this game can retry its mistakes.',
    noReview: 'This game has no finished review to retry.',
    none: 'You made no mistake or blunder in this game: nothing to retry. Well played!',
  },
} as const;
