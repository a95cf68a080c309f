// A web server on a free loopback port serving the built client, quiet unless WEB_TEST_LOG names a level (test/web/web-harness.ts for the browser
// tests; test/runtime/activity-auth.test.ts without a browser).
import { pino } from 'pino';
import { startWebServer, WEB_ASSETS_DIR, type WebServer, type WebServerOptions } from '../../src/runtime/web-server.js';
import type { Store } from '../../src/store/types.js';

export function startTestWebServer(store: Store, extra: Partial<WebServerOptions> = {}): Promise<WebServer> {
  return startWebServer({
    port: 0,
    host: '127.0.0.1',
    store,
    log: pino({ level: process.env.WEB_TEST_LOG ?? 'silent' }),
    assetsDir: WEB_ASSETS_DIR,
    ...extra,
  });
}
