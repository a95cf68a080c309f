// Français : le constructeur de coup (les menus privés du bouton Jouer,
// l’aperçu, Confirmer / Retour) et les mots des étapes de chaque jeu. La
// notation des coups et les repères du plateau restent tels qu’on les tape.
import type { Catalogue } from '../catalogue.js';
import type { builder as enBuilder } from '../en/builder.js';

export const builder: Catalogue<typeof enBuilder> = {
  builder: {
    button: { open: 'Jouer', confirm: 'Confirmer', back: 'Retour' },
    header: '**À vous de jouer** ({side}) : choisissez ci-dessous. Seuls les coups légaux sont proposés.',
    trail: 'Choix faits : {steps}',
    hidden:
      '{n, plural, one {# autre coup n’est pas listé : tapez-le} other {# autres coups ne sont pas listés : tapez-les}} avec `/move`.',
    preview:
      'Votre coup : **{label}** (`{move}`). Le plateau ci-dessous montre la position après ce coup. **Confirmer** le joue ; **Retour** permet de choisir à nouveau.',
    previewAlt: '{game} · plateau après le coup {move}, pas encore joué',
    played: 'Joué : **{label}** (`{move}`).',
    stale:
      'Ce constructeur de coup a été ouvert sur une position dépassée : la partie a avancé. Ouvrez-en un nouveau avec le bouton **Jouer** du dernier message.',
    oldPost:
      'Ce message montre une position dépassée : la partie a avancé. Utilisez le bouton **Jouer** du dernier message.',
    gone: 'Ce choix n’est pas proposé dans cette position. Ouvrez un nouveau constructeur de coup avec le bouton **Jouer** du dernier message.',
    nothing: 'Vous n’avez rien à choisir : les règles jouent ce coup pour vous.',
    chooseMove: 'Choisissez votre coup',
    part: '{what} ({first} – {last})',
    count: '{n, plural, one {# coup} other {# coups}}',
    notation: '{move}',
    move: '{move}',
    level: { move: 'Choisissez votre coup' },
    exxit: {
      level: {
        kind: 'Choisissez votre action',
        emptyTile: 'Choisissez une tuile vide',
        prisoners: 'Choisissez une case prisonnière à libérer',
        stack: 'Choisissez la pile qui danse',
        direction: 'Choisissez la direction de la danse de {label}',
      },
      kind: {
        place: 'Poser un pion',
        free: 'Libérer des prisonniers',
        dance: 'Danse',
        exitDance: 'Danse de sortie',
        pass: 'Passer',
      },
      place: 'poser sur {label}',
      free: 'libérer {label} ({tiles, plural, one {# tuile posée} other {# tuiles posées}})',
      stack: '{label} · {height, plural, one {# pion} other {# pions}}',
      dance: 'danse de {label} vers {dir}',
      exitDance: 'danse de sortie de {label} vers {dir}',
      pass: 'passer',
    },
    orion: {
      level: {
        tile: 'Choisissez une tuile',
        column: 'Choisissez une colonne pour {tile}',
        cell: '{tile, select, S1 {Choisissez la case de S1} P2 {Choisissez une case de P2} other {Choisissez la case de l’hexagone X de {tile} (la couleur adverse)}}',
        orientation: 'Choisissez l’orientation de {tile} depuis {cell}',
      },
      tile: '{tile} · {tile, select, S1 {hexagone seul} P2 {deux hexagones, tous deux à vous} D2 {domino} L3 {ligne droite} V3 {ligne coudée} T3 {triangle} other {tuile}} ({left, plural, one {# restante} other {# restantes}})',
      column: 'colonne {column}',
      cell: '{cell}',
      orientation: '{what} · {cells}',
      move: '{what} · {cells}',
    },
  },
};
