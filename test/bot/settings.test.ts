// /settings through the real bot: only Manage Server may use it; the default
// clock reaches new challenges; a channel list limits where games start but
// never blocks play in a game's thread.
import { describe, expect, it } from 'vitest';
import type { CommandOption, FakeUser } from '../support/fake-discord/index.js';
import {
  checkAndCloseAfterEach,
  createHarness,
  findButton,
  isEphemeral,
  waitFor,
  type Harness,
  MANAGE_GUILD,
} from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

const HOUR = 3_600_000;

const sub = (name: string, options: CommandOption[] = []): CommandOption[] => [{ name, type: 1, options }];
const channels = (name: 'add' | 'remove' | 'clear', channelId?: string): CommandOption[] => [
  { name: 'channels', type: 2, options: sub(name, channelId ? [{ name: 'channel', type: 7, value: channelId }] : []) },
];
const clock = (hours: number) => sub('clock', [{ name: 'hours', type: 4, value: hours }]);
const language = (value: string) => sub('language', [{ name: 'language', type: 3, value }]);

async function settings(user: FakeUser, options: CommandOption[], channelId = h!.channel.id) {
  const r = await h!.fake.slash(user, channelId, 'settings', options).done();
  expect(isEphemeral(r)).toBe(true);
  return r.callback.data.content as string;
}

const admin = () => h!.fake.addUser({ username: 'dana', globalName: 'Dana', permissions: MANAGE_GUILD });

describe('/settings', () => {
  it('refuses members without Manage Server and changes nothing', async () => {
    h = await createHarness();
    expect(await settings(h.bob, clock(6))).toMatch(/Manage Server/);
    expect(await settings(h.bob, channels('add', h.channel.id))).toMatch(/Manage Server/);
    expect(await h.store.settings.get(h.guild.id)).toEqual({});
  });

  it('shows the defaults, sets the clock new challenges use, and resets it', async () => {
    h = await createHarness();
    const dana = admin();
    const shown = await settings(dana, sub('show'));
    expect(shown).toMatch(/24 h \(bot default\)/);
    expect(shown).toMatch(/all channels/);

    expect(await settings(dana, clock(6))).toMatch(/6 h per move/);
    expect((await h.store.settings.get(h.guild.id)).clockMs).toBe(6 * HOUR);
    const ch = await h.slash(h.alice, h.channel.id, 'challenge', { game: 'orion', opponent: h.bob }).done();
    expect(JSON.stringify(ch.original)).toContain('Time per move: 6 h');
    const { rec } = await h.startGame('orion', h.alice, h.carol, { layout: 'preset1' });
    expect(rec.clock?.perMoveMs).toBe(6 * HOUR);
    // An explicit clock option still wins.
    const own = await h.startGame('orion', h.bob, h.carol, { layout: 'preset1', clock: 48 });
    expect(own.rec.clock?.perMoveMs).toBe(48 * HOUR);

    expect(await settings(dana, clock(0))).toMatch(/bot default/);
    expect((await h.store.settings.get(h.guild.id)).clockMs ?? null).toBeNull();
    const again = await h.startGame('exxit', h.carol, h.alice);
    expect(again.rec.clock?.perMoveMs).toBe(24 * HOUR);

    // A forged value outside the choices is refused.
    expect(await settings(dana, clock(5))).toMatch(/hours/);
    expect((await h.store.settings.get(h.guild.id)).clockMs ?? null).toBeNull();
  });

  it('limits where games start; game threads keep working; remove and clear lift it', async () => {
    h = await createHarness();
    const dana = admin();
    const lounge = h.fake.addChannel(h.guild.id, { name: 'lounge' });
    // A game already under way in #games: its thread must keep working after the list is set.
    const { channelId: thread } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });

    const added = await settings(dana, channels('add', lounge.id));
    expect(added).toContain(`<#${lounge.id}>`);
    expect(await settings(dana, channels('add', lounge.id))).toMatch(/already/);
    expect((await h.store.settings.get(h.guild.id)).channels).toEqual([lounge.id]);

    const refused = await h.slash(h.carol, h.channel.id, 'challenge', { game: 'exxit' }).done();
    expect(isEphemeral(refused)).toBe(true);
    expect(refused.callback.data.content).toContain(`<#${lounge.id}>`);
    const bot = await h.slash(h.carol, h.channel.id, 'play-bot', { game: 'exxit', level: 'easy' }).done();
    expect(isEphemeral(bot)).toBe(true);
    expect(bot.callback.data.content).toMatch(/only be started in/);
    expect(await h.store.challenges.countOpenByUser(h.carol.id)).toBe(0);

    // Play in the existing thread is not blocked (/move, /board).
    const mv = await h.move(h.alice, thread, 'S1 K2');
    expect(isEphemeral(mv)).toBe(false);
    expect(isEphemeral(await h.slash(h.bob, thread, 'board').done())).toBe(false);

    // In the allowed channel a challenge is posted, accepted, and moves work in its thread.
    const ok = await h
      .slash(h.carol, lounge.id, 'challenge', { game: 'orion', opponent: h.alice, layout: 'preset1', first: 'me' })
      .done();
    expect(isEphemeral(ok)).toBe(false);
    await h.fake.click(h.alice, ok.original!.id, findButton(ok.original!, 'Accept')).done();
    const rec = await waitFor(async () =>
      (await h!.store.gameIndex.listByUser(h!.carol.id, 5)).find((g) => g.status === 'active'),
    );
    expect(rec.channelId).not.toBe(lounge.id);
    await h.fake.waitForMessage(rec.channelId, (m) => m.attachments.length > 0);
    expect(isEphemeral(await h.move(h.carol, rec.channelId, 'S1 K2'))).toBe(false);

    // remove → every channel again
    expect(await settings(dana, channels('remove', lounge.id))).toMatch(/all channels/);
    expect(await settings(dana, channels('remove', lounge.id))).toMatch(/not on the list/);
    expect((await h.store.settings.get(h.guild.id)).channels ?? null).toBeNull();
    const free = await h.slash(h.carol, h.channel.id, 'challenge', { game: 'exxit' }).done();
    expect(isEphemeral(free)).toBe(false);

    // clear
    await settings(dana, channels('add', lounge.id));
    await settings(dana, channels('add', h.channel.id));
    expect((await h.store.settings.get(h.guild.id)).channels).toEqual([lounge.id, h.channel.id]);
    expect(await settings(dana, channels('clear'))).toMatch(/every channel/);
    expect((await h.store.settings.get(h.guild.id)).channels ?? null).toBeNull();
    const play = await h.slash(h.bob, lounge.id, 'challenge', { game: 'exxit' }).done();
    expect(isEphemeral(play)).toBe(false);
  });

  it('sets the language of public posts; a game keeps the language it started in; private replies follow their reader', async () => {
    h = await createHarness();
    const dana = admin();
    expect(await settings(dana, sub('show'))).toContain(
      '**Language** of public posts: English (the server’s language on Discord)',
    );
    const set = await settings(dana, language('fr'));
    // The admin reads English (their own Discord language); the public posts will be French.
    expect(set).toMatch(/^The bot’s public posts in this server are now in French\./);
    expect(set).toContain('**Language** of public posts: French (this server’s setting)');
    expect((await h.store.settings.get(h.guild.id)).locale).toBe('fr');

    // A challenge card is French now, buttons included, and so is the game started from it.
    const card = (
      await h
        .slash(h.alice, h.channel.id, 'challenge', { game: 'orion', opponent: h.bob, layout: 'preset1', first: 'me' })
        .done()
    ).original!;
    expect(card.embeds[0]).toMatchObject({ title: 'Défi · Orion Duel' });
    await h.fake.click(h.bob, card.id, findButton(card, 'Accepter')).done();
    const rec = await waitFor(async () =>
      (await h!.store.gameIndex.listByUser(h!.alice.id, 5)).find((g) => g.status === 'active'),
    );
    expect(rec.locale).toBe('fr');
    const start = await h.fake.waitForMessage(rec.channelId, (m) => m.attachments.length > 0);
    expect(start.content).toContain(`À <@${h.alice.id}> de jouer (Orange)`);

    // Back to the server's language (English here): new posts of this game stay French.
    expect(await settings(dana, language('server'))).toMatch(/follow this server’s language on Discord \(English\)/);
    expect((await h.store.settings.get(h.guild.id)).locale ?? null).toBeNull();
    const moved = await h.move(h.alice, rec.channelId, 'S1 K2');
    expect(moved.original!.content).toContain(`À <@${h.bob.id}> de jouer (Bleu)`);
    // A refusal is private: in the reader's language, English.
    const refused = await h.move(h.alice, rec.channelId, 'S1 K3');
    expect(isEphemeral(refused)).toBe(true);
    expect(refused.callback.data.content).toBe('It is not your turn: Bob is to move.');
    const fresh = (await h.slash(h.carol, h.channel.id, 'challenge', { game: 'exxit' }).done()).original!;
    expect(fresh.embeds[0]).toMatchObject({ title: 'Exxit challenge' });

    // A forged value is refused and changes nothing.
    expect(await settings(dana, language('de'))).toMatch(/not a valid/);
    expect((await h.store.settings.get(h.guild.id)).locale ?? null).toBeNull();
  });

  it('refuses a channel that is not a text channel of this server, and caps the list', async () => {
    h = await createHarness();
    const dana = admin();
    const { channelId: thread } = await h.startGame('exxit', h.alice, h.bob);
    expect(await settings(dana, channels('add', thread))).toMatch(/only text channels/i);
    const other = h.fake.addGuild({ name: 'Elsewhere' });
    const foreign = h.fake.addChannel(other.id, { name: 'far' });
    expect(await settings(dana, channels('add', foreign.id))).toMatch(/not in this server|could not find/i);
    expect((await h.store.settings.get(h.guild.id)).channels ?? null).toBeNull();

    const many = Array.from({ length: 25 }, (_, n) => h!.fake.addChannel(h!.guild.id, { name: `c${n}` }).id);
    await h.store.settings.update(h.guild.id, { channels: many });
    expect(await settings(dana, channels('add', h.channel.id))).toMatch(/25 channels/);
    expect(await settings(dana, sub('show'))).toContain(`<#${many[24]}>`);
  });
});
