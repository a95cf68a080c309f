// What npm start prints when it cannot start, for the person who runs the bot:
// what went wrong in their terms (DISCORD_TOKEN, DISCORD_API_URL, REDIS_URL),
// what to do, and an exit status that tells a supervisor whether restarting
// can help. Never a secret: every text goes through redactSecrets.
import { ConfigError } from './config.js';
import { redactSecrets, redactUrl } from './log.js';

/** A configuration problem (sysexits EX_CONFIG): restarting does not help until someone fixes it. */
export const EXIT_CONFIG = 78;
/** Anything else (Discord or Redis unreachable...): a later restart may succeed. */
export const EXIT_FAILURE = 1;

export interface StartupFailure {
  /** One or more lines for stderr. */
  text: string;
  exitCode: number;
}

/** NODE_ENV=production: JSON logs, and no embedded in-memory store. */
export function isProduction(env: Record<string, string | undefined> = process.env): boolean {
  return env.NODE_ENV?.trim() === 'production';
}

export const MISSING_TOKEN_TEXT =
  'DISCORD_TOKEN is not set, so the bot cannot connect to Discord.\n' +
  '  - Copy .env.example to .env and fill in DISCORD_TOKEN (and DISCORD_CLIENT_ID, REDIS_URL).\n' +
  '  - Or try hexmate without a token or network: npm run demo';

export const PRODUCTION_WITHOUT_REDIS_TEXT =
  'NODE_ENV=production, but REDIS_URL is not set: hexmate will not run production on the embedded in-memory store,\n' +
  'which loses every game, challenge and rating when the process stops.\n' +
  '  - Set REDIS_URL to your Redis server, e.g. redis://127.0.0.1:6379 (docker compose sets it for you);\n' +
  '  - or, to try the bot on the in-memory store, start it without NODE_ENV=production.';

const DISCORD_API = 'https://discord.com/api';

/** Connection failures, by error code: what it means, in words. */
const NETWORK_CODES: Record<string, string> = {
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be looked up (DNS failed)',
  ECONNREFUSED: 'connection refused: nothing listens there',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  ETIMEDOUT: 'the connection timed out',
  ENETUNREACH: 'the network is unreachable',
  ENETDOWN: 'the network is down',
  EHOSTUNREACH: 'no route to the host',
  EHOSTDOWN: 'the host is down',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the connection closed unexpectedly',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is self-signed (a proxy intercepting HTTPS?)',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate cannot be verified (a proxy intercepting HTTPS?)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its TLS certificate cannot be verified (a proxy intercepting HTTPS?)',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
};

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  status?: unknown;
  method?: unknown;
  url?: unknown;
  hostname?: unknown;
  address?: unknown;
  port?: unknown;
  cause?: unknown;
  errors?: unknown;
}

const asObj = (e: unknown): ErrorLike | null => (e !== null && typeof e === 'object' ? e : null);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The first error in e, its causes and its aggregated errors (fetch, happy eyeballs) that carries a network code. */
function networkError(e: unknown, depth = 0): ErrorLike | null {
  const o = asObj(e);
  if (!o || depth > 4) return null;
  if (typeof o.code === 'string' && o.code in NETWORK_CODES) return o;
  for (const inner of [o.cause, ...(Array.isArray(o.errors) ? (o.errors as unknown[]) : [])]) {
    const found = networkError(inner, depth + 1);
    if (found) return found;
  }
  return null;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

const message = (e: unknown): string => {
  const o = asObj(e);
  return str(o?.message) ?? String(e);
};

/** Where the bot was talking to, as the person set it (or did not). */
function apiLine(apiUrl: string | undefined): string {
  return apiUrl
    ? `  - DISCORD_API_URL is ${redactUrl(apiUrl)}: check the host and port, and that the proxy or stand-in there is running; leave it empty to talk to Discord itself.`
    : `  - DISCORD_API_URL is not set, so the bot talks to Discord itself (${DISCORD_API}); set it only for a proxy or a local stand-in.`;
}

export interface DescribeOptions {
  /**
   * What was being started when it failed: the store (Redis), the Discord connection, or the health and metrics server.
   */
  stage?: 'redis' | 'discord' | 'metrics' | 'web';
  /** METRICS_HOST and METRICS_PORT, for the metrics stage. */
  metrics?: { host: string; port: number };
  /** WEB_HOST and WEB_PORT, for the web stage (the live game page). */
  web?: { host: string; port: number };
  /** DISCORD_API_URL, if set. */
  apiUrl?: string;
  /** REDIS_URL, if set (shown with its password hidden). */
  redisUrl?: string;
  /** Values never to print, whatever their shape (the token...). */
  secrets?: readonly (string | undefined)[];
  /** The first words (default "hexmate could not start: "). */
  head?: string;
}

/** A start-up error → the lines to print and the exit status. */
export function describeStartupError(e: unknown, opts: DescribeOptions = {}): StartupFailure {
  const r = describe(e, opts);
  return { text: redactSecrets(r.text, opts.secrets ?? []), exitCode: r.exitCode };
}

function describe(e: unknown, opts: DescribeOptions): StartupFailure {
  const o = asObj(e);
  const head = opts.head ?? 'hexmate could not start: ';
  if (e instanceof ConfigError) return { text: head + e.message, exitCode: EXIT_CONFIG };

  if (opts.stage === 'redis') {
    return {
      text:
        `${head}${message(e)}\n` +
        (opts.redisUrl
          ? `  - Check REDIS_URL (${redactUrl(opts.redisUrl)}) and that this Redis is running and reachable from here.`
          : '  - The embedded in-memory store could not start; set REDIS_URL to use a Redis server instead.'),
      exitCode: EXIT_FAILURE,
    };
  }

  if (opts.stage === 'metrics') return describeListenError(e, opts.metrics, head);
  if (opts.stage === 'web') return describeListenError(e, opts.web, head, 'web');

  // discord.js: GET /gateway/bot answered 401 (or the token is not a string at all).
  if (o?.code === 'TokenInvalid' || (o?.status === 401 && opts.stage === 'discord')) {
    return {
      text:
        `${head}Discord refused the bot token (401 Unauthorized: "${message(e)}").\n` +
        '  - Check DISCORD_TOKEN in .env (or the environment): it must be the token of the bot itself,\n' +
        '    from https://discord.com/developers/applications → your application → Bot → Reset Token,\n' +
        '    pasted bare (without "Bot "). A token stops working as soon as it is reset or regenerated.' +
        (opts.apiUrl ? `\n  - The refusal came from DISCORD_API_URL (${redactUrl(opts.apiUrl)}).` : ''),
      exitCode: EXIT_CONFIG,
    };
  }

  const net = networkError(e);
  if (net) {
    const code = String(net.code);
    const where =
      str(net.hostname) ??
      (str(net.address)
        ? typeof net.port === 'number'
          ? `${String(net.address)}:${net.port}`
          : String(net.address)
        : undefined) ??
      hostOf(opts.apiUrl ?? DISCORD_API);
    return {
      text:
        `${head}cannot reach ${where} (${code}: ${NETWORK_CODES[code]}).\n` +
        '  - Check the network connection of this machine or container (DNS, firewall, proxy).\n' +
        apiLine(opts.apiUrl),
      exitCode: EXIT_FAILURE,
    };
  }
  // @discordjs/rest gives up on a request after its timeout (15 s), retries included.
  if (o?.name === 'AbortError' && opts.stage === 'discord') {
    return {
      text: `${head}no answer from ${hostOf(opts.apiUrl ?? DISCORD_API)} in time.\n  - Check the network connection of this machine or container.\n${apiLine(opts.apiUrl)}`,
      exitCode: EXIT_FAILURE,
    };
  }

  if (opts.stage === 'discord' && typeof o?.status === 'number') {
    const what = `${str(o.method) ?? 'GET'} ${pathOf(str(o.url))}`;
    if (opts.apiUrl && (o.status === 404 || o.status === 405)) {
      return {
        text:
          `${head}DISCORD_API_URL (${redactUrl(opts.apiUrl)}) answered ${o.status} to ${what}: it does not look like a Discord API.\n` +
          '  - It must be the API base, ending in /api (e.g. http://127.0.0.1:3000/api), of a proxy or stand-in of Discord;\n' +
          '    leave it empty to talk to Discord itself.',
        exitCode: EXIT_CONFIG,
      };
    }
    return {
      text: `${head}${opts.apiUrl ? `DISCORD_API_URL (${redactUrl(opts.apiUrl)})` : 'Discord'} answered ${o.status} to ${what}: ${message(e)}.\n  - Try again later; if it persists, check https://discordstatus.com${opts.apiUrl ? ' and DISCORD_API_URL' : ''}.`,
      exitCode: EXIT_FAILURE,
    };
  }

  if (opts.stage === 'discord' && opts.apiUrl) {
    // Something answered that is not Discord (an HTML page, a JSON of another shape...).
    return {
      text:
        `${head}connecting through DISCORD_API_URL (${redactUrl(opts.apiUrl)}) failed: ${message(e)}\n` +
        '  - Check that DISCORD_API_URL is the API base of a Discord proxy or stand-in, ending in /api; leave it empty to talk to Discord itself.',
      exitCode: EXIT_FAILURE,
    };
  }
  return { text: head + message(e), exitCode: EXIT_FAILURE };
}

/**
 * The health and metrics server could not listen: almost always a setting (the port taken, privileged, or a host not of
 * this machine).
 */
function describeListenError(
  e: unknown,
  where: { host: string; port: number } | undefined,
  head: string,
  server: 'metrics' | 'web' = 'metrics',
): StartupFailure {
  const V = server === 'web' ? 'WEB' : 'METRICS';
  const what = server === 'web' ? 'the web server (live game page)' : 'the health and metrics server';
  const code = str(asObj(e)?.code);
  const at = where ? `${where.host}:${where.port}` : `${V}_HOST:${V}_PORT`;
  const why: Record<string, string> = {
    EADDRINUSE: `the port is already in use.\n  - Choose another ${V}_PORT, or stop what listens on ${at}.`,
    EACCES: `this user may not listen on that port (ports below 1024 need privileges).\n  - Choose a ${V}_PORT above 1023.`,
    EADDRNOTAVAIL: `that address is not one of this machine.\n  - Set ${V}_HOST to 127.0.0.1 (this machine only) or 0.0.0.0 (every interface).`,
    ENOTFOUND: `that host name does not resolve.\n  - Set ${V}_HOST to 127.0.0.1 (this machine only) or 0.0.0.0 (every interface).`,
  };
  if (code && code in why)
    return {
      text: `${head}${what} cannot listen on ${at} (${code}): ${why[code]}`,
      exitCode: EXIT_CONFIG,
    };
  return { text: `${head}${what} cannot listen on ${at}: ${message(e)}`, exitCode: EXIT_FAILURE };
}

function pathOf(url: string | undefined): string {
  if (!url) return '/gateway/bot';
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
