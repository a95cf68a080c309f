// Français : les refus des moteurs de règles, par code (`refusal.<code>`).
// Cases, étiquettes, tuiles, directions et formes des coups sont de la
// notation : identiques dans toutes les langues.
import type { Catalogue } from '../catalogue.js';
import type { refusals as enRefusals } from '../en/refusals.js';

export const refusals: Catalogue<typeof enRefusals> = {
  refusal: {
    exxit: {
      over: {
        stockEmpty: 'la partie est terminée (la dernière tuile a quitté la pioche)',
        twoPasses: 'la partie est terminée (deux passes de suite)',
        repetition: 'la partie est terminée (la même position est revenue une troisième fois)',
        plyLimit: 'la partie est terminée (la limite de 1 000 demi-coups est atteinte)',
      },
      notAMove: 'ce n’est pas un coup',
      passNotVoluntary:
        'on ne passe jamais volontairement ({moves, plural, one {# coup légal} other {# coups légaux}})',
      onlyExitDances: 'une danse de sortie est possible ; seules les danses de sortie sont permises',
      exitDanceCompulsory:
        'une danse de sortie est obligatoire ({count, plural, one {# possible} other {# possibles}})',
      danceCompulsory: 'une danse est obligatoire ({count, plural, one {# possible} other {# possibles}})',
      reserveEmpty: 'il ne reste aucun pion dans votre réserve',
      placeNotTile: '{cell} n’est pas une tuile',
      placeNotEmpty: '{cell} n’est pas une tuile vide',
      stockEmpty: 'la pioche est vide',
      freeNotPrisoner: '{cell} n’est pas une case prisonnière',
      freeTooFewTiles:
        '{cell} ne touche {tiles, plural, =0 {aucune tuile} one {qu’une seule tuile} other {que # tuiles}} (il en faut deux)',
      notLegal: 'ce coup n’est pas légal ici',
      danceNotTile: '{cell} n’est pas une tuile',
      noStack: '{cell} ne porte aucune pile',
      notYourStack: 'cette pile n’est pas à vous',
      noReach: 'aucune pile à portée en direction {dir} depuis {cell} (hauteur {height})',
      targetVoid:
        'en direction {dir} depuis {cell}, la première case qui n’est pas une tuile vide est un vide ({target}), pas une tuile',
      targetPrisoners:
        'en direction {dir} depuis {cell}, la première case qui n’est pas une tuile vide contient des prisonniers ({target}), pas une tuile',
      targetOwn: 'en direction {dir} depuis {cell}, la première case occupée porte votre propre pile',
      targetTaller: 'la pile visée est plus haute que la vôtre ({target} > {height})',
      endsOnPrisoners: 'la distribution finirait sur des prisonniers ({cell})',
      notText: 'impossible de lire le coup (attendu : {forms})',
      cannotRead: 'impossible de lire « {text} » (attendu : {forms})',
      danceNeedsDirection: 'une danse demande une direction : {dirs} (p. ex. {example})',
      noDirection:
        '{kind, select, place {une pose} other {une libération}} ne prend pas de direction (attendu : {forms})',
      prisonerCellGone: '{label} ne contient plus de prisonniers',
      noPrisonerCell: 'il n’y a pas de case prisonnière {label}',
      noTile: 'il n’y a pas de tuile {label}',
      unknownSetup: 'configuration inconnue « {setup} » ({setups})',
      tileCount: 'Exxit se joue avec 39, 29 ou 19 tuiles, pas {tiles}',
      noOption: 'Exxit n’a pas d’option « {option} »',
      badState: 'la partie enregistrée est endommagée',
    },
    orion: {
      over: 'la partie est terminée ({winner, select, 0 {victoire d’Orange} 1 {victoire de Bleu} other {partie nulle}})',
      notText: 'impossible de lire le coup (attendu : {form})',
      cannotRead: 'impossible de lire « {text} » (attendu : {form})',
      emptyCell: 'impossible de lire « {text} » (une case vide dans la liste)',
      noCell: 'pas de case « {cell} »',
      unknownTile: 'tuile inconnue « {tile} » (tuiles : {tiles})',
      s1NoDirection: 'S1 ne prend pas de direction',
      s1NoDirectionWrite: 'S1 ne prend pas de direction : écrivez « {move} »',
      needsDirection: '{tile} demande une direction ({dirs})',
      directionBeforeTurn: '{tile} demande une direction avant R ou L ({dirs})',
      joinWithCommas: 'pour énumérer les cases, séparez-les par des virgules : « {move} »',
      noDirection: 'pas de direction « {dir} » ({dirs})',
      v3NeedsTurn: 'V3 demande R ou L',
      onlyV3Turns: 'seule V3 prend R ou L, pas {tile}',
      tooManyWords: 'trop de mots dans « {text} » (attendu : {form})',
      tooManyWordsLong: 'trop de mots dans « {text} » (la forme longue est {form})',
      wrongCellCount: '{tile} couvre {size, plural, one {# case} other {# cases}}, pas {count}',
      cellTwice: 'une case est donnée deux fois',
      xFirst: 'l’hexagone X (couleur de l’adversaire) vient en premier : vouliez-vous dire « {move} » ?',
      notShape: '{cells} n’a pas la forme de {tile}',
      offBoard: 'la tuile sortirait du plateau',
      notAnObject: 'un coup doit être un objet {shape}',
      unexpectedField: 'champ de coup inattendu « {field} »',
      badCellIndex: 'pas de case {cell} (les cases vont de 0 à {last})',
      noTileLeft: 'il ne vous reste aucune tuile {tile}',
      covered: '{count, plural, one {{last} est déjà couverte} other {{cells} et {last} sont déjà couvertes}}',
      tokenMustJoin:
        '{side, select, 0 {un hexagone orange} other {un hexagone bleu}} posé sur un jeton doit prolonger une chaîne {side, select, 0 {orange} other {bleue}} existante ({galaxies, plural, =0 {} one {galaxie {galaxyCells}} other {galaxies {galaxyCells}}}{galaxies, plural, =0 {} other {{blackHoles, plural, =0 {} other {, }}}}{blackHoles, plural, =0 {} one {trou noir {blackHoleCells}} other {trous noirs {blackHoleCells}}} : aucun hexagone {side, select, 0 {orange} other {bleu}} de cette tuile ne touche une case {side, select, 0 {orange} other {bleue}})',
      illegal: 'pose illégale',
      unknownLayout: 'disposition inconnue « {layout} » ({layouts})',
      unknownSetup:
        'disposition inconnue « {setup} » : utilisez {setups} (graine : lettres, chiffres, - et _, jusqu’à {seedMax} caractères)',
      noOption: 'Orion Duel n’a pas d’option « {option} »',
      badState: 'la partie enregistrée est endommagée',
    },
  },
};
