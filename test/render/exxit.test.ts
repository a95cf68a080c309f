import { describe, expect, it } from 'vitest';
import { exxitLayout, EXXIT_BOARD_AREA, EXXIT_HEIGHT, EXXIT_WIDTH, exxitLastText } from '../../src/render/exxit.js';
import { renderBoard } from '../../src/render/index.js';
import { EXXIT, THEME } from '../../src/render/theme.js';
import { getGame } from '../../src/engine/index.js';
import { replay } from '../../src/engine/replay.js';
import { makeRng, randInt } from '../../src/engine/rng.js';
import type { ExxitState } from '../../src/engine/exxit/types.js';
import { exxitState } from './fixtures.js';
import { decodePng, distance, hex, near, pixel } from './pixels.js';
import { errorText } from '../../src/engine/game.js';

const SQRT3 = Math.sqrt(3);

describe('Exxit board image', () => {
  const state = exxitState({
    extra: [[-1, 0, 1], [2, -1, 0]],
    stacks: { '0,0': [1, 0], '1,-1': [0, 1] },
    prisoners: [[1, -2, [0, 1]]],
    last: { move: { kind: 'place', q: 0, r: 0 }, by: 0, sown: [], freed: [] },
    toMove: 1,
  });

  it('is a PNG of the stated size, under 300 KB', async () => {
    const png = await renderBoard('exxit', state, { players: ['Alice', 'Bob'] });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const d = await decodePng(png);
    expect([d.width, d.height]).toEqual([EXXIT_WIDTH, EXXIT_HEIGHT]);
    expect(png.length).toBeLessThan(300 * 1024);
  });

  it('paints tiles, pawns, prisoner cells and voids where the layout says', async () => {
    const d = await decodePng(await renderBoard('exxit', state));
    const L = exxitLayout(state);
    const R = L.size;
    // Empty red tile B (1,0) and empty black tile D (0,1): the inner face at the centre.
    const b = L.center(1, 0);
    expect(near(d, b.x, b.y, EXXIT.tileTop[0])).toBe(true);
    const dd = L.center(0, 1);
    expect(near(d, dd.x, dd.y, EXXIT.tileTop[1])).toBe(true);
    // A (0,0): stack [black, red], owned by red: the top face is red, to the side of the height digit.
    const a = L.center(0, 0);
    const t = Math.min(R * 0.13, R * 0.5);
    expect(near(d, a.x + R * 0.32, a.y + R * 0.34 - t, EXXIT.pawn[0], 12)).toBe(true);
    // C (1,-1): stack [red, black]: the top face is black.
    const c = L.center(1, -1);
    expect(near(d, c.x + R * 0.2, c.y + R * 0.34 - t - R * 0.06, EXXIT.pawn[1], 12)).toBe(true);
    // Prisoner cell X1 (1,-2): its own fill beside the stack.
    const x1 = L.center(1, -2);
    expect(near(d, x1.x - R * 0.62, x1.y, EXXIT.prisonerCell)).toBe(true);
    // Far away: the background.
    expect(near(d, 20, EXXIT_HEIGHT / 2, THEME.bg)).toBe(true);
  });

  it('highlights the last move', async () => {
    const d = await decodePng(await renderBoard('exxit', state));
    const L = exxitLayout(state);
    const a = L.center(0, 0);
    // The placed-on cell's outline, on its left edge.
    expect(near(d, a.x - L.size * 0.9 * (SQRT3 / 2), a.y, THEME.highlight, 30)).toBe(true);
    expect(exxitLastText(state)).toBe('Red placed a pawn on A');
  });

  it('red and black differ by more than hue: lightness and a ring mark', () => {
    const lum = (c: string): number => hex(c).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
    expect(Math.abs(lum(EXXIT.pawn[0]) - lum(EXXIT.pawn[1]))).toBeGreaterThan(60);
    expect(Math.abs(lum(EXXIT.tile[0]) - lum(EXXIT.tile[1]))).toBeGreaterThan(40);
  });

  it('copes with odd names and refuses an unknown game', async () => {
    const weird = await renderBoard('exxit', state, { players: ['', 'x\n\u0007'.repeat(200)] });
    // Control characters become spaces, runs collapse, 64 characters at most, empty → the colour.
    const plain = await renderBoard('exxit', state, { players: ['Red', Array(200).fill('x').join(' ').slice(0, 64)] });
    expect(weird.equals(plain)).toBe(true);
    await expect(renderBoard('chess', state)).rejects.toThrow(/unknown game/);
  });

  it('gives the same bytes for the same position', async () => {
    const a = await renderBoard('exxit', state, { players: ['A', 'B'] });
    const b = await renderBoard('exxit', structuredClone(state), { players: ['A', 'B'] });
    expect(a.equals(b)).toBe(true);
  });

  it('keeps a world grown far in one direction inside the frame', async () => {
    const extra: [number, number, 0 | 1][] = [];
    for (let q = 2; q <= 34; q++) extra.push([q, -1, (q % 2) as 0 | 1]);
    extra.push([-3, 6, 0]);
    const grown = exxitState({ extra, stacks: { '34,-1': [0, 0, 1] }, prisoners: [[35, -1, [1]]] });
    const L = exxitLayout(grown);
    const A = EXXIT_BOARD_AREA;
    for (const c of [...grown.tiles, ...grown.prisoners]) {
      const p = L.center(c.q, c.r);
      expect(p.x - L.size).toBeGreaterThanOrEqual(A.x);
      expect(p.x + L.size).toBeLessThanOrEqual(A.x + A.w);
      expect(p.y - L.size).toBeGreaterThanOrEqual(A.y);
      expect(p.y + L.size).toBeLessThanOrEqual(A.y + A.h);
    }
    const d = await decodePng(await renderBoard('exxit', grown));
    const far = L.center(32, -1);
    expect(near(d, far.x, far.y, EXXIT.tileTop[0])).toBe(true);
    const x1 = L.center(35, -1);
    expect(distance(pixel(d, x1.x - L.size * 0.62, x1.y), hex(THEME.bg))).toBeGreaterThan(3);
  });

  it('draws real positions: a full random game stays under 300 KB and shows the result', async () => {
    const g = getGame('exxit');
    const rng = makeRng(7);
    const s = g.initial('standard');
    if (!s.ok) throw new Error('setup');
    let st = s.value as ExxitState;
    while (g.legalMoves(st).length) {
      const ms = g.legalMoves(st);
      const r = g.play(st, ms[randInt(rng, ms.length)]);
      if (!r.ok) throw new Error(errorText(r.error));
      st = r.value as ExxitState;
    }
    expect(st.end).not.toBeNull();
    const png = await renderBoard('exxit', st, { players: ['Alice', 'Bob'] });
    expect(png.length).toBeLessThan(300 * 1024);
    const d = await decodePng(png);
    const L = exxitLayout(st);
    for (const t of st.tiles) {
      const p = L.center(t.q, t.r);
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(EXXIT_WIDTH);
    }
    // The result banner (green for a win, grey for a draw) inside the footer's left end.
    expect(near(d, 24, EXXIT_HEIGHT - 64 + 26, st.end!.draw ? '#3b4252' : '#24452c')).toBe(true);
  });

  it('replays the worked opening (EX rules file) and labels the exit dance', () => {
    const r = replay(getGame('exxit'), 'standard', ['P 0,0', 'P 1,0', 'D 0,0 E', 'P 1,-1', 'D 1,0 NW']);
    if (!r.ok) throw new Error('replay');
    const s = r.states[5] as ExxitState;
    expect(exxitLastText(s)).toBe('Red danced D B NW: sowed C, exit to prisoner cell X1');
  });
});
