// Practice sessions (issue 20): a user's private run through positions to
// solve, one at a time — the positions before their mistakes ("Retry your
// mistakes", kind 'retry'), puzzles later (kind 'puzzle'). The record holds
// what rebuilds each position with the engine (the game, its setup and the
// moves up to it, as a game record does), where the user is, each item's
// outcome, and a version every write compares and sets, so an answer is
// applied once. How an answer is judged belongs to the kind (src/match/practice.ts).
import { z } from 'zod';
import { finite, gameId, int, isRecordId } from './parts.js';

/** The kinds of session; a new kind is one more name here and its rules in src/match/practice.ts. */
export const PRACTICE_KINDS = ['retry', 'puzzle'] as const;
export type PracticeKind = (typeof PRACTICE_KINDS)[number];

/** An item not answered yet, found (a good enough move), missed (shown the answer), or skipped. */
export const PRACTICE_OUTCOMES = ['pending', 'found', 'missed', 'skipped'] as const;

const moveText = z.string().min(1).max(200);

export const practiceItemSchema = z.object({
  game: gameId,
  setup: z.string().max(200),
  /** The moves from the setup to the position, as a game record's log (replayed by the engine). */
  moves: z.array(moveText).max(2000),
  /** The move the position asks for (canonical): the review's best move, a puzzle's solution. */
  best: moveText,
  /** The position's ply in the game it comes from (0-based), null when it has none to show. */
  ply: int.nonnegative().nullable(),
  /** What was played there (a retry's mistake), null for none. */
  played: moveText.nullable(),
  /** The names drawn on the pictures, null for none (a puzzle is anonymous). */
  players: z.tuple([z.string().max(100), z.string().max(100)]).nullable(),
  outcome: z.enum(PRACTICE_OUTCOMES),
  /** The user's answer (canonical), once answered. */
  answer: moveText.nullable(),
  /** The answer's loss in points of win chance when the engine judged it, else null. */
  loss: finite.nonnegative().nullable(),
});
export type PracticeItem = z.infer<typeof practiceItemSchema>;

export const practiceSessionSchema = z
  .object({
    id: z.string().refine(isRecordId, 'not a record id'),
    kind: z.enum(PRACTICE_KINDS),
    /** The one user it is for (Discord id). */
    userId: z.string().min(1).max(32),
    /** What the positions come from: a game's id for a retry. */
    source: z.string().max(64),
    createdAt: finite,
    /** Compare-and-set: every write checks and moves it on. */
    version: int.positive(),
    /** The item shown now; equal to items.length once every item is through. */
    index: int.nonnegative(),
    /** 'done': ended (Done, or past the last item): nothing more may change. */
    status: z.enum(['open', 'done']),
    items: z.array(practiceItemSchema).min(1).max(100),
  })
  .refine((s) => s.index <= s.items.length, 'index past the items');
export type PracticeSession = z.infer<typeof practiceSessionSchema>;

/** The fields a write of a session may change (the rest is fixed when it starts). */
export type PracticeChanges = Partial<Pick<PracticeSession, 'index' | 'status' | 'items'>>;

/** The item waiting for an answer, or null (ended, or the current one answered). */
export function waitingItem(s: PracticeSession): PracticeItem | null {
  const item = s.status === 'open' ? s.items[s.index] : undefined;
  return item && item.outcome === 'pending' ? item : null;
}

/** How many items were found, of how many. */
export function practiceScore(s: PracticeSession): { found: number; total: number } {
  return { found: s.items.filter((i) => i.outcome === 'found').length, total: s.items.length };
}
