// A game's post (src/match/announce.ts) at the match layer, against real Redis
// with a recording notifier: a post that goes out is noted shown and a finished
// game's thread archived; one that fails stays owed and is handed to the sweep
// at once; the nonce is one per event; in reply mode a post goes out as a
// follow-up at most once, or waits for the next interaction in its channel; the
// AI's expected wait is shown only when it is long and behind others.
import { describe, expect, it, vi } from 'vitest';
import {
  announcement,
  archiveIfOver,
  interactionUsable,
  INTERACTION_TTL_MS,
  postAnnouncement,
  postNonce,
  sweepOwed,
  type Announcement,
  type MatchContext,
} from '../../src/match/index.js';
import type { InteractionRef, StoredGame } from '../../src/model/index.js';
import { createGame, gamePosts, harness, HOUR, useMatchStore, type Harness } from './harness.js';

const T = Date.now();
const m = useMatchStore('announce');
const proc = (): Harness => harness(() => Date.now());

/** A game whose start this process saved with its post owed. */
async function owed(h: Harness, over: Parameters<typeof createGame>[1] = {}): Promise<StoredGame> {
  const rec = await createGame(T + HOUR, over);
  const res = await m.store.games.update(
    rec.id,
    rec.version,
    { drawOffer: null },
    { announce: { owner: h.ctx.instanceId, interaction: null } },
  );
  if (!res.ok) throw new Error('update');
  return res.game;
}
const owes = async (id: string) => {
  const g = (await m.store.games.get(id))!;
  return (g.annV ?? 0) > (g.shown ?? g.version);
};

describe('a post', () => {
  it('that goes out is noted shown; one that fails stays owed and goes to the sweep at once', async () => {
    const h = proc();
    const rec = await owed(h);
    expect(await owes(rec.id)).toBe(true);
    expect(await postAnnouncement(h.ctx, announcement(h.ctx, rec, rec.state, []))).toBe(true);
    expect(await owes(rec.id)).toBe(false);
    expect(gamePosts(h, rec.channelId)).toHaveLength(1);

    const failing = proc();
    failing.ctx.notifier.post = () => Promise.reject(new Error('Missing Access'));
    const r2 = await owed(failing);
    expect(await postAnnouncement(failing.ctx, announcement(failing.ctx, r2, r2.state, []))).toBe(false);
    expect(failing.logs.map((l) => l.msg)).toContain(
      'could not post in the game channel; the announcement sweep will try again',
    );
    expect(await owes(r2.id)).toBe(true);
    // Handed over: another process's sweep makes it now, though its owner is alive.
    await m.store.processes.beat(failing.ctx.instanceId, 60_000);
    expect(await m.store.outbox.owner(r2.id)).toBe('');
    const other = proc();
    expect(await sweepOwed(other.ctx, 0)).toBe(1);
    expect(gamePosts(other, r2.channelId)).toHaveLength(1);

    // A post another process owes is not handed over by this one's failure.
    const r3 = await owed(other);
    expect(await postAnnouncement(failing.ctx, announcement(failing.ctx, r3, r3.state, []))).toBe(false);
    expect(await m.store.outbox.owner(r3.id)).toBe(other.ctx.instanceId);
  });

  it('has one nonce per event: the same moves, status and takebacks, whichever version shows them', () => {
    const base = { id: 'abcdefghij', moves: ['a', 'b'], status: 'active' as const, takebacks: 0 };
    const n = postNonce(base);
    expect(n.length).toBeLessThanOrEqual(25);
    expect(n.length).toBeGreaterThanOrEqual(20);
    expect(postNonce({ ...base, takebacks: undefined })).toBe(n);
    for (const other of [
      { ...base, moves: ['a'] },
      { ...base, status: 'over' as const },
      { ...base, takebacks: 1 },
      { ...base, id: 'abcdefghik' },
    ])
      expect(postNonce(other)).not.toBe(n);
  });
});

describe("a finished game's thread", () => {
  it('is archived once the game is over; an active game or a channel it fell back to never is', async () => {
    const calls: string[] = [];
    const h = proc();
    h.ctx.notifier.archive = (channelId) => {
      calls.push(channelId);
      return Promise.resolve();
    };
    const rec = await createGame(T + HOUR, { parentChannelId: 'parent' });
    await archiveIfOver(h.ctx, rec);
    await archiveIfOver(h.ctx, { ...rec, status: 'over', parentChannelId: null });
    expect(calls).toEqual([]);
    await archiveIfOver(h.ctx, { ...rec, status: 'over' });
    await archiveIfOver(h.ctx, { ...rec, status: 'aborted' });
    expect(calls).toEqual([rec.channelId, rec.channelId]);

    h.ctx.notifier.archive = () => Promise.reject(new Error('Missing Permissions'));
    await archiveIfOver(h.ctx, { ...rec, status: 'over' });
    expect(h.logs.map((l) => l.msg)).toContain('could not archive the game thread');
  });
});

describe('reply mode', () => {
  const fresh = (): InteractionRef => ({ token: `t${Math.random()}`, createdAt: Date.now(), component: false });

  it('an interaction carries posts while its token is young enough', () => {
    expect(interactionUsable(null)).toBe(false);
    expect(interactionUsable(undefined)).toBe(false);
    expect(interactionUsable({ ...fresh(), createdAt: Date.now() - INTERACTION_TTL_MS + 1_000 })).toBe(true);
    expect(interactionUsable({ ...fresh(), createdAt: Date.now() - INTERACTION_TTL_MS - 1 })).toBe(false);
  });

  it('a post follows up the interaction once, even sent twice; with none it waits, still owed', async () => {
    const h = proc();
    const follows: string[] = [];
    h.ctx.notifier.followUp = (i) => {
      follows.push(i.token);
      return Promise.resolve('m1');
    };
    const rec = await owed(h, { postable: false, guildId: null });
    const i = fresh();
    const a = announcement(h.ctx, rec, rec.state, []);
    const [x, y] = await Promise.all([postAnnouncement(h.ctx, a, i), postAnnouncement(h.ctx, a, i)]);
    expect(follows).toEqual([i.token]);
    expect([x, y].sort()).toEqual([false, true]);
    expect(h.posts).toEqual([]);
    expect(await owes(rec.id)).toBe(false);

    const r2 = await owed(h, { postable: false, guildId: null });
    expect(await postAnnouncement(h.ctx, announcement(h.ctx, r2, r2.state, []))).toBe(false);
    const old = { ...fresh(), createdAt: Date.now() - INTERACTION_TTL_MS - 1 };
    expect(await postAnnouncement(h.ctx, announcement(h.ctx, r2, r2.state, []), old)).toBe(false);
    expect(follows).toHaveLength(1);
    expect(await owes(r2.id)).toBe(true);
  });

  it('a follow-up Discord refuses gives its claim back: the post stays owed and may be sent again', async () => {
    const h = proc();
    let fail = true;
    const follows: string[] = [];
    h.ctx.notifier.followUp = (i) => {
      follows.push(i.token);
      return fail ? Promise.reject(new Error('Unknown Webhook')) : Promise.resolve('m2');
    };
    const rec = await owed(h, { postable: false, guildId: null });
    const a = announcement(h.ctx, rec, rec.state, []);
    expect(await postAnnouncement(h.ctx, a, fresh())).toBe(false);
    expect(await owes(rec.id)).toBe(true);
    fail = false;
    expect(await postAnnouncement(h.ctx, a, fresh())).toBe(true);
    expect(follows).toHaveLength(2);
    expect(await owes(rec.id)).toBe(false);
  });
});

describe("the AI's wait", () => {
  it('is shown when the AI moves next behind other searches and will take 15 s or more', async () => {
    const rec = await createGame(T + HOUR, {
      players: [
        { id: 'ai', name: 'hexmate', bot: 'expert' },
        { id: 'alice', name: 'Alice' },
      ],
    });
    const withWait = (ahead: number, ms: number): MatchContext => ({
      ...proc().ctx,
      aiWait: () => ({ ahead, ms }),
    });
    expect(announcement(withWait(2, 20_000), rec, rec.state, []).post.aiWait).toEqual({ ahead: 2, ms: 20_000 });
    expect(announcement(withWait(2, 15_000), rec, rec.state, []).post.aiWait).toEqual({ ahead: 2, ms: 15_000 });
    expect(announcement(withWait(2, 14_999), rec, rec.state, []).post.aiWait).toBeUndefined();
    expect(announcement(withWait(0, 60_000), rec, rec.state, []).post.aiWait).toBeUndefined();
    expect(announcement(withWait(2, 20_000), { ...rec, status: 'over' }, rec.state, []).post.aiWait).toBeUndefined();
    // A person to move: no wait.
    const people = await createGame(T + HOUR);
    expect(announcement(withWait(2, 20_000), people, people.state, []).post.aiWait).toBeUndefined();
  });
});

describe('what a post hands on, and its failures', () => {
  const young = (): InteractionRef => ({ token: `y${Math.random()}`, createdAt: Date.now(), component: false });

  it('the nonce tells one takeback from two', () => {
    const base = { id: 'abcdefghij', moves: ['a', 'b'], status: 'active' as const };
    expect(postNonce({ ...base, takebacks: 1 })).not.toBe(postNonce({ ...base, takebacks: 2 }));
  });

  /** `a`, recording what its `after` is told: delivered, and the token of the interaction handed on. */
  function recorded(a: Announcement): Announcement & { told: [boolean, string | undefined][] } {
    const told: [boolean, string | undefined][] = [];
    return { post: a.post, told, after: (d, i) => (told.push([d, i?.token]), a.after(d, i)) };
  }

  it('a follow-up hands its interaction on to the next post; a channel post, or none made, hands on nothing', async () => {
    const h = proc();
    h.ctx.notifier.followUp = () => Promise.resolve('m1');
    const reply = await owed(h, { postable: false, guildId: null });
    const followed = recorded(announcement(h.ctx, reply, reply.state, []));
    const i = young();
    expect(await postAnnouncement(h.ctx, followed, i)).toBe(true);
    expect(followed.told).toEqual([[true, i.token]]);

    const channel = await owed(h);
    const posted = recorded(announcement(h.ctx, channel, channel.state, []));
    expect(await postAnnouncement(h.ctx, posted, young())).toBe(true);
    expect(posted.told).toEqual([[true, undefined]]);

    const waiting = await owed(h, { postable: false, guildId: null });
    const none = recorded(announcement(h.ctx, waiting, waiting.state, []));
    expect(await postAnnouncement(h.ctx, none)).toBe(false);
    expect(none.told).toEqual([[false, undefined]]);
    expect(h.logs).toContainEqual(
      expect.objectContaining({
        gameId: waiting.id,
        msg: 'reply mode and no interaction to follow: the post waits for the next one in its channel',
      }),
    );
  });

  it('a post out that cannot be noted shown is logged; it stays owed for the sweep', async () => {
    const h = proc();
    const rec = await owed(h);
    vi.spyOn(m.store.outbox, 'markShown').mockRejectedValueOnce(new Error('Connection is closed.'));
    expect(await postAnnouncement(h.ctx, announcement(h.ctx, rec, rec.state, []))).toBe(true);
    expect(h.logs).toContainEqual(
      expect.objectContaining({ level: 40, gameId: rec.id, msg: 'could not note the post as shown' }),
    );
    expect(await owes(rec.id)).toBe(true);
  });

  it('a failed post is handed over without counting a try; a hand-over that fails is logged, the post kept', async () => {
    const h = proc();
    h.ctx.notifier.post = () => Promise.reject(new Error('Missing Access'));
    const rec = await owed(h);
    const tries = (await m.store.outbox.pending(rec.id)).tries;
    expect(await postAnnouncement(h.ctx, announcement(h.ctx, rec, rec.state, []))).toBe(false);
    expect(await m.store.outbox.owner(rec.id)).toBe('');
    expect((await m.store.outbox.pending(rec.id)).tries).toBe(tries);

    const r2 = await owed(h);
    vi.spyOn(m.store.outbox, 'owner').mockRejectedValueOnce(new Error('Connection is closed.'));
    expect(await postAnnouncement(h.ctx, announcement(h.ctx, r2, r2.state, []))).toBe(false);
    expect(h.logs).toContainEqual(
      expect.objectContaining({ level: 40, gameId: r2.id, msg: 'could not hand the post over to the sweep' }),
    );
    expect(await m.store.outbox.owner(r2.id)).toBe(h.ctx.instanceId);
    expect(await owes(r2.id)).toBe(true);
  });

  it('a refused follow-up whose claim cannot be given back is logged, and still counts as not made', async () => {
    const h = proc();
    h.ctx.notifier.followUp = () => Promise.reject(new Error('Unknown Webhook'));
    const rec = await owed(h, { postable: false, guildId: null });
    vi.spyOn(m.store.outbox, 'releaseReplyPost').mockRejectedValueOnce(new Error('Connection is closed.'));
    expect(await postAnnouncement(h.ctx, announcement(h.ctx, rec, rec.state, []), young())).toBe(false);
    expect(h.logs).toContainEqual(
      expect.objectContaining({ level: 40, gameId: rec.id, msg: 'could not give the post claim back' }),
    );
    expect(await owes(rec.id)).toBe(true);
  });

  it('a follow-up claimed before is noted shown and logged with its game and version, not sent', async () => {
    const h = proc();
    let sent = 0;
    h.ctx.notifier.followUp = () => ((sent += 1), Promise.resolve('m1'));
    const rec = await owed(h, { postable: false, guildId: null });
    expect(await m.store.outbox.claimReplyPost(rec.id, rec.version)).toBe(true);
    expect(await postAnnouncement(h.ctx, announcement(h.ctx, rec, rec.state, []), young())).toBe(false);
    expect(sent).toBe(0);
    expect(h.logs).toContainEqual(
      expect.objectContaining({
        gameId: rec.id,
        version: rec.version,
        msg: 'reply-mode post claimed before (a crash): not sent again',
      }),
    );
    expect(await owes(rec.id)).toBe(false);
  });

  it('a channel post carries the nonce of its event', async () => {
    const h = proc();
    const nonces: (string | undefined)[] = [];
    const post = h.ctx.notifier.post.bind(h.ctx.notifier);
    h.ctx.notifier.post = (where, p, o) => (nonces.push(o?.nonce), post(where, p, o));
    const rec = await owed(h);
    expect(await postAnnouncement(h.ctx, announcement(h.ctx, rec, rec.state, []))).toBe(true);
    expect(nonces).toEqual([postNonce(rec)]);
  });

  it('a thread Discord will not archive is logged with its game', async () => {
    const h = proc();
    h.ctx.notifier.archive = () => Promise.reject(new Error('Missing Permissions'));
    const rec = await createGame(T + HOUR, { parentChannelId: 'parent' });
    await archiveIfOver(h.ctx, { ...rec, status: 'over' });
    expect(h.logs).toContainEqual(
      expect.objectContaining({ level: 40, gameId: rec.id, msg: 'could not archive the game thread' }),
    );
  });
});
