// When a tournament's sign-up closes, as people type it: a delay from now
// (`30m`, `2h`, `1d`, `1h30m`; a bare number is minutes) or a date and time
// with its time zone (`2026-12-05T18:00Z`, `2026-12-05 18:00+01:00`). A time
// without a zone is refused: Discord does not tell the bot the reader's.
const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000 } as const;
const DELAY_RE = /^(?:\d{1,4}\s*[dhm]\s*)+$/;
const ISO_RE = /^\d{4}-\d{2}-\d{2}[t ]\d{2}:\d{2}(?::\d{2})?(?:z|[+-]\d{2}:?\d{2})$/;

export interface When {
  at: number;
  /** Typed as a delay from now, or as a date and time. */
  kind: 'delay' | 'time';
}

/** The instant, or null when the text is neither form. */
export function readWhen(typed: string, now: number): When | null {
  const s = typed.trim().toLowerCase();
  if (/^\d{1,5}$/.test(s)) return { at: now + Number(s) * UNIT_MS.m, kind: 'delay' };
  if (DELAY_RE.test(s)) {
    let ms = 0;
    for (const [, n, u] of s.matchAll(/(\d+)\s*([dhm])/g)) ms += Number(n) * UNIT_MS[u as keyof typeof UNIT_MS];
    return { at: now + ms, kind: 'delay' };
  }
  if (ISO_RE.test(s)) {
    const at = Date.parse(s.replace(' ', 't').toUpperCase());
    return Number.isFinite(at) ? { at, kind: 'time' } : null;
  }
  return null;
}

/** Delays offered by autocomplete. */
export const WHEN_SUGGESTIONS = ['15m', '30m', '1h', '2h', '6h', '12h', '1d', '2d', '7d'] as const;
