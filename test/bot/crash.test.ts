// kill -9 between saving a move and posting it, with the real entry point:
// the move is kept, a new process posts its board once (pinging the next
// player), and play goes on. The same between writing a game's end and
// posting it: the end is kept as written, the result is posted once and the
// ratings change once. In reply mode (a group DM, where a follow-up carries
// no nonce) a board sent just before the kill is not sent again. Each test
// plays through the process that took over in the one before (a process
// start-up less each), and the last one must still stop cleanly.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { guildScope, type StoredGame } from '../../src/model/index.js';
import { openStore, type Store } from '../../src/store/index.js';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-discord/index.js';
import { type BotProcess, startBotProcess, stopAll } from '../support/processes.js';
import { findButton, toOptions, waitFor } from './harness.js';

const prefix = `${inject('redisPrefix')}crash-${randomBytes(3).toString('hex')}:`;

let fake: FakeDiscord;
let store: Store;
/** The process the next test plays through. */
let live: BotProcess | null = null;

/** A new bot process on the shared store; it becomes the one the next test plays through. */
function startNext(): BotProcess {
  live = startBotProcess({ apiBase: fake.apiBase, redisUrl: inject('redisUrl'), prefix });
  return live;
}

/**
 * A killed process's heartbeat runs out within HEARTBEAT_TTL_MS (6 s) and only then may another take over what it
 * owed. The first test waits for that; the others let it run out at once (what Redis does a few seconds later), which
 * saves the suite that wait. `gameId`: a game whose post the dead process owes.
 */
async function heartbeatRunsOut(gameId: string): Promise<void> {
  const owner = await store.outbox.owner(gameId);
  expect(owner).toBeTruthy();
  expect(await store.processes.alive(owner!)).toBe(true);
  await store.processes.gone(owner!);
}

/**
 * The running process: the one that took over in the previous test (each test kills the process it plays through and
 * checks that a new one takes over; the next plays on through that one, saving a start-up), or a new one.
 */
async function running(): Promise<BotProcess> {
  if (!live || live.child.exitCode !== null || live.child.signalCode !== null) startNext();
  await fake.waitForReady(1, 30_000);
  return live!;
}

beforeAll(async () => {
  fake = await startFakeDiscord({ timeoutMs: 20_000 });
  store = await openStore({ url: inject('redisUrl'), prefix, logger: { warn: () => {}, info: () => {} } });
});
// A test that fails half-way leaves no process behind to take over the next test's posts (they share the prefix).
afterEach(async ({ task }) => {
  if (task.result?.state === 'pass') return;
  await stopAll();
  live = null;
});
afterAll(async () => {
  await stopAll();
  await fake.close();
  await store.close();
});

describe('kill -9 between saving a move and posting it', () => {
  it('the move is kept and a new process posts it once; the game goes on', async () => {
    const guild = fake.addGuild({ name: 'Crash club' });
    const channel = fake.addChannel(guild.id, { name: 'games' });
    const alice = fake.addUser({ username: 'alice' });
    const bob = fake.addUser({ username: 'bob' });
    const first = await running();
    const card = (
      await fake.slash(alice, channel.id, 'challenge', toOptions({ game: 'exxit', opponent: bob, first: 'me' })).done()
    ).original!;
    await fake.click(bob, card.id, findButton(card, 'Accept')).done();
    const thread = await waitFor(async () => fake.threads(channel.id)[0]);
    await fake.waitForMessage(thread.id, (m) => m.attachments.length > 0);

    // The move is saved; its answer is on its way to Discord when the process is killed.
    const answer = fake.fault({ method: 'POST', route: '/interactions/:id/:token/callback', action: 'hold', times: 1 });
    fake.slash(alice, thread.id, 'move', toOptions({ text: 'P A' }));
    await answer.hit(20_000);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const rec = await waitFor(async () => store.channels.active(thread.id));
    expect(rec.moves).toEqual(['P 0,0']);

    startNext();
    const board = await fake.waitForMessage(
      thread.id,
      (m) => m.content.includes('Red: P A (place)') && m.attachments.length > 0,
      30_000,
    );
    expect(board.content).toContain(`<@${bob.id}>`);
    // Bob plays on, through the new process.
    const next = await fake.slash(bob, thread.id, 'move', toOptions({ text: 'P B' })).done();
    expect(next.original?.content).toContain('Black: P B (place)');
    expect(fake.messages(thread.id).filter((m) => m.content.includes('Red: P A (place)'))).toHaveLength(1);
    expect((await store.channels.active(thread.id))?.moves).toEqual(['P 0,0', 'P 1,0']);
    expect(fake.violations).toEqual([]);
  }, 90_000);
});

describe('kill -9 between writing a game’s end and posting it', () => {
  it('the end is kept as written, a new process posts the result once, and the ratings change once', async () => {
    const guild = fake.addGuild({ name: 'Resign club' });
    const channel = fake.addChannel(guild.id, { name: 'games' });
    const alice = fake.addUser({ username: 'alice' });
    const bob = fake.addUser({ username: 'bob' });
    const first = await running();
    const card = (
      await fake
        .slash(alice, channel.id, 'challenge', toOptions({ game: 'exxit', opponent: bob, first: 'me', rated: true }))
        .done()
    ).original!;
    await fake.click(bob, card.id, findButton(card, 'Accept')).done();
    const thread = await waitFor(async () => fake.threads(channel.id)[0]);
    await fake.waitForMessage(thread.id, (m) => m.attachments.length > 0);
    const played = await fake.slash(alice, thread.id, 'move', toOptions({ text: 'P A' })).done();
    expect(played.original?.content).toContain('Red: P A (place)');

    // Bob resigns. The end is written (and its ratings settled as its post is built); the post is on its way to
    // Discord when the process is killed: /resign's answer, or the edit of its "thinking…" if the bot deferred first.
    const result = `**<@${alice.id}> (Red) wins** (resignation)`;
    const endPosts = () => fake.messages(thread.id).filter((m) => m.content.includes(result));
    const endPost = fake.fault({ action: 'hold', times: 1, when: (r) => contentOf(r.body).includes(result) });
    fake.slash(bob, thread.id, 'resign');
    await endPost.hit(20_000);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const written = (await store.channels.latest(thread.id))!;
    expect(endOf(written)).toEqual({
      status: 'over',
      result: expect.objectContaining({ winner: 0, draw: false, reason: 'resign' }),
      drawOffer: null,
      wakeAt: null,
      moves: ['P 0,0'],
    });
    // Owed from the write on: nothing reached the thread.
    expect(written.annV ?? 0).toBeGreaterThan(written.shown ?? 0);
    expect(endPosts()).toEqual([]);

    await heartbeatRunsOut(written.id);
    startNext();
    const final = await fake.waitForMessage(thread.id, (m) => m.content.includes(result), 30_000);
    expect(final.content).toMatch(/1500 → \d+/);
    const shown = await waitFor(async () => {
      const g = await store.channels.latest(thread.id);
      return g && (g.shown ?? 0) >= (g.annV ?? 0) ? g : undefined;
    }, 30_000);
    // The end as it was written, its ratings settled once (the process that wrote it may have settled them: the new
    // one builds the same post from the record and applies nothing again).
    expect(endOf(shown)).toEqual(endOf(written));
    expect(shown.result?.ratingChanges).toBeTruthy();
    for (const [i, p] of [alice, bob].entries()) {
      const change = shown.result!.ratingChanges![i];
      expect(change.userId).toBe(p.id);
      for (const [scope, delta] of [
        ['global', change.global],
        [guildScope(guild.id), change.guild],
      ] as const) {
        const now = await store.ratings.get('exxit', p.id, scope);
        expect(now.games).toBe(1);
        expect(now.rating).toBe(delta?.after.rating);
      }
    }
    // The finished game's thread is archived once its result is out; nothing more is posted.
    await waitFor(async () => fake.channel(thread.id)?.thread_metadata?.archived, 30_000);
    expect(endPosts()).toHaveLength(1);
    expect(fake.violations).toEqual([]);
  }, 90_000);
});

/** A REST body's text: an interaction callback's (`data.content`), a message's or an edit's (`content`). */
function contentOf(body: unknown): string {
  const b = body as { content?: unknown; data?: { content?: unknown } } | null;
  const c = b?.data?.content ?? b?.content;
  return typeof c === 'string' ? c : '';
}

/** What a game's end writes (finish.ts), and nothing the post changes afterwards (shown, the ratings settled). */
const endOf = (g: StoredGame) => ({
  status: g.status,
  result: g.result && { ...g.result, ratingChanges: undefined },
  drawOffer: g.drawOffer,
  wakeAt: g.clock?.wakeAt ?? null,
  moves: g.moves,
});

describe('kill -9 in a group DM between sending a board and noting it shown', () => {
  it('the new process does not post it again (at most once: no nonce there); play goes on', async () => {
    const ann = fake.addUser({ username: 'ann', guildId: null });
    const ben = fake.addUser({ username: 'ben', guildId: null });
    const dm = fake.addGroupDm({ name: 'Hex night', memberIds: [ann.id, ben.id] });
    const first = await running();
    const card = (
      await fake.slash(ann, dm.id, 'challenge', toOptions({ game: 'exxit', opponent: ben, first: 'me' })).done()
    ).original!;
    // Accept redraws the card, then the starting board follows the click up: held on its way, then the process dies.
    const followUp = fake.fault({ method: 'POST', route: '/webhooks/:app/:token', action: 'hold', times: 1 });
    fake.click(ben, card.id, findButton(card, 'Accept'));
    await followUp.hit(20_000);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    // The board reaches the group DM after all; its post is still owed in the store.
    followUp.release();
    const boards = () => fake.messages(dm.id).filter((m) => m.attachments.length > 0);
    await waitFor(async () => boards().length === 1 || undefined);
    const owed = await waitFor(async () => store.channels.active(dm.id));
    expect(owed.annV).toBeGreaterThan(owed.shown ?? 0);

    // The new process's sweep takes the owed post over: claimed before, so noted shown and not sent again.
    await heartbeatRunsOut(owed.id);
    startNext();
    const settled = await waitFor(async () => {
      const g = await store.channels.active(dm.id);
      return g && (g.shown ?? 0) >= (g.annV ?? 0) ? g : undefined;
    }, 30_000);
    expect(settled.moves).toEqual([]);
    expect(boards()).toHaveLength(1);
    // Play goes on through the new process: Ann's move is answered with its board.
    const next = await fake.slash(ann, dm.id, 'move', toOptions({ text: 'P A' })).done();
    expect(next.original?.content).toContain('Red: P A (place)');
    expect(boards()).toHaveLength(2);
    expect(fake.violations).toEqual([]);
  }, 90_000);
});

describe('the process that took over', () => {
  it('stops on SIGTERM with status 0', async () => {
    const last = await running();
    last.child.kill('SIGTERM');
    expect(await last.exited, last.output()).toBe(0);
  }, 30_000);
});
