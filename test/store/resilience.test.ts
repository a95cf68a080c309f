// Real Redis only: what happens to the store when the connection drops or the
// server forgets its scripts (restart, failover, SCRIPT FLUSH).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { cleanup, MODES, newGame, prefixFor, quiet } from './helpers.js';

const real = MODES[0];

describe('store resilience on a real Redis', () => {
  let store: Store;
  const prefix = prefixFor('resilience', real);

  beforeAll(async () => {
    store = await openStore({ url: real.url, prefix, logger: quiet });
  });
  afterAll(async () => {
    await cleanup(store);
    await store.close();
  });

  it('keeps working after its connection is killed (reconnects; no game lost)', async () => {
    const created = await store.games.create(newGame());
    if (!created.ok) throw new Error('create failed');
    const id = created.game.id;
    const clientId = await store.redis.client('ID');
    const admin = await openStore({ url: real.url, prefix, logger: quiet });
    try {
      await admin.redis.client('KILL', 'ID', String(clientId));
    } finally {
      await admin.close();
    }
    const r = await store.games.update(id, 1, { appendMoves: ['P A'] });
    expect(r.ok).toBe(true);
    expect(await store.games.moves(id)).toEqual(['P A']);
    expect(await store.redis.client('ID')).not.toBe(clientId);
  });

  it('reloads its Lua scripts when the server has forgotten them', async () => {
    const created = await store.games.create(newGame());
    if (!created.ok) throw new Error('create failed');
    // SCRIPT FLUSH is server-wide: other test files simply reload theirs the same way.
    await store.redis.script('FLUSH');
    const r = await store.games.update(created.game.id, 1, { appendMoves: ['P A'] });
    expect(r.ok).toBe(true);
  });
});
