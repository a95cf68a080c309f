// The life of a game, without discord.js: challenges, start, moves and
// forced moves, draw / resign / abort, clocks, the AI's turns, rating
// settlement, who may act, and the lines that describe what happened.
// It talks to the outside through the Notifier it owns (context.ts).
export * from './context.js';
export * from './refusal.js';
export * from './describe.js';
export * from './games.js';
export * from './play.js';
export * from './end.js';
export * from './start.js';
export * from './challenges.js';
export * from './clock.js';
export * from './turns.js';
export * from './sweeps.js';
export * from './announce.js';
export * from './settings.js';
export * from './menu.js';
export * from './builder.js';
export * from './standing.js';
export * from './over.js';
export * from './seasons.js';
export * from './tournament-flow.js';
export * from './tournaments.js';
export * from './reconcile.js';
