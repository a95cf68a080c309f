// The store: the only door to Redis (layer rule). With a URL it talks to a real
// server; without one it runs the very same code on ioredis-mock in memory
// (Lua scripts included; a development dependency, loaded only then), and says
// loudly that nothing survives a restart.
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { ConfigError } from '../config.js';
import { redactSecrets, redactUrl, urlPassword } from '../log.js';
import { DEFAULT_CHALLENGE_TTL_MS, RedisChallengeStore } from './challenges.js';
import { RedisAiTurns } from './ai-turns.js';
import { RedisGameChanges } from './changes.js';
import { RedisChannelStore } from './channels.js';
import type { StoreContext } from './context.js';
import { RedisGameIndex } from './game-index.js';
import { RedisGameStore } from './games.js';
import { RedisOutbox } from './outbox.js';
import { RedisInteractionStore } from './interactions.js';
import { RedisProcessStore } from './processes.js';
import { DEFAULT_PREFIX, makeKeys } from './keys.js';
import { RedisPuzzleCheckStore } from './puzzle-checks.js';
import { RedisPuzzleStore } from './puzzles.js';
import { RedisRatingStore } from './ratings.js';
import { RedisPracticeStore } from './practice.js';
import { RedisReviewStore } from './reviews.js';
import { RedisSettingsStore } from './settings.js';
import { RedisSeasonStore, RedisTournamentStore } from './tournaments.js';
import type { OpenStoreOptions, Store, StoreLogger } from './types.js';
import { pingWithin, watchErrors } from './watch.js';

export * from './types.js';
export { newId } from './ids.js';
export { storeUnavailable } from './unavailable.js';

export const EMBEDDED_WARNING =
  'No REDIS_URL set: using the EMBEDDED IN-MEMORY store. Games, challenges and ratings will NOT survive a restart ' +
  'and are not shared with other processes. Set REDIS_URL (see .env.example) to keep them.';

const consoleLogger: StoreLogger = { warn: (m) => console.warn(m), info: (m) => console.info(m) };

/**
 * Reconnect soon after Redis comes back: 50 ms doubling to at most 400 ms, with
 * jitter, and ioredis keeps trying forever (games must survive a Redis restart).
 */
export function reconnectDelay(attempt: number): number {
  const base = Math.min(400, 50 * 2 ** Math.min(attempt, 4));
  return Math.round(base / 2 + Math.random() * (base / 2));
}

/** A command that Redis has not answered within this is failed (REDIS_COMMAND_TIMEOUT_MS). */
export const DEFAULT_COMMAND_TIMEOUT_MS = 1000;

/**
 * Fail fast: an interaction must be answered within Discord's 3 s whatever
 * Redis does, and a command the player was told had failed must never run
 * later. So nothing waits for a reconnect: no offline queue, no resending of
 * commands that were in flight when the connection dropped (they fail at
 * once), and every command times out after `commandTimeoutMs`.
 */
export function clientOptions(commandTimeoutMs = DEFAULT_COMMAND_TIMEOUT_MS): RedisOptions {
  return {
    lazyConnect: true,
    connectTimeout: 2_000,
    commandTimeout: commandTimeoutMs,
    // Commands issued in one turn of the event loop go out as one write (one system call, not one each).
    enableAutoPipelining: true,
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    maxRetriesPerRequest: 0,
    retryStrategy: reconnectDelay,
    // After a failover the old primary answers READONLY: reconnect (the command itself fails, see above).
    reconnectOnError: (err) => (err.message.startsWith('READONLY') ? 1 : false),
  };
}

export async function openStore(opts: OpenStoreOptions = {}): Promise<Store> {
  const logger = opts.logger ?? consoleLogger;
  const keys = makeKeys(opts.prefix ?? DEFAULT_PREFIX);
  let redis: Redis;
  const embedded = !opts.url;
  if (opts.url) {
    const shown = redactUrl(opts.url);
    redis = opts.cluster
      ? clusterClient(opts.url, opts.commandTimeoutMs)
      : new Redis(opts.url, clientOptions(opts.commandTimeoutMs));
    let lastError = '';
    redis.on('error', (err: Error) => {
      const msg = redactSecrets(err.message, [urlPassword(opts.url)]);
      if (msg !== lastError) logger.warn(`redis ${shown}: ${msg}`); // once per distinct error, not per retry
      lastError = msg;
    });
    redis.on('ready', () => {
      if (lastError) logger.info?.(`redis ${shown}: connected again`);
      lastError = '';
    });
    // At start-up Redis may still be booting (docker compose): retry for a while, then give up clearly.
    const giveUpAt = Date.now() + (opts.startupTimeoutMs ?? 15_000);
    for (let attempt = 0; ; attempt++) {
      try {
        await redis.connect();
        await redis.ping();
        break;
      } catch (e) {
        redis.disconnect();
        if (Date.now() + 500 > giveUpAt) {
          const msg = redactSecrets(e instanceof Error ? e.message : String(e), [urlPassword(opts.url)]);
          throw new Error(`cannot reach Redis at ${shown}: ${msg}`);
        }
        await new Promise((r) => setTimeout(r, Math.min(500 * (attempt + 1), 2000)));
      }
    }
    logger.info?.(`store: redis ${shown}, prefix ${keys.prefix}`);
  } else {
    const RedisMock = await loadEmbeddedRedis();
    redis = new RedisMock() as Redis;
    logger.warn(EMBEDDED_WARNING);
  }

  const ctx: StoreContext = { redis, keys, logger, now: opts.now ?? Date.now, embedded };
  const games = new RedisGameStore(ctx);
  return {
    games,
    changes: new RedisGameChanges(ctx),
    channels: new RedisChannelStore(ctx, games),
    gameIndex: new RedisGameIndex(ctx, games),
    outbox: new RedisOutbox(ctx),
    aiTurns: new RedisAiTurns(ctx),
    reviews: new RedisReviewStore(ctx),
    practice: new RedisPracticeStore(ctx),
    challenges: new RedisChallengeStore(ctx, opts.challengeTtlMs ?? DEFAULT_CHALLENGE_TTL_MS),
    interactions: new RedisInteractionStore(ctx),
    ratings: new RedisRatingStore(ctx),
    puzzleRatings: new RedisRatingStore(ctx, 'puzzles'),
    puzzles: new RedisPuzzleStore(ctx),
    puzzleChecks: new RedisPuzzleCheckStore(ctx),
    settings: new RedisSettingsStore(ctx),
    tournaments: new RedisTournamentStore(ctx),
    seasons: new RedisSeasonStore(ctx),
    processes: new RedisProcessStore(ctx),
    embedded,
    prefix: keys.prefix,
    commandTimeoutMs: opts.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
    redis,
    ping: (timeoutMs) => pingWithin(redis, timeoutMs),
    onError: (listener) => watchErrors(redis, listener),
    async close() {
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}

type RedisMockClass = new () => unknown;

/**
 * The embedded store's engine, ioredis-mock: a development dependency, imported
 * only when no REDIS_URL is set (an install with `npm ci --omit=dev` has no
 * mock and needs REDIS_URL). Missing: a ConfigError that says what to do.
 */
export async function loadEmbeddedRedis(
  load: () => Promise<{ default: unknown }> = () => import('ioredis-mock'),
): Promise<RedisMockClass> {
  try {
    return (await load()).default as RedisMockClass;
  } catch (e) {
    const code = (e as { code?: unknown })?.code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw e;
    throw new ConfigError(
      'No REDIS_URL set, and the embedded in-memory store (the ioredis-mock package, a development dependency) is not installed.\n' +
        '  - Set REDIS_URL to your Redis server (see .env.example); that is what production needs;\n' +
        '  - or, to try the bot without Redis, install the development dependencies: npm install',
    );
  }
}

/**
 * Redis Cluster: the URL names one seed node; the client discovers the rest.
 * Every script and MULTI of the store stays within one hash tag, so the same
 * code runs here (the Cluster client has the same command methods; the cast
 * only names them with the single-node type).
 */
function clusterClient(url: string, commandTimeoutMs?: number): Redis {
  const u = new URL(url);
  const base = clientOptions(commandTimeoutMs);
  const cluster = new Cluster([{ host: u.hostname, port: Number(u.port || 6379) }], {
    lazyConnect: true,
    clusterRetryStrategy: reconnectDelay,
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    redisOptions: {
      commandTimeout: base.commandTimeout,
      autoResendUnfulfilledCommands: false,
      username: u.username ? decodeURIComponent(u.username) : undefined,
      password: u.password ? decodeURIComponent(u.password) : undefined,
      tls: u.protocol === 'rediss:' ? {} : undefined,
      connectTimeout: base.connectTimeout,
      maxRetriesPerRequest: base.maxRetriesPerRequest,
      reconnectOnError: base.reconnectOnError,
    },
  });
  return cluster as unknown as Redis;
}
