// src/store/watch.ts against a real Redis: the PING the health checks use, bounded in time, and the error
// reports the metrics count (a failed command, a connection error), which stop when the watch is undone.
import { createServer, type AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { pingWithin, watchErrors } from '../../src/store/watch.js';
import type { RedisErrorKind } from '../../src/store/types.js';

const clients: Redis[] = [];
const client = (url: string, opts: object = {}) => {
  const r = new Redis(url, { lazyConnect: true, ...opts });
  clients.push(r);
  return r;
};
afterEach(() => {
  for (const r of clients.splice(0)) r.disconnect();
});

describe('store watch', () => {
  it('pingWithin: resolves when Redis answers, rejects naming the deadline when nothing answers', async () => {
    await expect(pingWithin(client(inject('redisUrl')), 2_000)).resolves.toBeUndefined();
    // A server that accepts the connection and never answers: the PING waits until the deadline.
    const silent = createServer(() => undefined);
    await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
    try {
      const dead = client(`redis://127.0.0.1:${(silent.address() as AddressInfo).port}`);
      dead.on('error', () => undefined);
      await expect(pingWithin(dead, 150)).rejects.toThrow('no answer to PING within 150 ms');
    } finally {
      for (const r of clients.splice(0)) r.disconnect();
      silent.close();
    }
  });

  it('watchErrors: a failed command and a connection error are reported by kind, and no more once undone', async () => {
    const redis = client(inject('redisUrl'));
    await redis.connect();
    const seen: RedisErrorKind[] = [];
    const undo = watchErrors(redis, (kind) => seen.push(kind));
    await expect(redis.call('NO-SUCH-COMMAND')).rejects.toThrow();
    expect(seen).toContain('command');
    expect(seen).not.toContain('connection');
    redis.emit('error', new Error('ECONNRESET'));
    expect(seen.filter((k) => k === 'connection')).toHaveLength(1);
    // The tracing channel is process-wide (other files' clients share this worker): count only what the undo stops.
    undo();
    const before = seen.length;
    await expect(redis.call('NO-SUCH-COMMAND')).rejects.toThrow();
    expect(() => redis.emit('error', new Error('after'))).toThrow('after');
    expect(seen).toHaveLength(before);
  });
});
