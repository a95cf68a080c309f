// Rating seasons through the real bot, on an injected clock: an admin turns on
// monthly seasons with a channel; rated games count on the season board and
// all time; at the month's end the sweep posts the final top 10 once (two
// processes; a failed post is tried again, not lost) and the new season
// starts from the all-time ratings; /stats shows the season next to all time;
// the global board runs by quarters. Quarterly server seasons across a year's
// end.
import { describe, expect, it, vi } from 'vitest';
import { sweepSeasons } from '../../src/bot/index.js';
import { guildScope, seasonScope } from '../../src/model/index.js';
import { newId } from '../../src/store/index.js';
import type { CommandOption, FakeUser } from '../support/fake-discord/index.js';
import { checkAndCloseAfterEach, createHarness, isEphemeral, type Harness, MANAGE_GUILD } from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

/** A clock set to `start` that the test moves forward. */
function clockAt(start: number) {
  let offset = start - Date.now();
  return { now: () => Date.now() + offset, set: (at: number) => (offset = at - Date.now()) };
}

const board = (user: FakeUser, opts: CommandOption[]) =>
  h!.fake.slash(user, h!.channel.id, 'leaderboard', [{ name: 'game', type: 3, value: 'orion' }, ...opts]).done();
const season = (value: string): CommandOption => ({ name: 'season', type: 3, value });

describe('seasons', () => {
  it('monthly seasons: season boards, the end-of-season top 10 posted once, the next season from all-time ratings', async () => {
    const clk = clockAt(Date.UTC(2026, 10, 20, 12));
    h = await createHarness({ bot: { now: clk.now } });
    const dana = h.fake.addUser({ username: 'dana', globalName: 'Dana', permissions: MANAGE_GUILD });
    const g = h.guild.id;

    // No seasons yet: the season board is refused, all time works.
    const off = await board(h.alice, [season('current')]);
    expect(isEphemeral(off)).toBe(true);
    expect(off.callback.data.content).toMatch(/keeps no rating seasons/);

    const set = await h.fake
      .slash(dana, h.channel.id, 'settings', [
        {
          name: 'seasons',
          type: 1,
          options: [
            { name: 'length', type: 3, value: 'monthly' },
            { name: 'channel', type: 7, value: h.channel.id },
          ],
        },
      ])
      .done();
    expect(set.callback.data.content).toMatch(/seasons are now monthly/);
    expect(set.callback.data.content).toContain(`the final top 10 goes to <#${h.channel.id}>`);
    expect(await h.store.seasons.guilds()).toContain(g);

    // Before seasons: twenty rated games settle both all-time ratings (October, no season boards).
    for (let k = 0; k < 20; k++) {
      await h.store.ratings.applyResult(
        'orion',
        newId(),
        g,
        [h.alice.id, h.bob.id],
        { winner: k % 2 === 0 ? 0 : 1, draw: false },
        Date.UTC(2026, 9, 1) + k * 3_600_000,
      );
    }
    // November: eight rated games between Alice and Bob (Alice wins six), then one more through the bot.
    const nov = { global: '2026-Q4', guild: '2026-11' };
    for (let k = 0; k < 8; k++) {
      await h.store.ratings.applyResult(
        'orion',
        newId(),
        g,
        [h.alice.id, h.bob.id],
        { winner: k % 4 === 3 ? 1 : 0, draw: false },
        clk.now() + k,
        nov,
      );
    }
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1', rated: true });
    await h.slash(h.bob, channelId, 'resign').done();
    const novBoard = seasonScope(guildScope(g), '2026-11');
    expect((await h.store.ratings.get('orion', h.alice.id, novBoard)).games).toBe(9);
    expect((await h.store.ratings.get('orion', h.alice.id, seasonScope('global', '2026-Q4'))).games).toBe(9);
    const allTime = await h.store.ratings.get('orion', h.alice.id, guildScope(g));
    expect(allTime.games).toBe(29);

    const cur = await board(h.alice, [season('current')]);
    const curText = JSON.stringify(cur.original?.embeds);
    expect(curText).toContain('November 2026');
    expect(curText).toContain(`<@${h.alice.id}>`);
    const stats = await h.slash(h.alice, h.channel.id, 'stats', { game: 'orion' }).done();
    const statsText = JSON.stringify(stats.original?.embeds);
    expect(statsText).toMatch(/↳ November 2026: \d+ ± \d+ · #1 · 9 games/);
    expect(statsText).toMatch(/↳ Q4 2026: \d+\?? ± \d+/);

    // Still November: nothing to post.
    expect(await sweepSeasons(h.bot.ctx)).toBe(0);

    // December 1st: the final top 10 of November, once, whichever process sweeps.
    clk.set(Date.UTC(2026, 11, 1, 0, 5));
    const other = await h.startAnotherBot({ now: clk.now });
    await h.fake.waitForReady(2);
    // The first attempt fails (Discord refuses the post): nothing is posted, and the season is not lost.
    const down = vi.spyOn(h.bot.ctx.notifier, 'post').mockRejectedValueOnce(new Error('Discord is down'));
    expect(await sweepSeasons(h.bot.ctx, { retryMs: 100 })).toBe(0);
    expect(down).toHaveBeenCalledTimes(1);
    down.mockRestore();
    expect(h.fake.messages(h.channel.id).filter((m) => m.content.includes('is over'))).toEqual([]);
    // Until the retry delay has passed, neither process takes it again.
    expect(await Promise.all([sweepSeasons(h.bot.ctx), sweepSeasons(other.ctx)])).toEqual([0, 0]);
    await new Promise((r) => setTimeout(r, 150));
    // Then it is posted once, whichever of the two racing processes takes it.
    const posted = await Promise.all([sweepSeasons(h.bot.ctx), sweepSeasons(other.ctx)]);
    expect(posted[0] + posted[1]).toBe(1);
    expect(await Promise.all([sweepSeasons(h.bot.ctx), sweepSeasons(other.ctx)])).toEqual([0, 0]);
    const post = await h.fake.waitForMessage(h.channel.id, (m) => m.content.includes('is over'));
    expect(post.content).toContain('Season November 2026 is over');
    expect(post.content).toContain('December 2026 has begun');
    expect(post.content).toMatch(new RegExp(`\\*\\*1\\.\\*\\* <@${h.alice.id}>`));
    // Names, no pings.
    const sent = h.fake.requests.find((r) => r.method === 'POST' && (r.body as any)?.content === post.content);
    expect((sent?.body as any)?.allowed_mentions).toEqual({ users: [] });
    expect(h.fake.messages(h.channel.id).filter((m) => m.content.includes('is over'))).toHaveLength(1);

    // The new season is empty; the previous one is still there; all time goes on.
    const dec = await board(h.alice, [season('current')]);
    expect(dec.original?.content).toMatch(/Nobody has played a rated game of Orion Duel in December 2026 yet/);
    const prev = await board(h.alice, [season('previous')]);
    expect(JSON.stringify(prev.original?.embeds)).toContain('November 2026');
    const again = await h.startGame('orion', h.bob, h.alice, { layout: 'preset1', rated: true });
    await h.slash(h.bob, again.channelId, 'resign').done();
    const decSeason = await h.store.ratings.get('orion', h.alice.id, seasonScope(guildScope(g), '2026-12'));
    expect(decSeason.games).toBe(1);
    const allTimeAfter = await h.store.ratings.get('orion', h.alice.id, guildScope(g));
    expect(allTimeAfter.games).toBe(30);
    // The December rating started from the all-time one (not from 1500), and moved more (deviation raised).
    expect(Math.abs(decSeason.rating - allTimeAfter.rating)).toBeLessThan(Math.abs(decSeason.rating - 1500));

    // The global board runs by quarters: Q4 is still current in December.
    const glob = await board(h.alice, [{ name: 'scope', type: 3, value: 'global' }, season('current')]);
    expect(JSON.stringify(glob.original?.embeds ?? glob.original?.content)).toMatch(/Q4 2026/);

    // Turned off: no season post, no season boards.
    await h.fake
      .slash(dana, h.channel.id, 'settings', [
        { name: 'seasons', type: 1, options: [{ name: 'length', type: 3, value: 'off' }] },
      ])
      .done();
    clk.set(Date.UTC(2027, 0, 1, 0, 5));
    expect(await sweepSeasons(h.bot.ctx)).toBe(0);
    expect(await h.store.seasons.guilds()).not.toContain(g);
  }, 60_000);
  it('quarterly server seasons: Q4 boards, and at the new year the final top 10 of Q4 2026 with Q1 2027 begun', async () => {
    const clk = clockAt(Date.UTC(2026, 11, 20, 12));
    h = await createHarness({ bot: { now: clk.now } });
    const dana = h.fake.addUser({ username: 'dana', globalName: 'Dana', permissions: MANAGE_GUILD });
    const g = h.guild.id;
    const set = await h.fake
      .slash(dana, h.channel.id, 'settings', [
        {
          name: 'seasons',
          type: 1,
          options: [
            { name: 'length', type: 3, value: 'quarterly' },
            { name: 'channel', type: 7, value: h.channel.id },
          ],
        },
      ])
      .done();
    expect(set.callback.data.content).toMatch(/seasons are now quarterly/);

    // Settled all-time ratings (before seasons), then eight Q4 games and one through the bot, which counts on Q4.
    for (let k = 0; k < 20; k++) {
      await h.store.ratings.applyResult(
        'orion',
        newId(),
        g,
        [h.alice.id, h.bob.id],
        { winner: k % 2 === 0 ? 0 : 1, draw: false },
        Date.UTC(2026, 11, 1) + k * 3_600_000,
      );
    }
    for (let k = 0; k < 8; k++) {
      await h.store.ratings.applyResult(
        'orion',
        newId(),
        g,
        [h.alice.id, h.bob.id],
        { winner: k % 4 === 3 ? 1 : 0, draw: false },
        clk.now() + k,
        { global: '2026-Q4', guild: '2026-Q4' },
      );
    }
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1', rated: true });
    await h.slash(h.bob, channelId, 'resign').done();
    expect((await h.store.ratings.get('orion', h.alice.id, seasonScope(guildScope(g), '2026-Q4'))).games).toBe(9);
    expect((await h.store.ratings.get('orion', h.alice.id, seasonScope(guildScope(g), '2026-12'))).games).toBe(0);
    expect(JSON.stringify((await board(h.alice, [season('current')])).original?.embeds)).toContain('Q4 2026');
    const stats = await h.slash(h.alice, h.channel.id, 'stats', { game: 'orion' }).done();
    expect(JSON.stringify(stats.original?.embeds)).toMatch(/↳ Q4 2026: \d+ ± \d+ · #1 · 9 games/);

    // The last minute of the year: still Q4, nothing to post.
    clk.set(Date.UTC(2026, 11, 31, 23, 59));
    expect(await sweepSeasons(h.bot.ctx)).toBe(0);
    // New year: Q4 2026 is over, Q1 2027 has begun; posted once.
    clk.set(Date.UTC(2027, 0, 1, 0, 5));
    expect(await sweepSeasons(h.bot.ctx)).toBe(1);
    expect(await sweepSeasons(h.bot.ctx)).toBe(0);
    const post = await h.fake.waitForMessage(h.channel.id, (m) => m.content.includes('is over'));
    expect(post.content).toContain('Season Q4 2026 is over');
    expect(post.content).toContain('Q1 2027 has begun');
    expect(post.content).toMatch(new RegExp(`\\*\\*1\\.\\*\\* <@${h.alice.id}>`));
    const cur = await board(h.alice, [season('current')]);
    expect(cur.original?.content).toMatch(/Nobody has played a rated game of Orion Duel in Q1 2027 yet/);
    expect(JSON.stringify((await board(h.alice, [season('previous')])).original?.embeds)).toContain('Q4 2026');
  }, 60_000);
});
