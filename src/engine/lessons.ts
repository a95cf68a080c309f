// The rules lessons of every registered game (each game carries its own,
// Game.lessons): for each topic, the rule ids it explains and a real position
// (a setup and a move list) that shows it. The words for players live in
// docs/rules/*.md and the message catalogues; this is what the engine can
// check: every position replays legally (test/engine/lessons.test.ts).
import type { GameId, Lesson } from './game.js';
import { allGames, getGame } from './index.js';

export type { Lesson };

/** The lessons of a game, in reading order. */
export const lessonsOf = (game: GameId): readonly Lesson[] => getGame(game).lessons;

/** One lesson by topic, or undefined. */
export const lessonOf = (game: GameId, topic: string): Lesson | undefined =>
  lessonsOf(game).find((l) => l.topic === topic);

/**
 * The game and topic explaining a rule id as a refusal or an end reason cites
 * it ('EX-13d' → exxit dance, 'OD-20' → orion blocking); null for anything
 * else.
 */
export function topicOfRule(ruleId: string): { game: GameId; topic: string } | null {
  if (typeof ruleId !== 'string') return null;
  for (const g of allGames()) {
    const topic = g.ruleTopic(ruleId);
    if (topic) return { game: g.id, topic };
  }
  return null;
}
