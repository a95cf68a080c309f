// English: /rules, the illustrated lessons (one page per lesson of each
// game, src/engine/*/lessons.ts, in the same order), and the Why? button of
// refusals. Each page: `name` (the topic in lists, ≤ 100 characters),
// `title`, `body` (a few short paragraphs for a newcomer: how it works and
// what to type) and `picture` (what the lesson's position shows). The rule
// ids a page covers are added from the lesson itself.
export const rules = {
  rules: {
    cmd: {
      description: 'Learn Exxit or Orion Duel: an illustrated lesson, page by page',
      topic: 'Start at this topic (or type a rule id such as EX-13d)',
    },
    page: {
      title: '{game} rules · {topic}',
      picture: '**In the picture.** {text}',
      rulesLine: '**Rules on this page:** {rules}',
      footer: 'Page {n} of {count} · a real position, drawn by the bot',
      altText: '{game}: the position of the lesson “{topic}”',
      shared: '{user} shared a page of the {game} rules.',
    },
    players: { first: 'Alice', second: 'Bob' },
    button: {
      previous: 'Previous',
      next: 'Next',
      post: 'Post in the channel',
      read: 'Read the lesson',
      why: 'Why?',
      openGame: '{game} rules',
    },
    select: 'Go to a topic',
    unknownTopic: '{typed} is not a topic of the {game} rules. Topics: {topics}.',
    noLessons: 'There is no lesson for {game} yet.',
    pageGone: 'This page of the rules no longer exists; use `/rules` again.',
    cooldown: 'You posted a page just now; you can post another in {seconds} s.',
    exxit: {
      'goal-and-end': {
        name: 'Goal and end of the game',
        title: 'The goal, and how the game ends',
        body: 'Exxit is played by **Red** and **Black**. There is no board: the players build the world as they play, one hexagonal tile at a time, and the one with the most **territory** (tiles of their colour) wins.\n\nYou get new tiles by **freeing prisoners**: pawns pushed out of the world by a **dance**. Most of the game is about making dances and avoiding them.\n\nThe game ends (EX-20):\n- at once when the **last tile leaves the stock** (EX-20a);\n- after **two passes in a row**: neither player can move (EX-20b);\n- when the **same position comes up a third time** (EX-20c);\n- after **1,000 moves**, a safety limit no real game reaches (EX-20d).\n\nIn every case the score decides (see *Scoring*); equal scores are a draw. The last post of the game says which rule ended it and gives the score.',
        picture:
          'A short game (19 tiles) after 48 moves. Black freed a prisoner cell and the chain laid the last two tiles of the stock: the game ended there (EX-20a), and Black wins 20–14.',
      },
      setup: {
        name: 'Setup',
        title: 'Material and setup',
        body: '**Red moves first** (EX-1). Each player has **8 pawns** of their colour, all in their **reserve**, off the table, at the start (EX-2).\n\nTiles are red on one face and black on the other. A game uses **39 tiles** (standard), **29** (blitz) or **19** (short), counting the 4 tiles of the starting core; choose with the `tiles` option of `/challenge` or `/play-bot` (EX-3). The tiles not on the table yet are the **stock**, shared by both players: 35 at the start of a standard game (EX-4).\n\nPlay starts from a **core** of four tiles (EX-8): **A** and **B** red, side by side, **C** black above them and **D** black below. No pawn is on the table yet, so the first moves place pawns.',
        picture:
          'The starting position: A and B red, C and D black, both reserves full, 35 tiles in the stock. The score is already 4 to 3: Red’s two tiles touch (2 tiles + 2 for the group), Black’s do not (2 + 1).',
      },
      'reading-the-board': {
        name: 'Reading the board',
        title: 'Reading the board',
        body: 'Every cell is a **tile** (with or without pawns; a tile without pawns is an **empty tile**), a **prisoner cell** (pawns but no tile: they were pushed out of the world) or a **void** (nothing at all) (EX-6, EX-7).\n\nPawns on a cell form a **stack**, counted from the bottom up (EX-9). Its **height** is its number of pawns (EX-9a). Its **owner** is the colour of its **top pawn**, whatever lies underneath (EX-9b).\n\nTiles are hexagons with a point on top, so the six directions are **E**, **W**, **NE**, **NW**, **SE** and **SW** (EX-5). Every tile has a letter (A, B, …) and every prisoner cell a label (X1, X2, …): that is what you type in moves.\n\nOn the image, red pawns are solid discs and black pawns have a white ring; the number on a stack is its height. Prisoner cells have a dashed gold outline, and the last move is drawn in yellow. The header shows each player’s score and reserve, whose turn it is, and the stock; the footer gives the last move as you would type it.',
        picture:
          'After 16 moves. B, a red tile, holds three pawns (red, black, red from the bottom): Red’s stack of height 3. D holds a red pawn under a black one: Black’s stack of 2. A and C are empty tiles; X1 to X4 are prisoner cells. Black has just moved the pawn of A onto D (`D A SE`).',
      },
      place: {
        name: 'Place a pawn',
        title: 'Place a pawn',
        body: 'When you have **no dance** to make (see *Dance*) and a pawn in your reserve, you may put it on **any empty tile**, red or black (EX-17). It is a new stack of height 1, and it is yours.\n\nWith no dance available you choose freely between placing and freeing a prisoner cell (EX-11d).\n\nType `/move` with `P` and the tile’s letter: `P C`. `P A` is refused when A already holds a stack (`EX-17: A is not an empty tile`).',
        picture:
          'Black could not dance and could not free X1, which touches a single tile, so Black placed a pawn on C (`P C`). Red owns no stack now and must place too, on D or E.',
      },
      dance: {
        name: 'Dance',
        title: 'Dance: the heart of the game',
        body: 'A **dance** moves one of **your** stacks (EX-12) along a straight line, dropping its pawns one by one. If you have a legal dance you **must** dance (EX-11a); among the dances allowed you choose freely (EX-11c). All of this is the priority rule (EX-11).\n\nTake your stack of height `n` and a direction. Walk over empty tiles to the first cell that is not an empty tile: the **target**. The dance is legal only if (EX-13):\n- the target is at most `n` steps away (EX-13a);\n- it is a tile, not a void or a prisoner cell (EX-13b);\n- its top pawn is your opponent’s (EX-13c);\n- it is no taller than your stack; the same height is fine (EX-13d).\n\nLift the whole stack, then drop its **bottom** pawn on the next cell, the next pawn on the cell after, one per cell, past the target until the pawns run out (EX-14). A stack that gets a pawn now belongs to that pawn’s colour (EX-15). When every pawn lands on a tile it is an **inside dance** (EX-13g). One dance per turn: new dances wait for the next turn (EX-16).\n\nType `D`, the stack’s letter and the direction: `D G NE`.',
        picture:
          'Red’s stack of 3 on G danced NE: its red bottom pawn onto the empty tile D, the black one onto the target B, the red top one onto E, past the target. Black must now dance with B; `D B NE` would be refused, E is taller than B now (`EX-13d`).',
      },
      'exit-dance': {
        name: 'Exit dance',
        title: 'Exit dance: pawns leave the world',
        body: 'A dance whose pawns reach a cell without a tile, before they run out, leaves the world. Look at the cells past the target, up to `n` cells from your stack, and at the first one without a tile:\n- a **void**: it is an **exit dance** (EX-13f). Pawns drop one per cell up to the void, then **all** the pawns still lifted land on it together and become a new **prisoner cell**, X1, X2, … (EX-14);\n- a **prisoner cell**: the dance is not allowed, a dance may not end on prisoners (EX-13e).\n\nExit dances come first: when you have one, only exit dances are legal (EX-11b).\n\nPrisoners are not lost: they go back to their owners when the cell is freed (see *Free and the chain*). An exit dance is typed like any dance: `D B SW`.',
        picture:
          'Black’s stack on B (a red pawn under two black ones) danced SW: the red pawn dropped onto D, and the two black pawns left the world together as the prisoner cell X2. Black’s inside dance `D A SE` would have been refused: an exit dance was available (`EX-11b`).',
      },
      'free-and-chain': {
        name: 'Free and the chain',
        title: 'Free a prisoner cell, and the chain',
        body: 'With no dance to make and at least one tile in the stock, you may **free** a prisoner cell that touches **at least two tiles** (EX-18). Every pawn on it goes back to its owner’s reserve, and a tile from the stock is laid on the cell, **in your colour**. Freeing is how the world grows, and how you gain tiles.\n\n**The chain** (EX-19): after each tile laid this way, every prisoner cell next to it that now touches two tiles is freed too, in your colour, and so on while the stock lasts. The chain is not optional.\n\nType `F` and the label of the prisoner cell: `F X2`. `F X1` is refused while X1 touches a single tile (`EX-18`).',
        picture:
          'Black freed X2, which became the black tile E. Then X1 touched D and E and was freed (tile F), then X3 (tile G). Three tiles left the stock, two red pawns went back to Red’s reserve, and Black’s score jumped from 3 to 9.',
      },
      pass: {
        name: 'Pass',
        title: 'Pass',
        body: 'Each turn is exactly one action: dance, place or free (EX-10). When you have none (no dance, and you can neither place nor free), you **pass**.\n\nA pass is never a choice: the bot plays it for you and says so in the thread. It counts as a move, and **two passes in a row end the game** (EX-20b).',
        picture:
          'Black has no pawn left in reserve, and its only stack, on A, cannot dance: the red stacks around it are taller (`EX-13d`). No prisoner cell touches two tiles either, so Black passed. Red must dance now.',
      },
      scoring: {
        name: 'Scoring',
        title: 'Scoring',
        body: 'At the end each colour scores (EX-21):\n- **1 point for each tile** of its colour in the world, plus\n- **1 point for each tile of its largest group**: its tiles joined by their sides.\n\nSo a tile of your largest group is worth 2, any other tile 1. Pawns and prisoners count nothing. The higher score wins; equal scores are a draw.\n\nThe header of the board shows both scores at every move; the last post of the game gives their two parts (tiles, and the largest group).',
        picture:
          'This game ended after two passes in a row (EX-20b). Red has three tiles, two of them touching: 3 + 2 = 5. Black has seven, six of them in one group: 7 + 6 = 13. Black wins 13–5.',
      },
      'entering-a-move': {
        name: 'Entering a move',
        title: 'Entering a move',
        body: 'In the game’s thread, type `/move`: the list shows your legal moves and narrows as you type, so picking one is always enough.\n\nMoves are written (EX-22):\n- place: `P D`\n- dance: `D B NW` (the stack, then E, NE, NW, W, SW or SE)\n- free: `F X1`\n- `pass` (the bot does it for you)\n\nEvery tile keeps its letter all game: A to D for the core, then E, F, … Z, AA, AB, … in the order tiles are laid; prisoner cells are X1, X2, … (EX-23). Coordinates work too (`P 0,1`, `D 1,0 NW`), in any case.\n\nA refused move is answered privately with the rule it breaks, and nothing changes: try again.',
        picture:
          'A typical opening: Red `P A`, Black `P B`, Red must dance `D A E`, Black `P C`, and Red’s only move, the exit dance `D B NW`, made X1. Black may now play `P A`, `P B` or `P D`; `P E` would be refused, there is no tile E yet (`EX-23`).',
      },
    },
    orion: {
      'goal-and-end': {
        name: 'Goal and end of the game',
        title: 'The goal, and how the game ends',
        body: 'Orion Duel is played by **Orange** and **Blue**, laying tiles on a board of 85 hexagonal cells scattered with **galaxies** and **black holes**. Most of your tiles also carry one hex of your **opponent’s** colour, so a move can help them too.\n\nAfter every tile, both players’ **victory conditions** are counted (OD-17):\n- a **constellation**: one of your groups joins two opposite sides of the board;\n- **galaxies**: four galaxies in one of your groups;\n- **black holes**: three black holes in one of your opponent’s groups.\n\nAs soon as one player has **more victory conditions** than the other, that player **wins at once**, even on the opponent’s move (OD-18). Then, if no tile is left, the tiebreak decides (OD-19); then a player who cannot lay any tile loses (OD-20). The checks come in that order after every tile (OD-21).',
        picture:
          'Bob laid his single hex on E7 (`S1 E7`), joining two of his blue groups into one that holds three black holes. That gives Alice a victory condition, 1 to 0: Alice wins on Bob’s move.',
      },
      setup: {
        name: 'Setup',
        title: 'Material and setup',
        body: '**Orange moves first** (OD-1). Who plays Orange is drawn at random unless the `first` option of `/challenge` or `/play-bot` (`random`, `me`, `them`) says otherwise.\n\nThere are **8 galaxies** and **7 black holes**, on 15 different cells before the first tile (OD-4, OD-10). Where they lie is the **layout**, chosen with the `layout` option: **random** (the default) or one of three **preset layouts**, fixed maps numbered 1 to 3 that are the same in every game (OD-11). When a game says “preset layout 1”, it is the one in the picture. A random layout keeps the tokens apart: galaxies at least 3 cells from each other, black holes too, and no black hole on or next to a galaxy.\n\nEach player has **14 tiles**, the same set in their own colours (see *The six tiles*).',
        picture:
          'The empty board of preset layout 1 (the `layout` choice “preset 1”): galaxies are gold stars, black holes black discs with a violet ring.',
      },
      'reading-the-board': {
        name: 'Reading the board',
        title: 'Reading the board',
        body: 'The board is a big hexagon of **85 cells**, six to a side, without its six corners (OD-2, OD-5). Cells have a flat top: the six directions are **N**, **NE**, **SE**, **S**, **SW** and **NW**. Every cell shows its label: a column letter from **A** to **K** and a number counted from the top of the column; the centre is **F5** (OD-6).\n\nThe six sides of the board form **three pairs of opposite sides**, drawn as bands outside it: purple and solid (left and right), red and dashed, green and dotted. Joining the two sides of one pair is a constellation.\n\nOn the image, **orange hexes are solid and blue hexes striped**. A thin line separates the hexes of one tile, a thick line two tiles. Tokens stay visible under tiles, and the last tile has a white outline. The header gives each player’s victory conditions (**VC**, the big number), the constellations joined (three small marks, lit once joined), the galaxy (✦) and black-hole (○) points, and the tiles left in hand (`D2×3`).',
        picture:
          'Ten tiles in. The galaxy H5 lies under orange and F9 under blue; the black hole D2 under blue and D8 under orange. Bob’s last tile, `P2 D2 SE`, has the white outline.',
      },
      tiles: {
        name: 'The six tiles',
        title: 'The six tiles',
        body: 'Each player has the same **14 tiles** (OD-8). **O** is a hex of the owner’s colour, **X** a hex of the opponent’s:\n- `S1` ×1: one hex, O\n- `P2` ×1: two hexes, O O\n- `D2` ×3: two hexes, X O\n- `L3` ×3: three in a straight line, X O O, the X at one end\n- `V3` ×3: three in a bent line, X O O, the X at one end\n- `T3` ×3: three in a triangle, X O O\n\nA tile can be laid turned any way, and a V3 bends left or right (OD-9). Both players’ remaining tiles are always shown (OD-3): a refusal citing **OD-3** means you have no tile of that kind left.',
        picture:
          'One tile of each shape: Alice `V3 D6 S L`, Bob `S1 A2`, Alice `D2 K3 N`, Bob `T3 I6 NW`, Alice `L3 I3 NW`, Bob `P2 C4 N`.',
      },
      'placement-and-tokens': {
        name: 'Laying a tile, covering tokens',
        title: 'Laying a tile, and covering tokens',
        body: 'On your turn you **must** lay exactly one of your tiles; there is no passing (OD-12). It goes where you like, on two conditions:\n- every hex lands on a **free cell** of the board (OD-13); a tile does not need to touch earlier tiles;\n- a hex may cover a **galaxy** or a **black hole** only if it joins a chain of its colour already on the board: a hex of that colour of the new tile must touch a cell of that colour laid before (OD-14). The two colours are checked apart, so the first tile of a game never covers a token.\n\nA covered cell keeps its colour, and its token, for the rest of the game (OD-15).',
        picture:
          'Alice laid `L3 J6 SW`: its blue hex on the galaxy J6 touches the blue J7, its orange hexes on I7 and on the black hole H8 touch orange cells, so both tokens join a chain and the tile is legal. Bob’s `S1 D5` would be refused: the galaxy D5 has no blue neighbour (`OD-14`).',
      },
      constellations: {
        name: 'Constellations',
        title: 'Victory conditions: constellations',
        body: 'A **group** is all the cells of one colour that hang together through shared sides, whoever laid them (OD-16).\n\nYour victory conditions add up three parts, and they never go down. The first: **1 constellation** for each pair of opposite sides joined by one of your groups, that is a group holding at least one cell of each of the two sides (OD-17a). From 0 to 3.\n\nThe three pairs are the bands around the board: purple (left and right), red and green (the slanted sides); the side cells between two bands belong to no side (OD-7). The header lights each pair’s mark once it is joined.',
        picture:
          'Alice laid `T3 H3 NW`: its two orange hexes joined her two big groups into one, running from D1 on the top-left red side to H9 on the bottom-right red side. One constellation, the only victory condition on the board: Alice wins.',
      },
      galaxies: {
        name: 'Galaxies',
        title: 'Victory conditions: galaxies',
        body: 'For each of your groups, **1 galaxy point for every four galaxies** it holds. The points of all your groups add up, **at most 2** (OD-17b).\n\nA hex may cover a galaxy only if it touches a cell of its colour laid before (OD-14): grow a group toward the galaxies rather than jumping onto them. And mind your opponent’s colour on your tiles: a galaxy under it feeds their groups.',
        picture:
          'Alice laid `T3 B5 SE`, putting orange on the galaxy B6: her group running from B6 through D5 and H5 to J2 now holds four galaxies. One galaxy point, one victory condition to none: Alice wins.',
      },
      'black-holes': {
        name: 'Black holes',
        title: 'Victory conditions: black holes',
        body: 'For each of your **opponent’s** groups, **1 point for every three black holes** it holds, and the point is **yours**, at most 2 (OD-17c). Who laid those tiles does not matter.\n\nSo your opponent-colour hexes are a weapon: lay them to join your opponent’s groups over black holes. And watch your own groups: three black holes in one of them give your opponent a victory condition.',
        picture:
          'Bob laid `V3 F7 NE R`: its orange hex on F7 joined two of Alice’s groups into one holding three black holes, F5, D8 and H8. The point goes to Bob, who wins 1 to 0.',
      },
      blocking: {
        name: 'Blocking',
        title: 'Blocking: no tile fits',
        body: 'At the start of your turn, if **none** of your remaining tiles can be laid anywhere (every cell, every rotation, both bends of a V3), you **lose at once**, whatever the victory conditions (OD-20).\n\nLate in the game, the free cells get scattered: small tiles (`S1`, `P2`, `D2`) still fit where long ones do not.',
        picture:
          'Bob has two L3 and one T3 left, all three cells long, but no three free cells in a line or a triangle remain. He cannot move: Alice wins (OD-20), though neither player has a victory condition.',
      },
      tiebreak: {
        name: 'Tiebreak',
        title: 'The tiebreak',
        body: 'When all **28 tiles** are down and nobody has won, each player scores **the galaxies on cells of their colour minus the black holes on cells of their colour**, over the whole board (OD-19). The higher score wins; equal scores are a draw.\n\nSo even a game without a single victory condition is decided by which tokens each colour covered.',
        picture:
          'No victory condition all game. Orange cells hold four galaxies and no black hole: 4 − 0 = 4. Blue cells hold three galaxies and six black holes: 3 − 6 = −3. Alice wins on the tiebreak.',
      },
      'entering-a-move': {
        name: 'Entering a move',
        title: 'Entering a move',
        body: 'In the game’s thread, type `/move`: the list shows your legal moves and narrows as you type.\n\nA move is `TILE CELL [DIRECTION] [R|L]` (OD-22):\n- **TILE**: S1, P2, D2, L3, V3 or T3;\n- **CELL**, the anchor: the opponent-colour hex (X) of a D2, L3, V3 or T3, the hex of an S1, either hex of a P2;\n- **DIRECTION** (N, NE, SE, S, SW, NW): from the anchor to the next hex. An S1 has none; an L3 goes on straight; a T3 puts its third hex in that direction turned right;\n- **R** or **L**, for a V3 only: its second step turns 60° right or left.\n\nCells use the labels of the board image, A1 to K4 (OD-6), in any case: `v3 e5 n r` works. You may also list the cells, the X first: `L3 C7,C6,C5`.\n\nA refused move is answered privately with the rule it breaks, and nothing changes: try again.',
        picture:
          'Four tiles: Alice `L3 C7 N` (blue on C7, orange on C6 and C5), Bob `S1 K2`, Alice `V3 E5 N R` (blue on E5, orange on E4 then, turning right, on F3), Bob `T3 H7 SW` (orange on H7, blue on G8 and G7). `V3 E5 N` would be refused: a V3 needs R or L (`OD-22`).',
      },
    },
  },
} as const;
