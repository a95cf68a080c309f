// The store's small pure pieces, which the mutation run found under-tested: record ids (made and recognised) and
// the field codec (a Redis hash of JSON values in, a validated record out, a readable error for a bad one).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeRecord, encodeFields, parseStoredJson, toFieldMap } from '../../src/store/codec.js';
import { isRecordId } from '../../src/model/index.js';
import { newId } from '../../src/store/index.js';
import { CorruptRecordError } from '../../src/store/types.js';

describe('record ids', () => {
  it('are ten base-36 characters (or the length asked for), and recognised as store ids', () => {
    const ids = Array.from({ length: 50 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-z]{10}$/);
    expect(new Set(ids).size).toBe(50);
    expect(newId(4)).toMatch(/^[0-9a-z]{4}$/);
    expect(newId(32)).toMatch(/^[0-9a-z]{32}$/);
    expect(ids.every(isRecordId)).toBe(true);
  });

  it('refuse anything else from untrusted text, junk before or after a valid id included', () => {
    for (const bad of [
      'abc',
      'a'.repeat(33),
      'ABCDEFGHIJ',
      'abc:defghi',
      '!abcdefghij',
      'abcdefghij!',
      'abcd efgh',
      '',
      42,
      null,
    ])
      expect(isRecordId(bad)).toBe(false);
    expect(isRecordId('abcd')).toBe(true);
    expect(isRecordId('a'.repeat(32))).toBe(true);
  });
});

describe('the field codec', () => {
  const schema = z.object({ n: z.number(), s: z.string().optional() });

  it('encodes each defined field as JSON, skipping those asked, and reads both shapes of HGETALL back', () => {
    expect(encodeFields({ n: 1, s: 'a', u: undefined, skip: true }, ['skip'])).toEqual(['n', '1', 's', '"a"']);
    expect(toFieldMap(['n', '1', 's', '"a"', 'odd'])).toEqual({ n: '1', s: '"a"' });
    expect(toFieldMap({ n: 1 })).toEqual({ n: '1' });
    expect(toFieldMap(null)).toEqual({});
    expect(decodeRecord('game', 'k', { n: '1', s: '"a"' }, schema)).toEqual({ n: 1, s: 'a' });
    expect(decodeRecord('game', 'k', { n: '1' }, schema, { s: 'extra' })).toEqual({ n: 1, s: 'extra' });
  });

  it('a field that is not JSON, or a record that does not fit, is a CorruptRecordError naming each issue', () => {
    const fail = (fields: Record<string, string>, s: z.ZodType<unknown> = schema) => {
      try {
        decodeRecord('rating', 'key:1', fields, s);
      } catch (e) {
        expect(e).toBeInstanceOf(CorruptRecordError);
        return (e as CorruptRecordError).issues;
      }
      throw new Error('decoded');
    };
    expect(fail({ n: '{', s: 'x' })).toEqual(['n: not JSON', 's: not JSON']);
    expect(fail({ n: '"one"' })).toEqual([expect.stringMatching(/^n: /)]);
    expect(fail({ n: '1' }, z.number())).toEqual([expect.stringMatching(/^\(record\): /)]);
  });
});

describe('the field codec, exactly', () => {
  it('parses a record stored as one JSON string; text that is not JSON is corrupt, naming the kind and key', () => {
    expect(parseStoredJson('puzzle', 'k:1', '{"a":[1,"b"]}')).toEqual({ a: [1, 'b'] });
    expect(parseStoredJson('puzzle', 'k:1', 'null')).toBeNull();
    const err = (() => {
      try {
        parseStoredJson('puzzle', 'k:1', '{"a":');
      } catch (e) {
        return e as CorruptRecordError;
      }
      throw new Error('parsed');
    })();
    expect(err).toBeInstanceOf(CorruptRecordError);
    expect([err.kind, err.key, err.issues, err.message]).toEqual([
      'puzzle',
      'k:1',
      ['not JSON'],
      'corrupt puzzle record at k:1: not JSON',
    ]);
  });

  it('encodes every value as JSON (null, strings, objects, false and 0 kept), in the order given, skipping nothing unless asked', () => {
    expect(encodeFields({ a: null, b: 'x', c: { d: [1] }, e: false, f: 0, g: '' })).toEqual([
      'a',
      'null',
      'b',
      '"x"',
      'c',
      '{"d":[1]}',
      'e',
      'false',
      'f',
      '0',
      'g',
      '""',
    ]);
    expect(encodeFields({})).toEqual([]);
    expect(encodeFields({ a: 1, b: 2 }, ['a', 'b'])).toEqual([]);
  });

  it('reads an HGETALL of either shape into strings; anything else is no fields', () => {
    expect(toFieldMap([])).toEqual({});
    expect(toFieldMap(['a'])).toEqual({});
    expect(toFieldMap(['a', 1, 'b', null])).toEqual({ a: '1', b: 'null' });
    expect(toFieldMap({ a: 'x', b: 2 })).toEqual({ a: 'x', b: '2' });
    for (const raw of ['ab', 5, undefined, true]) expect(toFieldMap(raw)).toEqual({});
  });

  it('names a nested issue by its dotted path, and a record-level one as (record); issues of several fields all', () => {
    const nested = z.object({ a: z.object({ b: z.number() }), c: z.string() });
    const issuesOf = (fields: Record<string, string>, s: z.ZodType<unknown>) => {
      try {
        decodeRecord('settings', 'key:2', fields, s);
      } catch (e) {
        expect(e).toBeInstanceOf(CorruptRecordError);
        expect((e as CorruptRecordError).kind).toBe('settings');
        expect((e as CorruptRecordError).key).toBe('key:2');
        return (e as CorruptRecordError).issues;
      }
      throw new Error('decoded');
    };
    expect(issuesOf({ a: '{"b":"x"}', c: '1' }, nested)).toEqual([
      expect.stringMatching(/^a\.b: ./),
      expect.stringMatching(/^c: ./),
    ]);
    expect(
      issuesOf(
        {},
        z.object({}).refine(() => false, 'never'),
      ),
    ).toEqual(['(record): never']);
    // The extra fields are part of what is checked, and win over the stored ones.
    expect(decodeRecord('game', 'k', { n: '"not a number"' }, z.object({ n: z.number() }), { n: 3 })).toEqual({
      n: 3,
    });
    expect(issuesOf({ c: '"x"', a: '{"b":1}' }, nested.extend({ d: z.number() }))).toEqual([
      expect.stringMatching(/^d: ./),
    ]);
  });
});
