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
async function gameIn(h: Harness, serverLocale: string, playerLocale: string, accept: string) {
  const guild = h.fake.addGuild({ name: `Hex ${serverLocale}`, locale: serverLocale });
  const channel = h.fake.addChannel(guild.id, { name: 'games' });
  const user = (name: string) =>
    h.fake.addUser({ username: `${name}-${playerLocale}`, globalName: name, guildId: guild.id, locale: playerLocale });
  const [ann, ben] = [user('Ann'), user('Ben')];
  const card = (
    await h.slash(ann, channel.id, 'challenge', { game: 'orion', opponent: ben, layout: 'preset1', first: 'me' }).done()
  ).original!;
  await h.fake.click(ben, card.id, findButton(card, accept)).done();
  const rec = await waitFor(async () =>
    (await h.store.gameIndex.listByUser(ann.id, 5)).find((g) => g.status === 'active'),
  );
  const start = await h.fake.waitForMessage(rec.channelId, (m) => m.attachments.length > 0);
  const thread = h.fake.threads(channel.id).find((t) => t.id === rec.channelId);
  // A refusal is private: the reader's language.
  const refused = await h.move(ben, rec.channelId, 'S1 K2');
  expect(isEphemeral(refused)).toBe(true);
  return { card, rec, start, thread, ann, refused: refused.callback.data.content as string };
}

describe('the language of public posts without /settings language', () => {
  it('is the server’s, whatever the players’ Discord language; private replies follow their reader', async () => {
    h = await createHarness();
    // A French server, English-speaking players.
    const fr = await gameIn(h, 'fr', 'en-US', 'Accepter');
    expect(fr.card.embeds[0]).toMatchObject({ title: 'Défi · Orion Duel' });
    expect(fr.rec.locale).toBe('fr');
    expect(fr.thread?.name).toBe('Orion Duel · Ann contre Ben');
    expect(fr.start.content).toContain(`À <@${fr.ann.id}> de jouer`);
    expect(fr.refused).toBe('It is not your turn: Ann is to move.');
    // An English server, French-speaking players.
    const en = await gameIn(h, 'en-US', 'fr', 'Accept');
    expect(en.card.embeds[0]).toMatchObject({ title: 'Orion Duel challenge' });
    expect(en.rec.locale).toBe('en');
    expect(en.thread?.name).toBe('Orion Duel · Ann vs Ben');
    expect(en.start.content).toContain(`<@${en.ann.id}> to move`);
    expect(en.refused).toMatch(/^Ce n’est pas votre tour/);
  });
});
