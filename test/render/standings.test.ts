// The standings painter: 800 px wide (readable at 400), as tall as its rows,
// the crosstable only where it reads, names from Discord kept in bounds.
import { describe, expect, it } from 'vitest';
import {
  MAX_GRID_PLAYERS,
  STANDINGS_WIDTH,
  drawStandings,
  renderStandings,
  type StandingsTable,
} from '../../src/render/standings.js';
import { THEME } from '../../src/render/theme.js';
import { decodePng, near } from './pixels.js';

function table(n: number, grid: boolean): StandingsTable {
  const names = Array.from({ length: n }, (_, i) =>
    i === 0 ? 'A name far too long to fit in any column of this table at all\u0007' : `Player ${i + 1}`,
  );
  return {
    title: 'Winter Swiss',
    subtitle: 'Standings after round 2 of 3',
    columns: [
      { label: '#', align: 'right' },
      { label: 'Player', align: 'left', flex: true },
      { label: 'Pts', align: 'right' },
      { label: 'BH', align: 'right' },
    ],
    rows: names.map((name, i) => ({ cells: [String(i + 1), name, '2½', '5.25'], dim: i === n - 1, mark: i === 0 })),
    grid: grid
      ? {
          title: 'Crosstable',
          rowLabels: names.map((x, i) => `${i + 1} ${x}`),
          colLabels: names.map((_, i) => String(i + 1)),
          cells: names.map((_, i) => names.map((__, j) => (i === j ? '' : '½'))),
        }
      : undefined,
    footer: 'Pts points · BH Buchholz',
  };
}

describe('standings image', () => {
  it('is 800 px wide, opaque, and grows with its rows', async () => {
    const small = drawStandings(table(4, false));
    const big = drawStandings(table(40, false));
    expect(small.width).toBe(STANDINGS_WIDTH);
    expect(big.width).toBe(STANDINGS_WIDTH);
    expect(big.height - small.height).toBe(36 * 46);
    const png = await decodePng(await renderStandings(table(8, false)));
    expect(png.width).toBe(800);
    expect(near(png, 2, 2, THEME.bg)).toBe(true);
  });

  it('draws the crosstable below the rows, up to the players it can show', () => {
    const without = drawStandings(table(6, false));
    const withGrid = drawStandings(table(6, true));
    expect(withGrid.height).toBeGreaterThan(without.height + 6 * 26);
    const tooMany = drawStandings(table(MAX_GRID_PLAYERS + 1, true));
    expect(tooMany.height).toBe(drawStandings(table(MAX_GRID_PLAYERS + 1, false)).height);
  });
});
