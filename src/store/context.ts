// What every part of the store shares: the client, the keys, the logger, the clock.
import type { Redis } from 'ioredis';
import type { Keys } from './keys.js';
import type { StoreLogger } from './types.js';

export interface StoreContext {
  redis: Redis;
  keys: Keys;
  logger: StoreLogger;
  now: () => number;
  /**
   * The in-process stand-in (ioredis-mock): its TIME is not a clock (whole seconds rounded, plus an unrelated
   * sub-second part).
   */
  embedded?: boolean;
}

/** A schema's issues as one line, for the TypeError of a write the store refuses (a caller's bug). */
export const issuesOf = (issues: readonly { path: PropertyKey[]; message: string }[]): string =>
  issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`).join('; ');
