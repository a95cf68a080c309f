// A message (src/i18n/msg.ts) as plain text for the page: the catalogue's words, names as they are (the page sets
// text, never HTML), no Discord mentions or markdown. The bot's own edge is src/commands/kit/text.ts.
import { format, type Locale } from '../../src/i18n/catalogue.js';
import { isMsg, type Msg, type Param } from '../../src/i18n/msg.js';

function param(locale: Locale, p: Param): string | number {
  if (typeof p === 'string' || typeof p === 'number') return p;
  if (isMsg(p)) return plain(locale, p);
  if ('name' in p) return p.name;
  if ('typed' in p) return p.typed;
  if ('code' in p) return p.code;
  if ('player' in p) return p.player.name;
  if ('list' in p)
    return new Intl.ListFormat(locale, { type: p.type ?? 'conjunction' }).format(
      p.list.map((x) => String(param(locale, x))),
    );
  if ('time' in p) return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(p.time);
  return ''; // a user or channel mention: nothing a web page can show
}

/** The message in `locale`, without the Discord markdown some lines carry (bold, code, small text). */
export function plain(locale: Locale, m: Msg): string {
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(m.params ?? {})) params[k] = param(locale, v);
  return format(locale, m.key, params)
    .replace(/\*\*|`/g, '')
    .replace(/^-# /gm, '');
}
