// kill -9 in the middle of a post-game review, with the real entry point (its
// reviews graded by the AI's background lane): the job stays in Redis with the
// plies graded so far, a new process takes it over once the dead one's
// heartbeat has run out (made to run out at once here), goes on from there and
// posts the review once.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { startFakeDiscord, type FakeDiscord, type FakeMessage } from '../support/fake-discord/index.js';
import { startBotProcess, stopAll } from '../support/processes.js';
import { EXXIT_SHORT } from '../support/scripted-games.js';
import { findButton, toOptions, waitFor } from './harness.js';

const prefix = `${inject('redisPrefix')}review-crash-${randomBytes(3).toString('hex')}:`;
const startBot = () => startBotProcess({ apiBase: fake.apiBase, redisUrl: inject('redisUrl'), prefix });

let fake: FakeDiscord;
let store: Store;
beforeAll(async () => {
  fake = await startFakeDiscord({ timeoutMs: 20_000 });
  store = await openStore({ url: inject('redisUrl'), prefix, logger: { warn: () => {}, info: () => {} } });
});
afterEach(() => stopAll());
afterAll(async () => {
  await stopAll();
  await fake.close();
  await store.close();
});

const isReview = (m: FakeMessage): boolean =>
  !!(m.embeds[0] as { title?: string } | undefined)?.title?.startsWith('Game review');

describe('kill -9 in the middle of a game review', () => {
  it('another process goes on from the last graded ply and posts the review once', async () => {
    const guild = fake.addGuild({ name: 'Review crash club' });
    const channel = fake.addChannel(guild.id, { name: 'games' });
    const alice = fake.addUser({ username: 'alice' });
    const bob = fake.addUser({ username: 'bob' });
    const first = startBot();
    await fake.waitForReady(1, 30_000);
    const card = (
      await fake
        .slash(alice, channel.id, 'challenge', toOptions({ game: 'exxit', opponent: bob, first: 'me', tiles: 19 }))
        .done()
    ).original!;
    await fake.click(bob, card.id, findButton(card, 'Accept')).done();
    const thread = await waitFor(async () => fake.threads(channel.id)[0]);
    await fake.waitForMessage(thread.id, (m) => m.attachments.length > 0);
    const moves = EXXIT_SHORT.slice(0, 6);
    for (const [k, mv] of moves.entries()) {
      const r = await fake.slash(k % 2 ? bob : alice, thread.id, 'move', toOptions({ text: mv })).done();
      expect(r.original?.attachments.length ?? 0, `move ${k + 1} ${mv}`).toBeGreaterThan(0);
    }
    await fake.slash(alice, thread.id, 'resign').done();
    const rec = (await store.channels.latest(thread.id))!;
    expect(rec.status).toBe('over');

    // Killed once a few plies are graded, while the others are not.
    const mid = await waitFor(async () => {
      const job = await store.reviews.get(rec.id);
      return job && job.status === 'running' && job.plies.length >= 2 ? job : undefined;
    }, 60_000);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const left = (await store.reviews.get(rec.id))!;
    expect(left.status).toBe('running');
    expect(left.plies.length).toBeGreaterThanOrEqual(mid.plies.length);
    expect(left.plies.length).toBeLessThan(rec.moves.length);
    expect(fake.messages(thread.id).filter(isReview)).toEqual([]);

    // The dead process's heartbeat would run out within 6 s (test/bot/crash.test.ts waits for that): let it run out
    // now, as Redis would, so the new process may take the job over at its first look.
    expect(left.owner).toBeTruthy();
    expect(await store.processes.alive(left.owner)).toBe(true);
    await store.processes.gone(left.owner);
    const second = startBot();
    const review = await fake.waitForMessage(thread.id, isReview, 90_000);
    const done = await waitFor(async () => {
      const job = await store.reviews.get(rec.id);
      return job?.status === 'posted' ? job : undefined;
    }, 30_000);
    expect(done.messageId).toBe(review.id);
    expect(done.tries).toBe(2);
    // The plies graded before the kill were kept, not graded again: the same records.
    expect(done.plies.slice(0, left.plies.length)).toEqual(left.plies);
    expect(done.plies.map((p) => p.ply)).toEqual(rec.moves.map((_, i) => i));
    await new Promise((r) => setTimeout(r, 500));
    expect(fake.messages(thread.id).filter(isReview)).toHaveLength(1);
    expect(fake.violations).toEqual([]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);
});
