// The tournament store (compare-and-set records validated on read, the due
// index, leases, wins) and season boards in the ratings store, on real Redis
// and on the embedded store.
import { describe, expect, it } from 'vitest';
import { GLICKO, guildScope, SEASON_RD, seasonScope } from '../../src/model/index.js';
import { CorruptRecordError, newId, type Store } from '../../src/store/index.js';
import { MODES, newTournament, openMany, uid, useStore } from './helpers.js';

const DAY = 24 * 3_600_000;

describe.each(MODES)('tournaments on $name', (mode) => {
  let store: Store;
  const prefix = useStore(mode, 'tournaments', (s) => (store = s));

  it('creates at version 1, reads it back, and every update is a compare-and-set', async () => {
    const t = await store.tournaments.create(newTournament());
    expect(t.version).toBe(1);
    expect(t.id).toMatch(/^[0-9a-z]{10}$/);
    expect(await store.tournaments.get(t.id)).toEqual(t);
    const joined = { ...t, players: [{ id: 'u1', name: 'Ann' }] };
    const a = await store.tournaments.update(t.id, 1, joined);
    expect(a.ok && a.tournament.version).toBe(2);
    // A writer that read version 1 loses.
    const b = await store.tournaments.update(t.id, 1, { ...t, players: [{ id: 'u2', name: 'Ben' }] });
    expect(b).toEqual({ ok: false, reason: 'conflict' });
    expect((await store.tournaments.get(t.id))!.players).toEqual([{ id: 'u1', name: 'Ann' }]);
    expect(await store.tournaments.update(newId(), 1, t)).toEqual({ ok: false, reason: 'not-found' });
    // A record that would not read back is refused before Redis.
    await expect(store.tournaments.update(t.id, 2, { ...t, format: 'knockout' as never })).rejects.toThrow(
      /invalid tournament/,
    );
    expect(await store.tournaments.get('../bad')).toBeNull();
  });

  it('of many racing writers on one version, exactly one wins', async () => {
    const t = await store.tournaments.create(newTournament());
    const stores = await openMany(mode, prefix, 5);
    try {
      const res = await Promise.all(
        stores.map((s, k) => s.tournaments.update(t.id, 1, { ...t, players: [{ id: `u${k}`, name: 'x' }] })),
      );
      expect(res.filter((r) => r.ok)).toHaveLength(1);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  it('a damaged record is reported, never trusted; lists skip it', async () => {
    const t = await store.tournaments.create(newTournament());
    const other = await store.tournaments.create(newTournament({ guildId: t.guildId }));
    await store.redis.hset(`${prefix}tournament:{${t.id}}`, 'data', '{"id":"nope"');
    await expect(store.tournaments.get(t.id)).rejects.toBeInstanceOf(CorruptRecordError);
    await store.redis.hset(`${prefix}tournament:{${t.id}}`, 'data', JSON.stringify({ ...t, players: 'everyone' }));
    await expect(store.tournaments.get(t.id)).rejects.toThrow(/players/);
    expect((await store.tournaments.listByGuild(t.guildId)).map((x) => x.id)).toEqual([other.id]);
  });

  it('due, snooze, leases and wins', async () => {
    const t = await store.tournaments.create(newTournament({ wakeAt: 1000 }));
    expect(await store.tournaments.due(999)).not.toContain(t.id);
    expect(await store.tournaments.due(1000)).toContain(t.id);
    await store.tournaments.snooze(t.id, 5000);
    expect(await store.tournaments.due(4999)).not.toContain(t.id);
    // An update with no wake-up takes it out; snooze never puts it back.
    await store.tournaments.update(t.id, 1, { ...t, wakeAt: null });
    await store.tournaments.snooze(t.id, 10);
    expect(await store.tournaments.due(1e15)).not.toContain(t.id);

    expect(await store.tournaments.lease(t.id, 'open-1-1', 60_000)).toBe(true);
    expect(await store.tournaments.lease(t.id, 'open-1-1', 60_000)).toBe(false);
    expect(await store.tournaments.lease(t.id, 'open-1-2', 60_000)).toBe(true);

    const u = uid('u');
    await store.tournaments.addWin(u, t.id, 10);
    await store.tournaments.addWin(u, t.id, 10);
    await store.tournaments.addWin(u, 'other00001', 20);
    expect(await store.tournaments.wins(u)).toEqual(['other00001', t.id]);
  });

  it('seasons: tracked servers; the end-of-season post leased to one process at a time, tried again after a failure, done once', async () => {
    const g = uid('g');
    await store.seasons.track(g, true);
    expect(await store.seasons.guilds()).toContain(g);
    // One holder at a time, per server and season.
    expect(await store.seasons.leaseRollover(g, '2026-11', 60_000)).toBe(true);
    expect(await store.seasons.leaseRollover(g, '2026-11', 60_000)).toBe(false);
    expect(await store.seasons.leaseRollover(g, '2026-12', 60_000)).toBe(true);
    // A failed post: the lease ends soon (half a second: slow enough for a busy machine, or an instrumented run), then
    // another attempt may take it.
    await store.seasons.retryRollover(g, '2026-11', 500);
    expect(await store.seasons.leaseRollover(g, '2026-11', 60_000)).toBe(false);
    await new Promise((r) => setTimeout(r, 550));
    expect(await store.seasons.leaseRollover(g, '2026-11', 60_000)).toBe(true);
    // Posted: done for good, whoever asks and however long the lease would be.
    await store.seasons.finishRollover(g, '2026-11');
    expect(await store.seasons.leaseRollover(g, '2026-11', 1)).toBe(false);
    await new Promise((r) => setTimeout(r, 10));
    expect(await store.seasons.leaseRollover(g, '2026-11', 1)).toBe(false);
    // Shortening the lease of a season already done changes nothing.
    await store.seasons.retryRollover(g, '2026-11', 1);
    expect(await store.seasons.leaseRollover(g, '2026-11', 60_000)).toBe(false);
    await store.seasons.track(g, false);
    expect(await store.seasons.guilds()).not.toContain(g);
  });

  it('season boards: a first season game starts from the all-time rating with the deviation raised; all-time goes on', async () => {
    const g = uid('g');
    const [a, b] = [uid('u'), uid('u')];
    const now = 1000 * DAY;
    // Ten all-time games settle both players well below the season deviation.
    for (let k = 0; k < 10; k++)
      await store.ratings.applyResult(
        'orion',
        newId(),
        g,
        [a, b],
        { winner: k % 3 === 0 ? 1 : 0, draw: false },
        now + k,
      );
    const before = await store.ratings.get('orion', a, guildScope(g));
    expect(before.rd).toBeLessThan(SEASON_RD);
    const seasons = { global: '2026-Q4', guild: '2026-12' };
    const out = await store.ratings.applyResult(
      'orion',
      newId(),
      g,
      [a, b],
      { winner: 0, draw: false },
      now + 20,
      seasons,
    );
    // The outcome (the final post) is the all-time change.
    expect(out.players[0].guild!.before).toEqual(before);
    const after = await store.ratings.get('orion', a, guildScope(g));
    expect(after.games).toBe(11);
    const season = await store.ratings.get('orion', a, seasonScope(guildScope(g), '2026-12'));
    expect(season.games).toBe(1);
    expect(season.wins).toBe(1);
    // Started at the all-time rating with RD 150: the win moved it more than the all-time one.
    expect(season.rating - before.rating).toBeGreaterThan(after.rating - before.rating);
    expect(season.rd).toBeLessThan(SEASON_RD);
    const globalSeason = await store.ratings.get('orion', a, seasonScope('global', '2026-Q4'));
    expect(globalSeason.games).toBe(1);
    expect(await store.ratings.rank('orion', a, seasonScope(guildScope(g), '2026-12'))).toBe(1);
    // Another month's board is empty; a newcomer's season starts at the newcomer's deviation.
    expect(await store.ratings.top('orion', seasonScope(guildScope(g), '2026-11'), 10)).toEqual([]);
    const c = uid('u');
    await store.ratings.applyResult('orion', newId(), g, [c, a], { winner: null, draw: true }, now + 30, seasons);
    const fresh = await store.ratings.get('orion', c, seasonScope(guildScope(g), '2026-12'));
    expect(fresh.rating).toBeCloseTo(GLICKO.rating, -2);
    expect(fresh.rd).toBeGreaterThan(200);
    await expect(
      store.ratings.applyResult('orion', newId(), g, [a, b], { winner: 0, draw: false }, now, { guild: 'December' }),
    ).rejects.toThrow(/season/);
  });
});
