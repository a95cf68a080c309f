// Orion Duel lessons (see ../lessons.ts): one real position per topic, with
// the rule ids it explains. Pure data; the words are in docs/rules/orion-duel.md.
// The positions were found by seeded playouts (npm run -s find-lessons,
// scripts/find-lessons.ts; the seed is noted on each) or laid by hand, and
// frozen here; test/engine/lessons.test.ts replays each and checks that it
// shows its point.
import type { Lesson } from '../game.js';
import { topicIndex } from '../rule-ids.js';

export const ORION_TOPICS = [
  'goal-and-end',
  'setup',
  'reading-the-board',
  'tiles',
  'placement-and-tokens',
  'constellations',
  'galaxies',
  'black-holes',
  'blocking',
  'tiebreak',
  'entering-a-move',
] as const;
export type OrionTopic = (typeof ORION_TOPICS)[number];

export const ORION_LESSONS: readonly Lesson<OrionTopic>[] = [
  {
    // Blue's last tile hands Orange the win: victory conditions count for both players after every tile. (playout seed
    // 146)
    topic: 'goal-and-end',
    rules: ['OD-17', 'OD-18', 'OD-21'],
    setup: 'preset1',
    moves: [
      'S1 H3',
      'P2 D4 SE',
      'D2 C1 NE',
      'T3 G7 SW',
      'T3 I4 N',
      'V3 D6 S R',
      'D2 G9 SE',
      'D2 I2 NE',
      'V3 D8 SE L',
      'T3 G5 S',
      'V3 E4 N L',
      'L3 A3 NE',
      'L3 G1 S',
      'T3 B3 N',
      'V3 H6 SE L',
      'S1 E7',
    ],
  },
  {
    // The empty board of preset layout 1, before the first tile.
    topic: 'setup',
    rules: ['OD-1', 'OD-4', 'OD-10', 'OD-11'],
    setup: 'preset1',
    moves: [],
  },
  {
    // Ten tiles down, galaxies and black holes covered by both colours. (playout seed 2)
    topic: 'reading-the-board',
    rules: ['OD-2', 'OD-5'],
    setup: 'preset1',
    moves: [
      'V3 G2 S L',
      'D2 G6 SW',
      'D2 E10 NW',
      'L3 I4 NE',
      'T3 D4 NE',
      'V3 D3 NW R',
      'L3 F9 NW',
      'D2 H5 S',
      'V3 H4 NW L',
      'P2 D2 SE',
    ],
  },
  {
    // The six shapes, one each, none touching another. (playout seed 1)
    topic: 'tiles',
    rules: ['OD-3', 'OD-8', 'OD-9'],
    setup: 'preset1',
    moves: ['V3 D6 S L', 'S1 A2', 'D2 K3 N', 'T3 I6 NW', 'L3 I3 NW', 'P2 C4 N'],
  },
  {
    // The last tile covers a token with each of its colours, each joining a chain of that colour. (playout seed 32)
    topic: 'placement-and-tokens',
    rules: ['OD-12', 'OD-13', 'OD-14', 'OD-15'],
    setup: 'preset1',
    moves: ['D2 J7 SW', 'V3 H7 NW R', 'D2 E4 SE', 'T3 C2 SE', 'L3 J6 SW'],
  },
  {
    // The mover's last tile joins two opposite sides with one group: one victory condition, and the game. (playout seed
    // 56)
    topic: 'constellations',
    rules: ['OD-7', 'OD-16', 'OD-17a'],
    setup: 'preset1',
    moves: [
      'P2 I3 N',
      'L3 E6 N',
      'V3 G7 NW L',
      'D2 F3 SE',
      'L3 F2 SW',
      'V3 A2 NE R',
      'T3 E8 NE',
      'D2 K1 SW',
      'V3 I8 SW R',
      'L3 D4 S',
      'S1 D1',
      'D2 F9 SE',
      'V3 C6 N L',
      'P2 G8 NE',
      'D2 D8 SW',
      'L3 G6 SE',
      'T3 I5 NW',
      'V3 H1 SW R',
      'D2 E2 SW',
      'S1 D9',
      'T3 H3 NW',
    ],
  },
  {
    // A group of one colour holding four galaxies. (playout seed 76)
    topic: 'galaxies',
    rules: ['OD-17b'],
    setup: 'preset1',
    moves: [
      'V3 F7 N R',
      'V3 E8 SE R',
      'V3 G4 SE R',
      'T3 G8 N',
      'V3 D4 S L',
      'V3 I8 N R',
      'T3 C2 SE',
      'L3 G1 S',
      'T3 I2 SE',
      'D2 D6 S',
      'T3 B5 SE',
    ],
  },
  {
    // A group of one colour holding three black holes: a point for the other player. (playout seed 83)
    topic: 'black-holes',
    rules: ['OD-17c'],
    setup: 'preset1',
    moves: [
      'D2 E7 NE',
      'V3 F5 N L',
      'D2 H9 NW',
      'D2 H8 NE',
      'T3 E9 N',
      'T3 D8 S',
      'L3 C4 SE',
      'V3 I2 S L',
      'V3 B4 NW R',
      'V3 F7 NE R',
    ],
  },
  {
    // The player to move has tiles left but none of them fits anywhere. (playout seed 139)
    topic: 'blocking',
    rules: ['OD-20'],
    setup: 'preset1',
    moves: [
      'L3 E5 NW',
      'D2 F4 N',
      'V3 H6 NE R',
      'D2 C7 S',
      'V3 D6 S L',
      'V3 I7 NW L',
      'V3 E3 N L',
      'S1 E9',
      'T3 B5 SW',
      'V3 H4 SE L',
      'D2 A1 S',
      'P2 H3 NE',
      'P2 E7 NE',
      'L3 G3 NE',
      'L3 G6 N',
      'D2 K1 S',
      'D2 F8 SE',
      'T3 B4 N',
      'T3 C1 S',
      'V3 F1 SE L',
      'S1 J4',
      'T3 I8 SW',
      'D2 C5 S',
    ],
  },
  {
    // All 28 tiles down, victory conditions equal: galaxies minus black holes decide. (playout seed 171)
    topic: 'tiebreak',
    rules: ['OD-19'],
    setup: 'preset1',
    moves: [
      'V3 D7 N L',
      'L3 I8 SW',
      'S1 F3',
      'V3 A2 NE R',
      'T3 G7 SE',
      'L3 F4 SW',
      'D2 H1 SE',
      'L3 I4 SW',
      'T3 E8 SE',
      'T3 K4 NW',
      'P2 E7 NE',
      'V3 I6 SE R',
      'T3 C1 S',
      'D2 E1 SW',
      'L3 J3 NW',
      'T3 C7 SE',
      'L3 D2 NE',
      'V3 F9 SW R',
      'D2 B7 N',
      'S1 H2',
      'D2 C3 NE',
      'D2 G5 SW',
      'V3 J4 NE L',
      'D2 G9 NE',
      'V3 H4 NW R',
      'P2 E4 N',
      'L3 C6 NW',
      'T3 J2 NW',
    ],
  },
  {
    // Four tiles laid by hand, written in each form of the notation the docs explain.
    topic: 'entering-a-move',
    rules: ['OD-6', 'OD-22'],
    setup: 'preset1',
    moves: ['L3 C7 N', 'S1 K2', 'V3 E5 N R', 'T3 H7 SW'],
  },
];

/** The topic explaining an Orion Duel rule id ('OD-20' → 'blocking'), or null when the id is not an Orion rule. */
export const ruleTopic: (ruleId: string) => OrionTopic | null = topicIndex(ORION_LESSONS);
