import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logFormat, redactSecrets, redactUrl, scrubLine, urlSecrets } from '../src/log.js';

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
    expect(redactSecrets('Alice played P A at 12:30, see https://example.com/x')).toBe(
      'Alice played P A at 12:30, see https://example.com/x',
    );
  });

  it('redactUrl keeps the host and hides the password', () => {
    expect(redactUrl('redis://:pw@localhost:6379/0')).toBe('redis://:redacted@localhost:6379/0');
    expect(redactUrl('redis://localhost:6379')).toBe('redis://localhost:6379');
    expect(redactUrl('not a url with secret')).toBe('[unparsable url]');
    expect(redactUrl('redis://localhost:6379/0?password=pw')).toBe('redis://localhost:6379/0?[redacted]');
  });

  it('urlSecrets: the password (as written and decoded), the whole URL only when unreadable or with a query; never the host', () => {
    expect(urlSecrets('redis://127.0.0.1:6390')).toEqual([]);
    expect(urlSecrets('redis://user:p%40ss@redis:6379/0')).toEqual(['p@ss', 'p%40ss']);
    expect(urlSecrets('rediss://redis:6380?password=pw')).toEqual(['rediss://redis:6380?password=pw']);
    expect(urlSecrets('not a url')).toEqual(['not a url']);
    expect(urlSecrets(undefined)).toEqual([]);
  });
});

describe('createLogger', () => {
  it('writes JSON and redacts secret fields, messages and errors', () => {
    const { lines, dest } = capture();
    const log = createLogger({ level: 'info', destination: dest, secrets: ['plain-secret-value'] });
    log.info(
      {
        token: TOKEN,
        config: { DISCORD_TOKEN: TOKEN, redisUrl: 'redis://:pw@h' },
        headers: { authorization: `Bot ${TOKEN}` },
      },
      'login',
    );
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

describe('the configured token, in any shape, never in a log line', () => {
  // Not the usual id.timestamp.hmac shape: no pattern would catch it, only the configured value.
  const ODD = 'odd"tok\\en.x.y';

  it('in the message, printf arguments, strings deep in objects and arrays, keys, error messages, stacks, causes and error fields', () => {
    const { lines, dest } = capture();
    const log = createLogger({ level: 'info', destination: dest, secrets: [ODD] });
    log.info(`logging in with ${ODD}`);
    log.info('printf %s and %j', ODD, { t: ODD });
    log.info(
      { a: { b: { c: { d: { e: { f: { g: { h: `deep ${ODD}` } } } } } } }, list: [ODD, { x: ODD }], [ODD]: 1 },
      'objects',
    );
    const cause = new Error(`inner ${ODD}`);
    const err = Object.assign(new Error(`outer ${ODD}`, { cause }), { url: `https://x/${ODD}`, body: { token2: ODD } });
    log.error({ err }, 'errors');
    // An Error under another key, and a class instance: not plain objects for the field scrubber.
    class Holder {
      constructor(readonly value: string) {}
    }
    log.warn({ failure: err, holder: new Holder(ODD) }, 'other shapes');
    // A child logger with its own err serializer that knows nothing of the secrets (as src/bot/start.ts has).
    const child = log.child(
      { component: 'bot' },
      { serializers: { err: (e: Error) => ({ message: e.message, stack: e.stack }) } },
    );
    child.error({ err }, 'child');
    const all = lines.join('');
    expect(lines).toHaveLength(6);
    expect(all).not.toContain(ODD);
    expect(all).not.toContain(JSON.stringify(ODD).slice(1, -1)); // its JSON-escaped form either
    expect(all).not.toMatch(/odd/); // nor a fragment of it, in any escaping
    const errLine = JSON.parse(lines[3]);
    expect(errLine.err.message).toBe('outer [redacted]: inner [redacted]'); // pino appends the cause's message
    expect(errLine.err.stack).toContain('outer [redacted]');
    expect(errLine.err.stack).toContain('caused by: Error: inner [redacted]');
    expect(errLine.err.url).toBe('https://x/[redacted]');
    expect(JSON.parse(lines[5]).err.message).toBe('outer [redacted]');
    for (const l of lines) JSON.parse(l); // still JSON
  });

  it('scrubLine: the value as written and JSON-escaped, and any token-shaped string', () => {
    const line = JSON.stringify({
      msg: `a ${ODD} b`,
      raw: 'MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456',
    });
    expect(line).not.toContain(ODD); // JSON escapes the quote and the backslash
    expect(JSON.parse(scrubLine(line, [ODD]))).toEqual({ msg: 'a [redacted] b', raw: '[redacted]' });
    expect(scrubLine(`plain ${ODD}`, [ODD, undefined, ''])).toBe('plain [redacted]');
  });
});

describe('logFormat', () => {
  it('pretty only in a terminal, outside production, with pino-pretty installed; JSON otherwise', () => {
    expect(logFormat({ production: false, isTTY: true, prettyInstalled: true })).toBe('pretty');
    expect(logFormat({ production: true, isTTY: true, prettyInstalled: true })).toBe('json');
    expect(logFormat({ production: false, isTTY: false, prettyInstalled: true })).toBe('json');
    expect(logFormat({ production: false, isTTY: true, prettyInstalled: false })).toBe('json');
    // Installed here (a development dependency).
    expect(logFormat({ production: false, isTTY: true })).toBe('pretty');
  });
});
