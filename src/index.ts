// npm start: configuration, logger, store, the bot, and clean shutdown. The
// process never dies of an unhandled error: it is logged (secrets scrubbed).
import { closeRenderPool, startBot } from './bot/index.js';
import { configErrorText, loadConfig } from './config.js';
import { createLogger } from './log.js';
import { openStore } from './store/index.js';

async function main(): Promise<void> {
  const loaded = loadConfig();
  if (!loaded.ok) {
    console.error(configErrorText(loaded.errors));
    process.exit(1);
  }
  const config = loaded.config;
  if (!config.discordToken) {
    console.error(
      'DISCORD_TOKEN is not set, so the bot cannot connect to Discord.\n' +
        '  - Copy .env.example to .env and fill in DISCORD_TOKEN (and DISCORD_CLIENT_ID, REDIS_URL).\n' +
        '  - Or try hexmate without a token or network: npm run demo',
    );
    process.exit(1);
  }
  const log = createLogger({ level: config.logLevel, secrets: [config.discordToken, config.redisUrl] });
  process.on('unhandledRejection', (e) => log.error({ err: e }, 'unhandled rejection'));
  process.on('uncaughtException', (e) => log.error({ err: e }, 'uncaught exception'));

  const store = await openStore({
    url: config.redisUrl,
    cluster: config.redisCluster,
    prefix: config.redisPrefix,
    challengeTtlMs: config.challengeTtlMs,
    logger: { warn: (m) => log.warn(m), info: (m) => log.info(m) },
  });
  const bot = await startBot({
    token: config.discordToken,
    apiUrl: config.discordApiUrl,
    store,
    logger: log,
    challengeTtlMs: config.challengeTtlMs,
    moveTimeMs: config.moveTimeMs,
  });

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
  // Start-up failures (Redis unreachable, login refused): one clear line, no stack full of secrets.
  const msg = e instanceof Error ? e.message : String(e);
  console.error(`hexmate could not start: ${msg.replace(/[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}/g, '[redacted]')}`);
  process.exit(1);
});
