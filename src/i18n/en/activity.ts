// English: the board as a Discord Activity (issue 21; src/runtime/activity-auth.ts, web/src/activity.ts), and its
// Open board button on a game's board post.
// Apostrophes: write ’ (a plain ' next to { or } starts an ICU quote).
export const activity = {
  activity: {
    button: 'Open board',
    off: 'The board is not available as an Activity on this bot any more. Use **Move** or `/move`.',
    late: 'The board could not open in time: press **Open board** again.',
    signingIn: 'Signing in with Discord…',
    refusedTitle: 'The board could not open',
    refused: {
      'bad-request': 'The sign-in request was not understood. Close the Activity and open it again.',
      'too-large': 'The sign-in request was too large. Close the Activity and open it again.',
      busy: 'Too many sign-ins from here. Wait a minute and open the Activity again.',
      'bad-code': 'Discord did not confirm who you are. Close the Activity and open it again.',
      'not-in-instance': 'You are not in this Activity. Open it from the game’s thread with **Open board**.',
      'wrong-channel': 'This Activity was opened in another channel. Open it from the game’s thread.',
      'no-game': 'There is no game in this channel. Open the board from a game’s thread.',
      unavailable: 'Discord or the bot could not be reached. Try again in a moment.',
      denied: 'The board needs to know who you are to open. Open it again and allow it.',
    },
  },
} as const;
