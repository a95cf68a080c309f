// A generated tournament id that meets an existing one: create draws another
// (ids are drawn through a stand-in of src/store/ids.ts that can be told
// which ids to give out next), while a caller's own id that is taken is refused.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStore, type NewTournament, type Store } from '../../src/store/index.js';
import { cleanup, MODES, prefixFor, quiet, uid } from './helpers.js';

const next: string[] = [];

vi.mock('../../src/store/ids.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/store/ids.js')>();
  return { ...real, newId: (length?: number) => next.shift() ?? real.newId(length) };
});

function newTournament(over: Partial<NewTournament> = {}): NewTournament {
  return {
    name: null,
    guildId: uid('g'),
    channelId: uid('c'),
    messageId: null,
    organiser: { id: 'o1', name: 'Olga' },
    game: 'exxit',
    setup: 'standard',
    format: 'round-robin',
    roundsWanted: null,
    rounds: null,
    clockMs: 3_600_000,
    roundMs: 20 * 3_600_000,
    rated: true,
    locale: null,
    status: 'signup',
    startsAt: null,
    startedAt: null,
    finishedAt: null,
    players: [],
    withdrawals: [],
    round: 0,
    roundDeadline: null,
    pairings: [],
    seed: 3,
    winners: [],
    endNote: null,
    announced: false,
    wakeAt: null,
    ...over,
  };
}

describe.each(MODES)('tournament ids on $name', (mode) => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ url: mode.url, prefix: prefixFor('tournament-ids', mode), logger: quiet });
  });
  afterAll(async () => {
    await cleanup(store);
    await store.close();
  });

  it('a generated id already taken is drawn again; the existing tournament is left as it was', async () => {
    const [taken, alsoTaken, free] = [uid('t'), uid('t'), uid('t')];
    const first = await store.tournaments.create(newTournament({ id: taken, name: 'first' }));
    const second = await store.tournaments.create(newTournament({ id: alsoTaken, name: 'second' }));
    next.push(taken, alsoTaken, free);
    const t = await store.tournaments.create(newTournament({ guildId: first.guildId, name: 'third' }));
    expect(t.id).toBe(free);
    expect(next).toEqual([]);
    expect(await store.tournaments.get(free)).toEqual(t);
    expect(await store.tournaments.get(taken)).toEqual(first);
    expect(await store.tournaments.get(alsoTaken)).toEqual(second);
    expect((await store.tournaments.listByGuild(first.guildId)).map((x) => x.id).sort()).toEqual([taken, free].sort());
  });
});
