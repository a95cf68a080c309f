// Fonts ship with the project (product.md): DejaVu Sans from the
// dejavu-fonts-ttf npm package, registered under a family name of our own so
// that a picture never depends on the fonts installed on the machine.
import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

/** The one family every painter names explicitly. */
export const FAMILY = 'Hexmate DejaVu Sans';

/** A monospaced family for pictures that show code (the docs' thread picture); boards never use it. */
export const MONO_FAMILY = 'Hexmate DejaVu Sans Mono';

let registered = false;
let monoRegistered = false;

const fontDir = (): string => {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
};

/** Registers the bundled fonts once (idempotent). Throws if the package is missing. */
export function registerFonts(): void {
  if (registered) return;
  const dir = fontDir();
  for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
    if (!GlobalFonts.registerFromPath(path.join(dir, file), FAMILY)) {
      throw new Error(`render: cannot register font ${file}`);
    }
  }
  registered = true;
}

/** Registers DejaVu Sans Mono (regular and bold) once, for pictures that show code. */
export function registerMonoFont(): void {
  if (monoRegistered) return;
  for (const file of ['DejaVuSansMono.ttf', 'DejaVuSansMono-Bold.ttf']) {
    if (!GlobalFonts.registerFromPath(path.join(fontDir(), file), MONO_FAMILY)) throw new Error(`render: cannot register font ${file}`);
  }
  monoRegistered = true;
}

/** A CSS font string in the bundled family. */
export const font = (px: number, bold = false): string => `${bold ? 'bold ' : ''}${px}px "${FAMILY}"`;
