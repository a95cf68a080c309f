// Names people chose are drawn whatever their script: DejaVu Sans first, then
// the bundled Noto fallbacks (emoji, Chinese and Japanese, Korean). A glyph no
// font has is drawn as DejaVu's "missing" box; each sample must differ from it.
import { execFileSync } from 'node:child_process';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { font, registerFonts } from '../../src/render/fonts.js';
import { fitText } from '../../src/render/hexdraw.js';

registerFonts();

/** The pixels of one character drawn alone in the renderer's font. */
function pixels(ch: string, bold = false): string {
  const c = createCanvas(64, 64);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, 64, 64);
  ctx.fillStyle = '#fff';
  ctx.font = font(40, bold, ch);
  ctx.textBaseline = 'middle';
  ctx.fillText(ch, 4, 32);
  return Buffer.from(ctx.getImageData(0, 0, 64, 64).data).toString('base64');
}

// U+0378 and U+0379 are unassigned: every font lacks them.
const MISSING = pixels('\u0378');

describe('fonts', () => {
  it('registers the fallbacks on the first text that needs them, not before', () => {
    // A process of its own: this one's fonts are shared with the other test files of its worker. The fallbacks cost
    // about a second of CPU per render worker, and most never draw a name that needs them.
    const script = `
      import { GlobalFonts } from '@napi-rs/canvas';
      import { font, registerFonts } from './src/render/fonts.ts';
      const noto = () => GlobalFonts.families.map((f) => f.family).filter((f) => f.startsWith('Hexmate Noto')).sort();
      registerFonts();
      const atStart = noto();
      const latin = font(20, false, 'alice');
      const afterLatin = noto();
      const korean = font(20, false, '민');
      console.log(JSON.stringify({ atStart, latin, afterLatin, korean, after: noto() }));`;
    const out = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }),
    );
    expect(out).toEqual({
      atStart: [],
      latin: '20px "Hexmate DejaVu Sans"',
      afterLatin: [],
      korean: '20px "Hexmate DejaVu Sans", "Hexmate Noto Emoji", "Hexmate Noto Sans SC", "Hexmate Noto Sans KR"',
      after: ['Hexmate Noto Emoji', 'Hexmate Noto Sans KR', 'Hexmate Noto Sans SC'],
    });
  });

  it('the check itself: two characters no font has draw the same box, a letter does not', () => {
    expect(pixels('\u0379')).toBe(MISSING);
    expect(pixels('A')).not.toBe(MISSING);
  });

  it.each([
    ['an emoji', '😀'],
    ['another emoji', '🐉'],
    ['a chess piece (DejaVu)', '♟'],
    ['a Chinese character', '李'],
    ['a traditional one', '龍'],
    ['Japanese kana', 'さ'],
    ['a Korean syllable', '민'],
    ['Cyrillic (DejaVu)', 'Ж'],
  ])('draws %s (%s), in regular and bold', (_what, ch) => {
    expect(pixels(ch)).not.toBe(MISSING);
    expect(pixels(ch, true)).not.toBe(pixels('\u0378', true));
  });

  it('a name cut to fit is cut between characters, never inside an emoji', () => {
    const ctx = createCanvas(10, 10).getContext('2d');
    for (const name of ['🐉🐉🐉🐉🐉🐉🐉🐉🐉🐉', 'a😀b😀c😀d😀e😀f😀', '李小龍李小龍李小龍']) {
      const cut = fitText(ctx, name, 20, true, 60);
      expect(cut.endsWith('…')).toBe(true);
      expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      expect(name.startsWith(cut.slice(0, -1))).toBe(true);
    }
  });
});
