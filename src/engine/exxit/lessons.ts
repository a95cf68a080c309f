// Exxit lessons (see ../lessons.ts): one real position per topic, with the
// rule ids it explains. Pure data; the words are in docs/rules/exxit.md.
// The positions were found by seeded random playouts (npm run -s find-lessons,
// scripts/find-lessons.ts; the seed is noted on each) and frozen here;
// test/engine/lessons.test.ts replays each and checks that it shows its point.
import type { Lesson } from '../game.js';
import { topicIndex } from '../rule-ids.js';

export const EXXIT_TOPICS = [
  'goal-and-end',
  'setup',
  'reading-the-board',
  'place',
  'dance',
  'exit-dance',
  'free-and-chain',
  'pass',
  'scoring',
  'entering-a-move',
] as const;
export type ExxitTopic = (typeof EXXIT_TOPICS)[number];

export const EXXIT_LESSONS: readonly Lesson<ExxitTopic>[] = [
  {
    // A short game (19 tiles) that ends when a free lays the last tile of the stock. (playout seed 111)
    topic: 'goal-and-end',
    rules: ['EX-20', 'EX-20a', 'EX-20b', 'EX-20c', 'EX-20d'],
    setup: 'short',
    moves: [
      'P 0,1', 'P 1,-1', 'P 0,0', 'D 1,-1 SW', 'P 1,-1', 'D 0,0 SE', 'P 0,0', 'P 1,0', 'D 0,1 NE', 'F 2,-1',
      'P 2,-1', 'P 0,1', 'D 1,0 SW', 'D 0,1 NW', 'P 1,0', 'D 0,0 E', 'F 0,-1', 'P 0,0', 'D 1,0 W', 'F -1,0',
      'P -1,0', 'P 1,0', 'D 2,-1 SW', 'P 0,1', 'P 0,-1', 'P 2,-1', 'D 1,0 NE', 'D 2,-1 W', 'D 0,0 NW', 'D 0,-1 SW',
      'P 1,0', 'D 1,-1 SE', 'P 0,-1', 'P 2,-1', 'F 2,0', 'P 2,0', 'D 1,0 E', 'P 0,0', 'D 2,0 NW', 'D 2,-1 W',
      'D -1,0 NE', 'P 1,1', 'D 0,-1 E', 'F 2,-2', 'D 1,-1 SW', 'P 1,0', 'P 1,-2', 'F -1,1',
    ],
  },
  {
    // The core, before the first move.
    topic: 'setup',
    rules: ['EX-1', 'EX-2', 'EX-3', 'EX-4', 'EX-8'],
    setup: 'standard',
    moves: [],
  },
  {
    // Mixed stacks, a tall one, prisoner cells, empty tiles of both colours. (playout seed 17)
    topic: 'reading-the-board',
    rules: ['EX-5', 'EX-6', 'EX-7', 'EX-9', 'EX-9a', 'EX-9b'],
    setup: 'standard',
    moves: [
      'P 1,-1', 'P 0,0', 'D 1,-1 SW', 'P 1,0', 'D 0,0 E', 'P 0,1', 'P 0,0', 'D 1,0 W', 'P 1,0', 'D 0,1 NE', 'P 0,1',
      'D 0,0 SE', 'D 0,1 NE', 'P 0,0', 'P 0,1', 'D 0,0 SE',
    ],
  },
  {
    // The last move places a pawn on an empty tile. (playout seed 2)
    topic: 'place',
    rules: ['EX-11d', 'EX-17'],
    setup: 'standard',
    moves: [
      'P 1,-1', 'P 0,0', 'D 1,-1 SW', 'P 1,-1', 'D 0,0 NE', 'P 1,0', 'P 0,0', 'D 1,-1 SW', 'F -1,1', 'P 1,-1',
    ],
  },
  {
    // The last move is an inside dance of 3 pawns: one on an empty tile, one on the target, one beyond. (playout seed 197)
    topic: 'dance',
    rules: ['EX-11', 'EX-11a', 'EX-11c', 'EX-12', 'EX-13', 'EX-13a', 'EX-13b', 'EX-13c', 'EX-13d', 'EX-13g', 'EX-14', 'EX-15', 'EX-16'],
    setup: 'standard',
    moves: [
      'P 0,0', 'P 1,0', 'D 0,0 E', 'P 0,1', 'D 1,0 SW', 'P 0,0', 'P 1,-1', 'D 0,0 NE', 'P 0,0', 'D 1,-1 SW',
      'D 0,0 SE', 'P 1,0', 'D 0,1 NE', 'F 2,-1', 'P 2,-1', 'D 1,0 NE', 'F -1,1', 'P 0,2', 'P -1,2', 'D 0,2 W',
      'P 1,0', 'D -1,2 NE', 'P -1,2', 'D 1,0 SW', 'D 0,1 SW', 'P 1,0', 'D -1,2 NE',
    ],
  },
  {
    // The last move is an exit dance: one pawn sown inside, two become the prisoner cell X2. (playout seed 8)
    topic: 'exit-dance',
    rules: ['EX-11b', 'EX-13e', 'EX-13f'],
    setup: 'standard',
    moves: [
      'P 0,0', 'P 1,-1', 'D 0,0 NE', 'P 0,1', 'P 1,0', 'D 0,1 NE', 'D 1,-1 SE', 'P 0,0', 'P 0,1', 'D 1,0 SW',
    ],
  },
  {
    // The last move frees a prisoner cell and the chain frees two more: three new tiles. (playout seed 170)
    topic: 'free-and-chain',
    rules: ['EX-18', 'EX-19'],
    setup: 'standard',
    moves: [
      'P 0,1', 'P 1,0', 'D 0,1 NE', 'P 0,1', 'D 1,0 SW', 'P 1,0', 'P 1,-1', 'D 1,0 NW', 'P 0,0', 'D 1,-1 SW',
      'D 0,0 SE', 'F -1,1',
    ],
  },
  {
    // The last move is a forced pass, and the game goes on. (playout seed 36)
    topic: 'pass',
    rules: ['EX-10'],
    setup: 'standard',
    moves: [
      'P 0,1', 'P 1,-1', 'P 0,0', 'D 1,-1 SW', 'P 1,-1', 'D 0,0 SE', 'P 1,0', 'P 0,0', 'D 0,1 NW', 'P 0,1',
      'D 1,0 SW', 'P 1,0', 'D 0,0 E', 'D 1,0 SW', 'P 0,0', 'F 0,-1', 'P 0,-1', 'D 0,1 NW', 'D 0,-1 SE', 'P 0,-1',
      'D 1,-1 W', 'P 1,0', 'D 0,1 NE', 'P 1,-1', 'D 0,0 NE', 'P 0,1', 'D 0,-1 SE', 'pass',
    ],
  },
  {
    // A finished game (two passes in a row) in which each colour has a tile outside its largest group. (playout seed 257)
    topic: 'scoring',
    rules: ['EX-21'],
    setup: 'standard',
    moves: [
      'P 0,0', 'P 1,0', 'D 0,0 E', 'P 0,0', 'D 1,0 W', 'P 1,-1', 'P 1,0', 'D 0,0 E', 'P 0,0', 'D 1,-1 SW', 'P 0,1',
      'D 1,0 SW', 'D 0,1 NW', 'P 0,1', 'D 0,0 SE', 'F 0,-1', 'P 0,0', 'P 1,-1', 'D 0,0 NE', 'P -1,0', 'P 0,-1',
      'D -1,0 NE', 'D 1,-1 W', 'P 0,0', 'D 0,1 NW', 'P 1,-1', 'D 0,-1 E', 'D 0,0 NE', 'P -1,0', 'F 2,-1', 'P 2,-2',
      'D 1,-1 NE', 'P 1,0', 'P 2,-1', 'D 1,0 NE', 'D 2,-2 SE', 'D 2,-1 SE', 'P 2,-1', 'P 2,-2', 'D 2,-1 NW',
      'P 2,-1', 'D 2,0 NW', 'F -1,-1', 'P -1,-1', 'D -1,0 NW', 'P 0,0', 'P 1,0', 'D 0,0 E', 'pass', 'pass',
    ],
  },
  {
    // An opening of five moves, walked through in the docs: tile labels A-D and the prisoner cell X1.
    topic: 'entering-a-move',
    rules: ['EX-22', 'EX-23'],
    setup: 'standard',
    moves: [
      'P 0,0', 'P 1,0', 'D 0,0 E', 'P 1,-1', 'D 1,0 NW',
    ],
  },
];

/** The topic explaining an Exxit rule id ('EX-13d' → 'dance'), or null when the id is not an Exxit rule. */
export const ruleTopic: (ruleId: string) => ExxitTopic | null = topicIndex(EXXIT_LESSONS);
