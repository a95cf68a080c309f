// Fonts ship with the project (product.md): DejaVu Sans from the
// dejavu-fonts-ttf npm package, registered under a family name of our own so
// that a picture never depends on the fonts installed on the machine.
import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

/** The one family every painter names explicitly. */
export const FAMILY = 'Hexmate DejaVu Sans';

let registered = false;

/** Registers the bundled fonts once (idempotent). Throws if the package is missing. */
export function registerFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
    if (!GlobalFonts.registerFromPath(path.join(dir, file), FAMILY)) {
      throw new Error(`render: cannot register font ${file}`);
    }
  }
  registered = true;
}

/** A CSS font string in the bundled family. */
export const font = (px: number, bold = false): string => `${bold ? 'bold ' : ''}${px}px "${FAMILY}"`;
