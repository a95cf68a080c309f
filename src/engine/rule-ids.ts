// Rule ids (EX-13d, OD-20): the shape refusals and end reasons cite, and the
// lookup from an id to the lesson topic that explains it.
import type { Lesson } from './game.js';

/** A rule id as code, docs and messages write it: EX-n or OD-n, with an optional letter. */
export const RULE_ID_PATTERN = /\b(?:EX|OD)-\d+[a-z]?\b/g;

/**
 * A ruleTopic function over a game's lessons: an id listed by a lesson maps
 * to its topic; an id with a letter that no lesson lists falls back to its
 * numbered rule ('EX-13h' → the topic of 'EX-13'); anything else is null.
 */
export function topicIndex<T extends string>(lessons: readonly Lesson<T>[]): (ruleId: string) => T | null {
  const byId = new Map<string, T>();
  for (const l of lessons) for (const id of l.rules) byId.set(id, l.topic);
  return (ruleId: string): T | null => {
    if (typeof ruleId !== 'string') return null;
    const exact = byId.get(ruleId);
    if (exact) return exact;
    const m = /^((?:EX|OD)-\d+)[a-z]$/.exec(ruleId);
    return m ? (byId.get(m[1]) ?? null) : null;
  };
}
