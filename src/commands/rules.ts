// /rules game [topic]: the game's illustrated lesson, privately, one page
// per topic (kit/lesson-page.ts). The topic option autocompletes the topics
// in the reader's language and also takes a rule id (EX-13d). The page's
// buttons are buttons/rules.ts.
import { SlashCommandBuilder, type Interaction } from 'discord.js';
import { allGames, getGame, isGameId, type GameId } from '../engine/index.js';
import { localeOf, type Locale } from '../i18n/catalogue.js';
import { refuse, titleMsg } from '../match/index.js';
import { MAX_CHOICES, clipChoice } from './kit/autocomplete.js';
import type { Command, CommandContext, Reply } from './kit/command.js';
import { everywhere } from './kit/contexts.js';
import { gameIds, gameOption } from './kit/game-options.js';
import { lessonPayload, lessonsFor, topicMsg } from './kit/lesson-page.js';
import { userLocale } from './kit/locale.js';
import { described } from './kit/localize.js';
import { stringOption } from './kit/options.js';
import { text } from './kit/text.js';

export const data = everywhere(described(new SlashCommandBuilder().setName('rules'), 'rules.cmd.description'))
  .addStringOption((o) => gameOption(o))
  .addStringOption((o) => described(o.setName('topic'), 'rules.cmd.topic').setMaxLength(100).setAutocomplete(true));

/** Per user, across processes: how often the Post button may post a page in a channel. */
const norm = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** A rule id as people type it ('ex-13D', ' od-20 ') in the form the rules write it ('EX-13d'), or null. */
export function ruleIdOf(typed: string): string | null {
  const m = /^([a-z]{2})-?(\d{1,3})([a-z]?)$/i.exec(typed.trim());
  return m ? `${m[1].toUpperCase()}-${m[2]}${m[3].toLowerCase()}` : null;
}

/** The topic of a game explaining a typed rule id, or null. */
const topicOfTyped = (game: GameId, typed: string): string | null => {
  const id = ruleIdOf(typed);
  return id ? getGame(game).ruleTopic(id) : null;
};

/** The page a typed topic names: its id, its name in the reader's language, or a rule id it explains. */
export function findPage(locale: Locale, game: GameId, typed: string): number | null {
  const lessons = lessonsFor(game);
  const q = norm(typed);
  const byTopic = lessons.findIndex((l) => l.topic === q || norm(text(locale, topicMsg(game, l.topic, 'name'))) === q);
  if (byTopic >= 0) return byTopic;
  const topic = topicOfTyped(game, typed);
  const byRule = topic ? lessons.findIndex((l) => l.topic === topic) : -1;
  return byRule >= 0 ? byRule : null;
}

/**
 * The reader's private page. Drawn here, in the handler, while the router's
 * early deferral still watches the clock: a cold renderer can take seconds.
 */
export async function privatePage(
  ctx: CommandContext,
  i: Interaction,
  game: GameId,
  page: number,
  kind: 'message' | 'update',
): Promise<Reply> {
  const payload = await lessonPayload(ctx, userLocale(i), game, page, { view: 'private' });
  return kind === 'message'
    ? { kind: 'message', ephemeral: true, build: () => payload }
    : { kind: 'update', build: () => payload };
}

export const command: Command = {
  data,
  ack: 'ephemeral',
  async execute(ctx, i) {
    const game = stringOption(i.options, 'game', { required: true, choices: gameIds() });
    const typed = stringOption(i.options, 'topic', { max: 100 });
    const lessons = lessonsFor(game);
    if (lessons.length === 0) refuse('rules.noLessons', { game: titleMsg(game) });
    let page = 0;
    if (typed !== null) {
      const found = findPage(userLocale(i), game, typed);
      if (found === null) {
        refuse('rules.unknownTopic', {
          typed: { code: typed.slice(0, 40) },
          game: titleMsg(game),
          topics: { list: lessons.map((l) => topicMsg(game, l.topic, 'name')) },
        });
      }
      page = found;
    }
    return privatePage(ctx, i, game, page, 'message');
  },
  autocomplete(_ctx, i) {
    const locale = localeOf(i.locale);
    const focused = i.options.getFocused(true);
    const typed = typeof focused.value === 'string' ? norm(focused.value.slice(0, 100)) : '';
    const chosen = i.options.get('game')?.value;
    const games = isGameId(chosen) ? [chosen] : allGames().map((g) => g.id);
    const out: { name: string; value: string; first: boolean }[] = [];
    for (const game of games) {
      const ruleTopic = typed ? topicOfTyped(game, typed) : null;
      for (const l of lessonsFor(game)) {
        const name = text(locale, topicMsg(game, l.topic, 'name'), { mode: 'plain' });
        const shown = games.length > 1 ? `${text(locale, titleMsg(game), { mode: 'plain' })} · ${name}` : name;
        const first = l.topic === ruleTopic;
        if (typed === '' || first || norm(shown).includes(typed) || l.topic.includes(typed))
          out.push({ name: clipChoice(first ? `${ruleIdOf(typed)} → ${shown}` : shown), value: l.topic, first });
      }
    }
    return Promise.resolve(
      out
        .sort((a, b) => Number(b.first) - Number(a.first))
        .slice(0, MAX_CHOICES)
        .map(({ name, value }) => ({ name, value })),
    );
  },
};
