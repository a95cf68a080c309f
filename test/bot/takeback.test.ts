// Takebacks through the real bot and the fake Discord: the Takeback button on
// the board after one's move, the offer with Accept / Decline, the board posted
// again; refusals private (the opponent's click on the button, the asker's
// Accept, a stranger, a forged id on another message); /takeback against the
// AI; /settings takebacks; a group DM, where every post is an answer; all of
// it in French on a French server.
import { Routes } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { commandData } from '../../src/commands/index.js';
import type { FakeMessage } from '../support/fake-discord/index.js';
import {
  checkAndCloseAfterEach,
  createHarness,
  findButton,
  isEphemeral,
  toOptions,
  waitFor,
  type Harness,
  MANAGE_GUILD,
  frenchClub,
} from './harness.js';

let h: Harness | undefined;
checkAndCloseAfterEach(
  () => h,
  () => (h = undefined),
);

const labels = (m: FakeMessage): string[] =>
  (m.components as any[]).flatMap((r) => (r.components as any[]).map((c) => c.label as string));

/** The private answer of a click or command, and that it is private. */
async function privately(p: { done(): Promise<{ callback: { type: number; data?: any }; followups: FakeMessage[] }> }) {
  const r = await p.done();
  const text = (r.callback.data?.content as string | undefined) ?? r.followups[0]?.content;
  expect(isEphemeral(r) || r.followups.every((f) => (f.flags & 64) !== 0), text).toBe(true);
  return text ?? '';
}

describe('a takeback between people', () => {
  it('Takeback on the board after one’s move, Accept: the board is posted again, one to move where one was', async () => {
    h = await createHarness();
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    const start = await h.game(channelId);
    const board = (await h.move(h.alice, channelId, 'V3 F8 NW R')).original!;
    expect(labels(board)).toEqual(['Move', 'Takeback']);
    const before = await h.game(channelId);

    // Bob (to move) may not use Alice's button; a stranger may not either; nothing changes.
    expect(await privately(h.fake.click(h.bob, board.id, findButton(board, 'Takeback')))).toMatch(
      /This Takeback button is for Alice/,
    );
    expect(await privately(h.fake.click(h.carol, board.id, findButton(board, 'Takeback')))).toMatch(/Alice/);
    expect(await h.game(channelId)).toEqual(before);

    const asked = await h.fake.click(h.alice, board.id, findButton(board, 'Takeback')).done();
    expect(isEphemeral(asked)).toBe(false);
    const offer = asked.original!;
    expect(offer.content).toBe(
      `<@${h.bob.id}>, <@${h.alice.id}> asks to take back their last move: \`V3 F8 NW R\`. The offer lapses with the next move.`,
    );
    expect(labels(offer)).toEqual(['Accept takeback', 'Decline']);
    const acceptId = findButton(offer, 'Accept takeback');
    expect((await h.game(channelId)).takebackOffer).toMatchObject({ by: 0, ply: 1 });

    // The asker's own Accept, a stranger's, the Accept forged onto the board post: refused privately.
    expect(await privately(h.fake.click(h.alice, offer.id, findButton(offer, 'Accept takeback')))).toMatch(
      /cannot accept your own takeback/,
    );
    expect(await privately(h.fake.click(h.carol, offer.id, findButton(offer, 'Accept takeback')))).toMatch(/Alice/);
    await privately(h.fake.click(h.bob, board.id, findButton(offer, 'Accept takeback')));
    expect((await h.game(channelId)).moves).toEqual(['V3 F8 NW R']);

    const posts = h.fake.messages(channelId).length;
    const yes = await h.fake.click(h.bob, offer.id, findButton(offer, 'Accept takeback')).done();
    expect(yes.original?.content ?? h.fake.messages(channelId).find((m) => m.id === offer.id)?.content).toBe(
      `Takeback accepted by <@${h.bob.id}>.`,
    );
    const again = await h.fake.waitForMessage(
      channelId,
      (m) => m.attachments.length > 0 && m.content.includes('took back'),
    );
    expect(h.fake.messages(channelId).length).toBeGreaterThan(posts);
    expect(again.content).toContain(`<@${h.alice.id}> took back one move: \`V3 F8 NW R\`.`);
    expect(labels(again)).toEqual(['Move']); // Alice to move, nothing of hers to take back
    const rec = await h.game(channelId);
    expect(rec).toMatchObject({ moves: [], takebacks: 1, takebackOffer: null, state: start.state });
    expect(rec.clock?.deadline).toBeGreaterThan(before.clock!.deadline!);

    // The old offer's buttons are stale now; Alice plays on.
    expect(await privately(h.fake.click(h.bob, offer.id, acceptId))).toMatch(/no longer valid/);
    const next = (await h.move(h.alice, channelId, 'V3 F8 NW R')).original!;
    expect(labels(next)).toEqual(['Move', 'Takeback']);
  });

  it('/takeback, Decline; an offer lapses with the next move', async () => {
    h = await createHarness();
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1' });
    await h.move(h.alice, channelId, 'V3 F8 NW R');
    const asked = await h.slash(h.alice, channelId, 'takeback').done();
    const offer = asked.original!;
    expect(await privately(h.slash(h.alice, channelId, 'takeback'))).toMatch(/asked for a takeback already/);
    await h.fake.click(h.bob, offer.id, findButton(offer, 'Decline')).done();
    expect(h.fake.messages(channelId).find((m) => m.id === offer.id)?.content).toBe(
      `Takeback declined by <@${h.bob.id}>.`,
    );
    expect((await h.game(channelId)).moves).toEqual(['V3 F8 NW R']);

    const second = (await h.slash(h.alice, channelId, 'takeback').done()).original!;
    await h.move(h.bob, channelId, 'V3 F2 S L');
    expect(await privately(h.fake.click(h.bob, second.id, findButton(second, 'Accept takeback')))).toMatch(
      /no longer valid/,
    );
    expect((await h.game(channelId)).moves).toEqual(['V3 F8 NW R', 'V3 F2 S L']);
  });

  it('rated games: refused until an admin allows it with /settings takebacks', async () => {
    h = await createHarness();
    const dana = h.fake.addUser({ username: 'dana', globalName: 'Dana', permissions: MANAGE_GUILD });
    const { channelId } = await h.startGame('orion', h.alice, h.bob, { layout: 'preset1', rated: true });
    const board = (await h.move(h.alice, channelId, 'V3 F8 NW R')).original!;
    expect(labels(board)).toEqual(['Move']);
    expect(await privately(h.slash(h.alice, channelId, 'takeback'))).toMatch(/off in rated games on this server/);
    const sub = (value: string) => [{ name: 'takebacks', type: 1, options: [{ name: 'rated', type: 3, value }] }];
    expect(await privately(h.fake.slash(h.alice, h.channel.id, 'settings', sub('on')))).toMatch(/Manage Server/);
    const on = await privately(h.fake.slash(dana, h.channel.id, 'settings', sub('on')));
    expect(on).toMatch(/rated games too/);
    expect(on).toMatch(/\*\*Takebacks\*\*: casual and rated games/);
    expect((await h.store.settings.get(h.guild.id)).takebacks).toBe(true);
    expect((await h.slash(h.alice, channelId, 'takeback').done()).original?.content).toMatch(/asks to take back/);
  });
});

describe('against the AI', () => {
  it('the Takeback button of the AI’s reply takes back both moves at once', async () => {
    h = await createHarness();
    await h
      .slash(h.alice, h.channel.id, 'play-bot', { game: 'orion', level: 'easy', first: 'me', layout: 'preset1' })
      .done();
    const thread = await waitFor(async () => h!.fake.threads(h!.channel.id)[0]);
    await h.fake.waitForMessage(thread.id, (m) => m.attachments.length > 0);
    const start = await h.game(thread.id);
    expect(await privately(h.slash(h.alice, thread.id, 'takeback'))).toMatch(/no move of your own/);
    await h.move(h.alice, thread.id, 'V3 F8 NW R');
    const reply = await h.fake.waitForMessage(thread.id, (m) => m.content.startsWith('Blue: '), 15_000);
    expect(labels(reply)).toEqual(['Move', 'Takeback']);
    const r = await h.fake.click(h.alice, reply.id, findButton(reply, 'Takeback')).done();
    expect(isEphemeral(r)).toBe(false);
    const back = await h.fake.waitForMessage(thread.id, (m) => m.content.includes('took back 2 moves'));
    expect(back.content).toMatch(/<@\d+> to move/);
    const rec = await h.game(thread.id);
    expect(rec).toMatchObject({ moves: [], state: start.state });
  });
});

describe('where the bot cannot post (a group DM)', () => {
  it('the offer answers the click, Accept redraws it and the board follows it up; nothing tried on the channel', async () => {
    h = await createHarness();
    await h.bot.client.rest.put(Routes.applicationCommands(h.fake.applicationId), { body: commandData() });
    const ann = h.fake.addUser({ username: 'ann', globalName: 'Ann', guildId: null });
    const ben = h.fake.addUser({ username: 'ben', globalName: 'Ben', guildId: null, installed: false });
    const dm = h.fake.addGroupDm({ name: 'Hex night', memberIds: [ann.id, ben.id] });
    const card = (
      await h.fake
        .slash(ann, dm.id, 'challenge', toOptions({ game: 'orion', opponent: ben, first: 'me', layout: 'preset1' }))
        .done()
    ).original!;
    await h.fake.click(ben, card.id, findButton(card, 'Accept')).done({ followups: 1 });
    const board = (await h.move(ann, dm.id, 'V3 F8 NW R')).original!;
    const offer = (await h.fake.click(ann, board.id, findButton(board, 'Takeback')).done()).original!;
    expect(offer.channel_id).toBe(dm.id);
    expect(offer.content).toContain('asks to take back their last move');
    const yes = await h.fake.click(ben, offer.id, findButton(offer, 'Accept takeback')).done({ followups: 1 });
    expect(yes.callback.type).toBe(7); // the offer redrawn
    expect(yes.followups[0].content).toContain(`<@${ann.id}> took back one move`);
    expect(yes.followups[0].content).toContain(`<@${ann.id}> to move`);
    expect((await h.game(dm.id)).moves).toEqual([]);
    expect(h.fake.errors).toEqual([]);
    expect(h.fake.unanswered()).toEqual([]);
  });
});

describe('in French', () => {
  it('the button, the offer, its answers and the refusals', async () => {
    h = await createHarness();
    const { channel, amelie, bruno } = frenchClub(h.fake);
    const card = (
      await h.fake
        .slash(amelie, channel.id, 'challenge', [
          { name: 'game', type: 3, value: 'orion' },
          { name: 'opponent', type: 6, value: bruno.id },
          { name: 'first', type: 3, value: 'me' },
          { name: 'layout', type: 3, value: 'preset1' },
        ])
        .done()
    ).original!;
    await h.fake.click(bruno, card.id, findButton(card, 'Accepter')).done();
    const rec = await waitFor(async () =>
      (await h!.store.gameIndex.listByUser(amelie.id, 5)).find((g) => g.status === 'active'),
    );
    await h.fake.waitForMessage(rec.channelId, (m) => m.attachments.length > 0);
    const board = (await h.move(amelie, rec.channelId, 'V3 F8 NW R')).original!;
    expect(labels(board)).toEqual(['Jouer', 'Reprendre']);
    expect(await privately(h.fake.click(bruno, board.id, findButton(board, 'Reprendre')))).toMatch(
      /^Ce bouton Reprendre est pour Amélie/,
    );
    const offer = (await h.fake.click(amelie, board.id, findButton(board, 'Reprendre')).done()).original!;
    expect(offer.content).toBe(
      `<@${bruno.id}>, <@${amelie.id}> demande à reprendre son dernier coup\u202f: \`V3 F8 NW R\`. L’offre tombe au prochain coup.`,
    );
    expect(labels(offer)).toEqual(['Accepter la reprise', 'Refuser']);
    expect(await privately(h.fake.click(amelie, offer.id, findButton(offer, 'Accepter la reprise')))).toMatch(
      /^Vous ne pouvez pas accepter votre propre demande de reprise/,
    );
    await h.fake.click(bruno, offer.id, findButton(offer, 'Accepter la reprise')).done();
    expect(h.fake.messages(rec.channelId).find((m) => m.id === offer.id)?.content).toBe(
      `Reprise acceptée par <@${bruno.id}>.`,
    );
    const again = await h.fake.waitForMessage(rec.channelId, (m) => m.content.includes('reprend un coup'));
    expect(again.content).toContain(`<@${amelie.id}> reprend un coup\u202f: \`V3 F8 NW R\`.`);
    expect(await privately(h.fake.slash(amelie, rec.channelId, 'takeback', []))).toMatch(
      /^Vous n’avez encore joué aucun coup à reprendre/,
    );
  });
});
