// Français : noms des jeux, des camps et des options, et les Notes du moteur
// (ce que veut dire un coup, un score ou une fin), par jeu. La notation des
// coups et les étiquettes du plateau restent celles que tapent les joueurs.
import type { Catalogue } from '../catalogue.js';
import type { games as enGames } from '../en/games.js';

export const games: Catalogue<typeof enGames> = {
  game: {
    exxit: {
      title: 'Exxit',
      side: { 0: 'Rouge', 1: 'Noir' },
      option: {
        tiles: 'Exxit : nombre de tuiles de la partie',
        tilesChoice: { 39: '39 (standard)', 29: '29 (blitz)', 19: '19 (courte)' },
      },
    },
    orion: {
      title: 'Orion Duel',
      side: { 0: 'Orange', 1: 'Bleu' },
      option: {
        layout: 'Orion Duel : où sont les galaxies et les trous noirs',
        layoutChoice: {
          random: 'au hasard',
          preset1: 'disposition 1',
          preset2: 'disposition 2',
          preset3: 'disposition 3',
        },
      },
    },
  },
  engine: {
    exxit: {
      setup: '{tiles} tuiles ({variant, select, short {courte} blitz {blitz} other {standard}})',
      move: {
        place: '{label} (pose)',
        dance: '{label} (danse)',
        exitDance: '{label} (danse de sortie, {prisoners})',
        free: '{label} (libération, {tiles, plural, one {# tuile posée} other {# tuiles posées}})',
        pass: 'passe (aucun coup légal, EX-10)',
      },
      score:
        'Score (EX-21) : Rouge {red} · Noir {black} (tuiles + plus grand groupe : Rouge {redTiles} + {redGroup}, Noir {blackTiles} + {blackGroup})',
      detail: {
        side: '{side, select, 0 {Rouge} other {Noir}} : {score, plural, one {# point} other {# points}} = {tiles, plural, one {# tuile} other {# tuiles}} + {group} pour le plus grand groupe (EX-21) · {reserve, plural, one {# pion} other {# pions}} en réserve · {prisoners, plural, =0 {aucun pion prisonnier} one {# pion prisonnier} other {# pions prisonniers}}',
        stock:
          'Pioche : {stock, plural, =0 {vide} one {# tuile restante} other {# tuiles restantes}} sur {tiles} (EX-4) · {cells, plural, =0 {aucune case prisonnière} one {# case prisonnière} other {# cases prisonnières}}',
      },
      end: {
        stockEmpty: 'aux points, Rouge {red} à Noir {black} : la dernière tuile a quitté la pioche, EX-20a',
        twoPasses:
          'aux points, Rouge {red} à Noir {black} : deux passes de suite, aucun joueur ne pouvait jouer, EX-20b',
        repetition: 'aux points, Rouge {red} à Noir {black} : la même position est revenue une troisième fois, EX-20c',
        plyLimit: 'aux points, Rouge {red} à Noir {black} : 1 000 coups ont été joués, EX-20d',
      },
    },
    orion: {
      setup: {
        preset: 'disposition prédéfinie {n}',
        random: 'disposition aléatoire',
      },
      move: { place: '{label}' },
      score:
        'Conditions de victoire (OD-17) : Orange {orange} (constellations {orangeConstellations}, galaxies {orangeGalaxies}, trous noirs {orangeBlackHoles}) · Bleu {blue} (constellations {blueConstellations}, galaxies {blueGalaxies}, trous noirs {blueBlackHoles})',
      tiebreak:
        'Départage (OD-19, galaxies moins trous noirs sur les cases de chaque couleur) : Orange {orange} · Bleu {blue}',
      detail: {
        conditions:
          '{side, select, 0 {Orange} other {Bleu}} : {total, plural, one {# condition de victoire} other {# conditions de victoire}} (OD-17) = {constellations} {constellations, plural, one {constellation} other {constellations}} (côtés violets {purple, plural, =1 {reliés} other {non reliés}}, rouges {red, plural, =1 {reliés} other {non reliés}}, verts {green, plural, =1 {reliés} other {non reliés}}) + {galaxies} pour les galaxies + {blackHoles} pour les trous noirs',
        next: '{side, select, 0 {Orange} other {Bleu}}, prochains points : {galaxies, plural, =2 {galaxies au maximum (2)} other {un point de galaxie pour un groupe qui tient 4 galaxies (meilleur groupe : {galaxyBest} sur 4)}} · {blackHoles, plural, =2 {trous noirs au maximum (2)} other {un point de trou noir pour un groupe {side, select, 0 {bleu} other {orange}} qui tient 3 trous noirs (meilleur groupe : {blackHoleBest} sur 3)}}',
        tiles:
          '{side, select, 0 {Orange} other {Bleu}} : {count, plural, =0 {plus aucune tuile} one {# tuile restante} other {# tuiles restantes}} (OD-3){count, plural, =0 {} other { : {tiles}}}',
        tiebreak:
          'Départage si le plateau restait ainsi (OD-19, galaxies moins trous noirs sur les cases de chaque couleur) : Orange {orangeGalaxies} − {orangeBlackHoles} = {orange} · Bleu {blueGalaxies} − {blueBlackHoles} = {blue}',
      },
      end: {
        conditions: 'plus de conditions de victoire, Orange {orange} à Bleu {blue}, OD-18',
        tiebreak:
          'les 28 tuiles sont posées à égalité de conditions de victoire, et le départage décide : Orange {orange} à Bleu {blue}, OD-19',
        blocked: '{blocked, select, 0 {Orange} other {Bleu}} ne pouvait plus poser aucune de ses tuiles, OD-20',
      },
    },
  },
};
