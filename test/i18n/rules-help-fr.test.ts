// The French pages of /rules and /help (src/i18n/fr/rules.ts, help.ts) have
// the keys of the English ones (the Catalogue type checks that), the same
// placeholders in every message, valid ICU MessageFormat, and the French
// words of the games.
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { help as enHelp } from '../../src/i18n/en/help.js';
import { rules as enRules } from '../../src/i18n/en/rules.js';
import { help as frHelp } from '../../src/i18n/fr/help.js';
import { rules as frRules } from '../../src/i18n/fr/rules.js';

function leaves(tree: object, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(`${prefix}${k}`, v);
    else leaves(v as object, `${prefix}${k}.`, out);
  }
  return out;
}

/** An ICU element as intl-messageformat parses it: 0 literal, 5 select, 6 plural, 7 #, 8 tag. */
interface Element {
  type: number;
  value?: unknown;
  options?: Record<string, { value: Element[] }>;
}

/** The argument names of a message, sorted (throws on invalid ICU). */
function args(text: string, locale: string): string[] {
  const names = new Set<string>();
  const walk = (els: Element[]) => {
    for (const e of els) {
      if (e.type === 0 || e.type === 7 || e.type === 8) continue;
      names.add(String(e.value));
      for (const o of Object.values(e.options ?? {})) walk(o.value);
    }
  };
  walk(new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).getAst() as Element[]);
  return [...names].sort();
}

describe('French /rules and /help', () => {
  for (const [name, en, fr] of [
    ['rules', enRules, frRules],
    ['help', enHelp, frHelp],
  ] as const) {
    it(`${name}: the same keys and placeholders as English, valid ICU`, () => {
      const e = leaves(en);
      const f = leaves(fr);
      expect([...f.keys()]).toEqual([...e.keys()]);
      for (const [k, text] of f) expect(args(text, 'fr'), k).toEqual(args(e.get(k)!, 'en'));
    });
  }

  it('speaks the games’ French words, and no English word of them', () => {
    const all = [...leaves(frRules).values()].join('\n');
    for (const w of [
      'tuile',
      'pion',
      'pile',
      'danse de sortie',
      'libér',
      'case prisonnière',
      'réserve',
      'pioche',
      'constellation',
      'galaxie',
      'trou noir',
      'jeton',
      'hexagone',
    ]) {
      expect(all, w).toContain(w);
    }
    for (const w of [/\bstack\b/i, /\bpawn/i, /\btile\b/i, /\bblack hole/i, /\bprisoner cell/i])
      expect(all).not.toMatch(w);
  });
});
