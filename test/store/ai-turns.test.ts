// The AI's turns (store/ai-turns.ts), on real Redis and on the embedded store: a hint index of games where the AI
// may be to move (scored by the store's clock when first noted, read oldest first up to `before` inclusive, 50 at
// most by default), and a lease per game on thinking: taken only when free (or held by the process named to take
// over), kept for its time to live rounded up to whole ms (1 ms at least), extended and released only by its owner;
// an id that is not a record id is refused and touches nothing.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { cleanup, MODES, prefixFor, quiet, sleep, uid } from './helpers.js';

/** A record id (4-32 chars of [0-9a-z]). */
const rid = () => uid('r');
/** Ids that are not record ids (too short, too long, upper case, not [0-9a-z]), though most are valid key parts. */
const BAD_IDS = ['abc', 'ABCD', 'x'.repeat(33), 'ab-cd', 'a b', ''];

describe.each(MODES)('AI turns on $name', (mode) => {
  const opened: Store[] = [];
  /** A store on a prefix of its own (the AI-turns index is one key per prefix), with a clock the test sets. */
  async function fresh(clock: { t: number } = { t: 1_000 }): Promise<Store> {
    const s = await openStore({
      url: mode.url,
      prefix: prefixFor('ai-turns', mode),
      logger: quiet,
      now: () => clock.t,
    });
    opened.push(s);
    return s;
  }
  afterEach(async () => {
    for (const s of opened.splice(0)) {
      await cleanup(s);
      await s.close();
    }
  });
  const turnsKey = (s: Store) => `${s.prefix}games:ai-turns`;
  const leaseKey = (s: Store, id: string) => `${s.prefix}game:{${id}}:ai`;

  it('note scores a game by the store clock when first noted; noted reads oldest first, up to `before` inclusive', async () => {
    const clock = { t: 1_000 };
    const s = await fresh(clock);
    const [a, b, c] = [rid(), rid(), rid()];
    await s.aiTurns.note(a);
    clock.t = 2_000;
    await s.aiTurns.note(b);
    clock.t = 3_000;
    await s.aiTurns.note(c);
    clock.t = 9_000;
    await s.aiTurns.note(a); // noted again later: keeps its first time
    expect(await s.redis.zscore(turnsKey(s), a)).toBe('1000');
    expect(await s.redis.zscore(turnsKey(s), b)).toBe('2000');
    expect(await s.redis.zcard(turnsKey(s))).toBe(3);
    expect(await s.redis.pttl(turnsKey(s))).toBe(-1); // an index: no time to live

    expect(await s.aiTurns.noted(999)).toEqual([]);
    expect(await s.aiTurns.noted(1_000)).toEqual([a]);
    expect(await s.aiTurns.noted(2_999)).toEqual([a, b]);
    expect(await s.aiTurns.noted(3_000)).toEqual([a, b, c]);
    expect(await s.aiTurns.noted(1e12)).toEqual([a, b, c]);
    // From minus infinity: an instant before 0 (a clock the caller controls) is read too.
    const early = rid();
    clock.t = -5;
    await s.aiTurns.note(early);
    expect(await s.aiTurns.noted(-5)).toEqual([early]);
    expect(await s.aiTurns.noted(1_000)).toEqual([early, a]);
    await s.aiTurns.drop(early);
    expect(await s.aiTurns.noted(3_000, 2)).toEqual([a, b]);
    expect(await s.aiTurns.noted(3_000, 1)).toEqual([a]);

    await s.aiTurns.drop(b);
    await s.aiTurns.drop(rid()); // not noted: nothing to drop, no error
    expect(await s.aiTurns.noted(3_000)).toEqual([a, c]);
    await s.aiTurns.drop(a);
    await s.aiTurns.drop(c);
    expect(await s.aiTurns.noted(1e12)).toEqual([]);
  });

  it('noted returns 50 games at most by default, the oldest', async () => {
    const clock = { t: 0 };
    const s = await fresh(clock);
    const ids = Array.from({ length: 51 }, (_, k) => `g${String(k).padStart(4, '0')}`);
    // Each note reads the clock when called: 51 notes sent at once, at 100, 101, ... 150.
    await Promise.all(
      ids.map((id, k) => {
        clock.t = 100 + k;
        return s.aiTurns.note(id);
      }),
    );
    expect(await s.aiTurns.noted(1e12)).toEqual(ids.slice(0, 50));
    expect(await s.aiTurns.noted(1e12, 51)).toEqual(ids);
  });

  it('an id that is not a record id is never noted', async () => {
    const s = await fresh();
    for (const bad of BAD_IDS) await s.aiTurns.note(bad);
    expect(await s.redis.zcard(turnsKey(s))).toBe(0);
    expect(await s.aiTurns.noted(1e12)).toEqual([]);
  });

  it('a lease is taken when free and then refused, naming its holder (its owner too: it is no re-entrant lock)', async () => {
    const s = await fresh();
    const id = rid();
    expect(await s.aiTurns.holder(id)).toBeNull();
    expect(await s.aiTurns.lease(id, 'p1', 5_000)).toBeNull();
    expect(await s.aiTurns.holder(id)).toBe('p1');
    expect(await s.redis.get(leaseKey(s, id))).toBe('p1');
    const ttl = await s.redis.pttl(leaseKey(s, id));
    expect(ttl).toBeGreaterThan(4_000);
    expect(ttl).toBeLessThanOrEqual(5_000);
    expect(await s.aiTurns.lease(id, 'p2', 5_000)).toBe('p1');
    expect(await s.aiTurns.lease(id, 'p1', 5_000)).toBe('p1');
    expect(await s.aiTurns.holder(id)).toBe('p1');
    // Another game's lease is its own.
    expect(await s.aiTurns.lease(rid(), 'p2', 5_000)).toBeNull();
  });

  it('takeOver: the lease of the process named is taken; of any other, not', async () => {
    const s = await fresh();
    const id = rid();
    await s.aiTurns.lease(id, 'p1', 5_000);
    expect(await s.aiTurns.lease(id, 'p2', 5_000, 'p3')).toBe('p1');
    expect(await s.aiTurns.holder(id)).toBe('p1');
    expect(await s.aiTurns.lease(id, 'p2', 5_000, null)).toBe('p1');
    expect(await s.aiTurns.lease(id, 'p2', 5_000, 'p1')).toBeNull();
    expect(await s.aiTurns.holder(id)).toBe('p2');
    // A free lease is taken whatever takeOver names.
    const other = rid();
    expect(await s.aiTurns.lease(other, 'p2', 5_000, 'p9')).toBeNull();
    expect(await s.aiTurns.holder(other)).toBe('p2');
  });

  it('no takeOver (or an empty one) never clears a lease, even one held under the empty name', async () => {
    const s = await fresh();
    const id = rid();
    expect(await s.aiTurns.lease(id, '', 5_000)).toBeNull();
    expect(await s.aiTurns.lease(id, 'p2', 5_000)).toBe('');
    expect(await s.aiTurns.lease(id, 'p2', 5_000, '')).toBe('');
    expect(await s.aiTurns.lease(id, 'p2', 5_000, null)).toBe('');
    expect(await s.aiTurns.holder(id)).toBe('');
  });

  it('a lease ends with its time to live; a zero or negative one still takes the lease, for 1 ms', async () => {
    const s = await fresh();
    const id = rid();
    expect(await s.aiTurns.lease(id, 'p1', 1)).toBeNull();
    await sleep(15);
    expect(await s.aiTurns.holder(id)).toBeNull();
    expect(await s.aiTurns.lease(id, 'p2', 0)).toBeNull();
    await sleep(15);
    expect(await s.aiTurns.lease(id, 'p3', -50)).toBeNull();
    await sleep(15);
    expect(await s.aiTurns.lease(id, 'p4', 5_000)).toBeNull();
    expect(await s.aiTurns.holder(id)).toBe('p4');
  });

  it('a lease that expires between the refused SET and the GET is taken on the second try', async () => {
    const s = await fresh();
    const id = rid();
    await s.aiTurns.lease(id, 'p1', 60_000);
    const realGet = s.redis.get.bind(s.redis);
    vi.spyOn(s.redis, 'get').mockImplementationOnce(async (key) => {
      await s.redis.del(key); // p1's lease runs out just now
      return realGet(key);
    });
    expect(await s.aiTurns.lease(id, 'p2', 3_000)).toBeNull();
    expect(await s.aiTurns.holder(id)).toBe('p2');
    const ttl = await s.redis.pttl(leaseKey(s, id));
    expect(ttl).toBeGreaterThan(2_000);
    expect(ttl).toBeLessThanOrEqual(3_000);
  });

  it('…and one that another process takes in that moment is reported held by "someone"', async () => {
    const s = await fresh();
    const id = rid();
    await s.aiTurns.lease(id, 'p1', 60_000);
    const realGet = s.redis.get.bind(s.redis);
    vi.spyOn(s.redis, 'get').mockImplementationOnce(async (key) => {
      await s.redis.del(key);
      const seen = await realGet(key); // null: expired...
      await s.redis.set(key, 'p3', 'PX', 60_000); // ...and p3 takes it before our second try
      return seen;
    });
    expect(await s.aiTurns.lease(id, 'p2', 3_000)).toBe('someone');
    expect(await s.aiTurns.holder(id)).toBe('p3');
  });

  it('extend: only the owner keeps the lease longer', async () => {
    const s = await fresh();
    const id = rid();
    expect(await s.aiTurns.extend(id, 'p1', 60_000)).toBe(false); // nobody holds it
    expect(await s.redis.exists(leaseKey(s, id))).toBe(0);
    await s.aiTurns.lease(id, 'p1', 5_000);
    expect(await s.aiTurns.extend(id, 'p2', 60_000)).toBe(false);
    expect(await s.redis.pttl(leaseKey(s, id))).toBeLessThanOrEqual(5_000);
    expect(await s.aiTurns.extend(id, 'p1', 60_000)).toBe(true);
    const ttl = await s.redis.pttl(leaseKey(s, id));
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await s.aiTurns.holder(id)).toBe('p1');
    // Zero still keeps it (1 ms), it does not refuse: the lease is gone a moment later.
    expect(await s.aiTurns.extend(id, 'p1', 0)).toBe(true);
    await sleep(15);
    expect(await s.aiTurns.holder(id)).toBeNull();
  });

  it('release: only by the owner', async () => {
    const s = await fresh();
    const id = rid();
    await s.aiTurns.release(id, 'p1'); // nothing held: no error
    await s.aiTurns.lease(id, 'p1', 5_000);
    await s.aiTurns.release(id, 'p2');
    expect(await s.aiTurns.holder(id)).toBe('p1');
    await s.aiTurns.release(id, 'p1');
    expect(await s.aiTurns.holder(id)).toBeNull();
    expect(await s.aiTurns.lease(id, 'p2', 5_000)).toBeNull();
  });

  it('an id that is not a record id: lease refused, extend false, holder null, release a no-op, keys untouched', async () => {
    const s = await fresh();
    for (const bad of BAD_IDS) {
      // A key planted where such an id's lease would live: nothing may read, extend or delete it.
      const key = leaseKey(s, bad);
      await s.redis.set(key, 'p1', 'PX', 5_000);
      expect(await s.aiTurns.lease(bad, 'p2', 60_000, 'p1')).toBe('invalid id');
      expect(await s.redis.get(key)).toBe('p1');
      expect(await s.aiTurns.extend(bad, 'p1', 60_000)).toBe(false);
      expect(await s.redis.pttl(key)).toBeLessThanOrEqual(5_000);
      expect(await s.aiTurns.holder(bad)).toBeNull();
      await s.aiTurns.release(bad, 'p1');
      expect(await s.redis.get(key)).toBe('p1');
    }
  });
});

// The embedded store's expiry follows Date.now, so with the clock stopped a time to live reads back exactly.
describe('AI leases on the embedded store with the clock stopped: exact times to live', () => {
  let s: Store;
  const T = 1_750_000_000_000;
  const stop = () => vi.spyOn(Date, 'now').mockReturnValue(T);
  const key = (id: string) => `${s.prefix}game:{${id}}:ai`;

  afterAll(async () => {
    await cleanup(s);
    await s.close();
  });

  it('a lease lives its ttl rounded up to whole ms, 1 ms at least', async () => {
    s = await openStore({ prefix: prefixFor('ai-turns-exact', MODES[1]), logger: quiet });
    stop();
    const [a, b, c] = [rid(), rid(), rid()];
    expect(await s.aiTurns.lease(a, 'p1', 1_000.2)).toBeNull();
    expect(await s.redis.pttl(key(a))).toBe(1_001);
    expect(await s.aiTurns.lease(b, 'p1', 0)).toBeNull();
    expect(await s.redis.pttl(key(b))).toBe(1);
    expect(await s.aiTurns.lease(c, 'p1', 0.4)).toBeNull();
    expect(await s.redis.pttl(key(c))).toBe(1);
  });

  it('the second try after an expiry uses the same ttl', async () => {
    stop();
    const id = rid();
    await s.aiTurns.lease(id, 'p1', 60_000);
    const realGet = s.redis.get.bind(s.redis);
    vi.spyOn(s.redis, 'get').mockImplementationOnce(async (k) => {
      await s.redis.del(k);
      return realGet(k);
    });
    expect(await s.aiTurns.lease(id, 'p2', 2_500.5)).toBeNull();
    expect(await s.redis.pttl(key(id))).toBe(2_501);
  });

  it('extend sets the ttl rounded up, 1 ms at least', async () => {
    stop();
    const id = rid();
    await s.aiTurns.lease(id, 'p1', 1_000);
    expect(await s.aiTurns.extend(id, 'p1', 2_000.5)).toBe(true);
    expect(await s.redis.pttl(key(id))).toBe(2_001);
    expect(await s.aiTurns.extend(id, 'p1', -3)).toBe(true);
    expect(await s.redis.pttl(key(id))).toBe(1);
    expect(await s.aiTurns.holder(id)).toBe('p1');
  });
});
