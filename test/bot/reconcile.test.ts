// Nothing saved stays unannounced: a process that dies between saving a
// write and posting it leaves the post owed, and another process (or the
// next one started) makes it, once — editing the interaction left
// "thinking…" when it still can, else in the game's channel.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { RunningBot, StartBotOptions } from '../../src/bot/index.js';
import { checkAndCloseAfterEach, createHarness, played, toMove, toOptions, waitFor, type Harness } from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

const boardsSaying = (h: Harness, channelId: string, text: string) =>
  h.fake.messages(channelId).filter((m) => m.content.includes(text) && m.attachments.length > 0);

/** A crash: the process stops at once and, its heartbeat expired, is known to be gone. */
async function crash(h: Harness, bot: RunningBot): Promise<void> {
  await bot.halt();
  await h.store.processes.gone(bot.ctx.instanceId);
}

/**
 * A bot that takes the owed posts over (sweeping every 100 ms), with its log kept and the requests sent from now on:
 * the fake Discord drops a second message with the same nonce, so only what was sent shows a post made twice.
 */
async function sweeper(h: Harness, extra: Partial<StartBotOptions> = {}) {
  let log = '';
  const sink = new Writable({ write: (chunk, _enc, cb) => ((log += chunk.toString()), cb()) });
  const from = h.fake.requests.length;
  const bot = await h.startAnotherBot({
    announceSweepIntervalMs: 100,
    announceGraceMs: 200,
    logger: pino({ level: 'info' }, sink),
    ...extra,
  });
  return {
    bot,
    log: () => log,
    /** The posts sent to a channel since the bot started, by nonce. */
    posts: (channelId: string) =>
      h.fake.requests
        .slice(from)
        .filter((r) => r.method === 'POST' && r.path === `/channels/${channelId}/messages`)
        .map((r) => String((r.body as any)?.nonce)),
  };
}

/** The owed post went out once: shown caught up after that one post, and no more were sent, several sweeps later. */
async function expectPostedOnce(h: Harness, s: Awaited<ReturnType<typeof sweeper>>, channelId: string) {
  await waitFor(async () => {
    const g = await h.game(channelId);
    return (g.shown ?? 0) >= (g.annV ?? 0);
  });
  expect(s.posts(channelId)).toHaveLength(1);
  await new Promise((r) => setTimeout(r, 400)); // several more sweeps
  const nonces = s.posts(channelId);
  expect(nonces.length).toBeGreaterThan(0);
  expect(new Set(nonces).size).toBe(nonces.length);
  expect(s.log()).toContain('owed game post made');
  expect(s.log()).not.toContain('giving up');
}

describe('owed posts', () => {
  it('a move saved by a process that died before posting it is posted once by the others, pinging the next player', async () => {
    h = await createHarness({ bot: { announceSweepIntervalMs: 0 } });
    const { channelId, rec } = await h.startGame('exxit', h.alice, h.bob);
    // Saved by a process that is gone (no heartbeat), never posted.
    const res = await h.store.games.update(rec.id, rec.version, played(rec, 'P A'), {
      announce: { owner: 'crashed-process' },
    });
    expect(res.ok).toBe(true);
    // Two live processes sweep at once: one of them posts it.
    const s = await sweeper(h);
    await h.startAnotherBot({ announceSweepIntervalMs: 100, announceGraceMs: 200 });
    const board = await h.fake.waitForMessage(
      channelId,
      (m) => m.content.includes('Red: P A (place)') && m.attachments.length > 0,
    );
    expect(board.content).toContain(`<@${h.bob.id}>`);
    expect((board.components as any[]).length).toBe(1); // the Move button for Bob
    await waitFor(async () => {
      const g = await h!.game(channelId);
      return (g.shown ?? 0) >= (g.annV ?? 0);
    });
    await new Promise((r) => setTimeout(r, 400)); // several more sweeps
    expect(boardsSaying(h, channelId, 'Red: P A (place)')).toHaveLength(1);
    // Sent once (the requests of both processes), by whichever of the two took it.
    expect(s.posts(channelId)).toHaveLength(1);
    expect(s.log()).not.toContain('giving up');
    // The game goes on from there.
    const next = await h.move(h.bob, channelId, 'P B');
    expect(next.original?.content).toContain('Black: P B (place)');
  });

  it('a /move whose board was on its way when the process died: the "thinking…" left behind shows the board, nothing is posted twice', async () => {
    let slow = false;
    const { renderBoard } = await import('../../src/render/index.js');
    h = await createHarness({
      bot: {
        announceSweepIntervalMs: 0,
        // Slow drawing: the answer is deferred ("thinking…") before the board is ready.
        render: async (game, state, opts) => {
          if (slow) await new Promise((r) => setTimeout(r, 1800));
          return renderBoard(game, state, opts);
        },
      },
    });
    const { channelId } = await h.startGame('exxit', h.alice, h.bob);
    // The board's edit of the deferral never reaches Discord: the process dies with it in flight.
    const edit = h.fake.fault({
      method: 'PATCH',
      route: '/webhooks/:app/:token/messages/:mid',
      action: 'hold',
      times: 1,
    });
    slow = true;
    const i = h.fake.slash(h.alice, channelId, 'move', toOptions({ text: 'P A' }));
    expect((await i.response(2900)).type).toBe(5);
    await edit.hit();
    await crash(h, h.bot);
    expect(i.original()?.flags).toBe(128); // still "thinking…"
    slow = false;
    await h.startAnotherBot({ announceSweepIntervalMs: 100, announceGraceMs: 200 });
    const answered = await waitFor(async () => (i.original()?.attachments.length ? i.original() : null));
    expect(answered?.content).toContain('Red: P A (place)');
    expect(answered?.content).toContain(`<@${h.bob.id}>`);
    await new Promise((r) => setTimeout(r, 400));
    expect(boardsSaying(h, channelId, 'Red: P A (place)')).toHaveLength(1);
    expect(h.fake.unanswered()).toEqual([]);
  });

  it('a /move whose process died before it answered at all: the board goes to the thread, once', async () => {
    h = await createHarness({ bot: { announceSweepIntervalMs: 0 } });
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    const answer = h.fake.fault({
      method: 'POST',
      route: '/interactions/:id/:token/callback',
      action: 'hold',
      times: 1,
    });
    h.fake.slash(h.alice, channelId, 'move', toOptions({ text: 'L3 C7 N' }));
    await answer.hit();
    await crash(h, h.bot);
    await h.startAnotherBot({ announceSweepIntervalMs: 100, announceGraceMs: 200 });
    const board = await h.fake.waitForMessage(
      channelId,
      (m) => m.content.includes('L3 C7') && m.attachments.length > 0,
    );
    expect(board.content).toContain(`<@${h.bob.id}>`);
    await new Promise((r) => setTimeout(r, 400));
    expect(boardsSaying(h, channelId, 'L3 C7')).toHaveLength(1);
    expect(await h.store.games.moves((await h.game(channelId)).id)).toHaveLength(1);
  });

  it('a loss on time saved by a sweep that died before posting it: the result is posted once and the ratings settled', async () => {
    const t0 = Date.now();
    let now = t0;
    h = await createHarness({ bot: { announceSweepIntervalMs: 0, now: () => now } });
    const { channelId } = await h.startGame('exxit', h.alice, h.bob, { rated: true, clock: 1 });
    await h.move(h.alice, channelId, 'P A');
    await h.move(h.bob, channelId, 'P B');
    const rec = await h.game(channelId);
    expect(toMove(rec)).toBe(0);
    // The clock sweep writes the loss on time, then its post never goes out.
    const posts = h.fake.fault({ method: 'POST', route: '/channels/:cid/messages', action: 'hold', times: 1 });
    now = t0 + 2 * 3_600_000;
    const { sweepClocks } = await import('../../src/match/sweeps/clock.js');
    void sweepClocks(h.bot.ctx);
    await posts.hit();
    await crash(h, h.bot);
    const s = await sweeper(h, { now: () => now });
    const final = await h.fake.waitForMessage(channelId, (m) => /lost on time/i.test(m.content));
    expect(final.content).toContain(`**<@${h.bob.id}> (Black) wins**`);
    expect(final.content).toMatch(/1500 → 1662/);
    await expectPostedOnce(h, s, channelId);
    expect(h.fake.messages(channelId).filter((m) => /lost on time/i.test(m.content))).toHaveLength(1);
    // The finished game's thread is archived once its result is out.
    await waitFor(async () => h!.fake.channel(channelId)?.thread_metadata?.archived);
    const over = await h.game(channelId);
    expect(over.status).toBe('over');
    expect(over.result?.ratingChanges).toBeTruthy();
  });

  it('a game against the AI: a crash while the AI thinks, and the AI still moves once after the restart', async () => {
    h = await createHarness({
      bot: {
        announceSweepIntervalMs: 0,
        // This process's AI never finishes thinking: it dies first.
        thinkMove: () => new Promise<string>(() => undefined),
      },
    });
    const r = await h.fake
      .slash(h.alice, h.channel.id, 'play-bot', toOptions({ game: 'exxit', level: 'easy', first: 'me' }))
      .done();
    expect(r.callback.type).toBeLessThan(8);
    const rec = await waitFor(async () => (await h!.store.gameIndex.listByUser(h!.alice.id, 1))[0]);
    await h.fake.waitForMessage(rec.channelId, (m) => m.attachments.length > 0);
    await h.move(h.alice, rec.channelId, 'P A');
    await crash(h, h.bot);
    await h.startAnotherBot({ announceSweepIntervalMs: 100, announceGraceMs: 200, thinkMove: undefined }); // the real AI
    const aiBoard = await h.fake.waitForMessage(
      rec.channelId,
      (m) => m.content.startsWith('Black:') && m.attachments.length > 0,
      15_000,
    );
    expect(aiBoard.content).toContain(`<@${h.alice.id}>`);
    await new Promise((r) => setTimeout(r, 400));
    const g = await h.game(rec.channelId);
    expect(g.moves).toHaveLength(2);
    expect(h.fake.messages(rec.channelId).filter((m) => m.content.startsWith('Black:'))).toHaveLength(1);
  });
});
