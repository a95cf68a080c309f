// The buttons of a /rules lesson (kit/lesson-page.ts draws them): open a page
// privately (the Why? button of refusals, a public copy's Read button, /help),
// turn the page, post a public copy in the channel, and the topic menu (jump).
import { MessageFlags } from 'discord.js';
import { refuse } from '../../match/index.js';
import { defineButton } from '../kit/command.js';
import { codes, GAME_RE, isPage, PAGE_RE } from '../kit/custom-id.js';
import { lessonAt, lessonPayload } from '../kit/lesson-page.js';
import { serverLocale } from '../kit/locale.js';
import { privatePage } from '../rules.js';

const POST_COOLDOWN_MS = 15_000;

type RulesAction = 'open' | 'page' | 'post' | 'jump';
const actions = codes<RulesAction>({ open: 'o', page: 'p', post: 's', jump: 'j' });
/** A page of a game's /rules lesson: `page` is the topic's index in the game's lessons. */
type RulesButtonId = { kind: 'rules'; game: string; page: number; action: RulesAction };

export const rules = defineButton<RulesButtonId>({
  id: {
    kind: 'rules',
    prefix: 'r',
    fields: 3,
    encode: (id) => {
      if (!(GAME_RE.test(id.game) && isPage(id.page))) throw new Error('custom id: bad rules page');
      return [id.game, String(id.page), actions.write(id.action)];
    },
    decode: ([name, page, code]) => {
      const action = actions.read(code);
      return GAME_RE.test(name) && PAGE_RE.test(page) && action
        ? { kind: 'rules', game: name, page: Number(page), action }
        : null;
    },
    target: (id) => id.game,
  },
  ack: (id) =>
    id.action === 'page' || id.action === 'jump' ? 'update' : id.action === 'post' ? 'public' : 'ephemeral',
  async handle(ctx, i, id) {
    let page = id.page;
    if (id.action === 'jump') {
      const value = i.isStringSelectMenu() ? i.values[0] : undefined;
      if (value === undefined || !PAGE_RE.test(value)) return refuse('common.badButton');
      page = Number(value);
    } else if (i.isStringSelectMenu()) {
      return refuse('common.badButton');
    }
    // Turning, jumping and posting belong to the reader's private page; a public message only opens pages.
    if (id.action !== 'open' && !i.message.flags.has(MessageFlags.Ephemeral)) return refuse('common.badButton');
    if (!lessonAt(id.game, page)) return refuse('rules.pageGone');
    const game = id.game;
    switch (id.action) {
      case 'open':
        return privatePage(ctx, i, game, page, 'message');
      case 'page':
      case 'jump':
        return privatePage(ctx, i, game, page, 'update');
      case 'post': {
        // A public post per user every few seconds at most: the button must not flood a channel.
        const wait = await ctx.store.interactions.cooldown(`rules-post:${i.user.id}`, POST_COOLDOWN_MS);
        if (wait > 0) refuse('rules.cooldown', { seconds: Math.ceil(wait / 1000) });
        // A public post, in the server's language.
        const locale = await serverLocale(ctx, i);
        const payload = await lessonPayload(ctx, locale, game, page, { view: 'public', sharedBy: i.user.id });
        return { kind: 'message', ephemeral: false, locale, build: () => payload };
      }
    }
  },
});
