// The /rules pages as data: every rule id an engine refusal or end reason can
// cite (the ids in src/engine/exxit and src/engine/orion) has a page, and
// the Why? button built for it opens the page of the topic that explains it;
// every page has its words in both catalogues, within Discord's limits.
import { describe, expect, it } from 'vitest';
// The kinds of buttons register their codecs as the list loads (as the router loads it in the bot).
import '../../../src/commands/buttons/index.js';
import { parseCustomId } from '../../../src/commands/kit/custom-id.js';
import { lessonsFor, pageOfRule, whyRows } from '../../../src/commands/kit/lesson-page.js';
import { ruleIdOf } from '../../../src/commands/rules.js';
import { getGame } from '../../../src/engine/index.js';
import { format } from '../../../src/i18n/catalogue.js';
import { rules as frRules } from '../../../src/i18n/fr/rules.js';
import { citedRuleIds } from '../../engine/cited-rules.js';

const GAMES = ['exxit', 'orion'] as const;

/** The custom id of the one button of a Why? row. */
function whyId(rule: string) {
  const rows = whyRows('en', rule).map((r) => r.toJSON());
  expect(rows, rule).toHaveLength(1);
  const [button] = rows[0].components as { custom_id: string; label: string }[];
  expect(button.label).toBe('Why?');
  const parsed = parseCustomId(button.custom_id);
  if (!parsed.ok || parsed.value.kind !== 'rules') throw new Error(`${rule}: ${button.custom_id}`);
  return parsed.value;
}

describe('every rule id the engines can cite has a /rules page', () => {
  for (const game of GAMES) {
    it(`${game}: each id of src/engine/${game} → its topic's page, and its Why? button opens that page`, () => {
      const { ids } = citedRuleIds(game);
      expect(ids.length).toBeGreaterThan(20);
      for (const id of ids) {
        const topic = getGame(game).ruleTopic(id);
        expect(topic, id).not.toBeNull();
        const where = pageOfRule(id);
        expect(where, id).not.toBeNull();
        expect(where!.game).toBe(game);
        expect(lessonsFor(game)[where!.page].topic, id).toBe(topic);
        expect(whyId(id)).toEqual({ kind: 'rules', game, page: where!.page, action: 'open' });
      }
    });
  }

  it('the ids players meet most open the pages that explain them', () => {
    const topicOf = (rule: string) => {
      const w = pageOfRule(rule)!;
      return `${w.game} ${lessonsFor(w.game)[w.page].topic}`;
    };
    expect(topicOf('EX-13d')).toBe('exxit dance');
    expect(topicOf('EX-11b')).toBe('exxit exit-dance');
    expect(topicOf('EX-18')).toBe('exxit free-and-chain');
    expect(topicOf('EX-20b')).toBe('exxit goal-and-end');
    expect(topicOf('OD-14')).toBe('orion placement-and-tokens');
    expect(topicOf('OD-20')).toBe('orion blocking');
    expect(topicOf('OD-19')).toBe('orion tiebreak');
  });

  it('offers no button for refusals without a rule, or with an id no page explains', () => {
    for (const rule of [undefined, '', 'EX-99', 'ex-13d', 'state', 'X-1']) expect(whyRows('en', rule)).toEqual([]);
  });

  it('reads typed rule ids the way people type them', () => {
    expect(ruleIdOf('ex-13D')).toBe('EX-13d');
    expect(ruleIdOf(' od-20 ')).toBe('OD-20');
    expect(ruleIdOf('OD20')).toBe('OD-20');
    expect(ruleIdOf('dance')).toBeNull();
    expect(ruleIdOf('EX-13dd')).toBeNull();
  });
});

describe('the words of every page', () => {
  for (const game of GAMES) {
    it(`${game}: a name, title, body and picture text per lesson, in English and French, within Discord's limits`, () => {
      const fr = frRules.rules[game] as Record<string, Record<string, string>>;
      const en = Object.keys(fr);
      expect(en).toEqual(lessonsFor(game).map((l) => l.topic));
      for (const l of lessonsFor(game)) {
        const words = (part: string) => format('en', `rules.${game}.${l.topic}.${part}`);
        // The menu shows "10. name": at most 100 characters.
        expect(words('name').length, l.topic).toBeLessThanOrEqual(90);
        expect(fr[l.topic].name.length, l.topic).toBeLessThanOrEqual(90);
        for (const texts of [{ title: words('title'), body: words('body'), picture: words('picture') }, fr[l.topic]]) {
          expect(texts.title.length).toBeLessThanOrEqual(200);
          // Body, picture and the rules line share the embed's 4096 characters.
          expect(texts.body.length + texts.picture.length, l.topic).toBeLessThan(3600);
          expect(texts.body.length, l.topic).toBeGreaterThan(200);
        }
        // The page cites the rules it covers in its words, in both languages.
        const cited = new Set([...words('body').matchAll(/(?:EX|OD)-\d+[a-z]?/g)].map((m) => m[0]));
        const citedFr = new Set([...fr[l.topic].body.matchAll(/(?:EX|OD)-\d+[a-z]?/g)].map((m) => m[0]));
        for (const id of l.rules) {
          expect(cited.has(id), `${game} ${l.topic} en: ${id}`).toBe(true);
          expect(citedFr.has(id), `${game} ${l.topic} fr: ${id}`).toBe(true);
        }
      }
    });
  }
});
