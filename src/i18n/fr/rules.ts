// Français : /rules, les leçons illustrées (une page par leçon de chaque jeu,
// dans l’ordre du moteur) et le bouton « Pourquoi ? » des refus. Même forme
// que l’anglais (src/i18n/en/rules.ts), écrit pour des joueurs francophones.
import type { Catalogue } from '../catalogue.js';
import type { rules as enRules } from '../en/rules.js';

export const rules: Catalogue<typeof enRules> = {
  rules: {
    cmd: {
      description: 'Apprendre Exxit ou Orion Duel : une leçon illustrée, page par page',
      topic: 'Commencer à ce thème (ou taper une règle, par exemple EX-13d)',
    },
    page: {
      title: 'Règles {game} · {topic}',
      picture: '**L’image.** {text}',
      rulesLine: '**Règles de cette page :** {rules}',
      footer: 'Page {n} sur {count} · une vraie position, dessinée par le bot',
      altText: '{game} : la position de la leçon « {topic} »',
      shared: '{user} partage une page des règles de {game}.',
    },
    players: { first: 'Alice', second: 'Bob' },
    button: {
      previous: 'Précédente',
      next: 'Suivante',
      post: 'Publier dans le salon',
      read: 'Lire la leçon',
      why: 'Pourquoi ?',
      openGame: 'Règles {game}',
    },
    select: 'Aller à un thème',
    unknownTopic: '{typed} n’est pas un thème des règles de {game}. Thèmes : {topics}.',
    noLessons: 'Il n’y a pas encore de leçon pour {game}.',
    pageGone: 'Cette page des règles n’existe plus ; relancez `/rules`.',
    cooldown: 'Vous venez de publier une page ; vous pourrez en publier une autre dans {seconds} s.',
    exxit: {
      'goal-and-end': {
        name: 'But et fin de la partie',
        title: 'Le but du jeu, et la fin de la partie',
        body: 'Exxit se joue à deux, **Rouge** contre **Noir**. Pas de plateau : les joueurs bâtissent le monde en jouant, une tuile hexagonale après l’autre, et le plus grand **territoire** (les tuiles de sa couleur) l’emporte.\n\nDe nouvelles tuiles arrivent quand on **libère des prisonniers** : des pions chassés du monde par une **danse**. L’essentiel de la partie consiste à provoquer des danses et à les éviter.\n\nLa partie s’arrête (EX-20) :\n- aussitôt que la **dernière tuile quitte la pioche** (EX-20a) ;\n- après **deux passes de suite** : plus personne ne peut jouer (EX-20b) ;\n- quand la **même position revient pour la troisième fois** (EX-20c) ;\n- après **1 000 coups**, une limite de sécurité qu’aucune vraie partie n’atteint (EX-20d).\n\nDans tous les cas, c’est le score qui décide (voir *Décompte*) ; à égalité, la partie est nulle. Le dernier message de la partie indique la règle qui l’a terminée et donne le score.',
        picture:
          'Une partie courte (19 tuiles) après 48 coups. Noir a libéré une case prisonnière et la réaction en chaîne a posé les deux dernières tuiles de la pioche : la partie s’est arrêtée là (EX-20a), et Noir gagne 20 à 14.',
      },
      setup: {
        name: 'Mise en place',
        title: 'Matériel et mise en place',
        body: '**Rouge commence** (EX-1). Chaque joueur a **8 pions** de sa couleur, tous dans sa **réserve**, hors du jeu, au départ (EX-2).\n\nLes tuiles ont une face rouge et une face noire. Une partie se joue avec **39 tuiles** (standard), **29** (blitz) ou **19** (courte), les 4 tuiles du noyau de départ comprises ; on choisit avec l’option `tiles` de `/challenge` ou de `/play-bot` (EX-3). Les tuiles qui ne sont pas encore en jeu forment la **pioche**, commune aux deux joueurs : 35 au début d’une partie standard (EX-4).\n\nLa partie part d’un **noyau** de quatre tuiles (EX-8) : **A** et **B** rouges, côte à côte, **C** noire au-dessus et **D** noire en dessous. Aucun pion n’est encore posé : les premiers coups placent des pions.',
        picture:
          'La position de départ : A et B rouges, C et D noires, les deux réserves pleines, 35 tuiles dans la pioche. Le score est déjà de 4 à 3 : les deux tuiles de Rouge se touchent (2 tuiles + 2 pour le groupe), pas celles de Noir (2 + 1).',
      },
      'reading-the-board': {
        name: 'Lire le plateau',
        title: 'Lire le plateau',
        body: 'Chaque case est une **tuile** (avec ou sans pions ; sans pion, c’est une **tuile vide**), une **case prisonnière** (des pions mais pas de tuile : ils ont été chassés du monde) ou un **vide** (rien du tout) (EX-6, EX-7).\n\nLes pions d’une case forment une **pile**, qu’on lit de bas en haut (EX-9). Sa **hauteur** est son nombre de pions (EX-9a). Elle **appartient** à la couleur du **pion du dessus**, quoi qu’il y ait en dessous (EX-9b).\n\nLes tuiles sont des hexagones pointe en haut ; les six directions s’écrivent **E**, **W** (ouest), **NE**, **NW**, **SE** et **SW** (EX-5). Chaque tuile porte une lettre (A, B, …) et chaque case prisonnière une étiquette (X1, X2, …) : c’est ce qu’on tape dans les coups.\n\nSur l’image, les pions rouges sont des disques pleins et les pions noirs ont un anneau blanc ; le nombre sur une pile est sa hauteur. Les cases prisonnières ont un contour doré en pointillés, et le dernier coup est tracé en jaune. L’en-tête donne le score et la réserve de chacun, le joueur au trait et la pioche ; le pied de l’image donne le dernier coup tel qu’on le tape.',
        picture:
          'Après 16 coups. B, une tuile rouge, porte trois pions (rouge, noir, rouge en partant du bas) : une pile de Rouge, de hauteur 3. D porte un pion rouge sous un pion noir : une pile de Noir, de hauteur 2. A et C sont des tuiles vides ; X1 à X4 sont des cases prisonnières. Noir vient de déplacer le pion de A sur D (`D A SE`).',
      },
      place: {
        name: 'Placer un pion',
        title: 'Placer un pion',
        body: 'Quand vous n’avez **aucune danse** à faire (voir *Danse*) et qu’il vous reste un pion en réserve, vous pouvez le poser sur **n’importe quelle tuile vide**, rouge ou noire (EX-17). Il forme une nouvelle pile de hauteur 1, qui vous appartient.\n\nSans danse possible, vous choisissez librement entre placer un pion et libérer une case prisonnière (EX-11d).\n\nTapez `/move` avec `P` et la lettre de la tuile : `P C`. `P A` est refusé si A porte déjà une pile (`EX-17`).',
        picture:
          'Noir ne pouvait pas danser, ni libérer X1, qui ne touche qu’une tuile : Noir a donc placé un pion sur C (`P C`). Rouge n’a plus aucune pile et doit placer à son tour, sur D ou sur E.',
      },
      dance: {
        name: 'Danse',
        title: 'La danse, cœur du jeu',
        body: 'Une **danse** déplace une de **vos** piles (EX-12) en ligne droite, en semant ses pions un par un. Si vous avez une danse légale, vous **devez** danser (EX-11a) ; parmi les danses permises, vous choisissez librement (EX-11c). C’est la règle de priorité (EX-11).\n\nPrenez votre pile de hauteur `n` et une direction. Avancez sur les tuiles vides jusqu’à la première case qui n’est pas une tuile vide : la **cible**. La danse n’est légale que si (EX-13) :\n- la cible est à `n` pas au plus (EX-13a) ;\n- c’est une tuile, ni un vide ni une case prisonnière (EX-13b) ;\n- son pion du dessus est à l’adversaire (EX-13c) ;\n- elle n’est pas plus haute que votre pile ; la même hauteur convient (EX-13d).\n\nSoulevez toute la pile, puis posez son pion du **bas** sur la case suivante, le pion d’après sur la case d’après, un par case, au-delà de la cible jusqu’à épuisement (EX-14). Chaque pile qui reçoit un pion passe à la couleur de ce pion (EX-15). Si tous les pions tombent sur des tuiles, c’est une **danse intérieure** (EX-13g). Une seule danse par tour : les nouvelles danses attendent le tour suivant (EX-16).\n\nTapez `D`, la lettre de la pile et la direction : `D G NE`.',
        picture:
          'La pile de 3 de Rouge en G a dansé vers NE : son pion rouge du bas sur la tuile vide D, le noir sur la cible B, le rouge du dessus sur E, au-delà de la cible. Noir doit maintenant danser avec B ; `D B NE` serait refusé, E est désormais plus haute que B (`EX-13d`).',
      },
      'exit-dance': {
        name: 'Danse de sortie',
        title: 'La danse de sortie : des pions quittent le monde',
        body: 'Une danse dont les pions atteignent une case sans tuile avant d’être tous posés sort du monde. Regardez les cases au-delà de la cible, jusqu’à `n` cases de votre pile, et la première qui n’a pas de tuile :\n- un **vide** : c’est une **danse de sortie** (EX-13f). Les pions sont posés un par case jusqu’au vide, puis **tous** ceux qui restent soulevés y tombent ensemble et forment une nouvelle **case prisonnière**, X1, X2, … (EX-14) ;\n- une **case prisonnière** : la danse est interdite, une danse ne peut pas finir sur des prisonniers (EX-13e).\n\nLes danses de sortie passent avant tout : quand vous en avez une, seules les danses de sortie sont légales (EX-11b).\n\nLes prisonniers ne sont pas perdus : ils reviennent à leurs propriétaires quand la case est libérée (voir *Libérer et la réaction en chaîne*). Une danse de sortie se tape comme une autre danse : `D B SW`.',
        picture:
          'La pile de Noir en B (un pion rouge sous deux noirs) a dansé vers SW : le pion rouge est tombé sur D, et les deux pions noirs sont sortis du monde ensemble pour former la case prisonnière X2. La danse intérieure `D A SE` de Noir aurait été refusée : une danse de sortie était possible (`EX-11b`).',
      },
      'free-and-chain': {
        name: 'Libérer et la réaction en chaîne',
        title: 'Libérer une case prisonnière, et la réaction en chaîne',
        body: 'Sans danse à faire et s’il reste au moins une tuile dans la pioche, vous pouvez **libérer** une case prisonnière qui touche **au moins deux tuiles** (EX-18). Chacun de ses pions retourne dans la réserve de son propriétaire, et une tuile de la pioche est posée sur la case, **dans votre couleur**. C’est ainsi que le monde grandit, et que l’on gagne des tuiles.\n\n**La réaction en chaîne** (EX-19) : après chaque tuile posée ainsi, toute case prisonnière voisine qui touche désormais deux tuiles est libérée à son tour, dans votre couleur, et ainsi de suite tant que la pioche le permet. La chaîne n’est pas facultative.\n\nTapez `F` et l’étiquette de la case prisonnière : `F X2`. `F X1` est refusé tant que X1 ne touche qu’une tuile (`EX-18`).',
        picture:
          'Noir a libéré X2, devenue la tuile noire E. X1 touchait alors D et E et a été libérée (tuile F), puis X3 (tuile G). Trois tuiles ont quitté la pioche, deux pions rouges sont retournés dans la réserve de Rouge, et le score de Noir est passé de 3 à 9.',
      },
      pass: {
        name: 'Passer',
        title: 'Passer son tour',
        body: 'Chaque tour compte exactement une action : danser, placer ou libérer (EX-10). Quand vous n’en avez aucune (pas de danse, et ni placement ni libération possible), vous **passez**.\n\nPasser n’est jamais un choix : le bot le fait pour vous et l’annonce dans le fil. Une passe compte comme un coup, et **deux passes de suite terminent la partie** (EX-20b).',
        picture:
          'Noir n’a plus de pion en réserve, et sa seule pile, en A, ne peut pas danser : les piles rouges qui l’entourent sont plus hautes (`EX-13d`). Aucune case prisonnière ne touche deux tuiles non plus : Noir a passé. Rouge doit maintenant danser.',
      },
      scoring: {
        name: 'Décompte',
        title: 'Le décompte des points',
        body: 'À la fin, chaque couleur marque (EX-21) :\n- **1 point par tuile** de sa couleur dans le monde, plus\n- **1 point par tuile de son plus grand groupe** : ses tuiles reliées par leurs côtés.\n\nUne tuile de votre plus grand groupe vaut donc 2 points, toute autre tuile 1. Les pions et les prisonniers ne comptent pas. Le plus haut score gagne ; à égalité, la partie est nulle.\n\nL’en-tête du plateau montre les deux scores à chaque coup ; le dernier message de la partie en donne les deux parts (les tuiles, et le plus grand groupe).',
        picture:
          'Cette partie s’est terminée sur deux passes de suite (EX-20b). Rouge a trois tuiles, dont deux qui se touchent : 3 + 2 = 5. Noir en a sept, dont six en un seul groupe : 7 + 6 = 13. Noir gagne 13 à 5.',
      },
      'entering-a-move': {
        name: 'Saisir un coup',
        title: 'Saisir un coup',
        body: 'Dans le fil de la partie, tapez `/move` : la liste propose vos coups légaux et se resserre à mesure que vous tapez, il suffit toujours d’en choisir un.\n\nLes coups s’écrivent (EX-22) :\n- placer : `P D`\n- danser : `D B NW` (la pile, puis E, NE, NW, W, SW ou SE)\n- libérer : `F X1`\n- `pass` (le bot s’en charge)\n\nChaque tuile garde sa lettre toute la partie : A à D pour le noyau, puis E, F, … Z, AA, AB, … dans l’ordre où les tuiles sont posées ; les cases prisonnières sont X1, X2, … (EX-23). Les coordonnées marchent aussi (`P 0,1`, `D 1,0 NW`), en majuscules comme en minuscules.\n\nUn coup refusé reçoit une réponse privée avec la règle enfreinte, et rien ne change : réessayez.',
        picture:
          'Une ouverture typique : Rouge `P A`, Noir `P B`, Rouge doit danser `D A E`, Noir `P C`, et le seul coup de Rouge, la danse de sortie `D B NW`, crée X1. Noir peut maintenant jouer `P A`, `P B` ou `P D` ; `P E` serait refusé, il n’y a pas encore de tuile E (`EX-23`).',
      },
    },
    orion: {
      'goal-and-end': {
        name: 'But et fin de la partie',
        title: 'Le but du jeu, et la fin de la partie',
        body: 'Orion Duel se joue à deux, **Orange** contre **Bleu**, en posant des tuiles sur un plateau de 85 cases hexagonales parsemé de **galaxies** et de **trous noirs**. La plupart de vos tuiles portent aussi un hexagone de la couleur de **l’adversaire** : un coup peut donc l’aider.\n\nAprès chaque tuile, on compte les **conditions de victoire** des deux joueurs (OD-17) :\n- une **constellation** : un de vos groupes relie deux bords opposés du plateau ;\n- des **galaxies** : quatre galaxies dans un de vos groupes ;\n- des **trous noirs** : trois trous noirs dans un groupe de l’adversaire.\n\nDès qu’un joueur a **plus de conditions de victoire** que l’autre, il **gagne aussitôt**, même sur le coup de l’adversaire (OD-18). Ensuite, s’il ne reste aucune tuile, le départage tranche (OD-19) ; enfin, un joueur qui ne peut poser aucune tuile perd (OD-20). Ces vérifications se font dans cet ordre après chaque tuile (OD-21).',
        picture:
          'Bob a posé son hexagone seul en E7 (`S1 E7`) et réuni deux de ses groupes bleus en un seul, qui contient trois trous noirs. Cela donne une condition de victoire à Alice, 1 à 0 : Alice gagne sur le coup de Bob.',
      },
      setup: {
        name: 'Mise en place',
        title: 'Matériel et mise en place',
        body: '**Orange commence** (OD-1). Qui joue Orange est tiré au sort, sauf si l’option `first` de `/challenge` ou de `/play-bot` (`random`, `me`, `them`) en décide autrement.\n\nIl y a **8 galaxies** et **7 trous noirs**, sur 15 cases différentes avant la première tuile (OD-4, OD-10). Leur emplacement est la **disposition**, choisie avec l’option `layout` : **aléatoire** (par défaut) ou l’une des trois **dispositions prédéfinies**, des cartes fixes numérotées de 1 à 3, identiques d’une partie à l’autre (OD-11). Quand une partie annonce « disposition prédéfinie 1 », c’est celle de l’image. Une disposition aléatoire écarte les jetons : les galaxies à 3 cases au moins les unes des autres, les trous noirs aussi, et aucun trou noir sur une galaxie ni à côté.\n\nChaque joueur a **14 tuiles**, le même assortiment dans ses couleurs (voir *Les six tuiles*).',
        picture:
          'Le plateau vide de la disposition prédéfinie 1 (le choix « preset 1 » de l’option `layout`) : les galaxies sont des étoiles dorées, les trous noirs des disques noirs cerclés de violet.',
      },
      'reading-the-board': {
        name: 'Lire le plateau',
        title: 'Lire le plateau',
        body: 'Le plateau est un grand hexagone de **85 cases**, six par côté, sans ses six coins (OD-2, OD-5). Les cases ont un bord plat en haut : les six directions sont **N**, **NE**, **SE**, **S**, **SW** et **NW** (W pour l’ouest). Chaque case affiche son nom : une lettre de colonne de **A** à **K** et un numéro compté depuis le haut de la colonne ; le centre est **F5** (OD-6).\n\nLes six bords du plateau forment **trois paires de bords opposés**, dessinées en bandes autour de lui : violette et pleine (gauche et droite), rouge et tiretée, verte et pointillée. Relier les deux bords d’une paire, c’est une constellation.\n\nSur l’image, **les hexagones orange sont pleins et les bleus rayés**. Un trait fin sépare les hexagones d’une même tuile, un trait épais deux tuiles. Les jetons restent visibles sous les tuiles, et la dernière tuile a un contour blanc. L’en-tête donne les conditions de victoire de chacun (**CV**, le grand nombre), les constellations réalisées (trois petites marques, allumées une fois la paire reliée), les points de galaxie (✦) et de trou noir (○), et les tuiles restant en main (`D2×3`).',
        picture:
          'Dix tuiles posées. La galaxie H5 est sous de l’orange, F9 sous du bleu ; le trou noir D2 sous du bleu, D8 sous de l’orange. La dernière tuile de Bob, `P2 D2 SE`, a le contour blanc.',
      },
      tiles: {
        name: 'Les six tuiles',
        title: 'Les six tuiles',
        body: 'Chaque joueur a les mêmes **14 tuiles** (OD-8). **O** est un hexagone de la couleur du propriétaire, **X** un hexagone de la couleur adverse :\n- `S1` ×1 : un hexagone, O\n- `P2` ×1 : deux hexagones, O O\n- `D2` ×3 : deux hexagones, X O\n- `L3` ×3 : trois en ligne droite, X O O, le X à un bout\n- `V3` ×3 : trois en ligne coudée, X O O, le X à un bout\n- `T3` ×3 : trois en triangle, X O O\n\nUne tuile se pose tournée dans n’importe quel sens, et une V3 se coude à gauche ou à droite (OD-9). Les tuiles restantes des deux joueurs sont toujours affichées (OD-3) : un refus qui cite **OD-3** signifie qu’il ne vous reste plus de tuile de ce type.',
        picture:
          'Une tuile de chaque forme : Alice `V3 D6 S L`, Bob `S1 A2`, Alice `D2 K3 N`, Bob `T3 I6 NW`, Alice `L3 I3 NW`, Bob `P2 C4 N`.',
      },
      'placement-and-tokens': {
        name: 'Poser une tuile, couvrir des jetons',
        title: 'Poser une tuile, et couvrir des jetons',
        body: 'À votre tour, vous **devez** poser exactement une de vos tuiles ; on ne passe jamais (OD-12). Elle va où vous voulez, à deux conditions :\n- chaque hexagone tombe sur une **case libre** du plateau (OD-13) ; une tuile n’a pas besoin de toucher les précédentes ;\n- un hexagone ne peut couvrir une **galaxie** ou un **trou noir** que s’il prolonge une chaîne de sa couleur déjà posée : un hexagone de cette couleur de la nouvelle tuile doit toucher une case de la même couleur posée avant (OD-14). Les deux couleurs sont vérifiées séparément ; la première tuile d’une partie ne couvre donc jamais de jeton.\n\nUne case couverte garde sa couleur, et son jeton, jusqu’à la fin de la partie (OD-15).',
        picture:
          'Alice a posé `L3 J6 SW` : son hexagone bleu sur la galaxie J6 touche le J7 bleu, ses hexagones orange en I7 et sur le trou noir H8 touchent des cases orange ; les deux jetons prolongent une chaîne, la tuile est légale. Pour Bob, `S1 D5` serait refusé : la galaxie D5 n’a aucune voisine bleue (`OD-14`).',
      },
      constellations: {
        name: 'Constellations',
        title: 'Conditions de victoire : les constellations',
        body: 'Un **groupe**, ce sont toutes les cases d’une couleur reliées par leurs côtés, peu importe qui les a posées (OD-16).\n\nVos conditions de victoire additionnent trois parts, et elles ne baissent jamais. La première : **1 constellation** par paire de bords opposés reliés par un de vos groupes, c’est-à-dire un groupe qui contient au moins une case de chacun des deux bords (OD-17a). De 0 à 3.\n\nLes trois paires sont les bandes autour du plateau : violette (gauche et droite), rouge et verte (les bords en biais) ; les cases de bord entre deux bandes n’appartiennent à aucun bord (OD-7). L’en-tête allume la marque de chaque paire réalisée.',
        picture:
          'Alice a posé `T3 H3 NW` : ses deux hexagones orange ont réuni ses deux grands groupes en un seul, qui va de D1, sur le bord rouge en haut à gauche, à H9, sur le bord rouge en bas à droite. Une constellation, seule condition de victoire du plateau : Alice gagne.',
      },
      galaxies: {
        name: 'Galaxies',
        title: 'Conditions de victoire : les galaxies',
        body: 'Pour chacun de vos groupes, **1 point de galaxie par tranche de quatre galaxies** qu’il contient. Les points de tous vos groupes s’additionnent, **2 au plus** (OD-17b).\n\nUn hexagone ne peut couvrir une galaxie que s’il touche une case de sa couleur posée avant (OD-14) : faites grandir un groupe vers les galaxies plutôt que de sauter dessus. Et méfiez-vous de la couleur adverse sur vos tuiles : une galaxie couverte par elle nourrit les groupes de l’adversaire.',
        picture:
          'Alice a posé `T3 B5 SE`, en mettant de l’orange sur la galaxie B6 : son groupe qui va de B6 à J2 en passant par D5 et H5 contient maintenant quatre galaxies. Un point de galaxie, une condition de victoire contre zéro : Alice gagne.',
      },
      'black-holes': {
        name: 'Trous noirs',
        title: 'Conditions de victoire : les trous noirs',
        body: 'Pour chaque groupe de **l’adversaire**, **1 point par tranche de trois trous noirs** qu’il contient, et ce point est **pour vous**, 2 au plus (OD-17c). Peu importe qui a posé ces tuiles.\n\nVos hexagones de la couleur adverse sont donc une arme : posez-les pour réunir les groupes de l’adversaire autour des trous noirs. Et surveillez vos propres groupes : trois trous noirs dans l’un d’eux donnent une condition de victoire à l’adversaire.',
        picture:
          'Bob a posé `V3 F7 NE R` : son hexagone orange en F7 a réuni deux groupes d’Alice en un seul, qui contient trois trous noirs, F5, D8 et H8. Le point revient à Bob, qui gagne 1 à 0.',
      },
      blocking: {
        name: 'Blocage',
        title: 'Le blocage : aucune tuile ne rentre',
        body: 'Au début de votre tour, si **aucune** de vos tuiles restantes ne peut se poser nulle part (toutes les cases, toutes les orientations, les deux coudes d’une V3), vous **perdez aussitôt**, quelles que soient les conditions de victoire (OD-20).\n\nEn fin de partie, les cases libres s’éparpillent : les petites tuiles (`S1`, `P2`, `D2`) rentrent encore là où les longues ne rentrent plus.',
        picture:
          'Il reste à Bob deux L3 et une T3, toutes longues de trois cases, mais il n’y a plus trois cases libres en ligne ni en triangle. Il ne peut pas jouer : Alice gagne (OD-20), alors qu’aucun joueur n’a de condition de victoire.',
      },
      tiebreak: {
        name: 'Départage',
        title: 'Le départage',
        body: 'Quand les **28 tuiles** sont posées sans vainqueur, chaque joueur marque **les galaxies sur les cases de sa couleur moins les trous noirs sur les cases de sa couleur**, sur tout le plateau (OD-19). Le plus haut score gagne ; à égalité, la partie est nulle.\n\nMême une partie sans la moindre condition de victoire se décide donc sur les jetons couverts par chaque couleur.',
        picture:
          'Aucune condition de victoire de toute la partie. Les cases orange portent quatre galaxies et aucun trou noir : 4 − 0 = 4. Les cases bleues portent trois galaxies et six trous noirs : 3 − 6 = −3. Alice gagne au départage.',
      },
      'entering-a-move': {
        name: 'Saisir un coup',
        title: 'Saisir un coup',
        body: 'Dans le fil de la partie, tapez `/move` : la liste propose vos coups légaux et se resserre à mesure que vous tapez.\n\nUn coup s’écrit `TUILE CASE [DIRECTION] [R|L]` (OD-22) :\n- **TUILE** : S1, P2, D2, L3, V3 ou T3 ;\n- **CASE**, l’ancre : l’hexagone de couleur adverse (X) d’une D2, L3, V3 ou T3, l’hexagone d’une S1, l’un ou l’autre hexagone d’une P2 ;\n- **DIRECTION** (N, NE, SE, S, SW, NW) : de l’ancre vers l’hexagone suivant. Une S1 n’en a pas ; une L3 continue tout droit ; une T3 place son troisième hexagone dans cette direction tournée vers la droite ;\n- **R** ou **L**, pour une V3 seulement : son second pas tourne de 60° à droite (R) ou à gauche (L).\n\nLes cases portent les noms de l’image du plateau, de A1 à K4 (OD-6), en majuscules comme en minuscules : `v3 e5 n r` fonctionne. On peut aussi donner la liste des cases, le X d’abord : `L3 C7,C6,C5`.\n\nUn coup refusé reçoit une réponse privée avec la règle enfreinte, et rien ne change : réessayez.',
        picture:
          'Quatre tuiles : Alice `L3 C7 N` (bleu en C7, orange en C6 et C5), Bob `S1 K2`, Alice `V3 E5 N R` (bleu en E5, orange en E4 puis, en tournant à droite, en F3), Bob `T3 H7 SW` (orange en H7, bleu en G8 et G7). `V3 E5 N` serait refusé : une V3 demande R ou L (`OD-22`).',
      },
    },
  },
};
