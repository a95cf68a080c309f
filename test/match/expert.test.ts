// The expert AI at the match layer (issue 19), with a stand-in search: offered
// only where the clock is long (the server's, else the bot's default, since
// games against the AI run none), the server's cap on its thinking reaches the
// search, and a "thinking…" behind a queue says how long it will take.
import { describe, expect, it, vi } from 'vitest';
import { lines } from '../../src/commands/kit/text.js';
import { getGame } from '../../src/engine/index.js';
import {
  checkAiLevel,
  EXPERT_MIN_CLOCK_MS,
  finish,
  playMove,
  postAnnouncement,
  rematch,
  setClock,
  setExpertSeconds,
  toMoveLine,
  type AiWait,
  type ThinkMove,
} from '../../src/match/index.js';
import type { AiLevel, PlayerRef } from '../../src/model/index.js';
import { createGame, gamePosts, harness, refusalOf, useMatchStore } from './harness.js';

const m = useMatchStore('expert');
const orion = getGame('orion');
const aiOf = (level: AiLevel): PlayerRef => ({ id: `ai:${level}`, name: `hexmate AI (${level})`, bot: level });
const alice: PlayerRef = { id: 'alice', name: 'Alice' };

/** A search that plays the first legal move. */
const firstLegal: ThinkMove = (_game, state) =>
  Promise.resolve(orion.formatMove(state as never, orion.legalMoves(state as never)[0], 'canonical'));

const FAST = 10 * 60_000;

describe('expert is offered where games are slow', () => {
  it('is refused under a short clock (the bot default, no server setting), with the clock named', async () => {
    const h = harness(() => Date.now(), { moveTimeMs: FAST });
    expect(await refusalOf(checkAiLevel(h.ctx, 'g-fast', 'expert'))).toEqual({
      key: 'playBot.expertNeedsLongClock',
    });
    // Outside servers (a DM) the bot default applies too.
    expect(await refusalOf(checkAiLevel(h.ctx, null, 'expert'))).toEqual({ key: 'playBot.expertNeedsLongClock' });
    // Every other level is offered everywhere.
    for (const level of ['easy', 'medium', 'hard'] as const)
      expect(await refusalOf(checkAiLevel(h.ctx, 'g-fast', level))).toBeNull();
  });

  it('is allowed in a correspondence server: its own clock (even an hour) wins over a short bot default', async () => {
    const h = harness(() => Date.now(), { moveTimeMs: FAST });
    await setClock(h.ctx, 'g-corr', 24);
    expect(await refusalOf(checkAiLevel(h.ctx, 'g-corr', 'expert'))).toBeNull();
    await setClock(h.ctx, 'g-hour', EXPERT_MIN_CLOCK_MS / 3_600_000);
    expect(await refusalOf(checkAiLevel(h.ctx, 'g-hour', 'expert'))).toBeNull();
    // The bot's own default (24 h) is correspondence.
    expect(await refusalOf(checkAiLevel(harness(() => Date.now()).ctx, 'g-any', 'expert'))).toBeNull();
  });

  it('refuses the rematch of an expert game once the server plays fast, and changes nothing', async () => {
    const h = harness(() => Date.now(), { moveTimeMs: FAST });
    h.ctx.think = firstLegal;
    const g = await createGame(0, { guildId: 'g-rematch', players: [alice, aiOf('expert')], clock: null });
    const done = await finish(h.ctx, g, {
      status: 'over',
      result: { winner: 1, draw: false, reason: 'resign' },
      lines: [],
      state: g.state,
    });
    if (!done.ok) throw new Error('finish refused');
    const games = await m.store.gameIndex.listActiveByUser('alice');
    expect(await refusalOf(rematch(h.ctx, g.id, done.game.version, 'alice'))).toEqual({
      key: 'playBot.expertNeedsLongClock',
    });
    expect(await m.store.gameIndex.listActiveByUser('alice')).toEqual(games);
  });
});

describe('the expert AI’s turn', () => {
  async function expertTurn(guildId: string, level: AiLevel = 'expert') {
    const h = harness(() => Date.now());
    const think = vi.fn(firstLegal);
    h.ctx.think = think;
    const g = await createGame(0, { guildId, players: [alice, aiOf(level)], clock: null });
    await postAnnouncement(h.ctx, await playMove(h.ctx, { channelId: g.channelId }, { userId: 'alice' }, 'V3 F8 NW R'));
    await h.settle();
    expect(think).toHaveBeenCalledTimes(1);
    expect((await m.store.games.get(g.id))!.moves).toHaveLength(2);
    return { h, think, args: think.mock.calls[0] };
  }

  it('thinks up to the server’s cap: 10 s by default, what an admin set, read at each turn', async () => {
    expect((await expertTurn('g-cap-default')).args[4]).toEqual({ timeCapMs: 10_000 });
    const h = harness(() => Date.now());
    await setExpertSeconds(h.ctx, 'g-cap-4', 4);
    expect((await expertTurn('g-cap-4')).args[4]).toEqual({ timeCapMs: 4_000 });
    await setExpertSeconds(h.ctx, 'g-cap-4', null);
    expect((await expertTurn('g-cap-4')).args[4]).toEqual({ timeCapMs: 10_000 });
    // Other levels keep their own cap: nothing is passed.
    expect((await expertTurn('g-cap-4', 'hard')).args).toHaveLength(4);
  });

  it('refuses a cap out of range and keeps the one set', async () => {
    const h = harness(() => Date.now());
    await setExpertSeconds(h.ctx, 'g-cap-bad', 5);
    for (const bad of [1, 11, 2.5, Number.NaN])
      expect(await refusalOf(setExpertSeconds(h.ctx, 'g-cap-bad', bad))).toEqual({ key: 'settings.expertRange' });
    expect((await m.store.settings.get('g-cap-bad')).expertSeconds).toBe(5);
  });
});

describe('the AI lease while a turn waits in the queue', () => {
  it('is extended only by the process that holds it', async () => {
    const g = await createGame(0, { players: [alice, aiOf('expert')], clock: null });
    expect(await m.store.aiTurns.lease(g.id, 'p1', 300)).toBeNull();
    expect(await m.store.aiTurns.extend(g.id, 'p1', 60_000)).toBe(true);
    expect(await m.store.redis.pttl(`${m.prefix}game:{${g.id}}:ai`)).toBeGreaterThan(30_000);
    expect(await m.store.aiTurns.extend(g.id, 'p2', 60_000)).toBe(false);
    expect(await m.store.aiTurns.holder(g.id)).toBe('p1');
    await m.store.aiTurns.release(g.id, 'p1');
    expect(await m.store.aiTurns.extend(g.id, 'p1', 60_000)).toBe(false);
    expect(await m.store.aiTurns.holder(g.id)).toBeNull();
  });
});

describe('"thinking…" behind a queue', () => {
  async function postWith(wait: AiWait | null) {
    const h = harness(() => Date.now());
    h.ctx.think = firstLegal;
    const asked: [string, AiLevel][] = [];
    h.ctx.aiWait = (game, level) => (asked.push([game, level]), wait);
    const g = await createGame(0, { players: [alice, aiOf('expert')], clock: null });
    const a = await playMove(h.ctx, { channelId: g.channelId }, { userId: 'alice' }, 'V3 F8 NW R');
    await postAnnouncement(h.ctx, a);
    await h.settle();
    return { post: a.post, asked, posts: gamePosts(h, g.channelId) };
  }

  it('says about how long and how many games are ahead when the AI’s lane has a queue', async () => {
    const { post, asked } = await postWith({ ahead: 3, ms: 41_000 });
    expect(asked).toEqual([['orion', 'expert']]);
    expect(post.aiWait).toEqual({ ahead: 3, ms: 41_000 });
    const line = toMoveLine(post.game, 1, post.aiWait);
    expect(line.key).toBe('turn.aiThinkingQueued');
    expect(lines('en', [line])).toBe(
      '**hexmate AI (expert)** (Blue) is thinking — about 40 s, 3 games ahead of this one.',
    );
    expect(lines('fr', [line])).toBe(
      '**hexmate AI (expert)** (Bleu) réfléchit — environ 40\u202fs, 3 parties passent avant celle-ci.',
    );
    expect(lines('en', [toMoveLine(post.game, 1, { ahead: 1, ms: 200_000 })])).toMatch(/about 4 min, 1 game ahead/);
  });

  it('stays a plain "thinking…" when nothing waits ahead, or the answer comes within the promise', async () => {
    for (const wait of [null, { ahead: 0, ms: 10_000 }, { ahead: 1, ms: 12_000 }]) {
      const { post, posts } = await postWith(wait);
      expect(post.aiWait).toBeUndefined();
      expect(toMoveLine(post.game, 1, post.aiWait).key).toBe('turn.aiThinking');
      // The AI's own move, which hands the turn back to the player, asks nothing of the queue.
      expect(posts.at(-1)!.aiWait).toBeUndefined();
    }
  });
});
