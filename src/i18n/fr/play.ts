// Français : parties, coups, tours, résultats, défis, horloges (ICU MessageFormat).
// Typographie : apostrophe ’, espace fine insécable (U+202F) avant : ; ? ! et
// dans les guillemets « ».
import type { Catalogue } from '../catalogue.js';
import type { play as enPlay } from '../en/play.js';

export const play: Catalogue<typeof enPlay> = {
  common: {
    somethingWrong:
      'Un problème est survenu de mon côté. Utilisez `/board` pour voir la position actuelle, puis réessayez.',
    storageUnavailable: 'Le stockage des parties est indisponible pour le moment. Réessayez dans quelques secondes.',
    postFailed:
      'C’est fait, mais je n’ai pas pu publier le plateau tout de suite. Il apparaîtra bientôt dans le salon de la partie.',
    serverOnly: 'Utilisez ceci sur un serveur qui a ajouté hexmate.',
    unknownCommand: 'Je ne connais pas cette commande (la liste des commandes n’est peut-être pas à jour).',
    unsupported: 'Ce type d’interaction n’est pas pris en charge.',
    badButton: 'Ce bouton est mal formé.',
    oldButton: 'Ce bouton vient d’une autre version du bot.',
    andMore: '… et {n, plural, one {# autre} other {# autres}}',
    rated: 'classée',
    casual: 'amicale',
    hours: '{n} h',
    minutes: '{n} min',
    seconds: '{n} s',
  },
  option: {
    game: 'Quel jeu',
    first: 'Qui joue en premier',
    firstChoice: { random: 'au hasard', me: 'moi', them: 'l’adversaire' },
    clock: 'Temps par coup en heures (par défaut : le réglage du serveur, sinon 24)',
    hoursChoice: '{hours} h',
    wrongType: 'L’option {name} n’a pas le bon type.',
    required: 'L’option {name} est obligatoire.',
    notText: 'L’option {name} doit être du texte.',
    tooLong: 'L’option {name} est trop longue ({max} caractères au plus).',
    notAChoice: '{value} n’est pas une valeur valide de {name} (au choix : {choices}).',
    notAChoiceNumber: '{name} doit valoir {choices}.',
    notBoolean: '{name} doit valoir vrai ou faux.',
    userNotFound: 'Je n’ai pas trouvé l’utilisateur indiqué dans {name}.',
    notForGame: '{name} n’est pas une option de {game}.',
  },
  game: {
    matchTitle: '{game} · {first} contre {second}',
    intro: '**{game}** · {first} ({firstSide}) contre {second} ({secondSide}) · {setup}',
    button: { rematch: 'Revanche' },
    archiveReason: 'Partie terminée',
    damaged:
      'L’enregistrement de cette partie est endommagé et elle ne peut pas continuer. Chacun des deux joueurs peut la clore avec `/abort` (sans résultat, cotes inchangées) ; sur un serveur, un administrateur peut aussi utiliser `/endgame`.',
    damagedNote:
      'L’enregistrement de cette partie est endommagé et elle ne peut pas continuer. Chacun des deux joueurs peut la clore avec `/abort`, ou un administrateur du serveur avec `/endgame` (sans résultat, cotes inchangées).',
    unreadable: 'L’enregistrement de cette partie est illisible ; les opérateurs du bot doivent le retirer de la base.',
    noneHere: 'Il n’y a pas de partie dans ce salon. Lancez-en une avec `/challenge` ou `/play-bot`.',
    noneHereYours:
      'Il n’y a pas de partie dans ce salon. {games, plural, one {Votre partie} other {Vos parties}} : {gameList}.',
    overHere: 'La partie de ce salon est terminée. Lancez-en une nouvelle avec `/challenge` ou `/play-bot`.',
    overHereYours:
      'La partie de ce salon est terminée. {games, plural, one {Votre partie} other {Vos parties}} : {gameList}.',
    gone: 'Cette partie n’existe plus.',
    over: 'Cette partie est terminée.',
    notYours: 'Vous ne jouez pas dans cette partie ({first} contre {second}) ; vous pouvez la regarder.',
    changedJustNow: 'La partie vient de changer ; regardez le plateau et réessayez.',
  },
  move: {
    line: '{side} : {what}',
    stale:
      'Ce coup a été choisi sur une position dépassée : la partie a avancé. Regardez le plateau et choisissez à nouveau.',
    aiStale: 'La position a changé pendant la réflexion de l’IA.',
    notYourTurn: 'Ce n’est pas votre tour : c’est à {name} de jouer.',
    notYourTurnAi: 'Ce n’est pas votre tour : l’IA réfléchit.',
    conflict: 'La position a changé pendant que vous jouiez ; regardez le plateau et réessayez.',
    unconfirmed:
      'Le stockage des parties a cessé de répondre pendant l’enregistrement de votre coup : je ne peux pas savoir s’il a été joué. Si c’est le cas, son plateau apparaîtra bientôt dans le salon de la partie ; sinon, rejouez-le dans quelques secondes.',
    choices: {
      spectating: 'spectateur',
      notYourTurn: 'pas votre tour',
      noMatch: 'Aucun coup légal ne correspond à « {typed} »',
    },
  },
  turn: {
    toMove: 'À {player} de jouer ({side}). Cliquez sur **Jouer** ci-dessous ou tapez `/move`.',
    toMoveClock:
      'À {player} de jouer ({side}). Cliquez sur **Jouer** ci-dessous ou tapez `/move`. Temps par coup {per} · échéance {deadline}.',
    aiThinking: '{player} ({side}) réfléchit…',
    aiThinkingQueued:
      '{player} ({side}) réfléchit — environ {wait}, {ahead, plural, one {# partie passe} other {# parties passent}} avant celle-ci.',
  },
  end: {
    rule: 'les règles ({rule})',
    resign: 'abandon',
    'draw-agreed': 'nulle par accord',
    abort: 'partie annulée',
    timeout: 'temps écoulé',
    time: 'au temps',
    admin: 'close par un administrateur',
    damaged: 'close car son enregistrement était endommagé',
    cancelled: 'son tournoi a été annulé',
    over: 'la partie est terminée',
    resigned: '{name} ({side}) abandonne.',
    abortedBy: 'Annulée par {user}.',
    drawAgreedLine: 'Nulle par accord.',
    endedByAdmin: 'Close par un administrateur, {user}.',
    closedDamagedBy: 'Close par {user} : l’enregistrement de la partie était endommagé.',
  },
  result: {
    aborted: '**Partie annulée** — pas de résultat, cotes inchangées.',
    abortedOnTime:
      '**Partie annulée** — un camp n’a pas joué son premier coup à temps ; pas de résultat, cotes inchangées.',
    draw: '**Partie nulle** ({why}).',
    wins: '**{winner} ({side}) gagne** ({why}).',
    winsOnTime: '**{winner} ({winnerSide}) gagne** : {loser} ({loserSide}) a perdu au temps.',
    rating:
      '{player} : {before, number, ::group-off} → {after, number, ::group-off} ({delta, number, ::sign-always group-off})',
    casual: 'Partie amicale : cotes inchangées.',
    replayHint: '-# Partie `{id}` · revoyez-la avec `/replay game:{id}`',
    summary: {
      inProgress: 'En cours : {moves, plural, one {# coup joué} other {# coups joués}} jusqu’ici',
      aborted: 'Annulée : pas de résultat',
      draw: 'Nulle : {why}',
      wins: '{winner} ({side}) gagne : {why}',
    },
  },
  draw: {
    offer: '{to}, {by} propose la nulle. L’offre tombe au prochain coup.',
    aiDeclines:
      'L’IA n’accepte pas les propositions de nulle. Vous pouvez abandonner avec `/resign`, ou annuler avec `/abort` tant que chaque camp n’a pas joué.',
    alreadyOffered: 'Vous avez déjà proposé la nulle ; l’offre tient jusqu’au prochain coup.',
    stale: 'Cette proposition de nulle n’est plus valable : la partie a avancé.',
    ownOffer: 'Vous ne pouvez pas accepter votre propre proposition de nulle.',
    withdrawnBy: 'Proposition de nulle retirée par {user}.',
    declinedBy: 'Proposition de nulle refusée par {user}.',
    agreedBy: 'Nulle acceptée par {user}.',
    button: { accept: 'Accepter la nulle', decline: 'Refuser' },
  },
  abort: {
    tooLate:
      'Les deux camps ont joué : la partie ne peut plus être annulée. Vous pouvez abandonner avec `/resign` ou proposer la nulle avec `/draw`.',
  },
  endgame: {
    notAdmin: 'Seuls les membres ayant la permission Gérer le serveur peuvent clore une partie.',
    unreadable:
      'L’enregistrement de la partie de ce salon est totalement illisible ; les opérateurs du bot doivent le retirer de la base.',
    noGame: 'Aucune partie n’est en cours dans ce salon.',
    wasDamaged:
      'L’enregistrement de la partie était endommagé ; la partie est close sans résultat et les cotes sont inchangées.',
  },
  start: {
    channelBusy:
      'Une partie est déjà en cours dans ce salon ; terminez-la d’abord (ou lancez le défi depuis un salon où je peux ouvrir des fils).',
    failed: 'Impossible de créer la partie ; réessayez.',
    couldNot: 'Impossible de commencer : {why}',
  },
  challenge: {
    self: 'Vous ne pouvez pas vous défier vous-même.',
    botOpponent: 'Les bots ne peuvent pas accepter de défi. Pour jouer contre l’IA, utilisez `/play-bot`.',
    ratedNeedsOpponent: 'Une partie classée demande un adversaire humain : désignez-le avec `opponent:`.',
    channelBusy:
      'Une partie est déjà en cours ici. Lancez le défi depuis un salon textuel, où chaque partie a son propre fil.',
    busyHere:
      'Une partie est déjà en cours dans cette conversation ; terminez-la d’abord (`/resign`, ou `/abort` avant que chaque camp ait joué).',
    botDm:
      'Il n’y a que vous et moi dans cette conversation : personne ne pourrait y accepter un défi. Défiez un ami dans un groupe privé ou sur un serveur, ou jouez contre moi avec `/play-bot`.',
    tooMany:
      'Vous avez déjà {max, plural, one {# défi ouvert} other {# défis ouverts}} ; annulez-en un ou attendez qu’ils expirent.',
    gone: 'Ce défi n’existe plus.',
    damaged: 'L’enregistrement de ce défi est endommagé ; lancez un nouveau défi.',
    closedAlready: 'Ce défi est déjà {status}.',
    onlyChallengerCancels: 'Seul l’auteur du défi peut l’annuler.',
    openCannotDecline: 'Un défi ouvert à tous ne peut pas être refusé.',
    forSomeoneElse: 'Ce défi est adressé à {user}.',
    ownAccept: 'Vous ne pouvez pas accepter votre propre défi.',
    expiredTell: 'Ce défi a expiré.',
    acceptedBy: 'Accepté par {user}. Bonne partie !',
    declinedBy: 'Refusé par {user}.',
    couldNotStart: 'Impossible de commencer : {why}',
    first: {
      challenger: 'l’auteur du défi joue en premier',
      opponent: 'l’adversaire joue en premier',
      random: 'premier coup tiré au sort',
    },
    status: {
      open: 'ouvert',
      accepted: 'Accepté.',
      declined: 'Refusé.',
      cancelled: 'Annulé par son auteur.',
      expired: 'Ce défi a expiré.',
    },
    statusWord: { open: 'ouvert', accepted: 'accepté', declined: 'refusé', cancelled: 'annulé', expired: 'expiré' },
    card: {
      title: 'Défi · {game}',
      challenges: '{challenger} défie {opponent}',
      lookingFor: '{challenger} cherche un adversaire',
      terms: '{setup} · {rated} · {first}',
      clock: 'Temps par coup : {per} (partie par correspondance).',
      expires: 'Expire {at}.',
    },
    button: { accept: 'Accepter', decline: 'Refuser', cancel: 'Annuler' },
  },
  rematch: {
    stillPlaying: 'Cette partie est encore en cours.',
    stale: 'Ce bouton n’est plus à jour.',
    notAPlayer: 'Seuls les joueurs de cette partie peuvent demander une revanche.',
    askedAlready: 'Vous avez déjà demandé cette revanche.',
    expired: 'Cette proposition de revanche a expiré.',
    closed: 'Cette revanche est déjà close.',
    gone: 'Cette revanche n’existe plus.',
    startedAlready: 'Vous avez déjà lancé cette revanche.',
    acceptedBoth: 'Acceptée par {user} (les deux joueurs ont demandé la revanche). Bonne partie !',
    aiCard: 'Revanche : **{game}** · {first} contre {second} (couleurs inversées).',
    started: 'Revanche lancée dans {channel}.',
    offered: 'Revanche proposée à {name} dans {channel}.',
  },
  playBot: {
    expertNeedsLongClock:
      'L’IA experte réfléchit jusqu’à {max} par coup : elle ne joue que là où les parties sont lentes, avec au moins {min} par coup. Ici, c’est {clock}. Choisissez `hard`, qui répond en moins de 2 s, ou demandez à un admin une horloge plus longue (`/settings clock`).',
    card: '**{game}** · {first} contre {second} · {setup} · non classée',
    tooMany:
      'Vous avez déjà {max, plural, one {une partie} other {# parties}} en cours contre l’IA, le maximum à la fois ; terminez-en une ou abandonnez-la avec `/resign` d’abord.',
  },
  ai: {
    name: 'IA hexmate ({level})',
    failed: '{player} n’a pas trouvé de coup pour l’instant. Utilisez `/board` pour la relancer.',
  },
  clock: {
    reminder:
      '{player}, c’est à vous de jouer ({side}) : il reste {left} % du temps, l’échéance est {deadline}. Jouez avec `/move`.',
    timedOut: '{name} n’a pas joué à temps.',
  },
  board: {
    repost: 'Coup {moves}. Partie {id} (pour `/replay`).',
    altText: '{game} · plateau après {moves, plural, one {# coup} other {# coups}}',
    detail: {
      title: '{match} · vue détaillée',
      head: '{setup} · {moves, plural, one {# coup joué} other {# coups joués}} · {state}',
      footer: 'Vous seul voyez ce message : les chiffres que l’image laisse de côté. Partie {id}.',
    },
  },
  refusal: {
    rule: '{rule} : {text}',
  },
};
