// src/startup.ts: a start-up error becomes words a self-hoster can act on,
// and an exit status (78: fix a setting; 1: a restart may help). The errors
// are the real ones discord.js throws where it can be arranged here.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, DiscordjsError, DiscordjsErrorCodes, GatewayIntentBits } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.js';
import {
  EXIT_CONFIG,
  EXIT_FAILURE,
  MISSING_TOKEN_TEXT,
  PRODUCTION_WITHOUT_REDIS_TEXT,
  describeStartupError,
  isProduction,
} from '../src/startup.js';
import { loadEmbeddedRedis } from '../src/store/index.js';

const TOKEN = 'aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbb.cccccccccccccccccccccccccc';

/** What discord.js's login throws against `api` (a real attempt). */
async function loginError(api: string): Promise<unknown> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api, retries: 0 } });
  try {
    await client.login(TOKEN);
    return new Error('login unexpectedly succeeded');
  } catch (e) {
    return e;
  } finally {
    await client.destroy();
  }
}

/** A local HTTP server answering every request with `status` and `body`. */
async function answering(status: number, body: string, type = 'application/json') {
  const server = http.createServer((_req, res) => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { base: `http://127.0.0.1:${port}`, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A port where nothing listens: bound, then released. */
async function closedPort(): Promise<number> {
  const s = await answering(200, '');
  await s.close();
  return s.port;
}

describe('describeStartupError: the token', () => {
  it('an invalid token (GET /gateway/bot answered 401) says so and points to DISCORD_TOKEN; exit 78', async () => {
    const s = await answering(401, '{"message":"401: Unauthorized","code":0}');
    try {
      const e = await loginError(`${s.base}/api`);
      expect((e as Error).message).toBe('An invalid token was provided.');
      const f = describeStartupError(e, { stage: 'discord', secrets: [TOKEN] });
      expect(f.exitCode).toBe(EXIT_CONFIG);
      expect(f.text).toMatch(
        /^hexmate could not start: Discord refused the bot token \(401 Unauthorized: "An invalid token was provided\."\)/,
      );
      expect(f.text).toMatch(/Check DISCORD_TOKEN/);
      expect(f.text).toMatch(/Reset Token/);
    } finally {
      await s.close();
    }
  });

  it("the same for discord.js's TokenInvalid thrown without a request", () => {
    // Its constructor is private in the typings; discord.js itself throws it from Client#login.
    const TokenError = DiscordjsError as unknown as new (code: string) => Error;
    const f = describeStartupError(new TokenError(DiscordjsErrorCodes.TokenInvalid), { stage: 'discord' });
    expect(f.exitCode).toBe(EXIT_CONFIG);
    expect(f.text).toMatch(/Check DISCORD_TOKEN/);
  });

  it('missing token and production without Redis: their own texts', () => {
    expect(MISSING_TOKEN_TEXT).toMatch(/DISCORD_TOKEN is not set/);
    expect(MISSING_TOKEN_TEXT).toMatch(/npm run demo/);
    expect(PRODUCTION_WITHOUT_REDIS_TEXT).toMatch(/NODE_ENV=production, but REDIS_URL is not set/);
    expect(isProduction({ NODE_ENV: 'production' })).toBe(true);
    expect(isProduction({ NODE_ENV: 'development' })).toBe(false);
    expect(isProduction({})).toBe(false);
  });
});

describe('describeStartupError: no network', () => {
  it('connection refused at DISCORD_API_URL: names the host and port, the network and DISCORD_API_URL; exit 1', async () => {
    const port = await closedPort();
    const api = `http://127.0.0.1:${port}/api`;
    const f = describeStartupError(await loginError(api), { stage: 'discord', apiUrl: api });
    expect(f.exitCode).toBe(EXIT_FAILURE);
    expect(f.text).toMatch(
      new RegExp(`^hexmate could not start: cannot reach 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED: connection refused`),
    );
    expect(f.text).toMatch(/Check the network connection/);
    expect(f.text).toContain(`DISCORD_API_URL is ${api}: check the host and port`);
  });

  it('discord.com does not resolve (ENOTFOUND, as node reports it): names discord.com, says DISCORD_API_URL is not set', () => {
    const e = Object.assign(new Error('getaddrinfo ENOTFOUND discord.com'), {
      errno: -3008,
      code: 'ENOTFOUND',
      syscall: 'getaddrinfo',
      hostname: 'discord.com',
    });
    const f = describeStartupError(e, { stage: 'discord' });
    expect(f.exitCode).toBe(EXIT_FAILURE);
    expect(f.text).toMatch(
      /^hexmate could not start: cannot reach discord\.com \(ENOTFOUND: the host name does not resolve\)/,
    );
    expect(f.text).toMatch(
      /DISCORD_API_URL is not set, so the bot talks to Discord itself \(https:\/\/discord\.com\/api\)/,
    );
  });

  it('a network code inside a fetch failure (cause) or on an AggregateError (both addresses of localhost) is found', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:3000'), {
      code: 'ECONNREFUSED',
      address: '::1',
      port: 3000,
    });
    const fetchFailed = new TypeError('fetch failed', { cause: refused });
    expect(describeStartupError(fetchFailed, { stage: 'discord', apiUrl: 'http://localhost:3000/api' }).text).toMatch(
      /cannot reach ::1:3000 \(ECONNREFUSED/,
    );
    const agg = Object.assign(new AggregateError([refused], ''), { code: 'ECONNREFUSED' });
    expect(describeStartupError(agg, { stage: 'discord', apiUrl: 'http://localhost:3000/api' }).text).toMatch(
      /cannot reach localhost:3000 \(ECONNREFUSED/,
    ); // the aggregate has no address: the configured host
    const dns = Object.assign(new Error('getaddrinfo EAI_AGAIN discord.com'), {
      code: 'EAI_AGAIN',
      hostname: 'discord.com',
    });
    expect(describeStartupError(new TypeError('fetch failed', { cause: dns }), { stage: 'discord' }).text).toMatch(
      /cannot reach discord\.com \(EAI_AGAIN/,
    );
  });
});

describe('describeStartupError: a wrong DISCORD_API_URL', () => {
  it('something that answers 404 (not an API base, e.g. no /api): says what DISCORD_API_URL must be; exit 78', async () => {
    const s = await answering(404, 'nope', 'text/plain');
    try {
      const e = await loginError(`${s.base}/v1`);
      const f = describeStartupError(e, { stage: 'discord', apiUrl: `${s.base}/v1` });
      expect(f.exitCode).toBe(EXIT_CONFIG);
      expect(f.text).toContain(
        `DISCORD_API_URL (${s.base}/v1) answered 404 to GET /v1/v10/gateway/bot: it does not look like a Discord API`,
      );
      expect(f.text).toMatch(/ending in \/api/);
    } finally {
      await s.close();
    }
  });

  it('a web page instead of Discord (200, HTML): names DISCORD_API_URL', async () => {
    const s = await answering(200, '<html>hello</html>', 'text/html');
    try {
      const f = describeStartupError(await loginError(`${s.base}/api`), { stage: 'discord', apiUrl: `${s.base}/api` });
      expect(f.exitCode).toBe(EXIT_FAILURE);
      expect(f.text).toContain(`connecting through DISCORD_API_URL (${s.base}/api) failed`);
    } finally {
      await s.close();
    }
  });
});

describe('describeStartupError: the store and the rest', () => {
  it('Redis unreachable: the message of openStore, and what to check', () => {
    const f = describeStartupError(
      new Error('cannot reach Redis at redis://:redacted@redis:6379/: connect ECONNREFUSED'),
      {
        stage: 'redis',
        redisUrl: 'redis://:hunter22@redis:6379',
        secrets: ['hunter22'],
      },
    );
    expect(f.exitCode).toBe(EXIT_FAILURE);
    expect(f.text).toMatch(/Check REDIS_URL \(redis:\/\/:\[redacted\]@redis:6379\)/);
    expect(f.text).not.toContain('hunter22');
  });

  it('the embedded store without ioredis-mock installed: a ConfigError naming REDIS_URL and npm install; exit 78', async () => {
    const missing = () =>
      Promise.reject(Object.assign(new Error("Cannot find package 'ioredis-mock'"), { code: 'ERR_MODULE_NOT_FOUND' }));
    const e = await loadEmbeddedRedis(missing).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ConfigError);
    const f = describeStartupError(e, { stage: 'redis' });
    expect(f.exitCode).toBe(EXIT_CONFIG);
    expect(f.text).toMatch(/\(the ioredis-mock package, a development dependency\) is not installed/);
    expect(f.text).toMatch(/Set REDIS_URL/);
    expect(f.text).toMatch(/npm install/);
    // Installed (as here): the class itself.
    expect(typeof (await loadEmbeddedRedis())).toBe('function');
  });

  it('never prints a known secret, whatever its shape, nor anything token-shaped', () => {
    const odd = 'x!y"z.unusual';
    const f = describeStartupError(new Error(`login with ${odd} and ${TOKEN} failed`), {
      stage: 'discord',
      secrets: [odd],
    });
    expect(f.text).toBe('hexmate could not start: login with [redacted] and [redacted] failed');
  });

  it('the health and metrics server cannot listen: the port in use is a setting to change (78), with the real error', async () => {
    const taken = http.createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as AddressInfo).port;
    const second = http.createServer();
    const err = await new Promise<unknown>((resolve) => {
      second.once('error', resolve);
      second.listen(port, '127.0.0.1');
    });
    await new Promise<void>((r) => taken.close(() => r()));
    const f = describeStartupError(err, { stage: 'metrics', metrics: { host: '127.0.0.1', port } });
    expect(f.exitCode).toBe(EXIT_CONFIG);
    expect(f.text).toBe(
      `hexmate could not start: the health and metrics server cannot listen on 127.0.0.1:${port} (EADDRINUSE): the port is already in use.\n` +
        `  - Choose another METRICS_PORT, or stop what listens on 127.0.0.1:${port}.`,
    );
    const other = describeStartupError(new Error('something else'), {
      stage: 'metrics',
      metrics: { host: '::', port: 9091 },
    });
    expect(other).toEqual({
      text: 'hexmate could not start: the health and metrics server cannot listen on :::9091: something else',
      exitCode: EXIT_FAILURE,
    });
  });
});
