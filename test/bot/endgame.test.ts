// /endgame: only Manage Server may use it; it closes a stuck game, or one
// whose record the engine refuses, with no result and no rating change.
import { describe, expect, it, vi } from 'vitest';
import { checkAndCloseAfterEach, createHarness, isEphemeral, type Harness, MANAGE_GUILD } from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

describe('/endgame', () => {
  it('refuses members without Manage Server and changes nothing', async () => {
    h = await createHarness();
    const { channelId, rec } = await h.startGame('orion', h.bob, h.carol, { rated: true });
    const r = await h.slash(h.carol, channelId, 'endgame').done();
    expect(isEphemeral(r)).toBe(true);
    expect(r.callback.data.content).toMatch(/Manage Server/);
    const after = await h.store.games.get(rec.id);
    expect(after?.status).toBe('active');
    expect(after?.version).toBe(rec.version);
  });

  it('closes a game in progress with no result; ratings unchanged, thread archived, moves refused', async () => {
    h = await createHarness();
    const admin = h.fake.addUser({ username: 'dana', globalName: 'Dana', permissions: MANAGE_GUILD });
    const { channelId, rec } = await h.startGame('orion', h.bob, h.carol, { rated: true });
    await h.move(h.bob, channelId, 'S1 K2');
    const r = await h.slash(admin, channelId, 'endgame').done();
    expect(isEphemeral(r)).toBe(false);
    expect(r.original?.content).toMatch(/Ended by an admin/);
    expect(r.original?.content).toMatch(/aborted/i);
    const after = await h.store.games.get(rec.id);
    expect(after).toMatchObject({ status: 'aborted', result: { winner: null, draw: false, reason: 'admin' } });
    expect((await h.store.ratings.get('orion', h.bob.id, 'global')).games).toBe(0);
    await expect.poll(() => h!.fake.channel(channelId)?.thread_metadata?.archived).toBe(true);
    const move = await h.move(h.carol, channelId, 'S1 A1');
    expect(isEphemeral(move)).toBe(true);
    expect(move.callback.data.content).toMatch(/over/);
  });

  it('closes a game whose stored state the engine refuses, after moves were refused with a pointer to /endgame', async () => {
    h = await createHarness();
    const admin = h.fake.addUser({ username: 'dana', globalName: 'Dana', permissions: MANAGE_GUILD });
    const { channelId, rec } = await h.startGame('exxit', h.bob, h.carol);
    const damaged = await h.store.games.update(rec.id, rec.version, { state: { game: 'exxit', tiles: 'not a list' } });
    expect(damaged.ok).toBe(true);
    const move = await h.move(h.bob, channelId, 'P A');
    expect(isEphemeral(move)).toBe(true);
    expect(move.callback.data.content).toMatch(/damaged.*\/endgame/);
    const r = await h.slash(admin, channelId, 'endgame').done();
    expect(isEphemeral(r)).toBe(false);
    expect((await h.store.games.get(rec.id))?.status).toBe('aborted');
  });

  it("a damaged game: a non-player's /abort changes nothing; a player's closes it with no result, thread archived", async () => {
    h = await createHarness();
    const { channelId, rec } = await h.startGame('orion', h.bob, h.carol, { rated: true });
    expect((await h.store.games.update(rec.id, rec.version, { state: { game: 'orion', cells: 5 } })).ok).toBe(true);
    const outsider = await h.slash(h.alice, channelId, 'abort').done();
    expect(isEphemeral(outsider)).toBe(true);
    expect(outsider.callback.data.content).toMatch(/damaged/);
    expect((await h.store.games.get(rec.id))?.status).toBe('active');
    const r = await h.slash(h.carol, channelId, 'abort').done();
    expect(isEphemeral(r)).toBe(false);
    expect(r.original?.content).toMatch(/Closed by <@\d+>: the game record was damaged/);
    expect(await h.store.games.get(rec.id)).toMatchObject({ status: 'aborted', result: { reason: 'damaged' } });
    expect((await h.store.ratings.get('orion', h.bob.id, 'global')).games).toBe(0);
    await expect.poll(() => h!.fake.channel(channelId)?.thread_metadata?.archived).toBe(true);
  });

  it('works after the early deferral: a slow store still gets the admin an answer, the thread archived', async () => {
    h = await createHarness();
    const admin = h.fake.addUser({ username: 'dana', globalName: 'Dana', permissions: MANAGE_GUILD });
    const { channelId, rec } = await h.startGame('exxit', h.bob, h.carol);
    // The command arrives 1.2 s after Discord created it and the store takes 0.8 s to answer: the
    // router defers 1.5 s after creation, then the answer edits the deferral.
    const channels = h.store.channels;
    const slowGet = channels.active.bind(channels);
    const spy = vi.spyOn(channels, 'active').mockImplementationOnce(async (id) => {
      await new Promise((r) => setTimeout(r, 800));
      return slowGet(id);
    });
    const r = await h.fake.slash(admin, channelId, 'endgame', [], { latencyMs: 1200 }).done();
    spy.mockRestore();
    expect(r.callback.type).toBe(5);
    expect(isEphemeral(r)).toBe(false);
    expect(r.original?.content).toMatch(/Ended by an admin/);
    expect((await h.store.games.get(rec.id))?.status).toBe('aborted');
    await expect.poll(() => h!.fake.channel(channelId)?.thread_metadata?.archived).toBe(true);
  });

  it('says so when there is no game in the channel', async () => {
    h = await createHarness();
    const admin = h.fake.addUser({ username: 'dana', globalName: 'Dana', permissions: MANAGE_GUILD });
    const r = await h.slash(admin, h.channel.id, 'endgame').done();
    expect(isEphemeral(r)).toBe(true);
    expect(r.callback.data.content).toMatch(/no game in progress/);
  });
});
