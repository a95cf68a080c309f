// npm run deploy-commands against the fake Discord: every command body must
// pass Discord's schema, for one guild and globally.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-discord/index.js';

const run = promisify(execFile);
let fake: FakeDiscord;
beforeAll(async () => {
  fake = await startFakeDiscord();
});
afterAll(() => fake.close());

const TOKEN = 'MTA1Mzg2NzM0NTY3ODkwMTIzNA.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB';

async function deploy(extra: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/deploy-commands.ts'], {
    env: { ...process.env, DISCORD_TOKEN: TOKEN, DISCORD_CLIENT_ID: fake.applicationId, DISCORD_API_URL: fake.apiBase, REDIS_URL: '', ...extra },
  });
}

describe('deploy-commands', () => {
  it('registers every command in one guild, then globally, with bodies Discord accepts', async () => {
    const guild = fake.addGuild({ name: 'Deploy' });
    const r = await deploy({ DISCORD_GUILD_ID: guild.id });
    expect(r.stdout).toMatch(/Registered 16 commands server/);
    expect(fake.commands(guild.id).map((c) => c.name).sort()).toEqual(['abort', 'board', 'challenge', 'draw', 'endgame', 'games', 'help', 'leaderboard', 'move', 'play-bot', 'replay', 'resign', 'rules', 'settings', 'stats', 'tournament']);
    const g = await deploy({ DISCORD_GUILD_ID: '' });
    expect(g.stdout).toMatch(/globally/);
    expect(fake.commands()).toHaveLength(16);
    expect(fake.violations).toEqual([]);
    // The secret never shows in the output.
    expect(r.stdout + r.stderr + g.stdout + g.stderr).not.toContain(TOKEN);
  });

  it('says what is missing', async () => {
    const e = await deploy({ DISCORD_CLIENT_ID: '' }).catch((x) => x);
    expect(e.code).toBe(1);
    expect(e.stderr).toMatch(/needs DISCORD_CLIENT_ID/);
  });
});
