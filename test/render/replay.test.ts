import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import { BOARD_SIZE, drawBoard, renderReplay } from '../../src/render/index.js';
import { MAX_BYTES, replayScale } from '../../src/render/replay.js';
import { exxitFilmFrame } from '../../src/render/exxit-layout.js';
import { replay } from '../../src/engine/replay.js';
import type { ExxitState } from '../../src/engine/exxit/types.js';
import { randomGame } from './fixtures.js';
import { composite, parseGif } from './gif.js';

const OPENING = ['P 0,0', 'P 1,0', 'D 0,0 E', 'P 1,-1', 'D 1,0 NW'];

describe('replay GIF', () => {
  it('has one frame per ply plus the start, and holds the last frame', async () => {
    const gif = parseGif(await renderReplay('exxit', 'standard', OPENING, { delayMs: 500 }));
    expect(gif.frames).toHaveLength(OPENING.length + 1);
    expect(gif.frames[0].delayMs).toBe(500);
    expect(gif.frames[OPENING.length].delayMs).toBeGreaterThan(500);
    const scale = replayScale(OPENING.length + 1);
    expect(gif.width).toBe(Math.round(BOARD_SIZE.exxit.width * scale));
  });

  it.each([
    ['orion', 'preset1', ['L3 C7 N', 'S1 K2', 'S1 A1']],
    ['exxit', 'standard', OPENING],
  ] as const)(
    'shows each position: the composited %s frames match the board drawn directly',
    async (game, setup, moves) => {
      const gif = parseGif(await renderReplay(game, setup, [...moves]));
      expect(gif.frames).toHaveLength(moves.length + 1);
      const r = replay(getGame(game), setup, [...moves]);
      if (!r.ok) throw new Error('replay');
      const fit = game === 'exxit' ? exxitFilmFrame(r.states as ExxitState[]) : undefined;
      for (let k = 0; k < r.states.length; k++) {
        const want = drawBoard(game, r.states[k], undefined, replayScale(r.states.length), fit);
        const ref = want.getContext('2d').getImageData(0, 0, want.width, want.height).data;
        const got = composite(gif, k);
        // Palette quantization moves colours a little; count pixels that are far off.
        let off = 0;
        for (let i = 0; i < ref.length; i += 4) {
          if (Math.abs(ref[i] - got[i]) + Math.abs(ref[i + 1] - got[i + 1]) + Math.abs(ref[i + 2] - got[i + 2]) > 60)
            off++;
        }
        expect(off / (ref.length / 4)).toBeLessThan(0.01);
      }
    },
  );

  it('gives the same bytes for the same game', async () => {
    const a = await renderReplay('exxit', 'standard', OPENING);
    const b = await renderReplay('exxit', 'standard', [...OPENING]);
    expect(a.equals(b)).toBe(true);
  });

  it('refuses a bad move with the rule, naming the move', async () => {
    await expect(renderReplay('exxit', 'standard', ['P 0,0', 'D 0,0 W'])).rejects.toThrow(/^move 2 "D 0,0 W": EX-/);
    await expect(renderReplay('orion', 'nope', [])).rejects.toThrow(/setup/);
  });

  it('keeps a whole random game under the size limit (Exxit short, Orion)', async () => {
    for (const [game, setup, seed] of [
      ['exxit', 'short', 3],
      ['orion', 'random:3', 3],
    ] as const) {
      const moves = randomGame(game, setup, seed);
      const buf = await renderReplay(game, setup, moves);
      expect(buf.length).toBeLessThan(MAX_BYTES);
      expect(parseGif(buf).frames).toHaveLength(moves.length + 1);
    }
  });

  it('parses our reader on a known tiny GIF', () => {
    // A 1×1 GIF89a (one frame): guards the test reader itself.
    const tiny = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const g = parseGif(tiny);
    expect([g.width, g.height, g.frames.length]).toEqual([1, 1, 1]);
  });
});
