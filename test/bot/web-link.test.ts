// PUBLIC_URL: a game that ends in a server ends with a link to its live page (src/runtime/web-server.ts); none
// without PUBLIC_URL (test/web/page.test.ts's bot has none and checks it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, isEphemeral, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ bot: { publicUrl: 'https://hex.example.org', renderInWorkers: false } });
});
afterAll(async () => {
  expect(h.fake.violations).toEqual([]);
  expect(h.fake.unknownRoutes).toEqual([]);
  await h.close();
});

describe('the live page link', () => {
  it('ends a server game with its page link, in the game language', async () => {
    const { channelId, rec } = await h.startGame('exxit', h.alice, h.bob);
    const res = await h.slash(h.bob, channelId, 'resign').done();
    expect(isEphemeral(res)).toBe(false);
    expect(res.original!.content).toContain(`Watch this game on the web: https://hex.example.org/game/${rec.id}`);
  });
});
