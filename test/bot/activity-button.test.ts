// Open board (ACTIVITY_ENABLED): a server game's board posts carry it beside Move / Takeback / Rematch, and pressing it
// answers LAUNCH_ACTIVITY (the real discord.js client against the fake Discord, which opens the instance in the
// thread). Without the setting: no button, nothing else changes.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, findButton, isEphemeral, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  if (h) {
    expect(h.fake.violations).toEqual([]);
    expect(h.fake.unknownRoutes).toEqual([]);
  }
  await h?.close();
  h = undefined;
});

const labels = (m: { components: unknown[] }) =>
  (m.components as { components: { label?: string }[] }[]).flatMap((r) => r.components.map((c) => c.label));

describe('the Open board button', () => {
  it('is on the board posts when the Activity is configured, and launches it for whoever presses', async () => {
    h = await createHarness({ fake: { activities: true }, bot: { activity: true, renderInWorkers: false } });
    const { channelId, rec } = await h.startGame('exxit', h.alice, h.bob);
    const board = await h.fake.waitForMessage(channelId, (m) => m.attachments.length > 0);
    expect(labels(board)).toEqual(['Move', 'Open board']);

    // A spectator may open the board too: the instance opens in the thread, with the presser in it.
    const press = await h.fake.click(h.carol, board.id, findButton(board, 'Open board')).response();
    expect(press.type).toBe(12);
    const [inst] = h.fake.activityInstances();
    expect(inst).toMatchObject({ channelId, users: [h.carol.id] });

    // After a move (Takeback beside Move) and at the end (Rematch), it is still there, last in the row.
    const moved = await h.slash(h.alice, channelId, 'move', { text: 'P A' }).done();
    expect(labels(moved.original!)).toContain('Open board');
    const over = await h.slash(h.bob, channelId, 'resign').done();
    expect(labels(over.original!)).toEqual(['Rematch', 'Open board']);

    // The bot restarted without the setting: a button drawn before says so privately, and launches nothing.
    await h.bot.stop();
    await h.startAnotherBot({ activity: false });
    await h.fake.waitForReady();
    const stale = await h.fake.click(h.alice, board.id, findButton(board, 'Open board')).done();
    expect(isEphemeral(stale)).toBe(true);
    expect(stale.callback.data.content).toContain('not available as an Activity');
    expect(h.fake.activityInstances()).toHaveLength(1);
    expect(rec.guildId).not.toBe(null);
  });

  it('is absent without the setting', async () => {
    h = await createHarness({ bot: { renderInWorkers: false } });
    const { channelId } = await h.startGame('exxit', h.alice, h.bob);
    const board = await h.fake.waitForMessage(channelId, (m) => m.attachments.length > 0);
    expect(labels(board)).toEqual(['Move']);
    const moved = await h.slash(h.alice, channelId, 'move', { text: 'P A' }).done();
    expect(labels(moved.original!)).not.toContain('Open board');
    const over = await h.slash(h.bob, channelId, 'resign').done();
    expect(labels(over.original!)).toEqual(['Rematch']);
  });
});
