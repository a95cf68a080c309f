// The rules lessons of both games, as plain data: for each topic, the rule
// ids it explains and a real position (a setup and a move list) that shows
// it. The words for players live elsewhere (docs/rules/*.md, the English
// reference; message catalogues later); this is only what the engine can
// check: every position replays legally (test/engine/lessons.test.ts).
import type { GameId } from './game.js';
import { EXXIT_LESSONS, ruleTopic as exxitRuleTopic } from './exxit/lessons.js';
import { ORION_LESSONS, ruleTopic as orionRuleTopic } from './orion/lessons.js';

export interface Lesson<T extends string = string> {
  /** The topic, a stable id ('dance', 'black-holes'): the key of its texts and picture. */
  readonly topic: T;
  /** The rule ids the topic explains; each id of a game belongs to exactly one topic. */
  readonly rules: readonly string[];
  /** A setup accepted by the game's initial(). */
  readonly setup: string;
  /** Moves from the setup, in the engine's canonical notation (EX-22, OD-22). */
  readonly moves: readonly string[];
}

export const LESSONS: Readonly<Record<GameId, readonly Lesson[]>> = { exxit: EXXIT_LESSONS, orion: ORION_LESSONS };

/** The lessons of a game, in reading order. */
export const lessonsOf = (game: GameId): readonly Lesson[] => LESSONS[game];

/** One lesson by topic, or undefined. */
export const lessonOf = (game: GameId, topic: string): Lesson | undefined => LESSONS[game].find((l) => l.topic === topic);

/**
 * The game and topic explaining a rule id as a refusal or an end reason cites
 * it ('EX-13d' → exxit dance, 'OD-20' → orion blocking); null for anything
 * else.
 */
export function topicOfRule(ruleId: string): { game: GameId; topic: string } | null {
  if (typeof ruleId !== 'string') return null;
  if (ruleId.startsWith('EX-')) {
    const topic = exxitRuleTopic(ruleId);
    return topic ? { game: 'exxit', topic } : null;
  }
  if (ruleId.startsWith('OD-')) {
    const topic = orionRuleTopic(ruleId);
    return topic ? { game: 'orion', topic } : null;
  }
  return null;
}
