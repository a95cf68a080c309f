// Every plural of every catalogue against its language's plural rules (Intl.PluralRules, CLDR): the categories
// it names exist in that language, `other` is always there, and a plural about grammatical number (one that
// prints the count, or names a category) has its `one` branch, so French reads "1 coup" and "0 coup", never
// "1 coups". Each message is then formatted with 0, 1, 2 and a large count.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES, catalogueKeys, catalogueText, format } from '../../src/i18n/catalogue.js';

type Plural = Extract<MessageFormatElement, { type: TYPE.plural }>;

interface Shape {
  plurals: Plural[];
  /** Each argument: a count (plural, number), a select's first choice, or plain text. */
  args: Map<string, { kind: 'count' } | { kind: 'select'; choice: string } | { kind: 'text' }>;
}

function shapeOf(elements: MessageFormatElement[], out: Shape = { plurals: [], args: new Map() }): Shape {
  for (const e of elements) {
    if (e.type === TYPE.plural || e.type === TYPE.number) out.args.set(e.value, { kind: 'count' });
    else if (e.type === TYPE.select) {
      if (out.args.get(e.value)?.kind !== 'count')
        out.args.set(e.value, { kind: 'select', choice: Object.keys(e.options)[0] });
    } else if (e.type === TYPE.argument && !out.args.has(e.value)) out.args.set(e.value, { kind: 'text' });
    if (e.type === TYPE.plural) out.plurals.push(e);
    if (e.type === TYPE.plural || e.type === TYPE.select)
      for (const o of Object.values(e.options)) shapeOf(o.value, out);
  }
  return out;
}

const printsCount = (elements: MessageFormatElement[]): boolean =>
  elements.some(
    (e) =>
      e.type === TYPE.pound ||
      ((e.type === TYPE.plural || e.type === TYPE.select) &&
        Object.values(e.options).some((o) => printsCount(o.value))),
  );

/** What is wrong with one plural of a message in `locale`, as readable lines. */
function pluralProblems(locale: string, key: string, p: Plural): string[] {
  const rules = new Intl.PluralRules(locale, { type: p.pluralType ?? 'cardinal' });
  const known = new Set<string>(rules.resolvedOptions().pluralCategories);
  const named = Object.keys(p.options).filter((o) => !o.startsWith('='));
  const problems = named.filter((c) => !known.has(c)).map((c) => `${key} {${p.value}}: no “${c}” in ${locale}`);
  if (!('other' in p.options)) problems.push(`${key} {${p.value}}: no “other”`);
  const grammatical = named.some((c) => c !== 'other') || Object.values(p.options).some((o) => printsCount(o.value));
  if (grammatical && !('one' in p.options)) problems.push(`${key} {${p.value}}: counts without “one”`);
  return problems;
}

const COUNTS = [0, 1, 2, 1_234_567];

describe.each(LOCALES)('the plurals of %s', (locale) => {
  const messages = catalogueKeys(locale).map((key) => ({
    key,
    shape: shapeOf(parse(catalogueText(locale, key)!, { ignoreTag: true })),
  }));
  const withPlurals = messages.filter((m) => m.shape.plurals.length > 0);

  it('name only categories of the language, always `other`, and `one` wherever they count', () => {
    expect(withPlurals.length).toBeGreaterThan(40);
    expect(withPlurals.flatMap((m) => m.shape.plurals.flatMap((p) => pluralProblems(locale, m.key, p)))).toEqual([]);
  });

  it('format with 0, 1, 2 and a large count, leaving no ICU syntax behind', () => {
    const broken: string[] = [];
    for (const { key, shape } of withPlurals) {
      for (const n of COUNTS) {
        const params: Record<string, string | number> = {};
        for (const [name, a] of shape.args)
          params[name] = a.kind === 'count' ? n : a.kind === 'select' ? a.choice : 'x';
        try {
          const out = format(locale, key, params);
          if (/[{}#]/.test(out.replace(/`[^`]*`/g, ''))) broken.push(`${key} (${n}): ${out}`);
        } catch (e) {
          broken.push(`${key} (${n}): ${(e as Error).message}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('plural checks', () => {
  const plural = (text: string) => shapeOf(parse(text)).plurals[0];

  it('catch a French count without `one` and a category French lacks', () => {
    expect(pluralProblems('fr', 'k', plural('{n, plural, other {# coups}}'))).toEqual(['k {n}: counts without “one”']);
    expect(pluralProblems('fr', 'k', plural('{n, plural, =1 {# coup} other {# coups}}'))).toEqual([
      'k {n}: counts without “one”',
    ]);
    expect(pluralProblems('fr', 'k', plural('{n, plural, one {# coup} few {# coups} other {# coups}}'))).toEqual([
      'k {n}: no “few” in fr',
    ]);
    // An exact-value switch that prints no count is not about grammatical number.
    expect(pluralProblems('fr', 'k', plural('{n, plural, =0 {} other {, {list}}}'))).toEqual([]);
  });

  it('French singular is 0 and 1, English singular is 1 only', () => {
    const text = '{n, plural, one {# coup} other {# coups}}';
    expect(plural(text).options.one).toBeDefined();
    expect(COUNTS.map((n) => new Intl.PluralRules('fr').select(n))).toEqual(['one', 'one', 'other', 'other']);
    expect(COUNTS.map((n) => new Intl.PluralRules('en').select(n))).toEqual(['other', 'one', 'other', 'other']);
  });
});
