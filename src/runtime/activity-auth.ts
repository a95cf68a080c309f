// The Discord Activity's sign-in (docs/web.md, "The Activity"), mounted by the web server when ACTIVITY_ENABLED:
//   GET  /               the web client: Discord opens the Activity at the root of the mapped URL, with its query
//   GET  /api/activity   the application's public id, for the SDK
//   POST /api/token      { code, instanceId, channelId? } → { accessToken, session, gameId, userId } or { error }
// The server, not the page, decides who the user is: it exchanges the OAuth2 code with the client secret, asks Discord
// who the token belongs to, then asks Discord (with the bot token) who is in the Activity instance and where it runs.
// The instance's channel gives the game (a game's thread). The secret, the bot token and the user's token are sent to
// Discord only and never logged; the page gets the user's own access token (the SDK's authenticate needs it).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { ActivityConfigReply, ActivityRefusal, ActivityTokenReply } from '../match/activity.js';
import type { Store } from '../store/types.js';
import { send } from './http-reply.js';
import { perAddressLimit } from './rate-window.js';
import { mintSession } from './web-session.js';

export interface ActivityAuthOptions {
  clientId: string;
  clientSecret: string;
  botToken: string;
  /** Discord's REST base without the version (DISCORD_API_URL, default https://discord.com/api). */
  apiUrl?: string;
  /** The key of session tokens (web-session.ts sessionKey). */
  sessionKey: Buffer;
  store: Store;
  log: Logger;
  /** The client's page (dist-web/index.html), null when it is not built. */
  page: () => Promise<string | null>;
  limits?: Partial<ActivityLimits>;
}

export interface ActivityLimits {
  /** Largest body of POST /api/token, bytes. */
  maxBodyBytes: number;
  /** Sign-ins one address may ask per `windowMs` (behind a proxy: the proxy's address). */
  maxPerWindow: number;
  windowMs: number;
  /** How long Discord may take to answer one request, ms. */
  discordTimeoutMs: number;
}

const DEFAULT_LIMITS: ActivityLimits = {
  maxBodyBytes: 2048,
  maxPerWindow: 30,
  windowMs: 60_000,
  discordTimeoutMs: 5000,
};
export const DISCORD_API_DEFAULT = 'https://discord.com/api';

const SNOWFLAKE = /^\d{15,21}$/;
/** An OAuth2 code as Discord writes them (30 letters and digits); a little room around it. */
const CODE = /^[A-Za-z0-9._~-]{1,256}$/;
/** Activity instance ids are opaque strings (e.g. `i-1234-gc-5678-9012`). */
const INSTANCE = /^[A-Za-z0-9._:-]{1,128}$/;

/** Handles the Activity's routes; false for any other request (the web server's own routes). */
export type ActivityRoutes = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: ActivityRefusal,
  ) {
    super(code);
  }
}

export function activityRoutes(opts: ActivityAuthOptions): ActivityRoutes {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const api = `${(opts.apiUrl ?? DISCORD_API_DEFAULT).replace(/\/+$/, '')}/v10`;
  const tooMany = perAddressLimit(limits.maxPerWindow, limits.windowMs);

  /** One request to Discord; `what` names it in logs (never a token). A network failure or a 5xx: unavailable. */
  async function discord(what: string, path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await fetch(`${api}${path}`, { ...init, signal: AbortSignal.timeout(limits.discordTimeoutMs) });
    } catch (e) {
      opts.log.warn({ step: what, error: (e as Error).name }, 'activity sign-in: Discord could not be reached');
      throw new Refusal(503, 'unavailable');
    }
    const body: unknown = await res.json().catch(() => null);
    if (res.status >= 500 || res.status === 429) {
      opts.log.warn({ step: what, status: res.status }, 'activity sign-in: Discord did not answer');
      throw new Refusal(503, 'unavailable');
    }
    return { status: res.status, body };
  }

  async function signIn(body: unknown): Promise<ActivityTokenReply> {
    const { code, instanceId, channelId } = (body ?? {}) as Record<string, unknown>;
    if (
      typeof code !== 'string' ||
      !CODE.test(code) ||
      typeof instanceId !== 'string' ||
      !INSTANCE.test(instanceId) ||
      (channelId !== undefined && (typeof channelId !== 'string' || !SNOWFLAKE.test(channelId)))
    )
      throw new Refusal(400, 'bad-request');

    // The code → the user's access token (the secret goes to Discord, in the body, and nowhere else).
    const exchanged = await discord('token', '/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        grant_type: 'authorization_code',
        code,
      }),
    });
    const accessToken = (exchanged.body as { access_token?: unknown } | null)?.access_token;
    if (exchanged.status !== 200 || typeof accessToken !== 'string' || accessToken.length > 512)
      throw new Refusal(401, 'bad-code');

    // Whose token it is: Discord says, not the page.
    const me = await discord('user', '/users/@me', { headers: { authorization: `Bearer ${accessToken}` } });
    const userId = (me.body as { id?: unknown } | null)?.id;
    if (me.status !== 200 || typeof userId !== 'string' || !SNOWFLAKE.test(userId)) throw new Refusal(401, 'bad-code');

    // The instance: its users and where it runs, asked with the bot token.
    const inst = await discord(
      'instance',
      `/applications/${opts.clientId}/activity-instances/${encodeURIComponent(instanceId)}`,
      { headers: { authorization: `Bot ${opts.botToken}` } },
    );
    const instance = inst.body as { users?: unknown; location?: { channel_id?: unknown } } | null;
    const users = Array.isArray(instance?.users) ? instance.users : [];
    const where = instance?.location?.channel_id;
    if (inst.status !== 200 || !users.includes(userId) || typeof where !== 'string' || !SNOWFLAKE.test(where))
      throw new Refusal(403, 'not-in-instance');
    if (channelId !== undefined && channelId !== where) throw new Refusal(403, 'wrong-channel');

    // The channel's game, as /board finds it: the active one, else the last played there (read-only once over).
    const rec = (await opts.store.channels.active(where)) ?? (await opts.store.channels.latest(where));
    if (!rec) throw new Refusal(404, 'no-game');
    const session = mintSession(opts.sessionKey, { userId, instanceId, channelId: where });
    opts.log.info({ userId, gameId: rec.id, channelId: where }, 'activity sign-in');
    return { accessToken, session, gameId: rec.id, userId };
  }

  return async (req, res, url) => {
    if (url.pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      const html = await opts.page();
      if (html === null) json(res, 503, { error: 'unavailable' });
      else send(res, 200, 'text/html; charset=utf-8', html, { 'cache-control': 'no-cache' });
      return true;
    }
    if (url.pathname === '/api/activity' && req.method === 'GET') {
      json(res, 200, { clientId: opts.clientId } satisfies ActivityConfigReply);
      return true;
    }
    if (url.pathname !== '/api/token') return false;
    if (req.method !== 'POST') {
      json(res, 405, { error: 'bad-request' }, { allow: 'POST' });
      return true;
    }
    try {
      if (tooMany(req.socket.remoteAddress ?? '?')) throw new Refusal(429, 'busy');
      json(res, 200, await signIn(await readJson(req, limits.maxBodyBytes)));
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      json(res, e.status, { error: e.code }, e.status === 413 ? { connection: 'close' } : {});
    }
    return true;
  };
}

/** The body as JSON, at most `max` bytes: larger is 413 (unread beyond the limit), unreadable 400. */
async function readJson(req: IncomingMessage, max: number): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > max) {
    req.resume(); // drained, not kept
    throw new Refusal(413, 'too-large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) {
      req.resume();
      throw new Refusal(413, 'too-large');
    }
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Refusal(400, 'bad-request');
  }
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  send(res, status, 'application/json', JSON.stringify(body), { 'cache-control': 'no-store', ...headers });
}
