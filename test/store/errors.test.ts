// The store's two error vocabularies, as a table: which errors are Redis being unavailable (and whether the
// command may have run), and what a damaged record's error says. resilience.test.ts provokes real outages; this
// file pins down every kind of error the classification knows, including the socket codes no outage here produces.
import { describe, expect, it } from 'vitest';
import { CorruptRecordError, storeUnavailable } from '../../src/store/index.js';
import type { Unavailable } from '../../src/store/unavailable.js';

const withCode = (code: unknown, message = 'socket trouble') => Object.assign(new Error(message), { code });
const named = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('storeUnavailable', () => {
  it.each<[Error, Unavailable]>([
    // Never sent: the command certainly did not run.
    [new Error("Stream isn't writeable and enableOfflineQueue options is false"), 'not-sent'],
    [new Error('Connection is closed.'), 'not-sent'],
    [new Error("Connection isn't ready"), 'not-sent'],
    [new Error('None of startup nodes is available'), 'not-sent'],
    [new Error('Failed to refresh slots cache.'), 'not-sent'],
    [withCode('ECONNREFUSED'), 'not-sent'],
    // Sent, then no answer: it may have run.
    [new Error('Command timed out'), 'unknown'],
    [new Error('Reached the max retries per request limit (which is 0). Refer to "maxRetriesPerRequest"'), 'unknown'],
    [new Error('Connection lost'), 'unknown'],
    [named('MaxRetriesPerRequestError', 'anything'), 'unknown'],
    ...['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].map(
      (code): [Error, Unavailable] => [withCode(code), 'unknown'],
    ),
  ])('%s is %s', (e, want) => {
    expect(storeUnavailable(e)).toBe(want);
  });

  it.each<[string, unknown]>([
    ['a command Redis refused', new Error('ERR wrong number of arguments')],
    ['a message that only contains a known one', new Error('the Connection is closed. again')],
    ['another socket code', withCode('EACCES')],
    ['a code that is not a string', withCode(111)],
    ['an error named otherwise', named('TypeError', 'x')],
    ['not an Error', { message: 'Connection is closed.', code: 'ECONNREFUSED' }],
    ['a string', 'Connection is closed.'],
    ['nothing', undefined],
  ])('%s is not an outage', (_, e) => {
    expect(storeUnavailable(e)).toBeNull();
  });
});

describe('CorruptRecordError', () => {
  it('names itself, and says the kind, the key and its first three issues', () => {
    const e = new CorruptRecordError('game', 'hx:game:{abcd}', ['a: bad', 'b: bad', 'c: bad', 'd: bad'], 'abcd');
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('CorruptRecordError');
    expect(e.message).toBe('corrupt game record at hx:game:{abcd}: a: bad; b: bad; c: bad');
    expect(e.issues).toEqual(['a: bad', 'b: bad', 'c: bad', 'd: bad']);
    expect([e.kind, e.key, e.recordId]).toEqual(['game', 'hx:game:{abcd}', 'abcd']);
    expect(String(e)).toBe('CorruptRecordError: corrupt game record at hx:game:{abcd}: a: bad; b: bad; c: bad');
  });
});
