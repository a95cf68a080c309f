/** Builds INTERACTION_CREATE payloads as Discord sends them and tracks how the bot answered each one. */
import { randomBytes } from 'node:crypto';
import { snowflake } from './snowflake.js';
import type { World } from './state.js';
import type { CommandOption, FakeMessage, FakeUser, InteractionCallback, InteractionDoneOptions, SentInteraction, Snowflake } from './types.js';

export interface InteractionRecord {
  id: Snowflake;
  token: string;
  type: number;
  payload: any;
  createdAt: number;
  channelId: Snowflake;
  guildId: Snowflake;
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

  private base(type: number, user: FakeUser, channelId: Snowflake, locale?: string): InteractionRecord {
    const w = this.world;
    const ch = w.channels.get(channelId);
    if (!ch) throw new Error(`fake-discord: unknown channel ${channelId}`);
    const guild = w.guilds.get(ch.guild_id)!;
    if (!guild.memberIds.includes(user.id)) throw new Error(`fake-discord: ${user.username} is not a member of ${guild.name}`);
    const id = snowflake();
    // Shaped like Discord's: base64url of `interaction:<id>:<secret>`.
    const token = Buffer.from(`interaction:${id}:${randomBytes(48).toString('base64url')}`).toString('base64url');
    const member = { ...w.memberObj(guild.id, user.id), permissions: w.channelPerms(channelId, user.id).toString() };
    const userLocale = locale ?? w.members.get(guild.id)?.get(user.id)?.locale ?? 'en-US';
    const payload: any = {
      id,
      application_id: w.applicationId,
      type,
      token,
      version: 1,
      guild_id: guild.id,
      guild: { id: guild.id, locale: guild.preferred_locale, features: [] },
      channel_id: channelId,
      channel: w.interactionChannel(ch, user.id),
      member,
      user: undefined, // Discord sends `user` only outside guilds; kept out of the JSON
      app_permissions: w.channelPerms(channelId, w.botUser.id).toString(),
      locale: userLocale,
      guild_locale: guild.preferred_locale,
      entitlements: [],
      entitlement_sku_ids: [],
      authorizing_integration_owners: { '0': guild.id },
      context: 0,
      attachment_size_limit: 10 * 1024 * 1024,
    };
    delete payload.user;
    return { id, token, type, payload, createdAt: Date.now(), channelId, guildId: guild.id, followupIds: [], edits: 0 };
  }

  private commandData(name: string, options: CommandOption[] | undefined, guildId: Snowflake): any {
    const registered =
      (this.world.commands.get(guildId) ?? []).find((c) => c.name === name) ?? (this.world.commands.get('global') ?? []).find((c) => c.name === name);
    const data: any = { id: registered?.id ?? stableId(name), name, type: 1 };
    if (registered?.guild_id) data.guild_id = registered.guild_id;
    if (options && options.length) data.options = options;
    const resolved = this.resolve(options ?? [], guildId);
    if (resolved) data.resolved = resolved;
    return data;
  }

  /** `data.resolved` for user/channel options, as Discord fills it in. */
  private resolve(options: CommandOption[], guildId: Snowflake): any {
    const users: Record<string, unknown> = {};
    const members: Record<string, unknown> = {};
    const channels: Record<string, unknown> = {};
    const walk = (opts: CommandOption[]) => {
      for (const o of opts) {
        if (o.options) walk(o.options);
        const id = String(o.value ?? '');
        if ((o.type === 6 || o.type === 9) && this.world.users.has(id)) {
          users[id] = this.world.userObj(this.world.users.get(id)!);
          if (this.world.guilds.get(guildId)?.memberIds.includes(id)) {
            members[id] = { ...this.world.memberObj(guildId, id, false), permissions: this.world.memberPerms(guildId, id).toString() };
          }
        }
        if (o.type === 7 && this.world.channels.has(id)) {
          const ch = this.world.channels.get(id)!;
          channels[id] = { ...this.world.channelObj(ch), permissions: this.world.channelPerms(id, this.world.botUser.id).toString() };
        }
      }
    };
    walk(options);
    const out: any = {};
    if (Object.keys(users).length) out.users = users;
    if (Object.keys(members).length) out.members = members;
    if (Object.keys(channels).length) out.channels = channels;
    return Object.keys(out).length ? out : undefined;
  }

  slash(user: FakeUser, channelId: Snowflake, command: string, options?: CommandOption[], locale?: string): SentInteraction {
    const rec = this.base(2, user, channelId, locale);
    rec.payload.data = this.commandData(command, options, rec.guildId);
    return this.send(rec);
  }

  autocomplete(user: FakeUser, channelId: Snowflake, command: string, options: CommandOption[], locale?: string): SentInteraction {
    const rec = this.base(4, user, channelId, locale);
    rec.payload.data = this.commandData(command, options, rec.guildId);
    delete rec.payload.data.resolved; // autocomplete payloads carry no resolved data
    return this.send(rec);
  }

  click(user: FakeUser, messageId: Snowflake, customId: string, opts: { locale?: string; values?: string[] } = {}): SentInteraction {
    const msg = this.world.messages.get(messageId);
    if (!msg || msg.deleted) throw new Error(`fake-discord: unknown message ${messageId}`);
    const rec = this.base(3, user, msg.channel_id, opts.locale);
    const comp = findComponent(msg.components, customId);
    const componentType = comp?.type ?? 2;
    rec.payload.data = { custom_id: customId, component_type: componentType, ...(componentType !== 2 ? { values: opts.values ?? [] } : {}) };
    rec.payload.message = this.world.messageObj(msg);
    rec.sourceMessageId = msg.id;
    return this.send(rec);
  }

  modalSubmit(user: FakeUser, channelId: Snowflake, customId: string, fields: Record<string, string>, locale?: string): SentInteraction {
    const rec = this.base(5, user, channelId, locale);
    rec.payload.data = {
      custom_id: customId,
      components: Object.entries(fields).map(([id, value]) => ({ type: 1, components: [{ type: 4, custom_id: id, value }] })),
    };
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
      response: (timeoutMs = this.timeoutMs) => this.waitFor(() => rec.callback, timeoutMs, `the response to interaction ${rec.id}`),
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
