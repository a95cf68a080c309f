// The compiled build as npm start runs it: plain `node dist/index.js`, no tsx.
// dist/ is built first when it is missing or stale (scripts/build.mjs, as npm
// start does). Every run starts in an empty folder, so no .env is read.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawnTracked, stopAll } from './support/processes.js';
import { ROOT, ensureBuilt } from '../scripts/build.mjs';
import { startFakeDiscord } from './support/fake-discord/index.js';

const TOKEN = 'aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbb.cccccccccccccccccccccccccc';
const INDEX = path.join(ROOT, 'dist', 'index.js');
const NO_TSX = fileURLToPath(new URL('./fixtures/no-tsx.mjs', import.meta.url));
let cwd: string;

beforeAll(() => {
  ensureBuilt({ typeCheck: false, stdio: 'pipe', log: () => {} });
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'hexmate-dist-'));
}, 120_000);
// A test that fails half-way leaves no bot running.
afterEach(() => stopAll());
afterAll(() => fs.rmSync(cwd, { recursive: true, force: true }));

/** node dist/index.js with exactly these variables (plus PATH), tsx made unloadable. */
function start(env: Record<string, string>) {
  const child = spawnTracked(process.execPath, ['--import', NO_TSX, INDEX], {
    cwd,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (out.stdout += d));
  child.stderr.on('data', (d) => (out.stderr += d));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, ...out })),
  );
  return { child, exited };
}
const run = (env: Record<string, string>) => start(env).exited;

describe('node dist/index.js', () => {
  it('without a token: the clear message, exit 78', async () => {
    const r = await run({});
    expect(r.code).toBe(78);
    expect(r.stderr).toMatch(/^DISCORD_TOKEN is not set, so the bot cannot connect to Discord\./);
    expect(r.stderr).toMatch(/Copy \.env\.example to \.env/);
    expect(r.stderr).toMatch(/npm run demo/);
  });

  it('NODE_ENV=production without REDIS_URL: refuses to start, exit 78', async () => {
    const r = await run({ NODE_ENV: 'production', DISCORD_TOKEN: TOKEN });
    expect(r.code).toBe(78);
    expect(r.stderr).toMatch(/^NODE_ENV=production, but REDIS_URL is not set/);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it('Discord unreachable (DISCORD_API_URL to a closed port): names the host, exit 1; the in-memory warning is a plain line', async () => {
    const server = http.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r()));
    const r = await run({ DISCORD_TOKEN: TOKEN, DISCORD_API_URL: `http://127.0.0.1:${port}/api` });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`hexmate could not start: cannot reach 127.0.0.1:${port} (ECONNREFUSED`);
    expect(r.stderr).toMatch(/check the host and port/);
    expect(r.stderr).toMatch(/^WARNING: No REDIS_URL set: using the EMBEDDED IN-MEMORY store/m);
    expect(r.stderr).not.toMatch(/^\{/m); // no JSON among the plain lines
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it('an invalid token (401): says so and to check DISCORD_TOKEN, exit 78, the token never printed', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"message":"401: Unauthorized","code":0}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    try {
      const r = await run({ DISCORD_TOKEN: TOKEN, DISCORD_API_URL: api });
      expect(r.code).toBe(78);
      expect(r.stderr).toMatch(/hexmate could not start: Discord refused the bot token/);
      expect(r.stderr).toMatch(/Check DISCORD_TOKEN/);
      expect(r.stdout + r.stderr).not.toContain(TOKEN);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('the AI and render workers run compiled JavaScript from dist/ (tsx unloadable)', () => {
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        NO_TSX,
        fileURLToPath(new URL('./fixtures/dist-pools.mjs', import.meta.url)),
        path.join(ROOT, 'dist'),
      ],
      {
        cwd,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out.aiMove).toMatch(/^P -?\d+,-?\d+$/);
    expect(out.pngSignature).toBe('PNG');
    // The control: the same pool given a .ts entry needs tsx, so the hook above really bites in workers.
    expect(out.tsEntry).toMatch(/tsx is not installed here/);
    // npm test's shortcut: src/'s boot takes a src/ entry from dist/ when told dist/ is fresh, and only then.
    expect(out.srcBootCompiled).toBe('ready');
    expect(out.srcBootPlain).toMatch(/tsx is not installed here/);
  });

  it('dist/deploy-commands.js is there for the Docker image: says what is missing', () => {
    const r = spawnSync(process.execPath, ['--import', NO_TSX, path.join(ROOT, 'dist', 'deploy-commands.js')], {
      cwd,
      env: { PATH: process.env.PATH ?? '', DISCORD_TOKEN: TOKEN },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/deploy-commands needs DISCORD_CLIENT_ID/);
  });

  it('in production with Redis: connects through DISCORD_API_URL, answers, logs JSON lines only, stops on SIGTERM with 0', async () => {
    const fake = await startFakeDiscord();
    try {
      const guild = fake.addGuild({ name: 'Dist' });
      const channel = fake.addChannel(guild.id, { name: 'games' });
      const alice = fake.addUser({ username: 'alice-dist' });
      const p = start({
        NODE_ENV: 'production',
        DISCORD_TOKEN: TOKEN,
        DISCORD_API_URL: fake.apiBase,
        REDIS_URL: inject('redisUrl'),
        REDIS_PREFIX: `${inject('redisPrefix')}dist:`,
      });
      await fake.waitForReady(1, 20_000);
      const r = await fake.slash(alice, channel.id, 'challenge', [{ name: 'game', type: 3, value: 'exxit' }]).done();
      expect(JSON.stringify(r.original?.embeds)).toContain('Exxit challenge');
      p.child.kill('SIGTERM');
      const done = await p.exited;
      expect(done.code).toBe(0);
      const lines = done.stdout.trim().split('\n');
      const parsed = lines.map((l) => JSON.parse(l) as { msg: string });
      expect(parsed.map((l) => l.msg)).toContain('bot ready');
      expect(parsed.map((l) => l.msg)).toContain('shutting down');
      expect(done.stderr).toBe('');
      expect(done.stdout).not.toContain(TOKEN);
      expect(fake.violations).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
