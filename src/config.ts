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
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

/** Variables holding secrets: their values never appear in a message. */
export const SECRET_VARS = ['DISCORD_TOKEN', 'REDIS_URL'] as const;

// `FOO=` in a .env file means "not set".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v), schema.optional());

const snowflake = (name: string) => optional(z.string().regex(/^\d{1,25}$/, `${name} must be a numeric Discord id (snowflake)`));

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
    z.string().refine((s) => {
      try {
        return protocols.includes(new URL(s).protocol);
      } catch {
        return false;
      }
    }, `${name} must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL`),
  );

const schema = z.object({
  DISCORD_TOKEN: optional(
    z
      .string()
      .refine((s) => !/^bot\s/i.test(s), 'DISCORD_TOKEN must be the bare token, without the "Bot " prefix')
      .refine((s) => !/\s/.test(s), 'DISCORD_TOKEN must not contain spaces')
      .refine((s) => s.split('.').length === 3, 'DISCORD_TOKEN does not look like a bot token (three parts separated by dots)'),
  ),
  DISCORD_CLIENT_ID: snowflake('DISCORD_CLIENT_ID'),
  DISCORD_GUILD_ID: snowflake('DISCORD_GUILD_ID'),
  REDIS_URL: urlWith('REDIS_URL', ['redis:', 'rediss:']),
  REDIS_CLUSTER: optional(
    z.enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'REDIS_CLUSTER must be true or false' }),
  ).transform((s) => s === 'true' || s === '1' || s === 'yes'),
  REDIS_PREFIX: optional(
    z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'REDIS_PREFIX must be 1-64 chars of letters, digits, _ . : - (no braces)'),
  ).transform((s) => s ?? 'hexmate:'),
  REDIS_COMMAND_TIMEOUT_MS: numberInRange('REDIS_COMMAND_TIMEOUT_MS', 100, 2000, 1000, true),
  DISCORD_API_URL: urlWith('DISCORD_API_URL', ['http:', 'https:']),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })).transform(
    (s) => s ?? 'info',
  ),
  CHALLENGE_TTL_MINUTES: numberInRange('CHALLENGE_TTL_MINUTES', 1, 7 * 24 * 60, 15, true),
  MOVE_TIME_HOURS: numberInRange('MOVE_TIME_HOURS', 0.01, 30 * 24, 24, false),
});

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
