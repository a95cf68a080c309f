// When a tournament's sign-up closes, as people type it: a delay from now
// (`30m`, `2h`, `1d`, `1h30m`; a bare number is minutes) or a date and time
// with its time zone (`2026-12-05T18:00Z`, `2026-12-05 18:00+01:00`). A time
// without a zone is refused: Discord does not tell the bot the reader's.
const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000 } as const;
const DELAY_RE = /^(?:\d{1,4}\s*[dhm]\s*)+$/;
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})[t ](\d{2}):(\d{2})(?::(\d{2}))?(z|([+-])(\d{2}):?(\d{2}))$/;

/** The instant of a date and time with its zone, or null when a part is out of range. */
function isoInstant(m: RegExpExecArray): number | null {
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map((x) => Number(x ?? 0));
  const [sign, oh, om] = [m[8], Number(m[9] ?? 0), Number(m[10] ?? 0)];
  // Real offsets run from -12:00 to +14:00.
  if (h > 23 || mi > 59 || sec > 59 || oh > 14 || om > 59) return null;
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  // Date.parse rolls an impossible day over (30 February → 2 March): refused instead.
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  date.setUTCHours(h, mi, sec);
  return date.getTime() - (sign === '-' ? -1 : sign === '+' ? 1 : 0) * (oh * 60 + om) * UNIT_MS.m;
}

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
  const iso = ISO_RE.exec(s);
  if (iso) {
    const at = isoInstant(iso);
    return at === null ? null : { at, kind: 'time' };
  }
  return null;
}

/** Delays offered by autocomplete. */
export const WHEN_SUGGESTIONS = ['15m', '30m', '1h', '2h', '6h', '12h', '1d', '2d', '7d'] as const;
