// A generated tournament id that meets an existing one: create draws another.
// An id collision cannot be forced (ids are random), so the client's first
// EVALSHA (the create script) is made to answer "the id exists" once.
import { describe, expect, it, vi } from 'vitest';
import type { Store } from '../../src/store/index.js';
import { MODES, newTournament, uid, useStore } from './helpers.js';

describe.each(MODES)('tournament ids on $name', (mode) => {
  let store: Store;
  useStore(mode, 'tournament-ids', (s) => (store = s));

  it('a generated id already taken is drawn again, and the first draw is left alone', async () => {
    const evalsha = vi.spyOn(store.redis, 'evalsha');
    evalsha.mockResolvedValueOnce(0); // the create script: "this id exists"
    let t;
    let keys: string[];
    try {
      t = await store.tournaments.create(newTournament({ name: 'redrawn' }));
    } finally {
      keys = evalsha.mock.calls.map((c) => String(c[2])); // (restoring forgets the calls)
      evalsha.mockRestore();
    }
    expect(keys).toHaveLength(2);
    const firstId = /tournament:\{([0-9a-z]+)\}$/.exec(keys[0])![1];
    expect(keys[1]).toBe(`${store.prefix}tournament:{${t.id}}`);
    expect(t.id).not.toBe(firstId);
    expect(await store.tournaments.get(t.id)).toEqual(t);
    expect(await store.tournaments.get(firstId)).toBeNull();
    expect((await store.tournaments.listByGuild(t.guildId)).map((x) => x.id)).toEqual([t.id]);
  });

  it('a caller’s own id that is taken is refused, not redrawn', async () => {
    const id = uid('t');
    const first = await store.tournaments.create(newTournament({ id, name: 'first' }));
    await expect(store.tournaments.create(newTournament({ id, name: 'second' }))).rejects.toThrow(
      /^tournament id taken$/,
    );
    expect(await store.tournaments.get(id)).toEqual(first);
    expect((await store.tournaments.listByGuild(first.guildId)).map((x) => x.id)).toEqual([id]);
  });
});
