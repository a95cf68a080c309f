// French: puzzles (issue 20; src/commands/puzzle.ts, the daily post, /stats's line).
// Apostrophes: write ’ (a plain ' next to { or } starts an ICU quote); a narrow no-break space before : ; ? ! and %.
export const puzzle = {
  puzzle: {
    cmd: {
      description: 'Un problème à résoudre en privé : trouvez le meilleur coup (un seul essai)',
      game: 'Seulement ce jeu',
      answer: 'Votre coup pour le problème en cours (un seul essai)',
    },
    settings: {
      subcommand: 'Publier un problème du jour dans un salon (ou l’arrêter)',
      channel: 'Le salon (sans salon, le problème du jour s’arrête)',
    },
    title: 'Problème · {game}',
    prompt:
      '{side} joue : trouvez le meilleur coup. Un seul essai : répondez avec `/puzzle answer:` et votre coup (par exemple `{example}`).',
    info: 'Classement du problème {rating, number, integer} · votre classement en problèmes {mine, number, integer}',
    alt: 'Problème de {game} : {side} joue',
    solved: 'Exact : {move} est le meilleur coup.',
    missed: 'Pas cette fois : vous avez joué {played} ; le meilleur coup était {move}.',
    change: 'Votre classement en problèmes de {game} : {before, number, integer} → {after, number, integer}',
    answerAlt: 'Problème de {game} : le meilleur coup, {move}',
    answerAltMissed: 'Problème de {game} : votre coup {played} et le meilleur, {move}',
    cooldown: 'Vous venez de demander un problème ; réessayez dans {seconds} s.',
    none: 'Vous avez vu tous les problèmes disponibles pour l’instant. Les parties terminées en apportent de nouveaux : réessayez plus tard.',
    noneOfGame:
      'Vous avez vu tous les problèmes de {game} disponibles pour l’instant. Les parties terminées en apportent de nouveaux : réessayez plus tard.',
    answered: 'Vous avez déjà répondu à ce problème : un seul essai chacun.',
    unknown: 'Ce problème n’existe pas.',
    retryClosed:
      'Ce problème clôt le **Refaire vos erreurs** que vous aviez en cours ; le bouton sous l’analyse de la partie le relance.',
    noneOpen: 'Vous n’avez aucun problème en cours : demandez-en un avec `/puzzle`.',
    broken: 'L’enregistrement de ce problème est abîmé ; demandez-en un autre avec `/puzzle`.',
    statsLine: '**Problèmes** : {rating, number, integer} · {solved} résolus sur {tries}',
    dailyTitle: 'Problème du jour · {game}',
    dailyBody:
      '{side} joue : trouvez le meilleur coup. Appuyez sur **Résoudre** pour essayer en privé (un seul essai).',
    dailyYesterday: 'La réponse d’hier : {move}',
    solve: 'Résoudre',
    channelSet: 'Un problème du jour sera publié dans {channel}.',
    channelCleared: 'Plus de problème du jour sur ce serveur.',
    summaryChannel: '**Problème du jour** : {channel}',
    summaryNone: 'désactivé',
  },
};
