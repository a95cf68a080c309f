// The process logger (pino) and the helpers that keep secrets out of logs.
// product.md: "A token or secret in a log line or an error message" must never happen.
// JSON lines in production and whenever stdout is not a terminal; readable
// lines (pino-pretty, a development dependency) in a terminal.
import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** Field paths pino blanks out wherever they appear in a logged object (two levels deep). */
export const REDACT_PATHS: string[] = (() => {
  const names = [
    'token',
    'DISCORD_TOKEN',
    'discordToken',
    'password',
    'pass',
    'secret',
    'apiKey',
    'authorization',
    'Authorization',
    'cookie',
    'REDIS_URL',
    'redisUrl',
    // OAuth2 (the Activity's sign-in): the client secret, a user's tokens, a web session.
    'client_secret',
    'clientSecret',
    'access_token',
    'accessToken',
    'refresh_token',
    'session',
  ];
  const paths: string[] = [];
  for (const n of names) paths.push(n, `*.${n}`, `*.*.${n}`);
  paths.push('headers.authorization', 'req.headers.authorization', 'config.headers.Authorization');
  return paths;
})();

// A Discord bot token: three base64url parts joined by dots (id.timestamp.hmac).
const DISCORD_TOKEN_RE = /\b[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}\b/g;
// "Bot <token>" / "Bearer <token>" headers written into text.
const AUTH_HEADER_RE = /\b(Bot|Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g;
// Credentials inside a URL: scheme://user:password@host or scheme://:password@host.
const URL_CREDENTIALS_RE = /\b([a-z][a-z0-9+.-]*:\/\/)([^/\s:@]*):([^/\s@]+)@/gi;
// key=value / key: value pairs whose key names a secret.
const SECRET_PAIR_RE =
  /\b((?:[A-Z0-9_]*(?:TOKEN|PASSWORD|SECRET|PASS|API_KEY))|token|password|secret)(\s*[=:]\s*)("?)[^\s"',;&]+\3/gi;

/** Replaces anything that looks like a secret in free text by `[redacted]`. */
export function redactSecrets(text: string, extraSecrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const s of extraSecrets) {
    if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  }
  return out
    .replace(URL_CREDENTIALS_RE, (_m, scheme: string, user: string) => `${scheme}${user}:[redacted]@`)
    .replace(AUTH_HEADER_RE, (_m, kind: string) => `${kind} [redacted]`)
    .replace(SECRET_PAIR_RE, (_m, key: string, sep: string, q: string) => `${key}${sep}${q}[redacted]${q}`)
    .replace(DISCORD_TOKEN_RE, '[redacted]');
}

/**
 * The password inside a URL (redis://:pw@host), to scrub it wherever it turns up; undefined when none or unparsable.
 */
export function urlPassword(url: string | undefined): string | undefined {
  try {
    return url ? decodeURIComponent(new URL(url).password) || undefined : undefined;
  } catch {
    // Not a URL: it carries no password we could find, and config validation reports it.
    return undefined;
  }
}

/** A URL fit for a log line: the password (if any) replaced; unparsable input is fully hidden. */
/**
 * What of a service URL is secret: its password, and the whole URL when it cannot be read as one or
 * carries a query (where a client may take a password too). The rest (scheme, host, port) stays
 * readable, so an admin sees which server could not be reached.
 */
export function urlSecrets(url: string | undefined): string[] {
  if (!url) return [];
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return [url];
  }
  const password = urlPassword(url);
  return [...(password ? [password, u.password] : []), ...(u.search ? [url] : [])];
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = 'redacted';
    // A query may hold options a client reads as credentials: shown as present, not as written.
    if (!u.search) return u.toString();
    u.search = '';
    return `${u.toString()}?[redacted]`;
  } catch {
    return '[unparsable url]';
  }
}

export type LogFormat = 'json' | 'pretty';

/** pino-pretty's path, or null when it is not installed (npm ci --omit=dev). */
export function prettyTarget(): string | null {
  try {
    return createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return null;
  }
}

/**
 * JSON unless a person is reading: pretty only in a terminal (stdout a TTY),
 * outside production, and when pino-pretty is installed.
 */
export function logFormat(where: { production: boolean; isTTY: boolean; prettyInstalled?: boolean }): LogFormat {
  const installed = where.prettyInstalled ?? prettyTarget() !== null;
  return !where.production && where.isTTY && installed ? 'pretty' : 'json';
}

export interface LoggerSettings {
  level?: string;
  /** Known secret values (the token...) to strip from every message, whatever their shape. */
  secrets?: readonly (string | undefined)[];
  /** Where to write (tests); default stdout. */
  destination?: NodeJS.WritableStream;
  name?: string;
  /**
   * 'pretty': readable lines through pino-pretty (stdout only; falls back to JSON when it is missing). Default 'json'.
   */
  format?: LogFormat;
}

/**
 * Every occurrence of each known secret in a finished JSON line, as written
 * or JSON-escaped (once or more), replaced: the last guard, after serializers that do not
 * know the secrets (a child logger's own err serializer...).
 */
export function scrubLine(line: string, secrets: readonly (string | undefined)[]): string {
  let out = line;
  for (const s of secrets) {
    if (!s || s.length < 4) continue;
    // As written, and JSON-escaped once per level of JSON it sits in (a %j argument inside a message: twice).
    for (let form = s, level = 0; level < 4; level++) {
      out = out.split(form).join('[redacted]');
      const next = JSON.stringify(form).slice(1, -1);
      if (next === form) break;
      form = next;
    }
  }
  return out.replace(DISCORD_TOKEN_RE, '[redacted]');
}

/** The pino logger: secret fields redacted, secrets scrubbed from messages, errors and every line written. */
export function createLogger(settings: LoggerSettings = {}): Logger {
  const secrets = settings.secrets ?? [];
  const scrub = (s: string) => redactSecrets(s, secrets);
  const options: LoggerOptions = {
    name: settings.name ?? 'hexmate',
    level: settings.level ?? 'info',
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      err: (e: unknown) => scrubError(pino.stdSerializers.err(e as Error), scrub),
    },
    formatters: {
      // Strings anywhere in the logged object (a URL in `target`, a token inside an error body...).
      log: (obj) => scrubDeep(obj, scrub, 0) as Record<string, unknown>,
    },
    hooks: {
      // Scrub every string argument (the message and printf args).
      logMethod(args, method) {
        const clean = args.map((a) => (typeof a === 'string' ? scrub(a) : a)) as Parameters<typeof method>;
        method.apply(this, clean);
      },
      // The finished line, whichever serializer made it (child loggers included).
      streamWrite: (line) => scrubLine(line, secrets),
    },
  };
  if (settings.destination) return pino(options, settings.destination as DestinationStream);
  const target = settings.format === 'pretty' ? prettyTarget() : null;
  if (target) {
    const transport = pino.transport({
      target,
      options: { destination: 1, colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,name' },
    });
    return pino(options, transport);
  }
  return pino(options);
}

/** A serialized error (message, stack, cause, enumerable fields...) with every string scrubbed. */
function scrubError(ser: unknown, scrub: (s: string) => string): unknown {
  try {
    // pino's serialized errors are not plain objects: a JSON round trip makes them so (they are written as JSON
    // anyway).
    return scrubDeep(JSON.parse(JSON.stringify(ser)), scrub, 0);
  } catch {
    const o = ser as { type?: string; message?: string; stack?: string };
    return { type: o?.type, message: scrub(o?.message ?? ''), stack: scrub(o?.stack ?? '') };
  }
}

function scrubDeep(v: unknown, scrub: (s: string) => string, depth: number): unknown {
  if (typeof v === 'string') return scrub(v);
  if (depth > 6 || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => scrubDeep(x, scrub, depth + 1));
  // Only plain objects: errors go through the err serializer (which scrubs them), Dates etc. stay as they are.
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = scrubDeep(x, scrub, depth + 1);
  return out;
}
