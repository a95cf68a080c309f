// Fonts ship with the project (product.md): DejaVu Sans from the
// dejavu-fonts-ttf npm package, registered under a family name of our own so
// that a picture never depends on the fonts installed on the machine. Names
// people chose may hold what DejaVu lacks (emoji, Chinese, Japanese, Korean):
// Noto fonts from @fontsource packages follow it in every font string, so
// such a name is drawn, not shown as boxes.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

/** The one family every painter names explicitly. */
export const FAMILY = 'Hexmate DejaVu Sans';

/** A monospaced family for pictures that show code (the docs' thread picture); boards never use it. */
export const MONO_FAMILY = 'Hexmate DejaVu Sans Mono';

/**
 * The families tried, in order, for a character DejaVu Sans lacks: each a
 * @fontsource package whose regular-weight subsets (one file per Unicode
 * range) are registered under one family name. Simplified Chinese carries the
 * Japanese kana too.
 */
const FALLBACKS = [
  { family: 'Hexmate Noto Emoji', pkg: '@fontsource/noto-emoji' },
  { family: 'Hexmate Noto Sans SC', pkg: '@fontsource/noto-sans-sc' },
  { family: 'Hexmate Noto Sans KR', pkg: '@fontsource/noto-sans-kr' },
] as const;

let registered = false;
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

/** Registers the bundled fonts once (idempotent). Throws if the package is missing. */
export function registerFonts(): void {
  if (registered) return;
  const dir = fontDir();
  for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
    if (!GlobalFonts.registerFromPath(path.join(dir, file), FAMILY)) {
      throw new Error(`render: cannot register font ${file}`);
    }
  }
  for (const { family, pkg } of FALLBACKS) registerFallback(family, pkg);
  registered = true;
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

const WITH_FALLBACKS = [FAMILY, ...FALLBACKS.map((f) => f.family)].map((f) => `"${f}"`).join(', ');

/**
 * Text DejaVu Sans may lack: anything from U+3000 on (CJK, Hangul, fullwidth
 * forms, emoji). Below it DejaVu covers what our words and most names use.
 */
const BEYOND_DEJAVU = /[\u3000-\u{10ffff}]/u;

/**
 * A CSS font string for `text` (when given): DejaVu Sans alone, or followed
 * by the fallbacks when the text needs them. A family list costs text layout
 * about 4 ms a board, so only such text (names people chose) pays for it.
 */
export const font = (px: number, bold = false, text?: string): string =>
  `${bold ? 'bold ' : ''}${px}px ${text !== undefined && BEYOND_DEJAVU.test(text) ? WITH_FALLBACKS : `"${FAMILY}"`}`;
