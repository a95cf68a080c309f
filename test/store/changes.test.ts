// The change feed of the live game page: every committed write of a game is heard, by any process (a second store
// on the same Redis stands for another bot process), with its new version; a refused write is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { cleanup, MODES, newGame, prefixFor, quiet } from './helpers.js';

describe.each(MODES)('game changes on $name', (mode) => {
  let store: Store;
  const prefix = prefixFor('changes', mode);
  beforeAll(async () => {
    store = await openStore({ url: mode.url, prefix, logger: quiet });
  });
  afterAll(async () => {
    await cleanup(store);
    await store.close();
  });

  it('publishes create and each committed update, not a refused one', async () => {
    // The embedded store is one process; with Redis, another client on the same prefix hears it.
    const other = mode.url ? await openStore({ url: mode.url, prefix, logger: quiet }) : store;
    const heard: string[] = [];
    const stop = await other.changes.subscribe((id, v) => heard.push(`${id}@${v}`));
    try {
      const r = await store.games.create(newGame());
      if (!r.ok) throw new Error(r.reason);
      const id = r.game.id;
      expect((await store.games.update(id, 1, { drawOffer: 0 })).ok).toBe(true);
      expect((await store.games.update(id, 1, { drawOffer: 1 })).ok).toBe(false); // stale: nothing published
      expect((await store.games.update(id, 2, { status: 'over' })).ok).toBe(true);
      await expect.poll(() => heard.filter((h) => h.startsWith(id))).toEqual([`${id}@1`, `${id}@2`, `${id}@3`]);
    } finally {
      await stop();
      if (other !== store) await other.close();
    }
  });
});
