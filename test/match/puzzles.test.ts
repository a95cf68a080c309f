// Puzzles from finished games (issue 20), at the match layer against real Redis: a graded review's clearest mistakes
// are checked in the lane (a stand-in here: the engine's check is test/engine/puzzle.test.ts) and the confirmed ones
// join the pool, anonymised; the others do not; the shipped set validates and every solution is legal.
import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { replay } from '../../src/engine/replay.js';
import {
  puzzleCandidates,
  resign,
  postAnnouncement,
  setPuzzleChannel,
  shippedPuzzles,
  sweepDailyPuzzles,
  type DailyPuzzlePost,
  type ReviewLane,
} from '../../src/match/index.js';
import { testPuzzles } from '../support/puzzle-positions.js';
import type { StoredGame, StoredPlyReview } from '../../src/model/index.js';
import { EXXIT_SHORT } from '../support/scripted-games.js';
import { createGame, harness, HOUR, useMatchStore } from './harness.js';

const m = useMatchStore('puzzles');
const T = Date.now();

/** Ply 3 a blunder 25 points below the best, ply 5 a mistake 12 below, the rest best. */
function graded(played: string, ply: number): StoredPlyReview {
  const loss = ply === 3 ? 25 : ply === 5 ? 12 : 0;
  return {
    ply,
    side: (ply % 2) as 0 | 1,
    played,
    best: loss > 0 ? 'P 0,0' : played,
    forced: false,
    bestChance: 70,
    playedChance: 70 - loss,
    loss,
    grade: loss >= 15 ? 'blunder' : loss >= 10 ? 'mistake' : 'best',
    accuracy: 100,
  };
}

function lane(confirm: boolean): ReviewLane & { checked: unknown[] } {
  const checked: unknown[] = [];
  return {
    checked,
    grade: (_g, _b, played, ply) => Promise.resolve(graded(played, ply)),
    checkPuzzle(_game, state) {
      checked.push(state);
      return Promise.resolve(
        confirm ? { solution: 'P 0,0', bestChance: 70, secondChance: 40, gap: 30, foundBy: 'medium' } : null,
      );
    },
  };
}

async function finished(n: number): Promise<StoredGame> {
  const r = replay(getGame('exxit'), 'short', EXXIT_SHORT.slice(0, n));
  if (!r.ok) throw new Error('replay');
  const rec = await createGame(T + HOUR, {
    game: 'exxit',
    setup: 'short',
    state: JSON.parse(JSON.stringify(r.states[0])),
  });
  const res = await m.store.games.update(rec.id, rec.version, {
    state: JSON.parse(JSON.stringify(r.states[n])),
    appendMoves: EXXIT_SHORT.slice(0, n),
  });
  if (!res.ok) throw new Error('update');
  return res.game;
}

describe('puzzles from finished games', () => {
  it('takes mistakes and blunders 20+ points below the best as candidates, costliest first', () => {
    const plies = [0, 1, 2, 3, 4, 5].map((i) => graded('P 1,0', i));
    expect(puzzleCandidates(plies).map((p) => p.ply)).toEqual([3]);
  });

  it('checks the candidates in the lane once the review is graded, and adds the confirmed ones, without names', async () => {
    const l = lane(true);
    const h = harness(() => Date.now());
    h.ctx.review = l;
    const g = await finished(8);
    await postAnnouncement(h.ctx, await resign(h.ctx, g.channelId, 'alice'));
    await h.settle();
    await h.settle();
    expect(l.checked).toHaveLength(1);
    const before = replay(getGame('exxit'), 'short', EXXIT_SHORT.slice(0, 3));
    expect(JSON.stringify(l.checked[0])).toBe(before.ok && JSON.stringify(before.states[3]));
    const p = await m.store.puzzles.pick('exxit', 'someone', 1500);
    expect(p).toMatchObject({
      source: 'game',
      setup: 'short',
      moves: EXXIT_SHORT.slice(0, 3),
      solution: 'P 0,0',
      rating: 1500,
    });
    const json = JSON.stringify(p);
    for (const secret of [g.id, g.channelId, g.guildId, ...g.players.flatMap((x) => [x.id, x.name])])
      expect(json).not.toContain(secret);
  });

  it('adds nothing the check refuses', async () => {
    const l = lane(false);
    const h = harness(() => Date.now());
    h.ctx.review = l;
    const before = await m.store.puzzles.count('exxit');
    const g = await finished(6);
    await postAnnouncement(h.ctx, await resign(h.ctx, g.channelId, 'bob'));
    await h.settle();
    await h.settle();
    expect(l.checked).toHaveLength(1);
    expect(await m.store.puzzles.count('exxit')).toBe(before);
  });
});

describe('the shipped set', () => {
  const shipped = shippedPuzzles();
  it('has puzzles of both games, each a distinct position whose solution is legal there and passed the check', () => {
    for (const game of ['exxit', 'orion'])
      expect(shipped.filter((p) => p.game === game).length).toBeGreaterThanOrEqual(5);
    expect(new Set(shipped.map((p) => p.id)).size).toBe(shipped.length);
    for (const p of shipped) {
      const g = getGame(p.game);
      const r = replay(g, p.setup, p.moves);
      expect(r.ok, p.id).toBe(true);
      if (!r.ok) continue;
      const state = r.states.at(-1);
      expect(g.outcome(state).over).toBe(false);
      expect(g.parseMove(state, p.solution).ok, `${p.id} ${p.solution}`).toBe(true);
      expect(p.gap).toBeGreaterThanOrEqual(20);
      expect(p.bestChance - p.secondChance).toBeCloseTo(p.gap, 0);
    }
  });
});

describe('the daily puzzle', () => {
  it('is posted once a day across processes racing, and the next day gives the previous answer', async () => {
    let now = Date.UTC(2026, 11, 4, 9);
    const [a, b] = [harness(() => now), harness(() => now)];
    const guildId = `g${Date.now()}`;
    await m.store.puzzles.add(testPuzzles(1500));
    // No channel: nothing.
    expect(await sweepDailyPuzzles(a.ctx)).toBe(0);
    await setPuzzleChannel(a.ctx, guildId, 'chan-daily');
    const counts = await Promise.all([sweepDailyPuzzles(a.ctx), sweepDailyPuzzles(b.ctx), sweepDailyPuzzles(a.ctx)]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await sweepDailyPuzzles(b.ctx)).toBe(0);
    const first = [...a.posts, ...b.posts].map((p) => p.post as DailyPuzzlePost);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ kind: 'daily-puzzle', yesterday: null });
    const day1 = (await m.store.puzzles.daily(guildId, '2026-12-04'))!;
    expect(day1.puzzleId).toBe(first[0].puzzle.id);
    expect(day1.messageId).not.toBeNull();

    now += 86_400_000;
    expect(await Promise.all([sweepDailyPuzzles(b.ctx), sweepDailyPuzzles(a.ctx)])).toContain(1);
    const all = [...a.posts, ...b.posts].map((p) => p.post as DailyPuzzlePost);
    expect(all).toHaveLength(2);
    const second = all.find((p) => p !== first[0])!;
    expect(second.puzzle.id).not.toBe(first[0].puzzle.id);
    expect(second.yesterday).toEqual({ game: first[0].puzzle.game, solution: first[0].puzzle.solution });

    // Turned off: no more posts, and the server leaves the sweep's list.
    await setPuzzleChannel(a.ctx, guildId, null);
    now += 86_400_000;
    expect(await sweepDailyPuzzles(a.ctx)).toBe(0);
    expect(await m.store.puzzles.dailyGuilds()).not.toContain(guildId);
  });
});
