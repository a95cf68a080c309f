// Vitest global setup: find a Redis for the store and bot tests.
// Order: REDIS_URL when set, else the local server on 127.0.0.1:6379, else a
// redis-server started here on a free port. Each run gets its own key prefix,
// so leftovers of earlier runs on a long-lived server never change a result.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
    redisPrefix: string;
  }
}

async function ping(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

async function startOwnRedis(): Promise<{ url: string; child: ChildProcess } | null> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const spawned = await new Promise<boolean>((resolve) => {
    child.once('error', () => resolve(false));
    child.once('spawn', () => resolve(true));
  });
  if (!spawned) return null;
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (await ping(url)) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  return null;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let url = process.env.REDIS_URL;
  let child: ChildProcess | undefined;
  if (url) {
    if (!(await ping(url)))
      throw new Error(`REDIS_URL is set to a server that does not answer PING. Start it or unset REDIS_URL.`);
  } else if (await ping('redis://127.0.0.1:6379')) {
    url = 'redis://127.0.0.1:6379';
  } else {
    const own = await startOwnRedis();
    if (!own) {
      throw new Error(
        'The tests need Redis: set REDIS_URL, run a server on 127.0.0.1:6379, or install redis-server ' +
          '(Debian: apt-get install -y redis-server) so that the tests can start one.',
      );
    }
    url = own.url;
    child = own.child;
  }
  const prefix = `hexmate-test:${Date.now().toString(36)}-${randomBytes(3).toString('hex')}:`;
  project.provide('redisUrl', url);
  project.provide('redisPrefix', prefix);
  // Runs after the last test, passed or failed: the run's keys go, the server stays as it was.
  return async () => {
    try {
      await deleteRunKeys(url, prefix);
    } finally {
      child?.kill();
    }
  };
}

/** Deletes every key of this run (the shared server outlives it). */
export async function deleteRunKeys(url: string, prefix: string): Promise<number> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  let deleted = 0;
  try {
    await client.connect();
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) deleted += await client.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
  return deleted;
}
