import { describe, expect, it } from 'vitest';
import { configErrorText, loadConfig, parseShardList, SECRET_VARS } from '../src/config.js';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB';

describe('loadConfig', () => {
  it('applies defaults to an empty environment (every variable is optional at parse)', () => {
    const r = loadConfig({});
    expect(r).toEqual({
      ok: true,
      config: {
        discordToken: undefined,
        discordClientId: undefined,
        discordGuildId: undefined,
        redisUrl: undefined,
        redisCluster: false,
        redisPrefix: 'hexmate:',
        redisCommandTimeoutMs: 1000,
        discordApiUrl: undefined,
        logLevel: 'info',
        challengeTtlMinutes: 15,
        challengeTtlMs: 900_000,
        moveTimeHours: 24,
        moveTimeMs: 86_400_000,
        metricsPort: undefined,
        metricsHost: '127.0.0.1',
        webPort: undefined,
        webHost: '127.0.0.1',
        publicUrl: undefined,
        webSessionSecret: undefined,
        activity: undefined,
        sharding: undefined,
      },
    });
  });

  it('the Activity: ACTIVITY_ENABLED needs the client id, the client secret and WEB_PORT; off without it', () => {
    const full = {
      ACTIVITY_ENABLED: 'true',
      DISCORD_CLIENT_ID: '123456789012345678',
      DISCORD_CLIENT_SECRET: 'aSecretOfTheApp_0123456789abcdef',
      WEB_PORT: '8080',
    };
    const r = loadConfig(full);
    expect(r.ok && r.config.activity).toEqual({
      clientId: '123456789012345678',
      clientSecret: 'aSecretOfTheApp_0123456789abcdef',
    });
    // A secret without the switch turns nothing on.
    const off = loadConfig({ ...full, ACTIVITY_ENABLED: '' });
    expect(off.ok && off.config.activity).toBe(undefined);
    const missing = loadConfig({ ACTIVITY_ENABLED: 'yes' });
    expect(missing.ok).toBe(false);
    if (missing.ok) return;
    expect(missing.errors).toEqual([
      'ACTIVITY_ENABLED needs DISCORD_CLIENT_ID (the application id)',
      'ACTIVITY_ENABLED needs DISCORD_CLIENT_SECRET (OAuth2 → Client Secret in the developer portal)',
      'ACTIVITY_ENABLED needs WEB_PORT (the web server serves the Activity)',
    ]);
    const bad = loadConfig({ ...full, DISCORD_CLIENT_SECRET: 'has spaces in it!', ACTIVITY_ENABLED: 'maybe' });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors.join('\n')).not.toContain('has spaces');
    expect(bad.errors).toContain('ACTIVITY_ENABLED must be true or false');
    expect(SECRET_VARS).toContain('DISCORD_CLIENT_SECRET');
    expect(loadConfig({ WEB_SESSION_SECRET: 'short' }).ok).toBe(false);
  });

  it('reads the live game page: WEB_PORT, WEB_HOST, PUBLIC_URL (its trailing slash dropped); refuses bad values', () => {
    const r = loadConfig({ WEB_PORT: '8080', WEB_HOST: '0.0.0.0', PUBLIC_URL: 'https://hex.example.org/' });
    expect(r.ok && [r.config.webPort, r.config.webHost, r.config.publicUrl]).toEqual([
      8080,
      '0.0.0.0',
      'https://hex.example.org',
    ]);
    expect(loadConfig({ WEB_PORT: '70000' }).ok).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'ftp://hex.example.org' }).ok).toBe(false);
  });

  it('reads a full, valid environment; empty values mean unset; values are trimmed', () => {
    const r = loadConfig({
      DISCORD_TOKEN: ` ${TOKEN} `,
      DISCORD_CLIENT_ID: '123456789012345678',
      DISCORD_GUILD_ID: '',
      REDIS_URL: 'rediss://default:pw@redis.example:6380/2',
      REDIS_PREFIX: 'hm:prod:',
      REDIS_CLUSTER: 'true',
      DISCORD_API_URL: 'http://127.0.0.1:4567/api',
      LOG_LEVEL: 'debug',
      CHALLENGE_TTL_MINUTES: '5',
      MOVE_TIME_HOURS: '0.5',
      UNRELATED: 'ignored',
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config).toMatchObject({
      discordToken: TOKEN,
      discordClientId: '123456789012345678',
      discordGuildId: undefined,
      redisUrl: 'rediss://default:pw@redis.example:6380/2',
      redisPrefix: 'hm:prod:',
      redisCluster: true,
      discordApiUrl: 'http://127.0.0.1:4567/api',
      logLevel: 'debug',
      challengeTtlMs: 300_000,
      moveTimeMs: 1_800_000,
    });
  });

  it('names every bad variable with a clear message', () => {
    const r = loadConfig({
      DISCORD_CLIENT_ID: 'my-bot',
      REDIS_URL: 'localhost:6379',
      REDIS_PREFIX: 'a{b}',
      REDIS_CLUSTER: 'maybe',
      DISCORD_API_URL: 'ftp://x',
      LOG_LEVEL: 'loud',
      CHALLENGE_TTL_MINUTES: '0',
      MOVE_TIME_HOURS: 'soon',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      'DISCORD_CLIENT_ID must be a numeric Discord id (snowflake)',
      'REDIS_URL must be a redis:// or rediss:// URL',
      'REDIS_CLUSTER must be true or false',
      'REDIS_PREFIX must be 1-64 chars of letters, digits, _ . : - (no braces)',
      'DISCORD_API_URL must be a http:// or https:// URL',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      'CHALLENGE_TTL_MINUTES must be between 1 and 10080',
      'MOVE_TIME_HOURS must be a number',
    ]);
    expect(configErrorText(r.errors)).toMatch(/\.env\.example/);
  });

  it('never puts a secret value into a message', () => {
    const secrets = {
      DISCORD_TOKEN: 'Bot MTIz.secret-part.tail-of-the-token-value',
      REDIS_URL: 'http://admin:hunter2-very-secret@redis:6379',
    };
    const r = loadConfig(secrets);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.some((e) => e.startsWith('DISCORD_TOKEN'))).toBe(true);
    expect(r.errors.some((e) => e.startsWith('REDIS_URL'))).toBe(true);
    const text = configErrorText(r.errors);
    for (const v of ['secret-part', 'tail-of-the-token-value', 'hunter2', 'admin']) expect(text).not.toContain(v);
    expect(SECRET_VARS).toContain('DISCORD_TOKEN');
  });

  it('refuses a token that is not one (spaces, wrong shape)', () => {
    for (const t of ['abc def.g.h', 'justonepart', 'a.b']) {
      const r = loadConfig({ DISCORD_TOKEN: t });
      expect(r.ok).toBe(false);
      if (!r.ok) for (const e of r.errors) expect(e).not.toContain(t);
    }
  });

  it.each([
    ['AI_BACKGROUND_WORKERS', 'aiBackgroundWorkers'],
    ['RENDER_WORKERS', 'renderWorkers'],
  ])('%s: a number of workers, 1..64; unset = the pool’s default (one per core)', (name, key) => {
    expect(loadConfig({ [name]: '3' })).toMatchObject({ ok: true, config: { [key]: 3 } });
    expect(loadConfig({})).toMatchObject({ ok: true, config: { [key]: undefined } });
    for (const [v, error] of [
      ['0', `${name} must be between 1 and 64`],
      ['65', `${name} must be between 1 and 64`],
      ['two', `${name} must be a whole number`],
      ['1.5', `${name} must be a whole number`],
    ])
      expect(loadConfig({ [name]: v })).toEqual({ ok: false, errors: [error] });
  });

  it('health and metrics: METRICS_PORT turns the server on; METRICS_HOST names where it listens', () => {
    expect(loadConfig({ METRICS_PORT: '9091', METRICS_HOST: '0.0.0.0' })).toMatchObject({
      ok: true,
      config: { metricsPort: 9091, metricsHost: '0.0.0.0' },
    });
    expect(loadConfig({ METRICS_PORT: '0' })).toEqual({
      ok: false,
      errors: ['METRICS_PORT must be between 1 and 65535'],
    });
    expect(loadConfig({ METRICS_PORT: 'http' })).toEqual({ ok: false, errors: ['METRICS_PORT must be a port number'] });
    expect(loadConfig({ METRICS_HOST: 'a b' }).ok).toBe(false);
  });

  it("sharding: SHARDS=auto|N, the process count, this machine's shard ids; off without SHARDS", () => {
    expect(loadConfig({ SHARDS: 'auto' })).toMatchObject({
      ok: true,
      config: { sharding: { total: 'auto', processes: 1, list: undefined, spawnDelayMs: 7000 } },
    });
    expect(
      loadConfig({ SHARDS: '8', SHARD_PROCESSES: '2', SHARD_IDS: '4-7', SHARD_SPAWN_DELAY_MS: '5500' }),
    ).toMatchObject({
      ok: true,
      config: { sharding: { total: 8, processes: 2, list: [4, 5, 6, 7], spawnDelayMs: 5500 } },
    });
    const bad = (env: Record<string, string>) => {
      const r = loadConfig(env);
      return r.ok ? [] : r.errors;
    };
    expect(bad({ SHARDS: 'many' })).toEqual(['SHARDS must be auto or a whole number of shards']);
    expect(bad({ SHARDS: '0' })).toEqual(['SHARDS must be auto or between 1 and 16384']);
    expect(bad({ SHARD_PROCESSES: '2', SHARD_IDS: '0' })).toEqual([
      'SHARD_PROCESSES needs SHARDS (the total number of shards, or auto)',
      'SHARD_IDS needs SHARDS (the total number of shards, or auto)',
    ]);
    expect(bad({ SHARDS: 'auto', SHARD_IDS: '0-1' })).toEqual([
      'SHARD_IDS needs SHARDS to be the total number of shards across every machine, not auto',
    ]);
    expect(bad({ SHARDS: '4', SHARD_IDS: '2-4' })).toEqual(['SHARD_IDS must name shards below SHARDS (ids 0 to 3)']);
    expect(bad({ SHARDS: '4', SHARD_PROCESSES: '5' })).toEqual([
      'SHARD_PROCESSES must not exceed the number of shards this machine runs (4)',
    ]);
    expect(bad({ SHARDS: '8', SHARD_IDS: '0,1', SHARD_PROCESSES: '3' })).toEqual([
      'SHARD_PROCESSES must not exceed the number of shards this machine runs (2)',
    ]);
    expect(bad({ SHARDS: '8', SHARD_IDS: '3-1' })).toEqual([
      'SHARD_IDS has a range that runs backwards or is too long',
    ]);
    expect(bad({ SHARDS: '8', SHARD_IDS: 'even' })).toEqual([
      'SHARD_IDS must be shard ids and ranges separated by commas, e.g. 0-3,8',
    ]);
  });

  it('parseShardList: ids and ranges, sorted, without repeats', () => {
    expect(parseShardList('8, 0-2,1')).toEqual([0, 1, 2, 8]);
    expect(parseShardList('5')).toEqual([5]);
    expect(parseShardList('3-2')).toBeNull();
  });
});
