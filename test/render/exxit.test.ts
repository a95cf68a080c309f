import { describe, expect, it } from 'vitest';
import {
  exxitCard,
  exxitLayout,
  EXXIT_BOARD_AREA,
  EXXIT_HEIGHT,
  EXXIT_WIDTH,
  voidRing,
} from '../../src/render/exxit-layout.js';
import { exxitLastText, exxitMoveLines } from '../../src/render/exxit.js';
import { BOARD_SIZE, renderBoard } from '../../src/render/index.js';
import { sideNames } from '../../src/render/card.js';
import { format } from '../../src/i18n/catalogue.js';
import { EXXIT, THEME, TYPE } from '../../src/render/theme.js';
import { getGame } from '../../src/engine/index.js';
import { replay } from '../../src/engine/replay.js';
import { makeRng, randInt } from '../../src/engine/rng.js';
import type { ExxitLastMove, ExxitState } from '../../src/engine/exxit/types.js';
import { exxitState } from './fixtures.js';
import { type Decoded, decodePng, distance, hex, near, pixel } from './pixels.js';
import { errorText } from '../../src/engine/game.js';

const SQRT3 = Math.sqrt(3);

/** EX-1 by eye, not by the theme's constants: a red pawn reads red, a black pawn reads dark. */
const isRed = ([r, g, b]: number[]): boolean => r >= 170 && r - g >= 70 && r - b >= 70;
const isDark = (c: number[]): boolean => Math.max(...c) <= 60;
const isYellow = ([r, g, b]: number[]): boolean => r >= 200 && g >= 170 && b <= 120;

/** Where a stack's top face is, beside its height digit (drawStacks' geometry). */
function topFace(
  L: { size: number; center(q: number, r: number): { x: number; y: number } },
  q: number,
  r: number,
  n: number,
) {
  const R = L.size;
  const c = L.center(q, r);
  const t = Math.min(R * 0.13, (R * 0.5) / Math.max(1, n - 1));
  return { x: c.x + R * 0.39, y: c.y + R * 0.34 - (n - 1) * t };
}

/** Points on the outline of the highlight ring of a cell (0.9 R), at each corner and edge middle. */
function ringPoints(L: { size: number; center(q: number, r: number): { x: number; y: number } }, q: number, r: number) {
  const c = L.center(q, r);
  const pts = [];
  for (let k = 0; k < 12; k++) {
    const a = ((-90 + 30 * k) * Math.PI) / 180;
    const rad = L.size * 0.9 * (k % 2 ? SQRT3 / 2 : 1);
    pts.push({ x: c.x + rad * Math.cos(a), y: c.y + rad * Math.sin(a) });
  }
  return pts;
}

/** How many of the points have a highlight-yellow pixel within 1 px. */
function yellowAt(d: Decoded, pts: { x: number; y: number }[]): number {
  let n = 0;
  for (const p of pts) {
    let hit = false;
    for (let dy = -1; dy <= 1 && !hit; dy++)
      for (let dx = -1; dx <= 1 && !hit; dx++) hit = isYellow(pixel(d, p.x + dx, p.y + dy));
    if (hit) n++;
  }
  return n;
}

describe('Exxit board image', () => {
  const state = exxitState({
    extra: [
      [-1, 0, 1],
      [2, -1, 0],
    ],
    stacks: { '0,0': [1, 0], '1,-1': [0, 1] },
    prisoners: [[1, -2, [0, 1]]],
    last: { move: { kind: 'place', q: 0, r: 0 }, by: 0, sown: [], freed: [] },
    toMove: 1,
  });

  it('is a PNG of one size for every position, under 150 KB', async () => {
    const png = await renderBoard('exxit', state, { players: ['Alice', 'Bob'] });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const d = await decodePng(png);
    expect([d.width, d.height]).toEqual([EXXIT_WIDTH, EXXIT_HEIGHT]);
    expect(BOARD_SIZE.exxit).toEqual({ width: EXXIT_WIDTH, height: EXXIT_HEIGHT });
    expect(png.length).toBeLessThan(150 * 1024);
    const empty = await decodePng(await renderBoard('exxit', exxitState()));
    expect([empty.width, empty.height]).toEqual([EXXIT_WIDTH, EXXIT_HEIGHT]);
  });

  it('paints tiles, pawns, prisoner cells and voids where the layout says', async () => {
    const d = await decodePng(await renderBoard('exxit', state));
    const L = exxitLayout(state);
    const R = L.size;
    // Empty red tile B (1,0) and empty black tile D (0,1): the inner face below the letter.
    const b = L.center(1, 0);
    expect(near(d, b.x, b.y + R * 0.2, EXXIT.tileTop[0])).toBe(true);
    const dd = L.center(0, 1);
    expect(near(d, dd.x, dd.y + R * 0.2, EXXIT.tileTop[1])).toBe(true);
    // Prisoner cell X1 (1,-2): its own fill beside the stack.
    const x1 = L.center(1, -2);
    expect(near(d, x1.x - R * 0.62, x1.y, EXXIT.prisonerCell)).toBe(true);
    // Far away, in a corner of the board area: the background.
    expect(near(d, EXXIT_BOARD_AREA.x + 2, EXXIT_BOARD_AREA.y + EXXIT_BOARD_AREA.h - 3, THEME.bg)).toBe(true);
  });

  it('shows pawns in the colours of EX-1: a red top pawn reads red, a black one dark (not the theme compared with itself)', async () => {
    const d = await decodePng(await renderBoard('exxit', state));
    const L = exxitLayout(state);
    // A (0,0): stack [black, red], owned by red; C (1,-1): [red, black], owned by black.
    const a = topFace(L, 0, 0, 2);
    expect(isRed(pixel(d, a.x, a.y))).toBe(true);
    const c = topFace(L, 1, -1, 2);
    expect(isDark(pixel(d, c.x, c.y))).toBe(true);
    // A single pawn: X1 holds [red, black] → black on top.
    const x = topFace(L, 1, -2, 2);
    expect(isDark(pixel(d, x.x, x.y))).toBe(true);
    // The header: Red's card shows a red pawn, Black's a dark one.
    expect(isRed(pixel(d, exxitCard(0).icon.x, exxitCard(0).icon.y))).toBe(true);
    expect(isDark(pixel(d, exxitCard(1).icon.x, exxitCard(1).icon.y))).toBe(true);
    // Tiles too: red tiles are reddish, black tiles dark.
    const bt = L.center(1, 0);
    const [r, g] = pixel(d, bt.x, bt.y + L.size * 0.2);
    expect(r - g).toBeGreaterThan(60);
    expect(isDark(pixel(d, L.center(0, 1).x, L.center(0, 1).y + L.size * 0.2))).toBe(true);
  });

  it('highlights a placement', async () => {
    const d = await decodePng(await renderBoard('exxit', state));
    const L = exxitLayout(state);
    const a = L.center(0, 0);
    // The placed-on cell's outline, on its left edge.
    expect(isYellow(pixel(d, a.x - L.size * 0.9 * (SQRT3 / 2), a.y))).toBe(true);
    expect(exxitLastText(state)).toBe('Red: P A');
  });

  it('highlights a dance: the source (dashed), every sown cell, and the path between them', async () => {
    // Red dances from E (-1,0) east: one pawn each on A (0,0) and B (1,0), the last on (2,0), now a prisoner cell X1.
    const danced = exxitState({
      extra: [
        [-1, 0, 0],
        [2, -1, 1],
      ],
      stacks: { '0,0': [1, 0], '1,0': [0] },
      prisoners: [[2, 0, [0]]],
      last: {
        move: { kind: 'dance', q: -1, r: 0, dir: 'E' },
        by: 0,
        sown: [
          { q: 0, r: 0 },
          { q: 1, r: 0 },
          { q: 2, r: 0 },
        ],
        freed: [],
      },
      toMove: 1,
    });
    const d = await decodePng(await renderBoard('exxit', danced));
    const L = exxitLayout(danced);
    // Every sown cell: its whole outline is yellow.
    for (const c of danced.last!.sown) expect(yellowAt(d, ringPoints(L, c.q, c.r))).toBeGreaterThanOrEqual(11);
    // The source: dashed, so part of its outline.
    const src = yellowAt(d, ringPoints(L, -1, 0));
    expect(src).toBeGreaterThanOrEqual(3);
    // The path: where it crosses from the source into A, and from A into B (between the cells: no outline there).
    for (const [p, q] of [
      [L.center(-1, 0), L.center(0, 0)],
      [L.center(0, 0), L.center(1, 0)],
    ]) {
      expect(isYellow(pixel(d, (p.x + q.x) / 2, (p.y + q.y) / 2))).toBe(true);
    }
    // An untouched cell has no highlight.
    expect(yellowAt(d, ringPoints(L, 0, 1))).toBe(0);
    expect(exxitLastText(danced)).toBe('Red: D E E · sowed A B, exit to X1');
  });

  describe('a forced pass after a move (EX-10)', () => {
    const dance: ExxitLastMove = {
      move: { kind: 'dance', q: 0, r: 0, dir: 'E' },
      by: 0,
      sown: [{ q: 1, r: 0 }],
      freed: [],
      label: 'D A E',
    };
    const passed = exxitState({
      stacks: { '1,0': [1, 0] },
      last: { move: { kind: 'pass' }, by: 1, sown: [], freed: [], label: 'pass' },
      toMove: 0,
    });

    it('names the move it followed and the pass, and highlights that move', async () => {
      expect(exxitLastText(passed, dance)).toBe('Red: D A E · sowed B · Black has no move: pass');
      expect(exxitMoveLines(passed, dance)).toContain('Red: D A E · Black has no move: pass');
      // Only who and what is enough for the words.
      expect(exxitLastText(passed, { by: 0, label: 'D A E' })).toBe('Red: D A E · Black has no move: pass');
      const d = await decodePng(await renderBoard('exxit', passed, { previous: dance }));
      const L = exxitLayout(passed);
      expect(yellowAt(d, ringPoints(L, 1, 0))).toBeGreaterThanOrEqual(11);
      expect(yellowAt(d, ringPoints(L, 0, 0))).toBeGreaterThanOrEqual(3);
    });

    it('ignores a malformed previous move instead of drawing it (it comes from the caller)', async () => {
      const bare = await renderBoard('exxit', passed);
      expect((await renderBoard('exxit', passed, { previous: { by: 7 } as never })).equals(bare)).toBe(true);
      const odd = await renderBoard('exxit', passed, {
        previous: { by: 0, label: 'D A E\n\u0007', sown: 'x' as never, move: 3 as never },
      });
      expect(odd.equals(await renderBoard('exxit', passed, { previous: { by: 0, label: 'D A E' } }))).toBe(true);
    });

    it('without the move it followed, says only the pass and highlights nothing', async () => {
      expect(exxitMoveLines(passed)).toEqual(['Black has no move: pass']);
      const d = await decodePng(await renderBoard('exxit', passed));
      const L = exxitLayout(passed);
      expect(yellowAt(d, ringPoints(L, 1, 0))).toBe(0);
    });

    it('in a real game: the state before the pass gives the move, the picture differs from the bare pass', async () => {
      const g = getGame('exxit');
      for (let seed = 1; seed < 60; seed++) {
        const rng = makeRng(seed);
        let s = (g.initial('standard') as { ok: true; value: ExxitState }).value;
        while (g.legalMoves(s).length) {
          const ms = g.legalMoves(s);
          const r = g.play(s, ms[randInt(rng, ms.length)]);
          if (!r.ok) throw new Error(errorText(r.error));
          const before = s;
          s = r.value as ExxitState;
          if (!s.end && s.last?.move.kind === 'pass' && before.last && before.last.move.kind !== 'pass') {
            const prev = before.last;
            const line = exxitLastText(s, prev);
            expect(line.startsWith(`${sideNames('exxit', 'en')[prev.by]}: ${prev.label}`)).toBe(true);
            expect(line.endsWith(`${sideNames('exxit', 'en')[s.last.by]} has no move: pass`)).toBe(true);
            const withPrev = await renderBoard('exxit', s, { previous: prev });
            expect(withPrev.equals(await renderBoard('exxit', s))).toBe(false);
            return;
          }
        }
      }
      throw new Error('no forced pass found in 60 random games');
    });
  });

  it('draws its words in the game’s language (the catalogue’s), notation and labels unchanged', async () => {
    const english = await renderBoard('exxit', state);
    const french = await renderBoard('exxit', state, { locale: 'fr' });
    expect(french.equals(english)).toBe(false);
    expect((await renderBoard('exxit', state, { locale: 'en' })).equals(english)).toBe(true);
    expect(sideNames('exxit', 'fr')).toEqual(['Rouge', 'Noir']);
    expect(format('fr', 'picture.exxit.reserve', { n: 3 })).toBe('réserve 3');
    expect(exxitLastText(state, undefined, 'fr')).toBe('Rouge\u202f: P A');
    const danced = exxitState({
      extra: [
        [-1, 0, 0],
        [2, -1, 1],
      ],
      stacks: { '0,0': [1, 0], '1,0': [0] },
      prisoners: [[2, 0, [0]]],
      last: {
        move: { kind: 'dance', q: -1, r: 0, dir: 'E' },
        by: 0,
        sown: [
          { q: 0, r: 0 },
          { q: 1, r: 0 },
          { q: 2, r: 0 },
        ],
        freed: [],
      },
      toMove: 1,
    });
    expect(exxitLastText(danced, undefined, 'fr')).toBe('Rouge\u202f: D E E · distribue sur A B, sortie en X1');
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

  it('fills the board area with a small world (no wide empty margins)', () => {
    const r = replay(getGame('exxit'), 'standard', ['P 0,0', 'P 1,0', 'D 0,0 E', 'P 1,-1', 'D 1,0 NW']);
    if (!r.ok) throw new Error('replay');
    for (const s of [exxitState(), r.states[5] as ExxitState]) {
      const L = exxitLayout(s);
      const xs: number[] = [];
      const ys: number[] = [];
      for (const c of [...s.tiles, ...s.prisoners, ...voidRing(s)]) {
        const p = L.center(c.q, c.r);
        xs.push(p.x);
        ys.push(p.y);
      }
      const A = EXXIT_BOARD_AREA;
      // The void ring's centres span most of the area one way or the other.
      expect(
        Math.max((Math.max(...xs) - Math.min(...xs)) / A.w, (Math.max(...ys) - Math.min(...ys)) / A.h),
      ).toBeGreaterThan(0.6);
    }
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

  it('leaves hexes room for legible labels in the worlds random games build (every variant)', () => {
    const g = getGame('exxit');
    for (const setup of ['standard', 'blitz', 'short']) {
      for (let seed = 1; seed <= 12; seed++) {
        const rng = makeRng(seed);
        let s = (g.initial(setup) as { ok: true; value: ExxitState }).value;
        while (g.legalMoves(s).length) {
          const ms = g.legalMoves(s);
          const r = g.play(s, ms[randInt(rng, ms.length)]);
          if (!r.ok) throw new Error(errorText(r.error));
          s = r.value as ExxitState;
        }
        // A 16 px "X12" needs a hex of radius ~30 at the label's height.
        expect(exxitLayout(s).size).toBeGreaterThan(TYPE.label * 2);
      }
    }
  });

  it('draws real positions: a full random game stays under 150 KB and shows the result', async () => {
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
    expect(png.length).toBeLessThan(150 * 1024);
    const d = await decodePng(png);
    const L = exxitLayout(st);
    for (const t of st.tiles) {
      const p = L.center(t.q, t.r);
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(EXXIT_WIDTH);
    }
    // The result banner (green for a win, grey for a draw) inside the footer's left end.
    expect(near(d, 13, EXXIT_HEIGHT - 22, st.end!.draw ? '#3b4252' : '#24452c')).toBe(true);
  });

  it('replays the worked opening (EX rules file) and labels the exit dance', () => {
    const r = replay(getGame('exxit'), 'standard', ['P 0,0', 'P 1,0', 'D 0,0 E', 'P 1,-1', 'D 1,0 NW']);
    if (!r.ok) throw new Error('replay');
    const s = r.states[5] as ExxitState;
    expect(exxitLastText(s)).toBe('Red: D B NW · sowed C, exit to X1');
    expect(exxitMoveLines(s)).toEqual(['Red: D B NW · sowed C, exit to X1', 'Red: D B NW']);
  });

  it('uses text sizes that read at 400 px: capitals ≥ 7 px for labels, ≥ 9 px for names, score and the last move', () => {
    // The sizes of docs/render.md: at a 400 px display (scale 400/640), capitals of 0.73 em.
    const at400 = (px: number): number => px * 0.73 * (400 / EXXIT_WIDTH);
    expect(at400(TYPE.label)).toBeGreaterThanOrEqual(7);
    expect(at400(TYPE.height)).toBeGreaterThanOrEqual(7);
    expect(at400(TYPE.small)).toBeGreaterThanOrEqual(7);
    expect(at400(Math.min(...TYPE.name))).toBeGreaterThanOrEqual(9);
    expect(at400(TYPE.footer)).toBeGreaterThanOrEqual(9);
    expect(at400(TYPE.score)).toBeGreaterThanOrEqual(9);
  });
});
