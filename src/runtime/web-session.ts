// Who a web client is (issue 21): after the server has checked a Discord identity (the Activity's OAuth2 code, exchanged
// by the server), it hands the client a session token naming that user. Every later request and WebSocket message
// carries the token; the server believes the user id in it only because the token carries its own HMAC, so a client
// cannot claim another user. Stateless: any bot process with the same secret checks a token without Redis.
//
// Format: base64url(JSON payload) "." base64url(HMAC-SHA256(secret, payload part)). Tokens are bearer secrets: they are
// never logged (the logger redacts `token` fields) and expire (default 2 h; the Activity asks again when refused).
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface WebSession {
  /** The Discord user id the server checked. */
  userId: string;
  /** The Activity instance it was launched in, when it was (the server checked it too). */
  instanceId?: string;
  /** The channel (a game's thread) the Activity was launched in, when known. */
  channelId?: string;
  /** Expiry, ms since the epoch. */
  exp: number;
}

export const SESSION_TTL_MS = 2 * 60 * 60_000;
const SNOWFLAKE = /^\d{15,21}$/;
const MAX_TOKEN_CHARS = 1024;

/**
 * The key for session tokens: WEB_SESSION_SECRET when set, else one derived from the bot's token (HMAC is one-way:
 * a session token reveals nothing of the bot token). Every process of one bot derives the same key.
 */
export function sessionKey(secret: string | undefined, botToken: string | undefined): Buffer | null {
  if (secret && secret.length >= 16) return Buffer.from(secret, 'utf8');
  if (botToken) return createHmac('sha256', botToken).update('hexmate web session v1').digest();
  return null;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function mintSession(
  key: Buffer,
  s: Omit<WebSession, 'exp'> & { exp?: number },
  now = Date.now(),
  ttlMs = SESSION_TTL_MS,
): string {
  const body: WebSession = { ...s, exp: s.exp ?? now + ttlMs };
  const payload = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The session a token names, or null when it is malformed, forged or expired. Never throws. */
export function verifySession(key: Buffer, token: unknown, now = Date.now()): WebSession | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_CHARS) return null;
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = Buffer.from(sign(key, payload), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { userId, instanceId, channelId, exp } = body as Record<string, unknown>;
  if (typeof userId !== 'string' || !SNOWFLAKE.test(userId)) return null;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= now) return null;
  if (instanceId !== undefined && (typeof instanceId !== 'string' || instanceId.length > 128)) return null;
  if (channelId !== undefined && (typeof channelId !== 'string' || !SNOWFLAKE.test(channelId))) return null;
  return {
    userId,
    exp,
    ...(instanceId !== undefined ? { instanceId } : {}),
    ...(channelId !== undefined ? { channelId } : {}),
  };
}
