// The life of a game, without discord.js: challenges, start, moves and
// forced moves, draw / resign / abort, clocks, the AI's turns, rating
// settlement, tournaments, seasons, who may act, and the lines that describe
// what happened. It talks to the outside through the Notifier it owns
// (context.ts). Every ending goes through finish.ts; every sweep is in sweeps/.
export * from './context.js';
export * from './refusal.js';
export * from './describe.js';
export * from './games.js';
export * from './write.js';
export * from './move.js';
export * from './finish.js';
export * from './ratings.js';
export * from './end.js';
export * from './takeback.js';
export * from './start.js';
export * from './challenges.js';
export * from './rematch.js';
export * from './clock.js';
export * from './announce.js';
export * from './settings.js';
export * from './menu.js';
export * from './builder.js';
export * from './standing.js';
export * from './over.js';
export * from './seasons.js';
export * from './tournament/event.js';
export * from './tournament-actions.js';
export * from './tournament-drive.js';
export * from './tournament-lookups.js';
export * from './tournament-record.js';
export * from './reconcile.js';
export * from './review.js';
export * from './practice-kinds.js';
export * from './practice.js';
export * from './retry.js';
export * from './sweeps/ai-turns.js';
export * from './sweeps/challenges.js';
export * from './sweeps/clock.js';
export * from './sweeps/seasons.js';
export * from './sweeps/tournaments.js';
export * from './view.js';
export * from './puzzles.js';
export * from './puzzle-play.js';
export * from './sweeps/daily-puzzle.js';
