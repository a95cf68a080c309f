// What the browser tests share: the client built as npm start builds it, the real bot against the fake Discord
// (test/bot/harness.ts), the web server on a Redis connection of its own (updates come by pub/sub, as in another
// process than the bot's), Debian's Chromium; and a game in a DM (a private game) written straight to the store.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import type { StoredGame } from '../../src/model/index.js';
import type { WebServer, WebServerOptions } from '../../src/runtime/web-server.js';
import { openStore } from '../../src/store/index.js';
import type { Store } from '../../src/store/types.js';
import { createHarness, type Harness } from '../bot/harness.js';
import { startTestWebServer } from '../support/web-client.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The client as npm start builds it (only when stale: a second or two otherwise), one test file at a time: two
 * workers building dist-web/ at once would empty it under each other.
 */
function buildClient(): void {
  const lock = path.join(tmpdir(), `hexmate-web-build-${createHash('sha1').update(process.cwd()).digest('hex')}.lock`);
  const sleep = new Int32Array(new SharedArrayBuffer(4));
  for (const end = Date.now() + 120_000; ; ) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a run that was killed is older than any build.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 120_000) rmdirSync(lock);
      if (Date.now() > end) throw new Error(`the web client's build lock ${lock} was not released`);
      Atomics.wait(sleep, 0, 0, 200);
    }
  }
  try {
    const built = spawnSync(
      process.execPath,
      [
        '-e',
        "import('./scripts/build-web.mjs').then((m) => m.ensureWebBuilt()).catch((e) => { console.error(e); process.exit(1); })",
      ],
      { encoding: 'utf8' },
    );
    if (built.status !== 0) throw new Error(`the web client did not build:\n${built.stderr}`);
  } finally {
    rmdirSync(lock);
  }
}

export interface WebHarness {
  h: Harness;
  web: WebServer;
  webStore: Store;
  browser: Browser;
  /** http://127.0.0.1:<port> */
  base: string;
  close(): Promise<void>;
}

/**
 * `server`: more options of the web server (the match layer from `h`'s bot, a session key, limits); `harness`: of the
 * bot and the fake Discord (the Activity's tests turn Activities on).
 */
export async function startWebHarness(
  server: (h: Harness) => Partial<WebServerOptions> = () => ({}),
  harness: Parameters<typeof createHarness>[0] = {},
): Promise<WebHarness> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: install Debian's package (apt-get install -y chromium; .ci/run does) or set CHROMIUM_PATH`,
    );
  buildClient();
  // Boards drawn on the main thread: no render workers to start for a few boards.
  const h = await createHarness({ ...harness, bot: { renderInWorkers: false, ...harness.bot } });
  const webStore = await openStore({
    url: inject('redisUrl'),
    prefix: h.prefix,
    logger: { warn: () => {}, info: () => {} },
  });
  const web = await startTestWebServer(webStore, server(h));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  return {
    h,
    web,
    webStore,
    browser,
    base: `http://127.0.0.1:${web.port}`,
    async close() {
      await browser.close();
      await web.close();
      await webStore.close();
      await h.close();
    },
  };
}

/** The web server's Activity sign-in against the harness's fake Discord (start the harness with activities on). */
export const fakeActivity = (h: Harness): NonNullable<WebServerOptions['activity']> => ({
  clientId: h.fake.applicationId,
  clientSecret: h.fake.clientSecret,
  botToken: h.fake.token,
  apiUrl: h.fake.apiBase,
});

/** A short Exxit game between Alice and Bob in a DM (no server): a private game. */
export async function createDmGame(h: Harness): Promise<StoredGame> {
  const init = getGame('exxit').initial('short');
  const priv = await h.store.games.create({
    game: 'exxit',
    setup: 'short',
    guildId: null,
    channelId: `7${Math.floor(Math.random() * 1e17)}`,
    players: [
      { id: h.alice.id, name: 'Alice' },
      { id: h.bob.id, name: 'Bob' },
    ],
    rated: false,
    state: init.ok ? init.value : null,
    clock: null,
  });
  if (!priv.ok) throw new Error('create');
  return priv.game;
}

/** A page at phone size (360×640 CSS px), with touch. */
export async function phone(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  return ctx.newPage();
}
