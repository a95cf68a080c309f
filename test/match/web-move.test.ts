// A move tapped on the web page, at the match layer (src/match/web-move.ts):
// played as /move plays it, on the version the page saw, the thread's post made
// in the background; a refusal comes back in the page's words (a stale page is
// "stale" whichever way it lost), and no refusal carries a user id or a channel
// to the page — names stay.
import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/engine/index.js';
import type { Msg } from '../../src/i18n/msg.js';
import { forPage, playFromPage } from '../../src/match/web-move.js';
import { createGame, gamePosts, harness, HOUR, useMatchStore } from './harness.js';

const T = Date.now();
const m = useMatchStore('web-move');
const g = getGame('orion');

describe('a move from the page', () => {
  it('is played on the version the page saw and posted in the thread; the same page again is stale', async () => {
    const h = harness(() => T);
    const rec = await createGame(T + HOUR);
    const text = g.formatMove(rec.state, g.legalMoves(rec.state)[0], 'canonical');
    expect(await playFromPage(h.ctx, rec.id, 'alice', rec.version, text)).toEqual({ ok: true });
    await h.settle();
    expect((await m.store.games.get(rec.id))?.moves).toEqual([text]);
    expect(gamePosts(h, rec.channelId)).toHaveLength(1);

    const again = await playFromPage(h.ctx, rec.id, 'alice', rec.version, text);
    expect(again).toEqual({ ok: false, reason: { key: 'web.play.stale' } });
    await h.settle();
    expect(gamePosts(h, rec.channelId)).toHaveLength(1);
  });

  it("refuses the wrong turn with the opponent's name, and a move that cannot be read with its rule", async () => {
    const h = harness(() => T);
    const rec = await createGame(T + HOUR);
    const turn = await playFromPage(h.ctx, rec.id, 'bob', rec.version, 'S1 J2');
    expect(turn).toEqual({ ok: false, reason: { key: 'move.notYourTurn', params: { name: { name: 'Alice' } } } });
    const bad = await playFromPage(h.ctx, rec.id, 'alice', rec.version, 'Q');
    expect(bad.ok === false && bad.reason.key).toBe('refusal.rule');
    expect(bad.ok === false && bad.reason.params?.rule).toMatch(/^OD-/);
    expect((await m.store.games.get(rec.id))?.moves).toEqual([]);
    await h.settle();
    expect(h.posts).toEqual([]);
  });
});

describe("a refusal's words for the page", () => {
  it('keep names and values, drop user ids and channels, at any depth', () => {
    const msg: Msg = {
      key: 'move.notYourTurn',
      params: {
        n: 3,
        s: 'text',
        who: { user: '123456789012345678' },
        where: { channel: '223456789012345678' },
        player: { player: { id: '323456789012345678', name: 'Zoé' } },
        name: { name: 'Bob' },
        code: { code: 'S1 J2' },
        list: { list: [{ user: '1' }, { name: 'Ann' }] },
        inner: { key: 'refusal.rule', params: { who: { user: '9' } } },
      },
    };
    expect(forPage(msg)).toEqual({
      key: 'move.notYourTurn',
      params: {
        n: 3,
        s: 'text',
        who: '',
        where: '',
        player: { name: 'Zoé' },
        name: { name: 'Bob' },
        code: { code: 'S1 J2' },
        list: { list: ['', { name: 'Ann' }] },
        inner: { key: 'refusal.rule', params: { who: '' } },
      },
    });
    expect(forPage({ key: 'web.play.stale' })).toEqual({ key: 'web.play.stale' });
  });
});
