/**
 * The REST API under /api/v10: the routes a game bot uses, with Discord's
 * status codes and error JSON. Every body is validated (validate.ts) before it
 * changes anything; a body Discord would reject gets 400 / 50035 and is logged
 * in `violations`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { FAKE_CLIENT_SECRET, type FakeActivityInstance } from './activities.js';
import { parseBody, type UploadedFile } from './multipart.js';
import { snowflake } from './snowflake.js';
import { P, type World } from './state.js';
import type { Gateway } from './gateway.js';
import type { InteractionRecord, Interactions } from './interactions.js';
import { formatProblem, invalidFormBody, unknownFields, validateBody, type BodyKind } from './validate.js';
import type {
  FakeChannel,
  FakeMessage,
  FaultHandle,
  FaultSpec,
  RateLimitRule,
  RestRequestLog,
  Violation,
} from './types.js';

export interface RestOptions {
  validate: boolean;
  tokenTtlMs: number;
  ackDeadlineMs: number;
  /** Oldest entries of `requests` are dropped beyond this (long benchmarks). */
  requestLogLimit: number;
  /** GET /gateway/bot's `shards`. */
  recommendedShards: number;
}

export interface RestError {
  method: string;
  path: string;
  status: number;
  code: number;
  message: string;
}

interface Ctx {
  req: IncomingMessage;
  method: string;
  path: string;
  query: URLSearchParams;
  params: string[];
  body: any;
  files: UploadedFile[];
  log: RestRequestLog;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const notFound = (code: number, what: string) => new HttpError(404, code, `Unknown ${what}`);
/** What Discord answers the bot for a channel or guild it cannot see (a group DM, a guild it is not in). */
const missingAccess = () => new HttpError(403, 50001, 'Missing Access');
/** Guild-only actions (threads, channel edits) on a DM. */
const dmChannel = () => new HttpError(400, 50003, 'Cannot execute action on a DM channel');
/** Follow-ups allowed per interaction when only a user install authorized it. */
const USER_INSTALL_FOLLOWUP_LIMIT = 5;
type Reply = { status: number; json?: unknown };
type Handler = (c: Ctx) => Reply | Promise<Reply>;

/** How long Discord remembers a nonce for enforce_nonce ("the past few minutes"). */
const NONCE_WINDOW_MS = 5 * 60_000;

export class RestApi {
  readonly requests: RestRequestLog[] = [];
  readonly violations: Violation[] = [];
  readonly unknownRoutes: Array<{ method: string; path: string }> = [];
  readonly errors: RestError[] = [];
  readonly warnings: Array<{ method: string; path: string; route: string; fields: string[] }> = [];
  private readonly routes: Array<{ method: string; re: RegExp; route: string; handler: Handler }> = [];
  private readonly faults: Fault[] = [];
  /** Pending `rateLimit` rules, with the requests each still refuses. */
  readonly rateLimits: Array<RateLimitRule & { left: number }> = [];

  constructor(
    private readonly world: World,
    private readonly gateway: Gateway,
    private readonly interactions: Interactions,
    private readonly opts: RestOptions,
    private readonly gatewayUrl: () => string,
  ) {
    this.define();
  }

  private on(method: string, route: string, handler: Handler): void {
    const re = new RegExp('^' + route.replace(/:[a-z]+/g, '([^/]+)') + '$');
    this.routes.push({ method, re, route, handler });
  }

  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    pathAfterVersion: string,
    query: URLSearchParams,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const parsed = await parseBody(req);
    const log: RestRequestLog = {
      method,
      path: pathAfterVersion,
      route: pathAfterVersion,
      body: parsed.json,
      files: parsed.files,
      status: 0,
      at: Date.now(),
    };
    this.requests.push(log);
    if (this.requests.length > this.opts.requestLogLimit)
      this.requests.splice(0, this.requests.length - this.opts.requestLogLimit);
    const send = (status: number, json?: unknown) => {
      log.status = status;
      if (status >= 400) {
        const j = json as any;
        this.errors.push({ method, path: pathAfterVersion, status, code: j?.code ?? 0, message: j?.message ?? '' });
      }
      if (json === undefined) {
        res.writeHead(status).end();
      } else {
        const text = JSON.stringify(json);
        res
          .writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
          .end(text);
      }
    };
    const match = this.routes.find((r) => r.method === method && r.re.test(pathAfterVersion));
    if (!match) {
      this.unknownRoutes.push({ method, path: pathAfterVersion });
      const known = this.routes.some((r) => r.re.test(pathAfterVersion));
      return known
        ? send(405, { message: '405: Method Not Allowed', code: 0 })
        : send(404, { message: '404: Not Found', code: 0 });
    }
    log.route = match.route;
    const limited = this.rateLimits.find((r) => r.left > 0 && r.method === method && r.path.test(pathAfterVersion));
    if (limited) {
      limited.left--;
      const ms = limited.retryAfterMs ?? 100;
      log.status = 429;
      this.errors.push({
        method,
        path: pathAfterVersion,
        status: 429,
        code: 0,
        message: 'You are being rate limited.',
      });
      const text = JSON.stringify({
        message: 'You are being rate limited.',
        retry_after: ms / 1000,
        global: false,
        code: 0,
      });
      res
        .writeHead(429, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          'retry-after': String(Math.ceil(ms / 1000)),
          'x-ratelimit-scope': 'user',
          'x-ratelimit-limit': '5',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset-after': String(ms / 1000),
          'x-ratelimit-bucket': `fake-${match.route}`,
        })
        .end(text);
      return;
    }
    if (parsed.error)
      return send(400, { code: 50109, message: `The request body contains invalid JSON. (${parsed.error})` });
    // Interaction callbacks and interaction webhooks authenticate by their token; everything else needs `Bot <token>`.
    // OAuth2's token endpoint takes the client's credentials in its body; GET /users/@me also takes a user's
    // `Bearer <access token>` (the Activity's server reading who signed in).
    const tokenAuth =
      match.route.startsWith('/interactions/') ||
      match.route.startsWith('/webhooks/') ||
      match.route === '/oauth2/token';
    const auth = req.headers.authorization ?? '';
    const bearer = match.route === '/users/@me' && /^Bearer \S+/.test(auth);
    if (!tokenAuth && !bearer && !/^Bot \S+/.test(auth)) return send(401, { message: '401: Unauthorized', code: 0 });
    const fault = this.faults.find((f) => f.applies(method, log));
    if (fault) {
      const action = await fault.apply(log);
      if (action !== 'pass') {
        log.status = action.status;
        res
          .writeHead(action.status, { 'content-type': 'application/json', ...action.headers })
          .end(action.json === undefined ? '' : JSON.stringify(action.json));
        return;
      }
    }
    try {
      const params = match.re.exec(pathAfterVersion)!.slice(1).map(decodeURIComponent);
      const reply = await match.handler({
        req,
        method,
        path: pathAfterVersion,
        query,
        params,
        body: parsed.json,
        files: parsed.files,
        log,
      });
      send(reply.status, reply.json);
    } catch (e) {
      if (e instanceof HttpError) return send(e.status, { message: e.message, code: e.code, ...e.extra });
      send(500, { message: `500: fake-discord internal error: ${(e as Error).message}`, code: 0 });
    }
  }

  fault(spec: FaultSpec): FaultHandle {
    const f = new Fault(spec, () => {
      const at = this.faults.indexOf(f);
      if (at >= 0) this.faults.splice(at, 1);
    });
    this.faults.push(f);
    return f;
  }

  /** Validates a body; on problems records a violation and throws Discord's 50035. */
  private check(c: Ctx, kind: BodyKind, interactionType?: number): void {
    if (!this.opts.validate) return;
    const fields = unknownFields(kind, c.body);
    if (fields.length) this.warnings.push({ method: c.method, path: c.path, route: c.log.route, fields });
    const problems = validateBody(kind, c.body, { files: c.files, interactionType });
    if (problems.length === 0) return;
    this.violations.push({
      method: c.method,
      path: c.path,
      route: c.log.route,
      problems: problems.map(formatProblem),
      body: c.body,
    });
    const err = invalidFormBody(problems) as any;
    throw new HttpError(400, 50035, err.message, { errors: err.errors });
  }

  /**
   * A channel the bot itself acts on (the /channels routes): 404 if unknown, 403 / 50001 where the bot is not present.
   */
  private channel(id: string): FakeChannel {
    const ch = this.anyChannel(id);
    if (!this.world.botSees(ch)) throw missingAccess();
    return ch;
  }

  /** A channel reached through an interaction (callbacks, interaction webhooks): no presence needed. */
  private anyChannel(id: string): FakeChannel {
    const ch = this.world.channels.get(id);
    if (!ch) throw notFound(10003, 'Channel');
    return ch;
  }

  private message(channelId: string, id: string): FakeMessage {
    this.channel(channelId);
    const m = this.world.messages.get(id);
    // Ephemeral messages exist only for their interaction's webhook routes.
    if (!m || m.deleted || m.channel_id !== channelId || m.flags & 64) throw notFound(10008, 'Message');
    return m;
  }

  private interaction(appId: string, token: string): InteractionRecord {
    if (appId !== this.world.applicationId) throw notFound(10015, 'Webhook');
    const rec = this.interactions.byToken.get(token);
    if (!rec) throw notFound(10015, 'Webhook');
    if (Date.now() - rec.createdAt > this.opts.tokenTtlMs) throw new HttpError(401, 50027, 'Invalid Webhook Token');
    return rec;
  }

  private isThread(ch: FakeChannel): boolean {
    return ch.type === 10 || ch.type === 11 || ch.type === 12;
  }

  private dispatchMessage(t: 'MESSAGE_CREATE' | 'MESSAGE_UPDATE' | 'MESSAGE_DELETE', m: FakeMessage): void {
    if (m.flags & 64) return; // ephemeral messages are never dispatched
    const ch = this.world.channels.get(m.channel_id);
    // Nothing from a group DM or a guild the bot is not in reaches the bot's gateway.
    if (ch && !this.world.botSees(ch)) return;
    const d: any =
      t === 'MESSAGE_DELETE'
        ? { id: m.id, channel_id: m.channel_id, ...(m.guild_id ? { guild_id: m.guild_id } : {}) }
        : this.world.messageObj(m);
    if (t === 'MESSAGE_CREATE' && m.guild_id) d.member = this.world.memberObj(m.guild_id, m.author.id, false);
    if (ch?.type === 1) this.gateway.dispatch(t, d, undefined, { dm: true });
    else this.gateway.dispatch(t, d, m.guild_id);
  }

  private threadUpdate(th: FakeChannel): void {
    this.gateway.dispatch('THREAD_UPDATE', this.world.channelObj(th), th.guild_id);
  }

  /**
   * Bots may post in archived threads (which unarchives them) unless locked without Manage Threads.
   * Interaction responses and follow-ups are webhooks: they need no Send Messages permission.
   */
  private beforePost(ch: FakeChannel, viaInteraction = false): void {
    if (this.world.isPrivate(ch)) return; // the bot's own DM (group DMs never get here but through interactions)
    const perms = this.world.channelPerms(ch.id, this.world.botUser.id);
    const need = this.isThread(ch) ? P.SendMessagesInThreads : P.SendMessages;
    if (!viaInteraction && (!(perms & P.ViewChannel) || !(perms & need)))
      throw new HttpError(403, 50013, 'Missing Permissions');
    if (this.isThread(ch) && ch.thread_metadata?.archived) {
      if (ch.thread_metadata.locked && !(perms & P.ManageThreads))
        throw new HttpError(400, 50083, 'Thread is archived');
      ch.thread_metadata.archived = false;
      ch.thread_metadata.archive_timestamp = new Date().toISOString();
      this.threadUpdate(ch);
    }
  }

  private app(): Record<string, unknown> {
    return {
      id: this.world.applicationId,
      name: this.world.botUser.username,
      icon: null,
      description: '',
      summary: '',
      type: null,
      bot_public: true,
      bot_require_code_grant: false,
      verify_key: '0'.repeat(64),
      flags: 0,
      team: null,
      owner: {
        id: '0',
        username: 'owner',
        global_name: null,
        discriminator: '0',
        avatar: null,
        public_flags: 0,
        flags: 0,
      },
      bot: this.world.userObj(this.world.botUser),
      approximate_guild_count: this.world.guilds.size,
      install_params: { scopes: ['bot', 'applications.commands'], permissions: '0' },
      // Guild install and user install both enabled "in the developer portal".
      integration_types_config: { '0': {}, '1': {} },
      tags: [],
    };
  }

  private define(): void {
    const w = this.world;

    // ---------------------------------------------------------- gateway, me
    this.on('GET', '/gateway/bot', () => ({
      status: 200,
      json: {
        url: this.gatewayUrl(),
        shards: this.opts.recommendedShards,
        session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 1 },
      },
    }));
    this.on('GET', '/gateway', () => ({ status: 200, json: { url: this.gatewayUrl() } }));
    this.on('GET', '/users/@me', (c) => {
      const bearer = /^Bearer (\S+)$/.exec(c.req.headers.authorization ?? '');
      if (!bearer)
        return { status: 200, json: { ...w.userObj(w.botUser), verified: true, mfa_enabled: false, flags: 0 } };
      const user = w.users.get(w.activities.userOf(bearer[1], 'identify') ?? '');
      if (!user) throw new HttpError(401, 0, '401: Unauthorized');
      return { status: 200, json: { ...w.userObj(user), mfa_enabled: false } };
    });
    this.on('GET', '/users/:id', (c) => {
      const u = w.users.get(c.params[0]);
      if (!u) throw notFound(10013, 'User');
      return { status: 200, json: w.userObj(u) };
    });
    this.on('GET', '/applications/@me', () => ({ status: 200, json: this.app() }));
    this.on('GET', '/oauth2/applications/@me', () => ({ status: 200, json: this.app() }));

    // ---------------------------------------------------------- OAuth2 and Activities (activities.ts)
    this.on('POST', '/oauth2/token', (c) => {
      const b = (c.body ?? {}) as Record<string, unknown>;
      // OAuth2's own error shape (RFC 6749 5.2), not Discord's { code, message }.
      const oauthError = (status: number, error: string) => ({ status, json: { error } });
      if (b.client_id !== w.applicationId || b.client_secret !== FAKE_CLIENT_SECRET)
        return oauthError(401, 'invalid_client');
      if (b.grant_type !== 'authorization_code') return oauthError(400, 'unsupported_grant_type');
      const grant = typeof b.code === 'string' ? w.activities.exchange(b.code) : null;
      if (!grant) return oauthError(400, 'invalid_grant');
      return {
        status: 200,
        json: { ...grant, token_type: 'Bearer', expires_in: 604800, refresh_token: randomBytes(15).toString('hex') },
      };
    });
    this.on('GET', '/applications/:app/activity-instances/:instance', (c) => {
      if (c.params[0] !== w.applicationId) throw notFound(10002, 'Application');
      const inst = w.activities.instances.get(c.params[1]);
      if (!inst) throw new HttpError(404, 0, '404: Not Found');
      return { status: 200, json: w.activities.instanceObj(inst, w.applicationId) };
    });

    // ---------------------------------------------------------- interactions
    this.on('POST', '/interactions/:id/:token/callback', (c) => {
      const rec = this.interactions.byToken.get(c.params[1]);
      if (!rec || rec.id !== c.params[0]) throw notFound(10062, 'interaction');
      if (rec.callback) throw new HttpError(400, 40060, 'Interaction has already been acknowledged.');
      const late = Date.now() - rec.createdAt;
      if (late > this.opts.ackDeadlineMs) {
        this.violations.push({
          method: c.method,
          path: c.path,
          route: c.log.route,
          problems: [
            `(callback): answered after ${late} ms, past Discord's ${this.opts.ackDeadlineMs} ms limit (10062 Unknown interaction)`,
          ],
          body: c.body,
        });
        throw notFound(10062, 'interaction');
      }
      this.check(c, 'interactionCallback', rec.type);
      if (typeof c.body?.type !== 'number') {
        throw new HttpError(400, 50035, 'Invalid Form Body', {
          errors: { type: { _errors: [{ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }] } },
        });
      }
      return this.callback(c, rec);
    });

    // ---------------------------------------------------------- interaction webhooks
    this.on('POST', '/webhooks/:app/:token', (c) => {
      const rec = this.interaction(c.params[0], c.params[1]);
      if (!rec.callback) throw notFound(10015, 'Webhook'); // follow-ups need an acknowledged interaction
      this.check(c, 'webhookExecute');
      const owners = Object.keys(rec.payload.authorizing_integration_owners ?? {});
      if (owners.length === 1 && owners[0] === '1' && rec.followupIds.length >= USER_INSTALL_FOLLOWUP_LIMIT) {
        throw new HttpError(400, 40094, 'This interaction has hit the maximum number of follow up messages');
      }
      const ch = this.anyChannel(rec.channelId);
      if (!((c.body?.flags ?? 0) & 64)) this.beforePost(ch, true);
      const m = w.createMessage(ch.id, c.body, c.files, this.interactionMessageExtra(rec));
      rec.followupIds.push(m.id);
      w.changed();
      this.dispatchMessage('MESSAGE_CREATE', m);
      return c.query.get('wait') === 'true' ? { status: 200, json: w.messageObj(m) } : { status: 204 };
    });
    const webhookMessage = (c: Ctx): { rec: InteractionRecord; m: FakeMessage } => {
      const rec = this.interaction(c.params[0], c.params[1]);
      const id = c.params[2] === '@original' ? rec.originalId : c.params[2];
      const m = id ? w.messages.get(id) : undefined;
      const mine = id && (id === rec.originalId || rec.followupIds.includes(id));
      if (!m || m.deleted || !mine) throw notFound(10008, 'Message');
      return { rec, m };
    };
    this.on('GET', '/webhooks/:app/:token/messages/:mid', (c) => ({
      status: 200,
      json: w.messageObj(webhookMessage(c).m),
    }));
    this.on('PATCH', '/webhooks/:app/:token/messages/:mid', (c) => {
      const { rec, m } = webhookMessage(c);
      this.check(c, 'webhookEdit');
      w.editMessage(m, c.body, c.files);
      if (m.id === rec.originalId) rec.edits++;
      w.changed();
      this.dispatchMessage('MESSAGE_UPDATE', m);
      return { status: 200, json: w.messageObj(m) };
    });
    this.on('DELETE', '/webhooks/:app/:token/messages/:mid', (c) => {
      const { rec, m } = webhookMessage(c);
      m.deleted = true;
      if (m.id === rec.originalId) rec.edits++;
      w.changed();
      this.dispatchMessage('MESSAGE_DELETE', m);
      return { status: 204 };
    });

    // ---------------------------------------------------------- channels & messages
    this.on('GET', '/channels/:cid', (c) => ({ status: 200, json: w.channelObj(this.channel(c.params[0])) }));
    this.on('PATCH', '/channels/:cid', (c) => {
      const ch = this.channel(c.params[0]);
      if (w.isPrivate(ch)) throw dmChannel();
      const thread = this.isThread(ch);
      this.check(c, thread ? 'threadUpdate' : 'channelUpdate');
      const b = c.body ?? {};
      if (typeof b.name === 'string') ch.name = b.name;
      if (thread && ch.thread_metadata) {
        const tm = ch.thread_metadata;
        if (typeof b.locked === 'boolean') tm.locked = b.locked;
        if (typeof b.auto_archive_duration === 'number') tm.auto_archive_duration = b.auto_archive_duration;
        if (typeof b.archived === 'boolean' && b.archived !== tm.archived) {
          tm.archived = b.archived;
          tm.archive_timestamp = new Date().toISOString();
        }
        this.threadUpdate(ch);
      } else {
        if (b.topic !== undefined) ch.topic = b.topic;
        this.gateway.dispatch('CHANNEL_UPDATE', w.channelObj(ch), ch.guild_id);
      }
      w.changed();
      return { status: 200, json: w.channelObj(ch) };
    });
    this.on('DELETE', '/channels/:cid', (c) => {
      const ch = this.channel(c.params[0]);
      const obj = w.channelObj(ch);
      if (w.isPrivate(ch)) return { status: 200, json: obj }; // "closing" a DM: it stays, as on Discord
      w.channels.delete(ch.id);
      this.gateway.dispatch(this.isThread(ch) ? 'THREAD_DELETE' : 'CHANNEL_DELETE', obj, ch.guild_id);
      w.changed();
      return { status: 200, json: obj };
    });
    this.on('GET', '/channels/:cid/messages', (c) => {
      const ch = this.channel(c.params[0]);
      const limit = Math.min(100, Math.max(1, Number(c.query.get('limit') ?? 50)));
      let list = w.channelMessageList(ch.id).filter((m) => !(m.flags & 64));
      const before = c.query.get('before');
      const after = c.query.get('after');
      if (before) list = list.filter((m) => BigInt(m.id) < BigInt(before));
      if (after) list = list.filter((m) => BigInt(m.id) > BigInt(after));
      // Discord returns newest first (or oldest first after `after`, still sorted newest first).
      list = after ? list.slice(0, limit) : list.slice(-limit);
      return { status: 200, json: list.reverse().map((m) => w.messageObj(m)) };
    });
    this.on('POST', '/channels/:cid/messages', (c) => {
      const ch = this.channel(c.params[0]);
      this.check(c, 'messageCreate');
      this.beforePost(ch);
      // enforce_nonce: the same author's message with this nonce from the last few minutes comes back, no second one is
      // made.
      const nonce = c.body?.enforce_nonce === true && c.body?.nonce != null ? `${ch.id}:${String(c.body.nonce)}` : null;
      const earlier = nonce ? w.nonces.get(nonce) : undefined;
      if (
        earlier &&
        Date.now() - earlier.at < NONCE_WINDOW_MS &&
        w.messages.get(earlier.id) &&
        !w.messages.get(earlier.id)!.deleted
      ) {
        w.nonceHits++;
        return { status: 200, json: w.messageObj(w.messages.get(earlier.id)!) };
      }
      const extra: Partial<FakeMessage> = {};
      const ref = c.body?.message_reference;
      if (ref?.message_id) {
        const target = w.messages.get(String(ref.message_id));
        if (!target && ref.fail_if_not_exists !== false) {
          throw new HttpError(400, 50035, 'Invalid Form Body', {
            errors: {
              message_reference: { _errors: [{ code: 'REPLIES_UNKNOWN_MESSAGE', message: 'Unknown message' }] },
            },
          });
        }
        if (target)
          Object.assign(extra, {
            type: 19,
            message_reference: {
              type: 0,
              message_id: target.id,
              channel_id: target.channel_id,
              guild_id: target.guild_id,
            },
          });
      }
      const m = w.createMessage(ch.id, c.body, c.files, extra);
      if (nonce) w.nonces.set(nonce, { id: m.id, at: Date.now() });
      this.dispatchMessage('MESSAGE_CREATE', m);
      return { status: 200, json: w.messageObj(m) };
    });
    this.on('GET', '/channels/:cid/messages/:mid', (c) => ({
      status: 200,
      json: w.messageObj(this.message(c.params[0], c.params[1])),
    }));
    this.on('PATCH', '/channels/:cid/messages/:mid', (c) => {
      const m = this.message(c.params[0], c.params[1]);
      if (m.author.id !== w.botUser.id)
        throw new HttpError(403, 50005, 'Cannot edit a message authored by another user');
      this.check(c, 'messageEdit');
      w.editMessage(m, c.body, c.files);
      // A deferred component update may be completed by editing the message directly.
      for (const rec of this.interactions.byId.values()) if (rec.callback && rec.sourceMessageId === m.id) rec.edits++;
      w.changed();
      this.dispatchMessage('MESSAGE_UPDATE', m);
      return { status: 200, json: w.messageObj(m) };
    });
    this.on('DELETE', '/channels/:cid/messages/:mid', (c) => {
      const m = this.message(c.params[0], c.params[1]);
      m.deleted = true;
      w.changed();
      this.dispatchMessage('MESSAGE_DELETE', m);
      return { status: 204 };
    });
    this.on('POST', '/channels/:cid/typing', (c) => (this.channel(c.params[0]), { status: 204 }));
    const pin = (pinned: boolean) => (c: Ctx) => {
      const m = this.message(c.params[0], c.params[1]);
      m.pinned = pinned;
      w.changed();
      return { status: 204 };
    };
    this.on('PUT', '/channels/:cid/pins/:mid', pin(true));
    this.on('DELETE', '/channels/:cid/pins/:mid', pin(false));
    this.on('PUT', '/channels/:cid/messages/pins/:mid', pin(true));
    this.on('DELETE', '/channels/:cid/messages/pins/:mid', pin(false));
    this.on('GET', '/channels/:cid/pins', (c) => ({
      status: 200,
      json: w
        .channelMessageList(this.channel(c.params[0]).id)
        .filter((m) => m.pinned)
        .map((m) => w.messageObj(m)),
    }));
    this.on(
      'PUT',
      '/channels/:cid/messages/:mid/reactions/:emoji/@me',
      (c) => (this.message(c.params[0], c.params[1]), { status: 204 }),
    );

    // ---------------------------------------------------------- threads
    this.on('POST', '/channels/:cid/messages/:mid/threads', (c) => {
      const parent = this.channel(c.params[0]);
      if (w.isPrivate(parent)) throw dmChannel();
      const starter = this.message(parent.id, c.params[1]);
      this.check(c, 'threadFromMessage');
      if (this.isThread(parent)) throw new HttpError(400, 50024, 'Cannot execute action on this channel type');
      if (!(w.channelPerms(parent.id, w.botUser.id) & P.CreatePublicThreads))
        throw new HttpError(403, 50013, 'Missing Permissions');
      if (starter.flags & 64) throw notFound(10008, 'Message');
      if (starter.thread) throw new HttpError(400, 160004, 'A thread has already been created for this message');
      // A thread started from a message shares that message's id, as on Discord.
      const th = w.addThread(
        parent,
        String(c.body?.name ?? 'thread'),
        w.botUser.id,
        11,
        c.body?.auto_archive_duration ?? 1440,
        starter.id,
      );
      starter.thread = w.channelObj(th);
      starter.flags |= 32; // HAS_THREAD
      w.changed();
      this.threadCreated(th);
      this.dispatchMessage('MESSAGE_UPDATE', starter);
      return { status: 201, json: { ...w.channelObj(th), member: this.threadMember(th.id, w.botUser.id) } };
    });
    this.on('POST', '/channels/:cid/threads', (c) => {
      const parent = this.channel(c.params[0]);
      if (w.isPrivate(parent)) throw dmChannel();
      this.check(c, 'threadCreate');
      if (this.isThread(parent)) throw new HttpError(400, 50024, 'Cannot execute action on this channel type');
      const type = c.body?.type ?? 12; // Discord's default for threads without a message is private
      const need = type === 12 ? P.CreatePrivateThreads : P.CreatePublicThreads;
      if (!(w.channelPerms(parent.id, w.botUser.id) & need)) throw new HttpError(403, 50013, 'Missing Permissions');
      const th = w.addThread(
        parent,
        String(c.body?.name ?? 'thread'),
        w.botUser.id,
        type,
        c.body?.auto_archive_duration ?? 1440,
      );
      w.changed();
      this.threadCreated(th);
      return { status: 201, json: { ...w.channelObj(th), member: this.threadMember(th.id, w.botUser.id) } };
    });
    const joinThread = (c: Ctx, userId: string) => {
      const th = this.channel(c.params[0]);
      if (!this.isThread(th)) throw new HttpError(400, 50024, 'Cannot execute action on this channel type');
      if (th.thread_metadata?.archived) throw new HttpError(400, 50083, 'Thread is archived');
      if (!w.users.has(userId)) throw notFound(10013, 'User');
      th.memberIds ??= [];
      if (!th.memberIds.includes(userId)) {
        th.memberIds.push(userId);
        th.member_count = th.memberIds.length;
        this.gateway.dispatch(
          'THREAD_MEMBERS_UPDATE',
          {
            id: th.id,
            guild_id: th.guild_id,
            member_count: th.member_count,
            added_members: [this.threadMember(th.id, userId)],
          },
          th.guild_id,
        );
      }
      w.changed();
      return { status: 204 };
    };
    this.on('PUT', '/channels/:cid/thread-members/@me', (c) => joinThread(c, w.botUser.id));
    this.on('PUT', '/channels/:cid/thread-members/:uid', (c) => joinThread(c, c.params[1]));
    this.on('DELETE', '/channels/:cid/thread-members/:uid', (c) => {
      const th = this.channel(c.params[0]);
      const uid = c.params[1] === '@me' ? w.botUser.id : c.params[1];
      th.memberIds = (th.memberIds ?? []).filter((id) => id !== uid);
      th.member_count = th.memberIds.length;
      w.changed();
      return { status: 204 };
    });
    this.on('GET', '/channels/:cid/thread-members', (c) => {
      const th = this.channel(c.params[0]);
      return { status: 200, json: (th.memberIds ?? []).map((id) => this.threadMember(th.id, id)) };
    });

    // ---------------------------------------------------------- guilds
    const guild = (id: string) => {
      const g = w.guilds.get(id);
      if (!g) throw notFound(10004, 'Guild');
      if (!g.botMember) throw missingAccess(); // also registering guild commands where the app is not installed
      return g;
    };
    this.on('POST', '/users/@me/channels', (c) => {
      const id = String(c.body?.recipient_id ?? '');
      if (!w.users.has(id) || id === w.botUser.id) throw notFound(10013, 'User');
      return { status: 200, json: w.channelObj(w.addDm(id)) };
    });
    this.on('GET', '/guilds/:gid', (c) => {
      const {
        joined_at: _j,
        large: _l,
        unavailable: _u,
        member_count: _m,
        voice_states: _v,
        members: _ms,
        channels: _c,
        threads: _t,
        presences: _p,
        ...g
      } = w.guildCreate(guild(c.params[0])) as any;
      return { status: 200, json: g };
    });
    this.on('GET', '/guilds/:gid/channels', (c) => {
      const g = guild(c.params[0]);
      return {
        status: 200,
        json: [...w.channels.values()]
          .filter((ch) => ch.guild_id === g.id && ch.type === 0)
          .map((ch) => w.channelObj(ch)),
      };
    });
    this.on('GET', '/guilds/:gid/threads/active', (c) => {
      const g = guild(c.params[0]);
      const threads = [...w.channels.values()].filter(
        (ch) => ch.guild_id === g.id && this.isThread(ch) && !ch.thread_metadata?.archived,
      );
      return { status: 200, json: { threads: threads.map((t) => w.channelObj(t)), members: [] } };
    });
    this.on('GET', '/guilds/:gid/roles', (c) => ({ status: 200, json: w.rolesOf(guild(c.params[0])) }));
    this.on('GET', '/guilds/:gid/members/:uid', (c) => {
      const g = guild(c.params[0]);
      if (!g.memberIds.includes(c.params[1])) throw notFound(10007, 'Member');
      return { status: 200, json: w.memberObj(g.id, c.params[1]) };
    });

    // ---------------------------------------------------------- application commands
    const scope = (c: Ctx): string => {
      if (c.params[0] !== w.applicationId) throw notFound(10002, 'Application');
      if (c.params[1] !== undefined) return guild(c.params[1]).id;
      return 'global';
    };
    const store = (key: string, cmd: any, existing?: any) => ({
      id: existing?.id ?? snowflake(),
      application_id: w.applicationId,
      version: snowflake(),
      default_member_permissions: null,
      type: 1,
      description: '',
      dm_permission: true,
      contexts: null,
      integration_types: [0],
      nsfw: false,
      ...cmd,
      ...(key !== 'global' ? { guild_id: key } : {}),
    });
    for (const base of ['/applications/:app/commands', '/applications/:app/guilds/:gid/commands']) {
      this.on('GET', base, (c) => ({ status: 200, json: w.commands.get(scope(c)) ?? [] }));
      this.on('PUT', base, (c) => {
        const key = scope(c);
        this.check(c, 'commandsBulk');
        const old = w.commands.get(key) ?? [];
        // The Entry Point command Discord made when Activities were enabled cannot be dropped by a bulk overwrite.
        if (old.some((o) => o.type === 4) && !(Array.isArray(c.body) && c.body.some((n: any) => n?.type === 4)))
          throw new HttpError(
            400,
            50240,
            "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
          );
        const list = (Array.isArray(c.body) ? c.body : []).map((cmd: any) =>
          store(
            key,
            cmd,
            old.find((o) => o.name === cmd.name && (o.type ?? 1) === (cmd.type ?? 1)),
          ),
        );
        w.commands.set(key, list);
        w.changed();
        return { status: 200, json: list };
      });
      this.on('POST', base, (c) => {
        const key = scope(c);
        this.check(c, 'commandCreate');
        const list = w.commands.get(key) ?? [];
        const i = list.findIndex((o) => o.name === c.body?.name && (o.type ?? 1) === (c.body?.type ?? 1));
        const cmd = store(key, c.body, list[i]);
        if (i >= 0) list[i] = cmd;
        else list.push(cmd);
        w.commands.set(key, list);
        w.changed();
        return { status: i >= 0 ? 200 : 201, json: cmd };
      });
      this.on('GET', base + '/:cmd', (c) => {
        const cmd = (w.commands.get(scope(c)) ?? []).find((x) => x.id === c.params[c.params.length - 1]);
        if (!cmd) throw notFound(10063, 'application command');
        return { status: 200, json: cmd };
      });
      this.on('DELETE', base + '/:cmd', (c) => {
        const key = scope(c);
        const list = w.commands.get(key) ?? [];
        const id = c.params[c.params.length - 1];
        if (!list.some((x) => x.id === id)) throw notFound(10063, 'application command');
        w.commands.set(
          key,
          list.filter((x) => x.id !== id),
        );
        return { status: 204 };
      });
    }
  }

  private threadMember(threadId: string, userId: string): Record<string, unknown> {
    return { id: threadId, user_id: userId, join_timestamp: new Date().toISOString(), flags: 0 };
  }

  private threadCreated(th: FakeChannel): void {
    this.gateway.dispatch(
      'THREAD_CREATE',
      { ...this.world.channelObj(th), newly_created: true, member: this.threadMember(th.id, this.world.botUser.id) },
      th.guild_id,
    );
  }

  private interactionMessageExtra(rec: InteractionRecord): Partial<FakeMessage> {
    const user = this.world.users.get(rec.userId)!;
    return {
      type: rec.type === 2 ? 20 : 0,
      webhook_id: this.world.applicationId,
      application_id: this.world.applicationId,
      interaction_metadata: {
        id: rec.id,
        type: rec.type,
        user: this.world.userObj(user),
        authorizing_integration_owners: rec.payload.authorizing_integration_owners,
        ...(rec.type === 2 ? { name: rec.payload.data.name, command_type: 1 } : {}),
        ...(rec.sourceMessageId ? { interacted_message_id: rec.sourceMessageId } : {}),
      },
    };
  }

  /** Applies an interaction callback: creates, defers or updates a message, as Discord does. */
  private callback(c: Ctx, rec: InteractionRecord): Reply {
    const w = this.world;
    const body = c.body;
    const ch = this.anyChannel(rec.channelId);
    let message: FakeMessage | undefined;
    let activity: FakeActivityInstance | undefined;
    switch (body.type) {
      case 4:
      case 5: {
        const ephemeral = ((body.data?.flags ?? 0) & 64) !== 0;
        if (!ephemeral) this.beforePost(ch, true);
        const data = body.type === 4 ? body.data : { flags: (body.data?.flags ?? 0) | 128 }; // deferred: a LOADING placeholder
        message = w.createMessage(ch.id, data, body.type === 4 ? c.files : [], this.interactionMessageExtra(rec));
        rec.originalId = message.id;
        this.dispatchMessage('MESSAGE_CREATE', message);
        break;
      }
      case 6:
        rec.originalId = rec.sourceMessageId;
        break;
      case 12: {
        if (!w.activitiesEnabled) {
          this.violations.push({
            method: c.method,
            path: c.path,
            route: c.log.route,
            problems: ['(callback): LAUNCH_ACTIVITY, but Activities are not enabled for this application'],
            body,
          });
          throw new HttpError(400, 50035, 'Invalid Form Body');
        }
        activity = w.activities.launch(ch, rec.userId);
        break;
      }
      case 7: {
        const m = rec.sourceMessageId ? w.messages.get(rec.sourceMessageId) : undefined;
        if (m) {
          w.editMessage(m, body.data ?? {}, c.files);
          rec.originalId = m.id;
          this.dispatchMessage('MESSAGE_UPDATE', m);
          message = m;
        }
        break;
      }
    }
    rec.callback = { type: body.type, data: body.data, files: c.files };
    rec.callbackAt = Date.now();
    w.changed();
    if (c.query.get('with_response') !== 'true') return { status: 204 };
    return {
      status: 200,
      json: {
        interaction: {
          id: rec.id,
          type: rec.type,
          response_message_id: message?.id,
          response_message_loading: body.type === 5,
          response_message_ephemeral: message ? (message.flags & 64) !== 0 : undefined,
        },
        ...(body.type === 4 || body.type === 5 || body.type === 7
          ? { resource: { type: body.type, message: message ? w.messageObj(message) : undefined } }
          : {}),
        ...(activity ? { resource: { type: 12, activity_instance: { id: activity.id } } } : {}),
      },
    };
  }
}

/** One fault of `fake.fault()`: holds matching requests or answers them itself. */
class Fault implements FaultHandle {
  readonly hits: RestRequestLog[] = [];
  private held: Array<() => void> = [];
  private released = false;
  private waiters: Array<(r: RestRequestLog) => void> = [];
  private left: number;

  constructor(
    private readonly spec: FaultSpec,
    private readonly detach: () => void,
  ) {
    this.left = spec.times ?? Infinity;
  }

  applies(method: string, log: RestRequestLog): boolean {
    if (this.left <= 0) return false;
    if (this.spec.method && this.spec.method !== method) return false;
    if (this.spec.route && this.spec.route !== log.route) return false;
    return !this.spec.when || this.spec.when(log);
  }

  async apply(
    log: RestRequestLog,
  ): Promise<'pass' | { status: number; json?: unknown; headers?: Record<string, string> }> {
    this.left--;
    if (this.left <= 0) this.detach();
    this.hits.push(log);
    for (const w of this.waiters.splice(0)) w(log);
    if (this.spec.action !== 'hold') return this.spec.action;
    if (!this.released) await new Promise<void>((resolve) => this.held.push(resolve));
    return 'pass';
  }

  hit(timeoutMs = 10_000): Promise<RestRequestLog> {
    if (this.hits.length) return Promise.resolve(this.hits[0]);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('fake-discord: the fault was never hit')), timeoutMs);
      this.waiters.push((r) => {
        clearTimeout(t);
        resolve(r);
      });
    });
  }

  release(): void {
    this.released = true;
    for (const go of this.held.splice(0)) go();
    this.detach();
  }

  remove(): void {
    this.left = 0;
    this.detach();
  }
}
