// The review's pictures (src/render/review.ts): the win-chance chart puts
// each marked move's colour where its point is (and nowhere else when there is
// no mark), its words follow the locale; a board with moves drawn shows each
// move's style only when that move is given, refuses a move text that is not a
// legal move of the position, and the pooled variants give the very bytes.
import { afterAll, describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { replay } from '../../src/engine/replay.js';
import { catalogueKeys, format } from '../../src/i18n/catalogue.js';
import { BOARD_SIZE, renderBoard } from '../../src/render/index.js';
import {
  closeRenderPool,
  RenderPool,
  renderMoveComparisonPooled,
  renderWinChartPooled,
} from '../../src/render/pool.js';
import {
  CHART_HEIGHT,
  CHART_WIDTH,
  chartX,
  chartY,
  MARKED_GRADES,
  type MarkedGrade,
  renderMoveComparison,
  renderWinChart,
  type WinChart,
} from '../../src/render/review.js';
import { REVIEW } from '../../src/render/theme.js';
import { randomGame } from './fixtures.js';
import { type Decoded, decodePng, near } from './pixels.js';

afterAll(async () => {
  await closeRenderPool();
});

/** 41 chances (40 plies) that swing both ways. */
const CHANCES = Array.from({ length: 41 }, (_, i) => 50 + 30 * Math.sin(i / 5));

/** Pixels within `r` of (x, y) that are within `tol` of colour `c`. */
function countNear(d: Decoded, x: number, y: number, r: number, c: string, tol = 10): number {
  let n = 0;
  for (let yy = Math.max(0, Math.round(y - r)); yy <= Math.min(d.height - 1, y + r); yy++)
    for (let xx = Math.max(0, Math.round(x - r)); xx <= Math.min(d.width - 1, x + r); xx++)
      if (near(d, xx, yy, c, tol)) n++;
  return n;
}

/** Pixels of the whole picture within `tol` of colour `c`. */
const countAll = (d: Decoded, c: string, tol = 10): number => countNear(d, 0, 0, Math.max(d.width, d.height), c, tol);

describe('win chart', () => {
  it('is an 800 x 450 PNG for both games, with or without names', async () => {
    for (const game of ['exxit', 'orion'] as const) {
      for (const players of [undefined, ['Alice', 'Bob 🐉'] as [string, string]]) {
        const d = await decodePng(await renderWinChart(game, { chances: CHANCES, marks: [] }, { players }));
        expect([d.width, d.height]).toEqual([CHART_WIDTH, CHART_HEIGHT]);
      }
    }
  });

  it.each([
    ['exxit', 'blunder', 7],
    ['exxit', 'mistake', 22],
    ['exxit', 'inaccuracy', 30],
    ['orion', 'blunder', 12],
    ['orion', 'mistake', 3],
    ['orion', 'inaccuracy', 35],
  ] as const)('%s: a %s at ply %i is dotted in its colour at its point, and only there', async (game, grade, ply) => {
    const n = CHANCES.length - 1;
    const at = { x: chartX(ply + 1, n), y: chartY(CHANCES[ply + 1]) };
    const chart = (marks: WinChart['marks']) => renderWinChart(game, { chances: CHANCES, marks }).then(decodePng);
    const marked = await chart([{ ply, side: (ply % 2) as 0 | 1, grade }]);
    const plain = await chart([]);
    const colour = REVIEW.grade[grade];
    expect(countNear(marked, at.x, at.y, 12, colour)).toBeGreaterThan(60);
    expect(countNear(plain, at.x, at.y, 12, colour)).toBe(0);
    // Elsewhere on the line (a quarter of the game away) no mark.
    const other = (ply + 10) % n;
    expect(countNear(marked, chartX(other + 1, n), chartY(CHANCES[other + 1]), 12, colour)).toBe(0);
  });

  it('draws the three grades in three different shapes (the legend and the marks read without colour)', async () => {
    // The same point marked with each grade: the shapes cover different pixel counts (circle, square, triangle).
    const areas = await Promise.all(
      MARKED_GRADES.map(async (grade: MarkedGrade) => {
        const d = await decodePng(
          await renderWinChart('exxit', { chances: CHANCES, marks: [{ ply: 9, side: 1, grade }] }),
        );
        return countNear(d, chartX(10, 40), chartY(CHANCES[10]), 14, REVIEW.grade[grade]);
      }),
    );
    expect(new Set(areas).size).toBe(3);
  });

  it('ignores marks outside the game and refuses chances that are not numbers', async () => {
    const clean = await renderWinChart('orion', { chances: CHANCES, marks: [] });
    const odd = await renderWinChart('orion', {
      chances: CHANCES,
      marks: [
        { ply: 40, side: 0, grade: 'blunder' },
        { ply: -1, side: 0, grade: 'blunder' },
        { ply: 3, side: 0, grade: 'good' as MarkedGrade },
      ],
    });
    expect(odd.equals(clean)).toBe(true);
    await expect(renderWinChart('orion', { chances: [], marks: [] })).rejects.toThrow(/at least one chance/);
    await expect(renderWinChart('orion', { chances: [50, Number.NaN], marks: [] })).rejects.toThrow(/chance 1/);
    await expect(renderWinChart('nope', { chances: [50], marks: [] })).rejects.toThrow(/unknown game "nope"/);
    // A game of no moves yet still draws (one point).
    expect((await decodePng(await renderWinChart('exxit', { chances: [50], marks: [] }))).width).toBe(CHART_WIDTH);
  });

  it('words the chart in the locale (French differs), every key in both catalogues', async () => {
    const chart = { chances: CHANCES, marks: [{ ply: 4, side: 0 as const, grade: 'mistake' as const }] };
    const en = await renderWinChart('exxit', chart, { locale: 'en' });
    const fr = await renderWinChart('exxit', chart, { locale: 'fr' });
    expect(fr.equals(en)).toBe(false);
    const keys = catalogueKeys('en').filter((k) => k.startsWith('picture.review.'));
    expect(keys.length).toBeGreaterThanOrEqual(9);
    expect(
      catalogueKeys('fr')
        .filter((k) => k.startsWith('picture.review.'))
        .sort(),
    ).toEqual(keys.sort());
    for (const g of MARKED_GRADES)
      expect(format('fr', `picture.review.grade.${g}`)).not.toBe(format('en', `picture.review.grade.${g}`));
  });
});

/** A position of each game a few plies in, with two different legal moves of it (canonical texts). */
function position(game: 'exxit' | 'orion'): { before: unknown; a: string; b: string } {
  const g = getGame(game);
  const moves =
    game === 'exxit'
      ? ['P 0,0', 'P 1,0', 'D 0,0 E', 'P 1,-1', 'D 1,0 NW']
      : randomGame('orion', 'preset1', 5).slice(0, 6);
  const r = replay(g, g.defaultSetup, moves);
  if (!r.ok) throw new Error(`fixture: ${JSON.stringify(r)}`);
  const before = r.states[r.states.length - 1];
  const legal = g.legalMoves(before as never).map((m) => g.formatMove(before as never, m as never));
  // A dance (Exxit) and a move far from it in the list, so the two do not share every cell.
  const a = legal.find((t) => t.startsWith('D')) ?? legal[0];
  return { before, a, b: legal[legal.length - 1] === a ? legal[0] : legal[legal.length - 1] };
}

describe('move comparison', () => {
  it.each(['exxit', 'orion'] as const)(
    '%s: the played move in its grade colour, the better one in green, each only when given',
    async (game) => {
      const { before, a, b } = position(game);
      const grade = 'inaccuracy';
      const colour = REVIEW.grade[grade];
      const draw = (moves: { played?: string; better?: string }) =>
        renderMoveComparison(game, before, moves, { grade, players: ['Alice', 'Bob'] }).then(decodePng);
      const base = await renderBoard(game, before, { players: ['Alice', 'Bob'] }).then(decodePng);
      const both = await draw({ played: a, better: b });
      const played = await draw({ played: a });
      const better = await draw({ better: b });
      for (const d of [both, played, better])
        expect([d.width, d.height]).toEqual([BOARD_SIZE[game].width, BOARD_SIZE[game].height]);
      const [gBase, pBase] = [countAll(base, REVIEW.better), countAll(base, colour)];
      expect(countAll(both, REVIEW.better)).toBeGreaterThan(gBase + 300);
      expect(countAll(both, colour)).toBeGreaterThan(pBase + 300);
      expect(countAll(played, colour)).toBeGreaterThan(pBase + 300);
      expect(countAll(played, REVIEW.better)).toBeLessThanOrEqual(gBase + 5);
      expect(countAll(better, REVIEW.better)).toBeGreaterThan(gBase + 300);
      expect(countAll(better, colour)).toBeLessThanOrEqual(pBase + 5);
    },
  );

  it('takes any accepted notation, and words the legend in the locale', async () => {
    const { before, a } = position('exxit');
    const g = getGame('exxit');
    const m = g.parseMove(before as never, a);
    if (!m.ok) throw new Error('fixture: the move is legal');
    const label = g.formatMove(before as never, m.value as never, 'label');
    expect(label).not.toBe(a);
    const byCoords = await renderMoveComparison('exxit', before, { played: a });
    const byLabels = await renderMoveComparison('exxit', before, { played: label.toLowerCase() });
    expect(byLabels.equals(byCoords)).toBe(true);
    const fr = await renderMoveComparison('exxit', before, { played: a }, { locale: 'fr' });
    expect(fr.equals(byCoords)).toBe(false);
  });

  it('refuses a move text that is not a legal move of the position, and a bad position', async () => {
    const { before, a } = position('exxit');
    await expect(renderMoveComparison('exxit', before, { played: 'D Z NW' })).rejects.toThrow(/played move "D Z NW"/);
    await expect(renderMoveComparison('exxit', before, { played: a, better: 'hello' })).rejects.toThrow(
      /better move "hello" is not legal here: EX-/,
    );
    const orion = position('orion');
    await expect(renderMoveComparison('orion', orion.before, { better: 'S1 Z9' })).rejects.toThrow(/better move/);
    await expect(renderMoveComparison('orion', { game: 'orion' }, { played: 'S1 A1' })).rejects.toThrow(
      /not a valid orion state/,
    );
    await expect(renderMoveComparison('nope', before, {})).rejects.toThrow(/unknown game "nope"/);
  });
});

describe('pooled review pictures', () => {
  it('draw the very bytes of the in-process ones, and reject a bad move with its message', async () => {
    const chart = { chances: CHANCES, marks: [{ ply: 4, side: 0 as const, grade: 'blunder' as const }] };
    const opts = { players: ['Alice', 'Bob'] as [string, string], locale: 'fr' as const };
    const [pc, lc] = await Promise.all([
      renderWinChartPooled('orion', chart, opts),
      renderWinChart('orion', chart, opts),
    ]);
    expect(pc.equals(lc)).toBe(true);
    for (const game of ['exxit', 'orion'] as const) {
      const { before, a, b } = position(game);
      const moves = { played: a, better: b };
      const [pm, lm] = await Promise.all([
        renderMoveComparisonPooled(game, before, moves, { grade: 'mistake' }),
        renderMoveComparison(game, before, moves, { grade: 'mistake' }),
      ]);
      expect(pm.equals(lm)).toBe(true);
    }
    await expect(renderMoveComparisonPooled('exxit', position('exxit').before, { played: 'D Z NW' })).rejects.toThrow(
      /played move "D Z NW"/,
    );
    // The same bytes when drawn in the background (the option is the pool's, not the renderer's).
    const { before, a, b } = position('orion');
    const [bg, fg] = await Promise.all([
      renderMoveComparisonPooled('orion', before, { played: a, better: b }, { background: true }),
      renderMoveComparison('orion', before, { played: a, better: b }),
    ]);
    expect(bg.equals(fg)).toBe(true);
  }, 60_000);

  it("a review's background pictures are drawn one at a time, in order; a board asked meanwhile goes to a worker without one", async () => {
    const pool = new RenderPool({ size: 2 });
    try {
      const { before, a, b } = position('orion');
      await Promise.all([pool.board('orion', before), pool.board('orion', before)]); // both workers booted
      type Slot = { jobs: Map<number, unknown>; background: number; worker: { postMessage(m: unknown): void } };
      const slots = (pool as unknown as { slots: Slot[] }).slots;
      expect(slots).toHaveLength(2);
      // What each job found when it was handed to its worker (no timing: read at the hand-over itself).
      const posts: { kind: string; pictures: number; here: number }[] = [];
      for (const slot of slots) {
        const send = slot.worker.postMessage.bind(slot.worker);
        slot.worker.postMessage = (m: unknown) => {
          const kind = (m as { kind: string }).kind;
          posts.push({ kind, pictures: slots.reduce((n, s) => n + s.background, 0), here: slot.background });
          send(m);
        };
      }
      const done: string[] = [];
      const pictures = Array.from({ length: 6 }, (_, i) =>
        pool
          .moveComparison('orion', before, { played: a, better: b }, {}, { background: true })
          .then(() => void done.push(`picture ${i}`)),
      );
      await new Promise((r) => setImmediate(r));
      await Promise.all([pool.board('orion', before), ...pictures]);
      const drawn = posts.filter((p) => p.kind === 'moveComparison');
      expect(drawn).toHaveLength(6);
      // Sent all at once, up to six would be held at once, three on each worker.
      for (const p of drawn) expect(p.pictures).toBe(1);
      const board = posts.find((p) => p.kind === 'board');
      expect(board?.here).toBe(0);
      expect(done).toEqual(Array.from({ length: 6 }, (_, i) => `picture ${i}`));
    } finally {
      await pool.close();
    }
  }, 60_000);
});
