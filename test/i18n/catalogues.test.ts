// The catalogues agree with each other and with the code: the same keys in
// every language (the static ones and those the registered games and the
// match layer build at run time), the same placeholders, valid ICU, no plain
// apostrophe that ICU would read as a quote, French typography, and numbers
// formatted for each language (ratings without grouping).
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { allGames } from '../../src/engine/index.js';
import { LOCALES, catalogueKeys, catalogueText, format, hasMessage, localeOf } from '../../src/i18n/catalogue.js';
import { MATCH_REASONS } from '../../src/match/describe.js';
import { BOARD_SIZE } from '../../src/render/index.js';
import { CHALLENGE_STATUSES } from '../../src/model/index.js';

const [EN, ...OTHERS] = LOCALES;

/** Every key the code builds at run time: per registered game, per match reason, per challenge status. */
function dynamicKeys(): string[] {
  const keys: string[] = [];
  for (const g of allGames()) {
    keys.push(`game.${g.id}.title`, `game.${g.id}.side.0`, `game.${g.id}.side.1`);
    for (const o of g.options) {
      keys.push(`game.${g.id}.option.${o.name}`);
      for (const c of o.choices) keys.push(`game.${g.id}.option.${o.name}Choice.${String(c)}`);
    }
    for (const id of g.noteIds) keys.push(`engine.${id}`);
    // The pictures word the moves and the ends of the games they paint from the same notes.
    if (g.id in BOARD_SIZE) for (const id of g.noteIds) if (/\.(move|end)\./.test(id)) keys.push(`picture.${id}`);
    for (const code of g.errorCodes) keys.push(`refusal.${code}`);
  }
  for (const r of MATCH_REASONS) keys.push(`end.${r}`);
  for (const s of CHALLENGE_STATUSES) keys.push(`challenge.status.${s}`, `challenge.statusWord.${s}`);
  return keys;
}

/**
 * The names of the arguments a message uses, those of plurals and selects included (one language may need a plural or
 * select where another does not).
 */
function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time)
      out.add(e.value);
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      out.add(e.value);
      for (const o of Object.values(e.options)) argumentsOf(o.value, out);
    }
  }
  return out;
}

const parsed = (locale: string, key: string) =>
  parse(catalogueText(locale as (typeof LOCALES)[number], key)!, { ignoreTag: true });

describe('the catalogues', () => {
  it('are English and French', () => {
    expect(LOCALES).toEqual(['en', 'fr']);
  });

  it.each(OTHERS)('%s has exactly the keys of English, no more, no fewer', (locale) => {
    const en = new Set(catalogueKeys(EN));
    const other = new Set(catalogueKeys(locale));
    expect([...en].filter((k) => !other.has(k))).toEqual([]);
    expect([...other].filter((k) => !en.has(k))).toEqual([]);
    expect(en.size).toBeGreaterThan(350);
  });

  it.each(LOCALES)(
    '%s holds every key built at run time (games, notes and their picture words, refusals, end reasons, challenge statuses)',
    (locale) => {
      const keys = dynamicKeys();
      // Two built-in games, each with its setup option, notes and refusal codes.
      expect(keys.length).toBeGreaterThan(100);
      expect(keys.filter((k) => !hasMessage(locale, k))).toEqual([]);
    },
  );

  it('every refusal code of a game is named after the game', () => {
    for (const g of allGames()) {
      expect(g.errorCodes.length).toBeGreaterThan(0);
      expect(g.errorCodes.filter((c) => !c.startsWith(`${g.id}.`))).toEqual([]);
      expect(new Set(g.errorCodes).size).toBe(g.errorCodes.length);
    }
  });

  it.each(LOCALES)('every %s text is valid ICU MessageFormat', (locale) => {
    const broken: string[] = [];
    for (const k of catalogueKeys(locale)) {
      try {
        parsed(locale, k);
      } catch (e) {
        broken.push(`${k}: ${(e as Error).message}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it.each(OTHERS)('%s uses the same placeholders as English, plural and select arguments included', (locale) => {
    const differ: string[] = [];
    for (const k of catalogueKeys(EN)) {
      const a = [...argumentsOf(parsed(EN, k))].sort();
      const b = [...argumentsOf(parsed(locale, k))].sort();
      if (a.join() !== b.join()) differ.push(`${k}: en {${a.join(', ')}} ≠ ${locale} {${b.join(', ')}}`);
    }
    expect(differ).toEqual([]);
  });

  it.each(LOCALES)('%s has no plain apostrophe next to a brace (ICU would read it as a quote)', (locale) => {
    const bad = catalogueKeys(locale).filter((k) => /'\{|\}'/.test(catalogueText(locale, k)!));
    expect(bad).toEqual([]);
  });

  it('French uses ’ and a narrow no-break space before : ; ? ! and inside « », never a plain or wide one', () => {
    const bad: string[] = [];
    for (const k of catalogueKeys('fr')) {
      const raw = catalogueText('fr', k)!;
      // Code spans (`rated:True`, `/replay game:{id}`) and ICU skeletons (`::sign-always`) are not prose.
      const prose = raw.replace(/`[^`]*`/g, '').replace(/::[\w.-]+/g, '');
      if (prose.includes("'")) bad.push(`${k}: plain apostrophe`);
      if (/[ \u00a0][:;?!»]|«[ \u00a0]/.test(prose)) bad.push(`${k}: wrong space before punctuation`);
      // A letter, a closing bracket or bold, or a number (not a time like 18:00) right before the mark.
      if (/[\p{L})*][:;!?»]|\d[;!?»]|\d:(?!\d)|«[\p{L}\d]/u.test(prose)) bad.push(`${k}: no space before punctuation`);
    }
    expect(bad).toEqual([]);
  });

  it('numbers follow each language; ratings are never grouped', () => {
    expect(format('fr', 'standing.rating', { rating: 1623, rd: 87 })).toBe('1623 ± 87');
    expect(format('en', 'standing.rating', { rating: 1623, rd: 87 })).toBe('1623 ± 87');
    expect(format('fr', 'result.rating', { player: 'Alice', before: 1500, after: 1662, delta: 162 })).toBe(
      'Alice\u202f: 1500 → 1662 (+162)',
    );
    expect(format('fr', 'replay.tooLarge', { id: 'abc', mb: 8.04 })).toContain('(8,0\u202fMo');
    expect(format('en', 'replay.tooLarge', { id: 'abc', mb: 8.04 })).toContain('(8.0 MB');
    expect(format('fr', 'leaderboard.footer', { ranked: 1234, provisional: 0, rule: 'r' })).toBe(
      'Cote Glicko-2 ± écart · 1\u202f234 joueurs classés · 0 joueur provisoire (r)',
    );
    expect(format('fr', 'stats.rank', { rank: 1 })).toBe('1er');
    expect(format('fr', 'stats.rank', { rank: 2 })).toBe('2e');
  });
});

describe('localeOf', () => {
  it('gives French for Discord’s fr and any fr-*, English for everything else', () => {
    expect(localeOf('fr')).toBe('fr');
    expect(localeOf('fr-CA')).toBe('fr');
    expect(localeOf('en-US')).toBe('en');
    expect(localeOf('en-GB')).toBe('en');
    expect(localeOf('de')).toBe('en');
    expect(localeOf('fil')).toBe('en');
    expect(localeOf(null)).toBe('en');
    expect(localeOf(undefined)).toBe('en');
  });
});
