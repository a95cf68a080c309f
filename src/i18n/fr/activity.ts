// French: the board as a Discord Activity (issue 21; src/runtime/activity-auth.ts, web/src/activity.ts), and its
// Open board button on a game's board post.
// Apostrophes: write ’ (a plain ' next to { or } starts an ICU quote); a narrow no-break space before : ; ? ! and %.
export const activity = {
  activity: {
    button: 'Ouvrir le plateau',
    off: 'Le plateau n’est plus disponible en Activité sur ce bot. Utilisez **Jouer** ou `/move`.',
    late: 'Le plateau n’a pas pu s’ouvrir à temps : appuyez de nouveau sur **Ouvrir le plateau**.',
    signingIn: 'Connexion avec Discord…',
    refusedTitle: 'Le plateau n’a pas pu s’ouvrir',
    refused: {
      'bad-request': 'La demande de connexion n’a pas été comprise. Fermez l’Activité et ouvrez-la de nouveau.',
      'too-large': 'La demande de connexion était trop grande. Fermez l’Activité et ouvrez-la de nouveau.',
      busy: 'Trop de connexions depuis cet endroit. Attendez une minute et ouvrez de nouveau l’Activité.',
      'bad-code': 'Discord n’a pas confirmé qui vous êtes. Fermez l’Activité et ouvrez-la de nouveau.',
      'not-in-instance':
        'Vous n’êtes pas dans cette Activité. Ouvrez-la depuis le fil de la partie avec **Ouvrir le plateau**.',
      'wrong-channel': 'Cette Activité a été ouverte dans un autre salon. Ouvrez-la depuis le fil de la partie.',
      'no-game': 'Il n’y a pas de partie dans ce salon. Ouvrez le plateau depuis le fil d’une partie.',
      unavailable: 'Discord ou le bot est injoignable. Réessayez dans un instant.',
      denied: 'Le plateau doit savoir qui vous êtes pour s’ouvrir. Ouvrez-le de nouveau et autorisez-le.',
    },
  },
} as const;
