// When sign-up closes, as typed: a delay or a date and time with its zone.
import { describe, expect, it } from 'vitest';
import { readWhen } from '../../../src/commands/kit/when.js';

const NOW = Date.UTC(2026, 0, 1);
const at = (s: string) => readWhen(s, NOW);

describe('readWhen', () => {
  it('reads delays from now (a bare number is minutes)', () => {
    expect(at('30m')).toEqual({ at: NOW + 30 * 60_000, kind: 'delay' });
    expect(at(' 1H 30m ')?.at).toBe(NOW + 90 * 60_000);
    expect(at('2d')?.at).toBe(NOW + 2 * 86_400_000);
    expect(at('45')?.at).toBe(NOW + 45 * 60_000);
  });

  it('reads a date and time only with its zone', () => {
    expect(at('2026-12-05T18:00Z')).toEqual({ at: Date.UTC(2026, 11, 5, 18), kind: 'time' });
    expect(at('2026-12-05 18:00+01:00')?.at).toBe(Date.UTC(2026, 11, 5, 17));
    expect(at('2026-12-05t18:00:30-0230')?.at).toBe(Date.UTC(2026, 11, 5, 20, 30, 30));
    for (const bad of ['2026-12-05T18:00', 'tomorrow', '', '2h ago', '2026-13-45T99:99Z', '1y']) expect(at(bad), bad).toBeNull();
  });
});
