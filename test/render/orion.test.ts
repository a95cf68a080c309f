import { GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { CELLS, DIR_VECTORS } from '../../src/engine/orion/board.js';
import { getGame } from '../../src/engine/index.js';
import { makeRng, randInt } from '../../src/engine/rng.js';
import type { OrionState } from '../../src/engine/orion/types.js';
import { FAMILY, registerFonts } from '../../src/render/fonts.js';
import { axialToPixel, measure } from '../../src/render/hexdraw.js';
import { drawBoard, renderBoard } from '../../src/render/index.js';
import { orionFooterLines } from '../../src/render/orion.js';
import { ORION_HEIGHT, ORION_WIDTH, orionCard, orionLayout } from '../../src/render/orion-board.js';
import { ORION, THEME } from '../../src/render/theme.js';
import { sideNames } from '../../src/render/card.js';
import { pictureNote } from '../../src/render/footer.js';
import { createCanvas } from '@napi-rs/canvas';
import { orionState } from './fixtures.js';
import { decodePng, distance, hex, near, pixel } from './pixels.js';
import { errorText } from '../../src/engine/game.js';

const at = (label: string): number => CELLS.findIndex((c) => c.label === label);

describe('Orion Duel board image', () => {
  const state = orionState([
    { side: 0, tile: 'L3', cells: ['C7', 'C6', 'C5'], colors: [1, 0, 0] },
    { side: 1, tile: 'S1', cells: ['K2'], colors: [1] },
    { side: 0, tile: 'T3', cells: ['F5', 'F4', 'G5'], colors: [1, 0, 0] },
    { side: 1, tile: 'D2', cells: ['E6', 'E5'], colors: [0, 1] },
  ]);
  const L = orionLayout();
  const S = L.size;

  it('is a PNG of the stated size, under 150 KB', async () => {
    const png = await renderBoard('orion', state, { players: ['Alice', 'Bob'] });
    const d = await decodePng(png);
    expect([d.width, d.height]).toEqual([ORION_WIDTH, ORION_HEIGHT]);
    expect(png.length).toBeLessThan(150 * 1024);
  });

  /** Pixels within a box around a point that are near a colour. */
  const ink = (
    d: Awaited<ReturnType<typeof decodePng>>,
    cx: number,
    cy: number,
    w: number,
    h: number,
    colour: string,
    tol = 40,
  ): number => {
    let n = 0;
    for (let y = Math.round(cy - h / 2); y < cy + h / 2; y++)
      for (let x = Math.round(cx - w / 2); x < cx + w / 2; x++) if (near(d, x, y, colour, tol)) n++;
    return n;
  };

  it('labels the token cells too, above the token, on empty and covered cells', async () => {
    const d = await decodePng(await renderBoard('orion', state));
    // D5: a galaxy on an empty cell; F5: a black hole under a blue hex (the X hex of an orange T3: white text there).
    const d5 = L.center(at('D5'));
    expect(ink(d, d5.x, d5.y - S * 0.52, S * 0.9, S * 0.4, ORION.cellLabel)).toBeGreaterThan(15);
    const f5 = L.center(at('F5'));
    expect(ink(d, f5.x, f5.y - S * 0.52, S * 0.9, S * 0.4, ORION.sideText[1])).toBeGreaterThan(15);
  });

  it('marks who is to move and says the last tile as it is typed', async () => {
    const d = await decodePng(await renderBoard('orion', state, { players: ['Alice', 'Bob'] }));
    // Orange is to move (4 tiles laid): the left card's edge is the highlight colour, the right one's is not.
    const [o, b] = [orionCard(0), orionCard(1)];
    expect(near(d, o.x + 40, o.y, THEME.highlight, 40)).toBe(true);
    expect(near(d, b.x + 40, b.y, THEME.highlight, 40)).toBe(false);
    expect(orionFooterLines(state, ['Alice', 'Bob'])).toEqual(['Blue: D2 E6 N']);
  });

  it('draws its words in the game’s language (the catalogue’s), notation and labels unchanged', async () => {
    const english = await renderBoard('orion', state);
    const french = await renderBoard('orion', state, { locale: 'fr' });
    expect(french.equals(english)).toBe(false);
    expect((await renderBoard('orion', state, { locale: 'en' })).equals(english)).toBe(true);
    expect(sideNames('orion', 'fr')).toEqual(['Orange', 'Bleu']);
    expect(orionFooterLines(state, ['A', 'B'], 'fr')).toEqual(['Bleu\u202f: D2 E6 N']);
    // Why a game ended: the engine's end note, in the picture's words.
    expect(pictureNote('fr', { id: 'orion.end.conditions', params: { rule: 'OD-18', orange: 2, blue: 1 } })).toBe(
      'conditions de victoire 2–1',
    );
    expect(pictureNote('fr', { id: 'orion.end.blocked', params: { rule: 'OD-20', blocked: 1 } })).toBe(
      'Bleu ne peut poser aucune tuile',
    );
  });

  it('paints empty, orange and blue cells and tokens where the layout says', async () => {
    const d = await decodePng(await renderBoard('orion', state));
    const below = (label: string) => {
      const c = L.center(at(label));
      return { x: c.x, y: c.y + S * 0.62 };
    };
    let p = below('F7');
    expect(near(d, p.x, p.y, ORION.cell)).toBe(true);
    p = below('C6');
    expect(near(d, p.x, p.y, ORION.side[0])).toBe(true);
    // Blue is striped: either of its two shades.
    p = below('K2');
    const k2 = pixel(d, p.x, p.y);
    expect(Math.min(distance(k2, hex(ORION.side[1])), distance(k2, hex(ORION.sideStripe[1])))).toBeLessThanOrEqual(8);
    // A black hole still shows on the covered cell F5, a galaxy on the empty D5.
    const f5 = L.center(at('F5'));
    expect(near(d, f5.x, f5.y + S * 0.16, ORION.hole)).toBe(true);
    const d5 = L.center(at('D5'));
    expect(near(d, d5.x, d5.y + S * 0.16, ORION.galaxyCore, 12)).toBe(true);
  });

  it('outlines the last tile and draws the purple sides', async () => {
    const d = await decodePng(await renderBoard('orion', state));
    // E6 (last tile, with E5): the edge towards E7 carries the white highlight.
    const e6 = L.center(at('E6'));
    expect(near(d, e6.x, e6.y + S * 0.9 * (Math.sqrt(3) / 2), '#ffffff', 20)).toBe(true);
    // A2's outer (NW) edge: the solid purple band of OD-7.
    const a2 = L.center(at('A2'));
    const v = axialToPixel(DIR_VECTORS[5][0], DIR_VECTORS[5][1], 1, 'flat');
    const len = Math.hypot(v.x, v.y);
    const r = S * 1.13 * (Math.sqrt(3) / 2);
    expect(near(d, a2.x + (v.x / len) * r, a2.y + (v.y / len) * r, ORION.pair[0], 12)).toBe(true);
  });

  it('writes every cell label with the bundled font', async () => {
    registerFonts();
    expect(GlobalFonts.families.some((f) => f.family === FAMILY)).toBe(true);
    const ctx = createCanvas(10, 10).getContext('2d');
    expect(measure(ctx, 'K4', 14)).toBeGreaterThan(0);
    // Around the centre of the empty, token-free F7: pixels in the label colour.
    const d = await decodePng(await renderBoard('orion', state));
    const c = L.center(at('F7'));
    let ink = 0;
    for (let y = c.y - S * 0.25; y < c.y + S * 0.25; y++)
      for (let x = c.x - S * 0.4; x < c.x + S * 0.4; x++) if (near(d, x, y, ORION.cellLabel, 20)) ink++;
    expect(ink).toBeGreaterThan(10);
  });

  it('gives the same bytes for the same position', async () => {
    const a = await renderBoard('orion', state, { players: ['A', 'B'] });
    const b = await renderBoard('orion', structuredClone(state), { players: ['A', 'B'] });
    expect(a.equals(b)).toBe(true);
  });

  it('draws the same picture whether its empty board is cached or not (other layouts and scales in between)', async () => {
    const first = await renderBoard('orion', state, { players: ['A', 'B'] });
    const g = getGame('orion');
    for (let k = 0; k < 8; k++) {
      const other = g.initial(`random:${100 + k}`);
      if (!other.ok) throw new Error('setup');
      await renderBoard('orion', other.value, { players: ['A', 'B'] });
      drawBoard('orion', state, ['A', 'B'], 0.8);
    }
    expect((await renderBoard('orion', state, { players: ['A', 'B'] })).equals(first)).toBe(true);
    // A covered token cell keeps its token and label drawn over the tile; an empty one shows the cached board.
    const d = await decodePng(first);
    const f5 = L.center(at('F5'));
    expect(near(d, f5.x, f5.y + S * 0.16, ORION.hole)).toBe(true);
    const b2 = L.center(at('B2'));
    expect(near(d, b2.x, b2.y + S * 0.16, ORION.galaxyCore, 12)).toBe(true);
  });

  it('a finished random game (nearly full board) stays under 150 KB and shows the result', async () => {
    const g = getGame('orion');
    const rng = makeRng(11);
    const s0 = g.initial('random:11');
    if (!s0.ok) throw new Error('setup');
    let s = s0.value as OrionState;
    for (let ms = g.legalMoves(s); ms.length; ms = g.legalMoves(s)) {
      const r = g.play(s, ms[randInt(rng, ms.length)]);
      if (!r.ok) throw new Error(errorText(r.error));
      s = r.value as OrionState;
    }
    expect(s.end).not.toBeNull();
    const png = await renderBoard('orion', s, { players: ['Alice', 'Bob'] });
    expect(png.length).toBeLessThan(150 * 1024);
    const d = await decodePng(png);
    // The result banner under the board, at its left end.
    expect(near(d, 13, ORION_HEIGHT - 22, s.end!.draw ? '#3b4252' : '#24452c')).toBe(true);
    const lines = orionFooterLines(s, ['Alice', 'Bob']);
    expect(lines[lines.length - 1]).toBe(s.end!.draw ? 'Draw' : `${['Alice', 'Bob'][s.end!.winner!]} wins`);
    // Every covered cell shows its colour below the label.
    for (let i = 0; i < 85; i++) {
      if (s.cells[i] !== 0 || s.galaxies.includes(i) || s.blackHoles.includes(i)) continue;
      const c = L.center(i);
      expect(near(d, c.x, c.y + S * 0.62, ORION.side[0])).toBe(true);
    }
  });
});
