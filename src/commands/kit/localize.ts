// Discord's own localizations of commands, options and choices: the default
// (English) text plus `*_localizations` for every other catalogue language.
// Command and option names stay English (what people type); descriptions and
// choice names are translated. Payloads are parsed by the default names.
import { LOCALES, format, type Locale, type MessageKey } from '../../i18n/catalogue.js';

/** Discord's locale codes for each of our languages other than English (the default text). */
const DISCORD_LOCALES: Partial<Record<Locale, string[]>> = { fr: ['fr'] };

export function localizations(
  key: MessageKey | `game.${string}`,
  params?: Record<string, string | number>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of LOCALES as readonly Locale[]) {
    for (const c of DISCORD_LOCALES[l] ?? []) out[c] = format(l, key, params).slice(0, 100);
  }
  return out;
}

/** Description text (1–100 characters) and its localizations. */
export function described<
  B extends { setDescription(d: string): B; setDescriptionLocalizations(l: Record<string, string>): B },
>(builder: B, key: MessageKey | `game.${string}`, params?: Record<string, string | number>): B {
  return builder
    .setDescription(format('en', key, params).slice(0, 100))
    .setDescriptionLocalizations(localizations(key, params));
}

/** A choice with its localized names. */
export function choice<V extends string | number>(
  key: MessageKey | `game.${string}`,
  value: V,
  params?: Record<string, string | number>,
) {
  return { name: format('en', key, params).slice(0, 100), name_localizations: localizations(key, params), value };
}
