// The board from the browser with the real entry point (`node dist/index.js`, as npm start runs it), WEB_PORT and
// ACTIVITY_ENABLED set, against the fake Discord: what src/index.ts wires (the web server on this process's match layer,
// the session key, the Activity's sign-in with the client secret) works as one. A player signs in as the Activity
// would (a code the fake Discord knows, the instance of the game's thread), moves over the socket, and the move is
// posted in the thread; the thread's move reaches the socket.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-discord/index.js';
import { startBotProcess, stopAll } from '../support/processes.js';
import { EXXIT_SHORT } from '../support/scripted-games.js';
import { findButton, toOptions, waitFor } from '../bot/harness.js';

const prefix = `${inject('redisPrefix')}web-process-${randomBytes(3).toString('hex')}:`;
let fake: FakeDiscord;
beforeAll(async () => {
  fake = await startFakeDiscord({ timeoutMs: 20_000, activities: true });
});
afterEach(() => stopAll());
afterAll(async () => {
  await stopAll();
  await fake.close();
});

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

/** A socket's messages, in order, and a way to wait for the next of a type. */
function socket(url: string) {
  const ws = new WebSocket(url);
  const got: { type: string; [k: string]: unknown }[] = [];
  ws.on('message', (d) => got.push(JSON.parse((d as Buffer).toString())));
  let seen = 0;
  return {
    ws,
    open: new Promise((r) => ws.once('open', r)),
    send: (m: unknown) => ws.send(JSON.stringify(m)),
    /** The next message of `type` after the last one taken (its shape: the server's ServerMessage of that type). */
    next: <T = Record<string, unknown>>(type: string): Promise<T> =>
      waitFor(async () => {
        const i = got.findIndex((m, k) => k >= seen && m.type === type);
        if (i < 0) return undefined;
        seen = i + 1;
        return got[i] as unknown as T;
      }, 20_000),
  };
}

describe('node dist/index.js with WEB_PORT and ACTIVITY_ENABLED', () => {
  it('signs a player in as the Activity, takes their move over the socket and posts it in the thread', async () => {
    const port = await freePort();
    const bot = startBotProcess({
      apiBase: fake.apiBase,
      redisUrl: inject('redisUrl'),
      prefix,
      env: {
        WEB_PORT: String(port),
        ACTIVITY_ENABLED: 'true',
        DISCORD_CLIENT_ID: fake.applicationId,
        DISCORD_CLIENT_SECRET: fake.clientSecret,
        WEB_SESSION_SECRET: 'a web session secret for this test',
      },
    });
    await fake.waitForReady(1, 30_000);
    const guild = fake.addGuild({ name: 'Board club' });
    const channel = fake.addChannel(guild.id, { name: 'games' });
    const alice = fake.addUser({ username: 'alice' });
    const bob = fake.addUser({ username: 'bob' });
    const card = (
      await fake
        .slash(alice, channel.id, 'challenge', toOptions({ game: 'exxit', opponent: bob, first: 'me', tiles: 19 }))
        .done()
    ).original!;
    await fake.click(bob, card.id, findButton(card, 'Accept')).done();
    const thread = await waitFor(async () => fake.threads(channel.id)[0]);
    const board = await fake.waitForMessage(thread.id, (m) => m.attachments.length > 0);
    // The board post carries Open board, which launches the Activity in the thread.
    const open = (board.components as { components: { label?: string; custom_id?: string }[] }[])
      .flatMap((r) => r.components)
      .find((c) => c.label === 'Open board');
    expect(open?.custom_id).toBeDefined();
    expect((await fake.click(alice, board.id, open!.custom_id!).response()).type).toBe(12);
    const instance = fake.activityInstances().find((i) => i.channelId === thread.id)!;

    // The page's sign-in: the code Alice's authorize gave, the instance Discord opened.
    const code = fake.authorizeCode(alice);
    const signIn = await waitFor(async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code, instanceId: instance.id, channelId: thread.id }),
        });
        return (await res.json()) as { session?: string; gameId?: string; userId?: string; error?: string };
      } catch {
        return undefined; // not listening yet
      }
    }, 30_000);
    expect(signIn.error).toBeUndefined();
    expect(signIn.userId).toBe(alice.id);
    const s = socket(`ws://127.0.0.1:${port}/ws/game/${signIn.gameId}`);
    await s.open;
    s.send({ type: 'hello', token: signIn.session });
    const first = await s.next<{ view: { version: number } }>('game');
    expect(await s.next('session')).toEqual({ type: 'session', side: 0 });

    // Alice's move from the page: played by this process's match layer and posted in the thread.
    s.send({ type: 'move', id: 1, version: first.view.version, move: EXXIT_SHORT[0] });
    expect(await s.next('ack')).toEqual({ type: 'ack', id: 1 });
    await fake.waitForMessage(thread.id, (m) => m.attachments.length > 0 && m.id !== board.id, 20_000);
    // Bob's answer in the thread reaches the page.
    const r = await fake.slash(bob, thread.id, 'move', toOptions({ text: EXXIT_SHORT[1] })).done();
    expect(r.original?.attachments.length ?? 0).toBeGreaterThan(0);
    const seen = await waitFor(async () => {
      const g = await s.next<{ view: { moves: string[] } }>('game');
      return g.view.moves.length === 2 ? g : undefined;
    }, 20_000);
    expect(seen.view.moves).toHaveLength(2);
    // A second sign-in with the spent code is refused.
    const again = await fetch(`http://127.0.0.1:${port}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, instanceId: instance.id, channelId: thread.id }),
    });
    expect(again.status).toBe(401);
    expect(bot.output()).not.toContain(fake.clientSecret);
    expect(bot.output()).not.toContain(signIn.session);
    s.ws.close();
    expect(fake.violations).toEqual([]);
  }, 120_000);
});
