// The puzzle check jobs' store (issue 20) to the letter, on real Redis and on the embedded store: what create writes
// (from the store's clock) and its hint, the pending index's order, bounds, limit and the hints it drops, every step's
// owner and statuses and the fields it sets, the day a finished or skipped job is kept (read back with PTTL), and
// every refusal of a reference that names no job.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CorruptRecordError, openStore, type NewPuzzleCheck, type Store } from '../../src/store/index.js';
import { PUZZLE_CHECK_KEEP_MS } from '../../src/store/puzzle-checks.js';
import { cleanup, MODES, newPuzzle, prefixFor, rejection, uid } from './helpers.js';

const gid = () => uid('g'); // 'g' + 10 hex digits: a record id

const job = (gameId: string, ply: number, seed = 7): NewPuzzleCheck => ({
  gameId,
  ply,
  game: 'orion',
  setup: 'preset1',
  moves: Array.from({ length: ply }, (_, i) => `m${i}`),
  seed,
});

const puzzle = (n: number) => newPuzzle(n, { rating: 1500, source: 'game', seed: 3 });

describe.each(MODES)('puzzle checks, exactly, on $name', (mode) => {
  const opened: Store[] = [];
  const warnings: string[] = [];
  const logger = { warn: (m: string) => void warnings.push(m), info: () => {} };
  let clock = 1_000;
  /** A store on a prefix of its own (the pending index is one per prefix), on the test's clock. */
  async function fresh(): Promise<Store> {
    const s = await openStore({ url: mode.url, prefix: prefixFor('puzzle-checks', mode), logger, now: () => clock });
    opened.push(s);
    warnings.length = 0;
    clock = 1_000;
    return s;
  }
  afterAll(async () => {
    for (const s of opened) {
      await cleanup(s);
      await s.close();
    }
  });
  const keyOf = (s: Store, gameId: string, ply: number) => `${s.prefix}game:{${gameId}}:puzzle-check:${ply}`;
  const pendingKey = (s: Store) => `${s.prefix}puzzle-checks:pending`;
  const hints = async (s: Store) => s.redis.zrange(pendingKey(s), 0, -1, 'WITHSCORES');

  it('creates a job queued, from the store’s clock, with its hint; once per game and ply', async () => {
    const s = await fresh();
    const g = gid();
    clock = 5_000;
    expect(await s.puzzleChecks.create(job(g, 2))).toBe(true);
    expect(await s.puzzleChecks.get({ gameId: g, ply: 2 })).toEqual({
      ...job(g, 2),
      status: 'queued',
      createdAt: 5_000,
      owner: '',
      leaseUntil: 0,
      tries: 0,
      puzzle: null,
    });
    expect(await s.redis.pttl(keyOf(s, g, 2))).toBe(-1);
    expect(await hints(s)).toEqual([`${g}:2`, '5000']);
    // Again later: nothing written, the hint keeps its time.
    clock = 9_000;
    expect(await s.puzzleChecks.create(job(g, 2, 99))).toBe(false);
    expect((await s.puzzleChecks.get({ gameId: g, ply: 2 }))!.seed).toBe(7);
    expect(await hints(s)).toEqual([`${g}:2`, '5000']);
    // Ply 0 (the start position) is a job too; another ply of the same game is another.
    expect(await s.puzzleChecks.create(job(g, 0))).toBe(true);
    expect(await s.puzzleChecks.create(job(g, 3))).toBe(true);
    expect((await s.puzzleChecks.get({ gameId: g, ply: 0 }))!.createdAt).toBe(9_000);
    expect(await s.puzzleChecks.pending(10_000)).toEqual([
      { gameId: g, ply: 2, at: 5_000 },
      { gameId: g, ply: 0, at: 9_000 },
      { gameId: g, ply: 3, at: 9_000 },
    ]);
    // A record the schema refuses writes nothing.
    await expect(s.puzzleChecks.create({ ...job(g, 4), gameId: 'No!' })).rejects.toThrow();
    await expect(s.puzzleChecks.create({ ...job(g, 4), ply: 5 })).rejects.toThrow();
    expect(await s.redis.exists(keyOf(s, g, 4))).toBe(0);
    expect(await s.redis.zcard(pendingKey(s))).toBe(3);
  });

  it('reads a job; a reference that names none is null; a record under another job’s key is damaged', async () => {
    const s = await fresh();
    const g = gid();
    await s.puzzleChecks.create(job(g, 1));
    for (const r of [
      { gameId: g, ply: -1 },
      { gameId: g, ply: 1.5 },
      { gameId: g, ply: Number.NaN },
      { gameId: 'No!', ply: 1 },
      { gameId: g, ply: 2 },
      { gameId: gid(), ply: 1 },
    ])
      expect(await s.puzzleChecks.get(r)).toBeNull();

    // Another game's job copied under this key: same ply, not its game.
    const other = gid();
    await s.puzzleChecks.create(job(other, 1));
    await s.redis.hset(keyOf(s, g, 1), await s.redis.hgetall(keyOf(s, other, 1)));
    const e1 = (await rejection(s.puzzleChecks.get({ gameId: g, ply: 1 }))) as CorruptRecordError;
    expect(e1).toBeInstanceOf(CorruptRecordError);
    expect([e1.kind, e1.key, e1.issues, e1.recordId]).toEqual([
      'puzzle-check',
      keyOf(s, g, 1),
      ['gameId, ply: not its key'],
      g,
    ]);
    // This game's job of ply 2 under ply 1's key: its game, not its ply.
    await s.puzzleChecks.create(job(g, 2));
    await s.redis.hset(keyOf(s, g, 1), await s.redis.hgetall(keyOf(s, g, 2)));
    const e2 = (await rejection(s.puzzleChecks.get({ gameId: g, ply: 1 }))) as CorruptRecordError;
    expect(e2).toBeInstanceOf(CorruptRecordError);
    expect(e2.issues).toEqual(['gameId, ply: not its key']);
  });

  it('lists the hints due by a time, oldest first, at most the limit (50 by default)', async () => {
    const s = await fresh();
    const [a, b, c] = [gid(), gid(), gid()];
    await s.redis.zadd(pendingKey(s), 300, `${c}:0`, 100, `${a}:12`, 200, `${b}:345678`);
    expect(await s.puzzleChecks.pending(99)).toEqual([]);
    expect(await s.puzzleChecks.pending(100)).toEqual([{ gameId: a, ply: 12, at: 100 }]);
    expect(await s.puzzleChecks.pending(299)).toEqual([
      { gameId: a, ply: 12, at: 100 },
      { gameId: b, ply: 345678, at: 200 },
    ]);
    expect(await s.puzzleChecks.pending(300, 2)).toEqual([
      { gameId: a, ply: 12, at: 100 },
      { gameId: b, ply: 345678, at: 200 },
    ]);
    expect(await s.puzzleChecks.pending(Number.POSITIVE_INFINITY, 1)).toEqual([{ gameId: a, ply: 12, at: 100 }]);
    expect((await s.puzzleChecks.pending(300)).map((h) => h.gameId)).toEqual([a, b, c]);
    const d = gid();
    const many = Array.from({ length: 53 }, (_, i) => [1_000 + i, `${d}:${i}`]).flat();
    await s.redis.zadd(pendingKey(s), ...many);
    const got = await s.puzzleChecks.pending(5_000);
    expect(got).toHaveLength(50);
    expect(got[49]).toEqual({ gameId: d, ply: 46, at: 1_046 });
    expect(await s.puzzleChecks.pending(5_000, 100)).toHaveLength(56);
    // A hint noted before the epoch is due too.
    await s.redis.zadd(pendingKey(s), -5, `${c}:1`);
    expect((await s.puzzleChecks.pending(0))[0]).toEqual({ gameId: c, ply: 1, at: -5 });
    expect(warnings).toEqual([]);
  });

  it('drops a hint that names no job, with a warning, and goes on with the others', async () => {
    const s = await fresh();
    const g = gid();
    const long = `${g}:${'9'.repeat(100)}`;
    const bad = [
      '123456', // no separator: not a game id '12345' with ply 123456
      ':5',
      `${g}:`,
      `${g}:x`,
      `${g}: 5`,
      `${g}:5 `,
      `${g}:-5`,
      `${g}:1e3`,
      `${g}:1234567`,
      `No!:5`,
      long,
    ];
    await s.redis.zadd(pendingKey(s), ...bad.flatMap((m, i) => [i + 1, m]), 50, `${g}:7`, 60, `${g}:999999`);
    expect(await s.puzzleChecks.pending(100)).toEqual([
      { gameId: g, ply: 7, at: 50 },
      { gameId: g, ply: 999999, at: 60 },
    ]);
    expect(await hints(s)).toEqual([`${g}:7`, '50', `${g}:999999`, '60']);
    expect(warnings).toHaveLength(bad.length);
    expect(warnings[0]).toBe('puzzle check hint "123456" is not <game id>:<ply>: dropped');
    expect(warnings[1]).toBe('puzzle check hint ":5" is not <game id>:<ply>: dropped');
    expect(warnings[bad.length - 1]).toBe(
      `puzzle check hint ${JSON.stringify(long.slice(0, 80))} is not <game id>:<ply>: dropped`,
    );
  });

  it('looks at a hint again later, or never; a hint that is not there is not made', async () => {
    const s = await fresh();
    const g = gid();
    clock = 100;
    await s.puzzleChecks.create(job(g, 1));
    await s.puzzleChecks.recheck({ gameId: g, ply: 1 }, 7_000);
    expect(await hints(s)).toEqual([`${g}:1`, '7000']);
    await s.puzzleChecks.recheck({ gameId: g, ply: 2 }, 8_000);
    expect(await hints(s)).toEqual([`${g}:1`, '7000']);
    await s.puzzleChecks.recheck({ gameId: g, ply: 2 }, null);
    expect(await hints(s)).toEqual([`${g}:1`, '7000']);
    await s.puzzleChecks.recheck({ gameId: g, ply: 1 }, null);
    expect(await hints(s)).toEqual([]);
    // The job itself stays.
    expect((await s.puzzleChecks.get({ gameId: g, ply: 1 }))!.status).toBe('queued');
  });

  it('leases a job until now + ttl (rounded up), a try per new holder; a reference to no job is not-found', async () => {
    const s = await fresh();
    const g = gid();
    const ref = { gameId: g, ply: 1 };
    await s.puzzleChecks.create(job(g, 1));
    const a = await s.puzzleChecks.lease(ref, 'p1', 1_000.5, 100);
    expect(a).toEqual({ ok: true, job: { ...(await s.puzzleChecks.get(ref))! } });
    expect(a.ok && a.job).toMatchObject({ status: 'running', owner: 'p1', leaseUntil: 1_101, tries: 1 });
    // The holder again: no new try. Another while it runs: held. At its end: taken.
    expect(await s.puzzleChecks.lease(ref, 'p1', 1_050, 100)).toMatchObject({ ok: true, job: { tries: 1 } });
    expect(await s.puzzleChecks.lease(ref, 'p2', 1_149, 100)).toEqual({ ok: false, reason: 'held', holder: 'p1' });
    expect(await s.puzzleChecks.lease(ref, 'p2', 1_150, 100)).toMatchObject({
      ok: true,
      job: { status: 'running', owner: 'p2', leaseUntil: 1_250, tries: 2 },
    });
    // Taken over from a holder found gone, before its lease ends; not from another.
    expect(await s.puzzleChecks.lease(ref, 'p3', 1_200, 100, 'p9')).toEqual({
      ok: false,
      reason: 'held',
      holder: 'p2',
    });
    expect(await s.puzzleChecks.lease(ref, 'p3', 1_200, 100, 'p2')).toMatchObject({
      ok: true,
      job: { owner: 'p3', tries: 3 },
    });

    for (const r of [
      { gameId: g, ply: -1 },
      { gameId: g, ply: 0.5 },
      { gameId: 'No!', ply: 1 },
      { gameId: g, ply: 2 },
    ])
      expect(await s.puzzleChecks.lease(r, 'p1', 1_000, 100)).toEqual({ ok: false, reason: 'not-found' });
    // The job gone between its lease and its read: not-found.
    const other = { gameId: g, ply: 3 };
    await s.puzzleChecks.create(job(g, 3));
    vi.spyOn(s.redis, 'hgetall').mockResolvedValueOnce({});
    expect(await s.puzzleChecks.lease(other, 'p1', 1_000, 100)).toEqual({ ok: false, reason: 'not-found' });
  });

  it('extends only its holder’s live lease, checked or running; sets nothing else', async () => {
    const s = await fresh();
    const g = gid();
    const ref = { gameId: g, ply: 1 };
    await s.puzzleChecks.create(job(g, 1));
    expect(await s.puzzleChecks.extend(ref, '', 1_000, 100)).toBe(false);
    expect(await s.puzzleChecks.extend(ref, 'p1', 1_000, 100)).toBe(false);
    await s.puzzleChecks.lease(ref, 'p1', 1_000, 100);
    expect(await s.puzzleChecks.extend(ref, 'p2', 1_000, 500)).toBe(false);
    expect(await s.puzzleChecks.extend(ref, 'p1', 2_000.25, 500)).toBe(true);
    expect(await s.puzzleChecks.get(ref)).toMatchObject({
      status: 'running',
      owner: 'p1',
      leaseUntil: 2_501,
      tries: 1,
    });
    expect(await s.puzzleChecks.checked(ref, 'p1', puzzle(1))).toBe(true);
    expect(await s.puzzleChecks.extend(ref, 'p1', 3_000, 1_000)).toBe(true);
    expect(await s.puzzleChecks.get(ref)).toMatchObject({ status: 'checked', leaseUntil: 4_000, puzzle: puzzle(1) });
    expect(await s.puzzleChecks.finish(ref, 'p1', 'added')).toBe(true);
    expect(await s.puzzleChecks.extend(ref, '', 3_000, 1_000)).toBe(false);
    expect(await s.puzzleChecks.extend(ref, 'p1', 3_000, 1_000)).toBe(false);
    expect(await s.puzzleChecks.extend({ gameId: g, ply: 9 }, 'p1', 3_000, 1_000)).toBe(false);
  });

  it('records a check’s puzzle once, from running, for its holder only; refuses a puzzle that does not validate', async () => {
    const s = await fresh();
    const g = gid();
    const ref = { gameId: g, ply: 1 };
    await s.puzzleChecks.create(job(g, 1));
    expect(await s.puzzleChecks.checked(ref, 'p1', puzzle(1))).toBe(false);
    expect(await s.puzzleChecks.checked(ref, '', puzzle(1))).toBe(false);
    await s.puzzleChecks.lease(ref, 'p1', 1_000, 100);
    expect(() => s.puzzleChecks.checked(ref, 'p1', { ...puzzle(1), id: 'No!' })).toThrow(/not a record id/);
    expect(await s.puzzleChecks.checked(ref, 'p2', puzzle(1))).toBe(false);
    expect((await s.puzzleChecks.get(ref))!.puzzle).toBeNull();
    expect(await s.puzzleChecks.checked(ref, 'p1', puzzle(1))).toBe(true);
    expect(await s.puzzleChecks.get(ref)).toMatchObject({
      status: 'checked',
      owner: 'p1',
      leaseUntil: 1_100,
      puzzle: puzzle(1),
    });
    expect(await s.puzzleChecks.checked(ref, 'p1', puzzle(2))).toBe(false);
    expect((await s.puzzleChecks.get(ref))!.puzzle).toEqual(puzzle(1));
  });

  it('finishes its holder’s job, running or checked, once: the lease and the hint dropped, kept a day', async () => {
    const s = await fresh();
    const g = gid();
    const [r1, r2] = [
      { gameId: g, ply: 1 },
      { gameId: g, ply: 2 },
    ];
    await s.puzzleChecks.create(job(g, 1));
    await s.puzzleChecks.create(job(g, 2));
    expect(await s.puzzleChecks.finish(r1, 'p1', 'rejected')).toBe(false);
    expect(await s.puzzleChecks.finish(r1, '', 'rejected')).toBe(false);
    await s.puzzleChecks.lease(r1, 'p1', 1_000, 100);
    await s.puzzleChecks.lease(r2, 'p2', 1_000, 100);
    expect(await s.puzzleChecks.finish(r1, 'p2', 'rejected')).toBe(false);
    // A refused finish leaves the hint and the record as they were.
    expect((await s.puzzleChecks.pending(10_000)).map((h) => h.ply)).toEqual([1, 2]);
    expect(await s.redis.pttl(keyOf(s, g, 1))).toBe(-1);

    expect(await s.puzzleChecks.finish(r1, 'p1', 'rejected')).toBe(true);
    expect(await s.puzzleChecks.get(r1)).toMatchObject({ status: 'rejected', owner: '', leaseUntil: 0, tries: 1 });
    expect((await s.puzzleChecks.pending(10_000)).map((h) => h.ply)).toEqual([2]);
    const ttl = await s.redis.pttl(keyOf(s, g, 1));
    expect(ttl).toBeGreaterThan(PUZZLE_CHECK_KEEP_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(PUZZLE_CHECK_KEEP_MS);
    expect(PUZZLE_CHECK_KEEP_MS).toBe(86_400_000);
    expect(await s.puzzleChecks.finish(r1, 'p1', 'failed')).toBe(false);
    expect(await s.puzzleChecks.finish(r1, '', 'failed')).toBe(false);
    expect((await s.puzzleChecks.get(r1))!.status).toBe('rejected');

    await s.puzzleChecks.checked(r2, 'p2', puzzle(2));
    expect(await s.puzzleChecks.finish(r2, 'p2', 'failed')).toBe(true);
    expect(await s.puzzleChecks.get(r2)).toMatchObject({
      status: 'failed',
      owner: '',
      leaseUntil: 0,
      puzzle: puzzle(2),
    });
    expect(await s.puzzleChecks.pending(10_000)).toEqual([]);
    expect(await s.puzzleChecks.lease(r2, 'p3', 2_000, 100)).toEqual({ ok: false, reason: 'over' });
  });

  it('gives a lease back: running is queued again, checked stays checked; only its holder can', async () => {
    const s = await fresh();
    const g = gid();
    const ref = { gameId: g, ply: 1 };
    await s.puzzleChecks.create(job(g, 1));
    expect(await s.puzzleChecks.release(ref, 'p1')).toBe(false);
    expect(await s.puzzleChecks.release(ref, '')).toBe(false);
    await s.puzzleChecks.lease(ref, 'p1', 1_000, 100);
    expect(await s.puzzleChecks.release(ref, 'p2')).toBe(false);
    expect(await s.puzzleChecks.release(ref, 'p1')).toBe(true);
    expect(await s.puzzleChecks.get(ref)).toMatchObject({ status: 'queued', owner: '', leaseUntil: 0, tries: 1 });
    expect(await s.puzzleChecks.release(ref, 'p1')).toBe(false);

    await s.puzzleChecks.lease(ref, 'p2', 2_000, 100);
    await s.puzzleChecks.checked(ref, 'p2', puzzle(1));
    expect(await s.puzzleChecks.release(ref, 'p3')).toBe(false);
    expect(await s.puzzleChecks.release(ref, 'p2')).toBe(true);
    expect(await s.puzzleChecks.get(ref)).toMatchObject({
      status: 'checked',
      owner: '',
      leaseUntil: 0,
      tries: 2,
      puzzle: puzzle(1),
    });
    expect(await s.puzzleChecks.release(ref, 'p2')).toBe(false);
    // Over: nothing to give back.
    await s.puzzleChecks.lease(ref, 'p3', 3_000, 100);
    await s.puzzleChecks.finish(ref, 'p3', 'added');
    expect(await s.puzzleChecks.release(ref, 'p3')).toBe(false);
    expect((await s.puzzleChecks.get(ref))!.status).toBe('added');
  });

  it('skips a job: its hint dropped, its record kept a day', async () => {
    const s = await fresh();
    const g = gid();
    await s.puzzleChecks.create(job(g, 1));
    await s.puzzleChecks.create(job(g, 2));
    await s.puzzleChecks.skip({ gameId: g, ply: 1 });
    expect((await s.puzzleChecks.pending(10_000)).map((h) => h.ply)).toEqual([2]);
    const ttl = await s.redis.pttl(keyOf(s, g, 1));
    expect(ttl).toBeGreaterThan(PUZZLE_CHECK_KEEP_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(PUZZLE_CHECK_KEEP_MS);
    expect(await s.redis.pttl(keyOf(s, g, 2))).toBe(-1);
    expect((await s.puzzleChecks.get({ gameId: g, ply: 1 }))!.status).toBe('queued');
  });

  it('refuses every step on a reference that names no job', async () => {
    const s = await fresh();
    const refused = new TypeError('invalid puzzle check: expected a game id and a ply');
    for (const r of [
      { gameId: 'No!', ply: 1 },
      { gameId: gid(), ply: -1 },
      { gameId: gid(), ply: 2.5 },
    ]) {
      expect(() => s.puzzleChecks.extend(r, 'p1', 0, 1)).toThrow(refused);
      expect(() => s.puzzleChecks.checked(r, 'p1', puzzle(1))).toThrow(refused);
      expect(await rejection(s.puzzleChecks.finish(r, 'p1', 'added'))).toEqual(refused);
      expect(await rejection(s.puzzleChecks.release(r, 'p1'))).toEqual(refused);
      expect(await rejection(s.puzzleChecks.skip(r))).toEqual(refused);
    }
    expect(await s.redis.keys(`${s.prefix}*`)).toEqual([]);
  });
});
