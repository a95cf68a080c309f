// Tap to play in a real browser (Debian's Chromium, playwright-core): two players signed in as the Discord Activity
// (the SDK's DiscordSDKMock, the bot's /api/token, the fake Discord's OAuth2 and activity instance; the refusal tests
// mint session tokens here) play a whole game of each kind by tapping the board on phone-sized pages,
// against the real bot and the fake Discord; the thread shows the same game move for move and a spectator's page
// follows it live. A stale move, a token for a non-player and a tampered token are refused and change nothing; a
// private game's page shows it only to its players. WEB_SCREENSHOTS=1 writes docs/web-tap-{orion,exxit}.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { getGame, type GameId } from '../../src/engine/index.js';
import type { StoredGame } from '../../src/model/index.js';
import { BOARD_SIZE } from '../../src/render/painter.js';
import { cellCentre, type TapCell } from '../../src/render/taps.js';
import type { WebServer } from '../../src/runtime/web-server.js';
import { mintSession, sessionKey } from '../../src/runtime/web-session.js';
import { Tapper } from '../../web/src/tap.js';
import { EXXIT_QUICK, ORION_QUICK } from '../support/scripted-games.js';
import { waitFor, type Harness } from '../bot/harness.js';
import { createDmGame, fakeActivity, startWebHarness, type WebHarness } from './web-harness.js';
import type { FakeUser } from '../support/fake-discord/index.js';

const KEY = sessionKey('a test secret of more than sixteen characters', undefined)!;

let h: Harness;
let web: WebServer;
let browser: Browser;
let base: string;
let wh: WebHarness;

beforeAll(async () => {
  // The page's moves through the bot's match layer; a shorter wait for a private game's hello; the heartbeat's rounds
  // often, so that every test lives through many (a round once cut every socket, and a move sent then was lost).
  wh = await startWebHarness(
    (bot) => ({
      match: bot.bot.ctx,
      sessionKey: KEY,
      // The hello's wait (5 s by default) long enough for a page on a loaded machine: at 300 ms a DM game's page was
      // refused before its hello arrived, once, during CI.
      limits: { helloWaitMs: 2_000, heartbeatMs: 250 },
      // The whole games' players sign in as the Activity does (the SDK's mock, the fake Discord's OAuth2).
      activity: fakeActivity(bot),
    }),
    { fake: { activities: true }, bot: { activity: true } },
  );
  ({ h, web, browser, base } = wh);
}, 60_000);

afterAll(() => wh?.close());

const token = (u: FakeUser) => mintSession(KEY, { userId: u.id });

/** A phone-sized touch page of game `id`, signed in as `user` (the token in the fragment) or a spectator. */
async function phone(id: string, user?: FakeUser, lang = 'en', before?: (page: Page) => Promise<void>): Promise<Page> {
  const ctx = await browser.newContext({
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await ctx.newPage();
  await before?.(page);
  await page.goto(`${base}/game/${id}?lang=${lang}${user ? `#token=${encodeURIComponent(token(user))}` : ''}`);
  await page.waitForSelector('#conn.live');
  return page;
}

/**
 * A player's page as Discord opens the Activity in the game's thread: `user` launches (or joins) the channel's
 * instance, accepts the authorize prompt (the code the SDK's mock hands the page), and the page signs in through the
 * bot's server, which checks the user and the instance with the fake Discord and opens the channel's game.
 */
async function player(channelId: string, gameId: string, user: FakeUser, lang = 'en'): Promise<Page> {
  const inst = h.fake.launchActivity(user, channelId);
  h.fake.authorizeCode(user, 'mock_code');
  const ctx = await browser.newContext({
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await ctx.newPage();
  const query = new URLSearchParams({
    sdk: 'mock',
    frame_id: 'f-1',
    instance_id: inst.id,
    channel_id: channelId,
    guild_id: h.guild.id,
    platform: 'mobile',
    lang,
  });
  await page.goto(`${base}/?${query.toString()}`);
  await page.waitForSelector('#conn.live');
  expect(new URL(page.url()).pathname).toBe(`/game/${gameId}`);
  return page;
}

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
  shot?: { path: string; ply: number },
): Promise<number[]> {
  const taps: number[] = [];
  for (const text of moves) {
    const { rec, state } = await stateOf(id);
    if (text === 'pass') continue;
    const game = getGame(rec.game);
    const page = pages[game.toMove(state)];
    await page.waitForSelector('body[data-turn="mine"]');
    // A tap in progress, for the docs: a move chosen, not yet confirmed.
    if (shot?.ply === rec.moves.length) await screenshotChoosing(page, rec.game, state, text, shot.path);
    taps.push(await playByTaps(page, rec.game, state, text));
    const after = await waitFor(async () => {
      const now = (await h.store.games.get(id))!;
      return now.version > rec.version && now;
    }).catch(async (e: unknown) => {
      // Say what the page said (a refusal) rather than only that nothing happened.
      const said = await page.evaluate<string>(
        `[document.querySelector('#notice').textContent, document.querySelector('#hint').textContent, document.body.dataset.chosen, document.body.dataset.version, document.querySelector('#conn').textContent].join(' | ')`,
      );
      throw new Error(`${text} (ply ${rec.moves.length}) was not played: the page says "${said}" (${String(e)})`);
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
  // What the phone's screen shows (360×640): the board, the move chosen on it, the buttons.
  await page.screenshot({ path });
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
    const { channelId, rec } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    const alice = await player(channelId, rec.id, h.alice);
    const bob = await player(channelId, rec.id, h.bob);
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
      process.env.WEB_SCREENSHOTS ? { path: 'docs/web-tap-orion.png', ply: 4 } : undefined,
    );
    const end = (await h.store.games.get(rec.id))!;
    expect(end.status).toBe('over');
    expect(end.moves).toEqual(ORION_QUICK);
    expect(end.result?.winner).toBe(0);
    // Each of these: a tile, a cell, Confirm (the first placement offered through a cell is the one anchored there).
    expect(taps).toEqual(ORION_QUICK.map(() => 3));
    // The thread: a post for each move, in order, each naming its move.
    const posts = await waitFor(async () => {
      const p = movePosts(channelId);
      return p.length >= ORION_QUICK.length && p;
    });
    expect(posts).toHaveLength(ORION_QUICK.length);
    ORION_QUICK.forEach((m, i) => expect(posts[i]).toContain(m));
    // The spectator's page saw every move and the result.
    await watcher.waitForFunction(
      `document.querySelectorAll('#moves li:not(.empty)').length === ${ORION_QUICK.length}`,
    );
    expect(await watcher.textContent('#status')).toMatch(/wins/i);
    expect(await alice.isHidden('#play')).toBe(false);
    expect(await alice.evaluate<string | undefined>('document.body.dataset.turn')).toBe('theirs');
    for (const p of [alice, bob, watcher]) await p.context().close();
  }, 90_000);

  it('two players play a whole Exxit game by tapping (in French for one); the thread shows it move for move', async () => {
    const { channelId, rec } = await h.startGame('exxit', h.alice, h.bob, { tiles: 19 });
    const alice = await player(channelId, rec.id, h.alice);
    const bob = await player(channelId, rec.id, h.bob, 'fr');
    const watcher = await phone(rec.id);
    await bob.waitForSelector('body[data-turn="theirs"]');
    expect(await bob.textContent('#you')).toContain('attendez votre tour');
    expect(await alice.isHidden('#hand')).toBe(true);
    await playWhole(
      rec.id,
      [alice, bob],
      watcher,
      EXXIT_QUICK,
      process.env.WEB_SCREENSHOTS ? { path: 'docs/web-tap-exxit.png', ply: 13 } : undefined,
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
    await watcher.waitForFunction(
      `document.querySelectorAll('#moves li:not(.empty)').length === ${EXXIT_QUICK.length}`,
    );
    for (const p of [alice, bob, watcher]) await p.context().close();
  }, 90_000);

  it('refuses a stale move, a move by a non-player and a tampered token, and changes nothing', async () => {
    const { channelId, rec } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    const v = rec.version;
    const alice = await client(rec.id, token(h.alice));
    expect(await alice.next('session')).toEqual({ type: 'session', side: 0 });
    alice.send({ type: 'move', id: 1, version: v - 1, move: ORION_QUICK[0] });
    expect((await alice.next('move-refused')).reason).toEqual({ key: 'web.play.stale' });

    // A signed-in user who does not play this game.
    const carol = await client(rec.id, token(h.carol));
    expect(await carol.next('session')).toEqual({ type: 'session', side: null });
    carol.send({ type: 'move', id: 7, version: v, move: ORION_QUICK[0] });
    expect(await carol.next('move-refused')).toEqual({
      type: 'move-refused',
      id: 7,
      reason: { key: 'web.play.notPlayer' },
    });

    // Carol's token with Alice's id put in: the signature no longer matches, so nobody is signed in.
    const [, sig] = token(h.carol).split('.');
    const [body] = token(h.alice).split('.');
    const forged = await client(rec.id, `${body}.${sig}`);
    expect(await forged.next('error')).toEqual({ type: 'error', error: 'bad-session' });
    await forged.next('game');
    forged.send({ type: 'move', id: 2, version: v, move: ORION_QUICK[0] });
    expect((await forged.next('move-refused')).reason).toEqual({ key: 'web.play.signIn' });
    // No hello at all, and messages of the wrong shape.
    const anon = await client(rec.id);
    await anon.next('game');
    anon.send({ type: 'move', id: 3, version: v, move: ORION_QUICK[0] });
    expect((await anon.next('move-refused')).reason).toEqual({ key: 'web.play.signIn' });
    for (const bad of [
      { type: 'move', id: 4, version: String(v), move: ORION_QUICK[0] },
      { type: 'move', id: 5, version: v, move: 'x'.repeat(65) },
      { type: 'move', id: 6, version: v, move: ORION_QUICK[0], userId: h.alice.id },
      { type: 'hello', token: 42 },
    ]) {
      anon.send(bad);
      expect(await anon.next('error')).toEqual({ type: 'error', error: 'bad-message' });
    }
    expect((await h.store.games.get(rec.id))?.version).toBe(v);
    expect(h.fake.messages(channelId).filter((m) => m.attachments.length > 0)).toHaveLength(1);

    // Alice's own move on the version she saw is played; a second one is not her turn (no user id in the answer).
    alice.send({ type: 'move', id: 8, version: v, move: ORION_QUICK[0] });
    expect(await alice.next('ack')).toEqual({ type: 'ack', id: 8 });
    const now = (await h.store.games.get(rec.id))!;
    expect(now.moves).toEqual([ORION_QUICK[0]]);
    alice.send({ type: 'move', id: 9, version: now.version, move: ORION_QUICK[2] });
    const notYours = await alice.next('move-refused');
    expect(notYours.reason).toEqual({ key: 'move.notYourTurn', params: { name: { name: 'Bob' } } });
    expect((await h.store.games.get(rec.id))?.version).toBe(now.version);
    // The heartbeat's rounds (every 250 ms here) keep the sockets that answer its pings.
    await new Promise((r) => setTimeout(r, 1000));
    expect([alice, carol, forged, anon].map((c) => c.ws.readyState)).toEqual([1, 1, 1, 1]);
    for (const c of [alice, carol, forged, anon]) c.ws.close();

    // In the page: Bob's view held back while he moves in Discord, his tapped move is refused as stale, in words.
    let hold = false;
    const bob = await phone(rec.id, h.bob, 'en', (page) =>
      page.routeWebSocket(/\/ws\/game\//, (ws) => {
        const server = ws.connectToServer();
        ws.onMessage((m) => server.send(m));
        server.onMessage((m) => {
          if (!(hold && String(m).includes('"type":"game"'))) ws.send(m);
        });
      }),
    );
    await bob.waitForSelector('body[data-turn="mine"]');
    hold = true;
    const { state } = await stateOf(rec.id);
    expect((await h.move(h.bob, channelId, ORION_QUICK[1])).original).toBeDefined();
    await playByTaps(bob, 'orion', state, ORION_QUICK[3]);
    await bob.waitForFunction(`document.querySelector('#notice').textContent.length > 0`);
    expect(await bob.textContent('#notice')).toBe(
      'Someone moved first: the board shows the new position. Choose again.',
    );
    expect((await h.store.games.get(rec.id))?.moves).toEqual(ORION_QUICK.slice(0, 2));
    await bob.context().close();
  }, 60_000);

  it('shows a private game (a DM) to its players only', async () => {
    const { id } = await createDmGame(h);
    const alice = await phone(id, h.alice);
    expect(await alice.textContent('#title')).toContain('Alice');
    await alice.waitForSelector('body[data-turn="mine"]');
    for (const who of [h.carol, undefined]) {
      const ctx = await browser.newContext({ viewport: { width: 360, height: 640 } });
      const page = await ctx.newPage();
      const res = await page.goto(`${base}/game/${id}?lang=en${who ? `#token=${encodeURIComponent(token(who))}` : ''}`);
      expect(res?.status()).toBe(200);
      expect(await page.textContent('#refused')).toBe('This game is private');
      expect(await page.content()).not.toContain('Alice');
      await ctx.close();
    }
    // A socket that never says hello is refused once the wait is over; one that signs out is dropped.
    const quiet = await client(id);
    expect(await quiet.next('refused')).toEqual({ type: 'refused', reason: 'private' });
    const bob = await client(id, token(h.bob));
    expect((await bob.next('game')).view.players[1].name).toBe('Bob');
    bob.send({ type: 'hello' });
    expect(await bob.next('refused')).toEqual({ type: 'refused', reason: 'private' });
    await alice.context().close();
  }, 30_000);
});

/** A raw socket to game `id` (a hello with `tok` when given), with what it received. */
async function client(id: string, tok?: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${web.port}/ws/game/${id}`);
  const got: any[] = [];
  ws.on('message', (d) => got.push(JSON.parse((d as Buffer).toString())));
  await new Promise((r) => ws.on('open', r));
  if (tok !== undefined) ws.send(JSON.stringify({ type: 'hello', token: tok }));
  const taken = new Set<number>();
  return {
    ws,
    send: (m: unknown) => ws.send(JSON.stringify(m)),
    /** The first message of `type` not taken yet (waits for it). */
    async next(type: string): Promise<any> {
      return waitFor(async () => {
        const i = got.findIndex((m, k) => !taken.has(k) && m.type === type);
        if (i < 0) return undefined;
        taken.add(i);
        return got[i];
      });
    },
  };
}
