/**
 * Public types of the fake Discord (gateway + REST on loopback).
 * Objects use Discord's wire shape (snake_case), exactly as the API sends them.
 */
import type { FakeActivityInstance } from './activities.js';

export type { FakeActivityInstance };
export type Snowflake = string;

export interface FakeDiscordOptions {
  /** Check every REST body against discord-api-spec (Zod) and Discord's limits. Default true. */
  validate?: boolean;
  /** Host to bind; default 127.0.0.1. */
  host?: string;
  /** Port; default 0 (any free port). */
  port?: number;
  /**
   * Privileged intents enabled "in the developer portal" (bits of GuildMembers 1<<1,
   * GuildPresences 1<<8, MessageContent 1<<15). Default 0, like a new application:
   * identifying with any other privileged intent is closed with 4014 Disallowed intent(s).
   */
  privilegedIntents?: number;
  /** Gateway heartbeat interval sent in HELLO (ms). Default 41250. */
  heartbeatIntervalMs?: number;
  /** Default timeout for waits such as `response()` or `waitForMessage` (ms). Default 5000. */
  timeoutMs?: number;
  /** Interaction tokens expire after this (ms) like Discord's 15 minutes. Default 15 min. */
  interactionTokenTtlMs?: number;
  /** Keep at most this many entries in `requests` (oldest dropped). Default 10000. */
  requestLogLimit?: number;
  /**
   * Discord's 3 s limit for the initial callback (ms). Late callbacks get 404 Unknown interaction (10062). Default
   * 3000.
   */
  interactionAckDeadlineMs?: number;
  /** The shard count GET /gateway/bot recommends (what `SHARDS=auto` uses). Default 1. */
  recommendedShards?: number;
  /** Activities enabled for the app "in the developer portal": LAUNCH_ACTIVITY (callback 12) works. Default false. */
  activities?: boolean;
}

/** `fake.rateLimit(...)`: the next `count` REST requests matching `method` and `path` get 429 Too Many Requests. */
export interface RateLimitRule {
  method: string;
  /** Tested against the path after /api/v10, e.g. /^\/channels\/\d+\/messages$/. */
  path: RegExp;
  /** How many matching requests are refused (default 1). */
  count?: number;
  /** Sent as `retry-after` (seconds, rounded up) and `retry_after` in the body (default 100 ms). */
  retryAfterMs?: number;
}

export interface FakeUser {
  id: Snowflake;
  username: string;
  global_name: string | null;
  discriminator: string;
  avatar: string | null;
  bot?: boolean;
  public_flags?: number;
}

/** A role added with addRole (its wire shape is built by the world: position, colours, flags…). */
export interface FakeRole {
  id: Snowflake;
  guild_id: Snowflake;
  name: string;
  /** Guild permissions the role grants its members. */
  permissions: bigint;
}

export interface FakeGuild {
  id: Snowflake;
  name: string;
  owner_id: Snowflake;
  /** Role id == guild id (@everyone). */
  everyoneRoleId: Snowflake;
  /** The bot's own role (permissions granted to the bot). */
  botRoleId: Snowflake;
  preferred_locale: string;
  memberIds: Snowflake[];
  /**
   * false: the bot is not in this guild; members use the app through a user install.
   * The guild is left out of READY/GUILD_CREATE, nothing in it is dispatched, and the
   * bot's REST calls on it get 403 / 50001 Missing Access. Default true.
   */
  botMember: boolean;
}

export interface FakeChannel {
  id: Snowflake;
  type: number; // 0 text, 1 DM with the bot, 3 group DM, 11 public thread, 12 private thread
  /** Absent for DMs and group DMs. */
  guild_id?: Snowflake;
  name: string;
  parent_id: Snowflake | null;
  position?: number;
  topic?: string | null;
  /** false → creating threads here fails with 403 / 50013 Missing Permissions. */
  canCreateThreads: boolean;
  /** DM (the user talking to the bot) and group DM recipients. The bot is never a group DM recipient. */
  recipientIds?: Snowflake[];
  /** Thread owner, or the group DM's owner. */
  owner_id?: Snowflake;
  /** Thread-only fields. */
  thread_metadata?: {
    archived: boolean;
    auto_archive_duration: number;
    archive_timestamp: string;
    locked: boolean;
    invitable?: boolean;
    create_timestamp?: string;
  };
  message_count?: number;
  member_count?: number;
  last_message_id: Snowflake | null;
  /** Thread member user ids (joined via thread-members). */
  memberIds?: Snowflake[];
}

export interface FakeAttachment {
  id: Snowflake;
  filename: string;
  description?: string;
  content_type: string;
  size: number;
  url: string;
  proxy_url: string;
  width?: number;
  height?: number;
  /** The uploaded bytes (not part of Discord's object). */
  bytes: Buffer;
}

export interface FakeMessage {
  id: Snowflake;
  channel_id: Snowflake;
  guild_id?: Snowflake;
  author: FakeUser;
  content: string;
  timestamp: string;
  edited_timestamp: string | null;
  tts: boolean;
  mention_everyone: boolean;
  mentions: FakeUser[];
  mention_roles: Snowflake[];
  attachments: FakeAttachment[];
  embeds: unknown[];
  components: unknown[];
  pinned: boolean;
  type: number; // 0 default, 20 chat input command reply, 19 reply
  flags: number;
  webhook_id?: Snowflake;
  application_id?: Snowflake;
  interaction_metadata?: unknown;
  thread?: unknown;
  message_reference?: unknown;
  /** Every earlier version of this message (before each edit). Not part of Discord's object. */
  history: Array<Pick<FakeMessage, 'content' | 'embeds' | 'components' | 'attachments' | 'flags' | 'edited_timestamp'>>;
  /** True when the message was deleted (kept so tests can see it). */
  deleted?: boolean;
}

/** A REST call the bot made. */
export interface RestRequestLog {
  method: string;
  /** Path after /api/v10, e.g. `/channels/123/messages`. */
  path: string;
  /** Discord-style route with ids replaced, e.g. `/channels/:id/messages`. */
  route: string;
  /** Parsed JSON body (for multipart: the payload_json). */
  body: unknown;
  files: Array<{ field: string; filename: string; contentType: string; bytes: Buffer }>;
  status: number;
  at: number;
}

export interface Violation {
  method: string;
  path: string;
  route: string;
  /** Human-readable problems, each with a JSON path, e.g. `data.choices: 26 > 25 (autocomplete)`. */
  problems: string[];
  body: unknown;
}

/** One option as Discord sends it in an interaction's data.options. */
export interface CommandOption {
  name: string;
  type: number; // 1 sub, 2 group, 3 string, 4 int, 5 bool, 6 user, 7 channel, 8 role, 10 number
  value?: string | number | boolean;
  focused?: boolean;
  options?: CommandOption[];
}

/** The response (initial callback) the bot gave to an interaction. */
export interface InteractionCallback {
  /**
   * 1 PONG, 4 CHANNEL_MESSAGE_WITH_SOURCE, 5 DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, 6 DEFERRED_UPDATE_MESSAGE, 7
   * UPDATE_MESSAGE, 8 AUTOCOMPLETE_RESULT, 9 MODAL
   */
  type: number;
  data?: any;
  files: RestRequestLog['files'];
}

export interface FaultSpec {
  /** HTTP method, e.g. 'POST'; any when omitted. */
  method?: string;
  /** Discord-style route, e.g. '/channels/:cid/messages' or '/interactions/:iid/:token/callback'; any when omitted. */
  route?: string;
  /** Further filter on the request (its path, body). */
  when?: (r: RestRequestLog) => boolean;
  /** 'hold' until release(), or this answer instead of the route's. */
  action: 'hold' | { status: number; json?: unknown; headers?: Record<string, string> };
  times?: number;
}

export interface FaultHandle {
  /** Requests the fault applied to, in order. */
  readonly hits: RestRequestLog[];
  /** Resolves with the first request it applies to. */
  hit(timeoutMs?: number): Promise<RestRequestLog>;
  /** Lets held requests through (they then run as usual) and stops holding. */
  release(): void;
  /** Stops applying (held requests stay held until release()). */
  remove(): void;
}

export interface InteractionDoneOptions {
  /** Wait for this many follow-ups (webhook POSTs) as well. Default 0. */
  followups?: number;
  timeoutMs?: number;
}

/** Handle on an interaction the fake delivered to the bot. */
export interface SentInteraction {
  id: Snowflake;
  token: string;
  type: number;
  /** The full INTERACTION_CREATE `d` payload. */
  payload: any;
  /** The initial callback body, awaited (rejects after the timeout). */
  response(timeoutMs?: number): Promise<InteractionCallback>;
  /** The message created by the response (type 4) or the deferred one (type 5) — `@original`; undefined for 6/8. */
  original(): FakeMessage | undefined;
  /** Messages created via POST /webhooks/{app}/{token} (follow-ups), in order. */
  followups(): FakeMessage[];
  /**
   * Resolves once the bot has answered: the callback arrived and, if it was
   * deferred (type 5/6), `@original` (or the component's message) was edited
   * or a follow-up was posted. Returns the final callback plus the messages.
   */
  done(
    opts?: InteractionDoneOptions,
  ): Promise<{ callback: InteractionCallback; original?: FakeMessage; followups: FakeMessage[] }>;
}

/** How a test sends an interaction. */
export interface InteractionExtra {
  /** The interaction's locale (default: the language set for the user, else en-US). */
  locale?: string;
  /**
   * It reaches the bot this long after Discord created it (its id's time; Discord's 3 s limit counts
   * from then), as over a slow link: a test of the bot's early deferral need not wait 1.5 s first.
   */
  latencyMs?: number;
}

export interface FakeDiscord {
  /** `http://127.0.0.1:PORT/api` — pass as `rest.api` / DISCORD_API_URL. */
  readonly apiBase: string;
  /** `ws://127.0.0.1:PORT` — what GET /gateway/bot returns. */
  readonly gatewayUrl: string;
  /** A token the fake accepts (any `Bot <x>` is accepted). */
  readonly token: string;
  readonly applicationId: Snowflake;
  readonly botUser: FakeUser;
  /** The application's OAuth2 client secret (DISCORD_CLIENT_SECRET for the Activity's server). */
  readonly clientSecret: string;

  /**
   * `user` accepts the app's authorize prompt (the SDK's `commands.authorize`): a one-time code for POST /oauth2/token.
   * `code` picks it (the SDK mock always answers `mock_code`).
   */
  authorizeCode(user: FakeUser, code?: string): string;
  /** `user` launches or joins the Activity in a channel (what the LAUNCH_ACTIVITY callback does for the clicker). */
  launchActivity(user: FakeUser, channelId: Snowflake): FakeActivityInstance;
  /** The Activity instances open now. */
  activityInstances(): FakeActivityInstance[];

  /** A guild; `botMember: false` for one where the bot is absent and members use the app through a user install. */
  addGuild(opts: { name: string; locale?: string; botPermissions?: bigint; botMember?: boolean }): FakeGuild;
  addChannel(guildId: Snowflake, opts: { name: string; type?: 0; canCreateThreads?: boolean }): FakeChannel;
  /** Rename a channel or allow/forbid threads in it (CHANNEL_UPDATE is dispatched). */
  updateChannel(channelId: Snowflake, opts: { name?: string; canCreateThreads?: boolean }): FakeChannel;
  /** Archive a thread as Discord's inactivity timer does (THREAD_UPDATE is dispatched). */
  archiveThread(threadId: Snowflake, opts?: { locked?: boolean }): FakeChannel;
  /**
   * A member of every existing guild (or of `guildId` only; `null`: of none). `permissions`: extra guild
   * permissions, e.g. ManageGuild (1n << 5n). `installed`: the user has installed the app to their
   * account (user install, integration type 1); default true.
   */
  addUser(opts: {
    username: string;
    globalName?: string;
    guildId?: Snowflake | null;
    locale?: string;
    permissions?: bigint;
    installed?: boolean;
    roles?: FakeRole[];
  }): FakeUser;
  /** A role of a guild (GUILD_ROLE_CREATE is dispatched); `permissions` are guild permissions its members get. */
  addRole(guildId: Snowflake, opts: { name: string; permissions?: bigint }): FakeRole;
  /** Gives a member exactly these roles of the guild (GUILD_MEMBER_UPDATE is dispatched). */
  setRoles(guildId: Snowflake, user: FakeUser, roles: FakeRole[]): void;
  /** The DM channel between `user` and the bot (type 1, interaction context 1); the same channel on every call. */
  addDm(user: FakeUser): FakeChannel;
  /**
   * A group DM among users (type 3, interaction context 2); the bot is not in it. Owner: `ownerId`, else the first
   * member.
   */
  addGroupDm(opts: { name?: string | null; memberIds: Snowflake[]; ownerId?: Snowflake }): FakeChannel;

  /** Bot identified and got READY + GUILD_CREATE (waits for `count` sessions, default 1). */
  waitForReady(count?: number, timeoutMs?: number): Promise<void>;
  /** Number of currently identified gateway sessions. */
  readonly sessions: number;

  /**
   * A slash command. When the command is registered, throws (test-side, nothing is delivered) if
   * Discord would not offer it there: a context outside its `contexts`, no installation matching its
   * `integration_types` (e.g. a guild-install-only command in a group DM), a guild command outside its guild.
   */
  slash(
    user: FakeUser,
    channelId: Snowflake,
    command: string,
    options?: CommandOption[],
    extra?: InteractionExtra,
  ): SentInteraction;
  /** Autocomplete for an option of a command; the same availability rules as `slash`. */
  autocomplete(
    user: FakeUser,
    channelId: Snowflake,
    command: string,
    options: CommandOption[],
    extra?: { locale?: string },
  ): SentInteraction;
  /**
   * A button, or a select menu (pass `values`: checked against a string select's options and
   * min/max_values), on a message — ephemeral ones too, by the user who received them.
   */
  click(
    user: FakeUser,
    messageId: Snowflake,
    customId: string,
    extra?: InteractionExtra & { values?: string[] },
  ): SentInteraction;
  /** A modal submit (type 5); fields: custom_id → text value. */
  modalSubmit(
    user: FakeUser,
    channelId: Snowflake,
    customId: string,
    fields: Record<string, string>,
    extra?: { locale?: string },
  ): SentInteraction;
  /** Deliver the very same INTERACTION_CREATE again (duplicate delivery). */
  resendInteraction(i: SentInteraction): void;
  /**
   * Interactions the bot left hanging: no callback at all, or deferred (type 5) and never
   * completed by an edit, a deletion or a follow-up. Tests can assert `[]` at the end.
   */
  unanswered(): Array<{ id: Snowflake; type: number; name: string; reason: string }>;
  /**
   * Closes every gateway connection with `code` (default 4000: discord.js resumes and gets the missed events replayed).
   */
  dropConnections(code?: number): void;
  /** Answers the next matching REST requests with 429 (user scope), as Discord does when a route's limit is hit. */
  rateLimit(rule: RateLimitRule): void;

  /**
   * Messages of a channel or thread, oldest first, current version (see `.history` for edits). Ephemeral ones only on
   * request.
   */
  messages(channelId: Snowflake, opts?: { includeEphemeral?: boolean }): FakeMessage[];
  message(messageId: Snowflake): FakeMessage | undefined;
  channel(id: Snowflake): FakeChannel | undefined;
  threads(parentId?: Snowflake): FakeChannel[];
  waitForMessage(
    channelId: Snowflake,
    predicate?: (m: FakeMessage) => boolean,
    timeoutMs?: number,
  ): Promise<FakeMessage>;
  /** Registered application commands (global when guildId omitted). */
  commands(guildId?: Snowflake): any[];
  /**
   * Where a registered command can be used, Discord's defaults applied (contexts [0, 1, 2], or without 1
   * for `dm_permission: false`; integration_types [0]). Guild commands: `{ contexts: [0], integrationTypes: [0] }`.
   */
  commandContexts(name: string, guildId?: Snowflake): { contexts: number[]; integrationTypes: number[] } | undefined;

  /**
   * Fault injection on REST calls: matching requests are held until `release()` (a slow or
   * stalled Discord; a held request of a process that dies is simply dropped) or answered with
   * `reply` instead of the route (e.g. a 429 with `retry-after`). Applies to the next `times`
   * matching requests (default: all of them until `remove()`).
   */
  fault(spec: FaultSpec): FaultHandle;

  /** Channel posts that `enforce_nonce` answered with the earlier message instead of a second one. */
  readonly nonceHits: number;
  readonly violations: Violation[];
  readonly requests: RestRequestLog[];
  readonly unknownRoutes: Array<{ method: string; path: string }>;
  /**
   * Body fields Discord's schema does not know (e.g. `ephemeral` in a raw body, camelCase `customId`).
   * Discord ignores them silently, so they are not violations — but usually a bug.
   */
  readonly warnings: Array<{ method: string; path: string; route: string; fields: string[] }>;
  /** Every error response the fake gave (e.g. 40060 already acknowledged, 50013 missing permissions). */
  readonly errors: Array<{ method: string; path: string; status: number; code: number; message: string }>;

  close(): Promise<void>;
}
