import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactSecrets, redactUrl } from '../src/log.js';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456';

function capture() {
  const lines: string[] = [];
  const dest = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { lines, dest };
}

describe('redactSecrets', () => {
  it('hides Discord tokens, auth headers, URL passwords and secret=value pairs', () => {
    const text = `token ${TOKEN} header "Authorization: Bot ${TOKEN}" url redis://user:pa55word@h:6379 DISCORD_TOKEN=abc123xyz password: hunter22`;
    const out = redactSecrets(text);
    for (const s of [TOKEN, 'pa55word', 'abc123xyz', 'hunter22']) expect(out).not.toContain(s);
    expect(out).toContain('redis://user:[redacted]@h:6379');
    expect(out).toContain('[redacted]');
  });

  it('hides known secret values whatever their shape, and leaves ordinary text alone', () => {
    expect(redactSecrets('the key is s3cr3t!', ['s3cr3t!'])).toBe('the key is [redacted]');
    expect(redactSecrets('Alice played P A at 12:30, see https://example.com/x')).toBe('Alice played P A at 12:30, see https://example.com/x');
  });

  it('redactUrl keeps the host and hides the password', () => {
    expect(redactUrl('redis://:pw@localhost:6379/0')).toBe('redis://:redacted@localhost:6379/0');
    expect(redactUrl('redis://localhost:6379')).toBe('redis://localhost:6379');
    expect(redactUrl('not a url with secret')).toBe('[unparsable url]');
  });
});

describe('createLogger', () => {
  it('writes JSON and redacts secret fields, messages and errors', () => {
    const { lines, dest } = capture();
    const log = createLogger({ level: 'info', destination: dest, secrets: ['plain-secret-value'] });
    log.info({ token: TOKEN, config: { DISCORD_TOKEN: TOKEN, redisUrl: 'redis://:pw@h' }, headers: { authorization: `Bot ${TOKEN}` } }, 'login');
    log.warn(`connecting with ${TOKEN} and plain-secret-value`);
    log.error({ err: new Error(`REST failed for Bot ${TOKEN}`) }, 'boom');
    log.info({ target: 'redis://:pw-in-url@h:6379', nested: { body: `sent ${TOKEN}` } }, 'ctx');
    log.debug('not written at info');
    const all = lines.join('');
    expect(lines).toHaveLength(4);
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain('plain-secret-value');
    expect(all).not.toContain('redis://:pw@h');
    const first = JSON.parse(lines[0]);
    expect(first.msg).toBe('login');
    expect(first.token).toBe('[redacted]');
    expect(first.config.DISCORD_TOKEN).toBe('[redacted]');
    expect(JSON.parse(lines[2]).err.message).toBe('REST failed for Bot [redacted]');
    expect(all).not.toContain('pw-in-url');
    expect(JSON.parse(lines[3]).target).toBe('redis://:[redacted]@h:6379');
  });
});
