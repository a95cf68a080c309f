// The domain model: the records of the application (game, challenge,
// tournament, rating, settings) as zod schemas, the TypeScript types inferred
// from them, and plain functions of a record. The store reads and writes these
// records, validating with the same schemas; match decides what happens to
// them. Pure: no I/O (layer rule: the model imports only the engine and zod).
export * from './challenge.js';
export * from './game.js';
export * from './glicko.js';
export * from './rating.js';
export * from './practice.js';
export * from './review.js';
export * from './settings.js';
export * from './tournament.js';
export { isRecordId } from './parts.js';
export * from './puzzle.js';
