// What each kind of practice session does with an answer (issue 20): how it is
// judged and what follows it. practice.ts runs every kind the same way (load,
// parse, judge, compare-and-set, step); a new kind (puzzles) is its name in
// the model's PRACTICE_KINDS and one entry in RULES — TypeScript asks for it.
import type { Msg } from '../i18n/msg.js';
import type { PracticeItem, PracticeKind, PracticeSession } from '../model/index.js';
import type { MatchContext } from './context.js';
import { puzzleRules } from './puzzle-play.js';
import { reviewSeed } from './review.js';

/** How an answer fared: found or not, and its loss in points of win chance when the engine measured it. */
export interface Verdict {
  found: boolean;
  loss: number | null;
}

export interface PracticeRules {
  /** Judges `answer` (canonical text, legal in `before`, the item's position). */
  judge(ctx: MatchContext, s: PracticeSession, item: PracticeItem, before: unknown, answer: string): Promise<Verdict>;
  /**
   * After an answer was written (exactly once: the compare-and-set that recorded it succeeded): the kind's own
   * follow-up (a puzzle's rating), with a line for the answer's card (the rating's change) or null. Its failure is
   * logged; the answer stands.
   */
  answered?(ctx: MatchContext, s: PracticeSession, item: PracticeItem): Promise<Msg | null>;
}

/** Retry your mistakes: a move within this many points of win chance of the best counts as found (issue 20). */
export const RETRY_FOUND_WITHIN = 3.5;

/**
 * A retry: the review's best move is found at once; another move is graded by the engine as the review grades a ply
 * (`reviewPly` with the answer as the move played, in the AI's background lane, never on the event loop, with the
 * review's budget and the seed the review used for that ply), and found when its loss is within 3.5 points.
 */
export const retryRules: PracticeRules = {
  async judge(ctx, s, item, before, answer) {
    if (answer === item.best) return { found: true, loss: 0 };
    if (!ctx.review) return { found: false, loss: null };
    const ply = item.ply ?? 0;
    const graded = await ctx.review.grade(item.game, before, answer, ply, reviewSeed(s.source, ply));
    return { found: graded.loss <= RETRY_FOUND_WITHIN, loss: graded.loss };
  },
};

export const RULES: Readonly<Record<PracticeKind, PracticeRules>> = { retry: retryRules, puzzle: puzzleRules };
