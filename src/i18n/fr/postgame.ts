// French: the post-game review's post (issue 20; src/commands/kit/review-post.ts).
// Apostrophes: write ’ (a plain ' next to { or } starts an ICU quote); a narrow no-break space before : ; ? ! and %.
export const postgame = {
  reviewPost: {
    title: 'Analyse de la partie · {game}',
    side: '{player} ({side}) : précision **{accuracy, number, integer} %** · {inaccuracies, plural, one {# imprécision} other {# imprécisions}} · {mistakes, plural, one {# erreur} other {# erreurs}} · {blunders, plural, one {# gaffe} other {# gaffes}}',
    sideUngraded: '{player} ({side}) : aucun coup à noter (tous étaient forcés)',
    chartNote:
      'Le graphique : les chances de gain de {side} après chaque coup ; les coups signalés sont pointés de leur couleur.',
    chartAlt: 'Chances de gain de {side} après chaque coup ({game})',
    none: 'Aucune imprécision, erreur ni gaffe : bien joué, tous les deux.',
    moment:
      'Coup {move} : {player} a joué {played}, mieux valait {better} ({grade}, {loss, number, integer} points de chance de gain perdus)',
    momentAlt: 'Coup {move} ({game}) : {played} joué, {better} meilleur',
    grade: { inaccuracy: 'imprécision', mistake: 'erreur', blunder: 'gaffe' },
  },
};
