// The shared painter (src/render/painter.ts) on the page's canvas: offscreen canvases are canvas elements, and the
// painters' font family is DejaVu Sans — the one on the machine when there is one (local()), else the bundled file.
import dejavuBold from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import dejavu from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import type { GameId } from '../../src/engine/game.js';
import type { Locale } from '../../src/i18n/catalogue.js';
import { FAMILY } from '../../src/render/font-names.js';
import { BOARD_SIZE, type BoardMarks, paintBoard, previousOf } from '../../src/render/painter.js';
import { cellAt, type TapCell } from '../../src/render/taps.js';
import { type Ctx, type Surface, useSurfaces } from '../../src/render/surface.js';

useSurfaces((width, height) => {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  // The browser's canvas has the Canvas 2D API the painters use; its TypeScript type is the DOM's, not Skia's.
  return c as unknown as Surface;
});

/** Loads the painters' family (regular and bold); resolves even if a file fails (the browser's default is used). */
export async function loadFonts(): Promise<void> {
  const faces = [
    new FontFace(FAMILY, `local("DejaVu Sans"), local("DejaVuSans"), url("${dejavu}")`, { weight: '400' }),
    new FontFace(FAMILY, `local("DejaVu Sans Bold"), local("DejaVuSans-Bold"), url("${dejavuBold}")`, {
      weight: '700',
    }),
  ];
  await Promise.all(
    faces.map((f) =>
      f.load().then(
        (loaded) => document.fonts.add(loaded),
        () => undefined,
      ),
    ),
  );
}

/** Paints a position on `canvas`, sharp at its displayed size and the screen's pixel ratio; `marks`: a tap's moves. */
export function drawPosition(
  canvas: HTMLCanvasElement,
  game: GameId,
  state: unknown,
  before: unknown,
  players: [string, string],
  locale: Locale,
  marks?: BoardMarks,
): void {
  const size = BOARD_SIZE[game];
  // The board's shape, for the CSS that fits it in a desktop window's height (style.css) before the first paint.
  canvas.style.setProperty('--ratio', String(size.width / size.height));
  canvas.style.aspectRatio = `${size.width} / ${size.height}`;
  const cssWidth = canvas.clientWidth || size.width;
  const scale = Math.min(3, (cssWidth * (window.devicePixelRatio || 1)) / size.width);
  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const previous = before === undefined ? undefined : previousOf(game, before, state);
  paintBoard(ctx as unknown as Ctx, game, state, players, scale, undefined, { locale, previous }, marks);
}

/** The cell under a click or tap on `canvas` (painted with `marks`), or null. */
export function cellUnder(
  canvas: HTMLCanvasElement,
  e: MouseEvent,
  game: GameId,
  state: unknown,
  marks?: BoardMarks,
): TapCell | null {
  const box = canvas.getBoundingClientRect();
  if (box.width === 0) return null;
  const k = BOARD_SIZE[game].width / box.width;
  return cellAt(game, state, (e.clientX - box.left) * k, (e.clientY - box.top) * k, marks);
}
