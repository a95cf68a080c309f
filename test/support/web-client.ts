// What the browser tests of the web client share (test/web/): the client built as npm start builds it, Debian's
// Chromium driven by playwright-core, a phone-sized page, and a quiet web server on a free loopback port.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pino } from 'pino';
import { type Browser, chromium, type Page } from 'playwright-core';
import { startWebServer, WEB_ASSETS_DIR, type WebServer, type WebServerOptions } from '../../src/runtime/web-server.js';
import type { Store } from '../../src/store/types.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** dist-web/ as npm start builds it (only when stale: a second or two otherwise). */
export function buildWebClient(): void {
  const built = spawnSync(
    process.execPath,
    [
      '-e',
      "import('./scripts/build-web.mjs').then((m) => m.ensureWebBuilt()).catch((e) => { console.error(e); process.exit(1); })",
    ],
    { encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`the web client did not build:\n${built.stderr}`);
}

/** Debian's Chromium; a clear failure when it is missing. */
export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: install Debian's package (apt-get install -y chromium; .ci/run does) or set CHROMIUM_PATH`,
    );
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
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

/** The web server on a free loopback port, serving the built client, logging nothing. */
export function startTestWebServer(store: Store, extra: Partial<WebServerOptions> = {}): Promise<WebServer> {
  return startWebServer({
    port: 0,
    host: '127.0.0.1',
    store,
    log: pino({ level: 'silent' }),
    assetsDir: WEB_ASSETS_DIR,
    ...extra,
  });
}
