import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isReference, isSearchPlayer, LEVEL_NAMES, REFERENCE_NAMES } from '../../src/engine/ai/levels.js';
import { recordReference, type ReferenceChoice } from './fixtures/reference-record.js';

const frozen = JSON.parse(
  readFileSync(new URL('./fixtures/reference-2026-12.json', import.meta.url), 'utf8'),
) as ReferenceChoice[];

describe('the frozen reference player ref-2026-12', () => {
  it('still chooses, from each recorded position, the move and root visits it chose when it was frozen', () => {
    expect(recordReference('ref-2026-12')).toEqual(frozen);
  });

  it('is a search player for the tools but never a level players can pick', () => {
    for (const r of REFERENCE_NAMES) {
      expect(isReference(r)).toBe(true);
      expect(isSearchPlayer(r)).toBe(true);
      expect(LEVEL_NAMES).not.toContain(r);
    }
    expect(isReference('hard')).toBe(false);
    expect(isSearchPlayer('ref-1999-01')).toBe(false);
  });
});
