// Fonts ship with the project (product.md): DejaVu Sans from the
// dejavu-fonts-ttf npm package, registered under a family name of our own so
// that a picture never depends on the fonts installed on the machine. Names
// people chose may hold what DejaVu lacks (emoji, Chinese, Japanese, Korean):
// Noto fonts from @fontsource packages follow it in every font string, so
// such a name is drawn, not shown as boxes.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { FALLBACKS, FAMILY, MONO_FAMILY, onFallbacksNeeded } from './font-names.js';
import { useSurfaces } from './surface.js';

export { FAMILY, font, MONO_FAMILY } from './font-names.js';

let registered = false;
let fallbacksRegistered = false;
let monoRegistered = false;

const require = createRequire(import.meta.url);
const packageDir = (pkg: string): string => path.dirname(require.resolve(`${pkg}/package.json`));
const fontDir = (): string => path.join(packageDir('dejavu-fonts-ttf'), 'ttf');

/** Registers one fallback family: every regular-weight subset of its package. */
function registerFallback(family: string, pkg: string): void {
  const dir = path.join(packageDir(pkg), 'files');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('-400-normal.woff2'));
  if (!files.length) throw new Error(`render: no regular-weight font files in ${pkg}`);
  for (const f of files) {
    if (!GlobalFonts.registerFromPath(path.join(dir, f), family))
      throw new Error(`render: cannot register font ${pkg}/files/${f}`);
  }
}

/**
 * Registers the bundled fonts once (idempotent) and gives the painters Node's canvases (src/render/surface.ts): every
 * Node entry of the renderer calls it first. Throws if a font package is missing.
 */
export function registerFonts(): void {
  if (registered) return;
  useSurfaces(createCanvas);
  const dir = fontDir();
  for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
    if (!GlobalFonts.registerFromPath(path.join(dir, file), FAMILY)) {
      throw new Error(`render: cannot register font ${file}`);
    }
  }
  // The fallbacks wait for the first text that needs them (font-names.ts, `font`).
  onFallbacksNeeded(registerFallbacks);
  registered = true;
}

/** Registers the fallback families once (idempotent): on the first text beyond DejaVu Sans, or ahead of it. */
function registerFallbacks(): void {
  if (fallbacksRegistered) return;
  for (const { family, pkg } of FALLBACKS) registerFallback(family, pkg);
  fallbacksRegistered = true;
}

/** Registers DejaVu Sans Mono (regular and bold) once, for pictures that show code. */
export function registerMonoFont(): void {
  if (monoRegistered) return;
  for (const file of ['DejaVuSansMono.ttf', 'DejaVuSansMono-Bold.ttf']) {
    if (!GlobalFonts.registerFromPath(path.join(fontDir(), file), MONO_FAMILY))
      throw new Error(`render: cannot register font ${file}`);
  }
  monoRegistered = true;
}
