// Records read back from Redis are untrusted (hand-edited, truncated, written
// by another version): with any field replaced, damaged, dropped or added,
// every reader returns a record its schema accepts or throws
// CorruptRecordError — nothing else — and reading writes nothing. Real Redis
// only: the embedded store decodes with the same code.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  challengeSchema,
  defaultSnapshot,
  gameSchema,
  guildScope,
  ratingSnapshotSchema,
  settingsSchema,
  tournamentSchema,
} from '../../src/model/index.js';
import { CorruptRecordError, type Store } from '../../src/store/index.js';
import { MODES, newGame, uid, useStore } from './helpers.js';
import { propertyRuns } from '../support/property-runs.js';

const redisMode = MODES.find((m) => m.name === 'redis')!;

/** Every path to a value inside a JSON tree. */
function paths(x: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof x !== 'object' || x === null) return [at];
  const out: (string | number)[][] = [at];
  for (const [k, v] of Object.entries(x)) out.push(...paths(v, [...at, Array.isArray(x) ? Number(k) : k]));
  return out;
}

const HUGE = [
  JSON.stringify('x'.repeat(200_000)),
  `${'['.repeat(3000)}${']'.repeat(3000)}`,
  JSON.stringify(Array.from({ length: 50_000 }, (_, k) => k)),
];
const jsonish = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    -1,
    0,
    1,
    1.5,
    -0,
    1e308,
    2 ** 53,
    '',
    ' ',
    'active',
    'over',
    'exxit',
    'orion',
    null,
    true,
    false,
    [],
    {},
    [null, null],
    { id: 'x' },
  ),
);

/** One damage to a hash of JSON fields: what a record read back may look like. */
function damage(fields: Record<string, string>): fc.Arbitrary<Record<string, string>> {
  const names = Object.keys(fields);
  const field = fc.oneof(fc.constantFrom(...names), fc.constantFrom('__proto__', 'constructor', 'extra', ''));
  const deep = fc.constantFrom(...names).chain((f) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fields[f]);
    } catch {
      return fc.constant({ ...fields });
    }
    const all = paths(parsed).filter((p) => p.length > 0);
    if (all.length === 0) return fc.constant({ ...fields, [f]: JSON.stringify(null) });
    return fc.tuple(fc.constantFrom(...all), jsonish, fc.boolean()).map(([path, v, drop]) => {
      const copy = JSON.parse(fields[f]);
      let o = copy;
      for (const k of path.slice(0, -1)) o = o[k];
      const last = path[path.length - 1];
      if (drop && Array.isArray(o)) o.splice(Number(last), 1);
      else if (drop) delete o[last];
      else o[last] = v;
      return { ...fields, [f]: JSON.stringify(copy) };
    });
  });
  return fc.oneof(
    { arbitrary: deep, weight: 4 },
    { arbitrary: fc.tuple(field, jsonish).map(([f, v]) => ({ ...fields, [f]: JSON.stringify(v) })), weight: 2 },
    {
      arbitrary: fc.tuple(field, fc.string({ unit: 'binary', maxLength: 30 })).map(([f, v]) => ({ ...fields, [f]: v })),
      weight: 1,
    },
    { arbitrary: fc.tuple(field, fc.constantFrom(...HUGE)).map(([f, v]) => ({ ...fields, [f]: v })), weight: 1 },
    {
      arbitrary: fc.constantFrom(...names).map((f) => {
        const out = { ...fields };
        delete out[f];
        return out;
      }),
      weight: 1,
    },
  );
}

describe('records read back with damage', () => {
  let store: Store;
  const prefix = useStore(redisMode, 'decode-fuzz', (s) => (store = s));

  /**
   * Writes each damaged version of the hash at `key`, reads it with `read`, and checks the answer with `valid`;
   * the hash is as written after the read. Returns how many reads gave a record (and how many refused).
   */
  async function fuzz<T>(
    key: string,
    read: () => Promise<T>,
    valid: (r: T, fields: Record<string, string>) => void,
    runs = 150,
  ): Promise<{ read: number; refused: number }> {
    const fields = await store.redis.hgetall(key);
    expect(Object.keys(fields).length).toBeGreaterThan(0);
    const seen = { read: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(damage(fields), async (bad) => {
        await store.redis.del(key);
        const entries = Object.entries(bad);
        if (entries.length) await store.redis.hset(key, bad);
        let r: T;
        try {
          r = await read();
        } catch (e) {
          expect(e, String(e)).toBeInstanceOf(CorruptRecordError);
          expect((e as CorruptRecordError).issues.length).toBeGreaterThan(0);
          seen.refused++;
          return;
        } finally {
          // Reading changes nothing (Object.assign: a field named __proto__ is an own key in both).
          expect(Object.assign({}, await store.redis.hgetall(key))).toEqual(Object.assign({}, bad));
        }
        seen.read++;
        valid(r, bad);
      }),
      // At least 60 runs even when the run counts are scaled down (mutation testing: a tenth): the callers expect
      // both outcomes, a record read and one refused, and 15 damaged versions sometimes gave no refusal.
      { numRuns: Math.max(60, propertyRuns(runs)) },
    );
    await store.redis.del(key);
    await store.redis.hset(key, fields);
    return seen;
  }

  it('games: a valid record or CorruptRecordError; lists skip the damaged one', async () => {
    const created = await store.games.create(
      newGame({
        players: [
          { id: 'fz1', name: 'Alice' },
          { id: 'fz2', name: 'Bob', bot: 'easy' },
        ],
      }),
    );
    if (!created.ok) throw new Error('create');
    const g = created.game;
    await store.games.update(g.id, 1, {
      drawOffer: 1,
      clock: { perMoveMs: 3_600_000, deadline: 5, reminded: false, wakeAt: 4 },
      appendMoves: ['P 0,0'],
      messageId: 'm1',
    });
    const seen = await fuzz(
      `${prefix}game:{${g.id}}`,
      async () => {
        const r = await store.games.get(g.id);
        // A list reader skips the damaged record rather than failing.
        const listed = await store.gameIndex.listByUser('fz1', 5);
        expect(listed.length).toBeLessThanOrEqual(1);
        return r;
      },
      (r, fields) => {
        if (r === null) return expect(Object.keys(fields)).toEqual([]);
        expect(gameSchema.safeParse(r).success).toBe(true);
        expect(r.id).toBe(g.id);
      },
      250,
    );
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.read).toBeGreaterThan(0);
  });

  it('challenges', async () => {
    const c = await store.challenges.create({
      game: 'orion',
      setup: 'preset1',
      options: { layout: 'preset1' },
      challengerId: uid('u'),
      challengerName: 'Alice',
      opponentId: 'u2',
      opponentName: 'Bob',
      rated: true,
      guildId: 'g1',
      channelId: uid('c'),
      firstMove: 'random',
      clockMs: 3_600_000,
      locale: 'fr',
    });
    const seen = await fuzz(
      `${prefix}challenge:{${c.id}}`,
      () => store.challenges.get(c.id),
      (r) => {
        if (r === null) return;
        expect(challengeSchema.safeParse(r).success).toBe(true);
        expect(r.id).toBe(c.id);
      },
    );
    expect(seen.refused).toBeGreaterThan(0);
  });

  it('ratings: the snapshot or CorruptRecordError; the leaderboard leaves the damaged one off', async () => {
    const scope = guildScope('gfz');
    const user = uid('u');
    const key = `${prefix}ratings:{ratings:exxit}:player:${scope}:${user}`;
    await store.redis.hset(key, {
      v: '3',
      data: JSON.stringify({
        ...defaultSnapshot(),
        rating: 1612.5,
        rd: 80,
        games: 9,
        wins: 5,
        losses: 3,
        draws: 1,
        streak: 2,
        lastPlayed: 1_700_000_000_000,
      }),
    });
    await store.redis.zadd(`${prefix}ratings:{ratings:exxit}:board:${scope}`, 1612.5, user);
    const seen = await fuzz(
      key,
      async () => {
        const r = await store.ratings.get('exxit', user, scope);
        const top = await store.ratings.top('exxit', scope, 10);
        expect(top.length).toBeLessThanOrEqual(1);
        return r;
      },
      (r) => expect(ratingSnapshotSchema.safeParse(r).success).toBe(true),
    );
    expect(seen.refused).toBeGreaterThan(0);
  });

  it('settings', async () => {
    const guild = uid('g');
    await store.settings.update(guild, {
      clockMs: 7_200_000,
      channels: ['c1', 'c2'],
      locale: 'fr',
      tournamentRole: 'r1',
      seasonLength: 'monthly',
      seasonChannel: 'c3',
    });
    const seen = await fuzz(
      `${prefix}settings:{${guild}}`,
      () => store.settings.get(guild),
      (r) => expect(settingsSchema.safeParse(r).success).toBe(true),
    );
    expect(seen.refused).toBeGreaterThan(0);
  });

  it('tournaments: the record or CorruptRecordError; the server list skips the damaged one', async () => {
    const guild = uid('g');
    const t = await store.tournaments.create({
      name: 'Autumn **cup**',
      guildId: guild,
      channelId: 'c1',
      messageId: 'm1',
      organiser: { id: 'o1', name: 'Olga' },
      game: 'orion',
      setup: 'preset2',
      format: 'swiss',
      roundsWanted: 3,
      rounds: 3,
      clockMs: 3_600_000,
      roundMs: 7_200_000,
      rated: true,
      locale: 'en',
      status: 'running',
      startsAt: null,
      startedAt: 5,
      finishedAt: null,
      players: [
        { id: 'p1', name: 'A' },
        { id: 'p2', name: 'B' },
        { id: 'p3', name: 'C' },
      ],
      withdrawals: [{ player: 'p3', round: 1 }],
      round: 1,
      roundDeadline: 9,
      pairings: [
        { round: 1, board: 1, first: 'p1', second: 'p2', result: 'draw' },
        { round: 1, board: 2, first: 'p3', second: null, result: 'first' },
      ],
      seed: 7,
      winners: [],
      endNote: null,
      announced: false,
      wakeAt: 9,
    });
    const seen = await fuzz(
      `${prefix}tournament:{${t.id}}`,
      async () => {
        const r = await store.tournaments.get(t.id);
        expect((await store.tournaments.listByGuild(guild)).length).toBeLessThanOrEqual(1);
        return r;
      },
      (r) => {
        if (r === null) return;
        expect(tournamentSchema.safeParse(r).success).toBe(true);
        expect(r.id).toBe(t.id);
      },
    );
    expect(seen.refused).toBeGreaterThan(0);
  });
});
