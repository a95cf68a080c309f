// Environment → validated configuration (dotenv + zod). Messages name the
// variable and what is wrong with it, never its value (secrets stay out).
import { config as dotenv } from 'dotenv';
import { z } from 'zod';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  /** Bot token; optional here, the entry point decides whether it needs one. */
  discordToken?: string;
  discordClientId?: string;
  /** deploy-commands: register in this guild only (instant) instead of globally. */
  discordGuildId?: string;
  /** Absent: the embedded in-memory store. */
  redisUrl?: string;
  /** REDIS_URL names a seed node of a Redis Cluster. */
  redisCluster: boolean;
  redisPrefix: string;
  /** A Redis command unanswered after this fails (ms); kept well under Discord's 3 s answer window. */
  redisCommandTimeoutMs: number;
  /** Base URL for REST and gateway (proxy or local stand-in), e.g. http://127.0.0.1:PORT/api. */
  discordApiUrl?: string;
  logLevel: LogLevel;
  challengeTtlMinutes: number;
  challengeTtlMs: number;
  /** Default correspondence time per move (product: 24 h), per-server override in settings. */
  moveTimeHours: number;
  moveTimeMs: number;
  /** METRICS_PORT: the health and metrics HTTP server (/livez, /readyz, /metrics); absent = off. */
  metricsPort?: number;
  /** METRICS_HOST: the address it listens on (default 127.0.0.1; the Docker image sets 0.0.0.0). */
  metricsHost: string;
  /** WEB_PORT: the live game page and its WebSocket (src/web, docs/web.md); absent = off. */
  webPort?: number;
  /** WEB_HOST: the address it listens on (default 127.0.0.1: a reverse proxy in front). */
  webHost: string;
  /**
   * WEB_SESSION_SECRET: the key of the web page's session tokens (src/runtime/web-session.ts); absent = one derived
   * from DISCORD_TOKEN. Set it to the same value on every process that serves the page or signs players in.
   */
  webSessionSecret?: string;
  /** PUBLIC_URL: the page's public base URL (https://hex.example.org), for the link after each game; absent = no link. */
  publicUrl?: string;
  /**
   * ACTIVITY_ENABLED=true: the board as a Discord Activity (docs/web.md): the Open board button on board posts and the
   * OAuth2 code exchange of the web server. Needs DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and WEB_PORT; absent = off.
   */
  activity?: ActivityConfig;
  /** AI_BACKGROUND_WORKERS: the AI's background lane (expert, reviews) at nice 19; absent = one per core. */
  aiBackgroundWorkers?: number;
  /** RENDER_WORKERS: the worker threads that draw boards, replays and charts; absent = one per core, up to 4. */
  renderWorkers?: number;
  /** SHARDS and its companions; absent = one process, no shard manager (the default). */
  sharding?: ShardingConfig;
}

export interface ActivityConfig {
  clientId: string;
  /** DISCORD_CLIENT_SECRET: the application's OAuth2 secret; only the web server's code exchange sends it (to Discord). */
  clientSecret: string;
}

export interface ShardingConfig {
  /** SHARDS: the total number of gateway shards across every machine, or 'auto' (Discord's recommendation). */
  total: number | 'auto';
  /** SHARD_PROCESSES: bot processes this machine's manager runs, sharing its shards. */
  processes: number;
  /**
   * SHARD_IDS: the shard ids this machine runs (several machines); absent = all of them. Not SHARD_LIST:
   * discord-hybrid-sharding gives its processes that variable.
   */
  list?: number[];
  /** SHARD_SPAWN_DELAY_MS: pause per shard before the manager starts the next process (Discord's identify rate). */
  spawnDelayMs: number;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

/** Variables holding secrets: their values never appear in a message. */
export const SECRET_VARS = ['DISCORD_TOKEN', 'REDIS_URL', 'DISCORD_CLIENT_SECRET', 'WEB_SESSION_SECRET'] as const;

// `FOO=` in a .env file means "not set".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    schema.optional(),
  );

const snowflake = (name: string) =>
  optional(z.string().regex(/^\d{1,25}$/, `${name} must be a numeric Discord id (snowflake)`));

/** A number of worker threads, 1..64; absent = the pool's own default. */
const workerCount = (name: string) =>
  optional(
    z
      .string()
      .regex(/^\d+$/, `${name} must be a whole number`)
      .transform(Number)
      .refine((n) => n >= 1 && n <= 64, `${name} must be between 1 and 64`),
  );

const numberInRange = (name: string, min: number, max: number, dflt: number, integer: boolean) =>
  optional(
    z
      .string()
      .regex(integer ? /^\d+$/ : /^\d+(\.\d+)?$/, `${name} must be ${integer ? 'a whole number' : 'a number'}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`),
  ).transform((n) => n ?? dflt);

const urlWith = (name: string, protocols: string[]) =>
  optional(
    z.string().refine(
      (s) => {
        try {
          return protocols.includes(new URL(s).protocol);
        } catch {
          return false;
        }
      },
      `${name} must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL`,
    ),
  );

/** Discord's largest bots run a few thousand shards; far more is a typo. */
const MAX_SHARDS = 16_384;

/** "0-3,8" → [0, 1, 2, 3, 8] (sorted, without repeats); null for a backwards or oversized range. */
export function parseShardList(text: string): number[] | null {
  const ids = new Set<number>();
  for (const part of text.split(',')) {
    const [a, b = a] = part.trim().split('-').map(Number);
    if (b < a || b - a >= MAX_SHARDS) return null;
    for (let id = a; id <= b; id++) ids.add(id);
  }
  return [...ids].sort((x, y) => x - y);
}

const schema = z.object({
  DISCORD_TOKEN: optional(
    z
      .string()
      .refine((s) => !/^bot\s/i.test(s), 'DISCORD_TOKEN must be the bare token, without the "Bot " prefix')
      .refine((s) => !/\s/.test(s), 'DISCORD_TOKEN must not contain spaces')
      .refine(
        (s) => s.split('.').length === 3,
        'DISCORD_TOKEN does not look like a bot token (three parts separated by dots)',
      ),
  ),
  DISCORD_CLIENT_ID: snowflake('DISCORD_CLIENT_ID'),
  DISCORD_GUILD_ID: snowflake('DISCORD_GUILD_ID'),
  REDIS_URL: urlWith('REDIS_URL', ['redis:', 'rediss:']),
  REDIS_CLUSTER: optional(
    z.enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'REDIS_CLUSTER must be true or false' }),
  ).transform((s) => s === 'true' || s === '1' || s === 'yes'),
  REDIS_PREFIX: optional(
    z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'REDIS_PREFIX must be 1-64 chars of letters, digits, _ . : - (no braces)'),
  ).transform((s) => s ?? 'hexmate:'),
  REDIS_COMMAND_TIMEOUT_MS: numberInRange('REDIS_COMMAND_TIMEOUT_MS', 100, 2000, 1000, true),
  DISCORD_API_URL: urlWith('DISCORD_API_URL', ['http:', 'https:']),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })).transform(
    (s) => s ?? 'info',
  ),
  CHALLENGE_TTL_MINUTES: numberInRange('CHALLENGE_TTL_MINUTES', 1, 7 * 24 * 60, 15, true),
  MOVE_TIME_HOURS: numberInRange('MOVE_TIME_HOURS', 0.01, 30 * 24, 24, false),
  AI_BACKGROUND_WORKERS: workerCount('AI_BACKGROUND_WORKERS'),
  RENDER_WORKERS: workerCount('RENDER_WORKERS'),
  METRICS_PORT: optional(
    z
      .string()
      .regex(/^\d+$/, 'METRICS_PORT must be a port number')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 65535, 'METRICS_PORT must be between 1 and 65535'),
  ),
  METRICS_HOST: optional(
    z
      .string()
      .regex(
        /^[A-Za-z0-9.:-]{1,253}$/,
        'METRICS_HOST must be an IP address or a host name (e.g. 127.0.0.1, 0.0.0.0, ::)',
      ),
  ).transform((s) => s ?? '127.0.0.1'),
  WEB_PORT: optional(
    z
      .string()
      .regex(/^\d+$/, 'WEB_PORT must be a port number')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 65535, 'WEB_PORT must be between 1 and 65535'),
  ),
  WEB_HOST: optional(
    z
      .string()
      .regex(/^[A-Za-z0-9.:-]{1,253}$/, 'WEB_HOST must be an IP address or a host name (e.g. 127.0.0.1, 0.0.0.0)'),
  ).transform((s) => s ?? '127.0.0.1'),
  WEB_SESSION_SECRET: optional(
    z.string().refine((s) => s.length >= 16, 'WEB_SESSION_SECRET must be at least 16 characters (a random string)'),
  ),
  PUBLIC_URL: urlWith('PUBLIC_URL', ['http:', 'https:']).transform((s) => s?.replace(/\/+$/, '')),
  ACTIVITY_ENABLED: optional(
    z.enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'ACTIVITY_ENABLED must be true or false' }),
  ).transform((s) => s === 'true' || s === '1' || s === 'yes'),
  DISCORD_CLIENT_SECRET: optional(
    z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'DISCORD_CLIENT_SECRET does not look like an OAuth2 client secret'),
  ),
  SHARDS: optional(
    z
      .string()
      .regex(/^(auto|\d+)$/, 'SHARDS must be auto or a whole number of shards')
      .transform((s) => (s === 'auto' ? ('auto' as const) : Number(s)))
      .refine((n) => n === 'auto' || (n >= 1 && n <= MAX_SHARDS), `SHARDS must be auto or between 1 and ${MAX_SHARDS}`),
  ),
  SHARD_PROCESSES: optional(
    z
      .string()
      .regex(/^\d+$/, 'SHARD_PROCESSES must be a whole number')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 1024, 'SHARD_PROCESSES must be between 1 and 1024'),
  ),
  SHARD_IDS: optional(
    z
      .string()
      .regex(
        /^\d+(-\d+)?(\s*,\s*\d+(-\d+)?)*$/,
        'SHARD_IDS must be shard ids and ranges separated by commas, e.g. 0-3,8',
      )
      .refine((s) => parseShardList(s) !== null, 'SHARD_IDS has a range that runs backwards or is too long')
      .transform((s) => parseShardList(s) ?? []),
  ),
  SHARD_SPAWN_DELAY_MS: numberInRange('SHARD_SPAWN_DELAY_MS', 0, 60_000, 7000, true),
});

/** The rules between the sharding variables, once each is valid on its own. */
function shardingConfig(
  e: z.infer<typeof schema>,
): { ok: true; sharding?: ShardingConfig } | { ok: false; errors: string[] } {
  const list = e.SHARD_IDS ?? undefined;
  if (e.SHARDS === undefined) {
    const stray = (['SHARD_PROCESSES', 'SHARD_IDS'] as const).filter((k) => e[k] !== undefined);
    if (stray.length === 0) return { ok: true };
    return { ok: false, errors: stray.map((k) => `${k} needs SHARDS (the total number of shards, or auto)`) };
  }
  const errors: string[] = [];
  if (list && e.SHARDS === 'auto')
    errors.push('SHARD_IDS needs SHARDS to be the total number of shards across every machine, not auto');
  if (list && typeof e.SHARDS === 'number' && list.some((id) => id >= (e.SHARDS as number))) {
    errors.push(`SHARD_IDS must name shards below SHARDS (ids 0 to ${e.SHARDS - 1})`);
  }
  const here = list?.length ?? (typeof e.SHARDS === 'number' ? e.SHARDS : undefined);
  if (e.SHARD_PROCESSES !== undefined && here !== undefined && e.SHARD_PROCESSES > here) {
    errors.push(`SHARD_PROCESSES must not exceed the number of shards this machine runs (${here})`);
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    sharding: { total: e.SHARDS, processes: e.SHARD_PROCESSES ?? 1, list, spawnDelayMs: e.SHARD_SPAWN_DELAY_MS },
  };
}

/** ACTIVITY_ENABLED=true and what it needs: the application's id and secret, and the web server that serves it. */
function activityConfig(
  e: z.infer<typeof schema>,
): { ok: true; activity?: ActivityConfig } | { ok: false; errors: string[] } {
  if (!e.ACTIVITY_ENABLED) return { ok: true };
  const errors: string[] = [];
  if (!e.DISCORD_CLIENT_ID) errors.push('ACTIVITY_ENABLED needs DISCORD_CLIENT_ID (the application id)');
  if (!e.DISCORD_CLIENT_SECRET)
    errors.push('ACTIVITY_ENABLED needs DISCORD_CLIENT_SECRET (OAuth2 → Client Secret in the developer portal)');
  if (e.WEB_PORT === undefined) errors.push('ACTIVITY_ENABLED needs WEB_PORT (the web server serves the Activity)');
  if (errors.length > 0 || !e.DISCORD_CLIENT_ID || !e.DISCORD_CLIENT_SECRET) return { ok: false, errors };
  return { ok: true, activity: { clientId: e.DISCORD_CLIENT_ID, clientSecret: e.DISCORD_CLIENT_SECRET } };
}

let dotenvLoaded = false;

/**
 * Reads and validates the configuration. Without an argument it first loads
 * `.env` into process.env (existing variables win); with one it is pure.
 */
export function loadConfig(env?: Record<string, string | undefined>): ConfigResult {
  if (!env) {
    if (!dotenvLoaded) {
      dotenv({ quiet: true });
      dotenvLoaded = true;
    }
    env = process.env;
  }
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    // Our messages name the variable; for anything else name the path only (zod may quote input).
    const errors = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? 'environment');
      return i.code === 'custom' || i.message.startsWith(name) ? i.message : `${name} is invalid`;
    });
    return { ok: false, errors: [...new Set(errors)] };
  }
  const e = parsed.data;
  const shards = shardingConfig(e);
  if (!shards.ok) return { ok: false, errors: shards.errors };
  const activity = activityConfig(e);
  if (!activity.ok) return { ok: false, errors: activity.errors };
  return {
    ok: true,
    config: {
      discordToken: e.DISCORD_TOKEN,
      discordClientId: e.DISCORD_CLIENT_ID,
      discordGuildId: e.DISCORD_GUILD_ID,
      redisUrl: e.REDIS_URL,
      redisCluster: e.REDIS_CLUSTER,
      redisPrefix: e.REDIS_PREFIX,
      redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
      discordApiUrl: e.DISCORD_API_URL,
      logLevel: e.LOG_LEVEL,
      challengeTtlMinutes: e.CHALLENGE_TTL_MINUTES,
      challengeTtlMs: Math.round(e.CHALLENGE_TTL_MINUTES * 60_000),
      moveTimeHours: e.MOVE_TIME_HOURS,
      moveTimeMs: Math.round(e.MOVE_TIME_HOURS * 3_600_000),
      metricsPort: e.METRICS_PORT,
      metricsHost: e.METRICS_HOST,
      webPort: e.WEB_PORT,
      webHost: e.WEB_HOST,
      webSessionSecret: e.WEB_SESSION_SECRET,
      publicUrl: e.PUBLIC_URL,
      activity: activity.activity,
      aiBackgroundWorkers: e.AI_BACKGROUND_WORKERS,
      renderWorkers: e.RENDER_WORKERS,
      sharding: shards.sharding,
    },
  };
}

/** The text to print when the configuration is refused. */
export function configErrorText(errors: readonly string[]): string {
  return `Invalid configuration:\n${errors.map((e) => `  - ${e}`).join('\n')}\nSee .env.example for every variable.`;
}

/**
 * A start-up problem that only the person running the bot can fix (a setting,
 * a missing package): npm start prints the message and exits with status 78
 * (EX_CONFIG), which a restart does not change.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
