import { describe, expect, it } from 'vitest';
import type { StoredGame } from '../../src/model/index.js';
import { CorruptRecordError, type NewGame, openStore, type Store } from '../../src/store/index.js';
import { CHANNEL_BIND, GAME_CREATE } from '../../src/store/scripts.js';
import { createGame, MODES, newGame, openMany, uid, useStore } from './helpers.js';

describe.each(MODES)('games on $name', (mode) => {
  let store: Store;
  const prefix = useStore(mode, 'games', (s) => (store = s));

  const create = (over: Partial<NewGame> = {}) => createGame(store, over);

  it('creates a game at version 1 and reads it back by id and by channel', async () => {
    const g = await create({ moves: [] });
    expect(g.version).toBe(1);
    expect(g.status).toBe('active');
    expect(g.id).toMatch(/^[0-9a-z]{10}$/);
    expect(await store.games.get(g.id)).toEqual(g);
    expect(await store.channels.latest(g.channelId)).toEqual(g);
    expect(await store.channels.active(g.channelId)).toEqual(g);
    expect(await store.games.get('nosuchgame1')).toBeNull();
    expect(await store.channels.latest(uid('c'))).toBeNull();
  });

  it('refuses untrusted ids without touching Redis keys', async () => {
    expect(await store.games.get('../{x}')).toBeNull();
    expect(await store.games.get('')).toBeNull();
    expect(await store.channels.latest('a b')).toBeNull();
    expect(await store.games.update('{bad}', 1, { state: 1 })).toEqual({ ok: false, reason: 'not-found' });
    await expect(store.games.create(newGame({ channelId: 'x{y}' }))).rejects.toThrow(/channel id/);
  });

  it('keeps one active game per channel, and frees the channel when the game ends', async () => {
    const g = await create();
    const second = await store.games.create(newGame({ channelId: g.channelId }));
    expect(second).toEqual({ ok: false, reason: 'channel-busy', activeGameId: g.id });

    const over = await store.games.update(g.id, 1, {
      status: 'over',
      result: { winner: 1, draw: false, reason: 'resign' },
    });
    expect(over.ok).toBe(true);
    expect(await store.channels.active(g.channelId)).toBeNull();
    // No active game: byChannel gives the last one played there.
    expect((await store.channels.latest(g.channelId))?.id).toBe(g.id);

    const third = await create({ channelId: g.channelId });
    expect((await store.channels.latest(g.channelId))?.id).toBe(third.id);
  });

  it('takes over a stale channel binding (a crash between the game write and the release)', async () => {
    const g = await create();
    // Simulate a crash: the game ended but its channel binding was never released.
    await store.redis.hset(`${prefix}game:{${g.id}}`, 'status', JSON.stringify('aborted'));
    const next = await store.games.create(newGame({ channelId: g.channelId }));
    expect(next.ok).toBe(true);
  });

  it('only one of many racing creates in one channel wins', async () => {
    const clients = await openMany(mode, prefix, 10);
    try {
      const channelId = uid('c');
      const results = await Promise.all(clients.map((c) => c.games.create(newGame({ channelId }))));
      const winners = results.filter((r) => r.ok);
      expect(winners).toHaveLength(1);
      const losers = results.filter((r) => !r.ok);
      for (const l of losers) expect(l).toMatchObject({ reason: 'channel-busy' });
      // Losers leave nothing behind.
      expect(
        await store.gameIndex.listActive('g1', 1000).then((gs) => gs.filter((x) => x.channelId === channelId)),
      ).toHaveLength(1);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('update is a compare-and-set on the version and appends the move log', async () => {
    const g = await create({ moves: ['P A'] });
    const r1 = await store.games.update(g.id, 1, { state: { n: 2 }, appendMoves: ['P B'], drawOffer: 0 });
    expect(r1.ok).toBe(true);
    if (!r1.ok) return;
    expect(r1.game.version).toBe(2);
    expect(r1.game.state).toEqual({ n: 2 });
    expect(r1.game.moves).toEqual(['P A', 'P B']);
    expect(r1.game.drawOffer).toBe(0);
    expect(r1.game.updatedAt).toBeGreaterThanOrEqual(g.updatedAt);

    // Stale version: refused, nothing changed.
    expect(await store.games.update(g.id, 1, { state: { n: 99 }, appendMoves: ['X'] })).toEqual({
      ok: false,
      reason: 'conflict',
    });
    const now = await store.games.get(g.id);
    expect(now?.version).toBe(2);
    expect(now?.state).toEqual({ n: 2 });
    expect(await store.games.moves(g.id)).toEqual(['P A', 'P B']);

    expect(await store.games.update('zzzzzzzzzz', 1, { state: 1 })).toEqual({ ok: false, reason: 'not-found' });
    expect(await store.games.update(g.id, 0, { state: 1 })).toEqual({ ok: false, reason: 'conflict' });
  });

  it('update trims the move log in the same step (a takeback), then appends; a stale one trims nothing', async () => {
    const g = await create({ moves: ['P A', 'P B', 'D A E', 'pass'] });
    const offer = { by: 1 as const, ply: 4, version: 2 };
    const o = await store.games.update(g.id, 1, { takebackOffer: offer });
    expect(o.ok && o.game.takebackOffer).toEqual(offer);
    expect(await store.games.update(g.id, 1, { state: { n: 0 }, truncateMoves: 0 })).toEqual({
      ok: false,
      reason: 'conflict',
    });
    expect(await store.games.moves(g.id)).toHaveLength(4);
    const r = await store.games.update(g.id, 2, {
      state: { n: 2 },
      truncateMoves: 2,
      takebackOffer: null,
      takebacks: 1,
    });
    expect(r.ok && r.game).toMatchObject({ version: 3, moves: ['P A', 'P B'], takebackOffer: null, takebacks: 1 });
    expect(await store.games.get(g.id)).toMatchObject({ moves: ['P A', 'P B'], state: { n: 2 } });
    const r2 = await store.games.update(g.id, 3, { truncateMoves: 1, appendMoves: ['P C'] });
    expect(r2.ok && r2.game.moves).toEqual(['P A', 'P C']);
    const r3 = await store.games.update(g.id, 4, { truncateMoves: 0 });
    expect(r3.ok && r3.game.moves).toEqual([]);
    await expect(store.games.update(g.id, 5, { truncateMoves: -2 })).rejects.toThrow(/truncateMoves/);
    await expect(store.games.update(g.id, 5, { truncateMoves: 1.5 })).rejects.toThrow(/truncateMoves/);
  });

  it('20 clients racing update on one version: exactly one wins, one move is logged', async () => {
    const g = await create();
    const clients = await openMany(mode, prefix, 20);
    try {
      const results = await Promise.all(
        clients.map((c, i) => c.games.update(g.id, 1, { state: { by: i }, appendMoves: [`move-${i}`] })),
      );
      const ok = results.filter((r) => r.ok);
      expect(ok).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.reason === 'conflict')).toHaveLength(19);
      const moves = await store.games.moves(g.id);
      expect(moves).toHaveLength(1);
      const winner = ok[0].ok ? ok[0].game : null;
      expect(moves[0]).toBe(`move-${(winner?.state as { by: number }).by}`);
      expect((await store.games.get(g.id))?.version).toBe(2);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('a sequence of racing rounds never loses or doubles a move', async () => {
    const g = await create();
    const clients = await openMany(mode, prefix, 5);
    try {
      let version = 1;
      for (let round = 0; round < 10; round++) {
        const results = await Promise.all(
          clients.map((c, i) => c.games.update(g.id, version, { appendMoves: [`r${round}c${i}`] })),
        );
        expect(results.filter((r) => r.ok)).toHaveLength(1);
        version++;
      }
      const final = await store.games.get(g.id);
      expect(final?.version).toBe(11);
      expect(final?.moves).toHaveLength(10);
      expect(final?.moves.map((m) => m.split('c')[0])).toEqual(Array.from({ length: 10 }, (_, i) => `r${i}`));
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('lists active games per guild and per user, and counts a user’s active games', async () => {
    const guildId = uid('g');
    const alice = uid('u');
    const a = await create({
      guildId,
      players: [
        { id: alice, name: 'A' },
        { id: uid('u'), name: 'B' },
      ],
    });
    const b = await create({
      guildId,
      players: [
        { id: uid('u'), name: 'C' },
        { id: alice, name: 'A' },
      ],
    });
    await create({ guildId: uid('g') });
    expect((await store.gameIndex.listActive(guildId)).map((g) => g.id).sort()).toEqual([a.id, b.id].sort());
    expect(await store.gameIndex.countActiveByUser(alice)).toBe(2);

    await store.games.update(a.id, 1, { status: 'aborted', result: { winner: null, draw: false, reason: 'abort' } });
    expect((await store.gameIndex.listActive(guildId)).map((g) => g.id)).toEqual([b.id]);
    expect(await store.gameIndex.countActiveByUser(alice)).toBe(1);
    expect((await store.gameIndex.listByUser(alice)).map((g) => g.id).sort()).toEqual([a.id, b.id].sort());
    expect((await store.gameIndex.listActive()).some((g) => g.id === b.id)).toBe(true);
  });

  it('indexes clock wake-ups for the deadline sweeper', async () => {
    const t = Date.now();
    const g = await create({ clock: { perMoveMs: 1000, deadline: t + 1000, reminded: false, wakeAt: t + 750 } });
    expect(await store.gameIndex.due(t)).not.toContain(g.id);
    expect(await store.gameIndex.due(t + 800)).toContain(g.id);
    const r = await store.games.update(g.id, 1, {
      clock: { perMoveMs: 1000, deadline: t + 1000, reminded: true, wakeAt: t + 1000 },
    });
    expect(r.ok).toBe(true);
    expect(await store.gameIndex.due(t + 800)).not.toContain(g.id);
    expect(await store.gameIndex.due(t + 1000)).toContain(g.id);
    await store.games.update(g.id, 2, { status: 'over', result: { winner: 0, draw: false, reason: 'timeout' } });
    expect(await store.gameIndex.due(t + 5000)).not.toContain(g.id);
  });

  it('pages through the due index; repairs a stale entry only while it is still due, never re-adds one', async () => {
    const base = 1_000_000; // long past: no other test's entries are due by then
    const gs: StoredGame[] = [];
    for (let k = 0; k < 3; k++)
      gs.push(await create({ clock: { perMoveMs: 1000, deadline: base + k + 10, reminded: false, wakeAt: base + k } }));
    expect(await store.gameIndex.due(base + 5, 2)).toEqual([gs[0].id, gs[1].id]);
    expect(await store.gameIndex.due(base + 5, 2, 2)).toEqual([gs[2].id]);
    // Removed, and moved to the record's wake time…
    expect(await store.gameIndex.repairDue(gs[0].id, base + 5, null)).toBe(true);
    expect(await store.gameIndex.repairDue(gs[1].id, base + 5, base + 100)).toBe(true);
    expect(await store.gameIndex.due(base + 5)).toEqual([gs[2].id]);
    expect(await store.gameIndex.due(base + 100)).toEqual([gs[2].id, gs[1].id]);
    // …but an entry moved past `dueBy` since (a write came first) and a removed one are left alone.
    expect(await store.gameIndex.repairDue(gs[1].id, base + 5, null)).toBe(false);
    expect(await store.gameIndex.repairDue(gs[0].id, base + 5, base + 1)).toBe(false);
    expect(await store.gameIndex.due(base + 100)).toEqual([gs[2].id, gs[1].id]);
  });

  it('a quarantine marks the record once and takes it out of the due index', async () => {
    const t = Date.now();
    const g = await create({ clock: { perMoveMs: 1000, deadline: t + 1000, reminded: false, wakeAt: t + 750 } });
    expect(await store.games.quarantine(g.id, 'bad state')).toEqual({
      marked: true,
      channelId: g.channelId,
      postable: true,
    });
    expect(await store.gameIndex.due(t + 800)).not.toContain(g.id);
    expect((await store.games.get(g.id))?.damaged).toBe('bad state');
    expect(await store.games.quarantine(g.id, 'again')).toEqual({
      marked: false,
      channelId: g.channelId,
      postable: true,
    });
    expect((await store.games.get(g.id))?.damaged).toBe('bad state');
    expect(await store.games.quarantine('nosuchgame1', 'x')).toEqual({
      marked: false,
      channelId: null,
      postable: true,
    });
  });

  it('names the game in the error of a record it cannot decode (found by its channel, it can be quarantined)', async () => {
    const g = await create();
    await store.redis.hset(`${prefix}game:{${g.id}}`, 'rated', '"maybe"');
    const err = await store.channels.active(g.channelId).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CorruptRecordError);
    expect((err as CorruptRecordError).recordId).toBe(g.id);
  });

  it('a corrupt stored record is a typed error, and lists skip it with a warning', async () => {
    const warnings: string[] = [];
    const s = await openStore({ url: mode.url, prefix, logger: { warn: (m) => warnings.push(m) } });
    try {
      const guildId = uid('g');
      const g = await create({ guildId });
      const good = await create({ guildId });
      await s.redis.hset(`${prefix}game:{${g.id}}`, 'players', '{not json');
      await expect(s.games.get(g.id)).rejects.toBeInstanceOf(CorruptRecordError);
      await expect(s.channels.latest(g.channelId)).rejects.toThrow(/corrupt game record/);

      await s.redis.hset(
        `${prefix}game:{${g.id}}`,
        'players',
        JSON.stringify([
          { id: 'u1', name: 'A' },
          { id: 'u2', name: 'B' },
        ]),
      );
      await s.redis.hset(`${prefix}game:{${g.id}}`, 'status', JSON.stringify('paused'));
      const err = await s.games.get(g.id).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CorruptRecordError);
      expect((err as CorruptRecordError).issues.join()).toMatch(/status/);
      expect((err as CorruptRecordError).kind).toBe('game');

      const listed = await s.gameIndex.listActive(guildId);
      expect(listed.map((x) => x.id)).toEqual([good.id]);
      expect(warnings.some((w) => w.includes(g.id))).toBe(true);

      await s.redis.hdel(`${prefix}game:{${good.id}}`, 'version');
      await expect(s.games.get(good.id)).rejects.toBeInstanceOf(CorruptRecordError);
    } finally {
      await s.close();
    }
  });

  it('refuses changes it could not read back, and writes nothing', async () => {
    const g = await create();
    await expect(store.games.update(g.id, 1, { drawOffer: 2 as never })).rejects.toThrow(
      /invalid game changes: drawOffer/,
    );
    await expect(store.games.update(g.id, 1, { status: 'paused' as never })).rejects.toThrow(/status/);
    await expect(store.games.update(g.id, 1, { result: { winner: 0 } as never })).rejects.toThrow(/result/);
    await expect(store.games.update(g.id, 1, { appendMoves: [''] })).rejects.toThrow(/appendMoves/);
    expect(await store.games.get(g.id)).toEqual(g);
  });

  it('refuses to create a record it could not read back', async () => {
    await expect(store.games.create(newGame({ players: [{ id: 'u1', name: 'A' }] as never }))).rejects.toThrow(
      /invalid game/,
    );
    await expect(store.games.create(newGame({ state: undefined }))).rejects.toThrow(/state/);
  });

  it('an explicit id already taken is refused; the same write resent (dropped connection) counts as done once', async () => {
    const g = await create({ id: uid('id') });
    expect(await store.games.create(newGame({ id: g.id }))).toEqual({ ok: false, reason: 'id-taken' });
    const id = uid('re');
    const keys = [`${prefix}game:{${id}}`, `${prefix}game:{${id}}:moves`];
    const args = [4, 'writeId', '"w1"', 'id', JSON.stringify(id), 'm1'];
    expect(await GAME_CREATE.run(store.redis, keys, args)).toBe(1);
    expect(await GAME_CREATE.run(store.redis, keys, args)).toBe(1);
    expect(await store.redis.lrange(keys[1], 0, -1)).toEqual(['m1']);
    expect(await GAME_CREATE.run(store.redis, keys, [4, 'writeId', '"w2"', 'id', JSON.stringify(id), 'm1'])).toBe(0);
  });

  it('deletes a game with its moves, binding and index entries', async () => {
    const g = await create({ moves: ['P A'] });
    expect(await store.games.delete(g.id)).toBe(true);
    expect(await store.games.get(g.id)).toBeNull();
    expect(await store.games.moves(g.id)).toEqual([]);
    expect(await store.channels.active(g.channelId)).toBeNull();
    expect(await store.redis.exists(`${prefix}channel:{${g.channelId}}:last`)).toBe(0);
    expect((await store.games.create(newGame({ channelId: g.channelId }))).ok).toBe(true);
    expect(await store.games.delete(g.id)).toBe(false);
  });

  it('announcements: a write that needs a post owes it until the post is marked shown; other writes keep what is owed', async () => {
    const r = await store.games.create(newGame(), { announce: { owner: 'p1' } });
    if (!r.ok) throw new Error('create refused');
    const g = r.game;
    expect([g.annV, g.shown, g.shownMoves]).toEqual([1, 0, 0]);
    expect(await store.outbox.owed(Date.now() + 1000)).toContain(g.id);
    expect(await store.outbox.owner(g.id)).toBe('p1');
    expect(await store.outbox.markShown(g.id, 1, 0)).toBe(true);
    expect(await store.outbox.owed(Date.now() + 1000)).not.toContain(g.id);
    expect(await store.outbox.owner(g.id)).toBeNull();

    // A move by p2 with an interaction waiting; then a draw offer (no post of its own).
    const interaction = { token: 'tok', createdAt: 123, component: false };
    const m = await store.games.update(
      g.id,
      1,
      { appendMoves: ['P A', 'pass'] },
      { announce: { owner: 'p2', interaction } },
    );
    if (!m.ok) throw new Error('update refused');
    expect([m.game.annV, m.game.shown, m.game.shownMoves]).toEqual([2, 1, 0]);
    const d = await store.games.update(g.id, 2, { drawOffer: 1 });
    if (!d.ok) throw new Error('update refused');
    expect([d.game.annV, d.game.shown]).toEqual([2, 1]);
    // Another process takes it over from p2, once; the waiting interaction comes with it.
    expect(await store.outbox.claim(g.id, 'someone-else', 'p3')).toBeNull();
    const claimed = await store.outbox.claim(g.id, 'p2', 'p3');
    expect(claimed).toEqual({ tries: 1, interaction });
    expect(await store.outbox.claim(g.id, 'p2', 'p4')).toBeNull();
    // The post of version 2 went out: nothing owed although the record is at version 3.
    expect(await store.outbox.markShown(g.id, 2, 2)).toBe(true);
    const after = await store.games.get(g.id);
    expect([after?.annV, after?.shown, after?.shownMoves, after?.version]).toEqual([2, 2, 2, 3]);
    expect(await store.outbox.claim(g.id, null, 'p5')).toBeNull();
    // An older post marked late changes nothing.
    expect(await store.outbox.markShown(g.id, 1, 0)).toBe(true);
    expect((await store.games.get(g.id))?.shown).toBe(2);
  });

  it('reply mode: an owed post is claimed for sending once; a refused send gives it back; a later post is its own', async () => {
    const r = await store.games.create(newGame({ postable: false }), { announce: { owner: 'p1' } });
    if (!r.ok) throw new Error(r.reason);
    const id = r.game.id;
    expect(await store.outbox.claimReplyPost(id, 1)).toBe(true);
    expect(await store.outbox.claimReplyPost(id, 1)).toBe(false);
    await store.outbox.releaseReplyPost(id, 1);
    expect(await store.outbox.claimReplyPost(id, 1)).toBe(true);
    // A write without a post of its own (version 2) does not make the owed post claimable again.
    const d = await store.games.update(id, 1, { drawOffer: 0 });
    if (!d.ok) throw new Error('update refused');
    expect(await store.outbox.claimReplyPost(id, 2)).toBe(false);
    // The next move owes its own post; once shown, nothing is owed and nothing is guarded.
    const m = await store.games.update(id, 2, { appendMoves: ['P A'] }, { announce: { owner: 'p1' } });
    if (!m.ok) throw new Error('update refused');
    expect(await store.outbox.claimReplyPost(id, 3)).toBe(true);
    expect(await store.outbox.claimReplyPost(id, 3)).toBe(false);
    expect(await store.outbox.markShown(id, 3, 1)).toBe(true);
    expect(await store.outbox.claimReplyPost(id, 3)).toBe(true);
  });

  it('announcements: a record written before them counts as fully shown; a hand-over is not counted as a try', async () => {
    const g = await create();
    expect(g.annV).toBeUndefined();
    const m = await store.games.update(g.id, 1, { appendMoves: ['P A'] }, { announce: { owner: 'p1' } });
    if (!m.ok) throw new Error('update refused');
    expect([m.game.annV, m.game.shown, m.game.shownMoves]).toEqual([2, 1, 0]);
    expect(await store.outbox.claim(m.game.id, 'p1', '', false)).toEqual({ tries: 0, interaction: null });
    expect(await store.outbox.claim(m.game.id, '', 'p2')).toEqual({ tries: 1, interaction: null });
  });

  it('reply mode: postable false reads back (absent on older records); the start keeps the interaction that will show it; the quarantine says where no note can go', async () => {
    const old = await create();
    expect(old.postable).toBeUndefined();
    expect((await store.games.quarantine(old.id, 'test')).postable).toBe(true);
    const interaction = { token: 'tok-accept', createdAt: 1_700_000_000_000, component: true, followUp: false };
    const r = await store.games.create(newGame({ postable: false }), { announce: { owner: 'p1', interaction } });
    if (!r.ok) throw new Error(r.reason);
    expect((await store.games.get(r.game.id))?.postable).toBe(false);
    expect(await store.outbox.claim(r.game.id, 'p1', 'p2')).toEqual({ tries: 1, interaction });
    expect(await store.games.quarantine(r.game.id, 'test')).toEqual({
      marked: true,
      channelId: r.game.channelId,
      postable: false,
    });
    await expect(store.games.create(newGame({ postable: 'no' as unknown as boolean }))).rejects.toThrow(/postable/);
  });

  it('a write given a deadline that has passed is refused as late and changes nothing', async () => {
    const g = await create();
    const r = await store.games.update(
      g.id,
      1,
      { appendMoves: ['P A'] },
      { deadline: Date.now() - 1000, announce: { owner: 'p1' } },
    );
    expect(r).toEqual({ ok: false, reason: 'late' });
    const now = await store.games.get(g.id);
    expect([now?.version, now?.moves, now?.annV]).toEqual([1, [], undefined]);
  });

  it("a write well within its deadline is kept, every time (the embedded store's TIME is no clock)", async () => {
    // The bot gives a write about 900 ms; ioredis-mock's TIME can be 1.5 s ahead, which once refused good moves.
    for (let k = 0; k < 12; k++) {
      const g = await create();
      const r = await store.games.update(
        g.id,
        1,
        { appendMoves: ['P A'] },
        { deadline: Date.now() + 400, announce: { owner: 'p1' } },
      );
      expect(r.ok).toBe(true);
    }
  });

  it('processes: alive while their heartbeat lasts, gone when they say so', async () => {
    const id = uid('proc');
    expect(await store.processes.alive(id)).toBe(false);
    await store.processes.beat(id, 5_000);
    expect(await store.processes.alive(id)).toBe(true);
    await store.processes.gone(id);
    expect(await store.processes.alive(id)).toBe(false);
    await store.processes.beat(id, 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(await store.processes.alive(id)).toBe(false);
  });

  it('processes: an id that is not a key part is refused or not alive; a time to live is rounded up, 1 ms at least', async () => {
    for (const bad of ['a{b}', 'a b', '', 'x'.repeat(101)]) {
      await expect(store.processes.beat(bad, 5_000)).rejects.toThrow(TypeError);
      expect(await store.processes.alive(bad)).toBe(false);
      await expect(store.processes.gone(bad)).resolves.toBeUndefined();
    }
    const id = uid('proc');
    await store.processes.beat(id, 4_000.2);
    const ttl = await store.redis.pttl(`${prefix}process:{${id}}`);
    expect(ttl).toBeGreaterThan(3_900);
    expect(ttl).toBeLessThanOrEqual(4_001);
    await store.processes.beat(id, 0); // not refused by Redis (PX 0 would be): gone within a moment
    await new Promise((r) => setTimeout(r, 20));
    expect(await store.processes.alive(id)).toBe(false);
  });

  it('binding a channel to the game it is bound to already succeeds (the bind run twice: its first answer lost)', async () => {
    const ch = uid('c');
    const keys = [`${prefix}channel:{${ch}}:active`, `${prefix}channel:{${ch}}:last`];
    expect(await CHANNEL_BIND.run(store.redis, keys, ['g1', ''])).toEqual([1, 'g1']);
    expect(await CHANNEL_BIND.run(store.redis, keys, ['g1', ''])).toEqual([1, 'g1']);
    expect(await CHANNEL_BIND.run(store.redis, keys, ['g2', ''])).toEqual([0, 'g1']);
  });
});
