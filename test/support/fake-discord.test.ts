// The fake Discord itself, driven by a plain discord.js Client (not the hexmate bot).
import { afterEach, describe, expect, it } from 'vitest';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  PermissionFlagsBits,
  type Interaction,
  type TextChannel,
} from 'discord.js';
import { WebSocket } from 'ws';
import { constants as zc, createInflate, inflateSync } from 'node:zlib';
import { startFakeDiscord, type FakeDiscord } from './fake-discord/index.js';

// 1x1 PNG (a real one, so width/height parse).
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0e2b7a80000000049454e44ae426082',
  'hex',
);

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function fakeDiscord(opts?: Parameters<typeof startFakeDiscord>[0]): Promise<FakeDiscord> {
  const fake = await startFakeDiscord(opts);
  cleanups.push(() => fake.close());
  return fake;
}

/** A plain discord.js Client connected to the fake, with the options the README documents. */
async function connect(
  fake: FakeDiscord,
  onInteraction?: (i: Interaction, c: Client) => Promise<void>,
  shard?: [number, number],
): Promise<Client> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: fake.apiBase },
    ...(shard ? { shards: [shard[0]], shardCount: shard[1] } : {}),
  });
  const errors: unknown[] = [];
  if (onInteraction)
    client.on(Events.InteractionCreate, (i) => void onInteraction(i, client).catch((e) => errors.push(e)));
  (client as any).handlerErrors = errors;
  const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
  await client.login(fake.token);
  await ready;
  cleanups.push(async () => void (await client.destroy()));
  return client;
}
const handlerErrors = (c: Client): unknown[] => (c as any).handlerErrors;

function world(fake: FakeDiscord, canCreateThreads = true) {
  const guild = fake.addGuild({ name: 'Hex Club' });
  const channel = fake.addChannel(guild.id, { name: 'games', canCreateThreads });
  const alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
  const bob = fake.addUser({ username: 'bob' });
  return { guild, channel, alice, bob };
}

describe('fake Discord gateway', () => {
  it('a discord.js Client logs in and caches the guild, channels, members and its permissions from READY + GUILD_CREATE', async () => {
    const fake = await fakeDiscord();
    const { guild, channel, alice } = world(fake);
    const noThreads = fake.addChannel(guild.id, { name: 'no-threads', canCreateThreads: false });
    const client = await connect(fake);
    await fake.waitForReady();
    expect(fake.sessions).toBe(1);
    expect(client.user?.id).toBe(fake.botUser.id);
    expect(client.application?.id).toBe(fake.applicationId);
    const g = client.guilds.cache.get(guild.id)!;
    expect(g.name).toBe('Hex Club');
    expect(g.members.cache.has(alice.id)).toBe(true);
    const me = g.members.me!;
    const games = client.channels.cache.get(channel.id) as TextChannel;
    expect(games.name).toBe('games');
    expect(games.permissionsFor(me).has(PermissionFlagsBits.SendMessages)).toBe(true);
    expect(games.permissionsFor(me).has(PermissionFlagsBits.CreatePublicThreads)).toBe(true);
    const nt = client.channels.cache.get(noThreads.id) as TextChannel;
    expect(nt.permissionsFor(me).has(PermissionFlagsBits.CreatePublicThreads)).toBe(false);
    expect(fake.requests.map((r) => r.route)).toContain('/gateway/bot');
  });

  it('two clients on the same shard both get the interaction; only the first answer is accepted (40060 for the other)', async () => {
    const fake = await fakeDiscord();
    const { channel, alice } = world(fake);
    const answered: string[] = [];
    const handler = (name: string) => async (i: Interaction) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ content: `from ${name}` });
      answered.push(name);
    };
    const a = await connect(fake, handler('a'));
    const b = await connect(fake, handler('b'));
    await fake.waitForReady(2);
    expect(fake.sessions).toBe(2);
    const s = fake.slash(alice, channel.id, 'ping');
    const res = await s.response();
    await expect.poll(() => handlerErrors(a).length + handlerErrors(b).length).toBe(1);
    expect(answered).toHaveLength(1);
    expect(res.data.content).toBe(`from ${answered[0]}`);
    const lost = [...handlerErrors(a), ...handlerErrors(b)][0] as DiscordAPIError;
    expect(lost).toBeInstanceOf(DiscordAPIError);
    expect(lost.code).toBe(40060);
    expect(fake.messages(channel.id)).toHaveLength(1);
  });

  it('routes each guild to the shard that owns it (guild_id >> 22) % shard_count', async () => {
    const fake = await fakeDiscord();
    const guilds = [];
    // Make two guilds whose ids fall on different shards of 2.
    while (new Set(guilds.map((g) => Number((BigInt(g.id) >> 22n) % 2n))).size < 2) {
      guilds.push(fake.addGuild({ name: `g${guilds.length}` }));
      await new Promise((r) => setTimeout(r, 2));
    }
    const g0 = guilds.find((g) => (BigInt(g.id) >> 22n) % 2n === 0n)!;
    const g1 = guilds.find((g) => (BigInt(g.id) >> 22n) % 2n === 1n)!;
    const c0 = fake.addChannel(g0.id, { name: 'zero' });
    const c1 = fake.addChannel(g1.id, { name: 'one' });
    const user = fake.addUser({ username: 'u' });
    const seen: Record<string, string[]> = { s0: [], s1: [] };
    const handler = (name: 's0' | 's1') => async (i: Interaction) => {
      if (!i.isChatInputCommand()) return;
      seen[name].push(i.guildId!);
      await i.reply({ content: name });
    };
    const s0 = await connect(fake, handler('s0'), [0, 2]);
    const s1 = await connect(fake, handler('s1'), [1, 2]);
    expect(s0.guilds.cache.has(g0.id) && !s0.guilds.cache.has(g1.id)).toBe(true);
    expect(s1.guilds.cache.has(g1.id) && !s1.guilds.cache.has(g0.id)).toBe(true);
    expect((await fake.slash(user, c0.id, 'ping').response()).data.content).toBe('s0');
    expect((await fake.slash(user, c1.id, 'ping').response()).data.content).toBe('s1');
    expect(seen).toEqual({ s0: [g0.id], s1: [g1.id] });
  });

  it('speaks zlib-stream transport compression and per-payload identify compression (plain JSON is the default)', async () => {
    const fake = await fakeDiscord();
    world(fake);
    // zlib-stream: one inflate context for the connection, every frame ends with a sync flush.
    const ws = new WebSocket(`${fake.gatewayUrl}?v=10&encoding=json&compress=zlib-stream`);
    const inflate = createInflate();
    const got: any[] = [];
    let out: Buffer[] = [];
    inflate.on('data', (c: Buffer) => out.push(c));
    // Frames are inflated one after the other: two that arrive together must not share a flush.
    let queue = Promise.resolve();
    const decode = (frame: Buffer) =>
      new Promise<void>((resolve) => {
        inflate.write(frame);
        inflate.flush(zc.Z_SYNC_FLUSH, () => {
          const p = JSON.parse(Buffer.concat(out).toString());
          out = [];
          got.push(p);
          if (p.op === 10)
            ws.send(JSON.stringify({ op: 2, d: { token: fake.token, intents: 1, properties: {}, shard: [0, 1] } }));
          resolve();
        });
      });
    ws.on('message', (frame: Buffer) => {
      expect(frame.subarray(-4).equals(Buffer.from([0, 0, 0xff, 0xff]))).toBe(true);
      queue = queue.then(() => decode(frame));
    });
    await expect.poll(() => got.map((p) => p.t ?? p.op), { timeout: 5000 }).toEqual([10, 'READY', 'GUILD_CREATE']);
    expect(got[1].d.application.id).toBe(fake.applicationId);
    ws.close();

    // identify compress: each payload deflated on its own.
    const ws2 = new WebSocket(`${fake.gatewayUrl}?v=10&encoding=json`);
    const got2: any[] = [];
    ws2.on('message', (frame: Buffer, isBinary: boolean) => {
      const p = JSON.parse(isBinary ? inflateSync(frame).toString() : frame.toString());
      got2.push(p);
      if (p.op === 10)
        ws2.send(JSON.stringify({ op: 2, d: { token: fake.token, intents: 1, properties: {}, compress: true } }));
    });
    await expect.poll(() => got2.map((p) => p.t ?? p.op), { timeout: 5000 }).toEqual([10, 'READY', 'GUILD_CREATE']);
    ws2.close();
  });

  it('refuses privileged intents that are not enabled (4014), like a new application', async () => {
    const fake = await fakeDiscord();
    const ws = new WebSocket(`${fake.gatewayUrl}?v=10&encoding=json`);
    ws.on('message', (d: Buffer) => {
      if (JSON.parse(d.toString()).op === 10)
        ws.send(JSON.stringify({ op: 2, d: { token: fake.token, intents: (1 << 0) | (1 << 15), properties: {} } }));
    });
    const code = await new Promise<number>((r) => ws.on('close', (c: number) => r(c)));
    expect(code).toBe(4014);
    expect(fake.sessions).toBe(0);
  });

  it('a dropped connection resumes and the client keeps working', async () => {
    const fake = await fakeDiscord();
    const { channel, alice } = world(fake);
    const client = await connect(fake, async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'pong' });
    });
    const resumed = new Promise((r) => client.once(Events.ShardResume, r));
    fake.dropConnections(4000);
    await resumed;
    await fake.waitForReady();
    expect((await fake.slash(alice, channel.id, 'ping').response()).data.content).toBe('pong');
  });
});

describe('fake Discord interactions and REST', () => {
  it('delivers a slash command exactly as Discord does and records the reply with its PNG attachment', async () => {
    const fake = await fakeDiscord();
    const { guild, channel, alice, bob } = world(fake);
    let seen: { sub?: string; text?: string; opponent?: string; locale?: string; channelName?: string } = {};
    await connect(fake, async (i) => {
      if (!i.isChatInputCommand()) return;
      seen = {
        sub: i.options.getSubcommand(),
        text: i.options.getString('text') ?? undefined,
        opponent: i.options.getUser('opponent')?.username,
        locale: i.locale,
        channelName: (i.channel as TextChannel | null)?.name,
      };
      await i.reply({
        content: `Move ${seen.text}`,
        files: [new AttachmentBuilder(PNG, { name: 'board.png' })],
        components: [
          new ActionRowBuilder<ButtonBuilder>().addComponents(
            new ButtonBuilder().setCustomId('x:1').setLabel('Resign').setStyle(ButtonStyle.Danger),
          ),
        ],
      });
    });
    const s = fake.slash(
      alice,
      channel.id,
      'game',
      [
        {
          name: 'play',
          type: 1,
          options: [
            { name: 'text', type: 3, value: 'P A' },
            { name: 'opponent', type: 6, value: bob.id },
          ],
        },
      ],
      { locale: 'fr' },
    );
    expect(s.payload).toMatchObject({
      type: 2,
      version: 1,
      guild_id: guild.id,
      channel_id: channel.id,
      locale: 'fr',
      guild_locale: 'en-US',
      context: 0,
      entitlements: [],
      authorizing_integration_owners: { '0': guild.id },
      member: { user: { id: alice.id } },
      data: { name: 'game', type: 1, resolved: { users: { [bob.id]: { username: 'bob' } } } },
    });
    const res = await s.response();
    expect(res.type).toBe(4);
    expect(res.data.content).toBe('Move P A');
    expect(res.files).toHaveLength(1);
    expect(res.files[0]).toMatchObject({ field: 'files[0]', filename: 'board.png', contentType: 'image/png' });
    expect(res.files[0].bytes.equals(PNG)).toBe(true);
    expect(seen).toEqual({ sub: 'play', text: 'P A', opponent: 'bob', locale: 'fr', channelName: 'games' });

    const [msg] = fake.messages(channel.id);
    expect(msg.id).toBe(s.original()!.id);
    expect(msg.author.id).toBe(fake.botUser.id);
    expect(msg.type).toBe(20);
    expect(msg.attachments[0]).toMatchObject({
      filename: 'board.png',
      content_type: 'image/png',
      size: PNG.length,
      width: 1,
      height: 1,
    });
    expect((msg.components[0] as any).components[0]).toMatchObject({ type: 2, custom_id: 'x:1', label: 'Resign' });
    // The attachment URL serves the uploaded bytes.
    const fetched = Buffer.from(await (await fetch(msg.attachments[0].url)).arrayBuffer());
    expect(fetched.equals(PNG)).toBe(true);
    expect(fake.violations).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
    expect(fake.warnings).toEqual([]); // discord.js's own bodies carry no unknown fields
  });

  it('deferred reply, edit of @original and a follow-up: done() waits for them; edits keep history', async () => {
    const fake = await fakeDiscord();
    const { channel, alice } = world(fake);
    await connect(fake, async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await new Promise((r) => setTimeout(r, 30));
      await i.editReply({ content: 'board', files: [new AttachmentBuilder(PNG, { name: 'board.png' })] });
      await i.followUp({ content: 'your turn', flags: 64 });
    });
    const s = fake.slash(alice, channel.id, 'board');
    const done = await s.done({ followups: 1 });
    expect(done.callback.type).toBe(5);
    expect(done.original?.content).toBe('board');
    expect((done.original?.flags ?? 0) & 128).toBe(0); // no longer "thinking…"
    expect(done.original?.history).toHaveLength(1);
    expect(done.original?.attachments[0].bytes.equals(PNG)).toBe(true);
    expect(done.followups.map((m) => [m.content, m.flags])).toEqual([['your turn', 64]]);
    expect(fake.unanswered()).toEqual([]);
    // Ephemeral follow-ups are hidden from the channel transcript unless asked for.
    expect(fake.messages(channel.id).map((m) => m.content)).toEqual(['board']);
    expect(fake.messages(channel.id, { includeEphemeral: true })).toHaveLength(2);
  });

  it('button click: the message is in the payload; update (type 7) edits it in place', async () => {
    const fake = await fakeDiscord();
    const { channel, alice, bob } = world(fake);
    await connect(fake, async (i) => {
      if (i.isChatInputCommand()) {
        await i.reply({
          content: 'Challenge',
          components: [
            new ActionRowBuilder<ButtonBuilder>().addComponents(
              new ButtonBuilder().setCustomId('acc:7').setLabel('Accept').setStyle(ButtonStyle.Success),
            ),
          ],
        });
      } else if (i.isButton()) {
        expect(i.message.content).toBe('Challenge');
        await i.update({ content: `Accepted by ${i.user.username} (${i.customId})`, components: [] });
      }
    });
    const card = await fake.slash(alice, channel.id, 'challenge').done();
    const click = fake.click(bob, card.original!.id, 'acc:7');
    expect(click.payload).toMatchObject({
      type: 3,
      data: { custom_id: 'acc:7', component_type: 2 },
      message: { id: card.original!.id },
    });
    const res = await click.done();
    expect(res.callback.type).toBe(7);
    const msg = fake.message(card.original!.id)!;
    expect(msg.content).toBe('Accepted by bob (acc:7)');
    expect(msg.components).toEqual([]);
    expect(msg.history[0].content).toBe('Challenge');
  });

  it('LAUNCH_ACTIVITY (type 12) opens an instance where Activities are enabled, and is refused elsewhere', async () => {
    for (const activities of [true, false]) {
      const fake = await fakeDiscord({ activities });
      const { channel, alice } = world(fake);
      const client = await connect(fake, async (i) => {
        if (i.isChatInputCommand()) await i.launchActivity();
      });
      if (activities) {
        const res = await fake.slash(alice, channel.id, 'play').done();
        expect(res.callback.type).toBe(12);
        expect(fake.activityInstances()).toMatchObject([{ channelId: channel.id, users: [alice.id] }]);
        expect(fake.violations).toEqual([]);
      } else {
        fake.slash(alice, channel.id, 'play');
        await expect.poll(() => handlerErrors(client).length).toBe(1);
        expect(handlerErrors(client)[0]).toBeInstanceOf(DiscordAPIError);
        expect(fake.violations[0].problems[0]).toMatch(/Activities are not enabled/);
        expect(fake.activityInstances()).toEqual([]);
      }
    }
  });

  it('OAuth2: a code for a token once, the token names its user on /users/@me; bad clients and codes refused', async () => {
    const fake = await fakeDiscord({ activities: true });
    const { alice } = world(fake);
    const token = (body: Record<string, string>) =>
      fetch(`${fake.apiBase}/v10/oauth2/token`, { method: 'POST', body: new URLSearchParams(body) }).then(
        async (r) => ({
          status: r.status,
          body: (await r.json()) as any,
        }),
      );
    const form = { client_id: fake.applicationId, client_secret: fake.clientSecret, grant_type: 'authorization_code' };
    const code = fake.authorizeCode(alice);
    expect(await token({ ...form, client_secret: 'wrong', code })).toEqual({
      status: 401,
      body: { error: 'invalid_client' },
    });
    const ok = await token({ ...form, code });
    expect(ok).toMatchObject({ status: 200, body: { token_type: 'Bearer', scope: 'identify' } });
    expect(await token({ ...form, code })).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    const me = (auth: string) =>
      fetch(`${fake.apiBase}/v10/users/@me`, { headers: { authorization: auth } }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as any,
      }));
    expect(await me(`Bearer ${ok.body.access_token}`)).toMatchObject({ status: 200, body: { id: alice.id } });
    expect((await me('Bearer not-a-token')).status).toBe(401);
    expect((await me(`Bot ${fake.token}`)).body.id).toBe(fake.botUser.id);
  });

  it('duplicate delivery: the same INTERACTION_CREATE again; a second answer gets 40060', async () => {
    const fake = await fakeDiscord();
    const { channel, alice } = world(fake);
    const ids: string[] = [];
    const client = await connect(fake, async (i) => {
      if (!i.isChatInputCommand()) return;
      ids.push(i.id);
      await i.reply({ content: `answer ${ids.length}` });
    });
    const s = fake.slash(alice, channel.id, 'move', [{ name: 'text', type: 3, value: 'P A' }]);
    await s.response();
    fake.resendInteraction(s);
    await expect.poll(() => handlerErrors(client).length).toBe(1);
    expect(ids).toEqual([s.id, s.id]);
    expect((handlerErrors(client)[0] as DiscordAPIError).code).toBe(40060);
    expect(fake.errors.map((e) => e.code)).toEqual([40060]);
    expect((await s.response()).data.content).toBe('answer 1');
  });

  it('autocomplete: 25 choices pass; 26 choices, a 101-char value or name are violations answered with 50035', async () => {
    const fake = await fakeDiscord();
    const { channel, alice } = world(fake);
    const client = await connect(fake, async (i) => {
      if (!i.isAutocomplete()) return;
      const typed = i.options.getFocused();
      const n = typed === 'many' ? 26 : 25;
      const long = typed === 'long';
      await i.respond(
        Array.from({ length: n }, (_, k) => ({
          name: long && k === 0 ? 'x'.repeat(101) : `m${k}`,
          value: long && k === 1 ? 'y'.repeat(101) : `m${k}`,
        })),
      );
    });
    const ok = fake.autocomplete(alice, channel.id, 'move', [{ name: 'text', type: 3, value: 'P', focused: true }]);
    expect(ok.payload.data.options[0]).toEqual({ name: 'text', type: 3, value: 'P', focused: true });
    expect((await ok.response()).data.choices).toHaveLength(25);
    expect(fake.violations).toEqual([]);

    fake.autocomplete(alice, channel.id, 'move', [{ name: 'text', type: 3, value: 'many', focused: true }]);
    await expect.poll(() => fake.violations.length).toBe(1);
    expect(fake.violations[0].problems.join('\n')).toMatch(/data\.choices.*25/);
    fake.autocomplete(alice, channel.id, 'move', [{ name: 'text', type: 3, value: 'long', focused: true }]);
    await expect.poll(() => fake.violations.length).toBe(2);
    expect(fake.violations[1].problems.join('\n')).toMatch(/data\.choices\.0\.name/);
    expect(fake.violations[1].problems.join('\n')).toMatch(/data\.choices\.1\.value/);
    await expect.poll(() => handlerErrors(client).length).toBe(2);
    const err = handlerErrors(client)[0] as DiscordAPIError;
    expect(err.code).toBe(50035);
    expect(err.message).toMatch(/Invalid Form Body/);
    expect(JSON.stringify(err.rawError)).toMatch(/data.*choices/);
  });

  it('catches message bodies Discord would reject: 101-char custom_id, duplicate custom ids, 6 rows, 2001 chars, empty message', async () => {
    const fake = await fakeDiscord();
    const { channel } = world(fake);
    const client = await connect(fake);
    const ch = client.channels.cache.get(channel.id) as TextChannel;
    // Raw JSON: discord.js's builders would refuse some of these locally before they reach "Discord".
    const row = (...ids: string[]) => ({
      type: 1,
      components: ids.map((id) => ({ type: 2, custom_id: id, label: 'b', style: ButtonStyle.Primary })),
    });
    const attempts: Array<[string, () => Promise<unknown>, RegExp]> = [
      ['custom_id 101', () => ch.send({ content: 'a', components: [row('c'.repeat(101))] }), /custom_id.*100/],
      ['duplicate ids', () => ch.send({ content: 'a', components: [row('same', 'same')] }), /used twice/],
      [
        '6 rows',
        () => ch.send({ content: 'a', components: [1, 2, 3, 4, 5, 6].map((k) => row(`r${k}`)) }),
        /action rows/,
      ],
      ['2001 chars', () => ch.send({ content: 'z'.repeat(2001) }), /content/],
      ['ephemeral in a channel', () => ch.send({ content: 'a', flags: 64 } as any), /flags/],
    ];
    for (const [what, send, pattern] of attempts) {
      const err = await send().then(
        () => null,
        (e) => e,
      );
      expect(err, what).toBeInstanceOf(DiscordAPIError);
      expect((err as DiscordAPIError).code, what).toBe(50035);
      expect(fake.violations.at(-1)!.problems.join('\n'), what).toMatch(pattern);
    }
    // Fields Discord would silently ignore are warnings, not violations.
    await client.rest.post(`/channels/${channel.id}/messages`, {
      body: {
        content: 'hidden?',
        ephemeral: true,
        components: [{ type: 1, components: [{ type: 2, style: 1, label: 'x', custom_id: 'k', customId: 'k' }] }],
      },
    });
    expect(fake.warnings.map((w) => w.fields)).toEqual([['ephemeral', 'components.0.components.0.customId']]);
    // Empty message goes straight through REST (discord.js refuses it locally).
    const empty = await client.rest.post(`/channels/${channel.id}/messages`, { body: { content: '' } }).then(
      () => null,
      (e) => e,
    );
    expect((empty as DiscordAPIError).code).toBe(50035);
    expect(fake.violations).toHaveLength(attempts.length + 1);
    expect(fake.messages(channel.id).map((m) => m.content)).toEqual(['hidden?']); // nothing rejected was stored
    await ch.send({ content: 'fine', components: [row('a', 'b', 'c', 'd', 'e')] });
    expect(fake.violations).toHaveLength(attempts.length + 1);
  });

  it('threads: start from a message (thread id = message id, cached via THREAD_CREATE), post, archive; 50013 where threads are not allowed', async () => {
    const fake = await fakeDiscord();
    const { guild, channel } = world(fake);
    const closed = fake.addChannel(guild.id, { name: 'closed', canCreateThreads: false });
    const client = await connect(fake);
    const ch = client.channels.cache.get(channel.id) as TextChannel;
    const starter = await ch.send({ content: 'Exxit challenge' });
    const thread = await starter.startThread({ name: 'Exxit · Alice vs Bob', autoArchiveDuration: 1440 });
    expect(thread.id).toBe(starter.id);
    await expect.poll(() => client.channels.cache.has(thread.id)).toBe(true);
    await thread.send({ content: 'Alice to move', files: [new AttachmentBuilder(PNG, { name: 'board.png' })] });
    expect(fake.threads(channel.id).map((t) => [t.name, t.type])).toEqual([['Exxit · Alice vs Bob', 11]]);
    expect(fake.messages(thread.id).map((m) => m.content)).toEqual(['Alice to move']);
    expect(
      (await fake.waitForMessage(thread.id, (m) => m.attachments.length === 1)).attachments[0].bytes.equals(PNG),
    ).toBe(true);
    await thread.setLocked(true);
    await thread.setArchived(true);
    expect(fake.channel(thread.id)?.thread_metadata).toMatchObject({ archived: true, locked: true });
    await expect.poll(() => (client.channels.cache.get(thread.id) as any)?.archived).toBe(true);
    const again = await starter.startThread({ name: 'again' }).then(
      () => null,
      (e) => e,
    );
    expect((again as DiscordAPIError).code).toBe(160004);

    const closedCh = client.channels.cache.get(closed.id) as TextChannel;
    const m2 = await closedCh.send({ content: 'challenge' });
    const denied = await m2.startThread({ name: 'nope' }).then(
      () => null,
      (e) => e,
    );
    expect(denied).toBeInstanceOf(DiscordAPIError);
    expect((denied as DiscordAPIError).status).toBe(403);
    expect((denied as DiscordAPIError).code).toBe(50013);
    expect(fake.threads(closed.id)).toEqual([]);
    expect(fake.violations).toEqual([]);
  });

  it('world changes after login reach the client: new guild/channel, thread permission toggled, thread auto-archived then revived by a post', async () => {
    const fake = await fakeDiscord();
    const { guild } = world(fake);
    const client = await connect(fake);
    const g2 = fake.addGuild({ name: 'Second' });
    const late = fake.addChannel(guild.id, { name: 'late' });
    await expect.poll(() => client.guilds.cache.has(g2.id) && client.channels.cache.has(late.id)).toBe(true);
    const me = () => client.guilds.cache.get(guild.id)!.members.me!;
    const lateCh = () => client.channels.cache.get(late.id) as TextChannel;
    expect(lateCh().permissionsFor(me()).has(PermissionFlagsBits.CreatePublicThreads)).toBe(true);
    fake.updateChannel(late.id, { canCreateThreads: false });
    await expect.poll(() => lateCh().permissionsFor(me()).has(PermissionFlagsBits.CreatePublicThreads)).toBe(false);
    fake.updateChannel(late.id, { canCreateThreads: true });
    await expect.poll(() => lateCh().permissionsFor(me()).has(PermissionFlagsBits.CreatePublicThreads)).toBe(true);

    const thread = await (await lateCh().send({ content: 'start' })).startThread({ name: 'game' });
    fake.archiveThread(thread.id);
    await expect.poll(() => (client.channels.cache.get(thread.id) as any)?.archived).toBe(true);
    await thread.send({ content: 'still here' });
    expect(fake.channel(thread.id)?.thread_metadata?.archived).toBe(false);
    await expect.poll(() => (client.channels.cache.get(thread.id) as any)?.archived).toBe(false);
  });

  it('roles: a role added after login reaches the cache, members carry their roles and permissions, role options are resolved, an unknown role is refused', async () => {
    const fake = await fakeDiscord();
    const { guild, channel, alice } = world(fake);
    let seen: { role?: string | null; hasRole?: boolean; manage?: boolean } = {};
    const client = await connect(fake, async (i) => {
      if (!i.isChatInputCommand() || !i.inGuild()) return;
      const roles = i.member.roles;
      seen = {
        role: i.options.getRole('role')?.name ?? null,
        hasRole: Array.isArray(roles) ? roles.includes(mods.id) : roles.cache.has(mods.id),
        manage: i.memberPermissions.has(PermissionFlagsBits.ManageGuild),
      };
      await i.reply({ content: 'ok' });
    });
    const mods = fake.addRole(guild.id, { name: 'Mods', permissions: PermissionFlagsBits.ManageGuild });
    await expect.poll(() => client.guilds.cache.get(guild.id)?.roles.cache.get(mods.id)?.name).toBe('Mods');
    const rita = fake.addUser({ username: 'rita', roles: [mods] });

    const s = fake.slash(rita, channel.id, 'settings', [{ name: 'role', type: 8, value: mods.id }]);
    expect(s.payload.member.roles).toEqual([mods.id]);
    expect(s.payload.data.resolved.roles[mods.id]).toMatchObject({ id: mods.id, name: 'Mods', managed: false });
    await s.done();
    expect(seen).toEqual({ role: 'Mods', hasRole: true, manage: true });
    // Without the role: no role, no permission it granted.
    await fake.slash(alice, channel.id, 'settings', [{ name: 'role', type: 8, value: mods.id }]).done();
    expect(seen).toEqual({ role: 'Mods', hasRole: false, manage: false });
    fake.setRoles(guild.id, alice, [mods]);
    await fake.slash(alice, channel.id, 'settings', []).done();
    expect(seen).toEqual({ role: null, hasRole: true, manage: true });
    // Discord only offers the roles of the guild: anything else never reaches the bot.
    const other = fake.addGuild({ name: 'Other' });
    const foreign = fake.addRole(other.id, { name: 'Elsewhere' });
    expect(() => fake.slash(rita, channel.id, 'settings', [{ name: 'role', type: 8, value: foreign.id }])).toThrow(
      /not a role of guild/,
    );
    expect(() => fake.slash(rita, channel.id, 'settings', [{ name: 'role', type: 8, value: '123' }])).toThrow(
      /not a role of guild/,
    );
    expect(() => fake.setRoles(guild.id, rita, [foreign])).toThrow(/not a role of guild/);
    expect(fake.violations).toEqual([]);
  });

  it('commands: bulk overwrite is validated and stored with ids; slash payloads then carry the registered id', async () => {
    const fake = await fakeDiscord();
    const { guild, channel, alice } = world(fake);
    const client = await connect(fake);
    const bad = await client.application!.commands.set([{ name: 'Move', description: 'x' }], guild.id).then(
      () => null,
      (e) => e,
    );
    expect((bad as DiscordAPIError).code).toBe(50035);
    expect(fake.violations[0].problems.join('\n')).toMatch(/0\.name/);
    const tooLong = await client.application!.commands.set([{ name: 'move', description: 'd'.repeat(101) }]).then(
      () => null,
      (e) => e,
    );
    expect((tooLong as DiscordAPIError).code).toBe(50035);

    const set = await client.application!.commands.set(
      [
        {
          name: 'move',
          description: 'Play a move',
          nameLocalizations: { fr: 'jouer' },
          options: [{ type: 3, name: 'text', description: 'The move', required: true, autocomplete: true }],
          defaultMemberPermissions: PermissionFlagsBits.SendMessages,
        },
      ],
      guild.id,
    );
    expect(set.size).toBe(1);
    const stored = fake.commands(guild.id);
    expect(stored.map((c) => c.name)).toEqual(['move']);
    expect(fake.violations).toHaveLength(2);
    const s = fake.slash(alice, channel.id, 'move', [{ name: 'text', type: 3, value: 'P A' }]);
    expect(s.payload.data.id).toBe(stored[0].id);
    expect(s.payload.data.guild_id).toBe(guild.id);
  });

  it('late answers (past the ack deadline) are violations with 10062; expired tokens get 50027; unknown routes are 404 and recorded', async () => {
    const fake = await fakeDiscord({ interactionAckDeadlineMs: 50 });
    const { channel, alice } = world(fake);
    const client = await connect(fake, async (i) => {
      if (!i.isChatInputCommand()) return;
      await new Promise((r) => setTimeout(r, 120));
      await i.reply({ content: 'too late' });
    });
    const slow = fake.slash(alice, channel.id, 'slow');
    await expect.poll(() => handlerErrors(client).length).toBe(1);
    expect((handlerErrors(client)[0] as DiscordAPIError).code).toBe(10062);
    expect(fake.unanswered()).toEqual([{ id: slow.id, type: 2, name: 'slow', reason: 'no callback' }]);
    expect(fake.violations[0].problems[0]).toMatch(/past Discord's 50 ms limit/);

    // Interaction tokens expire (15 min on Discord; 100 ms here).
    const short = await fakeDiscord({ interactionTokenTtlMs: 100 });
    const w2 = world(short);
    const c2 = await connect(short, async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await new Promise((r) => setTimeout(r, 150));
      await i.editReply({ content: 'expired' });
    });
    short.slash(w2.alice, w2.channel.id, 'slow');
    await expect.poll(() => handlerErrors(c2).length).toBe(1);
    expect((handlerErrors(c2)[0] as DiscordAPIError).code).toBe(50027);

    const err = await client.rest.get(`/guilds/${channel.guild_id}/bans`).then(
      () => null,
      (e) => e,
    );
    expect((err as DiscordAPIError).status).toBe(404);
    expect(fake.unknownRoutes).toEqual([{ method: 'GET', path: `/guilds/${channel.guild_id}/bans` }]);
  });
});
