// The fake Discord for a user-installed app (integration_types [0, 1], contexts [0, 1, 2]):
// group DMs, the DM with the bot, guilds the bot is not in. Driven by a plain discord.js Client.
import { afterEach, describe, expect, it } from 'vitest';
import {
  ActionRowBuilder,
  ApplicationIntegrationType,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  InteractionContextType,
  MessageFlags,
  ModalBuilder,
  PermissionFlagsBits,
  Routes,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ApplicationCommandDataResolvable,
  type Interaction,
} from 'discord.js';
import { startFakeDiscord, type FakeDiscord } from './fake-discord/index.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0e2b7a80000000049454e44ae426082',
  'hex',
);
const P = PermissionFlagsBits;
const EPHEMERAL = MessageFlags.Ephemeral;

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function fakeDiscord(): Promise<FakeDiscord> {
  const fake = await startFakeDiscord();
  cleanups.push(() => fake.close());
  return fake;
}

type TestClient = Client & { errors: unknown[]; events: Array<{ t: string; channel_id?: string }> };
/**
 * A plain discord.js Client; with every non-privileged message intent so that any MESSAGE_* the fake dispatches is
 * seen.
 */
async function connect(fake: FakeDiscord, onInteraction?: (i: Interaction) => Promise<void>): Promise<TestClient> {
  const intents = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.DirectMessages];
  const client = new Client({ intents, rest: { api: fake.apiBase } }) as TestClient;
  client.errors = [];
  client.events = [];
  client.on(
    Events.Raw,
    (p: { t: string | null; d: any }) => void (p.t && client.events.push({ t: p.t, channel_id: p.d?.channel_id })),
  );
  if (onInteraction)
    client.on(Events.InteractionCreate, (i) => void onInteraction(i).catch((e) => client.errors.push(e)));
  const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
  await client.login(fake.token);
  await ready;
  cleanups.push(async () => void (await client.destroy()));
  return client;
}

const refused = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e) => e as DiscordAPIError,
  );

/** Commands as a user-installable game bot registers them (globally). */
const everywhere = {
  integrationTypes: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
  contexts: [0, 1, 2],
};
const COMMANDS: ApplicationCommandDataResolvable[] = [
  { name: 'challenge', description: 'Challenge a friend', nameLocalizations: { fr: 'defi' }, ...everywhere },
  { name: 'pick', description: 'Pick a game', ...everywhere },
  { name: 'offer', description: 'Offer a draw', ...everywhere },
  { name: 'admin', description: 'Server only, guild install only', contexts: [InteractionContextType.Guild] },
  {
    name: 'servers',
    description: 'Guild install in servers, user install in servers',
    integrationTypes: [0, 1],
    contexts: [InteractionContextType.Guild],
  },
  { name: 'legacy', description: 'No contexts: every context, guild install', dmPermission: false },
];

describe('fake Discord: group DMs (user install)', () => {
  it('a slash in a group DM is answered by callback, @original edit and follow-ups; the transcript is the group DM', async () => {
    const fake = await fakeDiscord();
    const alice = fake.addUser({ username: 'alice', globalName: 'Alice', locale: 'fr', guildId: null });
    const bob = fake.addUser({ username: 'bob', installed: false, guildId: null });
    const gdm = fake.addGroupDm({ name: 'Hex night', memberIds: [alice.id, bob.id] });
    let seen: Record<string, unknown> = {};
    const client = await connect(fake, async (i) => {
      if (i.isChatInputCommand()) {
        seen = {
          inGuild: i.inGuild(),
          context: i.context,
          owners: { guild: i.authorizingIntegrationOwners[0], user: i.authorizingIntegrationOwners[1] },
          user: i.user.id,
          member: i.member,
          locale: i.locale,
          guildLocale: i.guildLocale,
          channelId: i.channelId,
          channel: i.channel, // not cached: no Partials.Channel, and the bot is not in the group DM
          canAttach: i.appPermissions.has(P.AttachFiles) && i.appPermissions.has(P.EmbedLinks),
          canSend: i.appPermissions.has(P.SendMessages),
        };
        const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('accept').setLabel('Accept').setStyle(ButtonStyle.Success),
        );
        await i.reply({ content: 'Alice challenges Bob', components: [row] });
        await i.editReply({
          content: 'Alice challenges Bob (Exxit)',
          files: [new AttachmentBuilder(PNG, { name: 'board.png' })],
        });
        await i.followUp({ content: 'Bob: Accept below' });
        await i.followUp({ content: 'only you see this', flags: EPHEMERAL });
      } else if (i.isButton()) {
        seen = {
          clicker: i.user.id,
          owners: { guild: i.authorizingIntegrationOwners[0], user: i.authorizingIntegrationOwners[1] },
          context: i.context,
          message: i.message.id,
        };
        await i.update({ content: `Accepted by ${i.user.username}`, components: [] });
      }
    });
    await client.application!.commands.set(COMMANDS);
    expect(fake.commandContexts('challenge')).toEqual({ contexts: [0, 1, 2], integrationTypes: [0, 1] });

    const s = fake.slash(alice, gdm.id, 'challenge');
    expect(s.payload).toMatchObject({
      type: 2,
      context: 2,
      channel_id: gdm.id,
      channel: {
        id: gdm.id,
        type: 3,
        name: 'Hex night',
        owner_id: alice.id,
        recipients: [{ id: alice.id }, { id: bob.id }],
      },
      user: { id: alice.id },
      locale: 'fr',
      authorizing_integration_owners: { '1': alice.id },
      app_permissions: String(P.AttachFiles | P.EmbedLinks | P.MentionEveryone),
      data: { name: 'challenge', id: fake.commands().find((c) => c.name === 'challenge').id },
    });
    for (const field of ['guild_id', 'guild', 'member', 'guild_locale']) expect(s.payload).not.toHaveProperty(field);

    const done = await s.done({ followups: 2 });
    expect(seen).toEqual({
      inGuild: false,
      context: InteractionContextType.PrivateChannel,
      owners: { guild: undefined, user: alice.id },
      user: alice.id,
      member: null,
      locale: 'fr',
      guildLocale: null,
      channelId: gdm.id,
      channel: null,
      canAttach: true,
      canSend: false,
    });
    expect(done.callback.type).toBe(4);
    expect(done.original).toMatchObject({
      content: 'Alice challenges Bob (Exxit)',
      channel_id: gdm.id,
      type: 20,
      author: { id: fake.botUser.id },
    });
    expect(done.original).not.toHaveProperty('guild_id');
    expect(done.original!.interaction_metadata).toMatchObject({
      type: 2,
      user: { id: alice.id },
      authorizing_integration_owners: { '1': alice.id },
    });
    expect(done.original!.attachments[0].bytes.equals(PNG)).toBe(true);
    // The group DM's transcript: interaction responses and public follow-ups (ephemeral ones on request).
    expect(fake.messages(gdm.id).map((m) => m.content)).toEqual(['Alice challenges Bob (Exxit)', 'Bob: Accept below']);
    expect(fake.messages(gdm.id, { includeEphemeral: true }).map((m) => m.content)).toContain('only you see this');

    // Bob has not installed the app: he cannot run its commands, but he can press its buttons,
    // and the click is authorized by Alice's installation.
    expect(() => fake.slash(bob, gdm.id, 'challenge')).toThrow(
      /would not offer \/challenge to bob in the group DM "Hex night" \(context 2\).*bob has not installed the app/,
    );
    const click = fake.click(bob, done.original!.id, 'accept');
    expect(click.payload).toMatchObject({
      context: 2,
      user: { id: bob.id },
      authorizing_integration_owners: { '1': alice.id },
      message: { id: done.original!.id },
    });
    expect((await click.done()).callback.type).toBe(7);
    expect(seen).toEqual({
      clicker: bob.id,
      owners: { guild: undefined, user: alice.id },
      context: 2,
      message: done.original!.id,
    });
    expect(fake.message(done.original!.id)?.content).toBe('Accepted by bob');

    // The bot is not in the group DM: its messages there are never dispatched to it.
    expect(client.events.filter((e) => e.channel_id === gdm.id).map((e) => e.t)).toEqual([
      'INTERACTION_CREATE',
      'INTERACTION_CREATE',
    ]);
    // Only recipients act in a group DM.
    const carol = fake.addUser({ username: 'carol', guildId: null });
    expect(() => fake.slash(carol, gdm.id, 'challenge')).toThrow(/carol is not a recipient of this group DM/);
    expect(fake.violations).toEqual([]);
    expect(fake.errors).toEqual([]);
    expect(fake.unanswered()).toEqual([]);
    expect(client.errors).toEqual([]);
  });

  it('the bot cannot post, fetch, read or start threads there (403 / 50001), nor edit its messages but through the interaction token', async () => {
    const fake = await fakeDiscord();
    const alice = fake.addUser({ username: 'alice', guildId: null });
    const bob = fake.addUser({ username: 'bob', guildId: null });
    const gdm = fake.addGroupDm({ memberIds: [alice.id, bob.id] });
    const client = await connect(fake, async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'board' });
    });
    await client.application!.commands.set(COMMANDS);
    const posted = (await fake.slash(alice, gdm.id, 'challenge').done()).original!;
    expect(gdm).toMatchObject({ type: 3, name: '', owner_id: alice.id });

    const attempts: Array<[string, Promise<unknown>]> = [
      ['post', client.rest.post(Routes.channelMessages(gdm.id), { body: { content: 'your move' } })],
      ['fetch channel', client.channels.fetch(gdm.id)],
      ['read messages', client.rest.get(Routes.channelMessages(gdm.id))],
      ['fetch a message', client.rest.get(Routes.channelMessage(gdm.id, posted.id))],
      [
        'edit its own message',
        client.rest.patch(Routes.channelMessage(gdm.id, posted.id), { body: { content: 'edited' } }),
      ],
      ['thread from a message', client.rest.post(Routes.threads(gdm.id, posted.id), { body: { name: 'game' } })],
      ['thread', client.rest.post(Routes.threads(gdm.id), { body: { name: 'game', type: 11 } })],
      ['typing', client.rest.post(Routes.channelTyping(gdm.id))],
    ];
    for (const [what, attempt] of attempts) {
      const err = await refused(attempt);
      expect(err, what).toBeInstanceOf(DiscordAPIError);
      expect([err!.status, err!.code, err!.message], what).toEqual([403, 50001, 'Missing Access']);
    }
    expect(fake.errors.map((e) => e.code)).toEqual(attempts.map(() => 50001));
    expect(fake.messages(gdm.id).map((m) => m.content)).toEqual(['board']);
    expect(fake.threads()).toEqual([]);
    expect(fake.violations).toEqual([]);
  });

  it('a user-install interaction gets at most 5 follow-ups (40094 for the sixth)', async () => {
    const fake = await fakeDiscord();
    const alice = fake.addUser({ username: 'alice', guildId: null });
    const gdm = fake.addGroupDm({ name: 'solo', memberIds: [alice.id] });
    const client = await connect(fake, async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await i.editReply({ content: 'board' });
      for (let k = 1; k <= 6; k++) await i.followUp({ content: `note ${k}`, ...(k % 2 ? { flags: EPHEMERAL } : {}) });
    });
    await client.application!.commands.set(COMMANDS);
    fake.slash(alice, gdm.id, 'challenge');
    await expect.poll(() => client.errors.length, { timeout: 5000 }).toBe(1);
    expect((client.errors[0] as DiscordAPIError).code).toBe(40094);
    expect(fake.messages(gdm.id, { includeEphemeral: true }).map((m) => m.content)).toEqual([
      'board',
      'note 1',
      'note 2',
      'note 3',
      'note 4',
      'note 5',
    ]);
  });
});

describe('fake Discord: the DM with the bot', () => {
  it('context 1: both installations authorize; the bot may post and fetch there, not start threads (50003)', async () => {
    const fake = await fakeDiscord();
    const alice = fake.addUser({ username: 'alice', guildId: null });
    const dm = fake.addDm(alice);
    expect(fake.addDm(alice).id).toBe(dm.id);
    let perms = 0n;
    const client = await connect(fake, async (i) => {
      if (!i.isChatInputCommand()) return;
      perms = i.appPermissions.bitfield;
      await i.reply({ content: `hi ${i.user.username}` });
    });
    await client.application!.commands.set(COMMANDS);
    const s = fake.slash(alice, dm.id, 'challenge');
    expect(s.payload).toMatchObject({
      context: 1,
      channel: { id: dm.id, type: 1, recipients: [{ id: alice.id }] },
      user: { id: alice.id },
      authorizing_integration_owners: { '0': '0', '1': alice.id },
    });
    expect(s.payload).not.toHaveProperty('guild_id');
    await s.done();
    expect(perms).toBe(P.AttachFiles | P.EmbedLinks | P.MentionEveryone | P.UseExternalEmojis);
    // A legacy command (no contexts, dm_permission false) is not offered here; a guild-install-only one is (as "0").
    expect(() => fake.slash(alice, dm.id, 'legacy')).toThrow(
      /would not offer \/legacy .* the DM with the bot \(context 1\): the command allows contexts \[0, 2\]/,
    );
    expect(() => fake.slash(alice, dm.id, 'admin')).toThrow(/contexts \[0\]/);

    // Unlike a group DM, the bot is in its own DM.
    const opened = await client.users.createDM(alice.id);
    expect(opened.id).toBe(dm.id);
    await opened.send({ content: 'your move' });
    expect((await client.channels.fetch(dm.id, { force: true }))?.isDMBased()).toBe(true);
    expect(fake.messages(dm.id).map((m) => m.content)).toEqual(['hi alice', 'your move']);
    // In its own DM the bot gets MESSAGE_CREATE (DirectMessages intent), for the reply and the post.
    await expect
      .poll(() => client.events.filter((e) => e.channel_id === dm.id && e.t === 'MESSAGE_CREATE').length, {
        timeout: 5000,
      })
      .toBe(2);
    const thread = await refused(client.rest.post(Routes.threads(dm.id), { body: { name: 'game', type: 11 } }));
    expect([thread?.status, thread?.code]).toEqual([400, 50003]);
    expect(fake.violations).toEqual([]);
  });
});

describe('fake Discord: a guild the bot is not in (user install)', () => {
  it('context 0 with guild_id and member, authorized by the user only; not in READY; REST on it is 403 / 50001', async () => {
    const fake = await fakeDiscord();
    const home = fake.addGuild({ name: 'Hex Club' });
    const friends = fake.addGuild({ name: 'Friends', locale: 'de', botMember: false });
    const lounge = fake.addChannel(friends.id, { name: 'lounge', canCreateThreads: false });
    const alice = fake.addUser({ username: 'alice', locale: 'fr' });
    const bob = fake.addUser({ username: 'bob', guildId: friends.id, installed: false });
    let seen: Record<string, unknown> = {};
    const client = await connect(fake, async (i) => {
      if (!i.isChatInputCommand()) return;
      seen = {
        inGuild: i.inGuild(),
        cached: i.inCachedGuild(),
        guild: i.guild,
        guildId: i.guildId,
        guildLocale: i.guildLocale,
        locale: i.locale,
        member: (i.member as { user?: { id: string } } | null)?.user?.id,
        owners: { guild: i.authorizingIntegrationOwners[0], user: i.authorizingIntegrationOwners[1] },
        opponent: i.options.getUser('opponent')?.id,
      };
      await i.reply({ content: 'challenge card' });
      await i.followUp({ content: 'follow-up' });
    });
    expect(client.guilds.cache.has(home.id)).toBe(true);
    expect(client.guilds.cache.has(friends.id)).toBe(false);
    await client.application!.commands.set(COMMANDS);

    const s = fake.slash(alice, lounge.id, 'challenge', [{ name: 'opponent', type: 6, value: bob.id }]);
    expect(s.payload).toMatchObject({
      context: 0,
      guild_id: friends.id,
      guild: { id: friends.id, locale: 'de' },
      guild_locale: 'de',
      member: { user: { id: alice.id } },
      authorizing_integration_owners: { '1': alice.id },
      data: { resolved: { users: { [bob.id]: {} }, members: { [bob.id]: {} } } },
    });
    expect(s.payload).not.toHaveProperty('user');
    expect(s.payload.authorizing_integration_owners).not.toHaveProperty('0');
    // @everyone's permissions in the channel (threads denied there) plus Attach Files and Embed Links.
    const appPerms = BigInt(s.payload.app_permissions);
    expect(appPerms & (P.SendMessages | P.AttachFiles | P.EmbedLinks)).toBe(
      P.SendMessages | P.AttachFiles | P.EmbedLinks,
    );
    expect(appPerms & (P.ManageMessages | P.CreatePublicThreads)).toBe(0n);
    const done = await s.done({ followups: 1 });
    expect(seen).toEqual({
      inGuild: true,
      cached: false,
      guild: null,
      guildId: friends.id,
      guildLocale: 'de',
      locale: 'fr',
      member: alice.id,
      owners: { guild: undefined, user: alice.id },
      opponent: bob.id,
    });
    expect(fake.messages(lounge.id).map((m) => [m.content, m.guild_id])).toEqual([
      ['challenge card', friends.id],
      ['follow-up', friends.id],
    ]);
    expect(done.original!.interaction_metadata).toMatchObject({ authorizing_integration_owners: { '1': alice.id } });

    // Discord offers only commands that a user install covers, in contexts they allow.
    expect(() => fake.slash(alice, lounge.id, 'admin')).toThrow(
      /would not offer \/admin to alice in #lounge of Friends \(bot not a member\) \(context 0\): the command allows contexts \[0\] and integration_types \[0\]; installations there: \[1\]/,
    );
    expect(() => fake.slash(bob, lounge.id, 'servers')).toThrow(
      /no installation there \(bob has not installed the app\)/,
    );
    // In the bot's own guild, both installations authorize a command that supports both.
    const homeCh = fake.addChannel(home.id, { name: 'games' });
    const both = fake.slash(alice, homeCh.id, 'servers');
    expect(both.payload.authorizing_integration_owners).toEqual({ '0': home.id, '1': alice.id });
    const guildOnly = fake.slash(alice, homeCh.id, 'admin');
    expect(guildOnly.payload.authorizing_integration_owners).toEqual({ '0': home.id });
    await both.done({ followups: 1 });
    await guildOnly.done({ followups: 1 });
    // There the bot's messages are dispatched (GuildMessages), unlike in Friends below.
    await expect
      .poll(() => client.events.filter((e) => e.channel_id === homeCh.id && e.t === 'MESSAGE_CREATE').length, {
        timeout: 5000,
      })
      .toBe(4);

    const attempts: Array<[string, Promise<unknown>]> = [
      ['post', client.rest.post(Routes.channelMessages(lounge.id), { body: { content: 'hello' } })],
      ['fetch channel', client.rest.get(Routes.channel(lounge.id))],
      ['thread', client.rest.post(Routes.threads(lounge.id, done.original!.id), { body: { name: 'game' } })],
      ['fetch guild', client.rest.get(Routes.guild(friends.id))],
      ['fetch member', client.rest.get(Routes.guildMember(friends.id, alice.id))],
      [
        'guild commands',
        client.rest.put(Routes.applicationGuildCommands(fake.applicationId, friends.id), { body: [] }),
      ],
    ];
    for (const [what, attempt] of attempts) {
      const err = await refused(attempt);
      expect([err?.status, err?.code], what).toEqual([403, 50001]);
    }
    // Nothing about that guild reaches the gateway but its interactions.
    client.events.length = 0;
    fake.addChannel(friends.id, { name: 'later' });
    fake.updateChannel(lounge.id, { name: 'lounge-2' });
    fake.addUser({ username: 'dave', guildId: friends.id });
    fake.addGuild({ name: 'Elsewhere', botMember: false });
    await fake.slash(alice, lounge.id, 'challenge').done({ followups: 1 });
    expect(client.events.map((e) => e.t)).toEqual(['INTERACTION_CREATE']);
    expect(client.guilds.cache.has(friends.id)).toBe(false);
    expect(client.channels.cache.has(lounge.id)).toBe(false);
    expect(fake.violations).toEqual([]);
  });
});

describe('fake Discord: command contexts', () => {
  it('registration stores contexts, integration types and localizations, refuses bad ones (50035), and a slash where a command is not offered throws test-side', async () => {
    const fake = await fakeDiscord();
    const guild = fake.addGuild({ name: 'Hex Club' });
    const games = fake.addChannel(guild.id, { name: 'games' });
    const alice = fake.addUser({ username: 'alice' });
    const gdm = fake.addGroupDm({ name: 'pair', memberIds: [alice.id] });
    const dm = fake.addDm(alice);
    const client = await connect(fake, async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'ok' });
    });
    const set = await client.application!.commands.set([
      {
        name: 'move',
        description: 'Play a move',
        nameLocalizations: { fr: 'jouer', 'en-GB': 'move' },
        descriptionLocalizations: { fr: 'Jouer un coup' },
        options: [
          {
            type: 3,
            name: 'game',
            description: 'Which game',
            nameLocalizations: { fr: 'jeu' },
            descriptionLocalizations: { fr: 'Quel jeu' },
            choices: [{ name: 'Orion Duel', value: 'orion', nameLocalizations: { fr: 'Duel d’Orion' } }],
          },
        ],
        integrationTypes: [0, 1],
        contexts: [InteractionContextType.Guild, InteractionContextType.PrivateChannel],
      },
    ]);
    expect(set.first()?.contexts).toEqual([0, 2]);
    expect(set.first()?.integrationTypes).toEqual([0, 1]);
    expect(set.first()?.nameLocalizations).toEqual({ fr: 'jouer', 'en-GB': 'move' });
    expect(fake.commands()[0].options[0].choices[0].name_localizations).toEqual({ fr: 'Duel d’Orion' });
    expect(fake.commandContexts('move')).toEqual({ contexts: [0, 2], integrationTypes: [0, 1] });
    expect(fake.violations).toEqual([]);

    const bad: Array<[string, unknown, RegExp]> = [
      ['context 3', { name: 'move', description: 'd', contexts: [3] }, /0\.contexts\.0/],
      ['a context twice', { name: 'move', description: 'd', contexts: [0, 0] }, /0\.contexts\.1: 0 is listed twice/],
      ['integration type 2', { name: 'move', description: 'd', integration_types: [0, 2] }, /0\.integration_types\.1/],
      [
        'locale "en"',
        { name: 'move', description: 'd', name_localizations: { en: 'move' } },
        /0\.name_localizations\.en/,
      ],
      [
        'option name in uppercase (fr)',
        {
          name: 'move',
          description: 'd',
          options: [{ type: 3, name: 'g', description: 'd', name_localizations: { fr: 'Jeu' } }],
        },
        /0\.options\.0\.name_localizations\.fr/,
      ],
      [
        'choice name 101 (fr)',
        {
          name: 'move',
          description: 'd',
          options: [
            {
              type: 3,
              name: 'g',
              description: 'd',
              choices: [{ name: 'a', value: 'a', name_localizations: { fr: 'x'.repeat(101) } }],
            },
          ],
        },
        /choices\.0\.name_localizations\.fr/,
      ],
    ];
    for (const [what, body, pattern] of bad) {
      const err = await refused(client.rest.put(Routes.applicationCommands(fake.applicationId), { body: [body] }));
      expect(err?.code, what).toBe(50035);
      expect(fake.violations.at(-1)!.problems.join('\n'), what).toMatch(pattern);
    }
    expect(fake.violations).toHaveLength(bad.length);
    expect(fake.commandContexts('move')).toEqual({ contexts: [0, 2], integrationTypes: [0, 1] }); // nothing rejected was stored

    // Offered in the guild and the group DM, not in the bot's DM: a test-side error, nothing is delivered.
    await fake.slash(alice, games.id, 'move').done();
    await fake.slash(alice, gdm.id, 'move').done();
    const before = fake.requests.length;
    expect(() => fake.slash(alice, dm.id, 'move')).toThrow(
      /Discord would not offer \/move to alice in the DM with the bot \(context 1\): the command allows contexts \[0, 2\]/,
    );
    expect(() =>
      fake.autocomplete(alice, dm.id, 'move', [{ name: 'game', type: 3, value: 'o', focused: true }]),
    ).toThrow(/would not offer \/move/);
    expect(fake.requests.length).toBe(before);
    expect(fake.unanswered()).toEqual([]);

    // Guild commands exist only in their guild (the bot must be in it).
    await client.application!.commands.set(
      [{ name: 'settings', description: 'Server settings', contexts: [0, 1, 2], integrationTypes: [0, 1] }],
      guild.id,
    );
    expect(fake.commandContexts('settings', guild.id)).toEqual({ contexts: [0], integrationTypes: [0] });
    await fake.slash(alice, games.id, 'settings').done();
    expect(() => fake.slash(alice, gdm.id, 'settings')).not.toThrow(); // not registered globally: unknown to the fake, delivered as-is
  });
});

describe('fake Discord: select menus and ephemeral messages', () => {
  it('string selects (component_type 3, values) on an ephemeral message its user received; update (7) and deferred update (6) keep it ephemeral', async () => {
    const fake = await fakeDiscord();
    const alice = fake.addUser({ username: 'alice', guildId: null });
    const bob = fake.addUser({ username: 'bob', guildId: null });
    const gdm = fake.addGroupDm({ name: 'pair', memberIds: [alice.id, bob.id] });
    const picked: Array<{ values: string[]; ephemeral: boolean; owners: string | undefined }> = [];
    const client = await connect(fake, async (i) => {
      if (i.isChatInputCommand()) {
        const menu = new StringSelectMenuBuilder()
          .setCustomId('pick:game')
          .setMinValues(1)
          .setMaxValues(2)
          .addOptions(
            { label: 'Exxit', value: 'exxit' },
            { label: 'Orion Duel', value: 'orion' },
            { label: 'Random', value: 'random' },
          );
        await i.reply({
          content: 'Pick a game',
          components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)],
          flags: EPHEMERAL,
        });
      } else if (i.isStringSelectMenu()) {
        picked.push({
          values: i.values,
          ephemeral: i.message.flags.has(EPHEMERAL),
          owners: i.authorizingIntegrationOwners[1],
        });
        if (i.values.includes('random')) {
          await i.deferUpdate();
          await i.editReply({ content: 'Picked at random: exxit', components: [] });
        } else {
          await i.update({ content: `Picked ${i.values.join(' + ')}` });
        }
      }
    });
    await client.application!.commands.set(COMMANDS);
    const menuMsg = (await fake.slash(alice, gdm.id, 'pick').done()).original!;
    expect(menuMsg.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(fake.messages(gdm.id)).toEqual([]); // ephemeral: not in the public transcript

    const click = fake.click(alice, menuMsg.id, 'pick:game', { values: ['orion', 'exxit'] });
    expect(click.payload).toMatchObject({
      type: 3,
      context: 2,
      data: { custom_id: 'pick:game', component_type: 3, values: ['orion', 'exxit'] },
      message: { id: menuMsg.id, flags: EPHEMERAL },
    });
    expect((await click.done()).callback.type).toBe(7);
    expect(fake.message(menuMsg.id)).toMatchObject({ content: 'Picked orion + exxit', flags: EPHEMERAL });
    expect((fake.message(menuMsg.id)!.components[0] as any).components[0]).toMatchObject({
      type: 3,
      custom_id: 'pick:game',
    });

    const deferred = await fake.click(alice, menuMsg.id, 'pick:game', { values: ['random'] }).done();
    expect(deferred.callback.type).toBe(6);
    expect(deferred.original).toMatchObject({
      id: menuMsg.id,
      content: 'Picked at random: exxit',
      components: [],
      flags: EPHEMERAL,
    });
    expect(picked).toEqual([
      { values: ['orion', 'exxit'], ephemeral: true, owners: alice.id },
      { values: ['random'], ephemeral: true, owners: alice.id },
    ]);
    expect(fake.messages(gdm.id)).toEqual([]);
    expect(fake.messages(gdm.id, { includeEphemeral: true }).map((m) => m.content)).toEqual([
      'Picked at random: exxit',
    ]);
    expect(fake.violations).toEqual([]);
    expect(client.errors).toEqual([]);
  });

  it("clicks the Discord client would not allow throw test-side: someone else's ephemeral message, unknown or too many values, values on a button", async () => {
    const fake = await fakeDiscord();
    const alice = fake.addUser({ username: 'alice', guildId: null });
    const bob = fake.addUser({ username: 'bob', guildId: null });
    const gdm = fake.addGroupDm({ name: 'pair', memberIds: [alice.id, bob.id] });
    const client = await connect(fake, async (i) => {
      if (!i.isChatInputCommand()) return;
      const menu = new StringSelectMenuBuilder()
        .setCustomId('pick')
        .addOptions({ label: 'Exxit', value: 'exxit' }, { label: 'Orion', value: 'orion' });
      const button = new ButtonBuilder().setCustomId('go').setLabel('Go').setStyle(ButtonStyle.Primary);
      await i.reply({
        content: 'Pick',
        components: [
          new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu),
          new ActionRowBuilder<ButtonBuilder>().addComponents(button),
        ],
        flags: EPHEMERAL,
      });
    });
    await client.application!.commands.set(COMMANDS);
    const msg = (await fake.slash(alice, gdm.id, 'pick').done()).original!;
    expect(() => fake.click(bob, msg.id, 'pick', { values: ['exxit'] })).toThrow(
      /bob cannot see ephemeral message .* sent to alice/,
    );
    expect(() => fake.click(alice, msg.id, 'pick', { values: ['chess'] })).toThrow(/select pick has no option "chess"/);
    expect(() => fake.click(alice, msg.id, 'pick', { values: ['exxit', 'orion'] })).toThrow(
      /takes 1\.\.1 values, got 2/,
    );
    expect(() => fake.click(alice, msg.id, 'pick')).toThrow(/takes 1\.\.1 values, got 0/);
    expect(() => fake.click(alice, msg.id, 'go', { values: ['exxit'] })).toThrow(/go is a button/);
  });

  it("a modal opened from a button in a group DM: the submit carries the opener's owners and message; update (7) edits that message", async () => {
    const fake = await fakeDiscord();
    const alice = fake.addUser({ username: 'alice', guildId: null });
    const bob = fake.addUser({ username: 'bob', installed: false, guildId: null });
    const gdm = fake.addGroupDm({ name: 'pair', memberIds: [alice.id, bob.id] });
    const client = await connect(fake, async (i) => {
      if (i.isChatInputCommand()) {
        const b = new ButtonBuilder().setCustomId('offer').setLabel('Offer a draw').setStyle(ButtonStyle.Secondary);
        await i.reply({ content: 'Game on', components: [new ActionRowBuilder<ButtonBuilder>().addComponents(b)] });
      } else if (i.isButton()) {
        const note = new TextInputBuilder().setCustomId('note').setLabel('Note').setStyle(TextInputStyle.Short);
        await i.showModal(
          new ModalBuilder()
            .setCustomId('offer:modal')
            .setTitle('Offer')
            .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(note)),
        );
      } else if (i.isModalSubmit() && i.isFromMessage()) {
        await i.update({
          content: `Draw offered by ${i.user.username}: ${i.fields.getTextInputValue('note')}`,
          components: [],
        });
      }
    });
    await client.application!.commands.set(COMMANDS);
    const card = (await fake.slash(alice, gdm.id, 'offer').done()).original!;
    expect((await fake.click(bob, card.id, 'offer').response()).type).toBe(9);
    const submit = fake.modalSubmit(bob, gdm.id, 'offer:modal', { note: 'fair?' });
    expect(submit.payload).toMatchObject({
      type: 5,
      context: 2,
      user: { id: bob.id },
      authorizing_integration_owners: { '1': alice.id },
      message: { id: card.id },
    });
    expect((await submit.done()).callback.type).toBe(7);
    expect(fake.message(card.id)?.content).toBe('Draw offered by bob: fair?');
    expect(fake.violations).toEqual([]);
    expect(client.errors).toEqual([]);
  });
});
