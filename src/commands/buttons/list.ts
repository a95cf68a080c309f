// Newer / Older under a paged list (the pages of /games, drawn by games.ts):
// redraws the list at that page, for everyone (the list is public).
import { refuse } from '../../match/index.js';
import { GAMES_SHOWN, gamesPayload, MAX_PAGES, readPage } from '../games.js';
import { defineButton } from '../kit/command.js';
import { codes, MAX_LIST_PAGE, mayRedraw, PAGE_RE } from '../kit/custom-id.js';

type ListName = 'games';
const lists = codes<ListName>({ games: 'g' });
type ListButtonId = { kind: 'list'; list: ListName; page: number };

export const list = defineButton<ListButtonId>({
  id: {
    kind: 'list',
    prefix: 'l',
    fields: 2,
    encode: (id) => {
      if (!(Number.isInteger(id.page) && id.page >= 0 && id.page <= MAX_LIST_PAGE))
        throw new Error('custom id: bad page');
      return [lists.write(id.list), String(id.page)];
    },
    decode: ([code, page]) => {
      const name = lists.read(code);
      return name && PAGE_RE.test(page) ? { kind: 'list', list: name, page: Number(page) } : null;
    },
    target: (id) => id.list,
  },
  ack: () => 'update',
  async handle(ctx, i, id) {
    if (!i.guildId) refuse('common.serverOnly');
    // Only a list turns its pages: a page id forged onto another message would replace it with the list.
    if (!mayRedraw(i.message, id, true)) refuse('common.badButton');
    if (id.page >= MAX_PAGES) refuse('games.listEnds', { n: MAX_PAGES * GAMES_SHOWN });
    const page = await readPage(ctx, i.guildId, id.page);
    return { kind: 'update', build: (locale) => gamesPayload(locale, page) };
  },
});
