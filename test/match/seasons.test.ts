// Season ids, bounds and boards, as pure functions of an instant (UTC):
// months and quarters, their first and last milliseconds, the season before
// across a year's end, and which board a leaderboard choice names.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boardScope,
  GLOBAL_SEASONS,
  previousSeason,
  seasonBounds,
  seasonId,
  seasonMsg,
  topLines,
} from '../../src/match/seasons.js';
import { propertyRuns } from '../support/property-runs.js';

const at = (y: number, m: number, d = 1, h = 0, min = 0, ms = 0) => Date.UTC(y, m - 1, d, h, min, 0, ms);

describe('season ids', () => {
  it.each([
    [at(2026, 1, 1), '2026-01', '2026-Q1'],
    [at(2026, 3, 31, 23, 59, 999), '2026-03', '2026-Q1'],
    [at(2026, 4, 1), '2026-04', '2026-Q2'],
    [at(2026, 6, 30, 23, 59), '2026-06', '2026-Q2'],
    [at(2026, 7, 1), '2026-07', '2026-Q3'],
    [at(2026, 9, 30, 23, 59, 999), '2026-09', '2026-Q3'],
    [at(2026, 10, 1), '2026-10', '2026-Q4'],
    [at(2026, 12, 31, 23, 59, 999), '2026-12', '2026-Q4'],
    [at(2027, 1, 1), '2027-01', '2027-Q1'],
    [at(2028, 2, 29, 12), '2028-02', '2028-Q1'],
  ])('%s is month %s and quarter %s (UTC)', (t, month, quarter) => {
    expect(seasonId('monthly', t)).toBe(month);
    expect(seasonId('quarterly', t)).toBe(quarter);
  });

  it('a season runs from its first millisecond to the next one’s, across years and leap days', () => {
    expect(seasonBounds('2026-12')).toEqual({ start: at(2026, 12, 1), end: at(2027, 1, 1) });
    expect(seasonBounds('2026-Q4')).toEqual({ start: at(2026, 10, 1), end: at(2027, 1, 1) });
    expect(seasonBounds('2027-Q1')).toEqual({ start: at(2027, 1, 1), end: at(2027, 4, 1) });
    expect(seasonBounds('2028-02')).toEqual({ start: at(2028, 2, 1), end: at(2028, 3, 1) });
    expect(seasonBounds('2028-02').end - seasonBounds('2028-02').start).toBe(29 * 86_400_000);
    for (const bad of ['2026', '2026-Q5', '2026-Q0', '26-12', '2026-1', '2026-00', '2026-13', 'Q4-2026', ''])
      expect(() => seasonBounds(bad)).toThrow(TypeError);
    // The whole id, not an id inside it (a key or an option with more around it).
    for (const bad of ['x2026-Q1', '2026-Q1x', 'x2026-12', '2026-12x', '12026-12'])
      expect(() => seasonBounds(bad)).toThrow(`not a season id: ${bad}`);
  });

  it('the season before, at a year’s end and elsewhere', () => {
    expect(previousSeason('monthly', '2027-01')).toBe('2026-12');
    expect(previousSeason('quarterly', '2027-Q1')).toBe('2026-Q4');
    expect(previousSeason('monthly', '2026-03')).toBe('2026-02');
    expect(previousSeason('quarterly', '2026-Q3')).toBe('2026-Q2');
    // Across a change of length: the quarter before a month is the quarter before the one it starts.
    expect(previousSeason('quarterly', '2027-01')).toBe('2026-Q4');
  });

  it('every instant lies in its season, which follows the one before it without a gap (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at(1971, 1, 1), max: at(2199, 12, 31) }),
        fc.constantFrom('monthly' as const, 'quarterly' as const),
        (t, len) => {
          const id = seasonId(len, t);
          const { start, end } = seasonBounds(id);
          expect(start <= t && t < end).toBe(true);
          const prev = previousSeason(len, id);
          expect(seasonBounds(prev).end).toBe(start);
          expect(seasonId(len, start)).toBe(id);
          expect(seasonId(len, end)).not.toBe(id);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('names: a quarter by number and year, a month by a date in its middle', () => {
    expect(seasonMsg('2026-Q4')).toEqual({ key: 'season.quarter', params: { q: 4, year: 2026 } });
    const m = seasonMsg('2026-12');
    expect(m.key).toBe('season.month');
    const mid = (m.params as { month: number }).month;
    expect(new Date(mid).getUTCMonth()).toBe(11);
    expect(new Date(mid).getUTCDate()).toBeGreaterThan(10);
    // Only a whole quarter id is named as a quarter; anything else is no season at all.
    for (const bad of ['x2026-Q4', '2026-Q4x']) expect(() => seasonMsg(bad)).toThrow(TypeError);
  });

  it('a final top 10 opens with the game’s title', () => {
    for (const game of ['exxit', 'orion'] as const)
      expect(topLines(game, [], 0)).toEqual([
        { key: 'season.topGame', params: { game: { key: `game.${game}.title` } } },
      ]);
  });
});

describe('boardScope', () => {
  const newYear = at(2027, 1, 1, 0, 5);
  const guild = 'guild:123' as const;

  it('all time: the base board, whatever the server keeps', () => {
    expect(boardScope('global', 'all-time', null, newYear)).toEqual({ scope: 'global', season: null });
    expect(boardScope(guild, 'all-time', 'monthly', newYear)).toEqual({ scope: guild, season: null });
  });

  it('the global board runs by calendar quarters, at the new year too', () => {
    expect(GLOBAL_SEASONS).toBe('quarterly');
    expect(boardScope('global', 'current', null, newYear)).toEqual({ scope: 'global@2027-Q1', season: '2027-Q1' });
    expect(boardScope('global', 'previous', 'monthly', newYear)).toEqual({
      scope: 'global@2026-Q4',
      season: '2026-Q4',
    });
    expect(boardScope('global', 'previous', null, at(2026, 12, 31, 23, 59))).toEqual({
      scope: 'global@2026-Q3',
      season: '2026-Q3',
    });
  });

  it('a server’s board follows its own length; none without seasons', () => {
    expect(boardScope(guild, 'current', 'monthly', newYear)).toEqual({ scope: `${guild}@2027-01`, season: '2027-01' });
    expect(boardScope(guild, 'previous', 'monthly', newYear)).toEqual({ scope: `${guild}@2026-12`, season: '2026-12' });
    expect(boardScope(guild, 'current', 'quarterly', newYear)).toEqual({
      scope: `${guild}@2027-Q1`,
      season: '2027-Q1',
    });
    expect(boardScope(guild, 'previous', 'quarterly', newYear)).toEqual({
      scope: `${guild}@2026-Q4`,
      season: '2026-Q4',
    });
    expect(boardScope(guild, 'current', null, newYear)).toBeNull();
    expect(boardScope(guild, 'previous', null, newYear)).toBeNull();
  });
});
