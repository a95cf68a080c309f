// The message catalogues (one per language, keys named by meaning) and the
// formatter. ICU MessageFormat through `intl-messageformat` (FormatJS): the
// plural, select and number rules of each language come from the library and
// Intl, never from string concatenation. English is the reference: every
// other catalogue has exactly its keys (the type below and a test check it).
import { IntlMessageFormat } from 'intl-messageformat';
import { en } from './en/index.js';
import { fr } from './fr/index.js';

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the English catalogue, checked at compile time where a key is written out. */
export type MessageKey = Leaves<typeof en>;

/** The shape every catalogue has: English's keys, any text. */
export type Catalogue<T = typeof en> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

/** Discord locales (`fr`, `en-US`, …) and our own codes → ours: French for `fr` (any `fr-*`), English otherwise. */
export const localeOf = (discordLocale: string | null | undefined): Locale =>
  typeof discordLocale === 'string' && /^fr(?:$|[-_])/i.test(discordLocale) ? 'fr' : 'en';

function flatten(tree: object, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(`${prefix}${k}`, v);
    else flatten(v as object, `${prefix}${k}.`, out);
  }
  return out;
}

const texts: Record<Locale, Map<string, string>> = { en: flatten(en), fr: flatten(fr) };
const compiled = new Map<string, IntlMessageFormat>();

/** Adds messages at run time (a game registered by a test or an extension brings its own words). */
export function registerMessages(locale: Locale, entries: Readonly<Record<string, string>>): void {
  for (const [k, v] of Object.entries(entries)) {
    texts[locale].set(k, v);
    compiled.delete(`${locale}\u0000${k}`);
  }
}

export const hasMessage = (locale: Locale, key: string): boolean => texts[locale].has(key);

/** Every key of a catalogue (tests: completeness, placeholders). */
export const catalogueKeys = (locale: Locale): string[] => [...texts[locale].keys()];
export const catalogueText = (locale: Locale, key: string): string | undefined => texts[locale].get(key);

export class MissingMessageError extends Error {
  override readonly name = 'MissingMessageError';
}

let onMissing: ((e: MissingMessageError) => void) | null = null;

/**
 * What a missing message does: by default it throws (tests and tools see the
 * bug at once); the bot logs it instead and shows the key, so one missing word
 * never stops a board from being posted.
 */
export function onMissingMessage(handler: ((e: MissingMessageError) => void) | null): void {
  onMissing = handler;
}

/**
 * The text of `key` in `locale` with `params` filled in. Values must already
 * be strings or numbers (src/commands/kit/text.ts resolves mentions and
 * nested messages first). A key missing from a catalogue is a bug: it throws.
 */
export function format(locale: Locale, key: string, params: Readonly<Record<string, string | number>> = {}): string {
  const cacheKey = `${locale}\u0000${key}`;
  let f = compiled.get(cacheKey);
  if (!f) {
    const text = texts[locale].get(key);
    if (text === undefined) {
      const e = new MissingMessageError(`no message "${key}" in the ${locale} catalogue`);
      if (!onMissing) throw e;
      onMissing(e);
      return `⟨${key}⟩`;
    }
    f = new IntlMessageFormat(text, locale, undefined, { ignoreTag: true });
    compiled.set(cacheKey, f);
  }
  const out = f.format(params);
  return typeof out === 'string' ? out : String(out);
}
