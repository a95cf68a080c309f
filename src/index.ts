// npm start (node dist/index.js): configuration, logger, store, the bot, and
// clean shutdown. A start-up failure prints what to do (src/startup.ts) and
// exits 78 when only a setting can fix it, else 1. Once running, the process
// never dies of an unhandled error: it is logged (secrets scrubbed).
//
// Three roles, one entry point: without SHARDS, one bot process (the default);
// with SHARDS, the shard manager (src/runtime/manager.ts), which starts this
// same file again as its bot processes (src/runtime/shard-process.ts). The
// health and metrics server (METRICS_PORT) runs in the single bot or in the
// manager, never in a shard process.
import { fileURLToPath } from 'node:url';
import type { BotMetrics, RunningBot } from './bot/index.js';
import { configErrorText, loadConfig } from './config.js';
import { createLogger, logFormat, urlSecrets } from './log.js';
import type { HealthServer } from './runtime/health-server.js';
import { isShardProcess } from './runtime/role.js';
import type { ShardAssignment } from './runtime/shard-process.js';
import {
  EXIT_CONFIG,
  EXIT_FAILURE,
  MISSING_TOKEN_TEXT,
  PRODUCTION_WITHOUT_REDIS_TEXT,
  describeStartupError,
  isProduction,
  type DescribeOptions,
} from './startup.js';
import type { Store } from './store/index.js';

/** The token and Redis password once read: never printed, even by an unexpected error. */
let knownSecrets: (string | undefined)[] = [];

function stop(text: string, exitCode: number): never {
  console.error(text);
  process.exit(exitCode);
}

async function main(): Promise<void> {
  const loaded = loadConfig();
  if (!loaded.ok) stop(configErrorText(loaded.errors), EXIT_CONFIG);
  const config = loaded.config;
  if (!config.discordToken) stop(MISSING_TOKEN_TEXT, EXIT_CONFIG);
  if (isProduction() && !config.redisUrl) stop(PRODUCTION_WITHOUT_REDIS_TEXT, EXIT_CONFIG);
  const token = config.discordToken;
  const secrets = [token, ...urlSecrets(config.redisUrl), config.activity?.clientSecret, config.webSessionSecret];
  knownSecrets = secrets;
  const metricsAt =
    config.metricsPort !== undefined ? { host: config.metricsHost, port: config.metricsPort } : undefined;
  function failed(e: unknown, stage: DescribeOptions['stage']): never {
    const f = describeStartupError(e, {
      stage,
      apiUrl: config.discordApiUrl,
      redisUrl: config.redisUrl,
      secrets,
      metrics: metricsAt,
      web: config.webPort !== undefined ? { host: config.webHost, port: config.webPort } : undefined,
    });
    stop(f.text, f.exitCode);
  }
  // A shard process runs the shards its manager gave it; it reads them before anything else can fail.
  let assignment: ShardAssignment | undefined;
  // A shard process whose manager is gone (stopped, killed) must not run on as an orphan holding shards.
  let managerGone = (): void => process.exit(EXIT_FAILURE);
  if (isShardProcess()) {
    process.once('disconnect', () => managerGone());
    const { shardAssignment } = await import('./runtime/shard-process.js');
    assignment = shardAssignment();
  }
  const format = logFormat({ production: isProduction(), isTTY: process.stdout.isTTY === true });
  const root = createLogger({ level: config.logLevel, secrets, format });
  const log = assignment ? root.child({ shardProcess: assignment.process, shards: assignment.shards }) : root;
  process.on('unhandledRejection', (e) => log.error({ err: e }, 'unhandled rejection'));
  process.on('uncaughtException', (e) => log.error({ err: e }, 'uncaught exception'));

  if (config.sharding && !assignment) {
    const { runManager } = await import('./runtime/manager.js');
    return runManager({
      config: { ...config, sharding: config.sharding, discordToken: token },
      log,
      entry: fileURLToPath(import.meta.url),
      failed,
    });
  }

  // Loaded only now, so that a configuration error is reported at once (discord.js, canvas and ioredis take a while).
  const { EMBEDDED_WARNING, openStore } = await import('./store/index.js');
  const { BotMetrics, checkReadiness, closeRenderPool, startBot } = await import('./bot/index.js');
  let store: Store;
  try {
    store = await openStore({
      url: config.redisUrl,
      cluster: config.redisCluster,
      prefix: config.redisPrefix,
      commandTimeoutMs: config.redisCommandTimeoutMs,
      challengeTtlMs: config.challengeTtlMs,
      // The embedded-store warning is for the person at the terminal: a plain line, whatever the log format.
      logger: {
        warn: (m) => (m === EMBEDDED_WARNING ? console.warn(`WARNING: ${m}`) : log.warn(m)),
        info: (m) => log.info(m),
      },
    });
  } catch (e) {
    failed(e, 'redis');
  }
  let closing = false;
  let bot: RunningBot | undefined;
  const shards = assignment?.shards ?? [0];
  const metrics: BotMetrics = new BotMetrics({
    processMetrics: true,
    labels: { process: String(assignment?.process ?? 0), shards: shards.join(',') },
  });
  let health: HealthServer | null = null;
  if (metricsAt && !assignment) {
    // Up before the gateway: /livez answers during the connection, /readyz says what it waits for.
    const { startHealthServer } = await import('./runtime/health-server.js');
    try {
      health = await startHealthServer({
        ...metricsAt,
        log,
        sources: {
          ready: async () =>
            closing
              ? { ok: false, detail: 'shutting down' }
              : bot
                ? checkReadiness({ client: bot.client, store })
                : { ok: false, detail: 'gateway not ready: still connecting to Discord' },
          metrics: () => metrics.text(),
        },
      });
    } catch (e) {
      failed(e, 'metrics');
    }
  }
  try {
    bot = await startBot({
      token,
      apiUrl: config.discordApiUrl,
      store,
      logger: log,
      challengeTtlMs: config.challengeTtlMs,
      moveTimeMs: config.moveTimeMs,
      shards,
      shardCount: assignment?.total ?? 1,
      metrics,
      // Post-game reviews, graded in the AI's background lane (docs/review.md).
      review: true,
      ...(config.aiBackgroundWorkers !== undefined ? { aiBackgroundWorkers: config.aiBackgroundWorkers } : {}),
      ...(config.renderWorkers !== undefined ? { renderWorkers: config.renderWorkers } : {}),
      ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
      activity: config.activity !== undefined,
    });
  } catch (e) {
    failed(e, 'discord');
  }
  const running = bot;
  // The live game page (docs/web.md): in the single bot, or in the first shard process (any process's moves reach it
  // through the store's change feed).
  let web: { close(): Promise<void> } | null = null;
  if (config.webPort !== undefined && (assignment?.process ?? 0) === 0) {
    const { startWebServer, WEB_ASSETS_DIR } = await import('./runtime/web-server.js');
    const { sessionKey } = await import('./runtime/web-session.js');
    try {
      const key = sessionKey(config.webSessionSecret, token);
      web = await startWebServer({
        port: config.webPort,
        host: config.webHost,
        store,
        log,
        assetsDir: WEB_ASSETS_DIR,
        // The players' moves from their pages go through this process's match layer (and post in the thread).
        match: running.ctx,
        sessionKey: key,
        // The Activity's sign-in (docs/web.md): the secrets stay in this process, sent to Discord only.
        ...(config.activity ? { activity: { ...config.activity, botToken: token, apiUrl: config.discordApiUrl } } : {}),
      });
    } catch (e) {
      failed(e, 'web');
    }
  }

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await running.stop();
      const { closeAiPool } = await import('./ai/pool.js');
      await closeAiPool();
      await closeRenderPool();
      await web?.close();
      await store.close();
      await health?.close();
    } catch (e) {
      log.error({ err: e }, 'error during shutdown');
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  if (assignment) {
    managerGone = () => void shutdown('shard manager gone');
    const { serveManager } = await import('./runtime/shard-process.js');
    serveManager(running, store, () => closing);
  }
}

main().catch((e) => {
  // Not expected (each step above reports its own failure): one clear line, no stack full of secrets.
  const f = describeStartupError(e, { secrets: knownSecrets });
  stop(f.text, f.exitCode);
});
