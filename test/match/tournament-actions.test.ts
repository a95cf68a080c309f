// A tournament's actions at their bounds (tournament-actions.ts): the creation
// checks (Swiss rounds 1 to 12, sign-up closing from now to two weeks ahead,
// a round as long as a move at least, five open events a server), the clock
// and round length by default, Join on a full or started event, Leave by a
// stranger or after the end, and Cancel at the moment the event ends.
import { describe, expect, it } from 'vitest';
import {
  cancelTournament,
  createTournament,
  joinTournament,
  leaveTournament,
  MAX_OPEN_EVENTS,
  MAX_START_AHEAD_MS,
  recordTournamentCard,
  ROUND_MOVES,
  startTournament,
  type TournamentInput,
} from '../../src/match/index.js';
import { MAX_PLAYERS, MAX_SWISS_ROUNDS, pairingGameId } from '../../src/match/tournament/event.js';
import { refreshCard } from '../../src/match/tournament-record.js';
import type { Entrant, StoredTournament } from '../../src/model/index.js';
import { harness, HOUR, refusalOf, tournamentInput, useMatchStore, type Harness } from './harness.js';

const m = useMatchStore('tournament-actions');
const olga: Entrant = { id: 'olga', name: 'Olga' };
let n = 0;
const T = Date.UTC(2026, 11, 1, 12);

const input = (over: Partial<TournamentInput> = {}): TournamentInput =>
  tournamentInput({ organiser: olga, guildId: `ga${++n}`, ...over });
/** A process whose pairing posts each get a thread (the round's games are played there, as in a server). */
function proc(): Harness {
  const h = harness(() => T);
  h.ctx.notifier.openThread = (_channelId, messageId) => Promise.resolve(`thread-${messageId}`);
  return h;
}
const load = async (id: string): Promise<StoredTournament> => (await m.store.tournaments.get(id))!;
const entrants = (k: number): Entrant[] => Array.from({ length: k }, (_, i) => ({ id: `a${n}x${i}`, name: `P${i}` }));

async function signedUp(h: Harness, k: number, over: Partial<TournamentInput> = {}) {
  const t = await createTournament(h.ctx, input(over));
  await recordTournamentCard(h.ctx, t.id, `card-${t.id}`);
  const ps = entrants(k);
  for (const p of ps) await joinTournament(h.ctx, t.id, p);
  return { t, ps };
}

describe('creating an event', () => {
  it('Swiss rounds from 1 to 12; sign-up closing from now to two weeks ahead', async () => {
    const h = proc();
    const swiss = (rounds: number) => input({ format: 'swiss', rounds });
    expect(MAX_SWISS_ROUNDS).toBe(12);
    for (const rounds of [0, 13]) {
      expect(await refusalOf(createTournament(h.ctx, swiss(rounds)))).toEqual({ key: 'tournament.roundsRange' });
    }
    for (const rounds of [1, 12]) expect((await createTournament(h.ctx, swiss(rounds))).roundsWanted).toBe(rounds);
    for (const startsAt of [T - 1, T + MAX_START_AHEAD_MS + 1]) {
      expect(await refusalOf(createTournament(h.ctx, input({ startsAt })))).toEqual({ key: 'tournament.startsRange' });
    }
    for (const startsAt of [T, T + MAX_START_AHEAD_MS]) {
      expect(await createTournament(h.ctx, input({ startsAt }))).toMatchObject({ startsAt, wakeAt: startsAt });
    }
  });

  it("by default a move takes the server's time and a round twenty moves; a round as long as a move is allowed", async () => {
    const h = proc();
    const guildId = `ga${++n}`;
    await m.store.settings.update(guildId, { clockMs: 6 * HOUR });
    const t = await createTournament(h.ctx, input({ guildId, clockHours: null, roundHours: null }));
    expect(t).toMatchObject({ clockMs: 6 * HOUR, roundMs: 6 * HOUR * ROUND_MOVES });
    expect(ROUND_MOVES).toBe(20);
    const same = await createTournament(h.ctx, input({ clockHours: 24, roundHours: 24 }));
    expect(same).toMatchObject({ clockMs: 24 * HOUR, roundMs: 24 * HOUR });
  });

  it('five open events a server (in sign-up or running); one that is over frees its place', async () => {
    const h = proc();
    const guildId = `ga${++n}`;
    const made: StoredTournament[] = [];
    for (let k = 0; k < MAX_OPEN_EVENTS - 1; k++) made.push(await createTournament(h.ctx, input({ guildId })));
    // One of them running: it counts as open.
    const { t: running } = await signedUp(h, 3, { guildId });
    await startTournament(h.ctx, running.id, olga.id, false);
    await h.settle();
    expect((await load(running.id)).status).toBe('running');
    expect(await refusalOf(createTournament(h.ctx, input({ guildId })))).toEqual({ key: 'tournament.tooMany' });
    await cancelTournament(h.ctx, made[0].id, olga.id, false);
    await h.settle();
    expect(await refusalOf(createTournament(h.ctx, input({ guildId })))).toBeNull();
  });
});

describe('the sign-up buttons', () => {
  it('Join: refused once full (64), and once sign-up has closed; nothing changes', async () => {
    const h = proc();
    expect(MAX_PLAYERS).toBe(64);
    const { t } = await signedUp(h, MAX_PLAYERS - 1);
    const [last, extra] = entrants(2).map((p) => ({ ...p, id: `${p.id}late` }));
    expect((await joinTournament(h.ctx, t.id, last)).tournament.players).toHaveLength(MAX_PLAYERS);
    expect(await refusalOf(joinTournament(h.ctx, t.id, extra))).toEqual({ key: 'tournament.full' });
    const { t: begun } = await signedUp(h, 3);
    await startTournament(h.ctx, begun.id, olga.id, false);
    await h.settle();
    expect(await refusalOf(joinTournament(h.ctx, begun.id, extra))).toEqual({ key: 'tournament.signupClosed' });
    expect((await load(begun.id)).players).toHaveLength(3);
  });

  it('Leave: refused to a stranger and after the end; in sign-up it says nothing, running it says you left', async () => {
    const h = proc();
    const { t, ps } = await signedUp(h, 4);
    expect(await refusalOf(leaveTournament(h.ctx, t.id, 'stranger'))).toEqual({ key: 'tournament.notIn' });
    expect((await leaveTournament(h.ctx, t.id, ps[3].id)).tell).toBeUndefined();
    await startTournament(h.ctx, t.id, olga.id, false);
    await h.settle();
    expect((await leaveTournament(h.ctx, t.id, ps[2].id)).tell).toEqual({ key: 'tournament.youLeft' });
    await h.settle();
    await cancelTournament(h.ctx, t.id, olga.id, false);
    await h.settle();
    const before = await load(t.id);
    expect(await refusalOf(leaveTournament(h.ctx, t.id, ps[0].id))).toEqual({ key: 'tournament.over' });
    expect((await load(t.id)).version).toBe(before.version);
  });

  it('Cancel drops the round deadline with the event', async () => {
    const h = proc();
    const { t } = await signedUp(h, 3);
    await startTournament(h.ctx, t.id, olga.id, false);
    await h.settle();
    expect((await load(t.id)).roundDeadline).not.toBeNull();
    const { tournament } = await cancelTournament(h.ctx, t.id, olga.id, false);
    expect(tournament).toMatchObject({ status: 'cancelled', roundDeadline: null, cancelledBy: olga.id });
    await h.settle();
  });

  it('Cancel and the end meeting: an event that ended between the read and the write is not cancelled', async () => {
    const h = proc();
    const { t } = await signedUp(h, 3);
    // The event ends (another process) just after this Cancel read it as open.
    const store = h.ctx.store;
    let ended = false;
    const tournaments = new Proxy(store.tournaments, {
      get: (o, k) =>
        k === 'update'
          ? async (...a: Parameters<typeof o.update>) => {
              if (!ended) {
                ended = true;
                const cur = await o.get(a[0]);
                await o.update(a[0], cur!.version, { ...cur!, status: 'finished', announced: true, wakeAt: null });
                return { ok: false, reason: 'conflict' } as const;
              }
              return o.update(...a);
            }
          : (Reflect.get(o, k) as unknown),
    });
    h.ctx.store = new Proxy(store, {
      get: (o, k) => (k === 'tournaments' ? tournaments : (Reflect.get(o, k) as unknown)),
    });
    expect(await refusalOf(cancelTournament(h.ctx, t.id, olga.id, false))).toEqual({ key: 'tournament.over' });
    expect((await load(t.id)).status).toBe('finished');
  });

  it('a leaver whose game of the round was decided already is not resigned again', async () => {
    const h = proc();
    const { t, ps } = await signedUp(h, 4);
    await startTournament(h.ctx, t.id, olga.id, false);
    await h.settle();
    const cur = await load(t.id);
    const mine = cur.pairings.find((p) => p.round === 1 && (p.first === ps[0].id || p.second === ps[0].id))!;
    // Their pairing decided (by an admin's hand, say) while its game is still open.
    await m.store.tournaments.update(t.id, cur.version, {
      ...cur,
      pairings: cur.pairings.map((p) => (p === mine ? { ...p, result: 'draw' as const } : p)),
    });
    await leaveTournament(h.ctx, t.id, ps[0].id);
    await h.settle();
    expect((await m.store.games.get(pairingGameId(t.id, 1, mine.board)))!.status).toBe('active');
  });
});

describe('the record and its card', () => {
  it('a change whose event is deleted under it is refused as gone, at once', async () => {
    const h = proc();
    const { t } = await signedUp(h, 1);
    let writes = 0;
    const store = h.ctx.store;
    const tournaments = new Proxy(store.tournaments, {
      get: (o, k) =>
        k === 'update'
          ? () => {
              writes++;
              return Promise.resolve({ ok: false as const, reason: 'not-found' as const });
            }
          : (Reflect.get(o, k) as unknown),
    });
    h.ctx.store = new Proxy(store, {
      get: (o, k) => (k === 'tournaments' ? tournaments : (Reflect.get(o, k) as unknown)),
    });
    expect(await refusalOf(joinTournament(h.ctx, t.id, { id: 'late', name: 'Late' }))).toEqual({
      key: 'tournament.gone',
    });
    expect(writes).toBe(1);
  });

  it('the card is recorded once (the first stays); an event gone or a card that cannot be edited is only logged', async () => {
    const h = proc();
    const { t } = await signedUp(h, 1);
    await recordTournamentCard(h.ctx, t.id, 'second-card');
    expect((await load(t.id)).messageId).toBe(`card-${t.id}`);
    await recordTournamentCard(h.ctx, 'nosuchevent', 'card');
    expect(h.logs.filter((l) => l.msg === 'could not record the tournament card')).toHaveLength(1);
    h.ctx.notifier.edit = () => Promise.reject(new Error('Unknown Message'));
    await refreshCard(h.ctx, t.id);
    expect(h.logs.filter((l) => l.msg === 'could not update the tournament card')).toHaveLength(1);
  });
});
