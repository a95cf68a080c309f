/** The fake's world: users, guilds, channels, threads, messages and commands, in Discord's wire shape. */
import { Activities } from './activities.js';
import { EventEmitter } from 'node:events';
import { snowflake } from './snowflake.js';
import type { FakeAttachment, FakeChannel, FakeGuild, FakeMessage, FakeRole, FakeUser, Snowflake } from './types.js';
import type { UploadedFile } from './multipart.js';

/** Permission bits (discord-api-types PermissionFlagsBits). */
export const P = {
  CreateInstantInvite: 1n << 0n,
  Administrator: 1n << 3n,
  ManageChannels: 1n << 4n,
  ManageGuild: 1n << 5n,
  AddReactions: 1n << 6n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  ManageMessages: 1n << 13n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  MentionEveryone: 1n << 17n,
  UseExternalEmojis: 1n << 18n,
  ChangeNickname: 1n << 26n,
  UseApplicationCommands: 1n << 31n,
  ManageThreads: 1n << 34n,
  CreatePublicThreads: 1n << 35n,
  CreatePrivateThreads: 1n << 36n,
  SendMessagesInThreads: 1n << 38n,
} as const;

export const EVERYONE_PERMS =
  P.CreateInstantInvite |
  P.AddReactions |
  P.ViewChannel |
  P.SendMessages |
  P.EmbedLinks |
  P.AttachFiles |
  P.ReadMessageHistory |
  P.UseExternalEmojis |
  P.ChangeNickname |
  P.UseApplicationCommands |
  P.CreatePublicThreads |
  P.CreatePrivateThreads |
  P.SendMessagesInThreads;

/** What a bot invited with the usual game-bot scopes gets. */
export const BOT_PERMS = EVERYONE_PERMS | P.ManageMessages | P.ManageThreads;

const THREAD_DENY = P.CreatePublicThreads | P.CreatePrivateThreads;

/**
 * `app_permissions` where the bot is not present, as Discord documents it: (G)DMs with other users get
 * ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE, DMs with the bot also USE_EXTERNAL_EMOJIS; in a guild
 * without the bot, @everyone's permissions in the channel plus ATTACH_FILES | EMBED_LINKS.
 */
export const PRIVATE_CHANNEL_APP_PERMS = P.AttachFiles | P.EmbedLinks | P.MentionEveryone;
export const BOT_DM_APP_PERMS = PRIVATE_CHANNEL_APP_PERMS | P.UseExternalEmojis;

/** Interaction context types: 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL. */
export const CONTEXT = { Guild: 0, BotDm: 1, PrivateChannel: 2 } as const;

export interface MemberInfo {
  userId: Snowflake;
  permissions: bigint; // the member's guild-level permissions (beyond @everyone)
  joined_at: string;
  locale: string;
  /** Roles given with addRole, beyond @everyone. */
  roles: Snowflake[];
}

export class World extends EventEmitter {
  readonly users = new Map<Snowflake, FakeUser>();
  readonly guilds = new Map<Snowflake, FakeGuild>();
  readonly members = new Map<Snowflake, Map<Snowflake, MemberInfo>>(); // guild → user → info
  readonly guildPerms = new Map<Snowflake, { everyone: bigint; bot: bigint }>();
  /** Roles added with addRole (besides @everyone and the bot's), per guild. */
  readonly guildRoles = new Map<Snowflake, FakeRole[]>();
  readonly channels = new Map<Snowflake, FakeChannel>();
  readonly messages = new Map<Snowflake, FakeMessage>();
  readonly channelMessages = new Map<Snowflake, Snowflake[]>();
  /** Each user's client language (interaction `locale`), set by addUser. */
  readonly userLocales = new Map<Snowflake, string>();
  /** Users who installed the app to their account (user install, integration type 1). */
  readonly userInstalls = new Set<Snowflake>();
  /** user id → the DM channel between that user and the bot. */
  readonly dmChannels = new Map<Snowflake, Snowflake>();
  /** key: guild id or 'global' → commands */
  readonly commands = new Map<string, any[]>();
  readonly uploads = new Map<string, FakeAttachment>(); // url path → attachment
  /** OAuth2 grants and Activity instances (activities.ts). */
  readonly activities = new Activities();
  /** Activities enabled for the app "in the developer portal" (LAUNCH_ACTIVITY is refused otherwise). */
  activitiesEnabled = false;
  readonly applicationId: Snowflake;
  readonly botUser: FakeUser;
  readonly origin: string;

  constructor(origin: string) {
    super();
    this.setMaxListeners(0);
    this.origin = origin;
    this.applicationId = snowflake();
    this.botUser = {
      id: this.applicationId,
      username: 'hexmate',
      global_name: null,
      discriminator: '0',
      avatar: null,
      bot: true,
      public_flags: 0,
    };
    this.users.set(this.botUser.id, this.botUser);
  }

  /** Something changed (a message, a callback): waiters re-check their condition. */
  changed(): void {
    // After the current REST reply is written, so a waiter sees the request finished (status logged).
    if (this.pending) return;
    this.pending = true;
    setImmediate(() => {
      this.pending = false;
      this.emit('change');
    });
  }
  private pending = false;

  addGuild(name: string, locale = 'en-US', botPermissions = BOT_PERMS, botMember = true): FakeGuild {
    const id = snowflake();
    const guild: FakeGuild = {
      id,
      name,
      owner_id: '0',
      everyoneRoleId: id,
      botRoleId: snowflake(),
      preferred_locale: locale,
      memberIds: [],
      botMember,
    };
    this.guilds.set(id, guild);
    this.members.set(id, new Map());
    this.guildPerms.set(id, { everyone: EVERYONE_PERMS, bot: botMember ? botPermissions : 0n });
    if (botMember) this.addMember(id, this.botUser.id, 0n, 'en-US');
    return guild;
  }

  addMember(guildId: Snowflake, userId: Snowflake, permissions: bigint, locale: string): void {
    const guild = this.guilds.get(guildId);
    if (!guild) throw new Error(`fake-discord: unknown guild ${guildId}`);
    if (!guild.memberIds.includes(userId)) guild.memberIds.push(userId);
    this.members
      .get(guildId)!
      .set(userId, { userId, permissions, joined_at: new Date().toISOString(), locale, roles: [] });
    if (guild.owner_id === '0' && userId !== this.botUser.id) guild.owner_id = userId;
  }

  addRole(guildId: Snowflake, name: string, permissions: bigint): FakeRole {
    const guild = this.guilds.get(guildId);
    if (!guild) throw new Error(`fake-discord: unknown guild ${guildId}`);
    if (!name || name.length > 100) throw new Error('fake-discord: a role name has 1 to 100 characters');
    const list = this.guildRoles.get(guildId) ?? [];
    const role: FakeRole = { id: snowflake(), guild_id: guildId, name, permissions };
    list.push(role);
    this.guildRoles.set(guildId, list);
    return role;
  }

  /** The role of this guild with this id (@everyone and the bot's included), or undefined. */
  roleOf(guildId: Snowflake, roleId: Snowflake): Record<string, unknown> | undefined {
    const guild = this.guilds.get(guildId);
    return guild ? this.rolesOf(guild).find((r) => r.id === roleId) : undefined;
  }

  /** Gives a member exactly these roles (added with addRole, of the same guild). */
  setMemberRoles(guildId: Snowflake, userId: Snowflake, roleIds: Snowflake[]): void {
    const info = this.members.get(guildId)?.get(userId);
    if (!info) throw new Error(`fake-discord: ${userId} is not a member of guild ${guildId}`);
    const known = new Set((this.guildRoles.get(guildId) ?? []).map((r) => r.id));
    for (const r of roleIds)
      if (!known.has(r))
        throw new Error(`fake-discord: role ${r} is not a role of guild ${guildId} added with addRole`);
    info.roles = [...new Set(roleIds)];
  }

  addUser(username: string, globalName?: string, locale = 'en-US', installed = true): FakeUser {
    const user: FakeUser = {
      id: snowflake(),
      username,
      global_name: globalName ?? null,
      discriminator: '0',
      avatar: null,
      public_flags: 0,
    };
    this.users.set(user.id, user);
    this.userLocales.set(user.id, locale);
    if (installed) this.userInstalls.add(user.id);
    return user;
  }

  /** The DM channel between a user and the bot (one per user, as on Discord). */
  addDm(userId: Snowflake): FakeChannel {
    if (!this.users.has(userId) || userId === this.botUser.id) throw new Error(`fake-discord: unknown user ${userId}`);
    const existing = this.dmChannels.get(userId);
    if (existing) return this.channels.get(existing)!;
    const ch: FakeChannel = {
      id: snowflake(),
      type: 1,
      name: '',
      parent_id: null,
      canCreateThreads: false,
      last_message_id: null,
      recipientIds: [userId],
    };
    this.channels.set(ch.id, ch);
    this.channelMessages.set(ch.id, []);
    this.dmChannels.set(userId, ch.id);
    return ch;
  }

  /** A group DM among users; the bot is never a recipient (it can only answer interactions there). */
  addGroupDm(name: string | null, memberIds: Snowflake[], ownerId?: Snowflake): FakeChannel {
    const ids = [...new Set(memberIds)];
    if (ids.length < 1 || ids.length > 10)
      throw new Error(`fake-discord: a group DM has 1..10 recipients, got ${ids.length}`);
    for (const id of ids) {
      if (!this.users.has(id) || id === this.botUser.id)
        throw new Error(`fake-discord: ${id} cannot be in a group DM (unknown user or the bot)`);
    }
    const owner = ownerId ?? ids[0];
    if (!ids.includes(owner)) throw new Error(`fake-discord: the group DM owner ${owner} must be a recipient`);
    const ch: FakeChannel = {
      id: snowflake(),
      type: 3,
      name: name ?? '',
      parent_id: null,
      canCreateThreads: false,
      last_message_id: null,
      recipientIds: ids,
      owner_id: owner,
    };
    this.channels.set(ch.id, ch);
    this.channelMessages.set(ch.id, []);
    return ch;
  }

  // ------------------------------------------------------------ where things happen

  isPrivate(ch: FakeChannel): boolean {
    return ch.type === 1 || ch.type === 3;
  }

  /** Interaction context of a channel: 0 guild, 1 the bot's DM, 2 group DM / other DMs. */
  contextOf(ch: FakeChannel): number {
    return ch.type === 1 ? CONTEXT.BotDm : ch.type === 3 ? CONTEXT.PrivateChannel : CONTEXT.Guild;
  }

  guildOf(ch: FakeChannel): FakeGuild | undefined {
    return ch.guild_id ? this.guilds.get(ch.guild_id) : undefined;
  }

  /**
   * Whether the bot sees a channel (REST on it works, events in it are dispatched): its own DMs and guilds it is in.
   */
  botSees(ch: FakeChannel): boolean {
    if (ch.type === 1) return true;
    if (ch.type === 3) return false;
    return this.guildOf(ch)?.botMember ?? false;
  }

  /** Whether a user may act in a channel: a guild member, the DM's user, a group DM recipient. */
  canUse(ch: FakeChannel, userId: Snowflake): boolean {
    if (this.isPrivate(ch)) return (ch.recipientIds ?? []).includes(userId);
    return this.guildOf(ch)?.memberIds.includes(userId) ?? false;
  }

  /**
   * The app's installations usable in a channel for a user: 0 guild install (guild id, or "0" in the bot's DM), 1 user
   * install.
   */
  installsAt(ch: FakeChannel, userId: Snowflake): Partial<Record<'0' | '1', string>> {
    const out: Partial<Record<'0' | '1', string>> = {};
    if (ch.type === 1) out['0'] = '0';
    else if (ch.type !== 3 && this.guildOf(ch)?.botMember) out['0'] = ch.guild_id!;
    if (this.userInstalls.has(userId)) out['1'] = userId;
    return out;
  }

  /** `app_permissions` of an interaction from this channel. */
  appPermissions(ch: FakeChannel): bigint {
    if (ch.type === 1) return BOT_DM_APP_PERMS;
    if (ch.type === 3) return PRIVATE_CHANNEL_APP_PERMS;
    const guild = this.guildOf(ch);
    if (guild && !guild.botMember) {
      const parent = ch.parent_id ? this.channels.get(ch.parent_id) : ch;
      let everyone = this.guildPerms.get(guild.id)!.everyone;
      if (parent && !parent.canCreateThreads) everyone &= ~THREAD_DENY;
      return everyone | P.AttachFiles | P.EmbedLinks;
    }
    return this.channelPerms(ch.id, this.botUser.id);
  }

  addChannel(guildId: Snowflake, name: string, canCreateThreads: boolean): FakeChannel {
    if (!this.guilds.has(guildId)) throw new Error(`fake-discord: unknown guild ${guildId}`);
    const position = [...this.channels.values()].filter((c) => c.guild_id === guildId && c.type === 0).length;
    const ch: FakeChannel = {
      id: snowflake(),
      type: 0,
      guild_id: guildId,
      name,
      parent_id: null,
      position,
      topic: null,
      canCreateThreads,
      last_message_id: null,
    };
    this.channels.set(ch.id, ch);
    this.channelMessages.set(ch.id, []);
    return ch;
  }

  addThread(
    parent: FakeChannel,
    name: string,
    ownerId: Snowflake,
    type: number,
    autoArchive: number,
    id = snowflake(),
  ): FakeChannel {
    const now = new Date().toISOString();
    const th: FakeChannel = {
      id,
      type,
      guild_id: parent.guild_id,
      name,
      parent_id: parent.id,
      canCreateThreads: false,
      owner_id: ownerId,
      thread_metadata: {
        archived: false,
        auto_archive_duration: autoArchive,
        archive_timestamp: now,
        locked: false,
        create_timestamp: now,
        ...(type === 12 ? { invitable: true } : {}),
      },
      message_count: 0,
      member_count: 1,
      last_message_id: null,
      memberIds: [ownerId],
    };
    this.channels.set(th.id, th);
    this.channelMessages.set(th.id, []);
    return th;
  }

  // ------------------------------------------------------------ wire objects

  userObj(u: FakeUser): Record<string, unknown> {
    return {
      ...u,
      banner: null,
      accent_color: null,
      avatar_decoration_data: null,
      collectibles: null,
      primary_guild: null,
      clan: null,
    };
  }

  memberPerms(guildId: Snowflake, userId: Snowflake): bigint {
    const gp = this.guildPerms.get(guildId)!;
    if (userId === this.botUser.id) return this.guilds.get(guildId)?.botMember ? gp.everyone | gp.bot : 0n;
    const info = this.members.get(guildId)?.get(userId);
    const fromRoles = (this.guildRoles.get(guildId) ?? [])
      .filter((r) => info?.roles.includes(r.id))
      .reduce((acc, r) => acc | r.permissions, 0n);
    return gp.everyone | fromRoles | (info?.permissions ?? 0n);
  }

  /** Permissions in a channel, after the bot-role overwrite that forbids threads where configured. */
  channelPerms(channelId: Snowflake, userId: Snowflake): bigint {
    const ch = this.channels.get(channelId);
    if (!ch?.guild_id) return 0n;
    const base = this.memberPerms(ch.guild_id, userId);
    if (base & P.Administrator) return (1n << 50n) - 1n;
    const parent = ch.parent_id ? this.channels.get(ch.parent_id) : ch;
    let perms = base;
    if (parent && !parent.canCreateThreads) perms &= ~THREAD_DENY;
    return perms;
  }

  memberObj(guildId: Snowflake, userId: Snowflake, withUser = true): Record<string, unknown> {
    const info = this.members.get(guildId)?.get(userId);
    const guild = this.guilds.get(guildId)!;
    const roles = userId === this.botUser.id ? [guild.botRoleId] : [...(info?.roles ?? [])];
    return {
      ...(withUser ? { user: this.userObj(this.users.get(userId)!) } : {}),
      roles,
      nick: null,
      avatar: null,
      banner: null,
      premium_since: null,
      joined_at: info?.joined_at ?? new Date().toISOString(),
      deaf: false,
      mute: false,
      pending: false,
      flags: 0,
      communication_disabled_until: null,
    };
  }

  rolesOf(guild: FakeGuild): Record<string, unknown>[] {
    const gp = this.guildPerms.get(guild.id)!;
    const role = (id: string, name: string, perms: bigint, position: number, managed: boolean) => ({
      id,
      name,
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position,
      permissions: perms.toString(),
      managed,
      mentionable: false,
      flags: 0,
      ...(managed ? { tags: { bot_id: this.botUser.id } } : {}),
    });
    return [
      role(guild.everyoneRoleId, '@everyone', gp.everyone, 0, false),
      role(guild.botRoleId, this.botUser.username, gp.bot, 1, true),
      ...(this.guildRoles.get(guild.id) ?? []).map((r, k) => role(r.id, r.name, r.permissions, 2 + k, false)),
    ];
  }

  channelObj(ch: FakeChannel): Record<string, unknown> {
    if (ch.type === 1 || ch.type === 3) {
      // PrivateChannelResponse / PrivateGroupChannelResponse
      return {
        id: ch.id,
        type: ch.type,
        last_message_id: ch.last_message_id,
        flags: 0,
        recipients: (ch.recipientIds ?? []).map((id) => this.userObj(this.users.get(id)!)),
        ...(ch.type === 3 ? { name: ch.name || null, icon: null, owner_id: ch.owner_id } : {}),
      };
    }
    const guild = this.guilds.get(ch.guild_id!)!;
    if (ch.type === 11 || ch.type === 12) {
      return {
        id: ch.id,
        type: ch.type,
        guild_id: ch.guild_id,
        parent_id: ch.parent_id,
        owner_id: ch.owner_id,
        name: ch.name,
        last_message_id: ch.last_message_id,
        rate_limit_per_user: 0,
        flags: 0,
        message_count: ch.message_count ?? 0,
        member_count: ch.member_count ?? 0,
        total_message_sent: ch.message_count ?? 0,
        thread_metadata: ch.thread_metadata,
      };
    }
    // The bot role is denied thread creation in channels configured that way.
    const overwrites = ch.canCreateThreads
      ? []
      : [
          { id: guild.everyoneRoleId, type: 0, allow: '0', deny: THREAD_DENY.toString() },
          { id: guild.botRoleId, type: 0, allow: '0', deny: THREAD_DENY.toString() },
        ];
    return {
      id: ch.id,
      type: ch.type,
      guild_id: ch.guild_id,
      name: ch.name,
      position: ch.position ?? 0,
      parent_id: null,
      topic: ch.topic ?? null,
      nsfw: false,
      last_message_id: ch.last_message_id,
      rate_limit_per_user: 0,
      default_auto_archive_duration: 1440,
      permission_overwrites: overwrites,
      flags: 0,
    };
  }

  guildCreate(guild: FakeGuild): Record<string, unknown> {
    const channels = [...this.channels.values()].filter((c) => c.guild_id === guild.id);
    return {
      id: guild.id,
      name: guild.name,
      icon: null,
      splash: null,
      discovery_splash: null,
      banner: null,
      description: null,
      owner_id: guild.owner_id,
      region: 'deprecated',
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      mfa_level: 0,
      nsfw_level: 0,
      premium_tier: 0,
      premium_subscription_count: 0,
      premium_progress_bar_enabled: false,
      preferred_locale: guild.preferred_locale,
      features: [],
      roles: this.rolesOf(guild),
      emojis: [],
      stickers: [],
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      public_updates_channel_id: null,
      safety_alerts_channel_id: null,
      vanity_url_code: null,
      max_members: 500000,
      max_video_channel_users: 25,
      application_id: null,
      // GUILD_CREATE-only fields
      joined_at: new Date().toISOString(),
      large: false,
      unavailable: false,
      member_count: guild.memberIds.length,
      voice_states: [],
      members: guild.memberIds.map((id) => this.memberObj(guild.id, id)),
      channels: channels.filter((c) => c.type === 0).map((c) => this.channelObj(c)),
      threads: channels
        .filter((c) => (c.type === 11 || c.type === 12) && !c.thread_metadata?.archived)
        .map((c) => this.channelObj(c)),
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
      embedded_activities: [],
      lazy: true,
    };
  }

  /** The partial channel Discord puts in interaction payloads (with the invoker's permissions). */
  interactionChannel(ch: FakeChannel, userId: Snowflake): Record<string, unknown> {
    if (this.isPrivate(ch)) return this.channelObj(ch);
    return { ...this.channelObj(ch), permissions: this.channelPerms(ch.id, userId).toString() };
  }

  // ------------------------------------------------------------ messages

  storeAttachments(channelId: Snowflake, files: UploadedFile[], meta: unknown): FakeAttachment[] {
    return files.map((f) => {
      const index = /^files\[(\d+)\]$/.exec(f.field)?.[1];
      const m = arr(meta).find((a) => String(a?.id) === index) ?? {};
      const id = snowflake();
      const filename = m.filename ?? f.filename;
      const path = `/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`;
      const att: FakeAttachment = {
        id,
        filename,
        ...(m.description ? { description: m.description } : {}),
        content_type: f.contentType,
        size: f.bytes.length,
        url: this.origin + path,
        proxy_url: this.origin + path,
        ...imageSize(f.bytes),
        bytes: f.bytes,
      };
      this.uploads.set(path, att);
      return att;
    });
  }

  /** enforce_nonce: `${channelId}:${nonce}` → the message it made (the bot is the only author). */
  readonly nonces = new Map<string, { id: Snowflake; at: number }>();
  /** Posts that enforce_nonce answered with an earlier message instead of a new one. */
  nonceHits = 0;

  createMessage(channelId: Snowflake, body: any, files: UploadedFile[], extra: Partial<FakeMessage> = {}): FakeMessage {
    const ch = this.channels.get(channelId);
    const msg: FakeMessage = {
      id: snowflake(),
      channel_id: channelId,
      ...(ch?.guild_id ? { guild_id: ch.guild_id } : {}),
      author: this.botUser,
      content: typeof body?.content === 'string' ? body.content : '',
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: Boolean(body?.tts),
      mention_everyone: false,
      mentions: this.mentionsIn(typeof body?.content === 'string' ? body.content : ''),
      mention_roles: [],
      attachments: this.storeAttachments(channelId, files, body?.attachments),
      embeds: arr(body?.embeds).map(normalizeEmbed),
      components: echoComponents(arr(body?.components)),
      pinned: false,
      type: 0,
      flags: typeof body?.flags === 'number' ? body.flags : 0,
      history: [],
      ...extra,
    };
    this.messages.set(msg.id, msg);
    if (!this.channelMessages.has(channelId)) this.channelMessages.set(channelId, []);
    this.channelMessages.get(channelId)!.push(msg.id);
    if (ch) {
      ch.last_message_id = msg.id;
      if (ch.message_count !== undefined) ch.message_count++;
    }
    this.changed();
    return msg;
  }

  editMessage(msg: FakeMessage, body: any, files: UploadedFile[]): FakeMessage {
    msg.history.push({
      content: msg.content,
      embeds: msg.embeds,
      components: msg.components,
      attachments: msg.attachments,
      flags: msg.flags,
      edited_timestamp: msg.edited_timestamp,
    });
    if (body?.content !== undefined) {
      msg.content = typeof body.content === 'string' ? body.content : '';
      msg.mentions = this.mentionsIn(msg.content);
    }
    if (body?.embeds !== undefined) msg.embeds = arr(body.embeds).map(normalizeEmbed);
    if (body?.components !== undefined) msg.components = echoComponents(arr(body.components));
    if (typeof body?.flags === 'number') msg.flags = (msg.flags & 64) | body.flags;
    // Discord keeps only the attachments listed in `attachments` (by id) plus new uploads;
    // without `attachments`, existing ones stay and new files are appended.
    const fresh = this.storeAttachments(msg.channel_id, files, body?.attachments);
    if (Array.isArray(body?.attachments)) {
      const keep = new Set(body.attachments.map((a: any) => String(a?.id)));
      msg.attachments = [...msg.attachments.filter((a) => keep.has(a.id)), ...fresh];
    } else {
      msg.attachments = [...msg.attachments, ...fresh];
    }
    msg.flags &= ~128; // LOADING cleared once a deferred reply is edited
    msg.edited_timestamp = new Date().toISOString();
    this.changed();
    return msg;
  }

  private mentionsIn(content: string): FakeUser[] {
    const out: FakeUser[] = [];
    for (const m of content.matchAll(/<@!?(\d+)>/g)) {
      const u = this.users.get(m[1]);
      if (u && !out.includes(u)) out.push(u);
    }
    return out;
  }

  messageObj(msg: FakeMessage): Record<string, unknown> {
    const { history: _h, deleted: _d, attachments, author, mentions, ...rest } = msg;
    return {
      ...rest,
      author: this.userObj(author),
      mentions: mentions.map((u) => this.userObj(u)),
      attachments: attachments.map(({ bytes: _b, ...a }) => a),
    };
  }

  channelMessageList(channelId: Snowflake): FakeMessage[] {
    return (this.channelMessages.get(channelId) ?? []).map((id) => this.messages.get(id)!).filter((m) => !m.deleted);
  }
}

const arr = (v: unknown): any[] => (Array.isArray(v) ? v : []);

/** Discord fills in `type: "rich"` and keeps what was sent. */
function normalizeEmbed(e: any): any {
  return { type: 'rich', ...e };
}

/** Discord echoes components with ids assigned; keep what was sent and number them like Discord (1, 2, ...). */
function echoComponents(components: any[]): any[] {
  let n = 0;
  const walk = (c: any): any => {
    if (!c || typeof c !== 'object') return c;
    const out: any = { ...c, id: c.id ?? ++n };
    if (c.id) n = Math.max(n, c.id);
    if (Array.isArray(c.components)) out.components = c.components.map(walk);
    if (c.accessory) out.accessory = walk(c.accessory);
    return out;
  };
  return components.map(walk);
}

/** Width/height from PNG or GIF headers so attachments look like Discord's. */
function imageSize(b: Buffer): { width?: number; height?: number } {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47)
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length >= 10 && b.toString('ascii', 0, 3) === 'GIF')
    return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  return {};
}
