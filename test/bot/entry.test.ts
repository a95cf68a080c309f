// npm start as a real process: a clear stop without a token; with one, it
// connects through DISCORD_API_URL (REST and gateway), answers, and shuts
// down cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-discord/index.js';

const TOKEN = 'MTA1Mzg2NzM0NTY3ODkwMTIzNA.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB';

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], { env: { ...process.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, exited, output: () => out };
}

let fake: FakeDiscord;
beforeAll(async () => {
  fake = await startFakeDiscord();
});
afterAll(() => fake.close());

describe('npm start', () => {
  it('without a token: exit 78 (a configuration error), pointing to .env.example and the demo', async () => {
    const p = start({ DISCORD_TOKEN: '' });
    expect(await p.exited).toBe(78);
    expect(p.output()).toMatch(/DISCORD_TOKEN is not set/);
    expect(p.output()).toMatch(/\.env\.example/);
    expect(p.output()).toMatch(/npm run demo/);
  });

  it('with DISCORD_API_URL: connects to that Discord, plays, stops on SIGTERM; the token is never printed', async () => {
    const guild = fake.addGuild({ name: 'Prod-like' });
    const channel = fake.addChannel(guild.id, { name: 'games' });
    const alice = fake.addUser({ username: 'alice2' });
    const p = start({
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: fake.apiBase,
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: `${inject('redisPrefix')}entry:`,
    });
    await fake.waitForReady(1, 20_000);
    const r = await fake.slash(alice, channel.id, 'challenge', [{ name: 'game', type: 3, value: 'orion' }]).done();
    expect(JSON.stringify(r.original?.embeds)).toContain('Orion Duel challenge');
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output()).not.toContain(TOKEN);
    expect(p.output()).toMatch(/bot ready/);
    expect(fake.violations).toEqual([]);
  });
});
