// Small schemas that several records share. Records are read back from storage
// untrusted (hand-edited, truncated, written by another version), so every
// part says exactly what it accepts.
import { z } from 'zod';
import { isGameId } from '../engine/index.js';

export const side = z.union([z.literal(0), z.literal(1)]);
/** Any registered game (the engine's registry), so a new game needs no change here. */
export const gameId = z.string().refine(isGameId, 'unknown game');
export const finite = z.number().refine(Number.isFinite, 'not a finite number');
export const int = z.number().int();
/** A language tag, e.g. 'en', 'fr'. */
export const locale = z.string().max(10);

/**
 * Record ids: 4-32 chars of [0-9a-z] (the store draws 10). They travel inside Discord custom ids, so untrusted text
 * that is not one is "not found" without a look-up.
 */
export const isRecordId = (s: unknown): s is string => typeof s === 'string' && /^[0-9a-z]{4,32}$/.test(s);
