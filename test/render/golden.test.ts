// The board pictures pixel for pixel against the images checked in
// (test/render/golden/*.png, looked at by eye once): a change to a painter
// that moves one pixel fails here. After a deliberate change of the picture,
// `GOLDEN_UPDATE=1 npx vitest run test/render/golden.test.ts` writes the new
// images; look at every one before committing them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderBoard } from '../../src/render/index.js';
import { renderMoveComparison, renderWinChart } from '../../src/render/review.js';
import { goldens, reviewGoldens } from './golden.js';
import { decodePng } from './pixels.js';

const DIR = join(import.meta.dirname, 'golden');
const UPDATE = process.env.GOLDEN_UPDATE === '1';

/** The picture drawn against the one checked in, pixel for pixel (written instead under GOLDEN_UPDATE=1). */
async function compare(name: string, png: Buffer): Promise<void> {
  const file = join(DIR, `${name}.png`);
  if (UPDATE) writeFileSync(file, png);
  const [got, want] = await Promise.all([decodePng(png), decodePng(readFileSync(file))]);
  expect([got.width, got.height]).toEqual([want.width, want.height]);
  let off = 0;
  for (let i = 0; i < got.data.length; i += 4)
    if (got.data[i] !== want.data[i] || got.data[i + 1] !== want.data[i + 1] || got.data[i + 2] !== want.data[i + 2])
      off++;
  if (off > 0) {
    const out = join(tmpdir(), 'hexmate-golden');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, `${name}.png`), png);
  }
  expect(off, `pixels that differ (the picture drawn: ${join(tmpdir(), 'hexmate-golden', name)}.png)`).toBe(0);
}

describe('board pictures against the checked-in images', () => {
  it.each(goldens().map((g) => [g.name, g] as const))('%s', async (name, g) => {
    await compare(name, await renderBoard(g.game, g.state, g.opts));
  });
});

describe("a review's pictures against the checked-in images", () => {
  it.each(reviewGoldens().map((g) => [g.name, g] as const))('%s', async (name, g) => {
    const png =
      g.kind === 'chart'
        ? await renderWinChart(g.game, g.chart, g.opts)
        : await renderMoveComparison(g.game, g.before, g.moves, g.opts);
    await compare(name, png);
  });
});
