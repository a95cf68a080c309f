// Every refusal is one ephemeral reply that says why, and changes nothing.
import { describe, expect, it } from 'vitest';
import { sweepChallenges } from '../../src/bot/index.js';
import { checkAndCloseAfterEach, createHarness, findButton, isEphemeral, toOptions, type Harness } from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

async function refusal(
  p:
    | Promise<{ callback: { type: number; data?: any } }>
    | { done(): Promise<{ callback: { type: number; data?: any } }> },
) {
  const r = 'done' in p ? await p.done() : await p;
  expect(isEphemeral(r), JSON.stringify(r.callback)).toBe(true);
  return r.callback.data.content as string;
}

describe('refusals in a game', () => {
  it('rule errors cite the rule; turn, spectators, no game, game over', async () => {
    h = await createHarness();
    expect(await refusal(h.move(h.alice, h.channel.id, 'P A'))).toMatch(/no game in this channel/i);
    const { channelId } = await h.startGame('exxit', h.alice, h.bob);
    // In the wrong channel the refusal points to the user's game.
    expect(await refusal(h.move(h.alice, h.channel.id, 'P A'))).toBe(
      `There is no game in this channel. Your game: <#${channelId}>.`,
    );
    expect(await refusal(h.move(h.bob, channelId, 'P A'))).toMatch(/not your turn: Alice is to move/i);
    expect(await refusal(h.move(h.carol, channelId, 'P A'))).toMatch(/not playing in this game/i);
    expect(await refusal(h.move(h.alice, channelId, 'Q 9,9 up'))).toMatch(/^EX-\d+[a-z]?: /i);
    const v0 = (await h.game(channelId)).version;
    await h.move(h.alice, channelId, 'P A');
    await h.move(h.bob, channelId, 'p b'); // labels, any case
    // Worked opening step 3: Red must dance (EX-11a).
    expect(await refusal(h.move(h.alice, channelId, 'P C'))).toMatch(/^EX-11a: /i);
    const rec = await h.game(channelId);
    expect(rec.version).toBe(v0 + 2);
    expect(rec.moves).toEqual(['P 0,0', 'P 1,0']);
    // Coordinates work as well as labels.
    const ok = await h.move(h.alice, channelId, 'D 0,0 E');
    expect(ok.original?.content).toContain('Red: D A E (dance)');
    // Abort is refused once each side has moved; resign ends it; then everything is "over".
    expect(await refusal(h.slash(h.bob, channelId, 'abort'))).toMatch(/can no longer be aborted/i);
    expect(await refusal(h.slash(h.carol, channelId, 'resign'))).toMatch(/not playing/i);
    const resign = await h.slash(h.bob, channelId, 'resign').done();
    expect(resign.original?.content).toMatch(/Bob \(Black\) resigns\.\n\*\*<@\d+> \(Red\) wins\*\* \(resignation\)/i);
    expect(await refusal(h.move(h.alice, channelId, 'P B'))).toMatch(/game in this channel is over/i);
    expect(await refusal(h.slash(h.alice, channelId, 'draw'))).toMatch(/over/i);
  });

  it('stale and malformed buttons', async () => {
    h = await createHarness();
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    const offer = await h.slash(h.alice, channelId, 'draw').done();
    const offerMsg = offer.original!;
    expect(offerMsg.content).toMatch(/offers a draw/i);
    // The offerer cannot accept; a spectator cannot either.
    expect(await refusal(h.fake.click(h.alice, offerMsg.id, findButton(offerMsg, 'Accept draw')))).toMatch(
      /your own draw offer/i,
    );
    expect(await refusal(h.fake.click(h.carol, offerMsg.id, findButton(offerMsg, 'Accept draw')))).toMatch(
      /not playing/i,
    );
    // A move makes the offer lapse: the button is now stale.
    await h.move(h.alice, channelId, 'S1 K2');
    expect((await h.game(channelId)).drawOffer).toBeNull();
    expect(await refusal(h.fake.click(h.bob, offerMsg.id, findButton(offerMsg, 'Accept draw')))).toMatch(
      /no longer valid/i,
    );
    expect((await h.game(channelId)).status).toBe('active');
    // Custom ids are untrusted.
    for (const bad of ['garbage', 'hx1:g:abc', 'hx1:g:abc:-1:da', 'hx1:c:../../x:a', `hx1:g:${'a'.repeat(60)}:1:da`]) {
      expect(await refusal(h.fake.click(h.bob, offerMsg.id, bad))).toMatch(/malformed/i);
    }
    expect(await refusal(h.fake.click(h.bob, offerMsg.id, 'hx0:g:abc:1:da'))).toMatch(/another version/i);
    // An id naming another game is not this offer's button.
    expect(await refusal(h.fake.click(h.bob, offerMsg.id, 'hx1:g:nosuchgame:1:da'))).toMatch(/malformed/i);
    // A fresh offer, declined by the opponent.
    const again = await h.slash(h.bob, channelId, 'draw').done();
    const dec = await h.fake.click(h.alice, again.original!.id, findButton(again.original!, 'Decline')).done();
    expect(dec.callback.type).toBe(7);
    expect(h.fake.message(again.original!.id)?.content).toMatch(/declined/i);
    // Draw agreed via /draw answering the opponent's offer.
    await h.slash(h.alice, channelId, 'draw').done();
    const agreed = await h.slash(h.bob, channelId, 'draw').done();
    expect(agreed.original?.content).toMatch(/\*\*Draw\*\* \(draw agreed\)/i);
    expect((await h.game(channelId)).result).toMatchObject({ draw: true, reason: 'draw-agreed' });
  });
});

describe('refusals around challenges', () => {
  it('who may accept, decline and cancel; option checks', async () => {
    h = await createHarness();
    const c = h.channel.id;
    expect(await refusal(h.slash(h.alice, c, 'challenge', { game: 'exxit', rated: true }))).toMatch(
      /rated game needs a human opponent/i,
    );
    expect(await refusal(h.slash(h.alice, c, 'challenge', { game: 'orion', tiles: 19 }))).toMatch(
      /`tiles` is not an option of Orion Duel/i,
    );
    expect(await refusal(h.slash(h.alice, c, 'challenge', { game: 'exxit', layout: 'preset2' }))).toMatch(
      /`layout` is not an option of Exxit/i,
    );
    expect(await refusal(h.slash(h.alice, c, 'challenge', { game: 'exxit', opponent: h.alice }))).toMatch(
      /cannot challenge yourself/i,
    );
    expect(await refusal(h.slash(h.alice, c, 'challenge', { game: 'exxit', opponent: h.fake.botUser }))).toMatch(
      /play-bot/i,
    );
    expect(await refusal(h.slash(h.alice, c, 'challenge', { game: 'chess' }))).toMatch(/not a valid `game`/i);
    expect(await refusal(h.fake.slash(h.alice, c, 'challenge', [{ name: 'game', type: 4, value: 3 }]))).toMatch(
      /wrong type/i,
    );
    expect(await refusal(h.slash(h.alice, c, 'challenge', { game: 'exxit', tiles: 40 }))).toMatch(
      /must be one of `39`, `29`, or `19`/i,
    );

    const card = (await h.slash(h.alice, c, 'challenge', { game: 'exxit', opponent: h.bob }).done()).original!;
    expect(card.content).toBe(`<@${h.bob.id}>`);
    expect(card.embeds[0]).toMatchObject({ title: 'Exxit challenge' });
    const accept = findButton(card, 'Accept');
    expect(await refusal(h.fake.click(h.carol, card.id, findButton(card, 'Accept')))).toMatch(/this challenge is for/i);
    expect(await refusal(h.fake.click(h.alice, card.id, findButton(card, 'Accept')))).toMatch(/your own challenge/i);
    expect(await refusal(h.fake.click(h.bob, card.id, findButton(card, 'Cancel')))).toMatch(/only the challenger/i);
    const declined = await h.fake.click(h.bob, card.id, findButton(card, 'Decline')).done();
    expect(declined.callback.type).toBe(7);
    expect(JSON.stringify(h.fake.message(card.id)?.embeds)).toContain('Declined by');
    expect(h.fake.message(card.id)?.components).toEqual([]);
    expect(await refusal(h.fake.click(h.bob, card.id, accept))).toMatch(/declined already/i);

    // An open challenge: anyone but the challenger; only the challenger cancels; no Decline button.
    const open = (await h.slash(h.alice, c, 'challenge', { game: 'orion' }).done()).original!;
    expect(() => findButton(open, 'Decline')).toThrow();
    const openAccept = findButton(open, 'Accept');
    const cancelled = await h.fake.click(h.alice, open.id, findButton(open, 'Cancel')).done();
    expect(cancelled.callback.type).toBe(7);
    expect(JSON.stringify(h.fake.message(open.id)?.embeds)).toContain('Cancelled');
    expect(await refusal(h.fake.click(h.carol, open.id, openAccept))).toMatch(/cancelled already/i);
  });

  it('an expired challenge says so and its card is edited (on touch and by the sweep)', async () => {
    h = await createHarness({ bot: { challengeTtlMs: 1000 } });
    const card = (await h.slash(h.alice, h.channel.id, 'challenge', { game: 'exxit', opponent: h.bob }).done())
      .original!;
    const card2 = (await h.slash(h.alice, h.channel.id, 'challenge', { game: 'orion' }).done()).original!;
    await new Promise((r) => setTimeout(r, 1200));
    const click = await h.fake.click(h.bob, card.id, findButton(card, 'Accept')).done({ followups: 1 });
    expect(click.callback.type).toBe(7);
    expect(click.followups[0].content).toBe('This challenge expired.');
    expect(click.followups[0].flags & 64).toBe(64);
    expect(JSON.stringify(h.fake.message(card.id)?.embeds)).toContain('This challenge expired.');
    expect(h.fake.message(card.id)?.components).toEqual([]);
    // The sweep edits cards nobody touched.
    expect(await sweepChallenges(h.bot.ctx)).toBe(1);
    expect(JSON.stringify(h.fake.message(card2.id)?.embeds)).toContain('This challenge expired.');
    expect(h.fake.message(card2.id)?.components).toEqual([]);
    void toOptions;
  });
});
