// Driving a tournament (tournament-drive.ts) at its edges, at the match layer:
// sign-up closing with exactly the minimum of players, the Swiss seeds read
// from the server's board (unrated players and damaged ratings unseeded, a
// Redis failure not swallowed), pairings whose game never opened or cannot be
// read at the deadline, a leaver whose game was not resigned or never opened,
// and the end's post: a cancel's words, and a post that fails.
import { describe, expect, it } from 'vitest';
import {
  cancelTournament,
  createTournament,
  drive,
  joinTournament,
  pairingGameId,
  recordTournamentCard,
  roundPairings,
  seedRatings,
  startTournament,
  sweepTournaments,
  tournamentGameOver,
  type TournamentInput,
} from '../../src/match/index.js';
import type { Entrant, StoredTournament } from '../../src/model/index.js';
import { CorruptRecordError } from '../../src/store/types.js';
import { harness, HOUR, refusalOf, tournamentInput, useMatchStore, type Harness } from './harness.js';

const m = useMatchStore('tournament-drive');
const olga: Entrant = { id: 'olga', name: 'Olga' };
let n = 0;

function eventHarness() {
  const clock = { now: Date.now() };
  const h = harness(() => clock.now);
  h.ctx.onGameOver = (rec) => tournamentGameOver(h.ctx, rec);
  h.ctx.notifier.openThread = (_channelId, messageId) => Promise.resolve(`thread-${messageId}`);
  return { h, clock };
}

async function signedUp(h: Harness, k: number, over: Partial<TournamentInput> = {}) {
  const t = await createTournament(h.ctx, tournamentInput({ organiser: olga, guildId: `guild${++n}`, ...over }));
  await recordTournamentCard(h.ctx, t.id, `card-${t.id}`);
  const ps = Array.from({ length: k }, (_, i) => ({ id: `d${n}x${i}`, name: `P${i}` }));
  for (const p of ps) await joinTournament(h.ctx, t.id, p);
  return { t, ps };
}

const load = async (id: string): Promise<StoredTournament> => (await m.store.tournaments.get(id))!;

/** Replaces the event's record as a change landed by another path would (its version moves on). */
async function rewrite(id: string, change: (t: StoredTournament) => StoredTournament): Promise<void> {
  const t = await load(id);
  const r = await m.store.tournaments.update(id, t.version, change(t));
  if (!r.ok) throw new Error('update');
}

const gameKey = (gameId: string): string => `${m.prefix}game:{${gameId}}`;

describe('sign-up closing at its time', () => {
  it('with exactly the minimum (three) the event starts', async () => {
    const { h, clock } = eventHarness();
    const { t } = await signedUp(h, 3, { startsAt: clock.now + HOUR });
    clock.now += HOUR;
    expect(await sweepTournaments(h.ctx)).toBe(1);
    await h.settle();
    expect(await load(t.id)).toMatchObject({ status: 'running', round: 1 });
  });
});

describe('sign-up closing with too few', () => {
  it('while another process holds the announcement: cancelled, and still due for its note', async () => {
    const { h, clock } = eventHarness();
    const { t } = await signedUp(h, 2, { startsAt: clock.now + HOUR });
    expect(await m.store.tournaments.lease(t.id, 'announce', 60_000)).toBe(true); // another process, posting
    clock.now += HOUR;
    await sweepTournaments(h.ctx);
    expect(await load(t.id)).toMatchObject({ status: 'cancelled', announced: false });
    expect(await m.store.tournaments.due(clock.now + 1_000)).toContain(t.id); // snoozed a second, not dropped
  });
});

describe('the Swiss seeds', () => {
  it("read from the server's board: players with games only; a damaged rating unseeds; Redis failing is thrown", async () => {
    const { h } = eventHarness();
    const { t: t0, ps } = await signedUp(h, 4, { format: 'swiss' });
    const t = await load(t0.id);
    const asked: string[] = [];
    const ratings = (fail: Error | null) =>
      new Proxy(m.store.ratings, {
        get: (o, k) =>
          k === 'get'
            ? (game: string, userId: string, scope: string) => {
                asked.push(`${game} ${userId} ${scope}`);
                if (userId === ps[2].id)
                  return Promise.reject(fail ?? new CorruptRecordError('rating', 'k', ['x'], userId));
                const games = userId === ps[1].id ? 0 : 3;
                return Promise.resolve({ rating: userId === ps[0].id ? 1720 : 1500, rd: 80, vol: 0.06, games });
              }
            : (Reflect.get(o, k) as unknown),
      });
    const store = h.ctx.store;
    h.ctx.store = new Proxy(store, {
      get: (o, k) => (k === 'ratings' ? ratings(null) : (Reflect.get(o, k) as unknown)),
    });
    const seeds = await seedRatings(h.ctx, t);
    expect([...seeds.entries()].sort()).toEqual([
      [ps[0].id, 1720],
      [ps[3].id, 1500],
    ]);
    expect(asked.every((a) => a.endsWith(` guild:${t.guildId}`))).toBe(true);
    expect(asked).toHaveLength(4);
    const down = new Error('Connection is closed.');
    h.ctx.store = new Proxy(store, {
      get: (o, k) => (k === 'ratings' ? ratings(down) : (Reflect.get(o, k) as unknown)),
    });
    await expect(seedRatings(h.ctx, t)).rejects.toBe(down);
  });
});

describe('the round deadline', () => {
  it('a pairing whose game never opened, and one whose record cannot be read, are double forfeits', async () => {
    const { h, clock } = eventHarness();
    const { t } = await signedUp(h, 4, { format: 'swiss', rounds: 2, clockHours: 1, roundHours: 2 });
    await startTournament(h.ctx, t.id, olga.id, false);
    await h.settle();
    const [b1, b2] = roundPairings(await load(t.id));
    await m.store.redis.del(gameKey(pairingGameId(t.id, 1, b1.board)));
    await m.store.redis.hset(gameKey(pairingGameId(t.id, 1, b2.board)), 'players', '[1,2');
    clock.now += 2 * HOUR;
    await sweepTournaments(h.ctx);
    await h.settle();
    const after = await load(t.id);
    expect(roundPairings(after, 1).map((p) => [p.result, p.forfeit])).toEqual([
      ['double-forfeit', true],
      ['double-forfeit', true],
    ]);
    expect(after.round).toBe(2);
  });
});

describe('a player who has left', () => {
  it('their game still open (the resignation was lost) ends as theirs at the next look', async () => {
    const { h } = eventHarness();
    const { t, ps } = await signedUp(h, 4);
    await startTournament(h.ctx, t.id, olga.id, false);
    await h.settle();
    const mine = roundPairings(await load(t.id)).find((p) => p.first === ps[0].id || p.second === ps[0].id)!;
    // The withdrawal landed, the resignation did not (a crash between the two).
    await rewrite(t.id, (x) => ({ ...x, withdrawals: [...x.withdrawals, { player: ps[0].id, round: x.round }] }));
    expect(await drive(h.ctx, t.id)).toBe(true);
    await h.settle();
    const rec = (await m.store.games.get(pairingGameId(t.id, 1, mine.board)))!;
    expect(rec.result).toMatchObject({ reason: 'resign', winner: mine.first === ps[0].id ? 1 : 0 });
    const p = roundPairings(await load(t.id), 1).find((x) => x.board === mine.board)!;
    expect(p.result).toBe(mine.first === ps[0].id ? 'second' : 'first');
  });

  it('their game never opened: a forfeit win for the other; both gone: a double forfeit', async () => {
    for (const both of [false, true]) {
      const { h } = eventHarness();
      const { t } = await signedUp(h, 4);
      await startTournament(h.ctx, t.id, olga.id, false);
      await h.settle();
      const [b1] = roundPairings(await load(t.id));
      await m.store.redis.del(gameKey(pairingGameId(t.id, 1, b1.board)));
      const gone = both ? [b1.first, b1.second!] : [b1.first];
      await rewrite(t.id, (x) => ({
        ...x,
        withdrawals: [...x.withdrawals, ...gone.map((player) => ({ player, round: x.round }))],
      }));
      expect(await drive(h.ctx, t.id)).toBe(true);
      await h.settle();
      const p = roundPairings(await load(t.id), 1).find((x) => x.board === b1.board)!;
      expect([p.result, p.forfeit]).toEqual(both ? ['double-forfeit', true] : ['second', true]);
    }
  });
});

describe('the end', () => {
  it('a cancel after the start: the canceller named, said started, leavers not pinged', async () => {
    const { h } = eventHarness();
    const { t, ps } = await signedUp(h, 4);
    await startTournament(h.ctx, t.id, olga.id, false);
    await h.settle();
    await rewrite(t.id, (x) => ({ ...x, withdrawals: [...x.withdrawals, { player: ps[3].id, round: x.round }] }));
    h.posts.length = 0;
    await cancelTournament(h.ctx, t.id, 'admin', true);
    await h.settle();
    const note = h.posts.find((p) => p.post.kind === 'text' && p.post.lines[0].key === 'tournament.cancelledBy')!;
    if (note.post.kind !== 'text') throw new Error('kind');
    expect(note.post.lines[0].params).toMatchObject({ user: { user: 'admin' }, started: 'yes', n: 3 });
    expect([...note.post.ping].sort()).toEqual(
      ps
        .slice(0, 3)
        .map((p) => p.id)
        .sort(),
    );
  });

  it('a cancel in sign-up by the organiser: not started, the organiser named', async () => {
    const { h } = eventHarness();
    const { t } = await signedUp(h, 2);
    await cancelTournament(h.ctx, t.id, olga.id, false);
    await h.settle();
    const note = h.posts.find((p) => p.post.kind === 'text' && p.post.lines[0].key === 'tournament.cancelledBy')!;
    if (note.post.kind !== 'text') throw new Error('kind');
    expect(note.post.lines[0].params).toMatchObject({ user: { user: olga.id }, started: 'no', n: 2 });
  });

  it('a final post that fails is logged once and not retried; the event is marked announced', async () => {
    const { h } = eventHarness();
    const { t } = await signedUp(h, 2);
    const { notifier } = h.ctx;
    const post = notifier.post.bind(notifier);
    notifier.post = (where, p) =>
      p.kind === 'text' ? Promise.reject(new Error('Missing Permissions')) : post(where, p);
    expect(await refusalOf(cancelTournament(h.ctx, t.id, olga.id, false))).toBeNull();
    await h.settle();
    expect(await load(t.id)).toMatchObject({ status: 'cancelled', announced: true });
    expect(h.logs.filter((l) => l.msg === 'could not post the end of a tournament')).toHaveLength(1);
    expect(await sweepTournaments(h.ctx)).toBe(0);
  });
});

describe('the sweep', () => {
  const dueAt = async (id: string): Promise<number | null> => {
    const s = await m.store.redis.zscore(`${m.prefix}tournaments:due`, id);
    return s === null ? null : Number(s);
  };

  it('puts an event looked at early back to its next instant, and one it cannot settle yet a second on', async () => {
    const { h, clock } = eventHarness();
    const { t } = await signedUp(h, 2, { startsAt: clock.now + HOUR });
    await m.store.tournaments.snooze(t.id, clock.now - 1);
    expect(await sweepTournaments(h.ctx)).toBe(0);
    expect(await dueAt(t.id)).toBe(t.startsAt);
    // Cancelled while another process holds the announcement: it is not announced yet, so due now; the sweep looks
    // again a second later rather than at once.
    const { t: u } = await signedUp(h, 2, { startsAt: clock.now + HOUR });
    expect(await m.store.tournaments.lease(u.id, 'announce', 60_000)).toBe(true);
    expect(await refusalOf(cancelTournament(h.ctx, u.id, olga.id, false))).toBeNull();
    await h.settle();
    expect(await load(u.id)).toMatchObject({ status: 'cancelled', announced: false });
    await m.store.tournaments.snooze(u.id, clock.now - 1);
    await sweepTournaments(h.ctx);
    expect(await dueAt(u.id)).toBe(clock.now + 1000);
  });

  it('logs an event it cannot drive; a damaged record comes back ten minutes later, another failure at its time', async () => {
    const { h, clock } = eventHarness();
    const { t: damaged } = await signedUp(h, 2, { startsAt: clock.now + HOUR });
    const { t: failing } = await signedUp(h, 2, { startsAt: clock.now + HOUR });
    const store = h.ctx.store;
    const tournaments = new Proxy(store.tournaments, {
      get: (o, k) =>
        k === 'get'
          ? (id: string) =>
              id === damaged.id
                ? Promise.reject(new CorruptRecordError('tournament', 'k', ['status'], id))
                : id === failing.id
                  ? Promise.reject(new Error('Connection is closed.'))
                  : o.get(id)
          : (Reflect.get(o, k) as unknown),
    });
    h.ctx.store = new Proxy(store, {
      get: (o, k) => (k === 'tournaments' ? tournaments : (Reflect.get(o, k) as unknown)),
    });
    for (const id of [damaged.id, failing.id]) await m.store.tournaments.snooze(id, clock.now - 1);
    expect(await sweepTournaments(h.ctx)).toBe(0);
    expect(h.logs.filter((l) => l.msg === 'tournament sweep failed for an event')).toHaveLength(2);
    expect(await dueAt(damaged.id)).toBe(clock.now + 10 * 60_000);
    expect(await dueAt(failing.id)).toBe(clock.now - 1);
  });
});
