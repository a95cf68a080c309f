// Starting a game at the match layer (startMatch): a setup the rules refuse
// starts nothing; a thread only where the bot posts; the interaction kept for
// the start's post only in reply mode; the AI's turn noted for the AI sweep
// when it plays, a failed note logged and the game started all the same.
import { describe, expect, it } from 'vitest';
import { startMatch, type MatchSpec } from '../../src/match/index.js';
import { harness, refusalOf, useMatchStore } from './harness.js';

const m = useMatchStore('start');
let n = 0;

const spec = (over: Partial<MatchSpec> = {}): MatchSpec => ({
  game: 'orion',
  setup: 'preset1',
  players: [
    { id: 'alice', name: 'Alice' },
    { id: 'bob', name: 'Bob' },
  ],
  rated: false,
  guildId: 'g1',
  channelId: `start${++n}`,
  messageId: `card${n}`,
  locale: 'en',
  ...over,
});

/** The interaction the game's owed start post keeps, as stored (the record's field `reply`). */
const kept = async (gameId: string): Promise<unknown> => {
  const raw = await m.store.redis.hget(`${m.prefix}game:{${gameId}}`, 'reply');
  return raw === null ? null : JSON.parse(raw);
};

describe('startMatch', () => {
  it('a setup the rules do not have starts nothing: refused with the rule', async () => {
    const h = harness(() => Date.now());
    const s = spec({ setup: 'preset99' });
    const refused = await refusalOf(startMatch(h.ctx, s));
    expect(refused?.rule).toMatch(/^OD-\d+$/);
    expect(await m.store.channels.latest(s.channelId)).toBeNull();
    expect(h.posts).toEqual([]);
  });

  it('opens a thread on the card where the bot posts, and none in reply mode (the channel is the game’s)', async () => {
    const h = harness(() => Date.now());
    const opened: string[] = [];
    h.ctx.notifier.openThread = (channelId) => {
      opened.push(channelId);
      return Promise.resolve(`thread-of-${channelId}`);
    };
    const posted = spec();
    const a = await startMatch(h.ctx, posted);
    expect(a.game).toMatchObject({ channelId: `thread-of-${posted.channelId}`, parentChannelId: posted.channelId });
    const reply = spec({ postable: false, guildId: null });
    const b = await startMatch(h.ctx, reply);
    expect(opened).toEqual([posted.channelId]);
    expect(b.game).toMatchObject({ channelId: reply.channelId, parentChannelId: null, postable: false });
    await h.settle();
  });

  it('keeps the interaction for the start’s post in reply mode only', async () => {
    const h = harness(() => Date.now());
    const interaction = { token: 'tk', createdAt: Date.now(), component: true };
    const reply = await startMatch(h.ctx, spec({ postable: false, guildId: null, interaction }));
    expect(reply.post).not.toBeNull();
    expect(await kept(reply.game.id)).toEqual(interaction);
    // Where the bot posts, its start post owed (its post failed) is the sweep's to make in the channel: no interaction.
    h.ctx.notifier.post = () => Promise.reject(new Error('Service Unavailable'));
    const posted = await startMatch(h.ctx, spec({ interaction }));
    expect(posted.post).toBeNull();
    expect((await m.store.games.get(posted.game.id))!.annV).toBe(1);
    expect(await kept(posted.game.id)).toBeNull();
    await h.settle();
  });

  it('notes the AI’s turn for the AI sweep; a note that fails is logged and the game starts all the same', async () => {
    const ai = { id: 'ai:easy', name: 'hexmate AI (easy)', bot: 'easy' as const };
    const h = harness(() => Date.now());
    h.ctx.think = () => new Promise(() => {}); // the AI's search never ends here: its turn stays noted
    const a = await startMatch(h.ctx, spec({ players: [ai, { id: 'alice', name: 'Alice' }], messageId: null }));
    expect(await m.store.aiTurns.noted(Date.now() + 60_000)).toContain(a.game.id);
    const people = await startMatch(h.ctx, spec({ messageId: null }));
    expect(await m.store.aiTurns.noted(Date.now() + 60_000)).not.toContain(people.game.id);

    const store = h.ctx.store;
    const aiTurns = new Proxy(store.aiTurns, {
      get: (t, k) => (k === 'note' ? () => Promise.reject(new Error('Connection is closed.')) : Reflect.get(t, k)),
    });
    h.ctx.store = new Proxy(store, { get: (t, k) => (k === 'aiTurns' ? aiTurns : (Reflect.get(t, k) as unknown)) });
    const b = await startMatch(h.ctx, spec({ players: [{ id: 'alice', name: 'Alice' }, ai], messageId: null }));
    expect(b.game.status).toBe('active');
    expect(h.logs.filter((l) => l.gameId === b.game.id && l.msg === 'could not note the AI turn')).toHaveLength(1);
  });
});
