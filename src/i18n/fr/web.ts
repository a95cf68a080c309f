// French: the live game page (issue 21; web/ and src/web).
// Apostrophes: write ’ (a plain ' next to { or } starts an ICU quote); a narrow no-break space before : ; ? ! and %.
export const web = {
  web: {
    pageTitle: '{title} · hexmate',
    live: 'En direct',
    connecting: 'Connexion…',
    reconnecting: 'Connexion perdue : reconnexion…',
    toMove: 'Au tour de {player} ({side})',
    clockLeft: 'Il reste {hours, number, integer} h {minutes, number, integer} min à {player} pour jouer ce coup',
    clockOut: 'Le temps de {player} pour ce coup est écoulé',
    moves: 'Coups',
    noMoves: 'Aucun coup pour l’instant.',
    start: 'Départ',
    position: 'Position {n} sur {total}',
    positionStart: 'Début de la partie ({total, plural, one {# coup joué} other {# coups joués}})',
    slider: 'Position dans la partie',
    previous: 'Coup précédent',
    next: 'Coup suivant',
    backToLive: 'Revenir au direct',
    boardAlt: 'Le plateau : {title}',
    refused: {
      privateTitle: 'Cette partie est privée',
      privateBody: 'Elle se joue en message privé : seuls ses joueurs peuvent la voir, dans Discord.',
      missingTitle: 'Partie introuvable',
      missingBody: 'Il n’y a pas de partie à cette adresse. Vérifiez le lien.',
      busyTitle: 'Trop de requêtes',
      busyBody: 'Patientez un instant puis rechargez la page.',
    },
    pageLink: '-# Suivez cette partie sur le web : {url}',
  },
} as const;
