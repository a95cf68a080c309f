// Names people chose and text they typed, shown in posts: never markdown,
// never a mention, never a link, never a line of their own, never empty.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipText, safeName, text } from '../../../src/commands/kit/text.js';

/** Names people really pick to cause trouble (Discord allows them as display names). */
export const HOSTILE_NAMES = [
  '@everyone',
  '@here',
  '<@123456789012345678>',
  '<@&123456789012345678>',
  '<#123456789012345678>',
  '</move:123456789012345678>',
  '<t:1:R>',
  '<:pog:123456789012345678>',
  '<id:customize>',
  '**bold**',
  '__under__',
  '*it*',
  '~~gone~~',
  '||spoiler||',
  '# Heading',
  '## x',
  '-# small',
  '> quote',
  '>>> all quoted',
  '- item',
  '1. first',
  '[link](https://evil.example)',
  'https://evil.example/x',
  '`code`',
  '```block```',
  '\\',
  'a\\*b',
  'back\\`tick',
  '😀🎉',
  '\u202eevil\u202c',
  '\u2067rtl\u2069',
  'أحمد',
  '\u200b',
  '\u200b\u200d\u2060',
  '\u3164',
  '',
  '   ',
  'line\nbreak',
  'tab\there',
  'x'.repeat(100),
  '@everyone'.repeat(11),
];

/** Discord's escapes (a backslash before punctuation) removed: what a reader sees. */
const unescape = (s: string): string => s.replace(/\\([^\p{L}\p{N}\s])/gu, '$1');
/** The text with its escaped characters taken out: what is left is read as markdown. */
const unescaped = (s: string): string => s.replace(/\\[^\p{L}\p{N}\s]/gu, '');

function expectInert(out: string, mode: 'markdown' | 'plain'): void {
  expect(out.trim()).not.toBe('');
  expect(out).not.toMatch(/[\p{Cc}\p{Zl}\p{Zp}\u202a-\u202e\u2066-\u2069]/u);
  expect(out).not.toMatch(/@(everyone|here)/i);
  expect(out).not.toMatch(/<(?!\u200b)/);
  expect(out).not.toMatch(/:\/\//);
  if (mode === 'plain') return;
  const bare = unescaped(out);
  expect(bare, out).not.toMatch(/[*_~`[\]]|\|\|/);
  expect(out).not.toMatch(/^([#>*+-]|\d+\.)/);
}

const nameArb = fc.oneof(
  fc.constantFrom(...HOSTILE_NAMES),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(
      '*',
      '_',
      '~',
      '|',
      '`',
      '[',
      ']',
      '(',
      ')',
      '#',
      '-',
      '>',
      '<',
      '@',
      ':',
      '/',
      '\\',
      '.',
      ' ',
      '1',
      'a',
      '\n',
      '\u200b',
      '\u202e',
    ),
    maxLength: 24,
  }),
  fc.array(fc.constantFrom(...HOSTILE_NAMES), { maxLength: 4 }).map((xs) => xs.join('')),
);

describe('safeName', () => {
  it('makes hostile names inert in posts, and they still read as typed', () => {
    fc.assert(
      fc.property(nameArb, (name) => {
        const md = safeName(name);
        const plain = safeName(name, 'plain');
        expectInert(md, 'markdown');
        expectInert(plain, 'plain');
        // The reader sees the plain form: nothing added but the invisible breaks, nothing lost but control characters.
        expect(unescape(md)).toBe(plain);
        // Marks count as invisible on their own (a lone combining accent is shown as `?`), as in safeName.
        const visible = (s: string) =>
          s.replace(/[\s\p{Cc}\p{Cf}\p{M}\p{Zl}\p{Zp}\u3164\u115f\u1160\uffa0\u2800]/gu, '');
        if (visible(name) !== '') expect(visible(plain)).toBe(visible(name));
      }),
      { numRuns: 1500 },
    );
  });

  it('examples', () => {
    expect(safeName('@everyone')).toBe('@\u200beveryone');
    expect(safeName('<@123>')).toBe('<\u200b@123>');
    expect(safeName('**x**')).toBe('\\*\\*x\\*\\*');
    expect(safeName('-# small')).toBe('\\-# small');
    expect(safeName('> quote')).toBe('\\> quote');
    expect(safeName('[link](https://evil)')).toBe('\\[link\\](https:\u200b//evil)');
    expect(safeName('\u202eevil')).toBe('evil');
    expect(safeName('\u200b')).toBe('?');
    expect(safeName('\u0591')).toBe('?');
    expect(safeName('e\u0301')).toBe('e\u0301');
    expect(safeName('Alice')).toBe('Alice');
    expect(safeName('Zoë 😀')).toBe('Zoë 😀');
  });

  it('typed text echoed in a refusal is inert too; empty stays empty', () => {
    expect(
      text('en', {
        key: 'refusal.rule',
        params: {
          rule: 'EX-22',
          text: { key: 'refusal.exxit.cannotRead', params: { text: { typed: '<@1> **x**' }, forms: 'P q,r' } },
        },
      }),
    ).toBe('EX-22: cannot read "<\u200b@1> \\*\\*x\\*\\*" (expected P q,r)');
    expect(
      text('en', {
        key: 'refusal.rule',
        params: {
          rule: 'EX-22',
          text: { key: 'refusal.exxit.cannotRead', params: { text: { typed: '' }, forms: 'P q,r' } },
        },
      }),
    ).toBe('EX-22: cannot read "" (expected P q,r)');
  });
});

/** No lone surrogate (String.prototype.isWellFormed is ES2024, past this project's target). */
const wellFormed = (s: string): boolean =>
  !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

describe('clipText', () => {
  it('never leaves half of a surrogate pair', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.integer({ min: 2, max: 40 }), (s, n) => {
        const out = clipText(s, n);
        expect(out.length).toBeLessThanOrEqual(n);
        if (wellFormed(s)) expect(wellFormed(out)).toBe(true);
      }),
    );
  });
});
