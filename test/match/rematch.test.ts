// The Rematch button at the match layer: the challenge a first click makes
// (its fixed id, colours swapped, the game's terms, posted where the game
// began or, in reply mode, left to the click), the second click's answers
// (the other player's challenge taken and the game started; one's own, an
// expired or a closed one refused in their words; the card edited, a failed
// edit logged), two clicks at once, and the AI's rematch card.
import { describe, expect, it } from 'vitest';
import { NotPostable, rematch, type TextPost } from '../../src/match/index.js';
import type { PlayerRef, StoredGame } from '../../src/model/index.js';
import { createGame, harness, HOUR, refusalOf, resigned, useMatchStore } from './harness.js';

let t = Date.now();
const m = useMatchStore('rematch', () => t);
let n = 0;

/** A finished game between two people (Alice first), rated, with a two-hour clock, begun in `parent`'s thread. */
async function finished(over: Partial<Parameters<typeof createGame>[1]> = {}): Promise<StoredGame> {
  n++;
  const players: [PlayerRef, PlayerRef] = [
    { id: `alice${n}`, name: 'Alice' },
    { id: `bob${n}`, name: 'Bob' },
  ];
  const g = await createGame(t + HOUR, {
    players,
    rated: true,
    parentChannelId: `parent${n}`,
    clock: { perMoveMs: 2 * HOUR, deadline: t + 2 * HOUR, reminded: false, wakeAt: t + HOUR },
    locale: 'fr',
    ...over,
  });
  return resigned(g);
}

describe('the first click', () => {
  it('by the first player: a challenge of fixed id to the other, who now moves first, on the same terms', async () => {
    const h = harness(() => t);
    const g = await finished();
    const [alice, bob] = g.players;
    const r = await rematch(h.ctx, g.id, g.version, alice.id);
    if (r.kind !== 'offered') throw new Error(r.kind);
    expect(r).toMatchObject({ to: bob, where: g.parentChannelId, posted: true });
    const c = (await m.store.challenges.get(`rm${g.id}`))!;
    expect(c).toMatchObject({
      status: 'open',
      game: 'orion',
      setup: 'preset1',
      options: { rematchOf: g.id },
      challengerId: alice.id,
      challengerName: 'Alice',
      opponentId: bob.id,
      opponentName: 'Bob',
      rated: true,
      guildId: 'g1',
      channelId: g.parentChannelId,
      firstMove: 'opponent',
      clockMs: 2 * HOUR,
      locale: 'fr',
    });
    expect(c.postable).not.toBe(false);
    // Its card goes where the game began (the thread's channel), and the challenge knows it.
    expect(h.posts.map((p) => [p.channelId, p.post.kind])).toEqual([[g.parentChannelId, 'challenge']]);
    expect(r.challenge.messageId).toBeTruthy();
    expect((await m.store.challenges.get(c.id))!.messageId).toBe(r.challenge.messageId);
  });

  it('by the second player: they challenge, and move first now; no clock, no thread: no clock and the channel', async () => {
    const h = harness(() => t);
    const g = await finished({ clock: null, parentChannelId: null, rated: false, locale: undefined });
    const r = await rematch(h.ctx, g.id, g.version, g.players[1].id);
    if (r.kind !== 'offered') throw new Error(r.kind);
    expect(r.where).toBe(g.channelId);
    expect(await m.store.challenges.get(`rm${g.id}`)).toMatchObject({
      challengerId: g.players[1].id,
      opponentId: g.players[0].id,
      firstMove: 'challenger',
      clockMs: null,
      rated: false,
      channelId: g.channelId,
    });
  });

  it('in reply mode: nothing posted, the click shows the card; the challenge is marked not postable', async () => {
    const h = harness(() => t);
    const g = await finished({ postable: false, guildId: null, parentChannelId: null });
    const r = await rematch(h.ctx, g.id, g.version, g.players[0].id);
    expect(r).toMatchObject({ kind: 'offered', posted: false, where: g.channelId });
    expect(h.posts).toEqual([]);
    expect((await m.store.challenges.get(`rm${g.id}`))?.postable).toBe(false);
  });
});

describe('the second click', () => {
  it("one's own open, expired or closed challenge, and the other's expired or closed one, each in its words", async () => {
    const h = harness(() => t);
    const ask = async (g: StoredGame, side: 0 | 1) => refusalOf(rematch(h.ctx, g.id, g.version, g.players[side].id));
    const a = await finished();
    await rematch(h.ctx, a.id, a.version, a.players[0].id);
    expect(await ask(a, 0)).toEqual({ key: 'rematch.askedAlready' });
    await m.store.challenges.transition(`rm${a.id}`, 'open', 'cancelled');
    expect(await ask(a, 0)).toEqual({ key: 'rematch.closed' });
    expect(await ask(a, 1)).toEqual({ key: 'rematch.closed' });

    const b = await finished();
    await rematch(h.ctx, b.id, b.version, b.players[0].id);
    t += h.ctx.settings.challengeTtlMs + 1;
    expect(await ask(b, 0)).toEqual({ key: 'rematch.expired' });
    expect(await ask(b, 1)).toEqual({ key: 'rematch.expired' });
    expect((await m.store.gameIndex.listByUser(b.players[1].id, 5)).filter((x) => x.rematchOf)).toEqual([]);
  });

  it("the other's challenge taken between the read and the take: refused as gone or closed, no game", async () => {
    for (const reason of ['not-found', 'conflict'] as const) {
      const h = harness(() => t);
      const g = await finished();
      await rematch(h.ctx, g.id, g.version, g.players[0].id);
      const store = h.ctx.store;
      const challenges = new Proxy(store.challenges, {
        get: (o, k) => (k === 'take' ? () => Promise.resolve({ ok: false, reason }) : (Reflect.get(o, k) as unknown)),
      });
      h.ctx.store = new Proxy(store, {
        get: (o, k) => (k === 'challenges' ? challenges : (Reflect.get(o, k) as unknown)),
      });
      expect(await refusalOf(rematch(h.ctx, g.id, g.version, g.players[1].id))).toEqual({
        key: reason === 'not-found' ? 'rematch.gone' : 'rematch.closed',
      });
      expect((await m.store.gameIndex.listByUser(g.players[1].id, 5)).filter((x) => x.rematchOf)).toEqual([]);
    }
  });

  it('in reply mode the card, the first click’s answer, is left as it was; the game starts', async () => {
    const h = harness(() => t);
    const g = await finished({ postable: false, guildId: null, parentChannelId: null });
    await rematch(h.ctx, g.id, g.version, g.players[0].id);
    await m.store.challenges.patch(`rm${g.id}`, { messageId: 'answer1' }); // as the command records it
    const r = await rematch(h.ctx, g.id, g.version, g.players[1].id, {
      token: 'tk',
      createdAt: Date.now(),
      component: true,
    });
    expect(r.kind).toBe('started');
    expect(h.edits).toEqual([]);
    await h.settle();
  });

  it('a card that cannot be edited: the game starts all the same, the failure logged by kind', async () => {
    for (const [error, level, msg] of [
      [new NotPostable('x'), 30, 'cannot edit the rematch card here'],
      [new Error('Missing Access'), 40, 'could not edit the rematch card'],
    ] as const) {
      const h = harness(() => t);
      const g = await finished();
      await rematch(h.ctx, g.id, g.version, g.players[0].id);
      h.ctx.notifier.edit = () => Promise.reject(error);
      const r = await rematch(h.ctx, g.id, g.version, g.players[1].id);
      expect(r.kind).toBe('started');
      expect(h.logs.filter((l) => l.msg.includes('rematch card')).map((l) => [l.level, l.msg])).toEqual([[level, msg]]);
      await h.settle();
    }
  });

  it('a click that read no challenge, then lost the create to the other’s, takes the other’s', async () => {
    const h = harness(() => t);
    const g = await finished();
    await rematch(h.ctx, g.id, g.version, g.players[0].id);
    const store = h.ctx.store;
    let stale = true; // the first read misses the challenge made meanwhile
    const challenges = new Proxy(store.challenges, {
      get: (o, k) =>
        k === 'get'
          ? (id: string) => {
              if (!stale) return o.get(id);
              stale = false;
              return Promise.resolve(null);
            }
          : (Reflect.get(o, k) as unknown),
    });
    h.ctx.store = new Proxy(store, {
      get: (o, k) => (k === 'challenges' ? challenges : (Reflect.get(o, k) as unknown)),
    });
    const r = await rematch(h.ctx, g.id, g.version, g.players[1].id);
    expect(r.kind).toBe('started');
    expect((await m.store.challenges.get(`rm${g.id}`))?.status).toBe('accepted');
    await h.settle();
  });

  it('two clicks at the same moment: one challenge, one game, the colours swapped whoever was first', async () => {
    const h = harness(() => t);
    const g = await finished();
    const both = await Promise.all(g.players.map((p) => rematch(h.ctx, g.id, g.version, p.id)));
    expect(both.map((r) => r.kind).sort()).toEqual(['offered', 'started']);
    const games = (await m.store.gameIndex.listByUser(g.players[0].id, 5)).filter((x) => x.rematchOf === g.id);
    expect(games).toHaveLength(1);
    // Whoever clicked first, the colours are swapped: Bob moves first now.
    expect(games[0]!.players.map((p) => p.id)).toEqual([g.players[1].id, g.players[0].id]);
    await h.settle();
  });
});

describe('against the AI', () => {
  it('posts a card with the colours swapped, in the game’s language, where the game began; casual always', async () => {
    const h = harness(() => t);
    const alice: PlayerRef = { id: `alice-ai${++n}`, name: 'Alice' };
    const ai: PlayerRef = { id: 'ai:easy', name: 'hexmate AI (easy)', bot: 'easy' };
    const g = await finished({ players: [alice, ai] });
    const r = await rematch(h.ctx, g.id, g.version, alice.id);
    if (r.kind !== 'started') throw new Error(r.kind);
    expect(r.game).toMatchObject({ rated: false, rematchOf: g.id, channelId: g.parentChannelId, locale: 'fr' });
    expect(r.game.players.map((p) => p.id)).toEqual([ai.id, alice.id]);
    const card = h.posts[0]!;
    expect(card.channelId).toBe(g.parentChannelId);
    expect(card.post).toEqual({
      kind: 'text',
      locale: 'fr',
      lines: [
        {
          key: 'rematch.aiCard',
          params: { game: { key: 'game.orion.title' }, first: { name: ai.name }, second: { name: 'Alice' } },
        },
      ],
      ping: [],
    } satisfies TextPost);
    expect(r.game.messageId).toBeTruthy();
    await h.settle();
  });

  it('in reply mode: no card; the click shows the starting board', async () => {
    const h = harness(() => t);
    const alice: PlayerRef = { id: `alice-ai${++n}`, name: 'Alice' };
    const ai: PlayerRef = { id: 'ai:easy', name: 'hexmate AI (easy)', bot: 'easy' };
    const g = await finished({ players: [alice, ai], postable: false, guildId: null, parentChannelId: null });
    const r = await rematch(h.ctx, g.id, g.version, alice.id, { token: 'tk', createdAt: Date.now(), component: true });
    if (r.kind !== 'started') throw new Error(r.kind);
    expect(h.posts.filter((p) => p.post.kind === 'text')).toEqual([]);
    expect(r.game.messageId ?? null).toBeNull();
    expect(r.post?.post.game.id).toBe(r.game.id);
    await h.settle();
  });
});
