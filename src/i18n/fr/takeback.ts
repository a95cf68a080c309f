// Français : les reprises de coup — /takeback, le bouton Reprendre d’un
// plateau, l’offre et ses réponses, /settings takebacks.
import type { Catalogue } from '../catalogue.js';
import type { takeback as enTakeback } from '../en/takeback.js';

export const takeback: Catalogue<typeof enTakeback> = {
  takeback: {
    cmd: { description: 'Demander à reprendre votre dernier coup (contre l’IA : repris aussitôt)' },
    offer:
      '{to}, {by} demande à reprendre {count, plural, one {son dernier coup} other {son dernier coup et ce qui a suivi}} : {moves}. L’offre tombe au prochain coup.',
    owedLine: '{count, plural, one {Un coup a été repris} other {# coups ont été repris}}.',
    line: '{player} reprend {count, plural, one {un coup} other {# coups}} : {moves}.',
    acceptedBy: 'Reprise acceptée par {user}.',
    declinedBy: 'Reprise refusée par {user}.',
    withdrawnBy: 'Demande de reprise retirée par {user}.',
    button: { ask: 'Reprendre', accept: 'Accepter la reprise', decline: 'Refuser' },
    tournament: 'Les reprises de coup ne sont pas permises dans les parties de tournoi.',
    ratedOff:
      'Les reprises de coup sont désactivées dans les parties classées de ce serveur ; un administrateur peut les permettre avec `/settings takebacks`.',
    ratedOffHere: 'Les reprises de coup ne sont pas permises ici dans les parties classées.',
    nothing: 'Vous n’avez encore joué aucun coup à reprendre.',
    alreadyOffered:
      'Vous avez déjà demandé une reprise ; la demande tient jusqu’à sa réponse ou jusqu’au prochain coup.',
    answerFirst: '{name} demande à reprendre son dernier coup : acceptez ou refusez d’abord cette demande.',
    stale: 'Cette demande de reprise n’est plus valable : la partie a avancé, ou la demande a reçu sa réponse.',
    staleButton:
      'Ce bouton Reprendre n’est plus à jour : la partie a changé depuis. Utilisez `/takeback` pour reprendre votre dernier coup.',
    notYourButton:
      'Ce bouton Reprendre est pour {name}. Pour reprendre votre propre dernier coup, utilisez `/takeback`.',
    ownOffer: 'Vous ne pouvez pas accepter votre propre demande de reprise (Refuser la retire).',
    settings: {
      subcommand: 'Si les parties classées permettent les reprises (toujours en amical ; jamais en tournoi)',
      rated: 'Reprises dans les parties classées',
      ratedChoice: { on: 'permises', off: 'interdites' },
      setOn: 'Les joueurs peuvent maintenant demander des reprises aussi en partie classée (jamais en tournoi).',
      setOff: 'Les reprises sont maintenant réservées aux parties amicales et contre l’IA.',
      summary: '**Reprises de coup** : {takebacks}',
      summaryOn: 'parties amicales et classées (réglage de ce serveur), jamais en tournoi',
      summaryOff: 'parties amicales et contre l’IA ; ni en partie classée ni en tournoi',
    },
  },
};
