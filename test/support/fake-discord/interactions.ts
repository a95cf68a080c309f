/** Builds INTERACTION_CREATE payloads as Discord sends them and tracks how the bot answered each one. */
import { randomBytes } from 'node:crypto';
import { snowflake } from './snowflake.js';
import type { World } from './state.js';
import type {
  CommandOption,
  FakeChannel,
  FakeMessage,
  FakeUser,
  InteractionCallback,
  InteractionDoneOptions,
  SentInteraction,
  Snowflake,
} from './types.js';

type Owners = Partial<Record<'0' | '1', string>>;

/**
 * Where a registered command can be used, with Discord's defaults: `contexts` null means all three
 * (without BOT_DM for the deprecated `dm_permission: false`), `integration_types` defaults to guild install.
 * Guild commands exist only in their guild (context 0, the guild's installation).
 */
export function commandAvailability(cmd: any): { contexts: number[]; integrationTypes: number[] } {
  if (cmd?.guild_id) return { contexts: [0], integrationTypes: [0] };
  const contexts: number[] = Array.isArray(cmd?.contexts)
    ? cmd.contexts
    : cmd?.dm_permission === false
      ? [0, 2]
      : [0, 1, 2];
  const types: number[] =
    Array.isArray(cmd?.integration_types) && cmd.integration_types.length ? cmd.integration_types : [0];
  const norm = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);
  return { contexts: norm(contexts), integrationTypes: norm(types) };
}

export interface InteractionRecord {
  id: Snowflake;
  token: string;
  type: number;
  payload: any;
  createdAt: number;
  channelId: Snowflake;
  /** Absent for DMs and group DMs. */
  guildId?: Snowflake;
  /** The invoking user. */
  userId: Snowflake;
  /** Interaction context: 0 guild, 1 the bot's DM, 2 group DM. */
  context: number;
  /** Component interactions: the message the button is on. */
  sourceMessageId?: Snowflake;
  callback?: InteractionCallback;
  callbackAt?: number;
  /** Message id `@original` refers to once there is one. */
  originalId?: Snowflake;
  followupIds: Snowflake[];
  /** Edits to @original (or the component's message) after the callback; deletions count too. */
  edits: number;
}

export class Interactions {
  readonly byToken = new Map<string, InteractionRecord>();
  readonly byId = new Map<Snowflake, InteractionRecord>();

  constructor(
    private readonly world: World,
    private readonly deliver: (rec: InteractionRecord) => void,
    private readonly timeoutMs: number,
  ) {}

  /** The channel, checked: it exists and `user` may act there (a guild member, the DM's user, a group DM recipient). */
  private place(user: FakeUser, channelId: Snowflake): FakeChannel {
    const w = this.world;
    const ch = w.channels.get(channelId);
    if (!ch) throw new Error(`fake-discord: unknown channel ${channelId}`);
    if (!w.canUse(ch, user.id)) {
      const guild = w.guildOf(ch);
      throw new Error(
        guild
          ? `fake-discord: ${user.username} is not a member of ${guild.name}`
          : `fake-discord: ${user.username} is not a recipient of ${ch.type === 1 ? 'this DM' : 'this group DM'} (${ch.id})`,
      );
    }
    return ch;
  }

  private describe(ch: FakeChannel): string {
    if (ch.type === 1) return 'the DM with the bot';
    if (ch.type === 3) return `the group DM ${ch.name ? `"${ch.name}"` : ch.id}`;
    const guild = this.world.guildOf(ch)!;
    return `#${ch.name} of ${guild.name}${guild.botMember ? '' : ' (bot not a member)'}`;
  }

  /** `latencyMs`: how long ago Discord created the interaction (its id's time; the 3 s limit counts from then). */
  private base(
    type: number,
    user: FakeUser,
    ch: FakeChannel,
    owners: Owners,
    locale?: string,
    latencyMs = 0,
  ): InteractionRecord {
    const w = this.world;
    const guild = w.guildOf(ch);
    const createdAt = Date.now() - latencyMs;
    const id = snowflake(createdAt);
    // Shaped like Discord's: base64url of `interaction:<id>:<secret>`.
    const token = Buffer.from(`interaction:${id}:${randomBytes(48).toString('base64url')}`).toString('base64url');
    const userLocale =
      locale ?? w.userLocales.get(user.id) ?? w.members.get(guild?.id ?? '')?.get(user.id)?.locale ?? 'en-US';
    const context = w.contextOf(ch);
    const payload: any = {
      id,
      application_id: w.applicationId,
      type,
      token,
      version: 1,
      // In a guild: guild_id, guild, member (with permissions) and guild_locale; elsewhere a top-level `user`.
      ...(guild
        ? {
            guild_id: guild.id,
            guild: { id: guild.id, locale: guild.preferred_locale, features: [] },
            channel_id: ch.id,
            channel: w.interactionChannel(ch, user.id),
            member: { ...w.memberObj(guild.id, user.id), permissions: w.channelPerms(ch.id, user.id).toString() },
          }
        : { channel_id: ch.id, channel: w.interactionChannel(ch, user.id), user: w.userObj(user) }),
      app_permissions: w.appPermissions(ch).toString(),
      locale: userLocale,
      ...(guild ? { guild_locale: guild.preferred_locale } : {}),
      entitlements: [],
      entitlement_sku_ids: [],
      authorizing_integration_owners: owners,
      context,
      attachment_size_limit: 10 * 1024 * 1024,
    };
    return {
      id,
      token,
      type,
      payload,
      createdAt,
      channelId: ch.id,
      guildId: guild?.id,
      userId: user.id,
      context,
      followupIds: [],
      edits: 0,
    };
  }

  /** The registered command `name` that applies in this channel: the guild's own, else the global one. */
  private findCommand(name: string, ch: FakeChannel): any {
    const w = this.world;
    return (
      (ch.guild_id
        ? (w.commands.get(ch.guild_id) ?? []).find((c) => c.name === name && (c.type ?? 1) === 1)
        : undefined) ?? (w.commands.get('global') ?? []).find((c) => c.name === name && (c.type ?? 1) === 1)
    );
  }

  /**
   * `authorizing_integration_owners` for a command, or a test-side error when Discord would not even
   * offer the command there (so it would never be delivered).
   */
  private commandOwners(user: FakeUser, ch: FakeChannel, name: string, cmd: any): Owners {
    const installs = this.world.installsAt(ch, user.id);
    const context = this.world.contextOf(ch);
    const where = `${this.describe(ch)} (context ${context})`;
    if (!cmd) {
      // Not registered: treated as a command of the installation present there (guild install first).
      if (installs['0']) return { '0': installs['0'] };
      if (installs['1']) return { '1': installs['1'] };
      throw new Error(
        `fake-discord: /${name} cannot be used by ${user.username} in ${where}: the bot is not there and ${user.username} has not installed the app`,
      );
    }
    const { contexts, integrationTypes } = commandAvailability(cmd);
    const owners: Owners = {};
    for (const t of integrationTypes) {
      const key = String(t) as '0' | '1';
      if (installs[key]) owners[key] = installs[key];
    }
    if (!contexts.includes(context) || Object.keys(owners).length === 0) {
      const have = Object.keys(installs).length
        ? `installations there: [${Object.keys(installs).join(', ')}]`
        : 'no installation there';
      throw new Error(
        `fake-discord: Discord would not offer /${name} to ${user.username} in ${where}: the command allows contexts [${contexts.join(', ')}] ` +
          `and integration_types [${integrationTypes.join(', ')}]; ${have}${installs['1'] ? '' : ` (${user.username} has not installed the app)`}`,
      );
    }
    return owners;
  }

  /**
   * Owners for interactions that are not commands and carry no earlier interaction's: the installation present there.
   */
  private placeOwners(user: FakeUser, ch: FakeChannel): Owners {
    const installs = this.world.installsAt(ch, user.id);
    return installs['0'] ? { '0': installs['0'] } : installs['1'] ? { '1': installs['1'] } : {};
  }

  private commandData(name: string, options: CommandOption[] | undefined, ch: FakeChannel, registered: any): any {
    const data: any = { id: registered?.id ?? stableId(name), name, type: 1 };
    if (registered?.guild_id) data.guild_id = registered.guild_id;
    if (options && options.length) data.options = options;
    const resolved = this.resolve(options ?? [], ch.guild_id);
    if (resolved) data.resolved = resolved;
    return data;
  }

  /**
   * `data.resolved` for user, channel and role options, as Discord fills it in (members only in guilds).
   * A role option Discord would not offer (outside a guild, or not a role of this guild) is a test-side error.
   */
  private resolve(options: CommandOption[], guildId: Snowflake | undefined): any {
    const users: Record<string, unknown> = {};
    const members: Record<string, unknown> = {};
    const channels: Record<string, unknown> = {};
    const roles: Record<string, unknown> = {};
    const walk = (opts: CommandOption[]) => {
      for (const o of opts) {
        if (o.options) walk(o.options);
        const id = String(o.value ?? '');
        if ((o.type === 6 || o.type === 9) && this.world.users.has(id)) {
          users[id] = this.world.userObj(this.world.users.get(id)!);
          if (guildId && this.world.guilds.get(guildId)?.memberIds.includes(id)) {
            members[id] = {
              ...this.world.memberObj(guildId, id, false),
              permissions: this.world.memberPerms(guildId, id).toString(),
            };
          }
        }
        const role = guildId ? this.world.roleOf(guildId, id) : undefined;
        if (o.type === 8 && !role)
          throw new Error(
            `fake-discord: Discord would not offer ${id} for the role option ${o.name}: not a role of ${guildId ? `guild ${guildId}` : 'this place (no guild)'}`,
          );
        if ((o.type === 8 || o.type === 9) && role) roles[id] = role;
        if (o.type === 7 && this.world.channels.has(id)) {
          const ch = this.world.channels.get(id)!;
          channels[id] = { ...this.world.channelObj(ch), permissions: this.world.appPermissions(ch).toString() };
        }
      }
    };
    walk(options);
    const out: any = {};
    if (Object.keys(users).length) out.users = users;
    if (Object.keys(members).length) out.members = members;
    if (Object.keys(channels).length) out.channels = channels;
    if (Object.keys(roles).length) out.roles = roles;
    return Object.keys(out).length ? out : undefined;
  }

  slash(
    user: FakeUser,
    channelId: Snowflake,
    command: string,
    options?: CommandOption[],
    locale?: string,
    latencyMs?: number,
  ): SentInteraction {
    const ch = this.place(user, channelId);
    const cmd = this.findCommand(command, ch);
    const rec = this.base(2, user, ch, this.commandOwners(user, ch, command, cmd), locale, latencyMs);
    rec.payload.data = this.commandData(command, options, ch, cmd);
    return this.send(rec);
  }

  autocomplete(
    user: FakeUser,
    channelId: Snowflake,
    command: string,
    options: CommandOption[],
    locale?: string,
  ): SentInteraction {
    const ch = this.place(user, channelId);
    const cmd = this.findCommand(command, ch);
    const rec = this.base(4, user, ch, this.commandOwners(user, ch, command, cmd), locale);
    rec.payload.data = this.commandData(command, options, ch, cmd);
    delete rec.payload.data.resolved; // autocomplete payloads carry no resolved data
    return this.send(rec);
  }

  click(
    user: FakeUser,
    messageId: Snowflake,
    customId: string,
    opts: { locale?: string; values?: string[]; latencyMs?: number } = {},
  ): SentInteraction {
    const msg = this.world.messages.get(messageId);
    if (!msg || msg.deleted) throw new Error(`fake-discord: unknown message ${messageId}`);
    const ch = this.place(user, msg.channel_id);
    const meta = msg.interaction_metadata as any;
    // Only the user an ephemeral message was sent to sees it (and its components).
    if (msg.flags & 64 && meta?.user?.id !== user.id) {
      throw new Error(
        `fake-discord: ${user.username} cannot see ephemeral message ${messageId} (it was sent to ${meta?.user?.username ?? 'someone else'})`,
      );
    }
    const comp = findComponent(msg.components, customId);
    // A forged custom_id (not on the message) is delivered as a button, or as a string select when values are given.
    const componentType: number = comp?.type ?? (opts.values ? 3 : 2);
    if (componentType === 2 && opts.values)
      throw new Error(`fake-discord: ${customId} is a button; values are only for select menus`);
    const data: any = { custom_id: customId, component_type: componentType };
    if (componentType !== 2) {
      const values = opts.values ?? [];
      if (comp) checkSelectValues(comp, values);
      data.values = values;
      const resolved = this.selectResolved(componentType, values, ch.guild_id);
      if (resolved) data.resolved = resolved;
    }
    // A component interaction is authorized by the installation(s) of the interaction that created the message.
    const owners: Owners = meta?.authorizing_integration_owners ?? this.placeOwners(user, ch);
    const rec = this.base(3, user, ch, { ...owners }, opts.locale, opts.latencyMs);
    rec.payload.data = data;
    rec.payload.message = this.world.messageObj(msg);
    rec.sourceMessageId = msg.id;
    return this.send(rec);
  }

  /** `data.resolved` of user (5), mentionable (7) and channel (8) selects. */
  private selectResolved(type: number, values: string[], guildId: Snowflake | undefined): any {
    const optType = type === 5 || type === 7 ? 6 : type === 8 ? 7 : 0;
    if (!optType) return undefined;
    return this.resolve(
      values.map((v) => ({ name: 'v', type: optType, value: v })),
      guildId,
    );
  }

  modalSubmit(
    user: FakeUser,
    channelId: Snowflake,
    customId: string,
    fields: Record<string, string>,
    locale?: string,
  ): SentInteraction {
    const ch = this.place(user, channelId);
    // The interaction that opened this modal (a type 9 callback with this custom_id, to this user, here).
    const opener = [...this.byId.values()]
      .reverse()
      .find(
        (r) =>
          r.callback?.type === 9 &&
          r.callback.data?.custom_id === customId &&
          r.userId === user.id &&
          r.channelId === ch.id,
      );
    const owners: Owners = opener?.payload.authorizing_integration_owners ?? this.placeOwners(user, ch);
    const rec = this.base(5, user, ch, { ...owners }, locale);
    rec.payload.data = {
      custom_id: customId,
      components: Object.entries(fields).map(([id, value]) => ({
        type: 1,
        components: [{ type: 4, custom_id: id, value }],
      })),
    };
    // A modal opened from a component carries that component's message (type 6/7 then act on it).
    const source = opener?.sourceMessageId ? this.world.messages.get(opener.sourceMessageId) : undefined;
    if (source && !source.deleted) {
      rec.payload.message = this.world.messageObj(source);
      rec.sourceMessageId = source.id;
    }
    return this.send(rec);
  }

  private send(rec: InteractionRecord): SentInteraction {
    this.byToken.set(rec.token, rec);
    this.byId.set(rec.id, rec);
    this.deliver(rec);
    return this.handle(rec);
  }

  /** Interactions without a callback, or deferred (5) and never completed by an edit, a deletion or a follow-up. */
  unanswered(): Array<{ id: Snowflake; type: number; name: string; reason: string }> {
    const out: Array<{ id: Snowflake; type: number; name: string; reason: string }> = [];
    for (const rec of this.byId.values()) {
      const name = rec.payload.data?.name ?? rec.payload.data?.custom_id ?? '';
      if (!rec.callback) out.push({ id: rec.id, type: rec.type, name, reason: 'no callback' });
      else if (rec.callback.type === 5 && rec.edits === 0 && rec.followupIds.length === 0)
        out.push({ id: rec.id, type: rec.type, name, reason: 'deferred, never completed ("thinking…" forever)' });
    }
    return out;
  }

  resend(i: SentInteraction): void {
    const rec = this.byId.get(i.id);
    if (!rec) throw new Error(`fake-discord: unknown interaction ${i.id}`);
    this.deliver(rec);
  }

  /** Waits until `check` returns a value (re-checked on every change in the world). */
  waitFor<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const now = check();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise<T>((resolve, reject) => {
      const onChange = () => {
        const v = check();
        if (v === undefined) return;
        cleanup();
        resolve(v);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`fake-discord: timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.world.off('change', onChange);
      };
      this.world.on('change', onChange);
    });
  }

  private handle(rec: InteractionRecord): SentInteraction {
    const w = this.world;
    const msgs = (ids: Snowflake[]) => ids.map((id) => w.messages.get(id)!).filter(Boolean);
    const original = (): FakeMessage | undefined => (rec.originalId ? w.messages.get(rec.originalId) : undefined);
    return {
      id: rec.id,
      token: rec.token,
      type: rec.type,
      payload: rec.payload,
      response: (timeoutMs = this.timeoutMs) =>
        this.waitFor(() => rec.callback, timeoutMs, `the response to interaction ${rec.id}`),
      original,
      followups: () => msgs(rec.followupIds),
      done: (opts: InteractionDoneOptions = {}) =>
        this.waitFor(
          () => {
            const cb = rec.callback;
            if (!cb) return undefined;
            const deferred = cb.type === 5 || cb.type === 6;
            if (deferred && rec.edits === 0 && rec.followupIds.length === 0) return undefined;
            if (rec.followupIds.length < (opts.followups ?? 0)) return undefined;
            return { callback: cb, original: original(), followups: msgs(rec.followupIds) };
          },
          opts.timeoutMs ?? this.timeoutMs,
          `interaction ${rec.id} to be answered`,
        ),
    };
  }
}

/** What the Discord client lets a user pick in a string select: known option values, min_values..max_values of them. */
function checkSelectValues(comp: any, values: string[]): void {
  if (comp.type !== 3) return;
  const known = new Set((Array.isArray(comp.options) ? comp.options : []).map((o: any) => String(o?.value)));
  const unknown = values.filter((v) => !known.has(v));
  if (unknown.length)
    throw new Error(
      `fake-discord: select ${comp.custom_id} has no option ${unknown.map((v) => JSON.stringify(v)).join(', ')}`,
    );
  if (new Set(values).size !== values.length)
    throw new Error(`fake-discord: select ${comp.custom_id}: a value can be picked once`);
  const min = comp.min_values ?? 1;
  const max = comp.max_values ?? 1;
  if (values.length < min || values.length > max)
    throw new Error(`fake-discord: select ${comp.custom_id} takes ${min}..${max} values, got ${values.length}`);
}

function findComponent(components: any[], customId: string): any {
  for (const c of components ?? []) {
    if (c?.custom_id === customId) return c;
    const inner = findComponent([...(c?.components ?? []), ...(c?.accessory ? [c.accessory] : [])], customId);
    if (inner) return inner;
  }
  return undefined;
}

/** A command id that stays the same for a name when the bot has not registered its commands. */
function stableId(name: string): string {
  let h = 0n;
  for (const ch of name) h = (h * 131n + BigInt(ch.codePointAt(0)!)) % (1n << 40n);
  return ((1n << 60n) + h).toString();
}
