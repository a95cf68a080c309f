import { describe, expect, it } from 'vitest';
import { mintSession, sessionKey, verifySession } from '../../src/runtime/web-session.js';

const key = sessionKey('a-web-session-secret-of-some-length', undefined)!;
const user = '123456789012345678';
const now = 1_800_000_000_000;

describe('web session tokens', () => {
  it('names the user it was minted for, until it expires', () => {
    const t = mintSession(key, { userId: user, instanceId: 'i-1', channelId: '223456789012345678' }, now, 60_000);
    expect(verifySession(key, t, now)).toEqual({
      userId: user,
      instanceId: 'i-1',
      channelId: '223456789012345678',
      exp: now + 60_000,
    });
    expect(verifySession(key, t, now + 60_000)).toBeNull();
  });

  it('refuses a token whose payload was changed, or signed with another key', () => {
    const t = mintSession(key, { userId: user }, now);
    const [, sig] = t.split('.');
    const forged = Buffer.from(JSON.stringify({ userId: '999999999999999999', exp: now + 1e9 })).toString('base64url');
    expect(verifySession(key, `${forged}.${sig}`, now)).toBeNull();
    const other = sessionKey(undefined, 'a.bot.token')!;
    expect(verifySession(other, t, now)).toBeNull();
    expect(verifySession(key, mintSession(other, { userId: user }, now), now)).toBeNull();
  });

  it('refuses malformed tokens without throwing', () => {
    for (const bad of [undefined, 42, '', '.', 'abc', 'a.b.c', 'x'.repeat(5000), `${'e30'}.${'AAAA'}`]) {
      expect(verifySession(key, bad, now)).toBeNull();
    }
    const notSnowflake = mintSession(key, { userId: 'someone' }, now);
    expect(verifySession(key, notSnowflake, now)).toBeNull();
  });

  it('derives one key per bot token, and none without a secret or a token', () => {
    expect(sessionKey(undefined, 'a.bot.token')!.equals(sessionKey(undefined, 'a.bot.token')!)).toBe(true);
    expect(sessionKey(undefined, 'a.bot.token')!.equals(sessionKey(undefined, 'b.bot.token')!)).toBe(false);
    expect(sessionKey('short', undefined)).toBeNull();
    expect(sessionKey(undefined, undefined)).toBeNull();
  });
});
