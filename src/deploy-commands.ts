// npm run deploy-commands (or `node dist/deploy-commands.js` from the build,
// as in the Docker image): registers hexmate's slash commands for one server
// (DISCORD_GUILD_ID: instant) or globally (may take up to an hour to appear),
// then prints the invite URL. Honours DISCORD_API_URL (a proxy or the fake Discord).
import { REST, Routes } from 'discord.js';
import { configErrorText, loadConfig } from './config.js';
import { inviteUrl, userInstallUrl } from './bot/invite.js';
import { describeStartupError } from './startup.js';

async function main(): Promise<void> {
  const loaded = loadConfig();
  if (!loaded.ok) {
    console.error(configErrorText(loaded.errors));
    process.exit(1);
  }
  const { discordToken, discordClientId, discordGuildId, discordApiUrl } = loaded.config;
  const missing = [!discordToken && 'DISCORD_TOKEN', !discordClientId && 'DISCORD_CLIENT_ID'].filter(Boolean);
  if (missing.length) {
    console.error(`deploy-commands needs ${missing.join(' and ')} (see .env.example).`);
    process.exit(1);
  }
  const rest = new REST(discordApiUrl ? { api: discordApiUrl } : {}).setToken(discordToken!);
  // Loaded after the checks above so a configuration mistake is reported at once.
  const { commandData } = await import('./commands/index.js');
  const body = commandData();
  const route = discordGuildId
    ? Routes.applicationGuildCommands(discordClientId!, discordGuildId)
    : Routes.applicationCommands(discordClientId!);
  try {
    // Globally, the Entry Point command Discord made when Activities were enabled goes through as it is: a bulk
    // overwrite without it is refused (50240), and removing it would remove the Activity's Launch.
    const kept = discordGuildId ? [] : entryPoints((await rest.get(route)) as Record<string, unknown>[]);
    await rest.put(route, { body: [...body, ...kept] });
    const where = discordGuildId ? `server ${discordGuildId}` : 'globally (may take up to an hour to show)';
    const launch = kept.length
      ? ` (and the Activity's Entry Point command, kept: ${kept.map((c) => c.name).join(', ')})`
      : '';
    console.log(`Registered ${body.length} commands ${where}: ${body.map((c) => `/${c.name}`).join(', ')}${launch}`);
    console.log(`Invite the bot with: ${inviteUrl(discordClientId!)}`);
    console.log(`Add it to your account (DMs, group DMs) with: ${userInstallUrl(discordClientId!)}`);
  } catch (e) {
    const err = e as { status?: number; message?: string };
    const hint =
      err.status === 401
        ? 'the token was refused: check DISCORD_TOKEN.'
        : err.status === 403
          ? 'missing access: invite the bot with the applications.commands scope, and check DISCORD_GUILD_ID.'
          : err.status === 404
            ? 'unknown application or server: check DISCORD_CLIENT_ID and DISCORD_GUILD_ID.'
            : null;
    // Otherwise (no network, a wrong DISCORD_API_URL...) the same words as npm start's.
    const text = hint
      ? `Could not register the commands: ${hint}`
      : describeStartupError(e, {
          stage: 'discord',
          apiUrl: discordApiUrl,
          secrets: [discordToken],
          head: 'Could not register the commands: ',
        }).text;
    console.error(text);
    process.exit(1);
  }
}

/** The app's Entry Point commands (type 4) among the registered ones, as a bulk overwrite takes them. */
function entryPoints(registered: Record<string, unknown>[]): Record<string, unknown>[] {
  const carried = ['id', 'type', 'name', 'name_localizations', 'description', 'description_localizations', 'handler'];
  carried.push('contexts', 'integration_types');
  return registered
    .filter((c) => c.type === 4)
    .map((c) => Object.fromEntries(carried.filter((f) => c[f] != null).map((f) => [f, c[f]])));
}

void main();
