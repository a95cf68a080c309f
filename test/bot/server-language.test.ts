// Without /settings language, public posts follow the server's preferred locale on Discord, not the locale
// of whoever typed the command: a French server with English-speaking players gets French cards, threads
// and turn lines, and the reverse. Private replies still follow their reader.
import { describe, expect, it } from 'vitest';
import { checkAndCloseAfterEach, createHarness, findButton, isEphemeral, waitFor, type Harness } from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

/** A server in `serverLocale` with two players whose Discord is in `playerLocale`, and one Orion game started. */
async function gameIn(serverLocale: string, playerLocale: string, accept: string) {
  h = await createHarness();
  const guild = h.fake.addGuild({ name: 'Hex', locale: serverLocale });
  const channel = h.fake.addChannel(guild.id, { name: 'games' });
  const ann = h.fake.addUser({ username: 'ann', globalName: 'Ann', guildId: guild.id, locale: playerLocale });
  const ben = h.fake.addUser({ username: 'ben', globalName: 'Ben', guildId: guild.id, locale: playerLocale });
  const card = (
    await h.slash(ann, channel.id, 'challenge', { game: 'orion', opponent: ben, layout: 'preset1', first: 'me' }).done()
  ).original!;
  await h.fake.click(ben, card.id, findButton(card, accept)).done();
  const rec = await waitFor(async () =>
    (await h!.store.games.listByUser(ann.id, 5)).find((g) => g.status === 'active'),
  );
  const start = await h.fake.waitForMessage(rec.channelId, (m) => m.attachments.length > 0);
  const thread = h.fake.threads(channel.id).find((t) => t.id === rec.channelId);
  // A refusal is private: the reader's language.
  const refused = await h.move(ben, rec.channelId, 'S1 K2');
  expect(isEphemeral(refused)).toBe(true);
  return { card, rec, start, thread, ann, refused: refused.callback.data.content as string };
}

describe('the language of public posts without /settings language', () => {
  it('is the server’s (French) for English-speaking players; their private replies stay English', async () => {
    const g = await gameIn('fr', 'en-US', 'Accepter');
    expect(g.card.embeds[0]).toMatchObject({ title: 'Défi · Orion Duel' });
    expect(g.rec.locale).toBe('fr');
    expect(g.thread?.name).toBe('Orion Duel · Ann contre Ben');
    expect(g.start.content).toContain(`À <@${g.ann.id}> de jouer`);
    expect(g.refused).toBe('It is not your turn: Ann is to move.');
  });

  it('is the server’s (English) for French-speaking players; their private replies stay French', async () => {
    const g = await gameIn('en-US', 'fr', 'Accept');
    expect(g.card.embeds[0]).toMatchObject({ title: 'Orion Duel challenge' });
    expect(g.rec.locale).toBe('en');
    expect(g.thread?.name).toBe('Orion Duel · Ann vs Ben');
    expect(g.start.content).toContain(`<@${g.ann.id}> to move`);
    expect(g.refused).toMatch(/^Ce n’est pas votre tour/);
  });
});
