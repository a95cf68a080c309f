// Correspondence clocks (product.md 6) through the real bot: what the players
// see of the reminder at 75% and of the loss on time (or abort before both
// sides moved) at 100%, a move resets the deadline, and a restart still ends
// the game. Two processes sweeping at once: test/match/clocks.test.ts. The
// clock is injected (`now`): no real waiting.
import { describe, expect, it } from 'vitest';
import { sweepClocks } from '../../src/bot/index.js';
import { checkAndCloseAfterEach, createHarness, findButton, isEphemeral, type Harness } from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

const HOUR = 3_600_000;
// Orion Duel preset 1 (the rules file's first ending): Orange, Blue, Orange.
const MOVES = ['V3 F8 NW R', 'V3 D3 NE R', 'T3 C7 SE'];

/** A shifted clock the test moves forward. */
function testClock() {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms: number) => (offset += ms) };
}

async function setup(clk: ReturnType<typeof testClock>, opts: Record<string, string | number | boolean> = {}) {
  h = await createHarness({ bot: { now: clk.now } });
  return h.startGame('orion', h.alice, h.bob, { layout: 'preset1', clock: 1, ...opts });
}

async function play(channelId: string, n: number) {
  for (let i = 0; i < n; i++) {
    const r = await h!.move(i % 2 === 0 ? h!.alice : h!.bob, channelId, MOVES[i]);
    expect(isEphemeral(r), r.callback.data?.content).toBe(false);
  }
}

describe('correspondence clock', () => {
  it('shows the time per move, reminds the player to move once at 75%, aborts at 100% when nobody has moved', async () => {
    const clk = testClock();
    const { channelId, rec } = await setup(clk);
    expect(rec.clock).toMatchObject({ perMoveMs: HOUR, reminded: false });
    expect(rec.clock!.deadline! - rec.clock!.wakeAt!).toBe(HOUR / 4);
    const card = h!.fake.message(rec.messageId!)!;
    expect(JSON.stringify(card.embeds)).toContain('Time per move: 1 h');
    const start = h!.fake.messages(channelId).find((m) => m.attachments.length > 0)!;
    expect(start.content).toContain(`deadline <t:${Math.floor(rec.clock!.deadline! / 1000)}:R>`);

    clk.advance(0.7 * HOUR);
    expect(await sweepClocks(h!.bot.ctx)).toBe(0);
    clk.advance(0.06 * HOUR);
    expect(await sweepClocks(h!.bot.ctx)).toBe(1);
    const ping = await h!.fake.waitForMessage(channelId, (m) => m.content.includes('it is your move'));
    expect(ping.content).toContain(`<@${h!.alice.id}>`);
    expect(ping.mentions.map((u) => u.id)).toEqual([h!.alice.id]);
    // Once per move.
    expect(await sweepClocks(h!.bot.ctx)).toBe(0);
    expect(h!.fake.messages(channelId).filter((m) => m.content.includes('it is your move'))).toHaveLength(1);

    clk.advance(0.25 * HOUR);
    expect(await sweepClocks(h!.bot.ctx)).toBe(1);
    const end = await h!.fake.waitForMessage(channelId, (m) => m.content.includes('Game aborted'));
    expect(end.content).toContain('did not move in time');
    expect(end.content).toContain('no rating change');
    const done = await h!.game(channelId);
    expect(done.status).toBe('aborted');
    expect(done.result).toMatchObject({ winner: null, reason: 'time' });
    expect(await h!.store.gameIndex.due(clk.now() + 10 * HOUR)).not.toContain(done.id);
  });

  it('a move before the deadline resets it; then the side to move loses on time, rated', async () => {
    const clk = testClock();
    const { channelId } = await setup(clk, { rated: true });
    clk.advance(0.5 * HOUR);
    await play(channelId, 2);
    const mid = await h!.game(channelId);
    expect(mid.clock!.deadline).toBeGreaterThan(clk.now() + 0.99 * HOUR);
    expect(mid.clock!.reminded).toBe(false);
    // The first deadline has passed: nothing happens, the new one counts.
    clk.advance(0.6 * HOUR);
    expect(await sweepClocks(h!.bot.ctx)).toBe(0);
    expect((await h!.game(channelId)).status).toBe('active');

    clk.advance(0.5 * HOUR); // past the reminder and the deadline of Orange's 2nd move
    expect(await sweepClocks(h!.bot.ctx)).toBe(1);
    const end = await h!.fake.waitForMessage(channelId, (m) => m.content.includes('lost on time'));
    expect(end.content).toContain(`<@${h!.bob.id}> (Blue) wins**: <@${h!.alice.id}> (Orange) lost on time.`);
    expect(end.content).toMatch(new RegExp(`<@${h!.bob.id}>: 1500 → \\d+ \\(\\+\\d+\\)`));
    expect(findButton(end, 'Rematch')).toMatch(/^hx1:g:/);
    const done = await h!.game(channelId);
    expect(done.status).toBe('over');
    expect(done.result).toMatchObject({ winner: 1, draw: false, reason: 'time' });
    expect((await h!.store.ratings.get('orion', h!.bob.id, 'global')).wins).toBe(1);
    expect((await h!.store.ratings.get('orion', h!.alice.id, 'global')).losses).toBe(1);
    await expect.poll(() => h!.fake.channel(channelId)?.thread_metadata?.archived).toBe(true);
  });

  it('after a restart the periodic sweep of a new process still ends the game on time', async () => {
    const clk = testClock();
    const { channelId } = await setup(clk);
    await play(channelId, 2);
    await h!.bot.stop();
    clk.advance(2 * HOUR);
    await h!.startAnotherBot({ now: clk.now, clockSweepIntervalMs: 50 });
    const end = await h!.fake.waitForMessage(channelId, (m) => m.content.includes('lost on time'));
    expect(end.content).toContain(`<@${h!.alice.id}> (Orange) lost on time`);
    expect((await h!.game(channelId)).status).toBe('over');
  });

  it('a damaged game is quarantined once: one note pointing to /endgame, out of the due index, healthy games behind it still time out', async () => {
    const clk = testClock();
    const { channelId: good } = await setup(clk);
    await play(good, 2);
    // Three more games whose state the engine refuses, due before the healthy one.
    const damaged: string[] = [];
    for (let k = 0; k < 3; k++) {
      const ch = h!.fake.addChannel(h!.guild.id, { name: `bad${k}` });
      const created = await h!.store.games.create({
        game: 'orion',
        setup: 'preset1',
        guildId: h!.guild.id,
        channelId: ch.id,
        parentChannelId: null,
        messageId: null,
        players: [
          { id: h!.carol.id, name: 'Carol' },
          { id: h!.bob.id, name: 'Bob' },
        ],
        rated: false,
        state: { game: 'orion', cells: 'not a board' },
        clock: { perMoveMs: HOUR, deadline: clk.now() - 10 * HOUR, reminded: true, wakeAt: clk.now() - 10 * HOUR },
      });
      expect(created.ok).toBe(true);
      if (created.ok) damaged.push(created.game.id);
    }
    clk.advance(2 * HOUR);
    // One sweep with room for one game only: the damaged ones come first, then leave the index.
    await sweepClocks(h!.bot.ctx, 1);
    await sweepClocks(h!.bot.ctx, 1);
    await sweepClocks(h!.bot.ctx, 1);
    await sweepClocks(h!.bot.ctx, 1);
    await h!.fake.waitForMessage(good, (m) => m.content.includes('lost on time'));
    for (const id of damaged) {
      const rec = (await h!.store.games.get(id))!;
      expect(rec.damaged).toMatch(/layout/);
      expect(rec.status).toBe('active');
      const notes = h!.fake.messages(rec.channelId).filter((m) => m.content.includes('/endgame'));
      expect(notes).toHaveLength(1);
    }
    expect(await h!.store.gameIndex.due(clk.now() + 100 * HOUR, 50)).toEqual([]);
    // Sweeping again posts nothing more.
    await sweepClocks(h!.bot.ctx);
    for (const id of damaged) {
      const rec = (await h!.store.games.get(id))!;
      expect(h!.fake.messages(rec.channelId).filter((m) => m.content.includes('/endgame'))).toHaveLength(1);
    }
  });
});
