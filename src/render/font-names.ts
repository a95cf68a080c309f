// The font families the painters name, and the CSS font string of a text. No I/O: the painters run in the browser
// too (web/), where the same families are declared with @font-face; src/render/fonts.ts registers them in Node.

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
export const FALLBACKS = [
  { family: 'Hexmate Noto Emoji', pkg: '@fontsource/noto-emoji' },
  { family: 'Hexmate Noto Sans SC', pkg: '@fontsource/noto-sans-sc' },
  { family: 'Hexmate Noto Sans KR', pkg: '@fontsource/noto-sans-kr' },
] as const;

const WITH_FALLBACKS = [FAMILY, ...FALLBACKS.map((f) => f.family)].map((f) => `"${f}"`).join(', ');

/**
 * Text DejaVu Sans may lack: anything from U+3000 on (CJK, Hangul, fullwidth
 * forms, emoji). Below it DejaVu covers what our words and most names use.
 */
const BEYOND_DEJAVU = /[\u3000-\u{10ffff}]/u;

let loadFallbacks: (() => void) | undefined;

/**
 * Node's renderer (fonts.ts) loads the fallback families on their first use: their ~240 font files cost about a
 * second of CPU to register, in every process and render worker, and most never draw a name that needs them.
 */
export function onFallbacksNeeded(load: () => void): void {
  loadFallbacks = load;
}

/**
 * A CSS font string for `text` (when given): DejaVu Sans alone, or followed
 * by the fallbacks when the text needs them. A family list costs text layout
 * about 4 ms a board, so only such text (names people chose) pays for it.
 */
export function font(px: number, bold = false, text?: string): string {
  const fallbacks = text !== undefined && BEYOND_DEJAVU.test(text);
  if (fallbacks) loadFallbacks?.();
  return `${bold ? 'bold ' : ''}${px}px ${fallbacks ? WITH_FALLBACKS : `"${FAMILY}"`}`;
}
