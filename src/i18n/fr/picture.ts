// Français : les mots dessinés sur les images du plateau (les peintres de
// src/render). Les noms des camps sont `game.<id>.side.*` ; étiquettes des
// cases, codes des tuiles et textes des coups restent de la notation.
import type { Catalogue } from '../catalogue.js';
import type { picture as enPicture } from '../en/picture.js';

export const picture: Catalogue<typeof enPicture> = {
  picture: {
    toMove: 'au trait',
    winner: 'vainqueur',
    move: '{side} : {label}',
    exxit: {
      reserve: 'réserve {n}',
      stock: 'pioche',
      noMoveYet: 'Aucun coup joué',
      move: {
        place: '{side} : {label}',
        dance: '{side} : {label} · distribue sur {sowed}',
        exitDance: '{side} : {label} · {sown, plural, =0 {} other {distribue sur {sowed}, }}sortie en {prisoners}',
        free: '{side} : {label} · {tiles, plural, one {nouvelle tuile} other {nouvelles tuiles}} {cells}',
        pass: '{side} ne peut pas jouer : passe',
      },
      wins: '{name} gagne {a}–{b}',
      draw: 'Nulle {a}–{b}',
      end: {
        stockEmpty: 'pioche vide',
        twoPasses: 'deux passes',
        repetition: 'troisième répétition',
        plyLimit: '1 000 coups',
      },
    },
    review: {
      chart: {
        title: 'Chances de gain',
        player: '{name} ({side})',
        percent: '{n} %',
        moves: 'coup',
      },
      grade: { inaccuracy: 'Imprécision', mistake: 'Erreur', blunder: 'Gaffe' },
      played: 'Joué : {label}',
      better: 'Mieux : {label}',
    },
    orion: {
      vc: 'CV',
      noTilesLeft: 'plus de tuiles',
      noTileYet: 'Aucune tuile posée',
      wins: '{name} gagne',
      draw: 'Nulle',
      move: { place: '{side} : {label}' },
      end: {
        conditions: 'conditions de victoire {orange}–{blue}',
        tiebreak: 'départage {orange} à {blue}',
        blocked: '{blocked, select, 0 {Orange} other {Bleu}} ne peut poser aucune tuile',
      },
    },
  },
};
