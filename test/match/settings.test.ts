// A server's settings at the match layer (src/match/settings.ts), against real
// Redis: the channel allow-list (added once, at most 25, removed to none) and
// its gate on where games start, the server's clock and the expert AI's gates
// that follow from it, the expert's thinking cap, and an unreadable record
// read as the defaults (logged) so no command fails on it.
import { describe, expect, it } from 'vitest';
import {
  addChannel,
  checkAiLevel,
  checkGameChannel,
  clearChannels,
  EXPERT_MIN_CLOCK_MS,
  expertCapMs,
  MAX_CHANNELS,
  readSettings,
  removeChannel,
  serverClockMs,
  setClock,
  setExpertSeconds,
  setPuzzleChannel,
  setSeasons,
  setTakebacks,
} from '../../src/match/index.js';
import { harness, HOUR, refusalOf, useMatchStore } from './harness.js';

const m = useMatchStore('settings');
let n = 0;
const guild = (): string => `${900_000 + ++n}${Date.now() % 100_000}`;

describe('the channel list', () => {
  it('gates where games start once it has a channel; a channel is listed once, at most 25, removed back to none', async () => {
    const { ctx } = harness(() => 0);
    const g = guild();
    // No list: anywhere, and outside servers always.
    await checkGameChannel(ctx, g, '111');
    await checkGameChannel(ctx, null, '111');

    expect((await addChannel(ctx, g, '222')).channels).toEqual(['222']);
    await checkGameChannel(ctx, g, '222');
    const err = await checkGameChannel(ctx, g, '111').catch((e: unknown) => e);
    expect(err).toMatchObject({
      msg: { key: 'settings.gameChannelsOnly', params: { channels: { list: [{ channel: '222' }] } } },
    });
    await checkGameChannel(ctx, null, '111');

    expect(await refusalOf(addChannel(ctx, g, '222'))).toEqual({ key: 'settings.channelAlreadyListed' });
    for (let i = 1; i < MAX_CHANNELS; i++) await addChannel(ctx, g, `${3000 + i}`);
    expect((await readSettings(ctx, g)).channels).toHaveLength(MAX_CHANNELS);
    expect(await refusalOf(addChannel(ctx, g, '4000'))).toEqual({ key: 'settings.channelListFull' });

    expect(await refusalOf(removeChannel(ctx, g, '4000'))).toEqual({ key: 'settings.channelNotListed' });
    expect((await removeChannel(ctx, g, '222')).channels).toHaveLength(MAX_CHANNELS - 1);
    await clearChannels(ctx, g);
    expect((await readSettings(ctx, g)).channels ?? null).toBeNull();

    const h = guild();
    await addChannel(ctx, h, '5');
    expect((await removeChannel(ctx, h, '5')).channels ?? null).toBeNull();
    await checkGameChannel(ctx, h, '6');
  });

  it('two admins adding at once both land', async () => {
    const { ctx } = harness(() => 0);
    const g = guild();
    await Promise.all([addChannel(ctx, g, '1'), addChannel(ctx, g, '2'), addChannel(ctx, g, '3')]);
    expect((await readSettings(ctx, g)).channels?.sort()).toEqual(['1', '2', '3']);
  });
});

describe('the clock and the expert AI', () => {
  it("the server's time per move, else the bot's; the expert only where it is an hour or more", async () => {
    const { ctx } = harness(() => 0, { moveTimeMs: 24 * HOUR });
    const g = guild();
    expect(await serverClockMs(ctx, g)).toBe(24 * HOUR);
    expect(await serverClockMs(ctx, null)).toBe(24 * HOUR);
    await checkAiLevel(ctx, g, 'expert');

    await setClock(ctx, g, 0.5);
    expect(await serverClockMs(ctx, g)).toBe(HOUR / 2);
    const err = await checkAiLevel(ctx, g, 'expert').catch((e: unknown) => e);
    expect(err).toMatchObject({ msg: { key: 'playBot.expertNeedsLongClock' } });
    for (const level of ['easy', 'medium', 'hard'] as const) await checkAiLevel(ctx, g, level);

    await setClock(ctx, g, EXPERT_MIN_CLOCK_MS / HOUR);
    await checkAiLevel(ctx, g, 'expert');
    await setClock(ctx, g, null);
    expect(await serverClockMs(ctx, g)).toBe(24 * HOUR);

    // A bot whose own clock is short refuses the expert outside servers too.
    const fast = harness(() => 0, { moveTimeMs: HOUR - 1 });
    expect(await refusalOf(checkAiLevel(fast.ctx, null, 'expert'))).toEqual({ key: 'playBot.expertNeedsLongClock' });
  });

  it("caps the expert's thinking between its bounds, in whole seconds; none set: 10 s", async () => {
    const { ctx } = harness(() => 0);
    const g = guild();
    expect(await expertCapMs(ctx, g)).toBe(10_000);
    expect(await expertCapMs(ctx, null)).toBe(10_000);
    await setExpertSeconds(ctx, g, 3);
    expect(await expertCapMs(ctx, g)).toBe(3_000);
    expect(await expertCapMs(ctx, null)).toBe(10_000);
    for (const bad of [0, 1, 11, 2.5, Number.NaN])
      expect(await refusalOf(setExpertSeconds(ctx, g, bad))).toEqual({ key: 'settings.expertRange' });
    expect(await expertCapMs(ctx, g)).toBe(3_000);
    await setExpertSeconds(ctx, g, 10);
    await setExpertSeconds(ctx, g, 2);
    expect(await expertCapMs(ctx, g)).toBe(2_000);
    await setExpertSeconds(ctx, g, null);
    expect(await expertCapMs(ctx, g)).toBe(10_000);
  });
});

describe('what the sweeps visit', () => {
  it('a server with a daily puzzle channel, or with seasons, is listed for its sweep, and left off once it has none', async () => {
    const { ctx } = harness(() => 0);
    const g = guild();
    expect((await setPuzzleChannel(ctx, g, '77')).puzzleChannel).toBe('77');
    expect(await m.store.puzzles.dailyGuilds()).toContain(g);
    await setPuzzleChannel(ctx, g, null);
    expect(await m.store.puzzles.dailyGuilds()).not.toContain(g);

    expect(await setSeasons(ctx, g, 'monthly', '88')).toMatchObject({ seasonLength: 'monthly', seasonChannel: '88' });
    expect(await m.store.seasons.guilds()).toContain(g);
    // No seasons: no channel kept for them either.
    expect((await setSeasons(ctx, g, null, '88')).seasonChannel ?? null).toBeNull();
    expect(await m.store.seasons.guilds()).not.toContain(g);
  });
});

describe('an unreadable record', () => {
  it('reads as the defaults with a log line, so games still start; an admin can write it again', async () => {
    const h = harness(() => 0, { moveTimeMs: 24 * HOUR });
    const g = guild();
    await addChannel(h.ctx, g, '7');
    await setTakebacks(h.ctx, g, true);
    const key = `${m.prefix}settings:{${g}}`;
    expect(await m.store.redis.exists(key)).toBe(1);
    await m.store.redis.hset(key, 'channels', '{x');
    expect(await readSettings(h.ctx, g)).toEqual({});
    await checkGameChannel(h.ctx, g, '8');
    expect(await serverClockMs(h.ctx, g)).toBe(24 * HOUR);
    expect(h.logs.filter((l) => l.level === 40).map((l) => l.msg)).toContain(
      'could not read the server settings; using the defaults',
    );
  });
});
