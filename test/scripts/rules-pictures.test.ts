// scripts/rules-pictures.ts: one picture per lesson, and the rules pages link
// exactly the pictures the script produces; the committed pictures are there;
// the script writes valid PNGs of the board's size.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameId } from '../../src/engine/game.js';
import { lessonsOf } from '../../src/engine/lessons.js';
import { IMAGES_DIR, PICTURES, RULES_PAGES, stalePictures, writePictures } from '../../scripts/rules-pictures.js';
import { ROOT } from '../engine/cited-rules.js';

const GAMES: GameId[] = ['exxit', 'orion'];
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The images a page links, as file names in IMAGES_DIR. */
function linkedImages(game: GameId): string[] {
  const text = readFileSync(join(ROOT, RULES_PAGES[game]), 'utf8');
  return [...text.matchAll(/!\[[^\]]*\]\(images\/([^)\s]+)\)/g)].map((m) => m[1]);
}

describe('rules pictures: the list', () => {
  it('has one picture per lesson, named <game>-<topic>.png', () => {
    const expected = GAMES.flatMap((game) => lessonsOf(game).map((l) => `${game}-${l.topic}.png`));
    expect(PICTURES.map((p) => p.file)).toEqual(expected);
    for (const p of PICTURES) expect(p.file).toBe(`${p.game}-${p.topic}.png`);
  });

  for (const game of GAMES)
    it(`${RULES_PAGES[game]} links every picture of its game once, and no other image`, () => {
      const linked = linkedImages(game);
      const produced = PICTURES.filter((p) => p.game === game).map((p) => p.file);
      expect([...linked].sort()).toEqual([...produced].sort());
    });

  it('the committed pictures are all there, PNGs, with no stray file', () => {
    const dir = join(ROOT, IMAGES_DIR);
    const files = readdirSync(dir).filter((f) => f.endsWith('.png'));
    expect(files.sort()).toEqual(PICTURES.map((p) => p.file).sort());
    expect(stalePictures(dir)).toEqual([]);
    for (const f of files) expect(readFileSync(join(dir, f)).subarray(0, 8).equals(PNG_SIGNATURE), f).toBe(true);
  });

  it('npm run docs:pictures runs the script', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['docs:pictures']).toBe('tsx scripts/rules-pictures.ts');
  });
});

describe('rules pictures: the script', () => {
  const out = mkdtempSync(join(tmpdir(), 'rules-pictures-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('writes every picture as a PNG of the board size', async () => {
    const { BOARD_SIZE } = await import('../../src/render/index.js');
    const written = await writePictures(out);
    expect(written.map((w) => w.file)).toEqual(PICTURES.map((p) => p.file));
    for (const p of PICTURES) {
      const png = readFileSync(join(out, p.file));
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      // IHDR: width and height, big-endian, at bytes 16..23.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], p.file).toEqual([
        BOARD_SIZE[p.game].width,
        BOARD_SIZE[p.game].height,
      ]);
    }
    expect(stalePictures(out)).toEqual([]);
  });
});
