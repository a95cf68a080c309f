// npm start (node dist/index.js): configuration, logger, store, the bot, and
// clean shutdown. A start-up failure prints what to do (src/startup.ts) and
// exits 78 when only a setting can fix it, else 1. Once running, the process
// never dies of an unhandled error: it is logged (secrets scrubbed).
import type { RunningBot } from './bot/index.js';
import { configErrorText, loadConfig } from './config.js';
import { createLogger, logFormat, urlPassword } from './log.js';
import {
  EXIT_CONFIG,
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
  const secrets = [config.discordToken, config.redisUrl, urlPassword(config.redisUrl)];
  knownSecrets = secrets;
  function failed(e: unknown, stage: DescribeOptions['stage']): never {
    const f = describeStartupError(e, { stage, apiUrl: config.discordApiUrl, redisUrl: config.redisUrl, secrets });
    stop(f.text, f.exitCode);
  }
  const format = logFormat({ production: isProduction(), isTTY: process.stdout.isTTY === true });
  const log = createLogger({ level: config.logLevel, secrets, format });
  process.on('unhandledRejection', (e) => log.error({ err: e }, 'unhandled rejection'));
  process.on('uncaughtException', (e) => log.error({ err: e }, 'uncaught exception'));

  // Loaded only now, so that a configuration error is reported at once (discord.js, canvas and ioredis take a while).
  const { EMBEDDED_WARNING, openStore } = await import('./store/index.js');
  const { closeRenderPool, startBot } = await import('./bot/index.js');
  let store: Store;
  try {
    store = await openStore({
      url: config.redisUrl,
      cluster: config.redisCluster,
      prefix: config.redisPrefix,
      commandTimeoutMs: config.redisCommandTimeoutMs,
      challengeTtlMs: config.challengeTtlMs,
      // The embedded-store warning is for the person at the terminal: a plain line, whatever the log format.
      logger: { warn: (m) => (m === EMBEDDED_WARNING ? console.warn(`WARNING: ${m}`) : log.warn(m)), info: (m) => log.info(m) },
    });
  } catch (e) {
    failed(e, 'redis');
  }
  let bot: RunningBot;
  try {
    bot = await startBot({
      token: config.discordToken,
      apiUrl: config.discordApiUrl,
      store,
      logger: log,
      challengeTtlMs: config.challengeTtlMs,
      moveTimeMs: config.moveTimeMs,
    });
  } catch (e) {
    failed(e, 'discord');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await bot.stop();
      const { closeAiPool } = await import('./ai/pool.js');
      await closeAiPool();
      await closeRenderPool();
      await store.close();
    } catch (e) {
      log.error({ err: e }, 'error during shutdown');
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}


main().catch((e) => {
  // Not expected (each step above reports its own failure): one clear line, no stack full of secrets.
  const f = describeStartupError(e, { secrets: knownSecrets });
  stop(f.text, f.exitCode);
});
