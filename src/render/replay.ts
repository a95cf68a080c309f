// Replay GIFs (product.md "/replay"): one frame per ply plus the start,
// encoded with gifenc. One palette for the whole film, and every frame after
// the first keeps only the pixels that changed (the rest transparent over the
// previous frame), so a long game stays small. The film shrinks until it is
// under MAX_BYTES.
import { createRequire } from 'node:module';
import type { GameId } from '../engine/game.js';
import { getGame } from '../engine/index.js';
import { replayErrorText } from '../engine/replay.js';
import type { ExxitState } from '../engine/exxit/types.js';
import { exxitFilmFrame, type FrameCell } from './exxit-layout.js';
import { drawBoard, previousOf, type ReplayOptions } from './board.js';

// gifenc ships CommonJS (main) and ESM (module) builds whose default exports
// differ; require() picks the CommonJS one under Node and Vite alike.
const { GIFEncoder, quantize, nearestColorIndex } = createRequire(import.meta.url)('gifenc') as typeof import('gifenc');

/** Discord's upload limit for a server without boosts is larger; this keeps a replay comfortable to load. */
export const MAX_BYTES = 8 * 1024 * 1024;
const DEFAULT_DELAY = 900;
const LAST_HOLD = 3000;
/** Index 255 is the "unchanged" (transparent) colour; the image uses 0..254. */
const CLEAR = 255;

/** Let other work run between frames: a long film must not stall the bot. */
const breathe = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Frame scale for a film of n frames: smaller pictures for longer games (the boards are 640 px wide). */
export function replayScale(frames: number): number {
  if (frames <= 200) return 1;
  if (frames <= 400) return 0.8;
  return 0.65;
}

type Fit = FrameCell[] | undefined;

function rgbaOf(game: GameId, states: unknown[], i: number, opts: ReplayOptions, scale: number, fit: Fit) {
  const canvas = drawBoard(game, states[i], opts.players, scale, fit, {
    previous: previousOf(game, states[i - 1], states[i]),
    locale: opts.locale,
  });
  const img = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  return { data: img.data, width: canvas.width, height: canvas.height };
}

/** Every 4th pixel of each picture: enough for a 255-colour palette of flat drawings, at a quarter of the cost. */
function samplePixels(pictures: Uint8ClampedArray[]): Uint8Array {
  const step = 4 * 4;
  const out = new Uint8Array(pictures.reduce((n, p) => n + Math.ceil(p.length / step) * 4, 0));
  let o = 0;
  for (const p of pictures) {
    for (let i = 0; i < p.length; i += step) {
      out[o++] = p[i];
      out[o++] = p[i + 1];
      out[o++] = p[i + 2];
      out[o++] = 255;
    }
  }
  return out;
}

async function encodeFilm(
  game: GameId,
  states: unknown[],
  fit: Fit,
  opts: ReplayOptions,
  scale: number,
): Promise<Buffer> {
  const delay = opts.delayMs ?? DEFAULT_DELAY;
  // One palette from the first and last frames (the last holds the most colours).
  const first = rgbaOf(game, states, 0, opts, scale, fit);
  const last = rgbaOf(game, states, states.length - 1, opts, scale, fit);
  await breathe();
  const palette = quantize(samplePixels([first.data, last.data]), 255);
  await breathe();
  while (palette.length < 255) palette.push([0, 0, 0]);
  palette.push([255, 0, 255]); // CLEAR: never chosen for a pixel (not in the 255 searched)
  const searchPalette = palette.slice(0, 255);

  // Map each RGB once to its nearest palette entry (the pictures hold a few thousand colours).
  const cache = new Map<number, number>();
  const toIndex = (rgb: number): number => {
    let k = cache.get(rgb);
    if (k === undefined) {
      k = nearestColorIndex(searchPalette, [rgb & 255, (rgb >>> 8) & 255, (rgb >>> 16) & 255]);
      cache.set(rgb, k);
    }
    return k;
  };

  const gif = GIFEncoder({ initialCapacity: 1 << 20 });
  let prev: Uint32Array | null = null;
  for (let i = 0; i < states.length; i++) {
    const frame = i === 0 ? first : i === states.length - 1 ? last : rgbaOf(game, states, i, opts, scale, fit);
    // Opaque pixels as little-endian words: 0xAABBGGRR; compare whole pixels, map only the changed ones.
    const px = new Uint32Array(frame.data.buffer, frame.data.byteOffset, frame.width * frame.height);
    const index = new Uint8Array(px.length);
    for (let k = 0; k < px.length; k++)
      index[k] = prev !== null && px[k] === prev[k] ? CLEAR : toIndex(px[k] & 0xffffff);
    const frameDelay = i === states.length - 1 ? Math.max(LAST_HOLD, delay) : delay;
    if (prev === null) gif.writeFrame(index, frame.width, frame.height, { palette, delay: frameDelay, repeat: 0 });
    // Dispose 1: keep the previous frame under the transparent (unchanged) pixels.
    else
      gif.writeFrame(index, frame.width, frame.height, {
        delay: frameDelay,
        transparent: true,
        transparentIndex: CLEAR,
        dispose: 1,
      });
    prev = px;
    await breathe();
  }
  gif.finish();
  return Buffer.from(gif.bytes());
}

/**
 * An animated GIF of `moves` (any accepted notation) played from `setup`.
 * Throws an Error with `move 3 "…": EX-13b: …` when a move is refused.
 */
/**
 * Plays the moves like the engine's replay() (same refusals, same error
 * text), yielding every few moves: a long game must not stall the bot.
 */
async function replayStates(game: GameId, setup: string, moves: string[]): Promise<unknown[]> {
  const g = getGame(game);
  const start = g.initial(setup);
  if (!start.ok) throw new Error(replayErrorText({ ok: false, error: start.error, index: -1, text: setup }));
  const states: unknown[] = [start.value];
  let s = start.value;
  for (let i = 0; i < moves.length; i++) {
    const m = g.parseMove(s, moves[i]);
    const next = m.ok ? g.play(s, m.value) : m;
    if (!next.ok) throw new Error(replayErrorText({ ok: false, error: next.error, index: i, text: moves[i] }));
    s = next.value;
    states.push(s);
    if (i % 8 === 7) await breathe();
  }
  return states;
}

/** Exxit: one frame for the whole film (the world only grows, but prisoners come and go). */
async function filmFrame(game: GameId, states: unknown[]): Promise<Fit> {
  if (game !== 'exxit') return undefined;
  const cells = new Map<string, FrameCell>();
  for (let i = 0; i < states.length; i += 32) {
    // A cell the world reached in any frame is kept whole; a void-ring cell only in part.
    for (const c of exxitFilmFrame(states.slice(i, i + 32) as ExxitState[]))
      if (!c.ring || !cells.has(`${c.q},${c.r}`)) cells.set(`${c.q},${c.r}`, c);
    await breathe();
  }
  return [...cells.values()];
}

/**
 * An animated GIF of `moves` (any accepted notation) played from `setup`.
 * Throws an Error with `move 3 "…": EX-13b: …` when a move is refused.
 */
export async function renderReplayGif(
  game: GameId,
  setup: string,
  moves: string[],
  opts: ReplayOptions = {},
): Promise<Buffer> {
  const states = await replayStates(game, setup, moves);
  const fit = await filmFrame(game, states);
  let scale = replayScale(states.length);
  for (;;) {
    const gif = await encodeFilm(game, states, fit, opts, scale);
    if (gif.length <= MAX_BYTES || scale <= 0.25) return gif;
    scale = Math.max(0.25, scale * 0.75);
  }
}
