// Redis goes away while people play: every interaction is still answered in
// Discord's window, plainly ("game storage is unavailable"), nothing asked
// during the outage happens behind anyone's back afterwards, and the bot is
// back on its own once Redis is.
import { afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { checkAndCloseAfterEach, createHarness, isEphemeral, toOptions, waitFor, type Harness } from './harness.js';

let h: Harness | undefined;
let proxy: TcpProxy | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

describe('a Redis outage', () => {
  it('is answered at once and plainly; a move sent during it is never played; the bot is back when Redis is', async () => {
    proxy = await startTcpProxy(inject('redisUrl'));
    h = await createHarness({ redisUrl: proxy.url });
    const { channelId, rec } = await h.startGame('exxit', h.alice, h.bob);
    await proxy.down();
    await waitFor(async () => h!.store.redis.status !== 'ready');

    const move = await h.move(h.alice, channelId, 'P A');
    expect(move.callback.type).toBe(4); // answered directly, well within Discord's 3 s (the fake flags a late one)
    expect(isEphemeral(move)).toBe(true);
    expect(move.callback.data.content).toMatch(/storage is unavailable/);
    const fr = await h.fake
      .slash(h.bob, h.channel.id, 'challenge', toOptions({ game: 'orion' }), { locale: 'fr' })
      .done();
    expect(fr.callback.data.content).toMatch(/stockage des parties est indisponible/);
    // Autocomplete still answers (with nothing to offer).
    const ac = await h.fake
      .autocomplete(h.alice, channelId, 'move', [{ name: 'text', type: 3, value: '', focused: true }])
      .response();
    expect(ac.data.choices).toEqual([]);

    await proxy.up();
    await waitFor(async () => (await h!.store.redis.ping().catch(() => null)) === 'PONG', 5_000);
    // The move refused during the outage was not kept to be played later.
    const g = await h.game(channelId);
    expect([g.version, g.moves]).toEqual([rec.version, []]);
    const again = await h.move(h.alice, channelId, 'P A');
    expect(again.original?.content).toContain('Red: P A (place)');
    expect(h.fake.unanswered()).toEqual([]);
  });
});
