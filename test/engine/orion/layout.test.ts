import { describe, expect, it } from 'vitest';
import { cellLabel } from '../../../src/engine/orion/board.js';
import { PRESETS, checkLayout, layoutOf, randomLayout } from '../../../src/engine/orion/layout.js';
import { orion } from '../../../src/engine/orion/index.js';
import { layoutInfo } from '../../../src/engine/orion/position.js';

describe('OD-11 presets', () => {
  it.each(Object.entries(PRESETS))('%s meets OD-10 and is symmetric under a half turn', (_name, l) => {
    expect(checkLayout(l)).toBeNull();
    const flip = (label: string) => {
      const col = 'ABCDEFGHIJK'.indexOf(label[0]);
      const size = [4, 7, 8, 9, 10, 9, 10, 9, 8, 7, 4][col];
      return `${'ABCDEFGHIJK'[10 - col]}${size + 1 - Number(label.slice(1))}`;
    };
    const g = l.galaxies.map(cellLabel);
    expect(g.map(flip).sort()).toEqual([...g].sort());
    const b = l.blackHoles.map(cellLabel);
    expect(b.map(flip).sort()).toEqual([...b].sort());
  });

  it('preset 1 has the tokens of the rules file', () => {
    expect(PRESETS.preset1.galaxies.map(cellLabel).join(' ')).toBe('B2 B6 D5 F1 F9 H5 J2 J6');
    expect(PRESETS.preset1.blackHoles.map(cellLabel).join(' ')).toBe('B4 D2 D8 F5 H2 H8 J4');
  });
});

describe('OD-10 random layouts', () => {
  it('1000 seeds all meet OD-10 and are reproducible', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const l = randomLayout(String(i));
      expect(checkLayout(l)).toBeNull();
      expect(randomLayout(String(i))).toEqual(l);
      // In cell order, as the presets are: a stored state compares token lists as they are (json.ts).
      expect(l.galaxies).toEqual([...l.galaxies].sort((a, b) => a - b));
      expect(l.blackHoles).toEqual([...l.blackHoles].sort((a, b) => a - b));
      seen.add(JSON.stringify(l));
    }
    expect(seen.size).toBeGreaterThan(990);
  });

  it('checkLayout refuses layouts that break OD-10', () => {
    const l = PRESETS.preset1;
    expect(checkLayout({ galaxies: [0, 1, ...l.galaxies.slice(2)], blackHoles: l.blackHoles })).toMatch(
      /galaxies closer/,
    );
    expect(checkLayout({ galaxies: l.galaxies, blackHoles: [l.galaxies[0], ...l.blackHoles.slice(1)] })).toMatch(
      /share a cell/,
    );
  });

  it('checkLayout names each broken OD-4/OD-10 constraint in its own words', () => {
    const { galaxies: g, blackHoles: b } = PRESETS.preset1;
    const cases: [number[], number[], string | null][] = [
      [g, b, null],
      [g.slice(1), b, 'OD-4: 8 galaxies and 7 black holes'],
      [g, [...b, 40], 'OD-4: 8 galaxies and 7 black holes'],
      [[...g.slice(1), 85], b, 'OD-10: a token is off the board'],
      [[...g.slice(1), -1], b, 'OD-10: a token is off the board'],
      [[...g.slice(1), 2.5], b, 'OD-10: a token is off the board'],
      [g, [...b.slice(1), 85], 'OD-10: a token is off the board'],
      [g, [b[1], ...b.slice(1)], 'OD-10: two tokens share a cell'],
    ];
    for (const [galaxies, blackHoles, why] of cases) expect(checkLayout({ galaxies, blackHoles })).toBe(why);
    // A black hole one step from a galaxy, nowhere near another black hole: found by search on the board.
    const near = Array.from({ length: 85 }, (_, c) => c).find(
      (c) =>
        !g.includes(c) &&
        !b.slice(1).includes(c) &&
        checkLayout({ galaxies: g, blackHoles: [c, ...b.slice(1)] }) === 'OD-10: a black hole next to a galaxy',
    );
    expect(near).toBeDefined();
    // Every cell of the board is a possible black hole in exactly one of these ways, or fine.
    const verdicts = new Set(
      Array.from({ length: 85 }, (_, c) => checkLayout({ galaxies: g, blackHoles: [c, ...b.slice(1)] })),
    );
    expect([...verdicts].sort()).toEqual(
      [
        null,
        'OD-10: a black hole next to a galaxy',
        'OD-10: two black holes closer than 3',
        'OD-10: two tokens share a cell',
      ].sort(),
    );
  });

  it('is reachable as a setup name, and bad names are refused (OD-11)', () => {
    const a = orion.initial('random:abc-1');
    const b = orion.initial('random:abc-1');
    expect(a.ok && b.ok && a.value.galaxies.join() === b.value.galaxies.join()).toBe(true);
    expect(layoutOf('random:abc-1')).toEqual(randomLayout('abc-1'));
    for (const bad of ['random:', 'random: x', 'preset4', 'PRESET1', '', 'x'.repeat(100), 7 as unknown as string]) {
      expect(orion.initial(bad)).toEqual({
        ok: false,
        error: {
          rule: 'OD-11',
          code: 'orion.unknownSetup',
          params: { setup: String(bad).slice(0, 40), setups: 'preset1, preset2, preset3, random:<seed>', seedMax: 64 },
        },
      });
    }
    expect(orion.setups).toEqual(['preset1', 'preset2', 'preset3', 'random:<seed>']);
    const d = orion.initial();
    expect(d.ok && d.value.layout).toBe('preset1');
  });
});

describe("the fast position's layout cache", () => {
  // Cached by its token lists: layouts whose cell numbers would run together without the separators are different.
  it.each([
    ['galaxies 1, 23 / 12, 3', [[1, 23], [4]], [[12, 3], [4]]],
    ['black holes 1, 23 / 12, 3', [[5], [1, 23]], [[5], [12, 3]]],
    ['galaxies 1, 2 and black hole 3 / galaxies 1, 23', [[1, 2], [3]], [[1, 23], []]],
  ] as const)('%s are two layouts', (_name, a, b) => {
    const ascending = (cells: readonly number[]) => [...cells].sort((x, y) => x - y);
    const tokens = (info: ReturnType<typeof layoutInfo>) => ({
      galaxies: [...info.isGalaxy.keys()].filter((c) => info.isGalaxy[c]),
      blackHoles: [...info.isBlackHole.keys()].filter((c) => info.isBlackHole[c]),
    });
    for (const [galaxies, blackHoles] of [a, b, a])
      expect(tokens(layoutInfo(galaxies, blackHoles))).toEqual({
        galaxies: ascending(galaxies),
        blackHoles: ascending(blackHoles),
      });
  });
});
