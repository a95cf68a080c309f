// Opening the store (store/index.ts): the client's options (fail fast, reconnect soon), the reconnect delays, the
// embedded engine's loading, the defaults, the Redis errors logged once each with the password hidden, and the
// start-up retries: 500 ms more after each failed attempt (2 s at most) until the start-up timeout (15 s by default),
// then a clear error. The retries run on a clock of the test's own: the waits of store/index.ts are recorded and
// skipped, and Date.now advances by them, so no test here waits for real.
import { Cluster, Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { redactUrl } from '../../src/log.js';
import {
  clientOptions,
  DEFAULT_COMMAND_TIMEOUT_MS,
  EMBEDDED_WARNING,
  loadEmbeddedRedis,
  openStore,
  reconnectDelay,
  type Store,
} from '../../src/store/index.js';
import { cleanup, MODES, prefixFor, quiet, rejection } from './helpers.js';

const real = MODES[0];
const SECRET = 'sup3r-s3cret';
/** A port nothing listens on: every connection is refused at once. */
const CLOSED = `redis://hexmate:${SECRET}@127.0.0.1:1/0`;
const CLOSED_SHOWN = 'redis://hexmate:redacted@127.0.0.1:1/0';

/** The test Redis's URL with a password in it (a server without one accepts it, with a warning from ioredis). */
function urlWithPassword(): { url: string; secret: string } {
  const u = new URL(real.url!);
  if (!u.password) u.password = SECRET;
  return { url: u.toString(), secret: decodeURIComponent(u.password) };
}

interface Recorder {
  warn: string[];
  info: string[];
  logger: { warn(m: string): void; info(m: string): void };
}
function recorder(): Recorder {
  const r: Recorder = { warn: [], info: [], logger: { warn: (m) => r.warn.push(m), info: (m) => r.info.push(m) } };
  return r;
}

/**
 * Runs `fn` with Date.now on a clock of its own (frozen but for the waits) and every setTimeout that
 * store/index.ts makes recorded and run after `realMs` instead, the clock moved on by its delay. Other timers run as
 * usual.
 */
async function onTestClock<T>(fn: () => Promise<T>, realMs = 0): Promise<{ result: T; waits: number[] }> {
  const waits: number[] = [];
  let now = 1_750_000_000_000;
  const realSetTimeout = globalThis.setTimeout;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  globalThis.setTimeout = ((cb: (...a: unknown[]) => void, ms?: number, ...rest: unknown[]) => {
    const caller = new Error().stack?.split('\n')[2] ?? '';
    if (!/store[/\\]index\.ts/.test(caller)) return realSetTimeout(cb, ms, ...rest);
    waits.push(ms ?? 0);
    return realSetTimeout(() => {
      now += ms ?? 0;
      cb(...rest);
    }, realMs);
  }) as typeof setTimeout;
  try {
    return { result: await fn(), waits };
  } finally {
    globalThis.setTimeout = realSetTimeout;
  }
}

/** Whether `cond` holds within `ms` (polled every 5 ms). */
async function until(cond: () => boolean, ms = 1_000): Promise<boolean> {
  for (const end = Date.now() + ms; !cond(); await new Promise((r) => setTimeout(r, 5))) {
    if (Date.now() > end) return false;
  }
  return true;
}

describe('reconnect delays and client options', () => {
  it('reconnectDelay: half the base plus up to half again at random; the base 50 ms doubling up to 400 ms', () => {
    const random = vi.spyOn(Math, 'random');
    const attempts = [0, 1, 2, 3, 4, 5, 10, 1000];
    random.mockReturnValue(0);
    expect(attempts.map(reconnectDelay)).toEqual([25, 50, 100, 200, 200, 200, 200, 200]);
    random.mockReturnValue(0.5);
    expect(attempts.map(reconnectDelay)).toEqual([38, 75, 150, 300, 300, 300, 300, 300]);
    random.mockReturnValue(0.999_999);
    expect(attempts.map(reconnectDelay)).toEqual([50, 100, 200, 400, 400, 400, 400, 400]);
  });

  it('clientOptions: lazy, no offline queue, no resending, no retry of a request, the command timeout given', () => {
    expect(DEFAULT_COMMAND_TIMEOUT_MS).toBe(1_000);
    const opts = clientOptions();
    expect(opts).toEqual({
      lazyConnect: true,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
      enableAutoPipelining: true,
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
      maxRetriesPerRequest: 0,
      retryStrategy: reconnectDelay,
      reconnectOnError: expect.any(Function),
    });
    expect(clientOptions(250).commandTimeout).toBe(250);
  });

  it('clientOptions: reconnects on READONLY (a failover) only', () => {
    const onError = clientOptions().reconnectOnError!;
    expect(onError(new Error("READONLY You can't write against a read only replica."))).toBe(1);
    expect(onError(new Error('READONLY'))).toBe(1);
    expect(onError(new Error('ERR READONLY'))).toBe(false);
    expect(onError(new Error('readonly replica'))).toBe(false);
    expect(onError(new Error('ECONNRESET'))).toBe(false);
  });
});

describe('loading the embedded engine', () => {
  const HOW = new ConfigError(
    'No REDIS_URL set, and the embedded in-memory store (the ioredis-mock package, a development dependency) is not installed.\n' +
      '  - Set REDIS_URL to your Redis server (see .env.example); that is what production needs;\n' +
      '  - or, to try the bot without Redis, install the development dependencies: npm install',
  ).message;

  it('loads ioredis-mock by default', async () => {
    const mock = await import('ioredis-mock');
    expect(await loadEmbeddedRedis()).toBe(mock.default);
    const Cls = class {};
    expect(await loadEmbeddedRedis(async () => ({ default: Cls }))).toBe(Cls);
  });

  it('a missing package (ESM or CommonJS) is a ConfigError that says what to do', async () => {
    for (const code of ['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND']) {
      const e = await rejection(loadEmbeddedRedis(() => Promise.reject(Object.assign(new Error('nope'), { code }))));
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as Error).message).toBe(HOW);
    }
  });

  it('any other failure is thrown as it is', async () => {
    const other = Object.assign(new Error('EACCES'), { code: 'EACCES' });
    expect(await rejection(loadEmbeddedRedis(() => Promise.reject(other)))).toBe(other);
    const plain = new Error('syntax');
    expect(await rejection(loadEmbeddedRedis(() => Promise.reject(plain)))).toBe(plain);
    // Not even an Error (a module may throw anything): thrown as it is too.
    const failWith = (reason: unknown) => () => Promise.reject(reason as Error);
    expect(await rejection(loadEmbeddedRedis(failWith(null)))).toBeNull();
    expect(await rejection(loadEmbeddedRedis(failWith('MODULE_NOT_FOUND')))).toBe('MODULE_NOT_FOUND');
  });
});

describe('openStore defaults', () => {
  it('embedded: the default prefix and command timeout, and the warning on the console when no logger is given', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = await openStore();
    try {
      expect(s.embedded).toBe(true);
      expect(s.prefix).toBe('hexmate:');
      expect(s.commandTimeoutMs).toBe(1_000);
      expect(warn.mock.calls).toEqual([[EMBEDDED_WARNING]]);
      expect(await s.redis.ping()).toBe('PONG');
    } finally {
      await s.close();
    }
  });

  it('embedded: the command timeout given is the store’s', async () => {
    const s = await openStore({ prefix: prefixFor('open', MODES[1]), logger: quiet, commandTimeoutMs: 321 });
    expect(s.commandTimeoutMs).toBe(321);
    await s.close();
  });

  it('real: the client gets clientOptions with the timeout given, and the console says where the store is', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const prefix = prefixFor('open', real);
    const s = await openStore({ url: real.url, prefix, commandTimeoutMs: 321 });
    try {
      expect(s.embedded).toBe(false);
      expect(s.prefix).toBe(prefix);
      expect(s.commandTimeoutMs).toBe(321);
      const { reconnectOnError: _, ...rest } = clientOptions(321);
      expect(s.redis.options).toMatchObject(rest);
      expect(s.redis.options.reconnectOnError?.(new Error('READONLY x'))).toBe(1);
      expect(info.mock.calls).toEqual([[`store: redis ${redactUrl(real.url!)}, prefix ${prefix}`]]);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      await s.close();
    }
    const d = await openStore({ url: real.url, prefix, logger: quiet });
    expect(d.redis.options.commandTimeout).toBe(1_000);
    expect(d.commandTimeoutMs).toBe(1_000);
    await d.close();
  });

  it('close(): QUIT, or when QUIT fails (Redis away) a plain disconnect; either way it resolves', async () => {
    const s = await openStore({ url: real.url, prefix: prefixFor('open', real), logger: quiet });
    vi.spyOn(s.redis, 'quit').mockRejectedValueOnce(new Error('Connection is closed.'));
    await expect(s.close()).resolves.toBeUndefined();
    expect(await until(() => s.redis.status === 'end')).toBe(true);
    const t = await openStore({ url: real.url, prefix: prefixFor('open', real), logger: quiet });
    const quit = vi.spyOn(t.redis, 'quit');
    await expect(t.close()).resolves.toBeUndefined();
    expect(quit).toHaveBeenCalledTimes(1);
    expect(await until(() => t.redis.status === 'end')).toBe(true);
  });
});

describe('Redis errors in the log', () => {
  let s: Store;
  let shown: string;
  let secret: string;
  const log = recorder();

  beforeAll(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {}); // ioredis: "a password was supplied"
    const pw = urlWithPassword();
    secret = pw.secret;
    shown = redactUrl(pw.url);
    s = await openStore({ url: pw.url, prefix: prefixFor('open-log', real), logger: log.logger });
  });
  afterAll(async () => {
    await cleanup(s);
    await s.close();
  });

  it('says where the store is, without the password', () => {
    expect(shown).toContain(':redacted@');
    expect(log.info).toEqual([`store: redis ${shown}, prefix ${s.prefix}`]);
    expect(log.warn).toEqual([]);
  });

  it('each distinct error once (not once per retry), the password hidden; "connected again" after an error only', () => {
    log.info.length = 0;
    s.redis.emit('ready'); // no error before: nothing to say
    expect(log.info).toEqual([]);
    s.redis.emit('error', new Error(`AUTH ${secret} refused`));
    s.redis.emit('error', new Error(`AUTH ${secret} refused`));
    expect(log.warn).toEqual([`redis ${shown}: AUTH [redacted] refused`]);
    s.redis.emit('error', new Error('connect ECONNREFUSED'));
    s.redis.emit('error', new Error('connect ECONNREFUSED'));
    expect(log.warn).toEqual([`redis ${shown}: AUTH [redacted] refused`, `redis ${shown}: connect ECONNREFUSED`]);
    s.redis.emit('ready');
    expect(log.info).toEqual([`redis ${shown}: connected again`]);
    s.redis.emit('ready');
    expect(log.info).toHaveLength(1);
    // After a reconnect the same error is news again.
    s.redis.emit('error', new Error('connect ECONNREFUSED'));
    expect(log.warn).toHaveLength(3);
    expect(log.warn[2]).toBe(`redis ${shown}: connect ECONNREFUSED`);
    for (const line of [...log.warn, ...log.info]) expect(line).not.toContain(secret);
  });
});

describe('a logger without info', () => {
  it('is enough: the start-up line and "connected again" are left out, the warnings kept', async () => {
    const warned: string[] = [];
    const s = await openStore({
      url: real.url,
      prefix: prefixFor('open', real),
      logger: { warn: (m) => warned.push(m) },
    });
    try {
      s.redis.emit('error', new Error('boom'));
      expect(() => s.redis.emit('ready')).not.toThrow();
      expect(warned).toEqual([`redis ${redactUrl(real.url!)}: boom`]);
    } finally {
      await s.close();
    }
  });
});

describe('start-up: retries, then a clear error', () => {
  it('an unreachable Redis: attempts 500, 1000, 1500, 2000, 2000 ms apart until the timeout; one warning', async () => {
    const log = recorder();
    const connect = vi.spyOn(Redis.prototype, 'connect');
    const { result: err, waits } = await onTestClock(() =>
      rejection(openStore({ url: CLOSED, startupTimeoutMs: 5_500, logger: log.logger })),
    );
    // Tried at 0, 500, 1500, 3000, 5000 (5000 + 500 is not past 5500: once more) and 7000.
    expect(waits).toEqual([500, 1_000, 1_500, 2_000, 2_000]);
    expect(connect).toHaveBeenCalledTimes(6);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(
      new RegExp(`^cannot reach Redis at ${CLOSED_SHOWN.replace(/\./g, '\\.')}: .+`),
    );
    expect(log.warn).toEqual([`redis ${CLOSED_SHOWN}: connect ECONNREFUSED 127.0.0.1:1`]);
    expect(log.info).toEqual([]);
    // The client given up on is closed, not left reconnecting.
    const client = connect.mock.contexts[0] as Redis;
    expect(client.status).toBe('end');
  });

  it('15 s by default', async () => {
    const connect = vi.spyOn(Redis.prototype, 'connect');
    const { waits } = await onTestClock(() => rejection(openStore({ url: CLOSED, logger: quiet })));
    expect(waits).toEqual([500, 1_000, 1_500, 2_000, 2_000, 2_000, 2_000, 2_000, 2_000]);
    expect(connect).toHaveBeenCalledTimes(10);
  });

  it('a timeout of 0: one attempt; of 1000: three (1000 is not past it, 2000 is)', async () => {
    const connect = vi.spyOn(Redis.prototype, 'connect');
    const none = await onTestClock(() => rejection(openStore({ url: CLOSED, startupTimeoutMs: 0, logger: quiet })));
    expect(none.waits).toEqual([]);
    expect(connect).toHaveBeenCalledTimes(1);
    expect((none.result as Error).message).toMatch(/^cannot reach Redis at /);
    connect.mockClear();
    const some = await onTestClock(() => rejection(openStore({ url: CLOSED, startupTimeoutMs: 1_000, logger: quiet })));
    expect(some.waits).toEqual([500, 1_000]);
    expect(connect).toHaveBeenCalledTimes(3);
  });

  it('the error says why, with the password hidden, whatever was thrown', async () => {
    const connect = vi.spyOn(Redis.prototype, 'connect');
    connect.mockRejectedValueOnce(new Error(`WRONGPASS ${SECRET} invalid`));
    const e1 = await rejection(openStore({ url: CLOSED, startupTimeoutMs: 0, logger: quiet }));
    expect((e1 as Error).message).toBe(`cannot reach Redis at ${CLOSED_SHOWN}: WRONGPASS [redacted] invalid`);
    connect.mockRejectedValueOnce(`down: ${SECRET}`);
    const e2 = await rejection(openStore({ url: CLOSED, startupTimeoutMs: 0, logger: quiet }));
    expect((e2 as Error).message).toBe(`cannot reach Redis at ${CLOSED_SHOWN}: down: [redacted]`);
  });

  it('a Redis that connects but does not answer PING yet (still loading) is tried again', async () => {
    const connect = vi.spyOn(Redis.prototype, 'connect');
    vi.spyOn(Redis.prototype, 'ping').mockRejectedValueOnce(new Error('LOADING Redis is loading the dataset'));
    const log = recorder();
    const prefix = prefixFor('open', real);
    // 50 ms for real: the dropped connection must be closed before the next attempt (500 ms in production).
    const { result: s, waits } = await onTestClock(() => openStore({ url: real.url, prefix, logger: log.logger }), 50);
    try {
      expect(waits).toEqual([500]);
      expect(connect).toHaveBeenCalledTimes(2);
      expect(await s.redis.ping()).toBe('PONG');
      expect(log.info).toEqual([`store: redis ${redactUrl(real.url!)}, prefix ${prefix}`]);
    } finally {
      await s.close();
    }
  });
});

describe('Redis Cluster client', () => {
  const seeds = (c: Cluster) => (c as unknown as { startupNodes: unknown }).startupNodes;
  /** Opens a cluster store whose connect fails at once, and returns the Cluster client it built. */
  async function clusterFor(url: string, commandTimeoutMs?: number): Promise<Cluster> {
    const connect = vi.spyOn(Cluster.prototype, 'connect').mockRejectedValue(new Error('no cluster here'));
    const e = await rejection(openStore({ url, cluster: true, startupTimeoutMs: 0, logger: quiet, commandTimeoutMs }));
    expect((e as Error).message).toBe(`cannot reach Redis at ${redactUrl(url)}: no cluster here`);
    expect(connect).toHaveBeenCalledTimes(1);
    return connect.mock.contexts[0] as Cluster;
  }

  it('seeds from the URL’s node, with the same fail-fast options and the credentials and TLS of the URL', async () => {
    const c = await clusterFor('rediss://us%40er:p%40ss@node1.example:7000/0', 250);
    expect(seeds(c)).toEqual([{ host: 'node1.example', port: 7000 }]);
    const base = clientOptions(250);
    expect(c.options).toMatchObject({
      lazyConnect: true,
      clusterRetryStrategy: reconnectDelay,
      enableOfflineQueue: false,
      enableAutoPipelining: true,
      redisOptions: {
        commandTimeout: 250,
        autoResendUnfulfilledCommands: false,
        username: 'us@er',
        password: 'p@ss',
        tls: {},
        connectTimeout: 2_000,
        maxRetriesPerRequest: 0,
      },
    });
    expect(c.options.redisOptions?.tls).toEqual({}); // (toMatchObject takes {} for anything, undefined too)
    const onError = c.options.redisOptions?.reconnectOnError as (e: Error) => unknown;
    expect(onError(new Error('READONLY x'))).toBe(1);
    expect(onError(new Error('ERR x'))).toBe(false);
    expect(base.connectTimeout).toBe(2_000);
  });

  it('port 6379 by default; no credentials or TLS when the URL has none', async () => {
    const c = await clusterFor('redis://node2.example');
    expect(seeds(c)).toEqual([{ host: 'node2.example', port: 6379 }]);
    const r = c.options.redisOptions ?? {};
    expect(r.commandTimeout).toBe(1_000);
    expect(r.username).toBeUndefined();
    expect(r.password).toBeUndefined();
    expect(r.tls).toBeUndefined();
  });
});
