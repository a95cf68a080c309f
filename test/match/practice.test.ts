// Retry's judging (issue 20, match/practice-kinds.ts) with the engine's own
// grading in place of the AI pool (reviewPly, seeded, with a small budget so
// the test is fast): the review's best move is found without a search; another
// move is graded once as the played move of the position, with the review's
// seed for that ply, and found exactly when its loss is within 3.5 points; the
// same answer judged twice gets the same verdict.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { reviewPly } from '../../src/engine/review.js';
import {
  answerPractice,
  isRefusal,
  retryRules,
  reviewSeed,
  RETRY_FOUND_WITHIN,
  type MatchContext,
  type ReviewLane,
} from '../../src/match/index.js';
import type { PracticeItem, PracticeSession } from '../../src/model/index.js';
import { openStore, type Store } from '../../src/store/index.js';
import { cleanup, MODES, prefixFor, quiet, uid } from '../store/helpers.js';

const g = getGame('exxit');
const start = g.initial('standard');
if (!start.ok) throw new Error('setup');
const before = start.value;
const texts = g.legalMoves(before).map((m) => g.formatMove(before, m, 'canonical'));

const item: PracticeItem = {
  game: 'exxit',
  setup: 'standard',
  moves: [],
  best: texts[0],
  ply: 0,
  played: texts[1],
  players: null,
  outcome: 'pending',
  answer: null,
  loss: null,
};
const session: PracticeSession = {
  id: 'sess0001',
  kind: 'retry',
  userId: 'u1',
  source: 'game0001',
  createdAt: 0,
  version: 1,
  index: 0,
  status: 'open',
  items: [item],
};

function context(calls: { played: string; ply: number; seed: number; loss: number }[]): MatchContext {
  const review: ReviewLane = {
    grade: (game, b, played, ply, seed) => {
      const p = reviewPly(game, b, played, ply, {
        seed,
        budget: { player: 'hard', iterations: 3000, visits: 0 },
      });
      calls.push({ played, ply, seed, loss: p.loss });
      return Promise.resolve(p);
    },
  };
  return { review } as unknown as MatchContext;
}

describe('retry judging', () => {
  it('finds the best move at once, and judges another by the engine, reproducibly, against 3.5 points', async () => {
    const calls: { played: string; ply: number; seed: number; loss: number }[] = [];
    const ctx = context(calls);
    expect(await retryRules.judge(ctx, session, item, before, item.best)).toEqual({ found: true, loss: 0 });
    expect(calls).toEqual([]);

    for (const answer of texts.slice(1, 4)) {
      const v = await retryRules.judge(ctx, session, item, before, answer);
      const again = await retryRules.judge(ctx, session, item, before, answer);
      expect(again).toEqual(v);
      expect(v.loss).not.toBeNull();
      expect(v.found).toBe((v.loss ?? Infinity) <= RETRY_FOUND_WITHIN);
    }
    expect(calls).toHaveLength(6);
    for (const c of calls) expect(c).toMatchObject({ ply: 0, seed: reviewSeed('game0001', 0) });
  });

  it('without a review lane only the best move is found', async () => {
    const ctx = {} as MatchContext;
    expect(await retryRules.judge(ctx, session, item, before, texts[1])).toEqual({ found: false, loss: null });
    expect(await retryRules.judge(ctx, session, item, before, item.best)).toEqual({ found: true, loss: 0 });
  });
});

describe('an answer the engine could not judge', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ url: MODES[0].url, prefix: prefixFor('match-practice', MODES[0]), logger: quiet });
  });
  afterAll(async () => {
    await cleanup(store);
    await store.close();
  });

  it('is refused privately and records nothing; sent again once the lane works, it is judged and recorded', async () => {
    const userId = uid('u');
    const s = await store.practice.start({ kind: 'retry', userId, source: 'game0001', items: [item] });
    let failing = true;
    const review: ReviewLane = {
      grade: (_g, _b, played, ply) =>
        failing
          ? Promise.reject(new Error('the AI is busy'))
          : Promise.resolve({
              ply,
              side: 0,
              played,
              best: item.best,
              forced: false,
              bestChance: 60,
              playedChance: 58,
              loss: 2,
              grade: 'good',
              accuracy: 95,
            }),
    };
    const ctx = { store, review, log: { warn: () => {}, error: () => {} } } as unknown as MatchContext;
    const err = await answerPractice(ctx, userId, texts[1]).catch((e: unknown) => e);
    expect(isRefusal(err) && err.msg.key).toBe('practice.judgeFailed');
    expect(await store.practice.get(userId)).toEqual(s);

    failing = false;
    const a = await answerPractice(ctx, userId, texts[1]);
    expect(a.verdict).toEqual({ found: true, loss: 2 });
    expect((await store.practice.get(userId))?.items[0]).toMatchObject({ outcome: 'found', answer: texts[1] });
  });
});
