// English: takebacks — /takeback, the Takeback button of a board post, the
// offer and its answers, /settings takebacks. Apostrophes: write ’.
export const takeback = {
  takeback: {
    cmd: { description: 'Ask to take back your last move (against the AI: taken back at once)' },
    offer:
      '{to}, {by} asks to take back {count, plural, one {their last move} other {their last move and what followed it}}: {moves}. The offer lapses with the next move.',
    owedLine: '{count, plural, one {One move was} other {# moves were}} taken back.',
    line: '{player} took back {count, plural, one {one move} other {# moves}}: {moves}.',
    acceptedBy: 'Takeback accepted by {user}.',
    declinedBy: 'Takeback declined by {user}.',
    withdrawnBy: 'Takeback offer withdrawn by {user}.',
    button: { ask: 'Takeback', accept: 'Accept takeback', decline: 'Decline' },
    tournament: 'Takebacks are not allowed in tournament games.',
    ratedOff: 'Takebacks are off in rated games on this server; an admin can allow them with `/settings takebacks`.',
    ratedOffHere: 'Takebacks are not allowed in rated games here.',
    nothing: 'You have no move of your own to take back yet.',
    alreadyOffered: 'You have asked for a takeback already; it stands until it is answered or the next move is made.',
    answerFirst: '{name} has asked to take back their last move: accept or decline that offer first.',
    stale: 'This takeback offer is no longer valid: the game has moved on, or the offer was answered.',
    staleButton:
      'This Takeback button is out of date: the game has changed since. Use `/takeback` to take back your last move.',
    notYourButton: 'This Takeback button is for {name}. To take back your own last move, use `/takeback`.',
    ownOffer: 'You cannot accept your own takeback offer (Decline withdraws it).',
    settings: {
      subcommand: 'Whether rated games allow takebacks (casual games always do; tournaments never)',
      rated: 'Takebacks in rated games',
      ratedChoice: { on: 'allowed', off: 'not allowed' },
      setOn: 'Players may now ask for takebacks in rated games too (never in tournament games).',
      setOff: 'Takebacks are now for casual games and games against the AI only.',
      summary: '**Takebacks**: {takebacks}',
      summaryOn: 'casual and rated games (this server’s setting), never in tournaments',
      summaryOff: 'casual games and games against the AI; not in rated games or tournaments',
    },
  },
} as const;
