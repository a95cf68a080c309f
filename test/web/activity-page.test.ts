// The page opened as the Discord Activity, in a real browser (Debian's Chromium, playwright-core): the SDK's own
// DiscordSDKMock (`?sdk=mock`, as no Discord client surrounds the page) authorizes, the page posts the code to the bot's
// server (/api/token), which checks it with the fake Discord, and the live board of the thread's game follows the moves
// made through the bot. A refusal is shown in the page's language.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionKey } from '../../src/runtime/web-session.js';
import { toMove, type Harness } from '../bot/harness.js';
import { fakeActivity, phone as phoneOf, startWebHarness, type WebHarness } from './web-harness.js';

/** What the SDK mock's authorize always answers. */
const MOCK_CODE = 'mock_code';

let wh: WebHarness;
let h: Harness;
let browser: Browser;
let base: string;
const key = sessionKey('activity-page-test-secret-0123', undefined)!;

beforeAll(async () => {
  wh = await startWebHarness(
    (bot) => ({
      match: bot.bot.ctx,
      sessionKey: key,
      activity: fakeActivity(bot),
    }),
    { fake: { activities: true }, bot: { activity: true } },
  );
  ({ h, browser, base } = wh);
}, 60_000);

afterAll(async () => {
  expect(h.fake.violations).toEqual([]);
  expect(h.fake.unknownRoutes).toEqual([]);
  await wh?.close();
});

const phone = (): Promise<Page> => phoneOf(browser);

/** The root URL as Discord opens it (its query), with the SDK mock. */
const activityUrl = (instanceId: string, channelId: string, lang: string) =>
  `${base}/?sdk=mock&frame_id=f-1&instance_id=${encodeURIComponent(instanceId)}&channel_id=${channelId}&guild_id=${h.guild.id}&platform=mobile&lang=${lang}`;

describe('the board as a Discord Activity', () => {
  it('signs in through the SDK and the bot’s server, then follows the thread’s game live', async () => {
    const { channelId, rec } = await h.startGame('exxit', h.alice, h.bob);
    // Bob presses Open board under the board: Discord opens the instance in the thread.
    const board = await h.fake.waitForMessage(channelId, (m) => m.attachments.length > 0);
    const custom = (board.components as any[]).flatMap((r) => r.components).find((c) => c.label === 'Open board');
    expect((await h.fake.click(h.bob, board.id, custom.custom_id).response()).type).toBe(12);
    const inst = h.fake.activityInstances().find((i) => i.channelId === channelId)!;
    // The user accepts the authorize prompt: the code the mock hands the page.
    h.fake.authorizeCode(h.bob, MOCK_CODE);

    const page = await phone();
    await page.goto(activityUrl(inst.id, channelId, 'en'));
    await page.waitForSelector('#conn.live');
    // The page is now the game's, signed in as Bob (a player: the socket's hello with the session names his side).
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/game/${rec.id}`);
    expect(url.hash).toBe('');
    await page.waitForFunction(`document.body.dataset.turn === 'theirs'`);
    expect(await page.textContent('#status')).toContain('to move');

    // A move made in the thread appears in the Activity.
    const mover = [h.alice, h.bob][toMove(await h.game(channelId))];
    await h.move(mover, channelId, 'P A');
    await page.waitForFunction(`document.querySelectorAll('#moves li:not(.empty)').length === 1`);
    // Now it is Bob's turn, on the board he opened in Discord.
    await page.waitForFunction(`document.body.dataset.turn === 'mine'`);
    await page.context().close();
  }, 30_000);

  it('says why when Discord does not confirm the user, in French', async () => {
    const inst = h.fake.launchActivity(h.carol, h.channel.id);
    // No authorize was given: the mock's code is unknown to Discord.
    const page = await phone();
    await page.goto(activityUrl(inst.id, h.channel.id, 'fr'));
    await page.waitForSelector('#refused');
    expect(await page.textContent('#refused')).toBe('Le plateau n’a pas pu s’ouvrir');
    expect(await page.textContent('main p')).toContain('Discord n’a pas confirmé qui vous êtes');
    await page.context().close();
  }, 30_000);
});
