/**
 * A Discord stand-in on loopback: gateway (WebSocket) + REST (HTTP) for the
 * real discord.js Client. Used by tests, `npm run demo` and bench/bot.ts, so
 * it has no vitest imports. See README.md here for the Client options.
 */
export { startFakeDiscord } from './server.js';
export type * from './types.js';
