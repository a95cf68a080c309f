/** startFakeDiscord: one HTTP server on loopback serving REST under /api/v10 and the gateway (WebSocket upgrade). */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { entryPointCommand, FAKE_CLIENT_SECRET } from './activities.js';
import { Gateway } from './gateway.js';
import { commandAvailability, Interactions, type InteractionRecord } from './interactions.js';
import { RestApi } from './rest.js';
import { World, BOT_PERMS } from './state.js';
import type { FakeDiscord, FakeDiscordOptions, FakeMessage, SentInteraction } from './types.js';

export async function startFakeDiscord(opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const host = opts.host ?? '127.0.0.1';
  const timeoutMs = opts.timeoutMs ?? 5000;
  let origin = '';

  const server = createServer((req, res) => {
    void route(req, res).catch((e) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `fake-discord: ${(e as Error).message}`, code: 0 }));
    });
  });
  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const api = /^\/api\/v(\d+)(\/.*)$/.exec(url.pathname);
    if (api) {
      if (api[1] !== '10') {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: 'Invalid API version', code: 50041 }));
        return;
      }
      return rest.handle(req, res, api[2], url.searchParams);
    }
    // Attachment URLs serve the uploaded bytes, so a bot (or a test) can fetch what it posted.
    const att = world.uploads.get(url.pathname);
    if (att && req.method === 'GET') {
      res.writeHead(200, { 'content-type': att.content_type, 'content-length': att.size }).end(att.bytes);
      return;
    }
    res
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ message: '404: Not Found', code: 0 }));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host}:${port}`;
  const gatewayUrl = `ws://${host}:${port}`;

  const world = new World(origin);
  world.activitiesEnabled = opts.activities ?? false;
  // Enabling Activities makes Discord create the app's Entry Point command (the Launch item of the App Launcher).
  if (world.activitiesEnabled) world.commands.set('global', [entryPointCommand(world.applicationId)]);
  const gateway = new Gateway(world, () => gatewayUrl, opts.heartbeatIntervalMs ?? 41250, opts.privilegedIntents ?? 0);
  server.on('upgrade', (req, socket, head) => gateway.handleUpgrade(req, socket, head));

  const deliver = (rec: InteractionRecord) => {
    // Interactions from DMs and group DMs go to shard 0, as DM events do.
    const n = rec.guildId
      ? gateway.dispatch('INTERACTION_CREATE', rec.payload, rec.guildId)
      : gateway.dispatch('INTERACTION_CREATE', rec.payload, undefined, { dm: true });
    if (n === 0)
      throw new Error('fake-discord: no bot session is connected for this guild (await fake.waitForReady() first)');
  };
  const interactions = new Interactions(world, deliver, timeoutMs);
  const rest = new RestApi(
    world,
    gateway,
    interactions,
    {
      validate: opts.validate ?? true,
      tokenTtlMs: opts.interactionTokenTtlMs ?? 15 * 60 * 1000,
      ackDeadlineMs: opts.interactionAckDeadlineMs ?? 3000,
      requestLogLimit: opts.requestLogLimit ?? 10_000,
      recommendedShards: opts.recommendedShards ?? 1,
    },
    () => gatewayUrl,
  );

  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  const fake: FakeDiscord = {
    apiBase: `${origin}/api`,
    gatewayUrl,
    token: 'ZmFrZS1kaXNjb3Jk.fake.token-for-tests',
    applicationId: world.applicationId,
    botUser: world.botUser,
    clientSecret: FAKE_CLIENT_SECRET,
    authorizeCode: (user, code) => world.activities.authorizeCode(user.id, code),
    launchActivity: (user, channelId) => {
      const ch = world.channels.get(channelId);
      if (!ch || !world.canUse(ch, user.id)) throw new Error(`fake-discord: ${user.username} cannot open ${channelId}`);
      return world.activities.launch(ch, user.id);
    },
    activityInstances: () => [...world.activities.instances.values()],

    // Added after login: the bot "joins" the guild / sees the channel appear, as on Discord.
    addGuild: ({ name, locale, botPermissions, botMember = true }) => {
      const g = world.addGuild(name, locale, botPermissions ?? BOT_PERMS, botMember);
      gateway.dispatch('GUILD_CREATE', world.guildCreate(g), g.id); // not for botMember: false
      return g;
    },
    addChannel: (guildId, { name, canCreateThreads = true }) => {
      const ch = world.addChannel(guildId, name, canCreateThreads);
      gateway.dispatch('CHANNEL_CREATE', world.channelObj(ch), guildId);
      return ch;
    },
    updateChannel: (channelId, { name, canCreateThreads }) => {
      const ch = world.channels.get(channelId);
      if (!ch || ch.type !== 0) throw new Error(`fake-discord: unknown guild text channel ${channelId}`);
      if (name !== undefined) ch.name = name;
      if (canCreateThreads !== undefined) ch.canCreateThreads = canCreateThreads;
      gateway.dispatch('CHANNEL_UPDATE', world.channelObj(ch), ch.guild_id);
      world.changed();
      return ch;
    },
    archiveThread: (threadId, { locked = false } = {}) => {
      const th = world.channels.get(threadId);
      if (!th?.thread_metadata) throw new Error(`fake-discord: unknown thread ${threadId}`);
      th.thread_metadata.archived = true;
      th.thread_metadata.locked = locked;
      th.thread_metadata.archive_timestamp = new Date().toISOString();
      gateway.dispatch('THREAD_UPDATE', world.channelObj(th), th.guild_id);
      world.changed();
      return th;
    },
    addUser: ({ username, globalName, guildId, locale = 'en-US', permissions = 0n, installed = true, roles = [] }) => {
      const user = world.addUser(username, globalName, locale, installed);
      const guilds = guildId === null ? [] : guildId ? [guildId] : [...world.guilds.keys()];
      for (const g of guilds) {
        world.addMember(g, user.id, permissions, locale);
        // Each role goes with its own guild.
        world.setMemberRoles(
          g,
          user.id,
          roles.filter((r) => r.guild_id === g).map((r) => r.id),
        );
        // Keep connected bots' member caches in step, as Discord does (needs the GuildMembers intent).
        gateway.dispatch('GUILD_MEMBER_ADD', { ...world.memberObj(g, user.id), guild_id: g }, g);
      }
      return user;
    },
    addRole: (guildId, { name, permissions = 0n }) => {
      const role = world.addRole(guildId, name, permissions);
      gateway.dispatch('GUILD_ROLE_CREATE', { guild_id: guildId, role: world.roleOf(guildId, role.id) }, guildId);
      return role;
    },
    setRoles: (guildId, user, roles) => {
      world.setMemberRoles(
        guildId,
        user.id,
        roles.map((r) => r.id),
      );
      gateway.dispatch('GUILD_MEMBER_UPDATE', { ...world.memberObj(guildId, user.id), guild_id: guildId }, guildId);
    },
    addDm: (user) => world.addDm(user.id), // bots get no CHANNEL_CREATE for DMs
    addGroupDm: ({ name = null, memberIds, ownerId }) => world.addGroupDm(name, memberIds, ownerId),

    waitForReady: (count = 1, ms = timeoutMs) =>
      interactions
        .waitFor(() => (gateway.activeSessions >= count ? true : undefined), ms, `${count} bot session(s) to be ready`)
        .then(() => undefined),
    get sessions() {
      return gateway.activeSessions;
    },

    slash: (user, channelId, command, options, extra) =>
      interactions.slash(user, channelId, command, options, extra?.locale, extra?.latencyMs),
    autocomplete: (user, channelId, command, options, extra) =>
      interactions.autocomplete(user, channelId, command, options, extra?.locale),
    click: (user, messageId, customId, extra) => interactions.click(user, messageId, customId, extra),
    modalSubmit: (user, channelId, customId, fields, extra) =>
      interactions.modalSubmit(user, channelId, customId, fields, extra?.locale),
    resendInteraction: (i: SentInteraction) => interactions.resend(i),
    unanswered: () => interactions.unanswered(),
    dropConnections: (code?: number) => gateway.dropConnections(code),
    rateLimit: (rule) => void rest.rateLimits.push({ ...rule, left: rule.count ?? 1 }),

    messages: (channelId, o) =>
      world.channelMessageList(channelId).filter((m) => o?.includeEphemeral || !(m.flags & 64)),
    message: (id) => world.messages.get(id),
    channel: (id) => world.channels.get(id),
    threads: (parentId) =>
      [...world.channels.values()].filter(
        (c) => (c.type === 11 || c.type === 12) && (!parentId || c.parent_id === parentId),
      ),
    waitForMessage: (channelId, predicate = () => true, ms = timeoutMs) =>
      interactions.waitFor<FakeMessage>(
        () => world.channelMessageList(channelId).find((m) => !(m.flags & 64) && predicate(m)),
        ms,
        `a matching message in channel ${channelId}`,
      ),
    commands: (guildId) => world.commands.get(guildId ?? 'global') ?? [],
    commandContexts: (name, guildId) => {
      const cmd = (world.commands.get(guildId ?? 'global') ?? []).find((c) => c.name === name && (c.type ?? 1) === 1);
      return cmd ? commandAvailability(cmd) : undefined;
    },

    fault: (spec) => rest.fault(spec),
    get nonceHits() {
      return world.nonceHits;
    },
    get violations() {
      return rest.violations;
    },
    get requests() {
      return rest.requests;
    },
    get unknownRoutes() {
      return rest.unknownRoutes;
    },
    get errors() {
      return rest.errors;
    },
    get warnings() {
      return rest.warnings;
    },

    close: async () => {
      await gateway.close();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
