// A challenge's life at the match layer: created (or refused and nothing
// stored), accepted into a game (one accept of two wins), declined,
// cancelled, expired on touch and by the sweep, and the Rematch button
// between two people. The store and the context share one injected clock.
import { describe, expect, it, vi } from 'vitest';
import {
  acceptChallenge,
  cancelChallenge,
  createChallenge,
  declineChallenge,
  rematch,
  sweepChallenges,
  type ChallengeInput,
} from '../../src/match/index.js';
import type { PlayerRef } from '../../src/model/index.js';
import { createGame, gamePosts, harness, HOUR, postKeys, refusalOf, resigned, useMatchStore } from './harness.js';

let t = Date.now();
const m = useMatchStore('challenge', () => t);
const alice: PlayerRef = { id: 'alice', name: 'Alice' };
const bob: PlayerRef = { id: 'bob', name: 'Bob' };
const carol: PlayerRef = { id: 'carol', name: 'Carol' };
let n = 0;

/** A challenge from Alice in a channel of its own (`opponent`: Bob unless said otherwise). */
const input = (over: Partial<ChallengeInput> = {}): ChallengeInput => ({
  game: 'orion',
  setup: 'preset1',
  options: {},
  challenger: { id: `alice${++n}`, name: 'Alice' },
  opponent: bob,
  rated: false,
  guildId: 'g1',
  channelId: `chan${n}`,
  threadable: true,
  first: 'challenger',
  clockHours: 2,
  locale: 'en',
  postable: true,
  ...over,
});

describe('creating a challenge', () => {
  it('stores it open with its clock and expiry; bad requests are refused and store nothing', async () => {
    const h = harness(() => t, { maxOpenChallenges: 2 });
    const c = await createChallenge(h.ctx, input({ challenger: alice }));
    expect(c).toMatchObject({ status: 'open', challengerId: 'alice', opponentId: 'bob', clockMs: 2 * HOUR });
    expect(c.expiresAt).toBe(t + h.ctx.settings.challengeTtlMs);
    expect(await m.store.challenges.get(c.id)).toEqual(c);

    expect(await refusalOf(createChallenge(h.ctx, input({ challenger: bob })))).toEqual({ key: 'challenge.self' });
    expect(await refusalOf(createChallenge(h.ctx, input({ opponent: null, rated: true })))).toEqual({
      key: 'challenge.ratedNeedsOpponent',
    });
    await createChallenge(h.ctx, input({ challenger: alice }));
    expect(await refusalOf(createChallenge(h.ctx, input({ challenger: alice })))).toEqual({
      key: 'challenge.tooMany',
    });
    expect(await m.store.challenges.countOpenByUser('alice')).toBe(2);
    expect(h.posts).toEqual([]);
  });
});

describe('accepting', () => {
  it('starts the game once: the record at version 1, one starting post, the challenge linked; a second accept is refused', async () => {
    const h = harness(() => t);
    const c = await createChallenge(h.ctx, input({ opponent: null, first: 'opponent' }));
    expect(await refusalOf(acceptChallenge(h.ctx, c.id, { id: c.challengerId, name: 'Alice' }, 'card1'))).toEqual({
      key: 'challenge.ownAccept',
    });
    // Bob and Carol click at once: one game.
    const both = [acceptChallenge(h.ctx, c.id, bob, 'card1'), acceptChallenge(h.ctx, c.id, carol, 'card1')];
    const refusals = await Promise.all(both.map(refusalOf));
    expect(refusals.filter((r) => r === null)).toHaveLength(1);
    expect(refusals.filter((r) => r !== null)).toEqual([{ key: 'challenge.closedAlready' }]);

    const change = await both[refusals.indexOf(null)];
    const game = change.game!;
    expect(change.note?.key).toBe('challenge.acceptedBy');
    // `first: opponent`: the accepter moves first.
    expect(game.players[0].id).toBe(change.challenge.acceptedBy!.id);
    expect(game.players[1].id).toBe(c.challengerId);
    const rec = (await m.store.games.get(game.id))!;
    expect(rec).toMatchObject({ version: 1, status: 'active', moves: [], challengeId: c.id, channelId: c.channelId });
    expect(rec.clock).toEqual({ perMoveMs: 2 * HOUR, deadline: t + 2 * HOUR, reminded: false, wakeAt: t + 1.5 * HOUR });
    expect(rec.shown).toBe(rec.annV); // the starting post went out
    expect(postKeys(h, c.channelId)).toEqual([['game.intro']]);
    expect(gamePosts(h, c.channelId)[0].game.id).toBe(game.id);
    expect((await m.store.challenges.get(c.id))?.gameId).toBe(game.id);
    expect(await refusalOf(acceptChallenge(h.ctx, c.id, carol, 'card1'))).toEqual({ key: 'challenge.closedAlready' });
  });

  it('a challenge for Bob: only Bob may accept or decline, only the challenger cancel', async () => {
    const h = harness(() => t);
    const c = await createChallenge(h.ctx, input());
    expect(await refusalOf(acceptChallenge(h.ctx, c.id, carol, null))).toEqual({ key: 'challenge.forSomeoneElse' });
    expect(await refusalOf(declineChallenge(h.ctx, c.id, carol.id))).toEqual({ key: 'challenge.forSomeoneElse' });
    expect(await refusalOf(cancelChallenge(h.ctx, c.id, bob.id))).toEqual({ key: 'challenge.onlyChallengerCancels' });
    expect((await m.store.challenges.get(c.id))?.status).toBe('open');

    const declined = await declineChallenge(h.ctx, c.id, bob.id);
    expect(declined.challenge.status).toBe('declined');
    expect(declined.note).toEqual({ key: 'challenge.declinedBy', params: { user: { user: 'bob' } } });
    expect((await m.store.challenges.get(c.id))?.status).toBe('declined');
    expect(await refusalOf(acceptChallenge(h.ctx, c.id, bob, null))).toEqual({ key: 'challenge.closedAlready' });
    expect(await refusalOf(cancelChallenge(h.ctx, c.id, c.challengerId))).toEqual({ key: 'challenge.closedAlready' });

    const open = await createChallenge(h.ctx, input({ opponent: null }));
    expect(await refusalOf(declineChallenge(h.ctx, open.id, bob.id))).toEqual({ key: 'challenge.openCannotDecline' });
    expect((await cancelChallenge(h.ctx, open.id, open.challengerId)).challenge.status).toBe('cancelled');
    expect(await m.store.channels.active(open.channelId)).toBeNull();
    expect(h.posts).toEqual([]);
  });

  it('where threads cannot be opened, a channel with a game in it takes no challenge', async () => {
    const h = harness(() => t);
    const c = await createChallenge(h.ctx, input());
    await acceptChallenge(h.ctx, c.id, bob, null);
    expect(await refusalOf(createChallenge(h.ctx, input({ channelId: c.channelId, threadable: false })))).toEqual({
      key: 'challenge.channelBusy',
    });
    // In reply mode, or outside a server, the words say "here", not "this channel".
    for (const over of [{ postable: false }, { guildId: null }])
      expect(
        await refusalOf(createChallenge(h.ctx, input({ channelId: c.channelId, threadable: false, ...over }))),
      ).toEqual({ key: 'challenge.busyHere' });
    // Where the game gets a thread of its own, the channel's game is no obstacle.
    expect((await createChallenge(h.ctx, input({ channelId: c.channelId, threadable: true }))).status).toBe('open');
  });
});

describe('a challenge closed under a click', () => {
  it('expired or gone between the read and the write: said so, and an expired one is marked so', async () => {
    const h = harness(() => t);
    for (const act of ['cancel', 'decline', 'accept'] as const) {
      const c = await createChallenge(h.ctx, input());
      const run = () =>
        act === 'cancel'
          ? cancelChallenge(h.ctx, c.id, c.challengerId)
          : act === 'decline'
            ? declineChallenge(h.ctx, c.id, 'bob')
            : acceptChallenge(h.ctx, c.id, bob, null);
      const write = act === 'accept' ? 'take' : 'transition';
      vi.spyOn(m.store.challenges, write).mockResolvedValueOnce({ ok: false, reason: 'not-found' });
      expect(await refusalOf(run())).toEqual({ key: 'challenge.gone' });
      vi.spyOn(m.store.challenges, write).mockResolvedValueOnce({
        ok: false,
        reason: 'expired',
        challenge: { ...c, status: 'expired' },
      });
      const r = await run();
      expect(r.tell).toEqual({ key: 'challenge.expiredTell' });
      expect(r.challenge.status).toBe('expired');
      expect((await m.store.challenges.get(c.id))!.status).toBe('expired');
    }
  });
});

describe('a challenge that cannot start', () => {
  it('is closed when its game cannot open, the card saying why, and the player told; a new one may be posted', async () => {
    const h = harness(() => t);
    const c = await createChallenge(h.ctx, input());
    // Meanwhile a game took the channel (another process's start): the accepted one cannot open there.
    await createGame(t + HOUR, { channelId: c.channelId });
    const r = await acceptChallenge(h.ctx, c.id, bob, null);
    expect(r.challenge.status).toBe('cancelled');
    expect(r.game).toBeUndefined();
    expect(r.note?.key).toBe('challenge.couldNotStart');
    expect(r.note?.params).toEqual({ why: { key: 'start.channelBusy' } });
    expect(r.tell).toEqual({ key: 'start.channelBusy' });
    expect((await m.store.challenges.get(c.id))?.status).toBe('cancelled');
    expect(await refusalOf(acceptChallenge(h.ctx, c.id, bob, null))).toEqual({ key: 'challenge.closedAlready' });
  });
});

describe('expiry', () => {
  it('a click after the time says so and marks it expired; the sweep edits the cards nobody touched, once', async () => {
    const h = harness(() => t);
    const touched = await createChallenge(h.ctx, input());
    const idle = await createChallenge(h.ctx, input());
    await m.store.challenges.patch(idle.id, { messageId: 'card-idle' });
    t += h.ctx.settings.challengeTtlMs;
    const click = await acceptChallenge(h.ctx, touched.id, bob, null);
    expect(click).toMatchObject({ challenge: { status: 'expired' }, tell: { key: 'challenge.expiredTell' } });
    expect(click.game).toBeUndefined();
    expect((await m.store.challenges.get(touched.id))?.status).toBe('expired');
    expect((await declineChallenge(h.ctx, touched.id, bob.id)).tell?.key).toBe('challenge.expiredTell');

    expect(await sweepChallenges(h.ctx)).toBe(1);
    expect(await sweepChallenges(h.ctx)).toBe(0);
    expect(h.edits).toHaveLength(1);
    expect(h.edits[0]).toMatchObject({ messageId: 'card-idle', post: { kind: 'challenge' } });
    expect(h.edits[0].post.kind === 'challenge' && h.edits[0].post.challenge.status).toBe('expired');
    expect(await m.store.channels.active(touched.channelId)).toBeNull();
    expect(h.posts).toEqual([]);
  });
});

describe('the expiry sweep at its edges', () => {
  it('a reply-mode card is left to its next click; a card whose edit fails is logged, the others still edited', async () => {
    const h = harness(() => t);
    const reply = await createChallenge(h.ctx, input({ postable: false, guildId: null }));
    await m.store.challenges.patch(reply.id, { messageId: 'answer-reply' });
    const failing = await createChallenge(h.ctx, input());
    await m.store.challenges.patch(failing.id, { messageId: 'card-failing' });
    const fine = await createChallenge(h.ctx, input());
    await m.store.challenges.patch(fine.id, { messageId: 'card-fine' });
    t += h.ctx.settings.challengeTtlMs;
    const edit = h.ctx.notifier.edit.bind(h.ctx.notifier);
    h.ctx.notifier.edit = (where, messageId, post) =>
      messageId === 'card-failing' ? Promise.reject(new Error('Unknown Message')) : edit(where, messageId, post);
    expect(await sweepChallenges(h.ctx)).toBe(1);
    expect(h.edits.map((e) => e.messageId)).toEqual(['card-fine']);
    for (const c of [reply, failing, fine]) expect((await m.store.challenges.get(c.id))?.status).toBe('expired');
    expect(h.logs.filter((l) => l.msg === 'could not expire a challenge card')).toHaveLength(1);
  });

  it('a card whose challenge another process marked expired meanwhile is still edited, as expired', async () => {
    const h = harness(() => t);
    const c = await createChallenge(h.ctx, input());
    await m.store.challenges.patch(c.id, { messageId: 'card-raced' });
    t += h.ctx.settings.challengeTtlMs;
    const store = h.ctx.store;
    const challenges = new Proxy(store.challenges, {
      get: (o, k) =>
        k === 'transition'
          ? async (...a: Parameters<typeof o.transition>) => {
              const won = await o.transition(...a); // the other process's
              if (!won.ok) throw new Error('setup');
              return {
                ok: false as const,
                reason: 'expired' as const,
                challenge: { ...won.challenge, status: 'open' as const },
              };
            }
          : (Reflect.get(o, k) as unknown),
    });
    h.ctx.store = new Proxy(store, {
      get: (o, k) => (k === 'challenges' ? challenges : (Reflect.get(o, k) as unknown)),
    });
    expect(await sweepChallenges(h.ctx)).toBe(1);
    expect(h.edits).toHaveLength(1);
    expect(h.edits[0].post.kind === 'challenge' && h.edits[0].post.challenge.status).toBe('expired');
  });
});

describe('a rematch between two people', () => {
  it('the first click posts a card with colours swapped; the other player’s click starts one game', async () => {
    const h = harness(() => t);
    const c = await createChallenge(h.ctx, input({ first: 'challenger', rated: true }));
    const first = (await acceptChallenge(h.ctx, c.id, bob, null)).game!;
    expect(await refusalOf(rematch(h.ctx, first.id, first.version, bob.id))).toEqual({ key: 'rematch.stillPlaying' });
    const v = (await resigned(first)).version;
    expect(await refusalOf(rematch(h.ctx, first.id, v - 1, bob.id))).toEqual({ key: 'rematch.stale' });
    expect(await refusalOf(rematch(h.ctx, first.id, v, carol.id))).toEqual({ key: 'rematch.notAPlayer' });
    h.posts.length = 0;

    const offered = await rematch(h.ctx, first.id, v, bob.id);
    expect(offered.kind).toBe('offered');
    expect(h.posts.map((p) => p.post.kind)).toEqual(['challenge']);
    expect(await refusalOf(rematch(h.ctx, first.id, v, bob.id))).toEqual({ key: 'rematch.askedAlready' });

    const started = await rematch(h.ctx, first.id, v, first.players[0].id);
    if (started.kind !== 'started') throw new Error(started.kind);
    // Whoever moved second now moves first; rated as before.
    expect(started.game.players.map((p) => p.id)).toEqual([bob.id, first.players[0].id]);
    expect(started.game).toMatchObject({ rematchOf: first.id, rated: true, status: 'active' });
    expect(h.posts.map((p) => p.post.kind)).toEqual(['challenge', 'game']);
    expect(h.edits.map((e) => e.post.kind)).toEqual(['challenge']);
    expect(await refusalOf(rematch(h.ctx, first.id, v, bob.id))).toEqual({ key: 'rematch.closed' });
    const games = await m.store.gameIndex.listByUser(bob.id, 10);
    expect(games.filter((g) => g.rematchOf === first.id)).toHaveLength(1);
  });
});
