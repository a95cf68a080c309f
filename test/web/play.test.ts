// Tap to play in a real browser (Debian's Chromium, playwright-core): two players signed in (session tokens minted
// here as the Activity's sign-in would) play a whole game of each kind by tapping the board on phone-sized pages,
// against the real bot and the fake Discord; the thread shows the same game move for move and a spectator's page
// follows it live. A stale move, a token for a non-player and a tampered token are refused and change nothing; a
// private game's page shows it only to its players. WEB_SCREENSHOTS=1 writes docs/web-tap-{orion,exxit}.png.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pino } from 'pino';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import { getGame, type GameId } from '../../src/engine/index.js';
import type { StoredGame } from '../../src/model/index.js';
import { BOARD_SIZE } from '../../src/render/painter.js';
import { cellCentre, type TapCell } from '../../src/render/taps.js';
import { startWebServer, WEB_ASSETS_DIR, type WebServer } from '../../src/runtime/web-server.js';
import { mintSession, sessionKey } from '../../src/runtime/web-session.js';
import { openStore } from '../../src/store/index.js';
import type { Store } from '../../src/store/types.js';
import { Tapper } from '../../web/src/tap.js';
import { EXXIT_QUICK, ORION_QUICK } from '../support/scripted-games.js';
import { createHarness, waitFor, type Harness } from '../bot/harness.js';
import type { FakeUser } from '../support/fake-discord/index.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KEY = sessionKey('a test secret of more than sixteen characters', undefined)!;

let h: Harness;
let web: WebServer;
let webStore: Store;
let browser: Browser;
let base: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: install Debian's package (apt-get install -y chromium; .ci/run does) or set CHROMIUM_PATH`,
    );
  const built = spawnSync(
    process.execPath,
    [
      '-e',
      "import('./scripts/build-web.mjs').then((m) => m.ensureWebBuilt()).catch((e) => { console.error(e); process.exit(1); })",
    ],
    { encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`the web client did not build:\n${built.stderr}`);
  h = await createHarness({ bot: { renderInWorkers: false } });
  // The page's reads through a connection of its own (updates by pub/sub); its moves through the bot's match layer.
  webStore = await openStore({ url: inject('redisUrl'), prefix: h.prefix, logger: { warn: () => {}, info: () => {} } });
  web = await startWebServer({
    port: 0,
    host: '127.0.0.1',
    store: webStore,
    log: pino({ level: 'silent' }),
    assetsDir: WEB_ASSETS_DIR,
    match: h.bot.ctx,
    sessionKey: KEY,
    limits: { helloWaitMs: 300 },
  });
  base = `http://127.0.0.1:${web.port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await web?.close();
  await webStore?.close();
  await h?.close();
});

const token = (u: FakeUser) => mintSession(KEY, { userId: u.id });

/** A phone-sized touch page of game `id`, signed in as `user` (the token in the fragment) or a spectator. */
async function phone(id: string, user?: FakeUser, lang = 'en'): Promise<Page> {
  const ctx = await browser.newContext({
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await ctx.newPage();
  await page.goto(`${base}/game/${id}?lang=${lang}${user ? `#token=${encodeURIComponent(token(user))}` : ''}`);
  await page.waitForSelector('#conn.live');
  return page;
}

const versionOf = (page: Page) => page.evaluate<string | undefined>('document.body.dataset.version');

async function stateOf(id: string): Promise<{ rec: StoredGame; state: unknown }> {
  const rec = (await h.store.games.get(id))!;
  const s = getGame(rec.game).fromJSON(rec.state);
  if (!s.ok) throw new Error('bad state');
  return { rec, state: s.value };
}

/** Taps `cell` on the page's board (where the page painted it, with the marks its chooser shows). */
async function tapCell(page: Page, game: GameId, state: unknown, mirror: Tapper, cell: TapCell): Promise<void> {
  const p = cellCentre(game, state, cell, mirror.marks());
  const box = (await page.locator('#board').boundingBox())!;
  const k = box.width / BOARD_SIZE[game].width;
  await page.tap('#board', { position: { x: p.x * k, y: p.y * k } });
  mirror.tap(cell);
}

/**
 * Chooses `text` on the page by tapping as a player would: the tile of the hand (Orion), the cell it starts from,
 * then cells of the move (the same cell again turns a tile) until it is the one chosen; then Confirm. The chooser
 * the page runs is mirrored here to know where the board is drawn after each tap. Returns the number of taps.
 */
async function playByTaps(page: Page, game: GameId, state: unknown, text: string): Promise<number> {
  const mirror = new Tapper(game, state);
  const want = mirror.moves.find((m) => m.text === text);
  if (!want) throw new Error(`${text} is not offered`);
  let taps = 0;
  if (want.hand) {
    await page.tap(`#hand button[data-tile="${want.hand}"]`);
    expect(mirror.pickHand(want.hand)).toBe(true);
    taps++;
  }
  await tapCell(page, game, state, mirror, want.origins[0]);
  taps++;
  // A cell of the move that fewest other moves share, tapped until the move is the chosen one.
  const offered = mirror.moves.filter((m) => m.origins.includes(want.origins[0]) && m.hand === want.hand);
  const cell = [...want.targets].sort(
    (a, b) => offered.filter((m) => m.targets.includes(a)).length - offered.filter((m) => m.targets.includes(b)).length,
  )[0];
  while (mirror.chosen?.text !== text) {
    if (taps > 60) throw new Error(`${text}: not chosen after ${taps} taps`);
    await tapCell(page, game, state, mirror, cell);
    taps++;
  }
  expect(await page.evaluate<string | undefined>('document.body.dataset.chosen')).toBe(text);
  await page.tap('#confirm');
  return taps + 1;
}

/** Plays `moves` (forced passes are the rules' own) by tapping on the mover's page; every page follows each move. */
async function playWhole(
  id: string,
  pages: [Page, Page],
  spectator: Page,
  moves: readonly string[],
  shot?: string,
): Promise<number[]> {
  const taps: number[] = [];
  for (const text of moves) {
    const { rec, state } = await stateOf(id);
    if (text === 'pass') continue;
    const game = getGame(rec.game);
    const page = pages[game.toMove(state)];
    await page.waitForSelector('body[data-turn="mine"]');
    if (shot && rec.moves.length === 4) {
      // A tap in progress, for the docs: a move chosen, not yet confirmed.
      await screenshotChoosing(page, rec.game, state, text, shot);
    }
    taps.push(await playByTaps(page, rec.game, state, text));
    const after = await waitFor(async () => {
      const now = (await h.store.games.get(id))!;
      return now.version > rec.version && now;
    });
    for (const p of [...pages, spectator])
      await p.waitForFunction(`Number(document.body.dataset.version) >= ${after.version}`);
  }
  return taps;
}

async function screenshotChoosing(page: Page, game: GameId, state: unknown, text: string, path: string) {
  const mirror = new Tapper(game, state);
  const want = mirror.moves.find((m) => m.text === text)!;
  if (want.hand) {
    await page.tap(`#hand button[data-tile="${want.hand}"]`);
    mirror.pickHand(want.hand);
  }
  await tapCell(page, game, state, mirror, want.origins[0]);
  await page.screenshot({ path, fullPage: true });
  await page.tap('#cancel');
  if (want.hand) await page.tap('#cancel');
}

/** The thread's board posts after the first: one per move chosen (a forced pass rides on the move before it). */
function movePosts(channelId: string): string[] {
  return h.fake
    .messages(channelId)
    .filter((m) => m.attachments.length > 0)
    .map((m) => `${m.content}\n${JSON.stringify(m.embeds)}`)
    .slice(1);
}

describe('tap to play', () => {
  it('two players play a whole Orion Duel game by tapping; the thread and a spectator follow it', async () => {
    const { channelId, rec } = await h.startGame('orion', h.alice, h.bob);
    const alice = await phone(rec.id, h.alice);
    const bob = await phone(rec.id, h.bob);
    const watcher = await phone(rec.id);
    await alice.waitForSelector('body[data-turn="mine"]');
    expect(await alice.textContent('#you')).toContain('Your turn');
    expect(await bob.textContent('#you')).toContain('wait for your turn');
    expect(await watcher.isHidden('#play')).toBe(true);
    // Orion's hand: only the tiles left, each a button.
    expect(await alice.$$eval('#hand button', (bs) => bs.map((b) => b.textContent))).toEqual([
      'S1',
      'P2',
      'D2 ×3',
      'L3 ×3',
      'V3 ×3',
      'T3 ×3',
    ]);
    const taps = await playWhole(
      rec.id,
      [alice, bob],
      watcher,
      ORION_QUICK,
      process.env.WEB_SCREENSHOTS ? 'docs/web-tap-orion.png' : undefined,
    );
    const end = (await h.store.games.get(rec.id))!;
    expect(end.status).toBe('over');
    expect(end.moves).toEqual(ORION_QUICK);
    expect(end.result?.winner).toBe(0);
    // Most moves: a tile, a cell, a turn or two, Confirm.
    expect(taps.length).toBe(ORION_QUICK.length);
    // The thread: a post for each move, in order, each naming its move.
    const posts = await waitFor(async () => {
      const p = movePosts(channelId);
      return p.length >= ORION_QUICK.length && p;
    });
    expect(posts).toHaveLength(ORION_QUICK.length);
    ORION_QUICK.forEach((m, i) => expect(posts[i]).toContain(m));
    // The spectator's page saw every move and the result.
    await watcher.waitForFunction(`document.querySelectorAll('#moves li:not(.empty)').length === ${ORION_QUICK.length}`);
    expect(await watcher.textContent('#status')).toMatch(/wins/i);
    expect(await alice.isHidden('#play')).toBe(false);
    expect(await alice.evaluate<string | undefined>('document.body.dataset.turn')).toBe('theirs');
    for (const p of [alice, bob, watcher]) await p.context().close();
  }, 90_000);

  it('two players play a whole Exxit game by tapping (in French for one); the thread shows it move for move', async () => {
    const { channelId, rec } = await h.startGame('exxit', h.alice, h.bob, { tiles: 19 });
    const alice = await phone(rec.id, h.alice);
    const bob = await phone(rec.id, h.bob, 'fr');
    const watcher = await phone(rec.id);
    await bob.waitForSelector('body[data-turn="theirs"]');
    expect(await bob.textContent('#you')).toContain('attendez votre tour');
    expect(await alice.isHidden('#hand')).toBe(true);
    await playWhole(
      rec.id,
      [alice, bob],
      watcher,
      EXXIT_QUICK,
      process.env.WEB_SCREENSHOTS ? 'docs/web-tap-exxit.png' : undefined,
    );
    const end = (await h.store.games.get(rec.id))!;
    expect(end.status).toBe('over');
    expect(end.moves).toEqual(EXXIT_QUICK);
    const chosen = EXXIT_QUICK.filter((m) => m !== 'pass');
    const posts = await waitFor(async () => {
      const p = movePosts(channelId);
      return p.length >= chosen.length && p;
    });
    expect(posts).toHaveLength(chosen.length);
    await watcher.waitForFunction(`document.querySelectorAll('#moves li:not(.empty)').length === ${EXXIT_QUICK.length}`);
    for (const p of [alice, bob, watcher]) await p.context().close();
  }, 90_000);
});
