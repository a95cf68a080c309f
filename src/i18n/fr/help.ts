// Français : /help, ce que fait le bot, ses commandes par groupe et comment
// lancer une première partie (même forme que src/i18n/en/help.ts).
import type { Catalogue } from '../catalogue.js';
import type { help as enHelp } from '../en/help.js';

export const help: Catalogue<typeof enHelp> = {
  help: {
    cmd: { description: 'Ce que fait hexmate, ses commandes, et comment lancer une première partie' },
    title: 'hexmate : Exxit et Orion Duel sur Discord',
    intro:
      'J’organise des parties d’**Exxit** et d’**Orion Duel**, deux jeux de stratégie sur hexagones, entre membres de ce serveur ou contre mon IA. Chaque partie a son propre fil : j’y poste le plateau après chaque coup et je mentionne le joueur dont c’est le tour.',
    firstTitle: 'Votre première partie',
    first:
      '1. Apprenez un jeu avec `/rules` : une courte leçon illustrée, page par page (`/rules game:Exxit`).\n2. Affrontez mon IA au niveau facile : `/play-bot game:Exxit level:easy`. Un fil s’ouvre avec le plateau.\n3. Dans le fil, cliquez sur **Jouer** sous le plateau : des menus ne proposent que des coups légaux, étape par étape, et montrent la position après votre coup avant que vous ne cliquiez sur **Confirmer** (le plus simple sur téléphone). Ou tapez `/move` et choisissez un coup dans la liste. Si un coup est refusé, son bouton **Pourquoi ?** ouvre la page de la règle.\n4. Prêt pour un adversaire humain ? `/challenge game:Exxit opponent:@quelqu’un`, ou sans adversaire pour que n’importe qui puisse accepter.',
    playTitle: 'Jouer',
    play: '`/challenge game [opponent]` : défier quelqu’un, ou n’importe qui ; options pour une partie classée, les tuiles ou la disposition, qui commence et le temps par coup.\n`/play-bot game level` : une partie contre mon IA (facile, moyen ou difficile ; expert, qui réfléchit jusqu’à 10 s par coup, là où les parties sont lentes), non classée.\nBouton **Jouer**, sous le plateau quand c’est votre tour : composer votre coup avec des menus de choix légaux, le voir sur un aperçu, confirmer ; pensé pour les téléphones.\n`/move text` : dans le fil d’une partie, jouer un coup en le tapant (ou en le choisissant dans la liste).\n`/board [detail]` : afficher de nouveau la position ; `detail:True` vous montre en privé ce que l’image laisse de côté (détail du score, réserves, tuiles restantes).\n`/draw`, `/resign` : proposer ou accepter la nulle ; abandonner.\n`/takeback` : demander à reprendre votre dernier coup (l’IA accepte toujours).\n`/abort` : annuler une partie sans résultat, avant que chaque camp ait joué.',
    aroundTitle: 'Autour des parties',
    around:
      '`/rules game [topic]` : les règles illustrées, un thème par page.\n`/games` : les parties en cours ici, avec des liens pour les suivre.\n`/replay game` : la partie rejouée en animation, avec la liste des coups.\n`/puzzle [game]` : une position tirée d’une vraie partie où un coup est nettement le meilleur, à résoudre en privé (un seul essai) ; elle fait bouger votre cote de problèmes.\n**Refaire vos erreurs**, sous l’analyse d’une partie : les positions avant vos erreurs, pour trouver le meilleur coup.\n`/stats [user] [game]` : cotes, bilan, série et dernières parties.\n`/leaderboard game [season]` : les meilleurs joueurs classés, ici ou sur tous les serveurs, depuis toujours ou cette saison.\n`/tournament standings` : le classement d’un tournoi ; on s’y inscrit sur sa fiche.\n`/help` : cette page.',
    adminTitle: 'Pour les admins (Gérer le serveur)',
    admin:
      '`/settings` : le temps par coup par défaut des nouveaux défis, la langue des messages publics du bot, les salons où les parties peuvent commencer, qui peut organiser des tournois, les saisons de classement, les reprises de coup en partie classée, et un salon pour le problème du jour.\n`/tournament create` : un tournoi suisse ou toutes rondes organisé par le bot.\n`/endgame` : clore une partie bloquée ou abîmée, sans résultat ni changement de cote.',
    footer:
      'Vous seul voyez ce message. Les refus citent des règles numérotées (EX-13d pour Exxit, OD-14 pour Orion Duel) : `/rules` les explique toutes.',
  },
};
