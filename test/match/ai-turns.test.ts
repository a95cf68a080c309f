// The AI's turns at the match layer, with a stand-in search (ctx.think): it
// answers a player's move once the move's post is out, opens when it moves
// first, says so when its search fails and is taken up again by the AI sweep,
// and a resignation while it thinks simply wins (its move is dropped, no error).
import { describe, expect, it, vi } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import {
  aiToMove,
  playMove,
  postAnnouncement,
  resign,
  resumeAi,
  scheduleAi,
  startMatch,
  sweepAiTurns,
  type ThinkMove,
} from '../../src/match/index.js';
import type { PlayerRef } from '../../src/model/index.js';
import { createGame, failWrites, gamePosts, harness, postKeys, refusalOf, useMatchStore } from './harness.js';

const m = useMatchStore('ai-turns');
const ai: PlayerRef = { id: 'ai:easy', name: 'hexmate AI (easy)', bot: 'easy' };
const orion = getGame('orion');

/** A search that plays the first legal move. */
const firstLegal: ThinkMove = (_game, state) =>
  Promise.resolve(orion.formatMove(state as never, orion.legalMoves(state as never)[0], 'canonical'));

function aiHarness(think: ThinkMove = firstLegal) {
  const h = harness(() => Date.now());
  const spy = vi.fn(think);
  h.ctx.think = spy;
  return { h, think: spy };
}

describe('the AI’s turn', () => {
  it('follows the post of the player’s move: one search, one write, one post; its lease and hint are gone', async () => {
    const { h, think } = aiHarness();
    const g = await createGame(0, { players: [{ id: 'alice', name: 'Alice' }, ai], clock: null });
    const a = await playMove(h.ctx, { channelId: g.channelId }, { userId: 'alice' }, 'V3 F8 NW R');
    expect(think).not.toHaveBeenCalled(); // not before the player's post is out
    await postAnnouncement(h.ctx, a);
    await h.settle();
    expect(think).toHaveBeenCalledTimes(1);
    const rec = (await m.store.games.get(g.id))!;
    expect(rec.moves).toHaveLength(2);
    expect(rec.version).toBe(3);
    expect(rec.shown).toBe(3);
    expect(postKeys(h, g.channelId)).toEqual([['move.line'], ['move.line']]);
    expect(gamePosts(h, g.channelId)[1].game.moves).toEqual(rec.moves);
    expect(await m.store.aiTurns.holder(g.id)).toBeNull();
    expect(await m.store.aiTurns.noted(Date.now() + 60_000)).not.toContain(g.id);
    expect(h.logs.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('opens the game when it has the first move, after the starting post; no clock against the AI', async () => {
    const { h, think } = aiHarness();
    const { game } = await startMatch(h.ctx, {
      game: 'orion',
      setup: 'preset1',
      players: [ai, { id: 'alice', name: 'Alice' }],
      rated: false,
      guildId: 'g1',
      channelId: 'ai-opens',
      messageId: null,
      locale: 'en',
      clockMs: 3_600_000,
    });
    await h.settle();
    expect(think).toHaveBeenCalledTimes(1);
    const rec = (await m.store.games.get(game.id))!;
    expect(rec.clock).toBeNull();
    expect(rec.moves).toHaveLength(1);
    expect(postKeys(h, 'ai-opens')).toEqual([['game.intro'], ['move.line']]);
  });

  it('a failed search is said in the game and changes nothing; the AI sweep takes the turn up again', async () => {
    const { h, think } = aiHarness(() => Promise.reject(new Error('worker died')));
    const g = await createGame(0, { players: [{ id: 'alice', name: 'Alice' }, ai], clock: null });
    await postAnnouncement(h.ctx, await playMove(h.ctx, { channelId: g.channelId }, { userId: 'alice' }, 'V3 F8 NW R'));
    await h.settle();
    expect(think).toHaveBeenCalledTimes(1);
    expect(postKeys(h, g.channelId)).toEqual([['move.line'], ['ai.failed']]);
    const stuck = (await m.store.games.get(g.id))!;
    expect(stuck.moves).toHaveLength(1);
    expect(h.logs.filter((l) => l.msg === 'AI search failed')).toHaveLength(1);

    h.ctx.think = firstLegal;
    // Noted a moment ago: within its five seconds' grace (the process that noted it may still be at it).
    expect(await sweepAiTurns(h.ctx)).toBe(0);
    expect(await sweepAiTurns(h.ctx, 0)).toBe(1);
    await h.settle();
    expect((await m.store.games.get(g.id))!.moves).toHaveLength(2);
    expect(postKeys(h, g.channelId).at(-1)).toEqual(['move.line']);
    expect(await sweepAiTurns(h.ctx, 0)).toBe(0);
  });

  it('a resignation while the AI thinks wins: the AI’s move is dropped, quietly', async () => {
    let answer!: (move: string) => void;
    let position: unknown;
    let thinking!: () => void;
    const searching = new Promise<void>((r) => (thinking = r));
    const { h } = aiHarness((_game, state) => {
      position = state;
      thinking();
      return new Promise((r) => (answer = r));
    });
    const g = await createGame(0, { players: [{ id: 'alice', name: 'Alice' }, ai], clock: null });
    await postAnnouncement(h.ctx, await playMove(h.ctx, { channelId: g.channelId }, { userId: 'alice' }, 'V3 F8 NW R'));
    await searching;
    await postAnnouncement(h.ctx, await resign(h.ctx, g.channelId, 'alice'));
    answer(await firstLegal('orion', position, 'easy', 0));
    await h.settle();
    const rec = (await m.store.games.get(g.id))!;
    expect(rec).toMatchObject({ status: 'over', result: { winner: 1, reason: 'resign' } });
    expect(rec.moves).toHaveLength(1);
    expect(postKeys(h, g.channelId)).toEqual([['move.line'], ['end.resigned']]);
    expect(h.logs.filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe('the AI sweep', () => {
  it('drops hints for no game or no AI turn; leaves a turn a live process thinks about; takes one whose thinker died', async () => {
    const { h, think } = aiHarness();
    // No such game, and a game where the person is to move.
    await m.store.aiTurns.note('nosuchgam1');
    const theirs = await createGame(0, { players: [{ id: 'alice', name: 'Alice' }, ai], clock: null });
    await m.store.aiTurns.note(theirs.id);
    expect(await sweepAiTurns(h.ctx, 0)).toBe(0);
    const left = await m.store.aiTurns.noted(Date.now() + 60_000);
    expect(left).not.toContain('nosuchgam1');
    expect(left).not.toContain(theirs.id);

    // The AI to move, its lease held by a live process: left to it; by this very process: left too.
    const g = await createGame(0, { players: [ai, { id: 'alice', name: 'Alice' }], clock: null });
    await m.store.aiTurns.note(g.id);
    const other = harness(() => Date.now());
    await m.store.processes.beat(other.ctx.instanceId, 60_000);
    expect(await m.store.aiTurns.lease(g.id, other.ctx.instanceId, 60_000)).toBeNull(); // null: taken
    expect(await sweepAiTurns(h.ctx, 0)).toBe(0);
    expect(await sweepAiTurns(other.ctx, 0)).toBe(0);
    expect(think).not.toHaveBeenCalled();
    // A turn this process holds is its own, even before its first heartbeat.
    const mine = await createGame(0, { players: [ai, { id: 'alice', name: 'Alice' }], clock: null });
    await m.store.aiTurns.note(mine.id);
    expect(await m.store.aiTurns.lease(mine.id, h.ctx.instanceId, 60_000)).toBeNull();
    expect(await sweepAiTurns(h.ctx, 0)).toBe(0);
    await m.store.aiTurns.release(mine.id, h.ctx.instanceId);
    await m.store.aiTurns.drop(mine.id);

    // Its holder gone: taken over, one move.
    await m.store.processes.gone(other.ctx.instanceId);
    expect(await sweepAiTurns(h.ctx, 0)).toBe(1);
    await h.settle();
    expect(think).toHaveBeenCalledTimes(1);
    expect((await m.store.games.get(g.id))!.moves).toHaveLength(1);
  });

  it('a record that does not read is quarantined, the others still swept', async () => {
    const { h } = aiHarness();
    const bad = await createGame(0, { players: [ai, { id: 'alice', name: 'Alice' }], clock: null });
    const good = await createGame(0, { players: [ai, { id: 'alice', name: 'Alice' }], clock: null });
    for (const g of [bad, good]) await m.store.aiTurns.note(g.id);
    await m.store.redis.hset(`${m.prefix}game:{${bad.id}}`, 'players', '{broken');
    expect(await sweepAiTurns(h.ctx, 0)).toBeGreaterThanOrEqual(1);
    await h.settle();
    expect((await m.store.games.get(good.id))!.moves).toHaveLength(1);
    expect(h.logs.filter((l) => l.gameId === bad.id && l.level >= 50).map((l) => l.msg)).toContain(
      'damaged game record quarantined',
    );
  });

  it('after a restart, every active game with the AI to move gets its move; games between people are left', async () => {
    const { h, think } = aiHarness();
    const g = await createGame(0, { players: [ai, { id: 'alice', name: 'Alice' }], clock: null });
    const people = await createGame(0, { clock: null });
    await resumeAi(h.ctx);
    await h.settle();
    expect((await m.store.games.get(g.id))!.moves).toHaveLength(1);
    expect((await m.store.games.get(people.id))!.moves).toHaveLength(0);
    expect(think.mock.calls.length).toBeGreaterThanOrEqual(1);
  });
});

describe('whose turn the AI takes, and what a move does to its hint', () => {
  it('aiToMove: only an active, undamaged game whose side to move is the AI’s', async () => {
    const people = await createGame(0, { clock: null });
    expect(aiToMove(people)).toBeNull();
    const g = await createGame(0, { players: [ai, { id: 'alice', name: 'Alice' }], clock: null });
    expect(aiToMove(g)).toBe(0);
    expect(aiToMove({ ...g, status: 'over' })).toBeNull();
    expect(aiToMove({ ...g, damaged: 'a hand edit' })).toBeNull();
    expect(aiToMove({ ...g, version: 99, state: { not: 'a state' } })).toBeNull();
    const second = await createGame(0, { players: [{ id: 'alice', name: 'Alice' }, ai], clock: null });
    expect(aiToMove(second)).toBeNull();
  });

  it('scheduleAi thinks only for an active, undamaged game where the AI is to move', async () => {
    const { h, think } = aiHarness();
    const g = await createGame(0, { players: [ai, { id: 'alice', name: 'Alice' }], clock: null });
    const people = await createGame(0, { clock: null });
    const personFirst = await createGame(0, { players: [{ id: 'alice', name: 'Alice' }, ai], clock: null });
    for (const rec of [{ ...g, status: 'over' as const }, { ...g, damaged: 'a hand edit' }, people, personFirst])
      scheduleAi(h.ctx, rec);
    await h.settle();
    expect(think).not.toHaveBeenCalled();
    scheduleAi(h.ctx, g);
    await h.settle();
    expect(think).toHaveBeenCalledTimes(1);
    expect((await m.store.games.get(g.id))!.moves).toHaveLength(1);
  });

  it('a person’s move notes the AI’s turn; the AI’s reply drops it; each search has its own seed', async () => {
    const seeds: number[] = [];
    const { h } = aiHarness((game, state, level, seed) => {
      seeds.push(seed);
      return firstLegal(game, state, level, seed);
    });
    const g = await createGame(0, { players: [{ id: 'alice', name: 'Alice' }, ai], clock: null });
    const a = await playMove(h.ctx, { channelId: g.channelId }, { userId: 'alice' }, 'V3 F8 NW R');
    expect(await m.store.aiTurns.noted(Date.now() + 60_000)).toContain(g.id);
    await postAnnouncement(h.ctx, a);
    await h.settle();
    expect(await m.store.aiTurns.noted(Date.now() + 60_000)).not.toContain(g.id);
    const rec = (await m.store.games.get(g.id))!;
    const st = orion.fromJSON(rec.state);
    if (!st.ok) throw new Error('state');
    const next = orion.formatMove(st.value, orion.legalMoves(st.value)[0], 'canonical');
    await postAnnouncement(h.ctx, await playMove(h.ctx, { channelId: g.channelId }, { userId: 'alice' }, next));
    await h.settle();
    expect(seeds).toHaveLength(2);
    expect(seeds[0]).not.toBe(seeds[1]);
  });

  it('an AI move for a version that has moved on is refused as stale and changes nothing', async () => {
    const { h } = aiHarness();
    const g = await createGame(0, { players: [ai, { id: 'alice', name: 'Alice' }], clock: null });
    const move = await firstLegal('orion', g.state, 'easy', 0);
    expect(
      await refusalOf(playMove(h.ctx, { gameId: g.id }, { aiSide: 0, expectVersion: g.version - 1 }, move)),
    ).toEqual({ key: 'move.aiStale' });
    expect(await m.store.games.get(g.id)).toEqual(g);
  });

  it('an AI answer its own position refuses is logged as a bug, once, and changes nothing', async () => {
    const { h, think } = aiHarness(() => Promise.resolve('not a move'));
    const g = await createGame(0, { players: [ai, { id: 'alice', name: 'Alice' }], clock: null });
    scheduleAi(h.ctx, g);
    await h.settle();
    expect(think).toHaveBeenCalledTimes(1);
    expect(h.logs.filter((l) => l.gameId === g.id && l.msg === 'AI move refused')).toHaveLength(1);
    expect((await m.store.games.get(g.id))!.version).toBe(g.version);
  });
});

describe('a move whose write does not land', () => {
  it('is tried again on the game read afresh after a lost compare-and-set, three times at most', async () => {
    const h = harness(() => Date.now());
    const g = await createGame(0, { clock: null });
    failWrites(h, 'conflict', 'conflict', 'conflict');
    expect(await refusalOf(playMove(h.ctx, { channelId: g.channelId }, { userId: 'alice' }, 'V3 F8 NW R'))).toEqual({
      key: 'move.conflict',
    });
    expect((await m.store.games.get(g.id))!.moves).toEqual([]);
    failWrites(h, 'conflict', 'conflict');
    await playMove(h.ctx, { channelId: g.channelId }, { userId: 'alice' }, 'V3 F8 NW R');
    expect((await m.store.games.get(g.id))!.moves).toEqual(['V3 F8 NW R']);
    expect(h.logs.filter((l) => l.gameId === g.id && l.msg === 'move conflict; reloading')).toHaveLength(5);
  });

  it('a game gone meanwhile is said so', async () => {
    const h = harness(() => Date.now());
    const g = await createGame(0, { clock: null });
    failWrites(h, 'not-found');
    expect(await refusalOf(playMove(h.ctx, { channelId: g.channelId }, { userId: 'alice' }, 'V3 F8 NW R'))).toEqual({
      key: 'game.gone',
    });
  });
});
