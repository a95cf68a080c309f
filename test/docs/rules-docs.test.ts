// The rules pages (docs/rules/*.md): every rule id the engine can cite, and
// every rule id a lesson explains, is in the page of its game; the page names
// no rule that does not exist; its links inside the page lead somewhere; and
// nothing points outside the repository.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameId } from '../../src/engine/game.js';
import { lessonsOf } from '../../src/engine/lessons.js';
import { RULES_PAGES } from '../../scripts/rules-pictures.js';
import { ROOT, byRuleOrder, citedRuleIds, ruleIdsIn } from '../engine/cited-rules.js';

const GAMES: GameId[] = ['exxit', 'orion'];
const page = (game: GameId): string => readFileSync(join(ROOT, RULES_PAGES[game]), 'utf8');
const RULE_COUNT: Record<GameId, [string, number]> = { exxit: ['EX', 23], orion: ['OD', 22] };

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

describe('rules pages: rule ids', () => {
  for (const game of GAMES) {
    describe(RULES_PAGES[game], () => {
      const text = page(game);
      const inPage = new Set(ruleIdsIn(text));
      const explained = lessonsOf(game).flatMap((l) => l.rules);

      it('names every rule id the engine can cite (refusals and end reasons)', () => {
        const { ids } = citedRuleIds(game);
        expect(ids.length).toBeGreaterThan(20);
        expect(ids.filter((id) => !inPage.has(id))).toEqual([]);
      });

      it('names every rule id a lesson explains, and every numbered rule', () => {
        expect(explained.filter((id) => !inPage.has(id))).toEqual([]);
        const [prefix, count] = RULE_COUNT[game];
        for (let n = 1; n <= count; n++) expect(inPage.has(`${prefix}-${n}`), `${prefix}-${n}`).toBe(true);
      });

      it('names no rule id that no lesson explains (no typos, no other game)', () => {
        expect([...inPage].filter((id) => !explained.includes(id)).sort(byRuleOrder)).toEqual([]);
      });

      it('has a row for every rule id in its rule index', () => {
        const index = text.slice(text.indexOf('## Rule index'));
        expect(index.length).toBeGreaterThan(100);
        const rows = [...index.matchAll(/^\| ((?:EX|OD)-\d+[a-z]?) \|/gm)].map((m) => m[1]);
        expect(rows).toEqual([...explained].sort(byRuleOrder));
      });

      it('links only to headings of the page, relative images and nothing outside the repository', () => {
        const anchors = new Set([...text.matchAll(/^#{1,4} (.+)$/gm)].map((m) => slug(m[1])));
        const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
        expect(links.length).toBeGreaterThan(10);
        for (const link of links) {
          if (link.startsWith('#')) expect(anchors.has(link.slice(1)), link).toBe(true);
          else expect(link, link).toMatch(/^images\/[a-z-]+\.png$/);
        }
        expect(text).not.toMatch(/shared\/|seeds\/|\.\.\//);
      });
    });
  }

  it('the README points to the rules pages, not outside the repository', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const game of GAMES) expect(readme).toContain(RULES_PAGES[game]);
    expect(readme).not.toMatch(/\.\.\/shared/);
  });
});
