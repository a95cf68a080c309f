// The live game page in a real browser (Debian's Chromium, driven by playwright-core): the bot plays moves through the
// fake Discord, the page at phone size shows them live (the move list grows, the canvas changes); a DM game (to a
// page signed in as nobody) and a bad id are refused; a client's messages change nothing. Playing from the page:
// play.test.ts. WEB_SCREENSHOT=docs/web-phone.png writes the phone screenshot.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { getGame } from '../../src/engine/index.js';
import type { WebServer } from '../../src/runtime/web-server.js';
import { toMove, waitFor, type Harness } from '../bot/harness.js';
import { startTestWebServer } from '../support/web-client.js';
import { createDmGame, phone as phoneOf, startWebHarness, type WebHarness } from './web-harness.js';

let h: Harness;
let web: WebServer;
let browser: Browser;
let base: string;
let wh: WebHarness;

beforeAll(async () => {
  wh = await startWebHarness();
  ({ h, web, browser, base } = wh);
}, 60_000);

afterAll(() => wh?.close());

const phone = (): Promise<Page> => phoneOf(browser);

// The functions below run in the page; the tests' tsconfig has no DOM types, hence the narrow casts.
const canvasData = (page: Page) => page.$eval('#board', (c) => (c as unknown as { toDataURL(): string }).toDataURL());
const moveItems = (page: Page) => page.$$eval('#moves li:not(.empty)', (lis) => lis.map((li) => li.textContent ?? ''));

/** The first legal move of the game's position, canonical. */
async function firstLegal(channelId: string): Promise<string> {
  const rec = await h.game(channelId);
  const g = getGame(rec.game);
  const s = g.fromJSON(rec.state);
  if (!s.ok) throw new Error('bad state');
  return g.formatMove(s.value, g.legalMoves(s.value)[0], 'canonical');
}

describe('the live game page', () => {
  it('follows a game played through the bot, live, at phone size; in French too', async () => {
    const { channelId, rec } = await h.startGame('orion', h.alice, h.bob);
    const page = await phone();
    await page.goto(`${base}/game/${rec.id}?lang=en`);
    await page.waitForSelector('#conn.live');
    expect(await page.textContent('#status')).toContain('to move');
    expect(await moveItems(page)).toEqual([]);
    const before = await canvasData(page);

    const players = [h.alice, h.bob];
    for (let i = 0; i < 2; i++) {
      const mover = players[toMove(await h.game(channelId))];
      const r = await h.move(mover, channelId, await firstLegal(channelId));
      expect(r.callback.type).not.toBe(undefined);
      await page.waitForFunction(`document.querySelectorAll('#moves li:not(.empty)').length === ${i + 1}`);
    }
    expect(await moveItems(page)).toHaveLength(2);
    expect(await canvasData(page)).not.toBe(before);
    // The replay slider goes back to the start: the first picture again.
    await page.$eval('#slider', (s) => {
      (s as unknown as { value: string }).value = '0';
      s.dispatchEvent(new Event('input'));
    });
    expect(await canvasData(page)).toBe(before);
    // The page fits a phone: nothing wider than the screen.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    if (process.env.WEB_SCREENSHOT) {
      await page.click('#live');
      await page.screenshot({ path: process.env.WEB_SCREENSHOT, fullPage: true });
    }

    const fr = await phone();
    await fr.goto(`${base}/game/${rec.id}?lang=fr`);
    await fr.waitForSelector('#conn.live');
    expect(await fr.textContent('#status')).toContain('Au tour de');
    expect(await fr.textContent('#moves-title')).toBe('Coups');
    await page.context().close();
    await fr.context().close();
  }, 30_000);

  it('refuses a DM game and a bad id with a clear page, and changes nothing for what a client sends', async () => {
    const priv = { game: await createDmGame(h) };
    const page = await phone();
    // The page is the client alone (nothing of the game); its socket refuses a page signed in as no player of it.
    const res = await page.goto(`${base}/game/${priv.game.id}?lang=en`);
    expect(res?.status()).toBe(200);
    expect(await page.textContent('#refused')).toBe('This game is private');
    expect(await page.content()).not.toContain('Alice');
    const bad = await page.goto(`${base}/game/NOT-A-GAME?lang=fr`);
    expect(bad?.status()).toBe(404);
    expect(await page.textContent('#refused')).toBe('Partie introuvable');
    await page.context().close();

    // Too many pages from one address: a busy page (a server of its own with a small limit).
    const tight = await startTestWebServer(h.store, { limits: { maxPagesPerWindow: 2 } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await fetch(`http://127.0.0.1:${tight.port}/game/${priv.game.id}`)).status);
    await tight.close();
    expect(statuses).toEqual([200, 200, 429]);

    // The socket of the private game says why and shows nothing; junk and oversized messages change nothing.
    const said: string[] = [];
    const ws = new WebSocket(`ws://127.0.0.1:${web.port}/ws/game/${priv.game.id}`);
    ws.on('message', (d) => said.push((d as Buffer).toString()));
    ws.on('open', () => ws.send(JSON.stringify({ type: 'hello' })));
    await new Promise((r) => ws.on('close', r));
    expect(said.map((s) => JSON.parse(s))).toEqual([{ type: 'refused', reason: 'private' }]);

    const { rec } = await h.startGame('exxit', h.alice, h.bob);
    const spy = new WebSocket(`ws://127.0.0.1:${web.port}/ws/game/${rec.id}`);
    const got: any[] = [];
    spy.on('message', (d) => got.push(JSON.parse((d as Buffer).toString())));
    await waitFor(async () => got.length > 0);
    spy.send(JSON.stringify({ type: 'move', move: 'anything', version: rec.version }));
    await waitFor(async () => got.some((m) => m.type === 'error'));
    const closed = new Promise<number>((r) => spy.on('close', (code) => r(code)));
    spy.send('x'.repeat(10_000));
    expect(await closed).toBe(1009);
    expect((await h.store.games.get(rec.id))?.version).toBe(rec.version);

    // Without PUBLIC_URL (this bot has none), the game's end has no link.
    const ended = await h.slash(h.bob, rec.channelId, 'resign').done();
    expect(ended.original!.content).toMatch(/resign/i);
    expect(ended.original!.content).not.toContain('/game/');
  }, 30_000);
});
