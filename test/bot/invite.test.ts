// The invite URL's permission integer: computed by discord.js from the
// permissions the bot needs, and the README's number and list match it.
import fs from 'node:fs';
import { PermissionsBitField } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { BOT_PERMISSIONS, botPermissions, inviteUrl, userInstallUrl } from '../../src/bot/invite.js';

const README = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

// What the code does (src/bot, src/commands): sees and posts in the channel,
// opens a public thread on the challenge card and posts there, attaches PNGs
// and GIFs, sends embeds, archives the thread. It never reads messages.
const NEEDED = [
  'ViewChannel',
  'SendMessages',
  'CreatePublicThreads',
  'SendMessagesInThreads',
  'AttachFiles',
  'EmbedLinks',
  'ManageThreads',
] as const;

describe('the invite permissions', () => {
  it('are exactly what the bot needs, as discord.js computes them', () => {
    const expected = new PermissionsBitField(NEEDED.map((n) => PermissionsBitField.Flags[n])).bitfield;
    expect(botPermissions()).toBe(expected);
    expect(expected).toBe(326417566720n);
    expect(Object.keys(BOT_PERMISSIONS).sort()).toEqual([...NEEDED].sort());
    expect(new PermissionsBitField(botPermissions()).has(PermissionsBitField.Flags.ReadMessageHistory)).toBe(false);
  });

  it('the README gives that number in every invite URL, and names each permission', () => {
    const numbers = [...README.matchAll(/permissions=(\d+)/g)].map((m) => BigInt(m[1]));
    expect(numbers.length).toBeGreaterThan(0);
    for (const n of numbers) expect(n).toBe(botPermissions());
    expect(README).toContain(inviteUrl('YOUR_CLIENT_ID'));
    // The user install (DMs, group DMs): the app's commands only, no bot and no permissions.
    expect(userInstallUrl('YOUR_CLIENT_ID')).toBe(
      'https://discord.com/oauth2/authorize?client_id=YOUR_CLIENT_ID&integration_type=1&scope=applications.commands',
    );
    expect(README).toContain(userInstallUrl('YOUR_CLIENT_ID'));
    expect(README).toContain(`permissions (${botPermissions()}`);
    // As Discord's settings name them.
    const shown: Record<(typeof NEEDED)[number], string> = {
      ViewChannel: 'View Channel',
      SendMessages: 'Send Messages',
      CreatePublicThreads: 'Create Public Threads',
      SendMessagesInThreads: 'Send Messages in Threads',
      AttachFiles: 'Attach Files',
      EmbedLinks: 'Embed Links',
      ManageThreads: 'Manage Threads',
    };
    for (const n of NEEDED) expect(README).toContain(`*${shown[n]}*`);
  });
});
