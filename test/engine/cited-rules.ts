// The rule ids the engine of each game can cite: every EX-n / OD-n written in
// its sources (refusals, end reasons and the comments that name them), the
// lessons data excepted. Shared by the lessons and the rules-docs tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameId } from '../../src/engine/game.js';
import { RULE_ID_PATTERN } from '../../src/engine/rule-ids.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const PREFIX: Record<GameId, string> = { exxit: 'EX-', orion: 'OD-' };

/** Every rule id in a text, deduplicated, in order of first appearance. */
export function ruleIdsIn(text: string): string[] {
  return [...new Set(text.match(new RegExp(RULE_ID_PATTERN.source, 'g')) ?? [])];
}

/** Sorts ids by number, then letter: EX-2, EX-9, EX-9a, EX-10. */
export function byRuleOrder(a: string, b: string): number {
  const key = (id: string) => {
    const m = /^(\w+)-(\d+)([a-z]?)$/.exec(id)!;
    return [m[1], Number(m[2]), m[3]] as const;
  };
  const [pa, na, la] = key(a);
  const [pb, nb, lb] = key(b);
  return pa.localeCompare(pb) || na - nb || la.localeCompare(lb);
}

/** The rule ids cited anywhere in src/engine/<game>/ (lessons.ts excepted), sorted. */
export function citedRuleIds(game: GameId): { ids: string[]; files: number } {
  const dir = join(ROOT, 'src/engine', game);
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'lessons.ts');
  const ids = new Set<string>();
  for (const f of files) for (const id of ruleIdsIn(readFileSync(join(dir, f), 'utf8'))) ids.add(id);
  const mine = [...ids].filter((id) => id.startsWith(PREFIX[game]));
  const foreign = [...ids].filter((id) => !id.startsWith(PREFIX[game]));
  if (foreign.length > 0) throw new Error(`src/engine/${game} cites the other game's rules: ${foreign.join(', ')}`);
  return { ids: mine.sort(byRuleOrder), files: files.length };
}
