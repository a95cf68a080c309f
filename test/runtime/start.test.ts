// npm start's runtime as it really runs: `node dist/index.js` (compiled, tsx
// unloadable) against the fake Discord and a real Redis — one process serving
// its own health and metrics, and the shard manager with two bot processes.
import fs from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawnTracked, stopAll } from '../support/processes.js';
import { ROOT, ensureBuilt } from '../../scripts/build.mjs';
import { startFakeDiscord, type FakeDiscord, type FakeGuild } from '../support/fake-discord/index.js';
import { shardOf } from '../support/fake-discord/snowflake.js';
import { waitFor } from '../bot/harness.js';

const TOKEN = 'aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbb.cccccccccccccccccccccccccc';
const INDEX = path.join(ROOT, 'dist', 'index.js');
const NO_TSX = fileURLToPath(new URL('../fixtures/no-tsx.mjs', import.meta.url));
let cwd: string;

beforeAll(() => {
  ensureBuilt({ typeCheck: false, stdio: 'pipe', log: () => {} });
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'hexmate-runtime-'));
}, 120_000);
// A test that fails half-way leaves no bot running.
afterEach(() => stopAll());
afterAll(() => fs.rmSync(cwd, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

function start(fake: FakeDiscord, env: Record<string, string>) {
  const child = spawnTracked(process.execPath, ['--import', NO_TSX, INDEX], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: fake.apiBase,
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: `${inject('redisPrefix')}runtime-${Math.random().toString(36).slice(2, 8)}:`,
      // One render worker a process (test/support/processes.ts says why); the bot processes inherit it.
      RENDER_WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (out.stdout += d));
  child.stderr.on('data', (d) => (out.stderr += d));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, ...out })),
  );
  return { child, exited, out };
}

async function get(port: number, p: string): Promise<{ status: number; text: string }> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}${p}`);
    return { status: r.status, text: await r.text() };
  } catch {
    // Not listening yet.
    return { status: 0, text: '' };
  }
}

const sample = (text: string, re: RegExp): number | undefined => {
  const line = text.split('\n').find((l) => re.test(l));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};

const logLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { msg: string; shardProcess?: number; pid: number });

describe('node dist/index.js: health, metrics and sharding', () => {
  it('without SHARDS: one process serves /livez, /readyz and /metrics on METRICS_PORT', async () => {
    const fake = await startFakeDiscord();
    try {
      const guild = fake.addGuild({ name: 'Solo' });
      const channel = fake.addChannel(guild.id, { name: 'games' });
      const alice = fake.addUser({ username: 'alice-solo' });
      const port = await freePort();
      const p = start(fake, { METRICS_PORT: String(port) });
      await fake.waitForReady(1, 20_000);
      const ready = await waitFor(async () => {
        const r = await get(port, '/readyz');
        return r.status === 200 ? r : null;
      }, 15_000);
      expect(ready.text).toBe('ready (shard 0)\n');
      expect(await get(port, '/livez')).toEqual({ status: 200, text: 'ok\n' });
      await fake.slash(alice, channel.id, 'challenge', [{ name: 'game', type: 3, value: 'exxit' }]).done();
      // Counted once its after-work is done, just after its answer.
      const metrics = await waitFor(async () => {
        const text = (await get(port, '/metrics')).text;
        return sample(text, /^hexmate_interactions_total\{.*name="challenge".*outcome="ok".*process="0"/) === 1
          ? text
          : null;
      }, 10_000);
      // Node's own process metrics, with the same labels.
      expect(metrics).toMatch(/^process_cpu_user_seconds_total\{process="0",shards="0"\} /m);
      p.child.kill('SIGTERM');
      const done = await p.exited;
      expect(done.code).toBe(0);
      expect(done.stdout).not.toContain(TOKEN);
      expect(fake.violations).toEqual([]);
    } finally {
      await fake.close();
    }
  });

  it('SHARDS=auto with SHARD_PROCESSES=2: a manager and two bot processes, each guild answered once by its shard, one endpoint for all, SIGTERM stops them all', async () => {
    const fake = await startFakeDiscord({ recommendedShards: 2, timeoutMs: 15_000 });
    try {
      // Guilds until both shards have one (ids are time-based: their shard is not ours to choose).
      const guilds: FakeGuild[] = [];
      while (new Set(guilds.map((g) => shardOf(g.id, 2))).size < 2)
        guilds.push(fake.addGuild({ name: `Guild ${guilds.length}` }));
      const onShard = [0, 1].map((s) => guilds.find((g) => shardOf(g.id, 2) === s)!);
      const channels = onShard.map((g) => fake.addChannel(g.id, { name: 'games' }));
      const alice = fake.addUser({ username: 'alice-sharded' });
      const port = await freePort();
      const p = start(fake, {
        SHARDS: 'auto',
        SHARD_PROCESSES: '2',
        SHARD_SPAWN_DELAY_MS: '50',
        METRICS_PORT: String(port),
      });

      await fake.waitForReady(2, 30_000);
      const ready = await waitFor(async () => {
        const r = await get(port, '/readyz');
        return r.status === 200 ? r : null;
      }, 15_000);
      expect(ready.text).toBe('ready (2 processes, shards 0, 1 of 2)\n');

      for (const ch of channels) {
        const r = await fake.slash(alice, ch.id, 'challenge', [{ name: 'game', type: 3, value: 'orion' }]).done();
        expect(JSON.stringify(r.original?.embeds)).toContain('Orion Duel challenge');
      }
      // Answered once each: no second acknowledgement anywhere, nothing left hanging.
      expect(fake.errors.filter((e) => e.code === 40060)).toEqual([]);
      expect(fake.unanswered()).toEqual([]);

      // One endpoint: each process's series under its own labels, the manager's beside them
      // (an interaction is counted once its after-work is done, just after its answer).
      const counted = (text: string) =>
        ['0', '1'].every(
          (s) =>
            sample(
              text,
              new RegExp(`^hexmate_interactions_total\\{.*name="challenge".*outcome="ok".*process="${s}"`),
            ) === 1,
        );
      const metrics = await waitFor(async () => {
        const text = (await get(port, '/metrics')).text;
        return counted(text) ? text : null;
      }, 10_000);
      for (const s of ['0', '1']) {
        expect(
          sample(
            metrics,
            new RegExp(`^hexmate_interactions_total\\{.*name="challenge".*outcome="ok".*process="${s}",shards="${s}"`),
          ),
        ).toBe(1);
        expect(sample(metrics, new RegExp(`^hexmate_gateway_shard_ready\\{shard="${s}",process="${s}"`))).toBe(1);
        expect(sample(metrics, new RegExp(`^hexmate_shard_process_up\\{process="${s}"`))).toBe(1);
      }
      expect(metrics).toMatch(/^process_resident_memory_bytes\{process="manager",shards="0,1"\} /m);

      p.child.kill('SIGTERM');
      const done = await p.exited;
      expect(done.code).toBe(0);
      const lines = logLines(done.stdout);
      // Each bot process shut down on its own terms before the manager exited.
      expect(
        lines
          .filter((l) => l.msg === 'shutting down')
          .map((l) => l.shardProcess)
          .sort(),
      ).toEqual([0, 1]);
      expect(lines.filter((l) => l.msg === 'bot ready')).toHaveLength(2);
      expect(done.stdout + done.stderr).not.toContain(TOKEN);
      expect(fake.sessions).toBe(0);
      expect(fake.violations).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
