// The French words of tournaments and seasons (src/i18n/fr/tournament.ts)
// have the keys of the English ones (the Catalogue type checks that too), the
// same placeholders in every message, and valid ICU MessageFormat.
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { tournament as en } from '../../src/i18n/en/tournament.js';
import { tournament as fr } from '../../src/i18n/fr/tournament.js';

function leaves(tree: object, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(`${prefix}${k}`, v);
    else leaves(v as object, `${prefix}${k}.`, out);
  }
  return out;
}

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

describe('French tournaments and seasons', () => {
  it('the same keys and placeholders as English, valid ICU', () => {
    const e = leaves(en);
    const f = leaves(fr);
    expect([...f.keys()]).toEqual([...e.keys()]);
    for (const [k, text] of f) expect(args(text, 'fr'), k).toEqual(args(e.get(k)!, 'en'));
  });

  it('command and option descriptions fit Discord’s 100 characters, in both languages', () => {
    for (const c of [en, fr]) {
      const s = c.season.settings;
      for (const d of [
        ...Object.values(c.tournament.cmd).filter((v) => typeof v === 'string'),
        c.season.option,
        s.tournaments,
        s.role,
        s.seasons,
        s.length,
        s.channel,
      ]) {
        expect((d as string).length, d as string).toBeLessThanOrEqual(100);
      }
    }
  });

  it('names a month and a quarter the French way', () => {
    expect(
      new IntlMessageFormat(fr.season.month, 'fr', undefined, { ignoreTag: true }).format({
        month: Date.UTC(2026, 11, 15),
      }),
    ).toBe('décembre 2026');
    expect(
      new IntlMessageFormat(fr.season.quarter, 'fr', undefined, { ignoreTag: true }).format({ q: '4', year: '2026' }),
    ).toBe('T4 2026');
  });
});
