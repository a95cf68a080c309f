// French: practice sessions (issue 20) — Refaire vos erreurs, puis les problèmes
// (src/commands/kit/practice-card.ts, src/commands/buttons/practice.ts).
// Apostrophes: write ’ (a plain ' next to { or } starts an ICU quote); a narrow no-break space before punctuation, as the other files.
import type { Catalogue } from '../catalogue.js';
import type { practice as enPractice } from '../en/practice.js';

export const practice: Catalogue<typeof enPractice> = {
  practice: {
    button: { next: 'Suivant', skip: 'Passer', done: 'Terminer' },
    position: {
      retry:
        '**Refaire vos erreurs** · {game} · position {n} sur {total}\nCoup {move} : vous avez joué {played} ici. Trouvez un meilleur coup avec les menus ci-dessous ou `/move`.',
      puzzle: '**Problème** · {game}\nTrouvez le meilleur coup (un seul essai), avec les menus ci-dessous ou `/move`.',
    },
    found: '**Trouvé !** {answer} est le meilleur coup ici.',
    foundClose:
      '**Trouvé !** {answer} est à {loss, number, integer} points de chance de gain du meilleur coup ({best}).',
    missed: '**Pas cette fois.** Vous avez répondu {answer} ; mieux valait {best}.',
    missedLoss:
      '**Pas cette fois.** Vous avez répondu {answer} ({loss, number, integer} points de chance de gain perdus) ; mieux valait {best}.',
    nextHint: 'Appuyez sur **Suivant** pour la position suivante.',
    summary: '**Terminé.** Vous avez trouvé {found} sur {total}.',
    positionAlt: '{game} · position avant le coup {move}',
    answerAlt: '{game} : {answer} répondu, {best} meilleur',
    none: 'Aucune position d’entraînement ne vous attend. Utilisez `/move` dans le fil de votre partie pour y jouer.',
    stale: 'Ce message d’entraînement est dépassé : votre session a avancé (ou une nouvelle l’a remplacée).',
    damaged: 'Votre session d’entraînement était endommagée et a été fermée. Recommencez-la.',
    over: 'Cette session d’entraînement est terminée.',
    answered: 'Cette position a déjà une réponse : appuyez sur **Suivant**.',
    notAnswered: 'Répondez d’abord à cette position, ou appuyez sur **Passer**.',
    judgeFailed:
      'Le moteur n’a pas pu juger votre réponse pour l’instant. Rien n’a été enregistré : réessayez dans un moment.',
  },
  retry: {
    button: 'Refaire vos erreurs',
    notPlayer: 'Seuls les joueurs de cette partie peuvent refaire ses erreurs.',
    noReview: 'Cette partie n’a pas d’analyse terminée à refaire.',
    none: 'Vous n’avez fait ni erreur ni gaffe dans cette partie : rien à refaire. Bien joué !',
  },
};
