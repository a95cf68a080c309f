// The announcement sweep at the match layer (src/match/reconcile.ts), against
// real Redis with a recording notifier: a post a process saved and never made
// is made once by another process, saying what it owes (the start, the moves
// since the last post, moves taken back); a post its live owner is still at is
// left to it unless the owner has held it too long; a post that keeps failing
// is tried again later, then given up with a log line; a hint that names no
// game, or a game that owes nothing, is dropped.
import { describe, expect, it, vi } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { replay } from '../../src/engine/replay.js';
import { moveLine } from '../../src/match/describe.js';
import { MAX_TRIES, OWED_STALE_MS, postNonce, sweepOwed, takeOwed } from '../../src/match/index.js';
import type { InteractionRef, StoredGame } from '../../src/model/index.js';
import { createGame, gamePosts, harness, HOUR, postKeys, useMatchStore, type Harness } from './harness.js';

let storeNow: number | null = null;
const m = useMatchStore('reconcile', () => storeNow ?? Date.now());
const T = Date.now();
const DEAD = 'proc-dead';

const proc = (): Harness => harness(() => Date.now());
const owedIds = () => m.store.outbox.owed(Date.now() + 24 * HOUR, 1000);

/** The canonical texts of the first `n` moves of a fixed Orion line (the first legal move each ply). */
function orionLine(rec: StoredGame, n: number): { moves: string[]; state: unknown } {
  const g = getGame('orion');
  let st: unknown = rec.state;
  const moves: string[] = [];
  for (let i = 0; i < n; i++) {
    const mv = g.legalMoves(st)[0];
    moves.push(g.formatMove(st, mv, 'canonical'));
    const next = g.play(st, mv);
    if (!next.ok) throw new Error('play');
    st = next.value;
  }
  return { moves, state: JSON.parse(JSON.stringify(st)) };
}

/** A game where a process that then died saved `n` moves with their post owed (the first post was shown). */
async function owingMoves(
  n: number,
  owner = DEAD,
  over: Parameters<typeof createGame>[1] = {},
  interaction: InteractionRef | null = null,
): Promise<StoredGame> {
  const rec = await createGame(T + HOUR, over);
  const { moves, state } = orionLine(rec, n);
  const res = await m.store.games.update(
    rec.id,
    rec.version,
    { state, appendMoves: moves },
    { announce: { owner, interaction } },
  );
  if (!res.ok) throw new Error('update');
  return res.game;
}

describe('an owed post', () => {
  it("is made once by another process, with the moves since the last post; the owner's hint is gone after", async () => {
    const rec = await owingMoves(2);
    expect(rec.annV).toBeGreaterThan(rec.shown ?? 0);
    expect(await owedIds()).toContain(rec.id);
    const p = proc();
    expect(await sweepOwed(p.ctx, 0)).toBe(1);
    const [post] = gamePosts(p, rec.channelId);
    expect(post.lines.map((l) => l.key)).toEqual(['move.line', 'move.line']);
    expect(post.game.moves).toEqual(rec.moves);
    // Two moves since the last post: the picture shows the position before the last as well (as a live post does).
    expect(post.before).toEqual(orionLine(await createGame(T + HOUR), 1).state);
    const after = (await m.store.games.get(rec.id))!;
    expect(after.shown).toBe(rec.version);
    expect(after.shownMoves).toBe(2);
    expect(await owedIds()).not.toContain(rec.id);
    // Nothing owed now: a second sweep, by anyone, makes nothing.
    const q = proc();
    expect(await sweepOwed(q.ctx, 0)).toBe(0);
    expect(await sweepOwed(p.ctx, 0)).toBe(0);
    expect(gamePosts(q, rec.channelId)).toEqual([]);
    expect(gamePosts(p, rec.channelId)).toHaveLength(1);
  });

  it('says each move since the last post with its own position; one move alone has no second picture', async () => {
    const rec = await owingMoves(2);
    const p = proc();
    expect(await sweepOwed(p.ctx, 0)).toBe(1);
    const [post] = gamePosts(p, rec.channelId);
    const g = getGame('orion');
    const r = replay(g, rec.setup, rec.moves);
    if (!r.ok) throw new Error('replay');
    expect(post.lines).toEqual([0, 1].map((i) => moveLine('orion', r.states[i], r.moves[i], r.states[i + 1])));

    const one = await owingMoves(1);
    const q = proc();
    expect(await sweepOwed(q.ctx, 0)).toBe(1);
    const [single] = gamePosts(q, one.channelId);
    expect(single.lines).toHaveLength(1);
    expect(single.before).toBeUndefined();
  });

  it('a start never posted is made with its introduction', async () => {
    await createGame(T + HOUR, { channelId: `c-start-${T}` }, { owner: DEAD, interaction: null });
    const p = proc();
    expect(await sweepOwed(p.ctx, 0)).toBeGreaterThanOrEqual(1);
    expect(postKeys(p, `c-start-${T}`)).toEqual([['game.intro']]);
  });

  it('says how many moves were taken back since the last post', async () => {
    const rec = await owingMoves(3);
    await m.store.outbox.markShown(rec.id, rec.version, 3);
    const back = orionLine(rec, 2);
    const res = await m.store.games.update(
      rec.id,
      rec.version,
      { state: back.state, truncateMoves: 2 },
      { announce: { owner: DEAD, interaction: null } },
    );
    if (!res.ok) throw new Error('update');
    const p = proc();
    expect(await sweepOwed(p.ctx, 0)).toBe(1);
    const [post] = gamePosts(p, rec.channelId);
    expect(post.lines).toEqual([{ key: 'takeback.owedLine', params: { count: 1 } }]);
    expect(post.game.moves).toHaveLength(2);
  });
});

describe('who makes it', () => {
  it("a live owner's fresh post is left to it; held too long, another process takes it over", async () => {
    const owner = proc();
    await m.store.processes.beat(owner.ctx.instanceId, 60_000);
    const rec = await owingMoves(1, owner.ctx.instanceId);
    const p = proc();
    expect(await sweepOwed(p.ctx, 0)).toBe(0);
    expect(gamePosts(p, rec.channelId)).toEqual([]);
    // Looked at again shortly, not dropped.
    expect(await owedIds()).toContain(rec.id);

    // The sweep of the process that owes it leaves it too (its post is in flight), even before its first heartbeat.
    const self = proc();
    const mine = await owingMoves(1, self.ctx.instanceId);
    expect(await sweepOwed(self.ctx, 0)).toBe(0);
    expect(gamePosts(self, mine.channelId)).toEqual([]);
    // Looked at again after the grace (about 3 s), not at once.
    expect(await m.store.outbox.owed(Date.now() + 1_000, 1000)).not.toContain(mine.id);
    expect(await owedIds()).toContain(mine.id);
    await m.store.outbox.markShown(mine.id, mine.version, 1);

    // The same, written long ago by the store's clock: the owner has lost track of it.
    storeNow = Date.now() - OWED_STALE_MS - 10_000;
    const old = await owingMoves(1, owner.ctx.instanceId);
    storeNow = null;
    await m.store.outbox.recheck(old.id, 0);
    expect(await sweepOwed(p.ctx, 0)).toBe(1);
    expect(gamePosts(p, old.channelId)).toHaveLength(1);
  });

  it('a hint naming no game, or a game that owes nothing, is dropped', async () => {
    const rec = await createGame(T + HOUR);
    await m.store.outbox.recheck('nosuchgame', 0);
    await m.store.redis.zadd(`${m.prefix}games:owed`, 0, 'nosuchgam2', 0, rec.id);
    const p = proc();
    expect(await sweepOwed(p.ctx, 0)).toBe(0);
    const left = await owedIds();
    expect(left).not.toContain('nosuchgam2');
    expect(left).not.toContain(rec.id);
    expect(p.posts).toEqual([]);
  });
});

describe('a post that keeps failing', () => {
  it('is tried again after a delay, each failure logged; past six tries it is given up, marked shown, logged', async () => {
    const rec = await owingMoves(1);
    const p = proc();
    p.ctx.notifier.post = () => Promise.reject(new Error('Missing Access'));
    expect(await sweepOwed(p.ctx, 0)).toBe(0);
    expect(p.logs.filter((l) => l.gameId === rec.id).map((l) => l.msg)).toEqual([
      'could not make an owed game post; will try again',
    ]);
    // Due again in about 5 s (the first retry's delay), not at once.
    expect(await m.store.outbox.owed(Date.now() + 1_000)).not.toContain(rec.id);
    expect(await m.store.outbox.owed(Date.now() + 6_000)).toContain(rec.id);

    await m.store.redis.hset(`${m.prefix}game:{${rec.id}}`, 'annTries', String(MAX_TRIES));
    await m.store.outbox.recheck(rec.id, 0);
    const q = proc();
    expect(await sweepOwed(q.ctx, 0)).toBe(0);
    expect(q.posts).toEqual([]);
    expect(q.logs.filter((l) => l.gameId === rec.id && l.level === 50).map((l) => l.msg)).toEqual([
      'giving up an owed game post after repeated failures',
    ]);
    const after = (await m.store.games.get(rec.id))!;
    expect(after.shown).toBe(after.annV);
    expect(await owedIds()).not.toContain(rec.id);
  });

  it('on its sixth try it is still made', async () => {
    const rec = await owingMoves(1);
    await m.store.redis.hset(`${m.prefix}game:{${rec.id}}`, 'annTries', String(MAX_TRIES - 1));
    const p = proc();
    expect(await sweepOwed(p.ctx, 0)).toBe(1);
    expect(gamePosts(p, rec.channelId)).toHaveLength(1);
    // One move since the last post: no earlier picture.
    expect(gamePosts(p, rec.channelId)[0].before).toBeUndefined();
  });

  it('backs off: the third failure waits 20 s; each failure hands the post back for any process', async () => {
    const rec = await owingMoves(1);
    await m.store.redis.hset(`${m.prefix}game:{${rec.id}}`, 'annTries', '2');
    const p = proc();
    p.ctx.notifier.post = () => Promise.reject(new Error('Missing Access'));
    expect(await sweepOwed(p.ctx, 0)).toBe(0);
    expect(await m.store.outbox.owed(Date.now() + 15_000, 1000)).not.toContain(rec.id);
    expect(await m.store.outbox.owed(Date.now() + 25_000, 1000)).toContain(rec.id);
    expect(await m.store.outbox.owner(rec.id)).toBe('');
  });

  it('a game the sweep cannot read for another reason than damage is looked at again later, not quarantined', async () => {
    const rec = await owingMoves(1);
    const p = proc();
    const get = m.store.games.get.bind(m.store.games);
    const spy = vi
      .spyOn(m.store.games, 'get')
      .mockImplementation((id) => (id === rec.id ? Promise.reject(new Error('Connection is closed.')) : get(id)));
    await sweepOwed(p.ctx, 0);
    spy.mockRestore();
    expect(p.logs.filter((l) => l.gameId === rec.id).map((l) => l.msg)).toEqual([
      'announcement sweep failed for a game',
    ]);
    const after = (await m.store.games.get(rec.id))!;
    expect(after.damaged ?? null).toBeNull();
    expect(gamePosts(p, rec.channelId)).toEqual([]);
    expect(await m.store.outbox.owed(Date.now() + 1_000, 1000)).not.toContain(rec.id);
    expect(await m.store.outbox.owed(Date.now() + 6_000, 1000)).toContain(rec.id);
  });

  it('a damaged game’s owed post is dropped, not made, in the channel or in reply mode', async () => {
    const p = proc();
    for (const over of [{}, { postable: false, guildId: null }]) {
      const rec = await owingMoves(1, DEAD, over);
      await m.store.games.quarantine(rec.id, 'a hand edit');
      await m.store.outbox.recheck(rec.id, 0);
      if (over.postable === false) expect(await takeOwed(p.ctx, rec.channelId)).toBeNull();
      await sweepOwed(p.ctx, 0);
      expect(gamePosts(p, rec.channelId)).toEqual([]);
      expect(await owedIds()).not.toContain(rec.id);
    }
  });

  it('a game ended while its state was damaged is posted with its end, saying so, without a board', async () => {
    const rec = await owingMoves(1);
    const ended = await m.store.games.update(
      rec.id,
      rec.version,
      { status: 'aborted', result: null },
      { announce: { owner: DEAD, interaction: null } },
    );
    if (!ended.ok) throw new Error('update');
    await m.store.redis.hset(`${m.prefix}game:{${rec.id}}`, 'state', JSON.stringify({ not: 'a state' }));
    const p = proc();
    await sweepOwed(p.ctx, 0);
    const posts = gamePosts(p, rec.channelId);
    expect(posts).toHaveLength(1);
    expect(posts[0].lines.map((l) => l.key)).toContain('endgame.wasDamaged');
    expect(posts[0].state).toBeUndefined();
  });
});

describe('reply mode (the bot cannot post in the channel)', () => {
  const replyOnly = { postable: false, guildId: null };
  const young = (): InteractionRef => ({ token: `t${Math.random()}`, createdAt: Date.now(), component: false });

  it('with no interaction left to carry it, the sweep leaves the post to the next interaction in its channel', async () => {
    const rec = await owingMoves(1, DEAD, replyOnly);
    const p = proc();
    expect(await sweepOwed(p.ctx, 0)).toBe(0);
    expect(p.posts).toEqual([]);
    expect(await owedIds()).not.toContain(rec.id);
    // Looked at, not claimed: its owner is as it was (gone), and any interaction may take it.
    expect(await m.store.outbox.owner(rec.id)).toBe(DEAD);

    // The next interaction there takes it over, once, with the move since the last post.
    const q = proc();
    await m.store.processes.beat(q.ctx.instanceId, 60_000);
    const a = await takeOwed(q.ctx, rec.channelId);
    expect(a?.post.lines.map((l) => l.key)).toEqual(['move.line']);
    expect(await m.store.outbox.owner(rec.id)).toBe(q.ctx.instanceId);
    expect(await takeOwed(q.ctx, rec.channelId)).toBeNull();
    expect(await takeOwed(proc().ctx, rec.channelId)).toBeNull();
    await a?.after(true);
    expect(await takeOwed(q.ctx, rec.channelId)).toBeNull();
    const after = (await m.store.games.get(rec.id))!;
    expect(after.shown).toBe(after.annV);
  });

  it('nothing to take in a channel the bot posts in, with nothing owed, or whose live owner is at it', async () => {
    const p = proc();
    const postable = await owingMoves(1);
    expect(await takeOwed(p.ctx, postable.channelId)).toBeNull();
    const settled = await createGame(T + HOUR, replyOnly);
    expect(await takeOwed(p.ctx, settled.channelId)).toBeNull();
    const owner = proc();
    await m.store.processes.beat(owner.ctx.instanceId, 60_000);
    const held = await owingMoves(1, owner.ctx.instanceId, replyOnly);
    expect(await takeOwed(p.ctx, held.channelId)).toBeNull();
    expect(await takeOwed(p.ctx, 'no-such-channel')).toBeNull();
  });

  it('an interaction still open when the process died is followed up by the sweep, once', async () => {
    const i = young();
    const rec = await owingMoves(1, DEAD, replyOnly, i);
    const p = proc();
    const follows: string[] = [];
    p.ctx.notifier.answerLate = () => Promise.resolve('open');
    p.ctx.notifier.followUp = (ref) => {
      follows.push(ref.token);
      return Promise.resolve('m1');
    };
    // (Other tests' posts may be owed too: this one's follow-up is what counts.)
    expect(await sweepOwed(p.ctx, 0)).toBeGreaterThanOrEqual(1);
    expect(follows).toEqual([i.token]);
    expect(gamePosts(p, rec.channelId)).toEqual([]);
    await sweepOwed(p.ctx, 0);
    expect(follows).toHaveLength(1);
    const after = (await m.store.games.get(rec.id))!;
    expect(after.shown).toBe(after.annV);
  });

  it('a follow-up claimed before a crash is not sent again; an interaction Discord says is gone carries nothing', async () => {
    const p = proc();
    const follows: string[] = [];
    let late: 'open' | 'gone' = 'open';
    p.ctx.notifier.answerLate = () => Promise.resolve(late);
    p.ctx.notifier.followUp = (ref) => {
      follows.push(ref.token);
      return Promise.resolve('m1');
    };
    // The dying process claimed the follow-up (and may have sent it) before it could note the post shown.
    const sent = await owingMoves(1, DEAD, replyOnly, young());
    expect(await m.store.outbox.claimReplyPost(sent.id, sent.version)).toBe(true);
    await sweepOwed(p.ctx, 0);
    expect(follows).toEqual([]);
    const after = (await m.store.games.get(sent.id))!;
    expect(after.shown).toBe(after.annV);

    late = 'gone';
    const gone = await owingMoves(1, DEAD, replyOnly, young());
    await sweepOwed(p.ctx, 0);
    expect(follows).toEqual([]);
    expect(await owedIds()).not.toContain(gone.id);
    expect(await m.store.outbox.owner(gone.id)).toBe('');
    expect((await takeOwed(p.ctx, gone.channelId))?.post.game.id).toBe(gone.id);
  });

  it("an interaction left thinking is answered by the sweep's edit", async () => {
    const i = young();
    const rec = await owingMoves(2, DEAD, {}, i);
    const p = proc();
    const late: string[] = [];
    p.ctx.notifier.answerLate = (ref, post) => {
      late.push(`${ref.token}:${post.kind}`);
      return Promise.resolve('edited');
    };
    expect(await sweepOwed(p.ctx, 0)).toBeGreaterThanOrEqual(1);
    expect(late).toEqual([`${i.token}:game`]);
    expect(gamePosts(p, rec.channelId)).toEqual([]);
    const after = (await m.store.games.get(rec.id))!;
    expect(after.shown).toBe(after.annV);
  });

  it('an interaction Discord answers with the post (its deferral had lapsed) counts as made: no channel post', async () => {
    const i = young();
    const rec = await owingMoves(1, DEAD, {}, i);
    const p = proc();
    p.ctx.notifier.answerLate = () => Promise.resolve('answered');
    expect(await sweepOwed(p.ctx, 0)).toBeGreaterThanOrEqual(1);
    expect(gamePosts(p, rec.channelId)).toEqual([]);
    const after = (await m.store.games.get(rec.id))!;
    expect(after.shown).toBe(after.annV);
  });

  it('past six tries, even a live interaction carries nothing: the post waits for the next one in its channel', async () => {
    const rec = await owingMoves(1, DEAD, replyOnly, young());
    await m.store.redis.hset(`${m.prefix}game:{${rec.id}}`, 'annTries', String(MAX_TRIES));
    const p = proc();
    p.ctx.notifier.answerLate = () => Promise.resolve('open');
    p.ctx.notifier.followUp = () => Promise.reject(new Error('no follow-up expected'));
    await sweepOwed(p.ctx, 0);
    expect(await owedIds()).not.toContain(rec.id);
    expect(await m.store.outbox.owner(rec.id)).toBe(DEAD);
    expect(await m.store.outbox.pending(rec.id)).toMatchObject({ tries: MAX_TRIES });
    expect(p.logs.filter((l) => l.gameId === rec.id && l.level >= 40)).toEqual([]);
  });

  it('an interaction that comes while the sweep looks at a post no interaction can carry is given it', async () => {
    const rec = await owingMoves(1, DEAD, replyOnly);
    const sweeper = proc();
    const next = proc();
    await m.store.processes.beat(sweeper.ctx.instanceId, 60_000);
    await m.store.processes.beat(next.ctx.instanceId, 60_000);
    // The interaction lands right after any claim the sweep makes (before it could hand the post back).
    const claim = m.store.outbox.claim.bind(m.store.outbox);
    const during: Awaited<ReturnType<typeof takeOwed>>[] = [];
    m.store.outbox.claim = async (...args) => {
      const r = await claim(...args);
      if (args[2] === sweeper.ctx.instanceId && during.length === 0)
        during.push(await takeOwed(next.ctx, rec.channelId));
      return r;
    };
    try {
      expect(await sweepOwed(sweeper.ctx, 0)).toBe(0);
    } finally {
      m.store.outbox.claim = claim;
    }
    const a = during.length > 0 ? during[0] : await takeOwed(next.ctx, rec.channelId);
    expect(a?.post.game.id).toBe(rec.id);
    await a?.after(true);
    const after = (await m.store.games.get(rec.id))!;
    expect(after.shown).toBe(after.annV);
  });

  it('a record that does not validate leaves the interaction’s own handler to refuse it; a Redis failure is thrown', async () => {
    const rec = await owingMoves(1, DEAD, replyOnly);
    await m.store.redis.hset(`${m.prefix}game:{${rec.id}}`, 'players', '{broken');
    const p = proc();
    expect(await takeOwed(p.ctx, rec.channelId)).toBeNull();
    vi.spyOn(m.store.channels, 'latest').mockRejectedValueOnce(new Error('Connection is closed.'));
    await expect(takeOwed(p.ctx, rec.channelId)).rejects.toThrow('Connection is closed.');
  });
});

describe('the sweep at its edges', () => {
  it('a hint younger than its grace is left to the process making the post; older, it is made', async () => {
    const rec = await owingMoves(1);
    const p = proc();
    await sweepOwed(p.ctx);
    expect(gamePosts(p, rec.channelId)).toEqual([]);
    await sweepOwed(p.ctx, 0);
    expect(gamePosts(p, rec.channelId)).toHaveLength(1);
  });

  it('a post already shown is not made again by a hint left behind', async () => {
    const rec = await owingMoves(1);
    const p = proc();
    await sweepOwed(p.ctx, 0);
    const shown = (await m.store.games.get(rec.id))!;
    expect(shown.shown).toBe(shown.annV);
    await m.store.outbox.recheck(rec.id, Date.now() - 10_000);
    await sweepOwed(p.ctx, 0);
    expect(gamePosts(p, rec.channelId)).toHaveLength(1);
    expect(await owedIds()).not.toContain(rec.id);
  });

  it('one move owed after moves already shown has no second picture', async () => {
    const rec = await owingMoves(1);
    const p = proc();
    await sweepOwed(p.ctx, 0);
    const cur = (await m.store.games.get(rec.id))!;
    const { moves, state } = orionLine(await createGame(T + HOUR), 2);
    const res = await m.store.games.update(
      rec.id,
      cur.version,
      { state, appendMoves: moves.slice(1) },
      { announce: { owner: DEAD, interaction: null } },
    );
    if (!res.ok) throw new Error('update');
    await sweepOwed(p.ctx, 0);
    const posts = gamePosts(p, rec.channelId);
    expect(posts).toHaveLength(2);
    expect(posts[1].lines.map((l) => l.key)).toEqual(['move.line']);
    expect(posts[1].before).toBeUndefined();
  });

  it('a finished game’s owed post is its final one: the ratings settled and the review queued, as live', async () => {
    const rec = await owingMoves(2);
    const ended = await m.store.games.update(
      rec.id,
      rec.version,
      { status: 'over', result: { winner: 1, draw: false, reason: 'resign' } },
      { announce: { owner: DEAD, interaction: null } },
    );
    if (!ended.ok) throw new Error('update');
    const p = proc();
    p.ctx.review = { grade: () => new Promise(() => {}) };
    expect(await m.store.reviews.get(rec.id)).toBeNull();
    await sweepOwed(p.ctx, 0);
    expect(gamePosts(p, rec.channelId)).toHaveLength(1);
    expect(await m.store.reviews.get(rec.id)).not.toBeNull();
  });

  it('a channel post carries the nonce of its event, and is logged with how it went', async () => {
    const rec = await owingMoves(1);
    const p = proc();
    const nonces: (string | undefined)[] = [];
    const post = p.ctx.notifier.post.bind(p.ctx.notifier);
    p.ctx.notifier.post = (where, x, o) => {
      if (where.channelId === rec.channelId) nonces.push(o?.nonce);
      return post(where, x, o);
    };
    await sweepOwed(p.ctx, 0);
    expect(nonces).toEqual([postNonce(rec)]);
    expect(p.logs).toContainEqual(
      expect.objectContaining({ gameId: rec.id, version: rec.version, how: 'channel', msg: 'owed game post made' }),
    );
  });

  it('an interaction taking an owed post over counts no try, and the log says so', async () => {
    const rec = await owingMoves(1, DEAD, { postable: false, guildId: null });
    const tries = (await m.store.outbox.pending(rec.id)).tries;
    const q = proc();
    expect((await takeOwed(q.ctx, rec.channelId))?.post.game.id).toBe(rec.id);
    expect((await m.store.outbox.pending(rec.id)).tries).toBe(tries);
    expect(q.logs).toContainEqual(
      expect.objectContaining({
        gameId: rec.id,
        version: rec.version,
        msg: 'owed game post taken over by an interaction in its channel',
      }),
    );
  });
});
