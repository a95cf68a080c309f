// /play-bot against the real AI (worker threads): the AI's moves are posted
// like a player's and applied through the same compare-and-set path.
import { afterAll, describe, expect, it } from 'vitest';
import { closeAiPool } from '../../src/ai/pool.js';
import { checkAndCloseAfterEach, createHarness, findButton, isEphemeral, waitFor, type Harness } from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);
afterAll(() => closeAiPool());

describe('/play-bot', () => {
  it('plays Orion Duel against the easy AI in a thread, unrated', async () => {
    h = await createHarness();
    const r = await h
      .slash(h.alice, h.channel.id, 'play-bot', { game: 'orion', level: 'easy', first: 'me', layout: 'preset3' })
      .done();
    expect(r.original?.content).toMatch(/Orion Duel\*\* · Alice vs hexmate AI \(easy\) · preset layout 3 · unrated/);
    const thread = await waitFor(async () => h!.fake.threads(h!.channel.id)[0]);
    expect(thread.name).toBe('Orion Duel · Alice vs hexmate AI (easy)');
    await h.fake.waitForMessage(thread.id, (m) => m.attachments.length > 0); // the starting board
    for (let i = 0; i < 2; i++) {
      const rec = await h.game(thread.id);
      expect(rec.moves.length % 2).toBe(0);
      const legal = await h.fake
        .autocomplete(h.alice, thread.id, 'move', [{ name: 'text', type: 3, value: '', focused: true }])
        .response()
        .then((x) => x.data.choices as { value: string }[]);
      const mine = await h.move(h.alice, thread.id, legal[0].value);
      expect(isEphemeral(mine), mine.callback.data?.content).toBe(false);
      expect(mine.original?.content).toMatch(/hexmate AI \(easy\)\*\* \(Blue\) is thinking/);
      // The AI answers with a post of its own.
      const n = rec.moves.length + 2;
      await h.fake.waitForMessage(
        thread.id,
        (m) =>
          m.attachments.length > 0 && m.content.startsWith('Blue: ') && m.attachments[0].filename.endsWith(`-${n}.png`),
        15_000,
      );
    }
    const rec = await h.game(thread.id);
    expect(rec.moves).toHaveLength(4);
    expect(rec.rated).toBe(false);
    // Not your turn while the AI thinks; the AI takes no draws.
    expect((await h.slash(h.alice, thread.id, 'draw').done()).callback.data.content).toMatch(
      /does not take draw offers/,
    );
    const res = await h.slash(h.alice, thread.id, 'resign').done();
    expect(res.original?.content).toMatch(/hexmate AI \(easy\)\*\* \(Blue\) wins\*\* \(resignation\)/);
    // Rematch against the AI starts at once, colours swapped: the AI (now Orange) opens.
    const again = await h.fake.click(h.alice, res.original!.id, findButton(res.original!, 'Rematch')).done();
    expect(again.original?.content).toMatch(/Rematch started in <#\d+>/);
    const next = await waitFor(async () => h!.fake.threads(h!.channel.id).find((t) => t.id !== thread.id));
    await h.fake.waitForMessage(next.id, (m) => m.content.startsWith('Orange: '), 15_000);
    const rec2 = await h.game(next.id);
    expect(rec2.players.map((p) => p.id)).toEqual(['ai:easy', h.alice.id]);
    expect(rec2.rematchOf).toBe(rec.id);
  });

  it('the AI moves first when it has the first move; a failed search is announced and resumed by a new instance', async () => {
    h = await createHarness({ bot: { thinkMove: () => Promise.reject(new Error('no AI here')) } });
    await h.slash(h.bob, h.channel.id, 'play-bot', { game: 'exxit', level: 'easy', first: 'them', tiles: 19 }).done();
    const thread = await waitFor(async () => h!.fake.threads(h!.channel.id)[0]);
    await h.fake.waitForMessage(thread.id, (m) => m.content.includes('could not find a move just now'));
    expect((await h.move(h.bob, thread.id, 'P A')).callback.data.content).toMatch(/not your turn: the AI is thinking/);
    await h.bot.stop();
    const { thinkMove } = await import('../../src/ai/pool.js');
    await h.startAnotherBot({ thinkMove });
    await h.fake.waitForMessage(thread.id, (m) => m.content.startsWith('Red: P '), 15_000);
    const rec = await h.game(thread.id);
    expect(rec.players[0]).toMatchObject({ bot: 'easy', name: 'hexmate AI (easy)' });
    expect(rec.moves).toHaveLength(1);
    const legal = (
      await h.fake
        .autocomplete(h.bob, thread.id, 'move', [{ name: 'text', type: 3, value: '', focused: true }])
        .response()
    ).data.choices;
    expect(isEphemeral(await h.move(h.bob, thread.id, legal[0].value))).toBe(false);
  });

  it('caps the games one user has against the AI at once, with a clear refusal', async () => {
    // A stand-in AI that answers only when the test is over: each game stays open, as a slow one would.
    const thinking: ((e: Error) => void)[] = [];
    h = await createHarness({
      bot: { match: { maxAiGames: 2 }, thinkMove: () => new Promise<string>((_, reject) => thinking.push(reject)) },
    });
    for (let k = 0; k < 2; k++) {
      const r = await h.slash(h.alice, h.channel.id, 'play-bot', { game: 'exxit', level: 'easy', first: 'me' }).done();
      expect(isEphemeral(r), r.callback.data?.content).toBe(false);
      await waitFor(async () => (await h!.store.gameIndex.listActiveByUser(h!.alice.id)).length === k + 1);
    }
    const third = await h.slash(h.alice, h.channel.id, 'play-bot', { game: 'orion', level: 'hard' }).done();
    expect(isEphemeral(third)).toBe(true);
    expect(third.callback.data.content).toBe(
      'You already have 2 games against the AI in progress, the most at once; finish or `/resign` one first.',
    );
    expect(await h.store.gameIndex.listActiveByUser(h.alice.id)).toHaveLength(2);
    // Another member is not affected.
    const bob = await h.slash(h.bob, h.channel.id, 'play-bot', { game: 'exxit', level: 'easy', first: 'them' }).done();
    expect(isEphemeral(bob)).toBe(false);
    // Only Bob's game has the AI to move. End its search (as a failure): stopping the bot need not wait for it.
    await waitFor(async () => thinking.length === 1);
    for (const stop of thinking) stop(new Error('test over'));
  });
});
