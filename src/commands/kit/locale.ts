// Which language to write in: replies follow the reader's Discord locale;
// public posts follow the server (an admin's /settings language, else the
// server's preferred locale).
import type { Interaction } from 'discord.js';
import { localeOf, type Locale } from '../../i18n/catalogue.js';
import { readSettings } from '../../match/settings.js';
import type { MatchContext } from '../../match/context.js';

export const userLocale = (i: Interaction): Locale => localeOf(i.locale);

export async function serverLocale(ctx: MatchContext, i: Interaction): Promise<Locale> {
  if (!i.guildId) return localeOf(i.locale);
  const chosen = (await readSettings(ctx, i.guildId)).locale;
  return localeOf(chosen ?? i.guildLocale);
}
