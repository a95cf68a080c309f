// npm run deploy-commands (the compiled dist/deploy-commands.js; the global setup builds dist/) against the fake
// Discord: every command body must pass Discord's schema, for one guild and globally.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-discord/index.js';
import { FAKE_BOT_TOKEN } from '../support/processes.js';

const run = promisify(execFile);
let fake: FakeDiscord;
beforeAll(async () => {
  // Activities enabled: Discord made the app's Entry Point command (Launch), which a global bulk overwrite must keep.
  fake = await startFakeDiscord({ activities: true });
});
afterAll(() => fake.close());

const TOKEN = FAKE_BOT_TOKEN;

async function deploy(extra: Record<string, string>) {
  return run(process.execPath, ['dist/deploy-commands.js'], {
    env: {
      ...process.env,
      DISCORD_TOKEN: TOKEN,
      DISCORD_CLIENT_ID: fake.applicationId,
      DISCORD_API_URL: fake.apiBase,
      REDIS_URL: '',
      ...extra,
    },
  });
}

describe('deploy-commands', () => {
  // One run per place (a guild, then globally): each starts a process, about a second.
  let guild: ReturnType<FakeDiscord['addGuild']>;
  let r: Awaited<ReturnType<typeof deploy>>;
  beforeAll(async () => {
    guild = fake.addGuild({ name: 'Deploy' });
    r = await deploy({ DISCORD_GUILD_ID: guild.id });
  });

  it('registers every command in one guild, then globally, with bodies Discord accepts', async () => {
    expect(r.stdout).toMatch(/Registered 18 commands server/);
    expect(
      fake
        .commands(guild.id)
        .map((c) => c.name)
        .sort(),
    ).toEqual([
      'abort',
      'board',
      'challenge',
      'draw',
      'endgame',
      'games',
      'help',
      'leaderboard',
      'move',
      'play-bot',
      'puzzle',
      'replay',
      'resign',
      'rules',
      'settings',
      'stats',
      'takeback',
      'tournament',
    ]);
    const [launch] = fake.commands();
    expect(launch).toMatchObject({ type: 4, name: 'launch' });
    // Discord refuses a bulk overwrite that drops it.
    const dropped = await fetch(`${fake.apiBase}/v10/applications/${fake.applicationId}/commands`, {
      method: 'PUT',
      headers: { authorization: `Bot ${TOKEN}`, 'content-type': 'application/json' },
      body: '[]',
    }).then((x) => x.json());
    expect(dropped).toMatchObject({ code: 50240 });
    const g = await deploy({ DISCORD_GUILD_ID: '' });
    expect(g.stdout).toMatch(/Registered 18 commands globally.*Entry Point command, kept: launch/);
    expect(fake.commands().find((c) => c.type === 4)).toMatchObject({ id: launch.id, name: 'launch', handler: 2 });
    expect(fake.warnings).toEqual([]);
    const commands = fake.commands().filter((c) => c.type !== 4);
    expect(commands).toHaveLength(18);
    // Play everywhere a user install reaches (DMs, group DMs, servers without the bot); server administration only in
    // servers that added the bot.
    expect(g.stdout).toContain(
      `Add it to your account (DMs, group DMs) with: https://discord.com/oauth2/authorize?client_id=${fake.applicationId}&integration_type=1&scope=applications.commands`,
    );
    const play = [
      'abort',
      'board',
      'challenge',
      'draw',
      'help',
      'leaderboard',
      'move',
      'play-bot',
      'puzzle',
      'replay',
      'resign',
      'rules',
      'stats',
      'takeback',
    ];
    const server = ['endgame', 'games', 'settings', 'tournament'];
    expect(commands.map((c) => c.name).sort()).toEqual([...play, ...server].sort());
    for (const name of play)
      expect(fake.commandContexts(name), name).toEqual({ contexts: [0, 1, 2], integrationTypes: [0, 1] });
    for (const name of server)
      expect(fake.commandContexts(name), name).toEqual({ contexts: [0], integrationTypes: [0] });
    expect(fake.violations).toEqual([]);
    // The secret never shows in the output.
    expect(r.stdout + r.stderr + g.stdout + g.stderr).not.toContain(TOKEN);
  });

  it('describes every command, option and choice in French too; names stay English (what people type)', () => {
    const missing: string[] = [];
    let described = 0;
    const walk = (path: string, o: any) => {
      if (o.name_localizations && Object.keys(o.name_localizations).length) missing.push(`${path}: a localized name`);
      const fr = o.description_localizations?.fr;
      if (typeof fr !== 'string' || fr.length === 0 || fr === o.description)
        missing.push(`${path}: no French description`);
      else described++;
      for (const c of o.choices ?? [])
        if (typeof c.name_localizations?.fr !== 'string') missing.push(`${path} choice ${c.value}: no French name`);
      for (const sub of o.options ?? []) walk(`${path} ${sub.name}`, sub);
    };
    for (const c of fake.commands(guild.id)) walk(`/${c.name}`, c);
    expect(missing).toEqual([]);
    expect(described).toBeGreaterThan(40);
    const challenge: any = fake.commands(guild.id).find((c) => c.name === 'challenge');
    expect(challenge.description_localizations.fr).toBe(
      'Défier quelqu’un (ou n’importe qui) à une partie d’Exxit ou d’Orion Duel',
    );
    const first = challenge.options.find((o: any) => o.name === 'first');
    expect(first.choices.find((c: any) => c.value === 'them')).toMatchObject({
      name: 'them',
      name_localizations: { fr: 'l’adversaire' },
    });
    expect(fake.violations).toEqual([]);
  });

  // Without DISCORD_CLIENT_ID it says what is missing: test/dist.test.ts, in an empty folder with tsx unloadable.
});
