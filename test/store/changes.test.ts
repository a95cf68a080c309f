// The change feed of the live game page: every committed write of a game is heard, by any process (a second store
// on the same Redis stands for another bot process), with its new version; a refused write is not. Only messages of
// the exact form "<record id> <version>" reach a listener; a lost publish is a warning, never an error; a stopped
// listener hears nothing more, and the others go on hearing.
import type { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { publishChange } from '../../src/store/changes.js';
import type { StoreContext } from '../../src/store/context.js';
import { openStore, type Store } from '../../src/store/index.js';
import { makeKeys } from '../../src/store/keys.js';
import { MODES, newGame, quiet, sleep, useStore } from './helpers.js';

describe.each(MODES)('game changes on $name', (mode) => {
  let store: Store;
  const prefix = useStore(mode, 'changes', (s) => (store = s));

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

  const ctxOf = (warnings: string[] = []): StoreContext => ({
    redis: store.redis,
    keys: makeKeys(prefix),
    logger: { warn: (m) => warnings.push(m) },
    now: Date.now,
    embedded: store.embedded,
  });

  it('delivers only "<record id> <version>": 4-32 chars of [0-9a-z], a version of 1-15 digits without a leading 0', async () => {
    const heard: [string, number][] = [];
    const stop = await store.changes.subscribe((id, v) => heard.push([id, v]));
    try {
      const ctx = ctxOf();
      const bad: [string, number | string][] = [
        ['abc', 1],
        ['a'.repeat(33), 1],
        ['ABCD', 1],
        ['ab-d', 1],
        ['abcd', 0],
        ['abcd', 1e15],
        ['abcd', 1.5],
        ['abcd', -1],
        ['abcd', '01'],
        ['abcd', '1x'],
        ['abcd', 'x'],
        ['abcd', ''],
        ['x abcd', 1],
        ['abcd ', 1],
        ['', 1],
      ];
      for (const [id, v] of bad) publishChange(ctx, id, v as number);
      publishChange(ctx, 'abcd', 1);
      publishChange(ctx, 'a'.repeat(32), 999_999_999_999_999);
      publishChange(ctx, 'z9z9', 10);
      publishChange(ctx, '0000', 123_456_789);
      await expect
        .poll(() => heard)
        .toEqual([
          ['abcd', 1],
          ['a'.repeat(32), 999_999_999_999_999],
          ['z9z9', 10],
          ['0000', 123_456_789],
        ]);
      // Raw messages on the channel itself (Redis) are filtered the same way.
      if (!store.embedded) {
        for (const m of ['abcd 2 ', 'abcd\t2', 'abcd 2\n', 'abcd2', 'abcd 2 3'])
          await store.redis.publish(makeKeys(prefix).changes(), m);
        await store.redis.publish(makeKeys(prefix).changes(), 'ffff 2');
        await expect.poll(() => heard.length).toBe(5);
        expect(heard[4]).toEqual(['ffff', 2]);
      }
    } finally {
      await stop();
    }
  });

  it('a publish that fails is a warning naming the game and the error, never an error of the write', async () => {
    const warnings: string[] = [];
    const publish = vi.spyOn(store.redis, 'publish');
    const heard: string[] = [];
    const stop = await store.changes.subscribe((id, v) => heard.push(`${id}@${v}`));
    try {
      if (store.embedded) {
        // One process: no Redis channel is used at all.
        publishChange(ctxOf(warnings), 'abcd', 3);
        expect(heard).toEqual(['abcd@3']);
        expect(publish).not.toHaveBeenCalled();
      } else {
        publish.mockRejectedValueOnce(new Error('connection lost'));
        publishChange(ctxOf(warnings), 'abcd', 3);
        publish.mockRejectedValueOnce('plain reason');
        publishChange(ctxOf(warnings), 'efgh', 4);
        await expect
          .poll(() => warnings)
          .toEqual([
            'game abcd: the change could not be published (connection lost)',
            'game efgh: the change could not be published (plain reason)',
          ]);
        expect(publish).toHaveBeenNthCalledWith(1, makeKeys(prefix).changes(), 'abcd 3');
        publishChange(ctxOf(warnings), 'ijkl', 5);
        await expect.poll(() => heard).toEqual(['ijkl@5']);
        expect(warnings).toHaveLength(2);
      }
    } finally {
      await stop();
    }
  });

  it('a stopped listener hears nothing more; the others go on hearing', async () => {
    const a: number[] = [];
    const b: number[] = [];
    const stopA = await store.changes.subscribe((_, v) => a.push(v));
    const stopB = await store.changes.subscribe((_, v) => b.push(v));
    try {
      const ctx = ctxOf();
      publishChange(ctx, 'abcd', 1);
      await expect.poll(() => [a, b]).toEqual([[1], [1]]);
      await stopA();
      publishChange(ctx, 'abcd', 2);
      await expect.poll(() => b).toEqual([1, 2]);
      await sleep(20);
      expect(a).toEqual([1]);
    } finally {
      await stopB();
    }
  });

  it('a subscriber connection of its own on Redis (one that cannot quit is disconnected); none on the embedded store', async () => {
    const duplicate = store.redis.duplicate.bind(store.redis);
    let disconnect: unknown;
    let sub: Redis | undefined;
    const spy = vi.spyOn(store.redis, 'duplicate').mockImplementationOnce(((
      ...args: Parameters<Redis['duplicate']>
    ) => {
      sub = duplicate(...args);
      vi.spyOn(sub, 'quit').mockRejectedValueOnce(new Error('cannot quit'));
      disconnect = vi.spyOn(sub, 'disconnect');
      return sub;
    }) as never);
    const heard: number[] = [];
    const stop = await store.changes.subscribe((_, v) => heard.push(v));
    if (store.embedded) {
      expect(spy).not.toHaveBeenCalled();
      publishChange(ctxOf(), 'abcd', 1);
      expect(heard).toEqual([1]);
      await expect(stop()).resolves.toBeUndefined();
      return;
    }
    expect(sub?.status).toBe('ready');
    // Its connection fails: no unhandled error report (the main client's watch reports outages); it reconnects,
    // subscribes again and hears the next change.
    const consoleError = vi.spyOn(console, 'error');
    (sub as unknown as { stream: { destroy(e: Error): void } }).stream.destroy(new Error('network down'));
    await expect.poll(() => sub?.status).not.toBe('ready');
    await expect.poll(() => sub?.status).toBe('ready');
    await expect
      .poll(async () => {
        publishChange(ctxOf(), 'abcd', 7);
        await sleep(20);
        return heard.includes(7);
      })
      .toBe(true);
    expect(consoleError.mock.calls.filter((c) => String(c[0]).includes('Unhandled error'))).toEqual([]);
    await expect(stop()).resolves.toBeUndefined();
    expect(disconnect).toHaveBeenCalledTimes(1);
    await expect.poll(() => sub?.status).toBe('end');
  });
});
