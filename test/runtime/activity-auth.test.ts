// The Activity's sign-in (src/runtime/activity-auth.ts) against the fake Discord and real Redis: the code exchanged,
// the user read with their token, the instance checked with the bot token, the channel's game found; every refusal
// by its code, with nothing minted; no secret in the log; the routes absent when the Activity is not configured.
import { Writable } from 'node:stream';
import * as S from 'discord-api-spec/zod';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { getGame } from '../../src/engine/index.js';
import { createLogger } from '../../src/log.js';
import type { WebServer } from '../../src/runtime/web-server.js';
import { sessionKey, verifySession } from '../../src/runtime/web-session.js';
import { openStore } from '../../src/store/index.js';
import type { Store } from '../../src/store/types.js';
import { startFakeDiscord, type FakeChannel, type FakeDiscord, type FakeUser } from '../support/fake-discord/index.js';
import { startTestWebServer } from '../support/web-client.js';

let fake: FakeDiscord;
let store: Store;
let web: WebServer;
let base: string;
let alice: FakeUser;
let bob: FakeUser;
/** A channel with a game (standing for its thread), and one without. */
let thread: FakeChannel;
let lobby: FakeChannel;
let gameId: string;
const key = sessionKey('activity-test-secret-0123456789', undefined)!;
const logged: string[] = [];

const activity = () => ({
  clientId: fake.applicationId,
  clientSecret: fake.clientSecret,
  botToken: fake.token,
  apiUrl: fake.apiBase,
});

beforeAll(async () => {
  fake = await startFakeDiscord({ activities: true });
  const guild = fake.addGuild({ name: 'Hex Club' });
  thread = fake.addChannel(guild.id, { name: 'exxit-alice-bob' });
  lobby = fake.addChannel(guild.id, { name: 'lobby' });
  alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
  bob = fake.addUser({ username: 'bob', globalName: 'Bob' });
  store = await openStore({
    url: inject('redisUrl'),
    prefix: `${inject('redisPrefix')}activity-${Math.random().toString(36).slice(2, 8)}:`,
    logger: { warn: () => {}, info: () => {} },
  });
  const eng = getGame('exxit');
  const init = eng.initial(eng.setups[0]);
  const created = await store.games.create({
    game: 'exxit',
    setup: eng.setups[0],
    guildId: guild.id,
    channelId: thread.id,
    players: [
      { id: alice.id, name: 'Alice' },
      { id: bob.id, name: 'Bob' },
    ],
    rated: false,
    state: init.ok ? init.value : null,
    clock: null,
  });
  if (!created.ok) throw new Error('create');
  gameId = created.game.id;
  const sink = new Writable({
    write(chunk: Buffer, _e, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  web = await startTestWebServer(store, {
    log: createLogger({ level: 'debug', destination: sink, secrets: [fake.clientSecret, fake.token] }),
    sessionKey: key,
    activity: activity(),
  });
  base = `http://127.0.0.1:${web.port}`;
});

afterAll(async () => {
  await web?.close();
  await store?.close();
  await fake?.close();
});

const post = (body: unknown, url = `${base}/api/token`) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

describe('POST /api/token', () => {
  it('exchanges the code, checks the user and the instance, answers a session and the channel’s game', async () => {
    const inst = fake.launchActivity(alice, thread.id);
    // The fake's instance has Discord's published shape.
    const shown = await fetch(`${fake.apiBase}/v10/applications/${fake.applicationId}/activity-instances/${inst.id}`, {
      headers: { authorization: `Bot ${fake.token}` },
    }).then((r) => r.json());
    expect(safeParse(S.EmbeddedActivityInstanceSchema, shown).success).toBe(true);

    const code = fake.authorizeCode(alice);
    const r = await post({ code, instanceId: inst.id, channelId: thread.id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      accessToken: expect.any(String),
      session: expect.any(String),
      gameId,
      userId: alice.id,
    });
    expect(verifySession(key, r.body.session)).toMatchObject({
      userId: alice.id,
      instanceId: inst.id,
      channelId: thread.id,
    });
    // The secret went to Discord in the form, the bot token in the instance request: both as Discord expects them.
    const exchange = fake.requests.find((q) => q.route === '/oauth2/token')!;
    expect(exchange.body).toMatchObject({ client_id: fake.applicationId, grant_type: 'authorization_code', code });
    // Nothing secret reached the log, and the sign-in is in it.
    const log = logged.join('');
    expect(log).toContain('activity sign-in');
    for (const secret of [fake.clientSecret, fake.token, r.body.accessToken, r.body.session, code])
      expect(log).not.toContain(secret);

    // A code works once.
    const again = await post({ code, instanceId: inst.id });
    expect(again).toEqual({ status: 401, body: { error: 'bad-code' } });
  });

  it('refuses a made-up code, a user outside the instance, an instance elsewhere, a channel without a game', async () => {
    const inst = fake.launchActivity(alice, thread.id);
    expect(await post({ code: 'made-up-code', instanceId: inst.id })).toEqual({
      status: 401,
      body: { error: 'bad-code' },
    });
    // Bob signed in, but he is not in Alice's instance; nor in one that does not exist.
    expect(await post({ code: fake.authorizeCode(bob), instanceId: inst.id })).toEqual({
      status: 403,
      body: { error: 'not-in-instance' },
    });
    expect(await post({ code: fake.authorizeCode(alice), instanceId: 'i-1-gc-2-3' })).toEqual({
      status: 403,
      body: { error: 'not-in-instance' },
    });
    // An instance in another channel than the page says; and, named alone, a channel with no game.
    const elsewhere = fake.launchActivity(bob, lobby.id);
    expect(await post({ code: fake.authorizeCode(bob), instanceId: elsewhere.id, channelId: thread.id })).toEqual({
      status: 403,
      body: { error: 'wrong-channel' },
    });
    expect(await post({ code: fake.authorizeCode(bob), instanceId: elsewhere.id })).toEqual({
      status: 404,
      body: { error: 'no-game' },
    });
  });

  it('refuses a missing, malformed or oversized body, and a flood from one address', async () => {
    const bad = { status: 400, body: { error: 'bad-request' } };
    expect(await post('')).toEqual(bad);
    expect(await post('{not json')).toEqual(bad);
    expect(await post({ code: 42, instanceId: 'x' })).toEqual(bad);
    expect(await post({ code: 'abc', instanceId: 'x', channelId: 'not-a-channel' })).toEqual(bad);
    expect(await post({ code: 'a b', instanceId: 'x' })).toEqual(bad);
    expect(await post({ code: 'abc', instanceId: 'x'.repeat(5000) })).toEqual({
      status: 413,
      body: { error: 'too-large' },
    });
    // None of these asked Discord anything.
    expect(
      fake.requests.filter((q) => q.route === '/oauth2/token' && (q.body as { code?: string }).code === 'abc'),
    ).toEqual([]);

    const tight = await startTestWebServer(store, {
      sessionKey: key,
      activity: { ...activity(), limits: { maxPerWindow: 2 } },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post({}, `http://127.0.0.1:${tight.port}/api/token`)).status);
    await tight.close();
    expect(statuses).toEqual([400, 400, 429]);
  });

  it('gives the page the client id only, serves it at /, and is absent when the Activity is not configured', async () => {
    const cfg = await fetch(`${base}/api/activity`).then((r) => r.text());
    expect(JSON.parse(cfg)).toEqual({ clientId: fake.applicationId });
    expect(cfg).not.toContain(fake.clientSecret);
    const page = await fetch(`${base}/?frame_id=f&instance_id=i`);
    expect([200, 503]).toContain(page.status); // 503 only when the client is not built
    expect(await fetch(`${base}/api/token`).then((r) => r.status)).toBe(405);

    const plain = await startTestWebServer(store);
    const at = `http://127.0.0.1:${plain.port}`;
    expect(await fetch(`${at}/`).then((r) => r.status)).toBe(404);
    expect(await fetch(`${at}/api/activity`).then((r) => r.status)).toBe(404);
    expect(await fetch(`${at}/api/token`, { method: 'POST', body: '{}' }).then((r) => r.status)).toBe(405);
    await plain.close();
  });
});
