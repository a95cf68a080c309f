// The game store to the letter, on real Redis and on the embedded store: what create writes (the exact hash fields,
// the store's clock, the announcement and its owed hint, the binding and the indexes), every refusal of bad input
// (an id that is no record id reaches no key, even one that holds a record), each reason an update gives, the
// deadline checks of both stores, what quarantine and delete take out of which index, and the store's own retries
// (a generated id taken, a channel binding that keeps moving) driven through spies on its scripts.
import { describe, expect, it, vi } from 'vitest';
import { CorruptRecordError, type NewGame, type Store } from '../../src/store/index.js';
import { makeKeys } from '../../src/store/keys.js';
import { CHANNEL_BIND, GAME_CREATE, GAME_UPDATE } from '../../src/store/scripts.js';
import { createGame, MODES, newGame, uid, useStore } from './helpers.js';

const T0 = 1_700_000_000_000;

describe.each(MODES)('games, exactly, on $name', (mode) => {
  let store: Store;
  let t = T0;
  const warnings: string[] = [];
  const prefix = useStore(mode, 'games-exact', (s) => (store = s), {
    logger: { warn: (m) => warnings.push(m), info: () => {} },
    now: () => t,
  });
  const k = makeKeys(prefix);

  const create = (over: Partial<NewGame> = {}) => createGame(store, over);
  const score = (key: string, id: string) => store.redis.zscore(key, id);

  it('create stores exactly the record: the given id, the defaults, the clock of the store, no moves field', async () => {
    t = T0 + 11;
    const id = uid('ex');
    const g = await create({ id, moves: ['P A', 'P B'], drawOffer: 1, guildId: null });
    expect(g).toEqual({
      ...newGame(),
      channelId: g.channelId,
      guildId: null,
      id,
      moves: ['P A', 'P B'],
      version: 1,
      status: 'active',
      result: null,
      drawOffer: 1,
      createdAt: T0 + 11,
      updatedAt: T0 + 11,
    });
    expect(await store.games.get(id)).toEqual(g);
    const hash = await store.redis.hgetall(k.game(id));
    expect(Object.keys(hash).sort()).toEqual(
      [
        'writeId',
        'game',
        'setup',
        'guildId',
        'channelId',
        'players',
        'rated',
        'state',
        'id',
        'version',
        'status',
        'result',
        'drawOffer',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    expect(hash.writeId).toMatch(/^"[0-9a-f]{16}"$/);
    expect(hash.version).toBe('1');
    expect(hash.status).toBe('"active"');
    expect(await store.redis.lrange(k.gameMoves(id), 0, -1)).toEqual(['P A', 'P B']);
    // No guild: no guild index, but the global, the players' and the binding.
    expect(await score(k.activeGames(), id)).toBe(String(T0 + 11));
    expect(await score(k.userGames('u1'), id)).toBe(String(T0 + 11));
    expect(await score(k.userActiveGames('u2'), id)).toBe(String(T0 + 11));
    expect(await store.redis.get(k.channelActive(g.channelId))).toBe(id);
    expect(await store.redis.get(k.channelLast(g.channelId))).toBe(id);
    // Defaults: no moves given is an empty log, no draw offer given is null.
    const d = await create({ moves: undefined, drawOffer: undefined });
    expect([d.moves, d.drawOffer, d.id.length]).toEqual([[], null, 10]);
    expect(await store.redis.exists(k.gameMoves(d.id))).toBe(0);
  });

  it('create refuses a bad id, channel, guild or player id before writing anything', async () => {
    const channelId = uid('c');
    for (const id of ['ABCD', 'abc', 'a'.repeat(33), 'ab-cd', '']) {
      await expect(store.games.create(newGame({ id, channelId }))).rejects.toThrow(
        new TypeError('invalid game id: expected 4-32 chars of [0-9a-z]'),
      );
    }
    await expect(store.games.create(newGame({ guildId: 'g 1', channelId }))).rejects.toThrow(
      new TypeError('invalid guild id: expected 1-100 chars without braces or whitespace'),
    );
    await expect(store.games.create(newGame({ guildId: '', channelId }))).rejects.toThrow(/invalid guild id/);
    // A player id with a brace (second seat) or a space (first seat).
    for (const ids of [
      ['u1', 'u{2}'],
      ['u 1', 'u2'],
    ])
      await expect(
        store.games.create(
          newGame({
            channelId,
            players: [
              { id: ids[0], name: 'A' },
              { id: ids[1], name: 'B' },
            ],
          }),
        ),
        ids.join(','),
      ).rejects.toThrow(new TypeError('invalid player id: expected 1-100 chars without braces or whitespace'));
    await expect(store.games.create(newGame({ channelId, setup: 5 as never }))).rejects.toThrow(
      /^invalid game: setup: /,
    );
    expect(await store.redis.exists(k.channelActive(channelId), k.channelLast(channelId))).toBe(0);
    // A 32-char id and a 4-char one are ids.
    expect((await create({ id: '0123456789abcdefghijklmnopqrstuv' })).id).toHaveLength(32);
    expect((await create({ id: uid('').slice(0, 4) })).id).toHaveLength(4);
  });

  it('create with an announcement writes its fields, notes the owed hint at the store’s time, keeps only the interaction’s own fields', async () => {
    t = T0 + 500;
    const interaction = { token: 'tk', createdAt: 42, component: true, followUp: true };
    const live = { ...interaction, deadline: 99 } as typeof interaction;
    const r = await store.games.create(newGame({ moves: ['P A', 'P B', 'P C'] }), {
      announce: { owner: 'proc-1', interaction: live },
    });
    if (!r.ok) throw new Error(r.reason);
    const id = r.game.id;
    expect(r.game).toMatchObject({ annV: 1, shown: 0, shownMoves: 3, version: 1 });
    const hash = await store.redis.hgetall(k.game(id));
    expect([hash.annV, hash.shown, hash.shownMoves, hash.ann, hash.annTries]).toEqual(['1', '0', '3', '"proc-1"', '0']);
    expect(JSON.parse(hash.reply)).toEqual(interaction);
    expect(await score(k.owedGames(), id)).toBe(String(T0 + 500));
    expect(await store.games.get(id)).toEqual(r.game);
    // Without an interaction: no reply field.
    const r2 = await store.games.create(newGame(), { announce: { owner: 'proc-2' } });
    if (!r2.ok) throw new Error(r2.reason);
    expect(r2.game).toMatchObject({ annV: 1, shown: 0, shownMoves: 0 });
    expect(await store.redis.hexists(k.game(r2.game.id), 'reply')).toBe(0);
    expect(await store.redis.hget(k.game(r2.game.id), 'ann')).toBe('"proc-2"');
    // Without an announcement: none of those fields, no hint.
    const plain = await create();
    expect(await store.redis.hexists(k.game(plain.id), 'annV')).toBe(0);
    expect(await store.redis.hexists(k.game(plain.id), 'ann')).toBe(0);
    expect(await score(k.owedGames(), plain.id)).toBeNull();
    expect(plain.annV).toBeUndefined();
  });

  it('a create refused as channel-busy removes its own record and moves, and leaves the binding alone', async () => {
    const g = await create();
    const id = uid('busy');
    const r = await store.games.create(newGame({ id, channelId: g.channelId, moves: ['P A'] }));
    expect(r).toEqual({ ok: false, reason: 'channel-busy', activeGameId: g.id });
    expect(await store.redis.exists(k.game(id), k.gameMoves(id))).toBe(0);
    expect(await store.redis.get(k.channelActive(g.channelId))).toBe(g.id);
    expect(await score(k.activeGames(), id)).toBeNull();
  });

  it('create takes over a binding to a missing or corrupt game (with a warning), not to an active one', async () => {
    const ch = uid('c');
    await store.redis.set(k.channelActive(ch), 'gonegame1');
    const a = await create({ channelId: ch });
    expect(await store.redis.get(k.channelActive(ch))).toBe(a.id);
    // The bound game's record is damaged: treated as not active.
    await store.redis.hset(k.game(a.id), 'status', '"paused"');
    warnings.length = 0;
    const b = await create({ channelId: ch });
    expect(await store.redis.get(k.channelActive(ch))).toBe(b.id);
    expect(warnings).toEqual([expect.stringMatching(/^corrupt game record at .*\(treated as not active\)$/)]);
    expect(warnings[0]).toContain(k.game(a.id));
  });

  it('create passes on an error reading the bound game that is not a damaged record', async () => {
    const g = await create();
    vi.spyOn(store.games, 'get').mockRejectedValueOnce(new Error('read failed'));
    const id = uid('err');
    await expect(store.games.create(newGame({ id, channelId: g.channelId }))).rejects.toThrow('read failed');
  });

  it('a binding that keeps moving: 8 tries, then the game is removed and the create fails', async () => {
    const run = vi.spyOn(CHANNEL_BIND, 'run');
    let n = 0;
    run.mockImplementation(async () => [0, `moving${n++}`]);
    const id = uid('cont');
    await expect(store.games.create(newGame({ id }))).rejects.toThrow(
      'could not bind the channel: too much contention',
    );
    expect(run).toHaveBeenCalledTimes(8);
    // Each try expects the binding the previous one found.
    expect(run.mock.calls.map((c) => c[2][1])).toEqual(['', ...Array.from({ length: 7 }, (_, i) => `moving${i}`)]);
    expect(await store.redis.exists(k.game(id), k.gameMoves(id))).toBe(0);
  });

  it('a generated id that is taken draws another, keeping the announcement; a given one is refused', async () => {
    const run = vi.spyOn(GAME_CREATE, 'run');
    run.mockResolvedValueOnce(0);
    const r = await store.games.create(newGame(), { announce: { owner: 'p9' } });
    expect(run).toHaveBeenCalledTimes(2);
    const [first, second] = run.mock.calls.map((c) => c[1][0]);
    expect(first).not.toBe(second);
    if (!r.ok) throw new Error(r.reason);
    expect(second).toBe(k.game(r.game.id));
    expect(r.game).toMatchObject({ annV: 1, shown: 0 });
    expect(await store.outbox.owner(r.game.id)).toBe('p9');
    run.mockClear();
    run.mockResolvedValueOnce(0);
    const id = uid('tk');
    expect(await store.games.create(newGame({ id }))).toEqual({ ok: false, reason: 'id-taken' });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('an id that is no record id reaches no key, even one that holds a record', async () => {
    // A well-formed record planted under a key a bad id would name.
    const g = await create({ moves: ['P A'] });
    const bad = 'ABCD';
    const hash = await store.redis.hgetall(k.game(g.id));
    await store.redis.hset(k.game(bad), { ...hash, id: JSON.stringify(bad) });
    await store.redis.rpush(k.gameMoves(bad), 'P A');
    expect(await store.games.get(bad)).toBeNull();
    expect(await store.games.moves(bad)).toEqual([]);
    expect(await store.games.update(bad, 1, { drawOffer: 0 })).toEqual({ ok: false, reason: 'not-found' });
    expect(await store.games.quarantine(bad, 'x')).toEqual({ marked: false, channelId: null, postable: true });
    expect(await store.games.delete(bad)).toBe(false);
    expect(await store.redis.hget(k.game(bad), 'version')).toBe('1');
    expect(await store.redis.hexists(k.game(bad), 'damaged')).toBe(0);
    expect(await store.redis.exists(k.gameMoves(bad))).toBe(1);
    await store.redis.del(k.game(bad), k.gameMoves(bad));
  });

  it('get: a record under another id is corrupt, naming both (the stored id cut to 40 chars)', async () => {
    const g = await create();
    const other = uid('oth');
    const hash = await store.redis.hgetall(k.game(g.id));
    await store.redis.hset(k.game(other), hash);
    const err = (await store.games.get(other).catch((e: unknown) => e)) as CorruptRecordError;
    expect(err).toBeInstanceOf(CorruptRecordError);
    expect([err.kind, err.key, err.issues, err.recordId]).toEqual([
      'game',
      k.game(other),
      [`id: record says "${g.id}"`],
      other,
    ]);
    const long = 'z'.repeat(60);
    await store.redis.hset(k.game(other), 'id', JSON.stringify(long));
    const err2 = (await store.games.get(other).catch((e: unknown) => e)) as CorruptRecordError;
    expect(err2.issues).toEqual([`id: record says ${`"${long}`.slice(0, 40)}`]);
    // A field that is no JSON: the record's own issues, with the game named.
    await store.redis.hset(k.game(other), 'id', JSON.stringify(other), 'rated', '{');
    const err3 = (await store.games.get(other).catch((e: unknown) => e)) as CorruptRecordError;
    expect([err3.issues, err3.recordId, err3.key, err3.kind]).toEqual([
      ['rated: not JSON'],
      other,
      k.game(other),
      'game',
    ]);
    await store.redis.del(k.game(other));
  });

  it('get: an aborted transaction and a failed read are errors, not a missing game', async () => {
    const g = await create();
    const fake = (result: unknown) =>
      ({
        hgetall() {
          return this;
        },
        lrange() {
          return this;
        },
        exec: async () => result,
      }) as never;
    vi.spyOn(store.redis, 'multi').mockReturnValueOnce(fake(null));
    await expect(store.games.get(g.id)).rejects.toThrow('transaction aborted');
    vi.spyOn(store.redis, 'multi').mockReturnValueOnce(
      fake([
        [new Error('hash failed'), null],
        [null, []],
      ]),
    );
    await expect(store.games.get(g.id)).rejects.toThrow('hash failed');
    vi.spyOn(store.redis, 'multi').mockReturnValueOnce(
      fake([
        [null, {}],
        [new Error('list failed'), null],
      ]),
    );
    await expect(store.games.get(g.id)).rejects.toThrow('list failed');
    expect(await store.games.get(g.id)).toEqual(g);
  });

  it('update: a version that is no positive integer is a conflict, and nothing is written', async () => {
    const g = await create();
    for (const v of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(await store.games.update(g.id, v, { drawOffer: 0 })).toEqual({ ok: false, reason: 'conflict' });
    expect(await store.games.get(g.id)).toEqual(g);
  });

  it('update writes the changes at the store’s time, only the fields given, and returns the record as stored', async () => {
    t = T0 + 1_000;
    const g = await create({ messageId: 'm1' });
    t = T0 + 2_345;
    const r = await store.games.update(g.id, 1, { drawOffer: 0, rated: false });
    expect(r).toEqual({ ok: true, game: { ...g, drawOffer: 0, rated: false, version: 2, updatedAt: T0 + 2_345 } });
    expect(await store.games.get(g.id)).toEqual(r.ok && r.game);
    expect(await store.redis.hget(k.game(g.id), 'messageId')).toBe('"m1"');
    expect(await store.redis.hget(k.game(g.id), 'updatedAt')).toBe(String(T0 + 2_345));
    // A field set to null is written as null.
    const r2 = await store.games.update(g.id, 2, { messageId: null, drawOffer: null });
    expect(r2.ok && [r2.game.messageId, r2.game.drawOffer, r2.game.version]).toEqual([null, null, 3]);
  });

  it('update refuses bad moves, a bad trim and a bad deadline before writing anything', async () => {
    const g = await create({ moves: ['P A'] });
    await expect(store.games.update(g.id, 1, { appendMoves: [5 as never] })).rejects.toThrow(
      new TypeError('appendMoves: moves must be non-empty strings'),
    );
    await expect(store.games.update(g.id, 1, { appendMoves: ['P B', ''] })).rejects.toThrow(/appendMoves/);
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -1.5])
      await expect(store.games.update(g.id, 1, { truncateMoves: bad })).rejects.toThrow(
        new TypeError('truncateMoves: expected a count of moves'),
      );
    for (const deadline of [0, -5, Number.NaN, Number.POSITIVE_INFINITY])
      await expect(store.games.update(g.id, 1, { drawOffer: 0 }, { deadline })).rejects.toThrow(
        new TypeError('deadline: expected ms since epoch'),
      );
    await expect(store.games.update(g.id, 1, { state: undefined, takebacks: -1 })).rejects.toThrow(
      /^invalid game changes: takebacks: /,
    );
    expect(await store.games.get(g.id)).toEqual(g);
    // -1 keeps every move, as no trim does.
    const r = await store.games.update(g.id, 1, { truncateMoves: -1, appendMoves: ['P B'] });
    expect(r.ok && r.game.moves).toEqual(['P A', 'P B']);
  });

  it('update with a deadline: the store’s own clock decides on the embedded store, Redis’s TIME on Redis', async () => {
    const g = await create();
    const real = Date.now();
    if (mode.url === undefined) {
      // The embedded store compares its clock: equal is in time, one ms past is late (its TIME is not asked).
      t = 5_000;
      expect((await store.games.update(g.id, 1, { drawOffer: 0 }, { deadline: 5_000 })).ok).toBe(true);
      expect(await store.games.update(g.id, 2, { drawOffer: 1 }, { deadline: 4_999 })).toEqual({
        ok: false,
        reason: 'late',
      });
    } else {
      // On Redis the store's clock is not asked: a deadline ahead of Redis's TIME is in time, one behind it is late.
      t = real + 3_600_000;
      expect((await store.games.update(g.id, 1, { drawOffer: 0 }, { deadline: real + 60_000 })).ok).toBe(true);
      t = 1;
      expect(await store.games.update(g.id, 2, { drawOffer: 1 }, { deadline: real - 60_000 })).toEqual({
        ok: false,
        reason: 'late',
      });
    }
    expect((await store.games.get(g.id))?.version).toBe(2);
    t = T0;
  });

  it('update with an announcement notes the owed hint at the store’s time and keeps the interaction’s own fields', async () => {
    const g = await create();
    t = T0 + 7_000;
    const interaction = { token: 'tok', createdAt: 5, component: false };
    const live = { ...interaction, deadline: 123 } as typeof interaction;
    const r = await store.games.update(g.id, 1, { drawOffer: 0 }, { announce: { owner: 'own', interaction: live } });
    expect(r.ok).toBe(true);
    expect(await score(k.owedGames(), g.id)).toBe(String(T0 + 7_000));
    expect(JSON.parse((await store.redis.hget(k.game(g.id), 'reply')) ?? 'null')).toEqual(interaction);
    expect(await store.redis.hget(k.game(g.id), 'ann')).toBe('"own"');
    // Without an interaction, the reply field goes; without an announcement, no hint and nothing changes there.
    await store.games.update(g.id, 2, { drawOffer: 1 }, { announce: { owner: 'own2' } });
    expect(await store.redis.hexists(k.game(g.id), 'reply')).toBe(0);
    expect(await store.redis.hget(k.game(g.id), 'ann')).toBe('"own2"');
    await store.redis.zrem(k.owedGames(), g.id);
    await store.games.update(g.id, 3, { drawOffer: null });
    expect(await score(k.owedGames(), g.id)).toBeNull();
    expect(await store.redis.hget(k.game(g.id), 'ann')).toBe('"own2"');
    t = T0;
  });

  it('update: a hint that could not be written is noted again after the write; if that fails too, a warning', async () => {
    const g = await create();
    t = T0 + 9_000;
    const zadd = vi.spyOn(store.redis, 'zadd');
    zadd.mockRejectedValueOnce(new Error('zadd down'));
    const r = await store.games.update(g.id, 1, { drawOffer: 0 }, { announce: { owner: 'o' } });
    expect(r.ok).toBe(true);
    expect(await score(k.owedGames(), g.id)).toBe(String(T0 + 9_000));
    await store.redis.zrem(k.owedGames(), g.id);
    warnings.length = 0;
    zadd.mockRejectedValueOnce(new Error('zadd down')).mockRejectedValueOnce(new Error('zadd down'));
    const r2 = await store.games.update(g.id, 2, { drawOffer: 1 }, { announce: { owner: 'o' } });
    expect(r2.ok && r2.game.version).toBe(3);
    expect(warnings).toEqual([`game ${g.id}: the owed-post hint could not be written`]);
    expect(await score(k.owedGames(), g.id)).toBeNull();
    t = T0;
  });

  it('update: a failed write is thrown; the script’s reasons map to not-found, late or conflict', async () => {
    const g = await create();
    const run = vi.spyOn(GAME_UPDATE, 'run');
    run.mockRejectedValueOnce(new Error('write failed'));
    await expect(store.games.update(g.id, 1, { drawOffer: 0 })).rejects.toThrow('write failed');
    run.mockResolvedValueOnce([0, 'late']);
    expect(await store.games.update(g.id, 1, { drawOffer: 0 })).toEqual({ ok: false, reason: 'late' });
    run.mockResolvedValueOnce([0, 'not-found']);
    expect(await store.games.update(g.id, 1, { drawOffer: 0 })).toEqual({ ok: false, reason: 'not-found' });
    run.mockResolvedValueOnce([0, 'something']);
    expect(await store.games.update(g.id, 1, { drawOffer: 0 })).toEqual({ ok: false, reason: 'conflict' });
    // Written, but the record read back is empty: not found.
    run.mockResolvedValueOnce([1, [], []]);
    expect(await store.games.update(g.id, 1, { drawOffer: 0 })).toEqual({ ok: false, reason: 'not-found' });
    // What the script is given: version, no deadline, no owner, no interaction, keep all, then the fields.
    t = T0 + 4;
    run.mockClear();
    run.mockResolvedValueOnce([0, 'conflict']);
    await store.games.update(g.id, 1, { drawOffer: 0, appendMoves: ['P A'] });
    expect(run.mock.calls[0][1]).toEqual([k.game(g.id), k.gameMoves(g.id)]);
    expect(run.mock.calls[0][2]).toEqual([1, 0, '', '', -1, 4, 'updatedAt', String(T0 + 4), 'drawOffer', '0', 'P A']);
    t = T0;
    expect(await store.games.get(g.id)).toEqual(g);
  });

  it('update publishes the new version; the due index follows a clock change only, and an ended game leaves every index', async () => {
    const guildId = uid('g');
    const [p1, p2] = [uid('u'), uid('u')];
    const clock = { perMoveMs: 1000, deadline: 5_000, reminded: false, wakeAt: 4_000 };
    const g = await create({
      guildId,
      clock,
      players: [
        { id: p1, name: 'A' },
        { id: p2, name: 'B' },
      ],
    });
    expect(await score(k.dueGames(), g.id)).toBe('4000');
    const heard: string[] = [];
    const stop = await store.changes.subscribe((id, v) => {
      if (id === g.id) heard.push(`${id}@${v}`);
    });
    try {
      // No clock in the change: the due index is left as it is (here: as a sweep repaired it).
      await store.redis.zrem(k.dueGames(), g.id);
      expect((await store.games.update(g.id, 1, { drawOffer: 0 })).ok).toBe(true);
      expect(await score(k.dueGames(), g.id)).toBeNull();
      expect((await store.games.update(g.id, 2, { clock: { ...clock, wakeAt: 4_500 } })).ok).toBe(true);
      expect(await score(k.dueGames(), g.id)).toBe('4500');
      expect((await store.games.update(g.id, 3, { clock: null })).ok).toBe(true);
      expect(await score(k.dueGames(), g.id)).toBeNull();
      expect((await store.games.update(g.id, 4, { clock })).ok).toBe(true);
      await store.redis.zadd(k.aiTurns(), 1, g.id);
      expect(await store.redis.get(k.channelActive(g.channelId))).toBe(g.id);
      const over = await store.games.update(g.id, 5, {
        status: 'over',
        result: { winner: 0, draw: false, reason: 'resign' },
      });
      expect(over.ok && over.game.status).toBe('over');
      for (const key of [
        k.activeGames(),
        k.activeGamesOfGuild(guildId),
        k.userActiveGames(p1),
        k.userActiveGames(p2),
        k.dueGames(),
        k.aiTurns(),
      ])
        expect(await score(key, g.id)).toBeNull();
      expect(await store.redis.exists(k.channelActive(g.channelId))).toBe(0);
      expect(await store.redis.get(k.channelLast(g.channelId))).toBe(g.id);
      expect(await score(k.userGames(p1), g.id)).not.toBeNull();
      await expect.poll(() => heard).toEqual([2, 3, 4, 5, 6].map((v) => `${g.id}@${v}`));
    } finally {
      await stop();
    }
  });

  it('quarantine: the reason cut to 300 chars, out of the due, owed and AI indexes every time, the channel as stored', async () => {
    const g = await create({ clock: { perMoveMs: 1000, deadline: 9, reminded: false, wakeAt: 8 } });
    const reason = 'r'.repeat(400);
    await store.redis.zadd(k.owedGames(), 1, g.id);
    await store.redis.zadd(k.aiTurns(), 1, g.id);
    expect(await store.games.quarantine(g.id, reason)).toEqual({
      marked: true,
      channelId: g.channelId,
      postable: true,
    });
    expect(await store.redis.hget(k.game(g.id), 'damaged')).toBe(JSON.stringify('r'.repeat(300)));
    for (const key of [k.dueGames(), k.owedGames(), k.aiTurns()]) expect(await score(key, g.id)).toBeNull();
    // Again (a crash left an index entry behind): not marked again, but the entries go.
    await store.redis.zadd(k.owedGames(), 1, g.id);
    await store.redis.zadd(k.aiTurns(), 1, g.id);
    await store.redis.zadd(k.dueGames(), 1, g.id);
    expect(await store.games.quarantine(g.id, 'other')).toEqual({
      marked: false,
      channelId: g.channelId,
      postable: true,
    });
    for (const key of [k.dueGames(), k.owedGames(), k.aiTurns()]) expect(await score(key, g.id)).toBeNull();
    // A damaged channel or postable field: no channel, and still postable unless it says false.
    for (const [channel, postable] of [
      ['{oops', 'maybe'],
      ['42', 'true'],
      ['"a b"', ''],
    ]) {
      const h = await create();
      await store.redis.hset(k.game(h.id), 'channelId', channel, 'postable', postable);
      expect(await store.games.quarantine(h.id, 'x')).toEqual({ marked: true, channelId: null, postable: true });
    }
    const h = await create();
    await store.redis.hset(k.game(h.id), 'postable', 'false');
    expect((await store.games.quarantine(h.id, 'x')).postable).toBe(false);
    // A missing game: nothing marked, nowhere to post, but its stray index entries go.
    const gone = uid('gone');
    await store.redis.zadd(k.aiTurns(), 1, gone);
    expect(await store.games.quarantine(gone, 'x')).toEqual({ marked: false, channelId: null, postable: true });
    expect(await score(k.aiTurns(), gone)).toBeNull();
    expect(await store.redis.exists(k.game(gone))).toBe(0);
  });

  it('delete takes the game out of every index of its players, and releases only its own bindings', async () => {
    const [p1, p2] = [uid('u'), uid('u')];
    const guildId = uid('g');
    const g = await create({
      guildId,
      players: [
        { id: p1, name: 'A' },
        { id: p2, name: 'B' },
      ],
      clock: { perMoveMs: 1000, deadline: 9, reminded: false, wakeAt: 8 },
    });
    expect(await store.games.delete(g.id)).toBe(true);
    for (const key of [
      k.activeGames(),
      k.activeGamesOfGuild(guildId),
      k.dueGames(),
      k.userGames(p1),
      k.userGames(p2),
      k.userActiveGames(p1),
      k.userActiveGames(p2),
    ])
      expect(await score(key, g.id)).toBeNull();
    expect(await store.redis.exists(k.channelActive(g.channelId), k.channelLast(g.channelId))).toBe(0);
    // A channel played in since: its bindings name the newer game and stay.
    const a = await create();
    await store.games.update(a.id, 1, { status: 'aborted', result: { winner: null, draw: false, reason: 'abort' } });
    const b = await create({ channelId: a.channelId });
    expect(await store.games.delete(a.id)).toBe(true);
    expect(await store.redis.get(k.channelLast(a.channelId))).toBe(b.id);
    expect(await store.redis.get(k.channelActive(a.channelId))).toBe(b.id);
  });

  it('delete removes a corrupt record and its global entries; passes on any other read error; only moves left count', async () => {
    const g = await create({ clock: { perMoveMs: 1000, deadline: 9, reminded: false, wakeAt: 8 } });
    await store.redis.hset(k.game(g.id), 'players', '{');
    expect(await store.games.delete(g.id)).toBe(true);
    expect(await store.redis.exists(k.game(g.id), k.gameMoves(g.id))).toBe(0);
    expect(await score(k.activeGames(), g.id)).toBeNull();
    expect(await score(k.dueGames(), g.id)).toBeNull();
    // The players were unreadable: their entries are left to the readers' own pruning.
    expect(await score(k.userGames('u1'), g.id)).not.toBeNull();

    const h = await create();
    vi.spyOn(store.games, 'get').mockRejectedValueOnce(new Error('read failed'));
    await expect(store.games.delete(h.id)).rejects.toThrow('read failed');
    expect(await store.redis.exists(k.game(h.id))).toBe(1);

    const m = uid('mv');
    await store.redis.rpush(k.gameMoves(m), 'P A');
    expect(await store.games.delete(m)).toBe(true);
    expect(await store.redis.exists(k.gameMoves(m))).toBe(0);
  });
});
