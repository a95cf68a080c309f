// What the painters draw on. They speak the Canvas 2D API only, which both
// @napi-rs/canvas (Node: the PNGs) and the browser (web/: the live board)
// implement, so one painter serves both. The one thing they create themselves
// is a small offscreen canvas (stamps, the cached empty Orion board, the
// stripe pattern): each side installs its maker once — Node's in
// src/render/fonts.ts (registerFonts), the web client's in web/src/board.ts.
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';

/** A 2D context. Typed as @napi-rs/canvas's, which follows the browser's; the web client passes its own. */
export type Ctx = SKRSContext2D;
/** A canvas the painters can draw on and copy from (drawImage, createPattern). */
export type Surface = Canvas;

let make: ((width: number, height: number) => Surface) | null = null;

/** Installs how offscreen canvases are made (Node: createCanvas; the browser: a canvas element). */
export function useSurfaces(maker: (width: number, height: number) => Surface): void {
  make = maker;
}

/** A fresh offscreen canvas; throws if no maker was installed (a programming error, at the first board). */
export function createSurface(width: number, height: number): Surface {
  if (!make) throw new Error('render: no canvas maker installed (registerFonts in Node, the web client in a browser)');
  return make(width, height);
}
