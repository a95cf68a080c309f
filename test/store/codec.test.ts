// The store's small pure pieces, which the mutation run found under-tested: record ids (made and recognised) and
// the field codec (a Redis hash of JSON values in, a validated record out, a readable error for a bad one).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeRecord, encodeFields, toFieldMap } from '../../src/store/codec.js';
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
