// Messages (key + parameters) to Discord text in the reader's language: the
// one place where mentions, names people chose, times and lists are written
// for Discord. Names and echoed text are shown as typed: never as markdown,
// never as a mention (a zero-width space breaks `@everyone`, `<@…>`), never
// pinging (allowed mentions list the users a post may ping).
import { format, type Locale, type MessageKey } from '../../i18n/catalogue.js';
import { isMsg, type Msg, type Param } from '../../i18n/msg.js';

export const MAX_CONTENT = 2000;
const ZWSP = '\u200b';

/** At most `n` UTF-16 units, never ending on half a surrogate pair (Discord refuses text that is not valid Unicode). */
export function clipText(s: string, n = MAX_CONTENT): string {
  if (s.length <= n) return s;
  let end = n - 1;
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${s.slice(0, end)}…`;
}

/** Bidi embeddings, overrides and isolates: they reorder the rest of the line ("Bob wins" read backwards). */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
/** A name with nothing visible in it (format characters, marks, spaces, the blank letters of "empty" names). */
const INVISIBLE = /^[\p{Cf}\p{M}\p{Z}\s\u115f\u1160\u3164\uffa0\u2800]*$/u;

/**
 * Text people chose or typed (a display name, a server or event name, a move echoed back), safe inside a post:
 * control characters and line breaks out, bidi overrides out, an invisible name shown as `?`; mentions, custom
 * emoji, timestamps, command links (`<…>`), `@everyone` and autolinks (`https://`) broken by a zero-width
 * space; in markdown, every markdown character escaped (line-start syntax included: `#`, `-#`, `>`, lists).
 */
export function safeName(name: string, mode: 'markdown' | 'plain' = 'markdown'): string {
  let s = name
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(BIDI_CONTROLS, '')
    .trim();
  if (INVISIBLE.test(s)) s = '?';
  s = s
    .replace(/@(everyone|here)/gi, `@${ZWSP}$1`)
    .replace(/</g, `<${ZWSP}`)
    .replace(/:\/\//g, `:${ZWSP}//`);
  if (mode === 'plain') return s;
  // Every markdown character escaped wherever it stands (a lone `~` or `[` could pair with the next name's),
  // then what only opens a line: headings, subtext, block quotes, lists.
  return s
    .replace(/[\\*_~`|[\]]/g, '\\$&')
    .replace(/^([#>+-])/, '\\$1')
    .replace(/^(\d+)\./, '$1\\.');
}

/** Code text: backticks cannot close it early, line breaks cannot end it. */
const code = (s: string): string => `\`${s.replace(/`/g, 'ˋ').replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ') || ' '}\``;

export interface TextOptions {
  /** 'plain': no markdown or mentions (thread names, file contents, image words). */
  mode?: 'markdown' | 'plain';
}

function param(locale: Locale, p: Param, o: TextOptions): string | number {
  if (typeof p === 'string' || typeof p === 'number') return p;
  const plain = o.mode === 'plain';
  if (isMsg(p)) return text(locale, p, o);
  if ('user' in p) return plain ? '@?' : `<@${p.user}>`;
  if ('player' in p) {
    if (plain) return safeName(p.player.name, 'plain');
    return p.player.bot ? `**${safeName(p.player.name)}**` : `<@${p.player.id}>`;
  }
  if ('name' in p) return safeName(p.name, plain ? 'plain' : 'markdown');
  if ('typed' in p) return p.typed.trim() === '' ? '' : safeName(p.typed, plain ? 'plain' : 'markdown');
  if ('channel' in p) return plain ? '#?' : `<#${p.channel}>`;
  if ('time' in p) return plain ? new Date(p.time).toISOString() : `<t:${Math.floor(p.time / 1000)}:${p.style ?? 'R'}>`;
  if ('code' in p) return plain ? p.code : code(p.code);
  return new Intl.ListFormat(locale, { type: p.type ?? 'conjunction' }).format(
    p.list.map((x) => String(param(locale, x, o))),
  );
}

/** The text of one message. */
export function text(locale: Locale, m: Msg, o: TextOptions = {}): string {
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(m.params ?? {})) values[k] = param(locale, v, o);
  return format(locale, m.key, values);
}

/** Shorthand: a key and its parameters. */
export const t = (locale: Locale, key: MessageKey, params?: Readonly<Record<string, Param>>, o?: TextOptions): string =>
  text(locale, { key, params }, o);

/** Several messages, one per line. */
export const lines = (locale: Locale, msgs: readonly Msg[], o?: TextOptions): string =>
  msgs.map((m) => text(locale, m, o)).join('\n');

/**
 * As many whole lines as fit in `max` characters (a clipped line could cut a link in half), with a note for the rest.
 */
export function fitLines(locale: Locale, items: string[], max: number): string {
  const out: string[] = [];
  let used = 0;
  for (let k = 0; k < items.length; k++) {
    const rest = items.length - k - 1;
    const note = rest > 0 ? `\n${t(locale, 'common.andMore', { n: rest })}` : '';
    const add = (out.length ? 1 : 0) + items[k].length;
    if (used + add + (rest > 0 ? note.length : 0) > max) {
      out.push(t(locale, 'common.andMore', { n: items.length - k }));
      break;
    }
    out.push(items[k]);
    used += add;
  }
  return out.join('\n');
}
