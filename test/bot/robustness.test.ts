// "What must never happen": duplicates, races, restarts, a missing thread
// permission, payloads Discord would refuse, unexpected errors.
import { Writable } from 'node:stream';
import { ChatInputCommandInteraction } from 'discord.js';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import {
  checkAndCloseAfterEach,
  createHarness,
  findButton,
  isEphemeral,
  toOptions,
  waitFor,
  type Harness,
} from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('at most once', () => {
  it('a duplicated INTERACTION_CREATE does nothing the second time', async () => {
    h = await createHarness();
    const { channelId } = await h.startGame('exxit', h.alice, h.bob);
    const i = h.fake.slash(h.alice, channelId, 'move', toOptions({ text: 'P A' }));
    h.fake.resendInteraction(i);
    await i.done();
    h.fake.resendInteraction(i);
    await settle();
    const rec = await h.game(channelId);
    expect(rec.moves).toEqual(['P 0,0']);
    const callbacks = h.fake.requests.filter((r) => r.path.startsWith(`/interactions/${i.id}/`));
    expect(callbacks).toHaveLength(1);
  });

  it('two simultaneous /move on one game: exactly one is applied', async () => {
    h = await createHarness();
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    for (const pair of [
      ['S1 K2', 'L3 C7 N'],
      ['S1 A1', 'S1 A1'],
    ]) {
      const before = await h.game(channelId);
      const user = before.moves.length % 2 === 0 ? h.alice : h.bob;
      const [a, b] = await Promise.all(pair.map((t) => h!.move(user, channelId, t)));
      const results = [a, b].map(isEphemeral);
      expect(results.sort()).toEqual([false, true]);
      const refused = (isEphemeral(a) ? a : b).callback.data.content as string;
      expect(refused).toMatch(/not your turn|position changed/i);
      const after = await h.game(channelId);
      expect(after.moves).toHaveLength(before.moves.length + 1);
      expect(after.version).toBe(before.version + 1);
    }
  });

  it('two bot processes on one Redis: each interaction is handled once', async () => {
    h = await createHarness();
    await h.startAnotherBot();
    await h.fake.waitForReady(2);
    const { channelId } = await h.startGame('exxit', h.alice, h.bob);
    for (const [user, text] of [
      [h.alice, 'P A'],
      [h.bob, 'P B'],
      [h.alice, 'D A E'],
    ] as const) {
      const r = await h.move(user, channelId, text);
      expect(isEphemeral(r)).toBe(false);
    }
    await settle();
    expect((await h.game(channelId)).moves).toEqual(['P 0,0', 'P 1,0', 'D 0,0 E']);
    // One board post per move (plus the starting one), none duplicated.
    const boards = h.fake.messages(channelId).filter((m) => m.attachments.length > 0);
    expect(boards).toHaveLength(4);
  });
});

describe('restarts and fallbacks', () => {
  it('a new bot instance on the same Redis continues a game mid-way', async () => {
    h = await createHarness();
    const { channelId } = await h.startGame('exxit', h.alice, h.bob);
    await h.move(h.alice, channelId, 'P A');
    await h.move(h.bob, channelId, 'P B');
    await h.bot.stop();
    const second = await h.startAnotherBot();
    await waitFor(async () => h!.fake.sessions === 1 && second.client.isReady());
    const r = await h.move(h.alice, channelId, 'D A E');
    expect(r.original?.content).toContain('Red: D A E (dance)');
    const board = await h.slash(h.bob, channelId, 'board').done();
    expect(board.original?.attachments).toHaveLength(1);
    expect(board.original?.content).toMatch(/Move 3\./);
    expect((await h.game(channelId)).moves).toEqual(['P 0,0', 'P 1,0', 'D 0,0 E']);
  });

  it('plays in the channel where threads are not allowed; one game per channel', async () => {
    h = await createHarness({ canCreateThreads: false });
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset2' });
    expect(channelId).toBe(h.channel.id);
    expect(h.fake.threads()).toHaveLength(0);
    const r = await h.move(h.alice, channelId, 'S1 K2');
    expect(r.original?.content).toMatch(/Orange: S1 K2/);
    // A second challenge accepted here cannot start: the channel is busy.
    const card = (await h.slash(h.carol, h.channel.id, 'challenge', { game: 'exxit' }).done()).original!;
    const acc = await h.fake.click(h.bob, card.id, findButton(card, 'Accept')).done({ followups: 1 });
    expect(acc.followups[0].content).toMatch(/already being played in this channel/);
    expect(JSON.stringify(h.fake.message(card.id)?.embeds)).toContain('Could not start');
    expect((await h.game(channelId)).players.map((p) => p.id)).toEqual([h.alice.id, h.bob.id]);
    // Abort before each side has moved: no result, channel free again.
    const ab = await h.slash(h.bob, channelId, 'abort').done();
    expect(ab.original?.content).toMatch(/Game aborted/);
    expect((await h.game(channelId)).status).toBe('aborted');
    expect(h.fake.channel(channelId)?.thread_metadata).toBeUndefined();
  });

  it('an unexpected error gets a generic ephemeral reply; a failing renderer does not lose the move', async () => {
    h = await createHarness({ bot: { render: () => Promise.reject(new Error('canvas exploded')) } });
    const card = (
      await h.slash(h.alice, h.channel.id, 'challenge', { game: 'exxit', opponent: h.bob, first: 'me' }).done()
    ).original!;
    await h.fake.click(h.bob, card.id, findButton(card, 'Accept')).done();
    const rec = await waitFor(async () => (await h!.store.gameIndex.listByUser(h!.alice.id, 1))[0]);
    const spy = vi.spyOn(h.store.channels, 'active').mockRejectedValueOnce(new Error('redis on fire'));
    const boom = await h.move(h.alice, rec.channelId, 'P A');
    expect(isEphemeral(boom)).toBe(true);
    expect(boom.callback.data.content).toMatch(/Something went wrong on my side/);
    spy.mockRestore();
    const ok = await h.move(h.alice, rec.channelId, 'P A');
    expect(ok.original?.content).toContain('Red: P A (place)');
    expect(ok.original?.attachments).toHaveLength(0);
    expect((await h.game(rec.channelId)).moves).toEqual(['P 0,0']);
  });
});

describe('announcements', () => {
  it('a move whose interaction answer fails is still posted in the game channel', async () => {
    h = await createHarness();
    const { channelId } = await h.startGame('exxit', h.alice, h.bob);
    // The answer itself fails (a late or lost interaction): the board must still reach the thread.
    const spy = vi
      .spyOn(ChatInputCommandInteraction.prototype, 'reply')
      .mockRejectedValueOnce(new Error('Unknown interaction'));
    const i = h.fake.slash(h.alice, channelId, 'move', toOptions({ text: 'P A' }));
    const post = await h.fake.waitForMessage(channelId, (m) => m.content.startsWith('Red: P A (place)'));
    spy.mockRestore();
    expect(post.attachments).toHaveLength(1);
    expect(post.content).toContain(`<@${h.bob.id}> to move`);
    expect((await h.game(channelId)).moves).toEqual(['P 0,0']);
    expect(i.original()).toBeUndefined();
  });
});

describe('slow stores', () => {
  it("a slow store is deferred before Discord's 3 s; a slow refusal becomes ephemeral", async () => {
    h = await createHarness();
    const { channelId } = await h.startGame('exxit', h.alice, h.bob);
    const channels = h.store.channels;
    // The interactions arrive 1.2 s after Discord created them, so the bot's deferral at 1.5 s comes
    // 0.3 s after they arrive; the store answers 0.5 s after that.
    const latency = { latencyMs: 1200 };
    const slow =
      <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
      async (...a: A) => {
        await new Promise((r) => setTimeout(r, 800));
        return f.apply(channels, a);
      };
    const load = vi.spyOn(channels, 'active').mockImplementationOnce(slow(channels.active.bind(channels)));
    const i = h.fake.slash(h.alice, channelId, 'move', toOptions({ text: 'P A' }), latency);
    const cb = await i.response(1700);
    expect(cb.type).toBe(5);
    const res = await i.done();
    expect(res.original?.content).toContain('Red: P A (place)');
    load.mockRestore();
    const get = vi.spyOn(channels, 'active').mockImplementationOnce(slow(channels.active.bind(channels)));
    const bad = h.fake.slash(h.alice, channelId, 'move', toOptions({ text: 'P B' }), latency);
    const r = await bad.done({ followups: 1 });
    get.mockRestore();
    expect(r.callback.type).toBe(5);
    expect(r.followups[0].content).toMatch(/not your turn/);
    expect(r.followups[0].flags & 64).toBe(64);
    expect(bad.original()?.deleted ?? true).toBe(true);
    expect((await h.game(channelId)).moves).toEqual(['P 0,0']);
  });

  it('a move that reaches Redis after its player would have been told it failed is refused by Redis and not played', async () => {
    h = await createHarness();
    const { channelId, rec } = await h.startGame('exxit', h.alice, h.bob);
    const games = h.store.games;
    // The write arrives 1.5 s after it was sent: past the command timeout the bot gives the player, so Redis must
    // refuse it.
    const real = games.update.bind(games);
    const late = vi.spyOn(games, 'update').mockImplementationOnce(async (...a: Parameters<typeof games.update>) => {
      await new Promise((r) => setTimeout(r, h!.store.commandTimeoutMs + 500));
      return real(...a);
    });
    // Deferred at 1.5 s (publicly, as /move is), then the refusal privately.
    const res = await h.fake.slash(h.alice, channelId, 'move', toOptions({ text: 'P A' })).done({ followups: 1 });
    late.mockRestore();
    expect(res.followups[0].content).toMatch(/storage is unavailable/);
    expect(res.followups[0].flags & 64).toBe(64);
    const now = await h.game(channelId);
    expect(now.version).toBe(rec.version);
    expect(now.moves).toEqual([]);
    // Nothing owed either: no board may show up later.
    expect(now.annV ?? 0).toBeLessThanOrEqual(now.shown ?? 0);
    const again = await h.move(h.alice, channelId, 'P A');
    expect(again.original?.content).toContain('Red: P A (place)');
  });
});

describe('logs', () => {
  it('never carry the interaction token (a secret for 15 minutes), even when Discord refuses every answer', async () => {
    let out = '';
    const sink = new Writable({ write: (chunk, _enc, cb) => ((out += chunk.toString()), cb()) });
    h = await createHarness({ fake: { interactionAckDeadlineMs: 0 }, bot: { logger: pino({ level: 'debug' }, sink) } });
    const i = h.fake.slash(h.alice, h.channel.id, 'challenge', toOptions({ game: 'exxit' }));
    await waitFor(async () => out.includes('interaction failed'));
    expect(out).toContain('Unknown interaction');
    expect(out).toContain('[redacted]');
    expect(out).not.toContain(i.token);
    expect(out).not.toContain(i.token.split(':')[1]);
    expect(out).not.toContain(h.fake.token);
    // The fake reports each late answer; nothing else may be wrong.
    expect(
      h.fake.violations.flatMap((v) => v.problems).every((p) => /late|3 ?s|deadline|unknown interaction/i.test(p)),
    ).toBe(true);
    await h.close();
    h = undefined;
  });
});

describe('autocomplete', () => {
  it('at most 25 legal moves, filtered by label or canonical text; labelled when not your turn', async () => {
    h = await createHarness();
    const none = await h.fake
      .autocomplete(h.alice, h.channel.id, 'move', [{ name: 'text', type: 3, value: '', focused: true }])
      .response();
    expect(none.data.choices).toEqual([]);
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    const ac = (user = h!.alice, value = '') =>
      h!.fake
        .autocomplete(user, channelId, 'move', [{ name: 'text', type: 3, value, focused: true }])
        .response()
        .then((r) => r.data.choices as { name: string; value: string }[]);
    const all = await ac();
    expect(all).toHaveLength(25);
    const l3 = await ac(h.alice, 'l3 e5');
    expect(l3.length).toBeGreaterThan(0);
    expect(l3.every((c) => c.value.startsWith('L3 E5'))).toBe(true);
    const sub = await ac(h.alice, 'E5 N');
    expect(sub.some((c) => c.value === 'L3 E5 N')).toBe(true);
    for (const c of [...all, ...l3, ...sub]) {
      expect(c.name.length).toBeLessThanOrEqual(100);
      expect(c.value.length).toBeLessThanOrEqual(100);
    }
    const other = await ac(h.bob, 'S1');
    expect(other.every((c) => c.name.startsWith('not your turn · S1'))).toBe(true);
    const spect = await ac(h.carol, 'S1');
    expect(spect.every((c) => c.name.startsWith('spectating · '))).toBe(true);
    const nothing = await ac(h.alice, 'zz9');
    expect(nothing).toEqual([{ name: 'No legal move matches "zz9"', value: 'zz9' }]);

    // Exxit: label form with the coordinates; value canonical.
    const ex = await h.startGame('exxit', h.carol, h.bob);
    const exc = await h.fake
      .autocomplete(h.carol, ex.channelId, 'move', [{ name: 'text', type: 3, value: 'p', focused: true }])
      .response();
    expect(exc.data.choices).toEqual([
      { name: 'P A  (0,0)', value: 'P 0,0' },
      { name: 'P B  (1,0)', value: 'P 1,0' },
      { name: 'P C  (1,-1)', value: 'P 1,-1' },
      { name: 'P D  (0,1)', value: 'P 0,1' },
    ]);
    await h.move(h.carol, ex.channelId, 'P A');
    await h.move(h.bob, ex.channelId, 'P B');
    const dance = await h.fake
      .autocomplete(h.carol, ex.channelId, 'move', [{ name: 'text', type: 3, value: '', focused: true }])
      .response();
    expect(dance.data.choices).toEqual([{ name: 'D A E  (0,0 → E)', value: 'D 0,0 E' }]);
  });
});

describe('rematch', () => {
  it("one click offers a challenge with colours swapped; the other player's click starts it; never two games", async () => {
    h = await createHarness();
    const { channelId } = await h.startGame('exxit', h.alice, h.bob, { tiles: 29 });
    const res = await h.slash(h.alice, channelId, 'resign').done();
    const final = res.original!;
    const rematch = findButton(final, 'Rematch');
    expect(
      await h.fake
        .click(h.carol, final.id, rematch)
        .done()
        .then((r) => r.callback.data.content),
    ).toMatch(/only the players/i);
    const r = await h.fake.click(h.alice, final.id, rematch).done();
    expect(r.original?.content).toMatch(/Rematch offered to Bob/);
    expect(
      await h.fake
        .click(h.alice, final.id, rematch)
        .done()
        .then((x) => x.original?.content ?? x.callback.data.content),
    ).toMatch(/already/i);
    const card = await h.fake.waitForMessage(h.channel.id, (m) =>
      JSON.stringify(m.embeds).includes('opponent moves first'),
    );
    // Bob asks for the rematch too: the game starts at once.
    const both = await h.fake.click(h.bob, final.id, rematch).done();
    expect(both.original?.content).toMatch(/Rematch started in <#\d+>/);
    expect(JSON.stringify(h.fake.message(card.id)?.embeds)).toContain('both asked for a rematch');
    expect(h.fake.message(card.id)?.components).toEqual([]);
    const next = await waitFor(async () =>
      (await h!.store.gameIndex.listByUser(h!.bob.id, 5)).find((g) => g.status === 'active'),
    );
    expect(next.players.map((p) => p.id)).toEqual([h.bob.id, h.alice.id]);
    expect(next.setup).toBe('blitz');
    expect(next.rematchOf).toBe((await h.game(channelId)).id);
    expect(next.channelId).not.toBe(channelId);
    // The card's own Accept is now refused, and no second game ever starts.
    const late = await h.fake.click(h.bob, card.id, `hx1:c:rm${(await h.game(channelId)).id}:a`).done();
    expect(late.callback.data.content).toMatch(/accepted already/i);
    expect((await h.store.gameIndex.listByUser(h.alice.id, 10)).filter((g) => g.status === 'active')).toHaveLength(1);
  });
});
