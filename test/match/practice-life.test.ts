// A practice session's life at the match layer (src/match/practice.ts), without
// Discord: the waiting position rebuilt from its item, answers parsed and
// written once in canonical form, Next / Skip / Done on the version a button
// was drawn at, and every stale, replaced, finished or damaged session refused
// with its own words while nothing changes in the store.
import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import {
  answerPractice,
  isRefusal,
  loadPractice,
  practiceBuilder,
  practicePosition,
  stepPractice,
  waitingPractice,
  type MatchContext,
  type PracticeAt,
  type ReviewLane,
} from '../../src/match/index.js';
import type { PracticeItem, PracticeSession } from '../../src/model/index.js';
import { harness, refusalOf, useMatchStore } from './harness.js';
import { uid } from '../store/helpers.js';

const m = useMatchStore('practice-life');
const g = getGame('exxit');

/** The canonical texts of a short game's moves from the standard setup, and the states they pass through. */
function line(plies: number): { moves: string[]; states: unknown[] } {
  const init = g.initial('standard');
  if (!init.ok) throw new Error('setup');
  const states = [init.value];
  const moves: string[] = [];
  for (let i = 0; i < plies; i++) {
    const s = states[states.length - 1];
    const legal = g.legalMoves(s);
    const mv = legal[i % legal.length];
    moves.push(g.formatMove(s, mv, 'canonical'));
    const next = g.play(s, mv);
    if (!next.ok) throw new Error('line');
    states.push(next.value);
  }
  return { moves, states };
}

const { moves: LOG, states: STATES } = line(6);
const textsAt = (ply: number): string[] =>
  g.legalMoves(STATES[ply]).map((mv) => g.formatMove(STATES[ply], mv, 'canonical'));

const itemAt = (ply: number, over: Partial<PracticeItem> = {}): PracticeItem => ({
  game: 'exxit',
  setup: 'standard',
  moves: LOG.slice(0, ply),
  best: textsAt(ply)[0],
  ply,
  played: textsAt(ply)[1],
  players: ['Alice', 'Bob'],
  outcome: 'pending',
  answer: null,
  loss: null,
  ...over,
});

/** A context whose review lane grades every answer but the best with `loss` (and counts its calls). */
function withLane(loss: number): { ctx: MatchContext; calls: string[] } {
  const h = harness(() => 1_000);
  const calls: string[] = [];
  const review: ReviewLane = {
    grade: (_game, _before, played, ply) => {
      calls.push(played);
      return Promise.resolve({
        ply,
        side: 0,
        played,
        best: '',
        forced: false,
        bestChance: 70,
        playedChance: 70 - loss,
        loss,
        grade: 'mistake',
        accuracy: 40,
      });
    },
  };
  return { ctx: { ...h.ctx, review }, calls };
}

const at = (s: PracticeSession): PracticeAt => ({ sessionId: s.id, version: s.version });

async function start(items: PracticeItem[], userId = uid('u')): Promise<PracticeSession> {
  return m.store.practice.start({ kind: 'retry', userId, source: 'game0001', items });
}

describe('a session walked through', () => {
  it('shows each waiting position as its moves rebuild it, and steps answer by answer to its end', async () => {
    const { ctx, calls } = withLane(12);
    const s0 = await start([itemAt(0), itemAt(1), itemAt(3)]);
    const u = s0.userId;

    const p0 = await practicePosition(ctx, u, at(s0));
    expect(p0.item).toEqual(s0.items[0]);
    expect(p0.before).toEqual(STATES[0]);
    expect(p0.game.id).toBe('exxit');

    // The best move typed in another notation is found without asking the engine, and stored canonical.
    const a0 = await answerPractice(ctx, u, ` ${s0.items[0].best.toLowerCase()} `, at(s0));
    expect(a0.verdict).toEqual({ found: true, loss: 0 });
    expect(calls).toEqual([]);
    expect(a0.index).toBe(0);
    expect(a0.note).toBeNull();
    expect(a0.item).toEqual({ ...s0.items[0], outcome: 'found', answer: s0.items[0].best, loss: 0 });
    expect(a0.session).toMatchObject({ version: 2, index: 0, status: 'open' });
    expect(await m.store.practice.get(u)).toEqual(a0.session);

    // Answered: no second answer, no Skip, and no waiting position for /move.
    expect(await refusalOf(answerPractice(ctx, u, s0.items[0].best))).toEqual({ key: 'practice.answered' });
    expect(await refusalOf(stepPractice(ctx, u, at(a0.session), 'skip'))).toEqual({ key: 'practice.answered' });
    expect(await waitingPractice(ctx, u)).toBeNull();
    // The button drawn before the answer is stale now.
    expect(await refusalOf(stepPractice(ctx, u, at(s0), 'next'))).toEqual({ key: 'practice.stale' });

    const s1 = await stepPractice(ctx, u, at(a0.session), 'next');
    expect(s1).toMatchObject({ version: 3, index: 1, status: 'open' });
    expect(s1.items).toEqual(a0.session.items);
    const w1 = await waitingPractice(ctx, u);
    expect(w1?.item).toEqual(s0.items[1]);
    expect(w1?.before).toEqual(STATES[1]);

    // Next before an answer is refused; Skip marks the item and moves on.
    expect(await refusalOf(stepPractice(ctx, u, at(s1), 'next'))).toEqual({ key: 'practice.notAnswered' });
    const s2 = await stepPractice(ctx, u, at(s1), 'skip');
    expect(s2).toMatchObject({ version: 4, index: 2, status: 'open' });
    expect(s2.items.map((i) => i.outcome)).toEqual(['found', 'skipped', 'pending']);

    // Another move than the best is graded by the lane: 12 points lost is missed.
    const other = textsAt(3).find((t) => t !== s0.items[2].best) ?? '';
    const a2 = await answerPractice(ctx, u, other, at(s2));
    expect(calls).toEqual([other]);
    expect(a2.verdict).toEqual({ found: false, loss: 12 });
    expect(a2.item).toMatchObject({ outcome: 'missed', answer: other, loss: 12 });
    expect(a2.before).toEqual(STATES[3]);

    // Next past the last item ends the session; nothing more is asked or stepped.
    const end = await stepPractice(ctx, u, at(a2.session), 'next');
    expect(end).toMatchObject({ index: 3, status: 'done' });
    expect(await refusalOf(practicePosition(ctx, u, at(end)))).toEqual({ key: 'practice.over' });
    for (const step of ['next', 'skip', 'done'] as const)
      expect(await refusalOf(stepPractice(ctx, u, at(end), step))).toEqual({ key: 'practice.over' });
    expect(await waitingPractice(ctx, u)).toBeNull();
    expect(await m.store.practice.get(u)).toEqual(end);
  });

  it('Skip on the last item ends the session; Done ends it where it is, items untouched', async () => {
    const { ctx } = withLane(0);
    const s = await start([itemAt(1)]);
    const skipped = await stepPractice(ctx, s.userId, at(s), 'skip');
    expect(skipped).toMatchObject({ index: 1, status: 'done' });
    expect(skipped.items[0].outcome).toBe('skipped');

    const t = await start([itemAt(0), itemAt(1)]);
    const done = await stepPractice(ctx, t.userId, at(t), 'done');
    expect(done).toMatchObject({ index: 0, status: 'done', version: t.version + 1, items: t.items });
    expect(await refusalOf(answerPractice(ctx, t.userId, t.items[0].best))).toEqual({ key: 'practice.over' });
  });

  it('an answer within 3.5 points is found, with its loss', async () => {
    const { ctx } = withLane(3.5);
    const s = await start([itemAt(0)]);
    const a = await answerPractice(ctx, s.userId, textsAt(0)[2]);
    expect(a.verdict).toEqual({ found: true, loss: 3.5 });
    expect(a.item.outcome).toBe('found');
  });
});

describe('stale, missing and replaced sessions', () => {
  it('with no session: none without a button, stale with one; nothing waits for /move', async () => {
    const { ctx } = withLane(0);
    const u = uid('u');
    expect(await loadPractice(ctx, u)).toBeNull();
    expect(await refusalOf(practicePosition(ctx, u))).toEqual({ key: 'practice.none' });
    expect(await refusalOf(practicePosition(ctx, u, { sessionId: 'sess0001', version: 1 }))).toEqual({
      key: 'practice.stale',
    });
    expect(await refusalOf(answerPractice(ctx, u, 'P 0,0'))).toEqual({ key: 'practice.none' });
    expect(await refusalOf(stepPractice(ctx, u, { sessionId: 'sess0001', version: 1 }, 'done'))).toEqual({
      key: 'practice.stale',
    });
    expect(await waitingPractice(ctx, u)).toBeNull();
  });

  it("a replaced session's buttons are stale even at the same version; the new one answers", async () => {
    const { ctx } = withLane(0);
    const old = await start([itemAt(0)]);
    const fresh = await start([itemAt(1)], old.userId);
    expect(fresh.version).toBe(old.version);
    for (const p of [
      practicePosition(ctx, old.userId, at(old)),
      answerPractice(ctx, old.userId, old.items[0].best, at(old)),
      stepPractice(ctx, old.userId, at(old), 'skip'),
      practiceBuilder.load(ctx, { gameId: old.id, at: old.version }, old.userId, false),
    ])
      expect(await refusalOf(p)).toEqual({ key: 'practice.stale' });
    expect(await m.store.practice.get(old.userId)).toEqual(fresh);
    expect((await practicePosition(ctx, old.userId, at(fresh))).item).toEqual(fresh.items[0]);
  });

  it('two answers at once: one is written, the other refused as stale', async () => {
    const { ctx } = withLane(20);
    const s = await start([itemAt(0)]);
    const [x, y] = textsAt(0);
    const results = await Promise.allSettled([
      answerPractice(ctx, s.userId, x, at(s)),
      answerPractice(ctx, s.userId, y, at(s)),
    ]);
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(won).toHaveLength(1);
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(lost.map((e) => isRefusal(e) && e.msg.key)).toEqual(['practice.stale']);
    const stored = await m.store.practice.get(s.userId);
    expect(stored?.version).toBe(s.version + 1);
    expect(stored?.items[0].answer).toBe(won[0].item.answer);
  });
});

describe('bad answers and damaged sessions', () => {
  it('a move that cannot be read is refused with its rule and its words; nothing is written', async () => {
    const { ctx, calls } = withLane(0);
    const s = await start([itemAt(0)]);
    expect(await refusalOf(answerPractice(ctx, s.userId, 'A1'))).toEqual({
      key: 'refusal.rule',
      rule: 'EX-22',
    });
    expect(calls).toEqual([]);
    expect(await m.store.practice.get(s.userId)).toEqual(s);
  });

  it('an item whose moves no longer replay is damaged for its buttons and leaves /move alone', async () => {
    const { ctx } = withLane(0);
    const s = await start([itemAt(3, { moves: [LOG[0], LOG[0], LOG[1]] })]);
    expect(await refusalOf(practicePosition(ctx, s.userId))).toEqual({ key: 'practice.damaged' });
    expect(await refusalOf(answerPractice(ctx, s.userId, 'P 0,0'))).toEqual({ key: 'practice.damaged' });
    expect(await waitingPractice(ctx, s.userId)).toBeNull();
    expect(await m.store.practice.get(s.userId)).toEqual(s);
  });

  it('a record that does not validate is dropped with a log line and refused as damaged', async () => {
    const h = harness(() => 1_000);
    const s = await start([itemAt(0)]);
    const key = `${m.prefix}user:{${s.userId}}:practice`;
    expect(await m.store.redis.exists(key)).toBe(1);
    await m.store.redis.hset(key, 'index', '"two"');
    // /move's look-up leaves the record to the session's own buttons.
    expect(await waitingPractice(h.ctx, s.userId)).toBeNull();
    expect(await m.store.redis.exists(key)).toBe(1);

    expect(await refusalOf(loadPractice(h.ctx, s.userId))).toEqual({ key: 'practice.damaged' });
    expect(await m.store.redis.exists(key)).toBe(0);
    expect(h.logs.filter((l) => l.level === 50).map((l) => l.msg)).toEqual([
      'practice session does not validate: dropped',
    ]);
    expect(await refusalOf(practicePosition(h.ctx, s.userId))).toEqual({ key: 'practice.none' });
  });
});

describe('the builder over a session', () => {
  it("loads the waiting position with the session's id and version, its side to move and its names", async () => {
    const { ctx } = withLane(0);
    const s = await start([itemAt(3, { players: null })]);
    const b = await practiceBuilder.load(ctx, { gameId: s.id, at: s.version }, s.userId, false);
    expect(b).toMatchObject({ ref: s.id, at: s.version, gameId: 'exxit', players: ['', ''], session: s });
    expect(b.state).toEqual(STATES[3]);
    expect(b.side).toBe(g.toMove(STATES[3]));
    expect(b.side).not.toBe(g.toMove(STATES[0]));

    const named = await start([itemAt(0)]);
    const c = await practiceBuilder.load(ctx, { gameId: named.id, at: named.version }, named.userId, false);
    expect(c.players).toEqual(['Alice', 'Bob']);
    expect(c.side).toBe(g.toMove(STATES[0]));
  });
});
