// English: the post-game review's post (issue 20; src/commands/kit/review-post.ts).
// Apostrophes: write ’ (a plain ' next to { or } starts an ICU quote).
export const postgame = {
  reviewPost: {
    title: 'Game review · {game}',
    side: '{player} ({side}): accuracy **{accuracy, number, integer}%** · {inaccuracies, plural, one {# inaccuracy} other {# inaccuracies}} · {mistakes, plural, one {# mistake} other {# mistakes}} · {blunders, plural, one {# blunder} other {# blunders}}',
    sideUngraded: '{player} ({side}): no move to grade (every one was forced)',
    chartNote: 'The graph: {side}’s chance of winning after each move; marked moves are dotted in their colour.',
    chartAlt: 'Win chance of {side} after each move ({game})',
    none: 'No inaccuracy, mistake or blunder: well played, both of you.',
    moment:
      'Move {move}: {player} played {played}, better was {better} ({grade}, {loss, number, integer} points of win chance lost)',
    momentAlt: 'Move {move} ({game}): {played} played, {better} better',
    grade: { inaccuracy: 'inaccuracy', mistake: 'mistake', blunder: 'blunder' },
  },
} as const;
