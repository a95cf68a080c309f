// When sign-up closes, as typed: a delay or a date and time with its zone.
import fc from 'fast-check';
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
    for (const bad of ['2026-12-05T18:00', 'tomorrow', '', '2h ago', '2026-13-45T99:99Z', '1y'])
      expect(at(bad), bad).toBeNull();
  });

  it('refuses impossible dates and offsets instead of rolling them over', () => {
    for (const bad of [
      '2026-02-30T10:00Z',
      '2026-04-31T10:00Z',
      '2027-02-29T10:00Z',
      '2026-00-10T10:00Z',
      '2026-12-00T10:00Z',
      '2026-12-05T24:00Z',
      '2026-12-05T18:60Z',
      '2026-12-05T18:00:60Z',
      '2026-12-05T18:00+15:00',
      '2026-12-05T18:00+01:60',
    ]) {
      expect(at(bad), bad).toBeNull();
    }
    expect(at('2028-02-29T10:00Z')?.at).toBe(Date.UTC(2028, 1, 29, 10));
    expect(at('0050-06-01T00:00Z')?.at).toBe(new Date('0050-06-01T00:00:00Z').getTime());
  });

  it('answers any text with null or a real instant, never throws', () => {
    const piece = fc.constantFrom(
      '1',
      '9',
      '0',
      '99999',
      'd',
      'h',
      'm',
      ' ',
      '-',
      ':',
      't',
      'z',
      '+',
      '2026',
      '-02-',
      '30',
      'T',
      'Z',
      '\u0000',
      '٣',
      '１',
      'é',
      '\n',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.array(piece, { maxLength: 12 }).map((p) => p.join('')),
          fc.string({ maxLength: 1000 }),
        ),
        (typed) => {
          const w = readWhen(typed, NOW);
          if (w === null) return;
          expect(Number.isFinite(w.at)).toBe(true);
          expect(new Date(w.at).toISOString()).toMatch(/Z$/);
          if (w.kind === 'delay') expect(w.at).toBeGreaterThanOrEqual(NOW);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads back every instant written as a date and time with its zone, and every delay', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9998-12-31T23:59:00Z'), noInvalidDate: true }),
        fc.integer({ min: -12 * 60, max: 14 * 60 }),
        (d, offsetMin) => {
          const t = Math.floor(d.getTime() / 60_000) * 60_000;
          const local = new Date(t + offsetMin * 60_000).toISOString().slice(0, 16);
          const sign = offsetMin < 0 ? '-' : '+';
          const zone = `${sign}${String(Math.floor(Math.abs(offsetMin) / 60)).padStart(2, '0')}:${String(Math.abs(offsetMin) % 60).padStart(2, '0')}`;
          expect(readWhen(`${local}${zone}`, NOW)).toEqual({ at: t, kind: 'time' });
          expect(readWhen(`${local.replace('T', ' ')}Z`, NOW)?.at).toBe(t + offsetMin * 60_000);
        },
      ),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 9999 }),
        (d, h, m) => {
          expect(readWhen(`${d}d ${h}h${m}m`, NOW)?.at).toBe(NOW + ((d * 24 + h) * 60 + m) * 60_000);
        },
      ),
      { numRuns: 100 },
    );
  });
});
