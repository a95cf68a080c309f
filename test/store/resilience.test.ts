// Real Redis only, through a TCP proxy that can stop, stall and restart it:
// the store fails fast while Redis is away (no command waits for it, none is
// kept to run later), comes back by itself, refuses a write that reaches
// Redis after its deadline, and reloads its scripts when Redis forgot them.
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, reconnectDelay, storeUnavailable, type Store } from '../../src/store/index.js';
import { waitFor } from '../bot/harness.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { MODES, newGame, quiet, rejection, useStore } from './helpers.js';

const real = MODES[0];

describe('store resilience on a real Redis', () => {
  let direct: Store;
  let proxy: TcpProxy;
  let store: Store;
  const prefix = useStore(real, 'resilience', (s) => (direct = s));
  afterEach(async () => {
    await store?.close();
    await proxy?.close();
  });

  const viaProxy = async (commandTimeoutMs?: number) => {
    proxy = await startTcpProxy(real.url!);
    store = await openStore({ url: proxy.url, prefix, logger: quiet, commandTimeoutMs });
    const created = await store.games.create(newGame());
    if (!created.ok) throw new Error('create failed');
    return created.game;
  };
  const backAgain = () => waitFor(async () => (await store.redis.ping().catch(() => null)) === 'PONG', 5_000);

  it('fails at once while Redis is down, keeps nothing to run later, and reconnects by itself', async () => {
    const g = await viaProxy();
    await proxy.down();
    await waitFor(async () => store.redis.status !== 'ready'); // the client has seen the connection go
    const e = await rejection(store.games.update(g.id, 1, { appendMoves: ['P A'] }));
    expect(storeUnavailable(e)).toBe('not-sent');
    expect(storeUnavailable(await rejection(store.games.get(g.id)))).not.toBeNull();
    await proxy.up();
    await backAgain();
    // The write refused during the outage did not wait in a queue to happen after it.
    expect((await direct.games.get(g.id))?.version).toBe(1);
    expect(await direct.games.moves(g.id)).toEqual([]);
    const r = await store.games.update(g.id, 1, { appendMoves: ['P A'] });
    expect(r.ok).toBe(true);
  });

  it('a write in flight when the connection drops fails at once and is not sent again after the reconnect', async () => {
    const g = await viaProxy();
    proxy.freeze();
    const pending = rejection(store.games.update(g.id, 1, { appendMoves: ['P A'] }));
    await new Promise((r) => setTimeout(r, 50));
    await proxy.down();
    expect(storeUnavailable(await pending)).toBe('unknown');
    proxy.thaw();
    await proxy.up();
    await backAgain();
    await new Promise((r) => setTimeout(r, 200));
    expect((await direct.games.get(g.id))?.version).toBe(1);
  });

  it('a write that reaches Redis after its deadline changes nothing (a stalled Redis, a late packet)', async () => {
    const g = await viaProxy(300);
    proxy.freeze();
    const deadline = Date.now() + 200;
    const e = await rejection(
      store.games.update(g.id, 1, { appendMoves: ['P A'] }, { deadline, announce: { owner: 'p1' } }),
    );
    // The caller stopped waiting (and told the player) at the command timeout...
    expect(storeUnavailable(e)).toBe('unknown');
    await new Promise((r) => setTimeout(r, Math.max(0, deadline + 150 - Date.now())));
    // ...and the write arrives only now: Redis runs it and refuses it.
    proxy.thaw();
    const after = await waitFor(async () => store.games.get(g.id).catch(() => null));
    expect(after.version).toBe(1);
    expect(await direct.games.moves(g.id)).toEqual([]);
    // In time, the same write goes through.
    const ok = await store.games.update(
      g.id,
      1,
      { appendMoves: ['P A'] },
      { deadline: Date.now() + 250, announce: { owner: 'p1' } },
    );
    expect(ok.ok).toBe(true);
  });

  it('reconnect delays stay short (Redis back: the bot is back within about a second)', () => {
    for (let attempt = 1; attempt < 100; attempt++) {
      const d = reconnectDelay(attempt);
      expect(d).toBeGreaterThan(0);
      expect(d).toBeLessThanOrEqual(400);
    }
  });

  it('reloads its Lua scripts when the server has forgotten them', async () => {
    const created = await direct.games.create(newGame());
    if (!created.ok) throw new Error('create failed');
    // SCRIPT FLUSH is server-wide: other test files simply reload theirs the same way.
    await direct.redis.script('FLUSH');
    const r = await direct.games.update(created.game.id, 1, { appendMoves: ['P A'] });
    expect(r.ok).toBe(true);
  });
});
