// The post-game review's delivery (issue 20), at the match layer against real
// Redis with a recording notifier: a job created once per game that ends with
// a result (not for an abort), graded one ply at a time through ctx.review,
// posted once after the result; two processes racing post it once; a job held
// by a process that died is taken over, goes on from its last graded ply and
// is posted once; in reply mode it follows up the interaction that ended the
// game, once — or, when that interaction can no longer carry it, waits for the
// next interaction in its channel and follows that one up, once.
import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { replay } from '../../src/engine/replay.js';
import {
  abort,
  finalAnnouncement,
  followReviewsHere,
  postAnnouncement,
  resign,
  reviewable,
  runReview,
  startRetry,
  sweepReviews,
  type ReviewLane,
  type ReviewPost,
} from '../../src/match/index.js';
import type { InteractionRef, StoredGame, StoredPlyReview } from '../../src/model/index.js';
import { EXXIT_SHORT } from '../support/scripted-games.js';
import { createGame, harness, HOUR, refusalOf, useMatchStore, type Harness, until } from './harness.js';

const m = useMatchStore('review');
const T = Date.now();

/** A ply as the engine grades it: ply 3 a blunder (20 points), ply 4 a mistake (12), ply 6 an inaccuracy, the rest best. */
function graded(played: string, ply: number): StoredPlyReview {
  const loss = ply === 3 ? 20 : ply === 4 ? 12 : ply === 6 ? 6 : 0;
  const grade = loss >= 15 ? 'blunder' : loss >= 10 ? 'mistake' : loss >= 5 ? 'inaccuracy' : 'best';
  return {
    ply,
    side: (ply % 2) as 0 | 1,
    played,
    best: loss > 0 ? 'P 0,0' : played,
    forced: false,
    bestChance: 60,
    playedChance: 60 - loss,
    loss,
    grade,
    accuracy: Math.max(0, Math.min(100, 103.1668 * Math.exp(-0.04354 * loss) - 3.1669)),
  };
}

/** A grader that records what it was asked, and can hold a ply (a process that dies in the middle of a review). */
function lane(opts: { holdAt?: number } = {}): ReviewLane & { asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    grade(_game, _before, played, ply) {
      asked.push(ply);
      if (ply === opts.holdAt) return new Promise(() => {});
      return Promise.resolve(graded(played, ply));
    },
  };
}

/** A process of the bot; `null`: one without reviews. */
function proc(l: ReviewLane | null = lane()): Harness {
  const h = harness(() => Date.now());
  if (l) h.ctx.review = l;
  return h;
}

const reviews = (h: Harness, channelId?: string): ReviewPost[] =>
  h.posts.flatMap((p) => (p.post.kind === 'review' && (!channelId || p.channelId === channelId) ? [p.post] : []));

/** An Exxit game (short setup) with the first `n` moves of the scripted game played, Alice to move on an even n. */
async function played(n = 8, over: Partial<Parameters<typeof createGame>[1]> = {}): Promise<StoredGame> {
  const game = getGame('exxit');
  const r = replay(game, 'short', EXXIT_SHORT.slice(0, n));
  if (!r.ok) throw new Error('replay');
  const start = JSON.parse(JSON.stringify(r.states[0])) as unknown;
  const rec = await createGame(T + HOUR, { game: 'exxit', setup: 'short', state: start, ...over });
  const res = await m.store.games.update(rec.id, rec.version, {
    state: JSON.parse(JSON.stringify(r.states[n])),
    appendMoves: EXXIT_SHORT.slice(0, n),
  });
  if (!res.ok) throw new Error('update');
  return res.game;
}

describe('the review job', () => {
  it('is created once when a game ends with a result, graded ply by ply, and posted once after the result', async () => {
    const l = lane();
    const h = proc(l);
    const g = await played(8);
    const a = await resign(h.ctx, g.channelId, 'alice');
    await postAnnouncement(h.ctx, a);
    await h.settle();
    const job = (await m.store.reviews.get(g.id))!;
    expect(job.status).toBe('posted');
    expect(job.plies.map((p) => p.ply)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(l.asked).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // The result first, then the review, once, in the game's channel.
    const kinds = h.posts.filter((p) => p.channelId === g.channelId).map((p) => p.post.kind);
    expect(kinds).toEqual(['game', 'review']);
    const [post] = reviews(h, g.channelId);
    expect(post.review.sides[0]).toMatchObject({ blunders: 0, mistakes: 1, inaccuracies: 1 });
    expect(post.review.sides[1]).toMatchObject({ blunders: 1, mistakes: 0, inaccuracies: 0 });
    // The costliest moves of each side, largest loss first, each with the position before it.
    expect(post.moments[0].map((x) => x.ply.ply)).toEqual([4, 6]);
    expect(post.moments[1].map((x) => x.ply.ply)).toEqual([3]);
    const before = replay(getGame('exxit'), 'short', EXXIT_SHORT.slice(0, 3));
    expect(before.ok && JSON.stringify(post.moments[1][0].before)).toBe(before.ok && JSON.stringify(before.states[3]));

    // The final post built again (as the announcement sweep does after a crash): no second job, no second post.
    const rec = (await m.store.games.get(g.id))!;
    await postAnnouncement(h.ctx, await finalAnnouncement(h.ctx, rec, []));
    expect(await sweepReviews(h.ctx)).toBe(0);
    await h.settle();
    expect(reviews(h, g.channelId)).toHaveLength(1);
    expect(l.asked).toHaveLength(8);
  });

  it('is not created for an abort, nor without a grader', async () => {
    const h = proc();
    const g = await createGame(T + HOUR, { channelId: `c${randomBytes(5).toString('hex')}` });
    await postAnnouncement(h.ctx, await abort(h.ctx, g.channelId, 'alice'));
    await h.settle();
    expect(await m.store.reviews.get(g.id)).toBeNull();

    const bare = proc(null);
    const g2 = await played(4);
    await postAnnouncement(bare.ctx, await resign(bare.ctx, g2.channelId, 'bob'));
    await bare.settle();
    expect(await m.store.reviews.get(g2.id)).toBeNull();
    expect(reviews(h)).toEqual([]);
  });

  it('a game none of whose moves could be graded (all forced) is skipped: no post', async () => {
    const forced: ReviewLane = {
      grade: (_g, _b, played, ply) =>
        Promise.resolve({ ...graded(played, ply), forced: true, grade: null, accuracy: null, loss: 0 }),
    };
    const h = proc(forced);
    const g = await played(2);
    await postAnnouncement(h.ctx, await resign(h.ctx, g.channelId, 'alice'));
    await h.settle();
    expect((await m.store.reviews.get(g.id))!.status).toBe('skipped');
    expect(reviews(h)).toEqual([]);
    expect(await m.store.reviews.pending(Date.now() + HOUR)).not.toContain(g.id);
  });
});

describe('retry your mistakes', () => {
  it("starts a player's session on their own mistakes and blunders, in order, each position as it was", async () => {
    const h = proc();
    const g = await played(8);
    await postAnnouncement(h.ctx, await resign(h.ctx, g.channelId, 'alice'));
    await h.settle();

    // Alice (Red, even plies): the mistake of ply 4, not the inaccuracy of ply 6.
    const a = await startRetry(h.ctx, g.id, 'alice');
    expect(a).toMatchObject({ kind: 'retry', userId: 'alice', source: g.id, index: 0, status: 'open' });
    expect(a.items).toEqual([
      {
        game: 'exxit',
        setup: 'short',
        moves: EXXIT_SHORT.slice(0, 4),
        best: 'P 0,0',
        ply: 4,
        played: EXXIT_SHORT[4],
        players: ['Alice', 'Bob'],
        outcome: 'pending',
        answer: null,
        loss: null,
      },
    ]);
    expect(await m.store.practice.get('alice')).toEqual(a);
    // Bob (Orange): the blunder of ply 3.
    const b = await startRetry(h.ctx, g.id, 'bob');
    expect(b.items.map((i) => [i.ply, i.played, i.moves.length])).toEqual([[3, EXXIT_SHORT[3], 3]]);
  });

  it('refuses a non-player, a game with no review yet, a player with nothing to retry; starts nothing', async () => {
    const h = proc();
    const g = await played(8);
    await postAnnouncement(h.ctx, await resign(h.ctx, g.channelId, 'alice'));
    await h.settle();
    expect(await refusalOf(startRetry(h.ctx, g.id, 'carol'))).toEqual({ key: 'retry.notPlayer' });
    expect(await m.store.practice.get('carol')).toBeNull();

    // A game still being played has no review.
    const live = await played(4);
    expect(await refusalOf(startRetry(h.ctx, live.id, 'dave'))).toEqual({ key: 'retry.notPlayer' });
    const before = await m.store.practice.get('alice');
    expect(await refusalOf(startRetry(h.ctx, live.id, 'alice'))).toEqual({ key: 'retry.noReview' });

    // Every move the best: nothing to retry.
    const perfect: ReviewLane = {
      grade: (_g, _b, p, ply) => Promise.resolve({ ...graded(p, ply), best: p, loss: 0, grade: 'best', accuracy: 100 }),
    };
    const k = proc(perfect);
    const clean = await played(6);
    await postAnnouncement(k.ctx, await resign(k.ctx, clean.channelId, 'bob'));
    await k.settle();
    expect((await m.store.reviews.get(clean.id))?.status).toBe('posted');
    expect(await refusalOf(startRetry(k.ctx, clean.id, 'alice'))).toEqual({ key: 'retry.none' });
    expect(await m.store.practice.get('alice')).toEqual(before);
  });
});

describe('which games, and when a process takes a job', () => {
  it('reviews a game over with a result and moves, never an active, aborted, empty or damaged one', async () => {
    const g = await played(2);
    const h = proc(null);
    await postAnnouncement(h.ctx, await resign(h.ctx, g.channelId, 'alice'));
    const over = (await m.store.games.get(g.id))!;
    expect(over).toMatchObject({ status: 'over', result: { winner: 1 } });
    expect(reviewable(over)).toBe(true);
    expect(reviewable(g)).toBe(false);
    expect(reviewable({ ...over, result: null })).toBe(false);
    expect(reviewable({ ...over, moves: [] })).toBe(false);
    expect(reviewable({ ...over, damaged: 'state: not a position' })).toBe(false);
    expect(reviewable({ ...over, status: 'aborted' })).toBe(false);
  });

  it('a process that is stopping takes up no review; open again, it grades and posts it', async () => {
    let open = false;
    const l = lane();
    const h = proc(Object.assign(l, { open: () => open }));
    const g = await played(4);
    await postAnnouncement(h.ctx, await resign(h.ctx, g.channelId, 'alice'));
    await h.settle();
    expect(await sweepReviews(h.ctx)).toBe(0);
    await runReview(h.ctx, g.id);
    expect(l.asked).toEqual([]);
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'queued', tries: 0 });
    open = true;
    expect(await sweepReviews(h.ctx)).toBe(1);
    await h.settle();
    expect(reviews(h, g.channelId)).toHaveLength(1);
  });

  it('grades as many at once as its lane has slots; the next waits in the queue and goes on when one ends', async () => {
    for (const slots of [1, 2]) {
      let release = (): void => {};
      const gate = new Promise<void>((r) => (release = r));
      const asked: string[] = [];
      const held: ReviewLane = {
        slots,
        async grade(_game, before, played, ply) {
          asked.push(`${JSON.stringify(before).length}:${ply}`);
          await gate;
          return graded(played, ply);
        },
      };
      const h = proc(held);
      const [g1, g2] = [await played(2), await played(4)];
      for (const g of [g1, g2]) await postAnnouncement(h.ctx, await resign(h.ctx, g.channelId, 'alice'));
      await until(() => asked.length >= slots);
      // The second job is queued behind the first with one slot, and graded beside it with two.
      expect(await sweepReviews(h.ctx)).toBe(0);
      expect(asked).toHaveLength(slots);
      expect((await m.store.reviews.get(g2.id))?.status).toBe(slots === 1 ? 'queued' : 'running');
      release();
      await h.settle();
      expect(reviews(h, g1.channelId)).toHaveLength(1);
      expect(reviews(h, g2.channelId)).toHaveLength(1);
    }
  });

  it('takes a job whose lease ran out, even from a live process', async () => {
    const g = await played(4);
    const p1 = proc();
    await m.store.processes.beat(p1.ctx.instanceId, 60_000);
    await postAnnouncement(proc(null).ctx, await resign(proc(null).ctx, g.channelId, 'alice'));
    await m.store.reviews.create(g.id, null);
    expect((await m.store.reviews.lease(g.id, p1.ctx.instanceId, Date.now() - 120_000, 60_000)).ok).toBe(true);
    const p2 = proc();
    expect(await sweepReviews(p2.ctx)).toBe(1);
    await p2.settle();
    expect(reviews(p2, g.channelId)).toHaveLength(1);
  });
});

describe('what the review holds, and what comes with it', () => {
  it('three costly moves a side at most, costliest first; the finished thread archived again after the post', async () => {
    // Every ply a mistake, the later the costlier: each side has four, the three costliest shown.
    const l: ReviewLane = {
      grade: (_g, _b, played, ply) =>
        Promise.resolve({
          ...graded(played, ply),
          best: 'P 0,0',
          grade: 'mistake',
          loss: 10 + ply,
          playedChance: 50 - ply,
        }),
    };
    const h = proc(l);
    const archived: string[] = [];
    h.ctx.notifier.archive = (channelId) => {
      archived.push(channelId);
      return Promise.resolve();
    };
    const g = await played(8, { parentChannelId: 'the-parent-channel' });
    await postAnnouncement(h.ctx, await resign(h.ctx, g.channelId, 'alice'));
    await h.settle();
    const [post] = reviews(h, g.channelId);
    expect(post.moments[0].map((x) => x.ply.ply)).toEqual([6, 4, 2]);
    expect(post.moments[1].map((x) => x.ply.ply)).toEqual([7, 5, 3]);
    // Once for the result, once more after the review (posting reopened the thread).
    expect(archived).toEqual([g.channelId, g.channelId]);
    const order = h.posts.filter((x) => x.channelId === g.channelId).map((x) => x.post.kind);
    expect(order).toEqual(['game', 'review']);
  });

  it('a side whose every move was forced gets no grades, the other side’s review still goes out', async () => {
    const l: ReviewLane = {
      grade: (_g, _b, played, ply) =>
        Promise.resolve(ply % 2 === 0 ? { ...graded(played, ply), forced: true, grade: null } : graded(played, ply)),
    };
    const h = proc(l);
    const g = await played(6);
    await postAnnouncement(h.ctx, await resign(h.ctx, g.channelId, 'bob'));
    await h.settle();
    const [post] = reviews(h, g.channelId);
    expect(post.review.sides[0].graded).toBe(0);
    expect(post.review.sides[1].graded).toBe(3);
    expect((await m.store.reviews.get(g.id))!.status).toBe('posted');
  });

  it('grades each ply with a seed of its game and ply: another game’s same ply gets another', async () => {
    const seeds: number[][] = [[], []];
    const games: StoredGame[] = [await played(4), await played(4)];
    for (const [i, g] of games.entries()) {
      const h = proc({
        grade(_g, _b, played, ply, seed) {
          seeds[i].push(seed);
          return Promise.resolve(graded(played, ply));
        },
      });
      await postAnnouncement(h.ctx, await resign(h.ctx, g.channelId, 'alice'));
      await h.settle();
    }
    expect(seeds[0]).toHaveLength(4);
    expect(new Set(seeds[0]).size).toBe(4);
    for (let ply = 0; ply < 4; ply++) expect(seeds[1][ply]).not.toBe(seeds[0][ply]);
    // The same game and ply, in another process (a takeover), the same seed.
    const again: number[] = [];
    const other = proc({
      grade(_g, _b, played, ply, seed) {
        again.push(seed);
        return Promise.resolve(graded(played, ply));
      },
    });
    await m.store.redis.del(`${m.prefix}game:{${games[0].id}}:review`, `${m.prefix}game:{${games[0].id}}:review:plies`);
    await m.store.reviews.create(games[0].id, null);
    await runReview(other.ctx, games[0].id);
    await other.settle();
    expect(again).toEqual(seeds[0]);
  });

  it('waits for the result to be shown before it posts the review', async () => {
    const h = proc();
    const g = await played(4);
    const a = await resign(h.ctx, g.channelId, 'alice');
    await until(async () => (await m.store.reviews.get(g.id))?.status === 'done');
    await new Promise((r) => setTimeout(r, 300));
    expect(reviews(h, g.channelId)).toEqual([]);
    await postAnnouncement(h.ctx, a);
    await h.settle();
    expect(h.posts.filter((x) => x.channelId === g.channelId).map((x) => x.post.kind)).toEqual(['game', 'review']);
  });

  it('where the bot posts, keeps no interaction to follow up: the review goes in the channel', async () => {
    const h = proc();
    h.ctx.notifier.followUp = () => Promise.reject(new Error('no follow-up expected'));
    const g = await played(4);
    const interaction: InteractionRef = { token: 'tok', createdAt: Date.now(), component: false };
    const a = await resign(h.ctx, g.channelId, 'alice', { ...interaction, answerBy: () => Date.now() + 3_000 });
    expect((await m.store.reviews.get(g.id))!.interaction).toBeNull();
    await postAnnouncement(h.ctx, a);
    await h.settle();
    expect(reviews(h, g.channelId)).toHaveLength(1);
  });

  it('busy grading, a process still posts a review already graded (posting takes no slot)', async () => {
    // g1's review is graded by a process whose post fails: the job is given back graded, its post owed.
    const g1 = await played(2);
    const failing = proc();
    failing.ctx.notifier.post = (where, post) =>
      post.kind === 'review' ? Promise.reject(new Error('Discord is down')) : Promise.resolve(`m${where.channelId}`);
    await postAnnouncement(failing.ctx, await resign(failing.ctx, g1.channelId, 'alice'));
    await failing.settle();
    expect(await m.store.reviews.get(g1.id)).toMatchObject({ status: 'done', owner: '' });
    // Another process with one slot, grading g2 (held).
    let release = (): void => {};
    const gate = new Promise<void>((r) => (release = r));
    const held: ReviewLane = {
      slots: 1,
      async grade(_g, _b, played, ply) {
        await gate;
        return graded(played, ply);
      },
    };
    const h = proc(held);
    const g2 = await played(2);
    await postAnnouncement(h.ctx, await resign(h.ctx, g2.channelId, 'alice'));
    await until(async () => (await m.store.reviews.get(g2.id))?.status === 'running');
    await m.store.reviews.recheck(g1.id, Date.now() - 1);
    expect(await sweepReviews(h.ctx)).toBeGreaterThanOrEqual(1);
    await until(() => reviews(h, g1.channelId).length === 1);
    expect((await m.store.reviews.get(g2.id))!.status).toBe('running');
    release();
    await h.settle();
    expect(reviews(h, g2.channelId)).toHaveLength(1);
  });

  it('a job whose game can no longer be reviewed (damaged since it ended) is given up, not graded', async () => {
    const g = await played(4);
    const closed = proc({ ...lane(), open: () => false });
    await postAnnouncement(closed.ctx, await resign(closed.ctx, g.channelId, 'alice'));
    expect((await m.store.reviews.get(g.id))!.status).toBe('queued');
    await m.store.games.quarantine(g.id, 'a hand edit');
    const l = lane();
    const h = proc(l);
    await runReview(h.ctx, g.id);
    await h.settle();
    // Nothing graded (the lane may have gone on with other games' jobs after it).
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'failed', plies: [] });
    expect(h.logs.filter((x) => x.msg === 'giving up a game review')).toHaveLength(1);
    expect(reviews(h)).toEqual([]);
  });
});

describe('failures', () => {
  /** The review job's hash (its fields JSON-encoded, as every record's). */
  const jobKey = (id: string) => `${m.prefix}game:{${id}}:review`;

  it('a grader that fails gives the job back, due again shortly; the next attempt goes on from its last ply', async () => {
    const failing: ReviewLane = {
      grade: (_g, _b, played, ply) =>
        ply === 2 ? Promise.reject(new Error('worker lost')) : Promise.resolve(graded(played, ply)),
    };
    const h = proc(failing);
    const g = await played(6);
    await postAnnouncement(h.ctx, await resign(h.ctx, g.channelId, 'alice'));
    await h.settle();
    const job = (await m.store.reviews.get(g.id))!;
    expect(job).toMatchObject({ status: 'queued', owner: '', tries: 1 });
    expect(job.plies.map((p) => p.ply)).toEqual([0, 1]);
    expect(h.logs.filter((l) => l.gameId === g.id && l.level === 40).map((l) => l.msg)).toEqual([
      'review interrupted; another attempt will go on from its last ply',
    ]);
    // Due again in about 5 s, not now.
    expect(await m.store.reviews.pending(Date.now() + 1_000)).not.toContain(g.id);
    expect(await m.store.reviews.pending(Date.now() + 6_000)).toContain(g.id);

    const l = lane();
    const h2 = proc(l);
    await runReview(h2.ctx, g.id);
    await h2.settle();
    expect(l.asked).toEqual([2, 3, 4, 5]);
    expect(reviews(h2, g.channelId)).toHaveLength(1);
  });

  it('a job taken up too often is given up: graded or not, never posted', async () => {
    const h = proc();
    // Taken up for the sixth time: still graded and posted.
    const sixth = await played(2);
    await postAnnouncement(proc(null).ctx, await resign(proc(null).ctx, sixth.channelId, 'alice'));
    await m.store.reviews.create(sixth.id, null);
    await m.store.redis.hset(jobKey(sixth.id), 'tries', '5');
    await runReview(h.ctx, sixth.id);
    expect(await m.store.reviews.get(sixth.id)).toMatchObject({ status: 'posted', tries: 6 });
    expect(reviews(h, sixth.channelId)).toHaveLength(1);

    // The seventh time, it is given up.
    const g = await played(4);
    await postAnnouncement(proc(null).ctx, await resign(proc(null).ctx, g.channelId, 'alice'));
    await m.store.reviews.create(g.id, null);
    await m.store.redis.hset(jobKey(g.id), 'tries', '6');
    await runReview(h.ctx, g.id);
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'failed', tries: 7 });
    expect(reviews(h, g.channelId)).toEqual([]);
    expect(h.logs.filter((l) => l.gameId === g.id && l.level === 50).map((l) => l.msg)).toEqual([
      'giving up a game review',
    ]);

    // Graded, but its post keeps failing: a sixth failure is the last; the job ends without a post.
    const posting = proc();
    posting.ctx.notifier.post = () => Promise.reject(new Error('Discord is down'));
    const g2 = await played(4);
    await postAnnouncement(proc(null).ctx, await resign(proc(null).ctx, g2.channelId, 'bob'));
    await m.store.reviews.create(g2.id, null);
    await runReview(posting.ctx, g2.id);
    expect(await m.store.reviews.get(g2.id)).toMatchObject({ status: 'done', owner: '', tries: 1 });
    await m.store.redis.hset(jobKey(g2.id), 'tries', '6');
    const later = proc();
    await runReview(later.ctx, g2.id);
    expect(await m.store.reviews.get(g2.id)).toMatchObject({ status: 'posted', messageId: null });
    expect(reviews(later)).toEqual([]);
    expect(await m.store.reviews.pending(Date.now() + HOUR)).not.toContain(g2.id);
  });

  it('a game whose move log does not replay fails its review with a log line, and nothing is graded', async () => {
    const l = lane();
    const h = proc(l);
    const g = await played(4);
    const bad = await m.store.games.update(g.id, g.version, { appendMoves: ['P 30,30'] });
    if (!bad.ok) throw new Error('update');
    await postAnnouncement(proc(null).ctx, await resign(proc(null).ctx, g.channelId, 'alice'));
    await m.store.reviews.create(g.id, null);
    await runReview(h.ctx, g.id);
    expect(l.asked).toEqual([]);
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'failed' });
    expect(h.logs.filter((x) => x.gameId === g.id && x.level === 50).map((x) => x.msg)).toEqual([
      'review: the move log does not replay',
    ]);
    expect(reviews(h)).toEqual([]);
  });
});

describe('exactly once across processes', () => {
  it('two processes taking the same job at once: one grades it and one post goes out', async () => {
    const g = await played(6);
    const [p1, p2] = [proc(), proc()];
    for (const p of [p1, p2]) await m.store.processes.beat(p.ctx.instanceId, 60_000);
    const a = await resign(proc(null).ctx, g.channelId, 'alice');
    await postAnnouncement(p1.ctx, a);
    expect(await m.store.reviews.create(g.id, null)).toBe(true);
    expect(await m.store.reviews.create(g.id, null)).toBe(false);
    await Promise.all([runReview(p1.ctx, g.id), runReview(p2.ctx, g.id), sweepReviews(p1.ctx), sweepReviews(p2.ctx)]);
    await Promise.all([p1.settle(), p2.settle()]);
    expect(reviews(p1).length + reviews(p2).length).toBe(1);
    expect((await m.store.reviews.get(g.id))!.status).toBe('posted');
  });

  it('a job held by a process that died is taken over from its last graded ply and posted once', async () => {
    const dying = lane({ holdAt: 3 });
    const p1 = proc(dying);
    const g = await played(8);
    await postAnnouncement(p1.ctx, await resign(p1.ctx, g.channelId, 'bob'));
    // p1 grades plies 0-2, then hangs on ply 3 (its process is killed there: it never says it is alive again).
    await until(async () => (await m.store.reviews.get(g.id))?.plies.length === 3);
    expect(dying.asked).toEqual([0, 1, 2, 3]);
    const job = (await m.store.reviews.get(g.id))!;
    expect(job).toMatchObject({ status: 'running', owner: p1.ctx.instanceId });

    // Another live process: the lease runs, but its holder is gone.
    const l2 = lane();
    const p2 = proc(l2);
    await m.store.processes.beat(p2.ctx.instanceId, 60_000);
    expect(await sweepReviews(p2.ctx)).toBe(1);
    await p2.settle();
    expect(l2.asked).toEqual([3, 4, 5, 6, 7]);
    expect(reviews(p2, g.channelId)).toHaveLength(1);
    expect(reviews(p1)).toEqual([]);
    const done = (await m.store.reviews.get(g.id))!;
    expect(done.status).toBe('posted');
    expect(done.plies.map((p) => p.ply)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // The dead process's late answer changes nothing: its lease is gone.
    expect(await m.store.reviews.addPly(g.id, p1.ctx.instanceId, graded('x', 8), Date.now() + HOUR)).toBe(false);
  });

  it('one process grades a job once, whichever of its handlers’ contexts asks (the router gives each its own logger)', async () => {
    const l = lane();
    const p = proc(l);
    const handler = Object.create(p.ctx, { log: { value: p.ctx.log.child({ interactionId: '1' }) } }) as typeof p.ctx;
    const g = await played(6);
    await postAnnouncement(proc(null).ctx, await resign(proc(null).ctx, g.channelId, 'alice'));
    await m.store.reviews.create(g.id, null);
    await Promise.all([runReview(handler, g.id), runReview(p.ctx, g.id), sweepReviews(p.ctx)]);
    await p.settle();
    expect(l.asked).toEqual([0, 1, 2, 3, 4, 5]);
    expect(reviews(p)).toHaveLength(1);
  });

  it('a job a live process holds is left to it', async () => {
    const g = await played(4);
    const p1 = proc();
    await m.store.processes.beat(p1.ctx.instanceId, 60_000);
    await postAnnouncement(proc(null).ctx, await resign(proc(null).ctx, g.channelId, 'alice'));
    await m.store.reviews.create(g.id, null);
    expect((await m.store.reviews.lease(g.id, p1.ctx.instanceId, Date.now(), 60_000)).ok).toBe(true);
    const p2 = proc();
    expect(await sweepReviews(p2.ctx)).toBe(0);
    await runReview(p2.ctx, g.id);
    await p2.settle();
    expect(reviews(p2)).toEqual([]);
    expect((await m.store.reviews.get(g.id))!.owner).toBe(p1.ctx.instanceId);
  });
});

describe('bad records', () => {
  it('a damaged job is dropped by the sweep (logged), a hint without a job is made up or dropped', async () => {
    const h = proc();
    const g = await played(4);
    await postAnnouncement(proc(null).ctx, await resign(proc(null).ctx, g.channelId, 'alice'));
    await m.store.reviews.create(g.id, null);
    await m.store.redis.hset(`${m.prefix}game:{${g.id}}:review`, 'owner', '{broken');
    expect(await sweepReviews(h.ctx)).toBe(0);
    expect(await m.store.reviews.pending(Date.now() + HOUR)).not.toContain(g.id);
    expect(h.logs.some((l) => l.gameId === g.id && /does not validate/.test(l.msg))).toBe(true);

    // A hint whose job never came (a crash between the two): the ended game gets its job, and it is posted.
    const g2 = await played(4);
    await postAnnouncement(proc(null).ctx, await resign(proc(null).ctx, g2.channelId, 'bob'));
    await m.store.redis.zadd(`${m.prefix}reviews:pending`, Date.now() - 1_000, g2.id);
    await sweepReviews(h.ctx);
    await until(async () => (await m.store.reviews.get(g2.id))?.status === 'queued');
    await sweepReviews(h.ctx);
    await h.settle();
    expect(reviews(h, g2.channelId)).toHaveLength(1);
    // A hint for a game that does not qualify (still active) is dropped.
    const g3 = await played(2);
    await m.store.redis.zadd(`${m.prefix}reviews:pending`, Date.now() - 1_000, g3.id);
    await sweepReviews(h.ctx);
    expect(await m.store.reviews.get(g3.id)).toBeNull();
    expect(await m.store.reviews.pending(Date.now() + HOUR)).not.toContain(g3.id);
  });
});

describe('reply mode', () => {
  it('follows up the interaction that ended the game, once, after the result', async () => {
    const h = proc();
    const follows: string[] = [];
    h.ctx.notifier.followUp = (_i, post) => {
      follows.push(post.kind);
      return Promise.resolve(randomBytes(6).toString('hex'));
    };
    const g = await played(6, { postable: false, guildId: null });
    const interaction: InteractionRef = { token: 'tok', createdAt: Date.now(), component: false };
    const a = await resign(h.ctx, g.channelId, 'alice', { ...interaction, answerBy: () => Date.now() + 3_000 });
    // The result is the interaction's answer (as the router sends it), then the review follows it up.
    await m.store.outbox.markShown(a.post.game.id, a.post.game.version, a.post.game.moves.length);
    await h.settle();
    expect(follows).toEqual(['review']);
    const job = (await m.store.reviews.get(g.id))!;
    expect(job.status).toBe('posted');
    expect(job.interaction?.token).toBe('tok');
    expect(h.posts).toEqual([]);
  });

  /** A process whose follow-ups are recorded by the token they follow. */
  function replyProc(l: ReviewLane = lane()): Harness & { follows: string[] } {
    const h = proc(l);
    const follows: string[] = [];
    h.ctx.notifier.followUp = (i, post) => {
      follows.push(`${post.kind}:${i.token}`);
      return Promise.resolve(randomBytes(6).toString('hex'));
    };
    return Object.assign(h, { follows });
  }

  /** A reply-mode game that `alice` resigns through an interaction made `age` ms ago, its result shown. */
  async function resigned(h: Harness, age: number): Promise<StoredGame> {
    const g = await played(6, { postable: false, guildId: null });
    const interaction: InteractionRef = { token: 'ended', createdAt: Date.now() - age, component: false };
    const a = await resign(h.ctx, g.channelId, 'alice', { ...interaction, answerBy: () => Date.now() + 3_000 });
    await m.store.outbox.markShown(a.post.game.id, a.post.game.version, a.post.game.moves.length);
    return g;
  }

  const fresh = (token: string): InteractionRef => ({ token, createdAt: Date.now(), component: true });

  it('with no interaction left to follow up, waits for the next interaction in its channel, then follows it, once', async () => {
    const h = replyProc();
    const g = await resigned(h, 20 * 60_000); // its token expired while the review was graded
    await h.settle();
    expect(h.follows).toEqual([]);
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'owed', owner: '' });
    expect(await m.store.reviews.owedIn(g.channelId)).toEqual([g.id]);
    // Not the sweep's: nothing to do until someone is in the channel.
    expect(await m.store.reviews.pending(Date.now() + HOUR)).not.toContain(g.id);
    expect(await sweepReviews(h.ctx)).toBe(0);

    expect(await followReviewsHere(h.ctx, g.channelId, fresh('next'))).toBe(1);
    await h.settle();
    expect(h.follows).toEqual(['review:next']);
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'posted' });
    expect(await m.store.reviews.owedIn(g.channelId)).toEqual([]);
    // The next interaction there finds nothing owed.
    expect(await followReviewsHere(h.ctx, g.channelId, fresh('later'))).toBe(0);
    await h.settle();
    expect(h.follows).toEqual(['review:next']);
  });

  it('an owed review resumed by an interaction is followed up at once, even while the lane grades another', async () => {
    let release = (): void => {};
    const gate = new Promise<void>((r) => (release = r));
    let holding = false;
    const held: ReviewLane = {
      slots: 1,
      async grade(_g, _b, played, ply) {
        if (holding) await gate;
        return graded(played, ply);
      },
    };
    const h = replyProc(held);
    const g = await resigned(h, 20 * 60_000);
    await h.settle();
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'owed' });
    // Another game's review takes the one slot and holds it.
    holding = true;
    const other = await played(2);
    await postAnnouncement(h.ctx, await resign(h.ctx, other.channelId, 'alice'));
    await until(async () => (await m.store.reviews.get(other.id))?.status === 'running');
    expect(await followReviewsHere(h.ctx, g.channelId, fresh('next'))).toBe(1);
    await until(() => h.follows.includes('review:next'));
    expect((await m.store.reviews.get(other.id))!.status).toBe('running');
    release();
    await h.settle();
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'posted' });
  });

  /** `h`'s store runs `first` before each call of reviews.owe (which it may make throw). */
  function beforeOwe(h: Harness, first: (channelId: string) => Promise<void>): void {
    const store = h.ctx.store;
    const reviews = new Proxy(store.reviews, {
      get: (t, k) =>
        k === 'owe'
          ? async (...a: Parameters<typeof t.owe>) => {
              await first(a[2]);
              return t.owe(...a);
            }
          : (Reflect.get(t, k) as unknown),
    });
    h.ctx.store = new Proxy(store, { get: (t, k) => (k === 'reviews' ? reviews : (Reflect.get(t, k) as unknown)) });
  }

  it('an interaction handed over just as its graded review is owed is followed up, not left owed', async () => {
    const h = replyProc();
    const other = replyProc(); // another process, answering an interaction in the channel at that moment
    beforeOwe(h, async (channelId) => void (await followReviewsHere(other.ctx, channelId, fresh('between'))));
    const g = await resigned(h, 20 * 60_000);
    await h.settle();
    await other.settle();
    expect(h.follows).toEqual(['review:between']);
    expect(other.follows).toEqual([]);
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'posted' });
    // The channel's note from the try to owe it is a stale hint: the next interaction drops it and resumes nothing.
    expect(await followReviewsHere(h.ctx, g.channelId, fresh('later'))).toBe(0);
    await h.settle();
    expect(h.follows).toEqual(['review:between']);
    expect(await m.store.reviews.owedIn(g.channelId)).toEqual([]);
  });

  /** A reply-mode game whose graded review `h` gave back (its first try to owe it failed: Redis went away). */
  async function givenBack(h: Harness): Promise<StoredGame> {
    let failing = true;
    beforeOwe(h, () => {
      if (!failing) return Promise.resolve();
      failing = false;
      return Promise.reject(new Error('Connection is closed.'));
    });
    const g = await resigned(h, 20 * 60_000);
    await h.settle();
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'done', owner: '' });
    return g;
  }

  it('a graded review given back (a failed attempt) is followed up by the next interaction at once, not at the sweep', async () => {
    const h = replyProc();
    const g = await givenBack(h);
    expect(await m.store.reviews.pending(Date.now())).not.toContain(g.id); // not due yet
    expect(h.follows).toEqual([]);
    expect(await followReviewsHere(h.ctx, g.channelId, fresh('next'))).toBe(0); // handed over, not resumed
    await h.settle();
    expect(h.follows).toEqual(['review:next']);
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'posted' });
  });

  it('two processes answering interactions in the channel at once follow it up once', async () => {
    const h1 = replyProc();
    const h2 = replyProc();
    const g = await resigned(h1, 20 * 60_000);
    await h1.settle();
    expect((await m.store.reviews.get(g.id))?.status).toBe('owed');
    const n = await Promise.all([
      followReviewsHere(h1.ctx, g.channelId, fresh('one')),
      followReviewsHere(h2.ctx, g.channelId, fresh('two')),
    ]);
    expect(n[0] + n[1]).toBe(1);
    await Promise.all([h1.settle(), h2.settle()]);
    await sweepReviews(h2.ctx);
    await Promise.all([h1.settle(), h2.settle()]);
    expect([...h1.follows, ...h2.follows]).toHaveLength(1);
    expect((await m.store.reviews.get(g.id))?.status).toBe('posted');
  });

  it("a new game in the channel does not lose the last one's owed review", async () => {
    const h = replyProc();
    const g = await resigned(h, 20 * 60_000);
    await h.settle();
    const next = await createGame(T + HOUR, { channelId: g.channelId, postable: false, guildId: null });
    expect((await m.store.channels.latest(g.channelId))?.id).toBe(next.id);
    expect(await followReviewsHere(h.ctx, g.channelId, fresh('rematch'))).toBe(1);
    await h.settle();
    expect(h.follows).toEqual(['review:rematch']);
  });

  it('still being graded, an interaction near its end is replaced by a fresher one; a young one is kept', async () => {
    let release = (): void => {};
    const gate = new Promise<void>((r) => (release = r));
    const slow: ReviewLane = {
      async grade(_game, _before, played, ply) {
        await gate;
        return graded(played, ply);
      },
    };
    const h = replyProc(slow);
    const old = await resigned(h, 12 * 60_000); // two minutes of its token left
    expect(await followReviewsHere(h.ctx, old.channelId, fresh('fresher'))).toBe(0);
    expect((await m.store.reviews.get(old.id))?.interaction?.token).toBe('fresher');
    const young = await resigned(h, 1_000);
    await followReviewsHere(h.ctx, young.channelId, fresh('other'));
    expect((await m.store.reviews.get(young.id))?.interaction?.token).toBe('ended');
    release();
    await h.settle();
    expect(h.follows.sort()).toEqual(['review:ended', 'review:fresher']);
  });

  it('a refused follow-up is not tried again: the job ends with no message, logged', async () => {
    const h = replyProc();
    let tried = 0;
    h.ctx.notifier.followUp = () => {
      tried++;
      return Promise.reject(new Error('Unknown Webhook'));
    };
    const g = await resigned(h, 1_000);
    await h.settle();
    expect(tried).toBe(1);
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'posted', messageId: null });
    expect(h.logs.filter((l) => l.gameId === g.id && l.level === 40).map((l) => l.msg)).toEqual([
      'could not follow up with the review',
    ]);
    expect(await followReviewsHere(h.ctx, g.channelId, fresh('again'))).toBe(0);
    expect(await sweepReviews(h.ctx)).toBe(0);
    await h.settle();
    expect(tried).toBe(1);
  });

  it('a process that died while following up is not followed by a second follow-up from the next', async () => {
    const p1 = replyProc();
    // The follow-up is on its way when the process dies: it never answers, and the process never beats again.
    p1.ctx.notifier.followUp = () => new Promise(() => {});
    const g = await resigned(p1, 1_000);
    await until(async () => (await m.store.reviews.get(g.id))?.status === 'sending');

    const p2 = replyProc();
    await m.store.processes.beat(p2.ctx.instanceId, 60_000);
    expect(await sweepReviews(p2.ctx)).toBe(1);
    await p2.settle();
    expect(p2.follows).toEqual([]);
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'posted', messageId: null });
    expect(p2.logs.filter((l) => l.gameId === g.id).map((l) => l.msg)).toContain(
      'review follow-up claimed before (a crash): not sent again',
    );
  });

  it('goes as a follow-up of the interaction, never as an edit of its answer', async () => {
    const h = replyProc();
    const seen: InteractionRef[] = [];
    h.ctx.notifier.followUp = (i) => {
      seen.push(i);
      return Promise.resolve(randomBytes(6).toString('hex'));
    };
    await resigned(h, 1_000);
    await h.settle();
    expect(seen).toEqual([expect.objectContaining({ token: 'ended', followUp: true })]);
  });

  it('handed one unusable interaction after another, it stops after three rounds and gives the job back, due shortly', async () => {
    const h = replyProc();
    // Each try to owe it finds another interaction handed over meanwhile (as stale as the first).
    const owe = vi.spyOn(m.store.reviews, 'owe').mockResolvedValue(false);
    const g = await resigned(h, 20 * 60_000);
    await h.settle();
    expect(owe).toHaveBeenCalledTimes(3);
    expect(h.follows).toEqual([]);
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'done', owner: '' });
    expect(await m.store.reviews.pending(Date.now())).not.toContain(g.id);
    expect(await m.store.reviews.pending(Date.now() + 10_000)).toContain(g.id);
  });

  it('a job another process took, or posted, between its grading and its follow-up is left alone', async () => {
    const other = proc();
    await m.store.processes.beat(other.ctx.instanceId, 60_000);
    const takeOver = (h: Harness, id: string) =>
      m.store.reviews.lease(id, other.ctx.instanceId, Date.now(), 60_000, h.ctx.instanceId);
    const post = (h: Harness, id: string) => m.store.reviews.posted(id, h.ctx.instanceId, null);
    // What moved, and how old the interaction that ended the game is (past its life: the job would be owed).
    const moves: [string, (h: Harness, id: string) => Promise<unknown>, number][] = [
      ['taken over', takeOver, 1_000],
      ['posted', post, 1_000],
      ['posted, its interaction expired', post, 20 * 60_000],
    ];
    for (const [what, move, age] of moves) {
      const h = replyProc();
      // The other process's move, just as this one reads the graded job to follow it up.
      const store = h.ctx.store;
      let moved = false;
      const reviews = new Proxy(store.reviews, {
        get: (t, k) =>
          k === 'get'
            ? async (id: string) => {
                const job = await t.get(id);
                if (moved || job?.status !== 'done') return job;
                moved = true;
                await move(h, id);
                return t.get(id);
              }
            : (Reflect.get(t, k) as unknown),
      });
      h.ctx.store = new Proxy(store, { get: (t, k) => (k === 'reviews' ? reviews : (Reflect.get(t, k) as unknown)) });
      const g = await resigned(h, age);
      await h.settle();
      expect(moved, what).toBe(true);
      expect(h.follows, what).toEqual([]);
      expect(await m.store.reviews.owedIn(g.channelId), what).toEqual([]);
      // A posted job is done with: no hint left for the sweep.
      if (what !== 'taken over')
        expect(await m.store.reviews.pending(Date.now() + HOUR, 1_000), what).not.toContain(g.id);
    }
  });

  /** A lane of one slot whose grading waits while `hold.on`, until `hold.release()`. */
  function heldLane() {
    let release = (): void => {};
    const gate = new Promise<void>((r) => (release = r));
    const hold = { on: false, release: () => release() };
    const l: ReviewLane & { asked: string[] } = {
      slots: 1,
      asked: [],
      async grade(_g, _b, played, ply) {
        l.asked.push(`${ply}`);
        if (hold.on) await gate;
        return graded(played, ply);
      },
    };
    return { l, hold };
  }

  /** Another game's review takes `h`'s one slot and holds it. */
  async function busy(h: Harness): Promise<StoredGame> {
    const other = await played(2);
    await postAnnouncement(h.ctx, await resign(h.ctx, other.channelId, 'alice'));
    await until(async () => (await m.store.reviews.get(other.id))?.status === 'running');
    return other;
  }

  it('replacing the interaction of a review not graded yet starts no grading beside the lane’s slots', async () => {
    const { l, hold } = heldLane();
    const h = replyProc(l);
    hold.on = true;
    await busy(h);
    const g = await resigned(h, 12 * 60_000); // queued behind the other: the one slot is taken
    await new Promise((r) => setTimeout(r, 50));
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'queued' });
    const asked = l.asked.length;
    expect(await followReviewsHere(h.ctx, g.channelId, fresh('fresher'))).toBe(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'queued', interaction: { token: 'fresher' } });
    expect(l.asked).toHaveLength(asked);
    hold.release();
    await h.settle();
    expect(h.follows).toEqual(['review:fresher']);
  });

  it('a graded review given back is followed up by the next interaction at once, even while the lane grades another', async () => {
    const { l, hold } = heldLane();
    const h = replyProc(l);
    const g = await givenBack(h);
    hold.on = true;
    const other = await busy(h);
    expect(await followReviewsHere(h.ctx, g.channelId, fresh('next'))).toBe(0);
    await until(() => h.follows.includes('review:next'));
    expect(await m.store.reviews.get(other.id)).toMatchObject({ status: 'running' });
    hold.release();
    await h.settle();
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'posted' });
  });

  it('logs each step with its game: owed, resumed by an interaction, followed up', async () => {
    const h = replyProc();
    const g = await resigned(h, 20 * 60_000);
    await h.settle();
    expect(await followReviewsHere(h.ctx, g.channelId, fresh('next'))).toBe(1);
    await h.settle();
    const mine = h.logs.filter((l) => l.gameId === g.id).map((l) => l.msg);
    expect(mine).toContain('review waits for the next interaction in its channel');
    expect(mine).toContain('owed review resumed by an interaction in its channel');
  });
});

describe('the sweep and the lease at their edges', () => {
  /** A finished Exxit game (four moves) with its result shown and its review job queued. */
  async function queued(): Promise<StoredGame> {
    const g = await played(4);
    await postAnnouncement(proc(null).ctx, await resign(proc(null).ctx, g.channelId, 'alice'));
    await m.store.reviews.create(g.id, null);
    return g;
  }
  const graded4 = (h: Harness, g: StoredGame) =>
    h.logs
      .filter((l) => l.gameId === g.id && l.msg === 'game review graded')
      .map((l) => (l as { plies?: number }).plies);

  it('a job this process holds but no longer works on is taken up at once, not when its lease ends', async () => {
    const g = await queued();
    const h = proc();
    await m.store.processes.beat(h.ctx.instanceId, 60_000);
    expect((await m.store.reviews.lease(g.id, h.ctx.instanceId, Date.now(), 60_000)).ok).toBe(true);
    expect(await sweepReviews(h.ctx)).toBe(1);
    await h.settle();
    expect(reviews(h, g.channelId)).toHaveLength(1);
    expect(graded4(h, g)).toEqual([4]);
  });

  it('a lease that ends at this very moment is over: the sweep takes the job from a live process', async () => {
    const g = await queued();
    const t = Date.now();
    const p1 = proc();
    await m.store.processes.beat(p1.ctx.instanceId, 60_000);
    expect((await m.store.reviews.lease(g.id, p1.ctx.instanceId, t - 60_000, 60_000)).ok).toBe(true);
    const p2 = harness(() => t);
    p2.ctx.review = lane();
    expect(await sweepReviews(p2.ctx)).toBe(1);
    await p2.settle();
    expect(reviews(p2, g.channelId)).toHaveLength(1);
  });

  it('a sweep that cannot read a job (Redis, not a bad record) logs it and keeps the job for the next', async () => {
    const g = await queued();
    const h = proc();
    const get = m.store.reviews.get.bind(m.store.reviews);
    let failed = false;
    vi.spyOn(m.store.reviews, 'get').mockImplementation((id) => {
      if (id !== g.id || failed) return get(id);
      failed = true;
      return Promise.reject(new Error('Connection is closed.'));
    });
    await sweepReviews(h.ctx, 1_000);
    expect(failed).toBe(true);
    expect(h.logs).toContainEqual(
      expect.objectContaining({ level: 50, gameId: g.id, msg: 'review sweep failed for a game' }),
    );
    expect(await m.store.reviews.get(g.id)).toMatchObject({ status: 'queued', owner: '' });
    expect(await m.store.reviews.pending(Date.now(), 1_000)).toContain(g.id);
    await sweepReviews(h.ctx, 1_000);
    await h.settle();
    expect(reviews(h, g.channelId)).toHaveLength(1);
  });

  it('a process whose lease is taken over while it grades stops at its next ply, posts nothing; the other goes on', async () => {
    const g = await played(4);
    let release = (): void => {};
    const gate = new Promise<void>((r) => (release = r));
    const asked: number[] = [];
    const p1 = proc({
      async grade(_g, _b, played, ply) {
        asked.push(ply);
        if (ply === 1) await gate;
        return graded(played, ply);
      },
    });
    await postAnnouncement(p1.ctx, await resign(p1.ctx, g.channelId, 'alice'));
    await until(() => asked.includes(1));
    const p2 = proc();
    await m.store.processes.beat(p2.ctx.instanceId, 60_000);
    // p1 looked gone (a long pause): p2 takes its job over.
    expect((await m.store.reviews.lease(g.id, p2.ctx.instanceId, Date.now(), 60_000, p1.ctx.instanceId)).ok).toBe(true);
    release();
    await p1.settle();
    expect(p1.logs).toContainEqual(
      expect.objectContaining({ gameId: g.id, ply: 1, msg: 'review lease lost: another process goes on' }),
    );
    expect(reviews(p1)).toEqual([]);
    expect(asked).toEqual([0, 1]);
    expect((await m.store.reviews.get(g.id))!.plies).toHaveLength(1);
    await runReview(p2.ctx, g.id);
    await p2.settle();
    expect(reviews(p2, g.channelId)).toHaveLength(1);
    expect(graded4(p2, g)).toEqual([3]);
  });

  it('the review post carries a nonce of its own game: 25 characters at most, another for another game', async () => {
    const h = proc();
    const nonces = new Map<string, string | undefined>();
    const post = h.ctx.notifier.post.bind(h.ctx.notifier);
    h.ctx.notifier.post = (where, p, o) => {
      if (p.kind === 'review') nonces.set(where.channelId, o?.nonce);
      return post(where, p, o);
    };
    const games = [await queued(), await queued()];
    await sweepReviews(h.ctx);
    await h.settle();
    const [a, b] = games.map((g) => nonces.get(g.channelId));
    expect(a).toMatch(/^[\w-]{1,25}$/);
    expect(b).toMatch(/^[\w-]{1,25}$/);
    expect(a).not.toBe(b);
  });

  it('logs each step with its game: made up by the sweep, graded, posted', async () => {
    const g = await played(4);
    await postAnnouncement(proc(null).ctx, await resign(proc(null).ctx, g.channelId, 'alice'));
    // A hint whose job never came (the ending process died between the two).
    await m.store.redis.zadd(`${m.prefix}reviews:pending`, Date.now() - 1_000, g.id);
    const h = proc();
    await sweepReviews(h.ctx, 1_000);
    await until(async () => (await m.store.reviews.get(g.id))?.status === 'queued');
    await sweepReviews(h.ctx, 1_000);
    await h.settle();
    expect(reviews(h, g.channelId)).toHaveLength(1);
    const mine = h.logs.filter((l) => l.gameId === g.id);
    expect(mine.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['review job made up by the sweep', 'game review graded', 'game review posted']),
    );
    // How long the post took: a duration, not a time.
    for (const msg of ['game review graded', 'game review posted']) {
      const ms = (mine.find((l) => l.msg === msg) as { ms?: number } | undefined)?.ms;
      expect(ms, msg).toBeGreaterThanOrEqual(0);
      expect(ms, msg).toBeLessThan(60_000);
    }
  });

  it('a job that cannot be queued, or given back, is logged with its game', async () => {
    const h = proc();
    const g = await played(4);
    vi.spyOn(m.store.reviews, 'create').mockRejectedValueOnce(new Error('Connection is closed.'));
    await postAnnouncement(h.ctx, await resign(h.ctx, g.channelId, 'alice'));
    await h.settle();
    expect(h.logs).toContainEqual(
      expect.objectContaining({ level: 40, gameId: g.id, msg: 'could not queue the game review' }),
    );

    const failing = proc({ grade: () => Promise.reject(new Error('worker gone')) });
    const g2 = await queued();
    vi.spyOn(m.store.reviews, 'release').mockRejectedValueOnce(new Error('Connection is closed.'));
    await runReview(failing.ctx, g2.id);
    await failing.settle();
    expect(failing.logs).toContainEqual(
      expect.objectContaining({ level: 40, gameId: g2.id, msg: 'could not give the review back' }),
    );
  });
});
